# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_fvnote_global_optspecs
    string join \n h/help V/version
end

function __fish_fvnote_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_fvnote_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_fvnote_using_subcommand
    set -l cmd (__fish_fvnote_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c fvnote -n "__fish_fvnote_needs_command" -s h -l help -d 'Print help'
complete -c fvnote -n "__fish_fvnote_needs_command" -s V -l version -d 'Print version'
complete -c fvnote -n "__fish_fvnote_needs_command" -f -a "validate" -d 'Replay every game of PGN files and report the first error of each'
complete -c fvnote -n "__fish_fvnote_needs_command" -f -a "convert" -d 'Convert records: PGN to JSON/JSON Lines/canonical PGN/FEN list, JSON to PGN'
complete -c fvnote -n "__fish_fvnote_needs_command" -f -a "fmt" -d 'Rewrite PGN files in canonical layout and SAN, losing nothing'
complete -c fvnote -n "__fish_fvnote_needs_command" -f -a "dedup" -d 'Drop identical games and earlier sendings of re-sent games'
complete -c fvnote -n "__fish_fvnote_needs_command" -f -a "diff" -d 'Show what differs between two positions or two records\' main lines'
complete -c fvnote -n "__fish_fvnote_needs_command" -f -a "show" -d 'Draw a position as text (or SVG)'
complete -c fvnote -n "__fish_fvnote_needs_command" -f -a "html" -d 'Write a self-contained HTML replay page of a game (or of every game)'
complete -c fvnote -n "__fish_fvnote_needs_command" -f -a "moves" -d 'List the legal moves of a position in canonical SAN'
complete -c fvnote -n "__fish_fvnote_needs_command" -f -a "perft" -d 'Count the leaf nodes of the legal move tree (ruling G7)'
complete -c fvnote -n "__fish_fvnote_needs_command" -f -a "gen" -d 'Generate random legal games as PGN (deterministic for a seed)'
complete -c fvnote -n "__fish_fvnote_needs_command" -f -a "variants" -d 'List the variants: identifier, aliases, summary'
complete -c fvnote -n "__fish_fvnote_needs_command" -f -a "explain" -d 'Print a ruling from the rule book (notation/rules.md), as messages cite it'
complete -c fvnote -n "__fish_fvnote_needs_command" -f -a "man" -d 'Write the man pages (fvnote.1 and a page per command) into DIR'
complete -c fvnote -n "__fish_fvnote_needs_command" -f -a "completions" -d 'Print the completion script of a shell to standard output'
complete -c fvnote -n "__fish_fvnote_needs_command" -f -a "generate-man" -d 'Write man pages and shell completions into DIR (the repository\'s man/; `fvnote man` and `fvnote completions` are the public way)'
complete -c fvnote -n "__fish_fvnote_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c fvnote -n "__fish_fvnote_using_subcommand validate" -l from -d 'Input format: PGN (or JSON, told by content), JSON, or Game Courier move lists (one game per file, no directories; needs --variant)' -r -f -a "pgn\t'PGN archives, or the JSON form (told by their first bytes)'
json\t'The JSON form'
gamecourier\t'Game Courier move lists (notation/gamecourier.md), one game per file'"
complete -c fvnote -n "__fish_fvnote_using_subcommand validate" -l fen -d '--from gamecourier: the start position (default: the variant\'s)' -r
complete -c fvnote -n "__fish_fvnote_using_subcommand validate" -l deny -d 'Turn a class of findings into errors: `--deny warnings` is --strict' -r -f -a "warnings\t'Every warning (lenient notation): the same as --strict'"
complete -c fvnote -n "__fish_fvnote_using_subcommand validate" -l format -d 'Output format' -r -f -a "human\t'rustc-style diagnostics with the source line and a caret'
json\t'JSON Lines: one object per game (and per unreadable input); columns in characters'
github\t'GitHub Actions workflow commands, a table in $GITHUB_STEP_SUMMARY and the counts in $GITHUB_OUTPUT; columns in characters'
junit\t'JUnit XML: a testsuite per file, a testcase per game, totals; columns in characters'
sarif\t'SARIF 2.1.0 (code scanning); rule ids are ruling ids; columns in UTF-16 code units'
rdjson\t'reviewdog\'s diagnostic format (rdjson); columns in UTF-8 bytes'"
complete -c fvnote -n "__fish_fvnote_using_subcommand validate" -l root -d 'The directory reports name files from: SARIF\'s %SRCROOT% (its URIs are relative to it; default: the working directory), and the base of github\'s and rdjson\'s paths (as given without it). Refused with the other formats, which name files as given' -r -F
complete -c fvnote -n "__fish_fvnote_using_subcommand validate" -l color -d 'Colour in human output [default: auto; NO_COLOR turns auto off; an explicit choice wins over NO_COLOR]. The other formats have no colour and accept it, so one command line serves every --format' -r -f -a "auto\t''
always\t''
never\t''"
complete -c fvnote -n "__fish_fvnote_using_subcommand validate" -l max-warnings -d 'Exit 1 when the run has more than N warnings' -r
complete -c fvnote -n "__fish_fvnote_using_subcommand validate" -s v -l variant -d 'The variant of what names none (see `fvnote variants`): a game without a Variant tag (or with a blank one), a FEN, a Game Courier list [default: chess]. A game\'s own Variant tag wins; a game written anew (convert, fmt) gets the tag. --where reads the tags as written' -r
complete -c fvnote -n "__fish_fvnote_using_subcommand validate" -l encoding -d 'Encoding of the inputs; they are read as UTF-8 after decoding, and whatever is written is UTF-8. `auto` reads a file that is not valid UTF-8 as Windows-1252 (Latin-1\'s characters, plus € „ … “ ” in 0x80–0x9F) and says so on stderr' -r -f -a "utf-8\t'UTF-8 only: a byte that is not UTF-8 is an error where text is required'
latin1\t'ISO-8859-1 (Latin-1)'
cp1252\t'Windows-1252'
auto\t'UTF-8 if the input is valid UTF-8, else Windows-1252 (said on stderr)'"
complete -c fvnote -n "__fish_fvnote_using_subcommand validate" -l where -d 'Only games whose tags meet COND: TAG=VALUE (exactly), TAG!=VALUE (absent or not VALUE), TAG~TEXT (contains, ignoring case); VALUE is literal, so `Result!=*` chooses finished games. TAG>VALUE, >=, <, <= compare numbers (WhiteElo>=2500; a value that is not a number never meets one) or, on a tag whose name ends in Date, dates (Date<2020.01.01; a date with ?? parts meets one only when every day it may be does). Repeat to require several. A file named FILE:N or FILE:N-M reads only its games N to M' -r
complete -c fvnote -n "__fish_fvnote_using_subcommand validate" -l valid-out -d 'Also write the valid games to FILE, each byte for byte as read (atomically; never an input)' -r -F
complete -c fvnote -n "__fish_fvnote_using_subcommand validate" -l invalid-out -d 'Also write the invalid games to FILE, as --valid-out does' -r -F
complete -c fvnote -n "__fish_fvnote_using_subcommand validate" -l strict -d 'Treat lenient notation (long algebraic, 0-0, e8Q …) as errors'
complete -c fvnote -n "__fish_fvnote_using_subcommand validate" -l verbose -d 'Also list every valid game (human output; json and junit list every game anyway, and github, sarif and rdjson only findings, so there it changes nothing)'
complete -c fvnote -n "__fish_fvnote_using_subcommand validate" -s q -l quiet -d 'Errors only: warnings and notes are left out of the report, in every format (the summary still counts them, and --max-warnings too)'
complete -c fvnote -n "__fish_fvnote_using_subcommand validate" -l allow-empty -d 'Exit 0 even when no game was checked (an empty directory or input)'
complete -c fvnote -n "__fish_fvnote_using_subcommand validate" -l follow-symlinks -d 'Follow symbolic links found under directories (never out of the named directories; loops are skipped)'
complete -c fvnote -n "__fish_fvnote_using_subcommand validate" -l force -d 'Replace read-only files (they stay read-only)'
complete -c fvnote -n "__fish_fvnote_using_subcommand validate" -l break-hard-links -d 'Replace files that have other hard links, giving the named path a file of its own (the other links keep the old content)'
complete -c fvnote -n "__fish_fvnote_using_subcommand validate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fvnote -n "__fish_fvnote_using_subcommand validate" -s V -l version -d 'Print version'
complete -c fvnote -n "__fish_fvnote_using_subcommand convert" -l to -d 'Output format' -r -f -a "json\t'One JSON document: an array of games, pretty-printed'
jsonl\t'JSON Lines: one game per line'
pgn\t'PGN; PGN input is rewritten in canonical form'
fen\t'The FEN after every main-line ply, start first; a blank line between games'
gamecourier\t'A Game Courier move list (notation/gamecourier.md): one numbered turn per line; tags, result, NAGs and variations are not written'"
complete -c fvnote -n "__fish_fvnote_using_subcommand convert" -l from -d 'Input format; by default JSON is recognised by its first bytes (`[{`, `{"`)' -r -f -a "pgn\t''
json\t''
gamecourier\t'A Game Courier move list, one game per file; needs --variant (and --fen for a set-up start)'"
complete -c fvnote -n "__fish_fvnote_using_subcommand convert" -s o -l output -d 'Write to FILE (atomically) instead of standard output; never an input' -r -F
complete -c fvnote -n "__fish_fvnote_using_subcommand convert" -l fen -d '--from gamecourier: the start position (default: the variant\'s)' -r
complete -c fvnote -n "__fish_fvnote_using_subcommand convert" -l strip -d 'Leave out of the games written a comma list of: comments (with their [%…] commands), nags, variations (with all they hold). The verdict is still the game\'s as read; a cut-off game stays cut off, and a game that could not be read is copied as read' -r
complete -c fvnote -n "__fish_fvnote_using_subcommand convert" -s v -l variant -d 'The variant of what names none (see `fvnote variants`): a game without a Variant tag (or with a blank one), a FEN, a Game Courier list [default: chess]. A game\'s own Variant tag wins; a game written anew (convert, fmt) gets the tag. --where reads the tags as written' -r
complete -c fvnote -n "__fish_fvnote_using_subcommand convert" -l encoding -d 'Encoding of the inputs; they are read as UTF-8 after decoding, and whatever is written is UTF-8. `auto` reads a file that is not valid UTF-8 as Windows-1252 (Latin-1\'s characters, plus € „ … “ ” in 0x80–0x9F) and says so on stderr' -r -f -a "utf-8\t'UTF-8 only: a byte that is not UTF-8 is an error where text is required'
latin1\t'ISO-8859-1 (Latin-1)'
cp1252\t'Windows-1252'
auto\t'UTF-8 if the input is valid UTF-8, else Windows-1252 (said on stderr)'"
complete -c fvnote -n "__fish_fvnote_using_subcommand convert" -l where -d 'Only games whose tags meet COND: TAG=VALUE (exactly), TAG!=VALUE (absent or not VALUE), TAG~TEXT (contains, ignoring case); VALUE is literal, so `Result!=*` chooses finished games. TAG>VALUE, >=, <, <= compare numbers (WhiteElo>=2500; a value that is not a number never meets one) or, on a tag whose name ends in Date, dates (Date<2020.01.01; a date with ?? parts meets one only when every day it may be does). Repeat to require several. A file named FILE:N or FILE:N-M reads only its games N to M' -r
complete -c fvnote -n "__fish_fvnote_using_subcommand convert" -l in-place -d 'Replace each input file with its conversion (atomically); only into the file\'s own syntax (PGN to PGN, JSON to JSON or JSON Lines)'
complete -c fvnote -n "__fish_fvnote_using_subcommand convert" -l fens -d 'JSON: add `fen_after` to every ply (only with --to json or jsonl)'
complete -c fvnote -n "__fish_fvnote_using_subcommand convert" -l force -d 'Replace read-only files (they stay read-only)'
complete -c fvnote -n "__fish_fvnote_using_subcommand convert" -l break-hard-links -d 'Replace files that have other hard links, giving the named path a file of its own (the other links keep the old content)'
complete -c fvnote -n "__fish_fvnote_using_subcommand convert" -l follow-symlinks -d 'Follow symbolic links found under directories (never out of the named directories; loops are skipped)'
complete -c fvnote -n "__fish_fvnote_using_subcommand convert" -l compact -d 'JSON: leave out what a reader can do without (empty and null fields; `canonical` when it equals `san`, `color`, `kind`, `piece`, `move_number`)'
complete -c fvnote -n "__fish_fvnote_using_subcommand convert" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fvnote -n "__fish_fvnote_using_subcommand convert" -s V -l version -d 'Print version'
complete -c fvnote -n "__fish_fvnote_using_subcommand fmt" -l strip -d 'Leave out of the games written a comma list of: comments (with their [%…] commands), nags, variations (with all they hold). The verdict is still the game\'s as read; a cut-off game stays cut off, and a game that could not be read is copied as read' -r
complete -c fvnote -n "__fish_fvnote_using_subcommand fmt" -s v -l variant -d 'The variant of what names none (see `fvnote variants`): a game without a Variant tag (or with a blank one), a FEN, a Game Courier list [default: chess]. A game\'s own Variant tag wins; a game written anew (convert, fmt) gets the tag. --where reads the tags as written' -r
complete -c fvnote -n "__fish_fvnote_using_subcommand fmt" -l encoding -d 'Encoding of the inputs; they are read as UTF-8 after decoding, and whatever is written is UTF-8. `auto` reads a file that is not valid UTF-8 as Windows-1252 (Latin-1\'s characters, plus € „ … “ ” in 0x80–0x9F) and says so on stderr' -r -f -a "utf-8\t'UTF-8 only: a byte that is not UTF-8 is an error where text is required'
latin1\t'ISO-8859-1 (Latin-1)'
cp1252\t'Windows-1252'
auto\t'UTF-8 if the input is valid UTF-8, else Windows-1252 (said on stderr)'"
complete -c fvnote -n "__fish_fvnote_using_subcommand fmt" -l where -d 'Only games whose tags meet COND: TAG=VALUE (exactly), TAG!=VALUE (absent or not VALUE), TAG~TEXT (contains, ignoring case); VALUE is literal, so `Result!=*` chooses finished games. TAG>VALUE, >=, <, <= compare numbers (WhiteElo>=2500; a value that is not a number never meets one) or, on a tag whose name ends in Date, dates (Date<2020.01.01; a date with ?? parts meets one only when every day it may be does). Repeat to require several. A file named FILE:N or FILE:N-M reads only its games N to M' -r
complete -c fvnote -n "__fish_fvnote_using_subcommand fmt" -l check -d 'Write nothing; list the files that would change and exit 1 if any'
complete -c fvnote -n "__fish_fvnote_using_subcommand fmt" -l diff -d 'With --check: show each change as a unified diff instead of the name'
complete -c fvnote -n "__fish_fvnote_using_subcommand fmt" -l force -d 'Replace read-only files (they stay read-only)'
complete -c fvnote -n "__fish_fvnote_using_subcommand fmt" -l break-hard-links -d 'Replace files that have other hard links, giving the named path a file of its own (the other links keep the old content)'
complete -c fvnote -n "__fish_fvnote_using_subcommand fmt" -l follow-symlinks -d 'Follow symbolic links found under directories (never out of the named directories; loops are skipped)'
complete -c fvnote -n "__fish_fvnote_using_subcommand fmt" -l fix-result -d 'Set each game\'s Result tag and termination marker from its final position where the rules decide it (checkmate, stalemate, Fault Line wins: G5, FL1), changing nothing else of the text (with --canonical, formatting as well); each change is reported on stderr'
complete -c fvnote -n "__fish_fvnote_using_subcommand fmt" -l canonical -d 'With --fix-result: also write canonical layout and SAN, as `fmt` does without --fix-result'
complete -c fvnote -n "__fish_fvnote_using_subcommand fmt" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fvnote -n "__fish_fvnote_using_subcommand fmt" -s V -l version -d 'Print version'
complete -c fvnote -n "__fish_fvnote_using_subcommand dedup" -s o -l output -d 'Write the games kept to FILE (atomically; never an input) instead of standard output' -r -F
complete -c fvnote -n "__fish_fvnote_using_subcommand dedup" -s v -l variant -d 'The variant of what names none (see `fvnote variants`): a game without a Variant tag (or with a blank one), a FEN, a Game Courier list [default: chess]. A game\'s own Variant tag wins; a game written anew (convert, fmt) gets the tag. --where reads the tags as written' -r
complete -c fvnote -n "__fish_fvnote_using_subcommand dedup" -l encoding -d 'Encoding of the inputs; they are read as UTF-8 after decoding, and whatever is written is UTF-8. `auto` reads a file that is not valid UTF-8 as Windows-1252 (Latin-1\'s characters, plus € „ … “ ” in 0x80–0x9F) and says so on stderr' -r -f -a "utf-8\t'UTF-8 only: a byte that is not UTF-8 is an error where text is required'
latin1\t'ISO-8859-1 (Latin-1)'
cp1252\t'Windows-1252'
auto\t'UTF-8 if the input is valid UTF-8, else Windows-1252 (said on stderr)'"
complete -c fvnote -n "__fish_fvnote_using_subcommand dedup" -l where -d 'Only games whose tags meet COND: TAG=VALUE (exactly), TAG!=VALUE (absent or not VALUE), TAG~TEXT (contains, ignoring case); VALUE is literal, so `Result!=*` chooses finished games. TAG>VALUE, >=, <, <= compare numbers (WhiteElo>=2500; a value that is not a number never meets one) or, on a tag whose name ends in Date, dates (Date<2020.01.01; a date with ?? parts meets one only when every day it may be does). Repeat to require several. A file named FILE:N or FILE:N-M reads only its games N to M' -r
complete -c fvnote -n "__fish_fvnote_using_subcommand dedup" -l in-place -d 'Rewrite each input that lost a game with the games it keeps (atomically)'
complete -c fvnote -n "__fish_fvnote_using_subcommand dedup" -l follow-symlinks -d 'Follow symbolic links found under directories (never out of the named directories; loops are skipped)'
complete -c fvnote -n "__fish_fvnote_using_subcommand dedup" -l force -d 'Replace read-only files (they stay read-only)'
complete -c fvnote -n "__fish_fvnote_using_subcommand dedup" -l break-hard-links -d 'Replace files that have other hard links, giving the named path a file of its own (the other links keep the old content)'
complete -c fvnote -n "__fish_fvnote_using_subcommand dedup" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fvnote -n "__fish_fvnote_using_subcommand dedup" -s V -l version -d 'Print version'
complete -c fvnote -n "__fish_fvnote_using_subcommand diff" -l format -d 'Output format' -r -f -a "words\t'The differences in words'
side-by-side\t'Two diagrams next to each other, changed squares marked with `*`'
json\t'One JSON object'"
complete -c fvnote -n "__fish_fvnote_using_subcommand diff" -s v -l variant -d 'The variant of what names none (see `fvnote variants`): a game without a Variant tag (or with a blank one), a FEN, a Game Courier list [default: chess]. A game\'s own Variant tag wins; a game written anew (convert, fmt) gets the tag. --where reads the tags as written' -r
complete -c fvnote -n "__fish_fvnote_using_subcommand diff" -l encoding -d 'Encoding of the inputs; they are read as UTF-8 after decoding, and whatever is written is UTF-8. `auto` reads a file that is not valid UTF-8 as Windows-1252 (Latin-1\'s characters, plus € „ … “ ” in 0x80–0x9F) and says so on stderr' -r -f -a "utf-8\t'UTF-8 only: a byte that is not UTF-8 is an error where text is required'
latin1\t'ISO-8859-1 (Latin-1)'
cp1252\t'Windows-1252'
auto\t'UTF-8 if the input is valid UTF-8, else Windows-1252 (said on stderr)'"
complete -c fvnote -n "__fish_fvnote_using_subcommand diff" -l where -d 'Only games whose tags meet COND: TAG=VALUE (exactly), TAG!=VALUE (absent or not VALUE), TAG~TEXT (contains, ignoring case); VALUE is literal, so `Result!=*` chooses finished games. TAG>VALUE, >=, <, <= compare numbers (WhiteElo>=2500; a value that is not a number never meets one) or, on a tag whose name ends in Date, dates (Date<2020.01.01; a date with ?? parts meets one only when every day it may be does). Repeat to require several. A file named FILE:N or FILE:N-M reads only its games N to M' -r
complete -c fvnote -n "__fish_fvnote_using_subcommand diff" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fvnote -n "__fish_fvnote_using_subcommand diff" -s V -l version -d 'Print version'
complete -c fvnote -n "__fish_fvnote_using_subcommand show" -s v -l variant -d 'The variant of what names none (see `fvnote variants`): a game without a Variant tag (or with a blank one), a FEN, a Game Courier list [default: chess]. A game\'s own Variant tag wins; a game written anew (convert, fmt) gets the tag. --where reads the tags as written' -r
complete -c fvnote -n "__fish_fvnote_using_subcommand show" -l encoding -d 'Encoding of the inputs; they are read as UTF-8 after decoding, and whatever is written is UTF-8. `auto` reads a file that is not valid UTF-8 as Windows-1252 (Latin-1\'s characters, plus € „ … “ ” in 0x80–0x9F) and says so on stderr' -r -f -a "utf-8\t'UTF-8 only: a byte that is not UTF-8 is an error where text is required'
latin1\t'ISO-8859-1 (Latin-1)'
cp1252\t'Windows-1252'
auto\t'UTF-8 if the input is valid UTF-8, else Windows-1252 (said on stderr)'"
complete -c fvnote -n "__fish_fvnote_using_subcommand show" -l where -d 'Only games whose tags meet COND: TAG=VALUE (exactly), TAG!=VALUE (absent or not VALUE), TAG~TEXT (contains, ignoring case); VALUE is literal, so `Result!=*` chooses finished games. TAG>VALUE, >=, <, <= compare numbers (WhiteElo>=2500; a value that is not a number never meets one) or, on a tag whose name ends in Date, dates (Date<2020.01.01; a date with ?? parts meets one only when every day it may be does). Repeat to require several. A file named FILE:N or FILE:N-M reads only its games N to M' -r
complete -c fvnote -n "__fish_fvnote_using_subcommand show" -l svg -d 'Also write an SVG diagram to this file' -r -F
complete -c fvnote -n "__fish_fvnote_using_subcommand show" -l size -d 'Side of one square of the SVG diagram, in pixels [default: 45]' -r
complete -c fvnote -n "__fish_fvnote_using_subcommand show" -l arrow -d 'Draw an arrow on the SVG diagram, e.g. `e2e4`, in a colour: `e2e4:red` (green, red, yellow, blue; default green; repeatable). A record\'s `[%cal]` arrows of the shown ply are drawn too' -r
complete -c fvnote -n "__fish_fvnote_using_subcommand show" -l mark -d 'Ring a square on the SVG diagram, e.g. `e4` or `e4:blue` (green, red, yellow, blue; default green; repeatable). A record\'s `[%csl]` marks of the shown ply are drawn too' -r
complete -c fvnote -n "__fish_fvnote_using_subcommand show" -l force -d 'Replace read-only files (they stay read-only)'
complete -c fvnote -n "__fish_fvnote_using_subcommand show" -l break-hard-links -d 'Replace files that have other hard links, giving the named path a file of its own (the other links keep the old content)'
complete -c fvnote -n "__fish_fvnote_using_subcommand show" -l flip -d 'Draw the board from Black\'s side'
complete -c fvnote -n "__fish_fvnote_using_subcommand show" -l no-coordinates -d 'Leave out the file letters and rank numbers of the SVG diagram'
complete -c fvnote -n "__fish_fvnote_using_subcommand show" -l no-legend -d 'Leave out the caption (side to move, key) under the SVG diagram'
complete -c fvnote -n "__fish_fvnote_using_subcommand show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fvnote -n "__fish_fvnote_using_subcommand show" -s V -l version -d 'Print version'
complete -c fvnote -n "__fish_fvnote_using_subcommand html" -s o -l output -d 'Write the page to FILE (with --all: the pages and index.html into DIR)' -r -F
complete -c fvnote -n "__fish_fvnote_using_subcommand html" -s v -l variant -d 'The variant of what names none (see `fvnote variants`): a game without a Variant tag (or with a blank one), a FEN, a Game Courier list [default: chess]. A game\'s own Variant tag wins; a game written anew (convert, fmt) gets the tag. --where reads the tags as written' -r
complete -c fvnote -n "__fish_fvnote_using_subcommand html" -l encoding -d 'Encoding of the inputs; they are read as UTF-8 after decoding, and whatever is written is UTF-8. `auto` reads a file that is not valid UTF-8 as Windows-1252 (Latin-1\'s characters, plus € „ … “ ” in 0x80–0x9F) and says so on stderr' -r -f -a "utf-8\t'UTF-8 only: a byte that is not UTF-8 is an error where text is required'
latin1\t'ISO-8859-1 (Latin-1)'
cp1252\t'Windows-1252'
auto\t'UTF-8 if the input is valid UTF-8, else Windows-1252 (said on stderr)'"
complete -c fvnote -n "__fish_fvnote_using_subcommand html" -l where -d 'Only games whose tags meet COND: TAG=VALUE (exactly), TAG!=VALUE (absent or not VALUE), TAG~TEXT (contains, ignoring case); VALUE is literal, so `Result!=*` chooses finished games. TAG>VALUE, >=, <, <= compare numbers (WhiteElo>=2500; a value that is not a number never meets one) or, on a tag whose name ends in Date, dates (Date<2020.01.01; a date with ?? parts meets one only when every day it may be does). Repeat to require several. A file named FILE:N or FILE:N-M reads only its games N to M' -r
complete -c fvnote -n "__fish_fvnote_using_subcommand html" -l all -d 'One page per game of the archive plus an index page; needs -o DIR'
complete -c fvnote -n "__fish_fvnote_using_subcommand html" -l force -d 'Replace read-only files (they stay read-only)'
complete -c fvnote -n "__fish_fvnote_using_subcommand html" -l break-hard-links -d 'Replace files that have other hard links, giving the named path a file of its own (the other links keep the old content)'
complete -c fvnote -n "__fish_fvnote_using_subcommand html" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fvnote -n "__fish_fvnote_using_subcommand html" -s V -l version -d 'Print version'
complete -c fvnote -n "__fish_fvnote_using_subcommand moves" -s v -l variant -d 'The variant of what names none (see `fvnote variants`): a game without a Variant tag (or with a blank one), a FEN, a Game Courier list [default: chess]. A game\'s own Variant tag wins; a game written anew (convert, fmt) gets the tag. --where reads the tags as written' -r
complete -c fvnote -n "__fish_fvnote_using_subcommand moves" -l encoding -d 'Encoding of the inputs; they are read as UTF-8 after decoding, and whatever is written is UTF-8. `auto` reads a file that is not valid UTF-8 as Windows-1252 (Latin-1\'s characters, plus € „ … “ ” in 0x80–0x9F) and says so on stderr' -r -f -a "utf-8\t'UTF-8 only: a byte that is not UTF-8 is an error where text is required'
latin1\t'ISO-8859-1 (Latin-1)'
cp1252\t'Windows-1252'
auto\t'UTF-8 if the input is valid UTF-8, else Windows-1252 (said on stderr)'"
complete -c fvnote -n "__fish_fvnote_using_subcommand moves" -l where -d 'Only games whose tags meet COND: TAG=VALUE (exactly), TAG!=VALUE (absent or not VALUE), TAG~TEXT (contains, ignoring case); VALUE is literal, so `Result!=*` chooses finished games. TAG>VALUE, >=, <, <= compare numbers (WhiteElo>=2500; a value that is not a number never meets one) or, on a tag whose name ends in Date, dates (Date<2020.01.01; a date with ?? parts meets one only when every day it may be does). Repeat to require several. A file named FILE:N or FILE:N-M reads only its games N to M' -r
complete -c fvnote -n "__fish_fvnote_using_subcommand moves" -l format -d 'Output format' -r -f -a "text\t''
json\t''"
complete -c fvnote -n "__fish_fvnote_using_subcommand moves" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fvnote -n "__fish_fvnote_using_subcommand moves" -s V -l version -d 'Print version'
complete -c fvnote -n "__fish_fvnote_using_subcommand perft" -s v -l variant -d 'Variant identifier (see `fvnote variants`)' -r
complete -c fvnote -n "__fish_fvnote_using_subcommand perft" -l fen -d 'Start from this FEN instead of the start position' -r
complete -c fvnote -n "__fish_fvnote_using_subcommand perft" -l divide -d 'First print one `token: count` line per legal move'
complete -c fvnote -n "__fish_fvnote_using_subcommand perft" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fvnote -n "__fish_fvnote_using_subcommand perft" -s V -l version -d 'Print version'
complete -c fvnote -n "__fish_fvnote_using_subcommand gen" -s s -l seed -d 'Seed: the same seed gives the same bytes' -r
complete -c fvnote -n "__fish_fvnote_using_subcommand gen" -l max-plies -d 'Longest game in plies (at most 1000000); longer games stop with result `*`' -r
complete -c fvnote -n "__fish_fvnote_using_subcommand gen" -s o -l output -d 'Write to this file (atomically) instead of stdout' -r -F
complete -c fvnote -n "__fish_fvnote_using_subcommand gen" -l force -d 'Replace read-only files (they stay read-only)'
complete -c fvnote -n "__fish_fvnote_using_subcommand gen" -l break-hard-links -d 'Replace files that have other hard links, giving the named path a file of its own (the other links keep the old content)'
complete -c fvnote -n "__fish_fvnote_using_subcommand gen" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fvnote -n "__fish_fvnote_using_subcommand gen" -s V -l version -d 'Print version'
complete -c fvnote -n "__fish_fvnote_using_subcommand variants" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fvnote -n "__fish_fvnote_using_subcommand variants" -s V -l version -d 'Print version'
complete -c fvnote -n "__fish_fvnote_using_subcommand explain" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fvnote -n "__fish_fvnote_using_subcommand explain" -s V -l version -d 'Print version'
complete -c fvnote -n "__fish_fvnote_using_subcommand man" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fvnote -n "__fish_fvnote_using_subcommand man" -s V -l version -d 'Print version'
complete -c fvnote -n "__fish_fvnote_using_subcommand completions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fvnote -n "__fish_fvnote_using_subcommand completions" -s V -l version -d 'Print version'
complete -c fvnote -n "__fish_fvnote_using_subcommand generate-man" -s h -l help -d 'Print help'
complete -c fvnote -n "__fish_fvnote_using_subcommand generate-man" -s V -l version -d 'Print version'
complete -c fvnote -n "__fish_fvnote_using_subcommand help; and not __fish_seen_subcommand_from validate convert fmt dedup diff show html moves perft gen variants explain man completions generate-man help" -f -a "validate" -d 'Replay every game of PGN files and report the first error of each'
complete -c fvnote -n "__fish_fvnote_using_subcommand help; and not __fish_seen_subcommand_from validate convert fmt dedup diff show html moves perft gen variants explain man completions generate-man help" -f -a "convert" -d 'Convert records: PGN to JSON/JSON Lines/canonical PGN/FEN list, JSON to PGN'
complete -c fvnote -n "__fish_fvnote_using_subcommand help; and not __fish_seen_subcommand_from validate convert fmt dedup diff show html moves perft gen variants explain man completions generate-man help" -f -a "fmt" -d 'Rewrite PGN files in canonical layout and SAN, losing nothing'
complete -c fvnote -n "__fish_fvnote_using_subcommand help; and not __fish_seen_subcommand_from validate convert fmt dedup diff show html moves perft gen variants explain man completions generate-man help" -f -a "dedup" -d 'Drop identical games and earlier sendings of re-sent games'
complete -c fvnote -n "__fish_fvnote_using_subcommand help; and not __fish_seen_subcommand_from validate convert fmt dedup diff show html moves perft gen variants explain man completions generate-man help" -f -a "diff" -d 'Show what differs between two positions or two records\' main lines'
complete -c fvnote -n "__fish_fvnote_using_subcommand help; and not __fish_seen_subcommand_from validate convert fmt dedup diff show html moves perft gen variants explain man completions generate-man help" -f -a "show" -d 'Draw a position as text (or SVG)'
complete -c fvnote -n "__fish_fvnote_using_subcommand help; and not __fish_seen_subcommand_from validate convert fmt dedup diff show html moves perft gen variants explain man completions generate-man help" -f -a "html" -d 'Write a self-contained HTML replay page of a game (or of every game)'
complete -c fvnote -n "__fish_fvnote_using_subcommand help; and not __fish_seen_subcommand_from validate convert fmt dedup diff show html moves perft gen variants explain man completions generate-man help" -f -a "moves" -d 'List the legal moves of a position in canonical SAN'
complete -c fvnote -n "__fish_fvnote_using_subcommand help; and not __fish_seen_subcommand_from validate convert fmt dedup diff show html moves perft gen variants explain man completions generate-man help" -f -a "perft" -d 'Count the leaf nodes of the legal move tree (ruling G7)'
complete -c fvnote -n "__fish_fvnote_using_subcommand help; and not __fish_seen_subcommand_from validate convert fmt dedup diff show html moves perft gen variants explain man completions generate-man help" -f -a "gen" -d 'Generate random legal games as PGN (deterministic for a seed)'
complete -c fvnote -n "__fish_fvnote_using_subcommand help; and not __fish_seen_subcommand_from validate convert fmt dedup diff show html moves perft gen variants explain man completions generate-man help" -f -a "variants" -d 'List the variants: identifier, aliases, summary'
complete -c fvnote -n "__fish_fvnote_using_subcommand help; and not __fish_seen_subcommand_from validate convert fmt dedup diff show html moves perft gen variants explain man completions generate-man help" -f -a "explain" -d 'Print a ruling from the rule book (notation/rules.md), as messages cite it'
complete -c fvnote -n "__fish_fvnote_using_subcommand help; and not __fish_seen_subcommand_from validate convert fmt dedup diff show html moves perft gen variants explain man completions generate-man help" -f -a "man" -d 'Write the man pages (fvnote.1 and a page per command) into DIR'
complete -c fvnote -n "__fish_fvnote_using_subcommand help; and not __fish_seen_subcommand_from validate convert fmt dedup diff show html moves perft gen variants explain man completions generate-man help" -f -a "completions" -d 'Print the completion script of a shell to standard output'
complete -c fvnote -n "__fish_fvnote_using_subcommand help; and not __fish_seen_subcommand_from validate convert fmt dedup diff show html moves perft gen variants explain man completions generate-man help" -f -a "generate-man" -d 'Write man pages and shell completions into DIR (the repository\'s man/; `fvnote man` and `fvnote completions` are the public way)'
complete -c fvnote -n "__fish_fvnote_using_subcommand help; and not __fish_seen_subcommand_from validate convert fmt dedup diff show html moves perft gen variants explain man completions generate-man help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
