"""``python -m fvnote``: the ``fvnote`` command."""

from fvnote._cli import main

if __name__ == "__main__":
    main()
