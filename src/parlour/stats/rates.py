"""Win rates with 95% Wilson intervals, honest about deals the solver could not decide.

An `unknown` deal may be won or lost, so the interval takes the worst case on each side: the
lower bound counts unknowns as losses, the upper bound as wins. The point estimate counts the
proven wins only. For a two-player game, draws leave the rate: it is the share of decided
games won by the first player.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from parlour.agents.match import wilson


@dataclass(frozen=True)
class Rate:
    """Counts of a run and its win rate; the rate and bounds are None when nothing counts."""

    deals: int
    won: int
    lost: int
    unknown: int
    draw: int
    win_rate: float | None
    ci_low: float | None
    ci_high: float | None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def rate(counts: Mapping[str, int]) -> Rate:
    """The rate of `counts` (by result: won, lost, unknown, draw)."""
    won, lost = counts.get("won", 0), counts.get("lost", 0)
    unknown, draw = counts.get("unknown", 0), counts.get("draw", 0)
    trials = won + lost + unknown
    if trials == 0:
        return Rate(draw, won, lost, unknown, draw, None, None, None)
    low = wilson(won, trials)[0]
    high = wilson(won + unknown, trials)[1]
    return Rate(trials + draw, won, lost, unknown, draw, won / trials, low, high)
