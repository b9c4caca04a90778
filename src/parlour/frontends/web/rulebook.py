"""The rules shown in the lobby: each game's text from its book and its rulings from RULES.md
with the common conventions, as HTML. The files are copies kept beside this module."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from markdown_it import MarkdownIt

from parlour.core.errors import UnknownGame
from parlour.games import get_game

RULES_FOLDER = Path(__file__).with_name("rules")
COMMON = "## Common conventions"

_markdown = MarkdownIt("commonmark", {"html": False}).enable("table")


@cache
def rules_html(game_id: str) -> dict[str, str]:
    """`{"text_html", "rulings_html"}` for `game_id`, or `UnknownGame`."""
    get_game(game_id)
    text = _seed(game_id).read_text(encoding="utf-8")
    sections = _sections((RULES_FOLDER / "RULES.md").read_text(encoding="utf-8"))
    mine = [s for s in sections if s.startswith(COMMON) or f"(`{game_id}`)" in s.split("\n")[0]]
    return {"text_html": _markdown.render(text), "rulings_html": _markdown.render("\n".join(mine))}


def _seed(game_id: str) -> Path:
    for name in (f"{game_id}.md", f"the-{game_id}.md"):
        if (RULES_FOLDER / name).exists():
            return RULES_FOLDER / name
    raise UnknownGame(f"there is no text for {game_id}")


def _sections(text: str) -> list[str]:
    """The `## ` sections of a Markdown text, each with its heading."""
    parts = text.split("\n## ")
    return ["## " + part for part in parts[1:]]
