"""Orders drawn for a search's choices, the same from the same start on every run.

A depth-first search that wins a winnable position only late in one order often wins it soon
in another, so the searches of The Four Corners and Heads and Tails try some of their stages in
drawn orders (docs/design.md). The draws come from a small linear congruential generator (C's
`rand`, mod 2**31) rather than `random`, which would serve as well and is as fast, but draws
other orders: the figures in docs/design.md and the README were measured with these. Compiled
with the searches that call it.
"""

from __future__ import annotations

from typing import Final, TypeVar

_MULTIPLIER: Final = 1103515245
_INCREMENT: Final = 12345
_MASK: Final = 2**31 - 1

T = TypeVar("T")


def shuffle(items: list[T], draw: int) -> int:
    """Put `items` in an order drawn from `draw` (Fisher-Yates) and return the next draw."""
    for last in range(len(items) - 1, 0, -1):
        draw = (draw * _MULTIPLIER + _INCREMENT) & _MASK
        other = (draw >> 8) % (last + 1)
        items[last], items[other] = items[other], items[last]
    return draw
