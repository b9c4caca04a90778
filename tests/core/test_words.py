"""Numbers shown with their nouns agree with them in every front end."""

import pytest

from parlour.core.words import counted


@pytest.mark.parametrize(
    ("number", "noun", "plural", "words"),
    [
        (1, "move", None, "1 move"),
        (0, "move", None, "0 moves"),
        (2, "game", None, "2 games"),
        (1, "loss", "losses", "1 loss"),
        (3, "loss", "losses", "3 losses"),
        (1000, "deal", None, "1,000 deals"),
    ],
)
def test_a_count_and_its_noun_agree(number: int, noun: str, plural: str | None, words: str) -> None:
    assert counted(number, noun, plural) == words
