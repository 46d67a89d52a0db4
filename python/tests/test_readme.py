"""The README's Python example runs as shown, with the output it shows."""

from __future__ import annotations

import contextlib
import io
import re

from conftest import ROOT


def section() -> str:
    readme = (ROOT / "README.md").read_text()
    start = readme.index("\n## Python")
    end = readme.find("\n## ", start + 1)
    return readme[start : end if end != -1 else len(readme)]


def test_the_readme_example_prints_what_it_shows() -> None:
    text = section()
    code = re.findall(r"```python\n(.*?)```", text, re.S)
    shown = re.findall(r"```text\n(.*?)```", text, re.S)
    assert code and shown, "the README's Python section has a python block and its output"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code[0], "README.md", "exec"), {"__name__": "readme"})
    assert out.getvalue() == shown[0]


def test_the_install_line_is_there() -> None:
    assert "pip install ." in section()


def test_the_package_docstring_example_runs() -> None:
    import doctest

    import fvnote

    result = doctest.testmod(fvnote)
    assert result.attempted >= 2 and result.failed == 0
