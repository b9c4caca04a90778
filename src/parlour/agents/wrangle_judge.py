"""How good a Wrangle position is for one player, read from pile names and contents alone.

A player wins by being rid of his cards, and a reserve card leaves only from the top, to a
foundation or down in suit onto an auxiliary heap: so a reserve card weighs more than a stock
or waste card, and an emptied reserve is worth a bonus of its own. Cards on the foundations
count for both players alike: they are what keeps a game from stalling into the hundred-turn
draw (WR-6), which is worth nothing to either side; a judge that counted only what each
player holds would trade foundation plays for loads and let the game stall.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from parlour.agents.wrangle_sense import opponent
from parlour.core.cards import Card

FOUNDATIONS = tuple(f"foundation-{n}" for n in range(1, 9))
WIN = 1000.0

Piles = Mapping[str, Sequence[Card]]


@dataclass(frozen=True)
class Weights:
    """A reserve card against a stock or waste card; an emptied reserve; a foundation card."""

    reserve: float = 2.0
    cleared: float = 10.0
    progress: float = 2.0


def burden(seat: str, piles: Piles, weights: Weights) -> float:
    """What `seat` must still get rid of, a reserve card counting more and an emptied reserve
    counting as a head start."""
    reserve = len(piles[f"{seat}-reserve"])
    held = sum(len(piles[f"{seat}-{kind}"]) for kind in ("stock", "waste", "turned"))
    return held + weights.reserve * reserve - (0.0 if reserve else weights.cleared)


def judge(me: str, piles: Piles, outcome: str | None, weights: Weights) -> float:
    """The opponent's burden less mine, plus the shared progress on the foundations; a won
    game is worth far more, a drawn one nothing."""
    if outcome is not None:
        return WIN if outcome == me else -WIN if outcome == opponent(me) else 0.0
    built = sum(len(piles[name]) for name in FOUNDATIONS)
    return (
        burden(opponent(me), piles, weights) - burden(me, piles, weights) + weights.progress * built
    )
