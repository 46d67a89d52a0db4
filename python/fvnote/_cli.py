"""The ``fvnote`` command of the wheel: the binary's own code (fvnote::cli)
run in the native module, with the binary's exit status."""

from __future__ import annotations

import sys
from typing import List, Optional

from fvnote import _fvnote


def main(argv: Optional[List[str]] = None) -> None:
    """Runs ``fvnote`` with `argv` (default: the command line) and exits
    with its status: 0 success, 1 a negative answer, 2 usage or I/O error."""
    args = sys.argv[1:] if argv is None else argv
    # The program name as the binary's: usage lines say `fvnote`.
    sys.exit(_fvnote.run_cli(["fvnote", *args]))


if __name__ == "__main__":
    main()
