"""How a Wrangle race stands for one player, read from pile names and sizes alone.

A player wins by being rid of his cards, and a reserve card leaves only from the top, to a
foundation or down in suit onto an auxiliary heap: so a reserve card weighs more than a stock
or waste card, and an emptied reserve is worth a bonus of its own (`burden`). The difference of
the two burdens says who leads the race (`lead`), from an observation as well as a sampled
state, since sizes are public (WR-7).

The strong player judges the positions its search reaches by the race, with a reserve card
counting four and an emptied reserve twenty (`strong.PLANNING`): what frees a reserve decides
the decided games. Other weights can count foundation cards (`progress`) or leave one's own
burden out (`mine`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from parlour.agents.wrangle_sense import PileSizes, opponent
from parlour.core.cards import Card

FOUNDATIONS = tuple(f"foundation-{n}" for n in range(1, 9))
WIN = 1000.0

Piles = Mapping[str, Sequence[Card]]
Sizes = Mapping[str, int]


@dataclass(frozen=True)
class Weights:
    """A reserve card against a stock or waste card; an emptied reserve; a foundation card;
    one's own burden against the opponent's."""

    reserve: float = 2.0
    cleared: float = 10.0
    progress: float = 0.0
    mine: float = 1.0


RACE = Weights()  # the plain race: both burdens alike, nothing else


def burden(seat: str, sizes: Sizes, weights: Weights) -> float:
    """What `seat` must still get rid of, a reserve card counting more and an emptied reserve
    counting as a head start."""
    reserve = sizes[f"{seat}-reserve"]
    held = sum(sizes[f"{seat}-{kind}"] for kind in ("stock", "waste", "turned"))
    return held + weights.reserve * reserve - (0.0 if reserve else weights.cleared)


def lead(me: str, sizes: Sizes, weights: Weights = RACE) -> float:
    """How far `me` is ahead in the race (negative: behind)."""
    return burden(opponent(me), sizes, weights) - weights.mine * burden(me, sizes, weights)


def judge(me: str, piles: Piles, outcome: str | None, weights: Weights) -> float:
    """My lead under `weights`, plus the foundation cards at their weight; a won game is worth
    far more, a drawn one nothing."""
    if outcome is not None:
        return WIN if outcome == me else -WIN if outcome == opponent(me) else 0.0
    sizes = PileSizes(piles)
    built = sum(sizes[name] for name in FOUNDATIONS)
    return lead(me, sizes, weights) + weights.progress * built
