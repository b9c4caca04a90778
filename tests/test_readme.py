"""The README's Python example runs and prints what the README says it prints."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).parents[1] / "README.md"


def test_the_python_example_prints_what_the_readme_shows() -> None:
    text = README.read_text(encoding="utf-8")
    section = text.split("### From Python", 1)[1]
    code, shown = re.findall(r"```(?:python|text)\n(.*?)```", section, flags=re.S)[:2]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, str(README), "exec"), {"__name__": "readme_example"})
    assert printed.getvalue() == shown
