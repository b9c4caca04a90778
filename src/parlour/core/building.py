"""The vocabulary of building that the two-pack games share: a rank's neighbour and a card
following another in suit, which each game's foundations build on (HT-2, FC-1, PL-2, WR-2:
their base ranks, directions and wraps differ, so each game states its own, on `follows`).

* Auxiliary sequences build in suit one rank up or down on another pile's top; the first card
  built onto a pile fixes its direction while any built card remains on it, and no wrap
  (HT-4, FC-3). The Wrangle's auxiliary heaps are the special case of one fixed direction
  (WR-3).

A pile's building state is a `Build`: how many built cards lie on top of it and in which
direction they run. Games keep one `Build` per pile in their state.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from parlour.core.cards import ACE, KING, Card

UP: Final = 1
DOWN: Final = -1
FREE: Final = 0


def step_rank(rank: int, step: int, wrap: bool) -> int | None:
    """The rank `step` away from `rank`, or None past an end when not wrapping."""
    nxt = rank + step
    if 1 <= nxt <= 13:
        return nxt
    if not wrap:
        return None
    return ACE if nxt > KING else KING


def follows(card: Card, onto: Card, step: int, wrap: bool = False) -> bool:
    """`card` is of `onto`'s suit and `step` ranks from it (+1 up, -1 down)."""
    if card // 13 != onto // 13:
        return False
    return step_rank(onto % 13 + 1, step, wrap) == card % 13 + 1


class Build(NamedTuple):
    """Built cards lying on top of a pile and their direction (`FREE` when there are none)."""

    length: int = 0
    direction: int = FREE


NO_BUILD = Build()


def build_direction(card: Card, onto: Card, build: Build) -> int:
    """The direction in which `card` would build onto `onto`, or `FREE` if it may not (HT-4)."""
    if card // 13 != onto // 13:
        return FREE
    diff = card % 13 - onto % 13
    if diff not in (UP, DOWN):
        return FREE
    if build.length and build.direction != diff:
        return FREE
    return diff


def built_on(build: Build, direction: int) -> Build:
    """A pile's build after one more card is built on it in `direction`."""
    return Build(build.length + 1, direction)


def after_removal(build: Build) -> Build:
    """A pile's build after its top card leaves: the direction is free once no built card is
    left (HT-4)."""
    if build.length <= 1:
        return NO_BUILD
    return Build(build.length - 1, build.direction)
