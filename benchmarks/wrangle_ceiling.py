"""How often the strong player would beat the greedy player if it saw every hidden card.

The same search as `strong`, but each sample it plans on is the true state: the order of every
stock and the cards under the reserves' tops. WR-7 forbids such a player; its score bounds
what any way of guessing the unseen cards could gain. The games are those `parlour duel strong
greedy --games N --seed S` plays (the same deals, seats and generators), one process, and the
line printed for each seed, and for all together, is the duel's summary from the seeing
player's side. `--replies R` gives the seeing player the look-ahead of `StrongAgent(replies=R)`
(by default the player's own, 400: nearly every line played to the game's end; 2: two turns,
as the player looked before).
`--unordered` hides one thing from it: the order of each seat's cards never yet shown (its
stock until first turned over, its reserve below every card uncovered), shuffled afresh for
each sample; which cards they are, it still knows.

Run: uv run python benchmarks/wrangle_ceiling.py [--games N] [--seed S ...] [--replies R]
     [--unordered]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from random import Random
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from parlour.agents import make_agent
from parlour.agents.match import GameResult, pairings, play_game, summarize
from parlour.agents.strong import REPLIES, StrongAgent
from parlour.core.cards import Card
from parlour.core.moves import Move
from parlour.games.wrangle import Wrangle, WrangleParams, WrangleState
from parlour.games.wrangle.rules import RESERVE_SIZE, laid_out

SEEING = "strong"  # the seeing player stands in the duel's place of `strong`


class Seeing(Wrangle):
    """The Wrangle whose samples of the unseen cards are the true state, kept up to date by
    the game loop (`follow`)."""

    true: WrangleState | None = None

    def determinize(
        self,
        observation: Mapping[str, Any],
        rng: Random,
        known: Mapping[str, Sequence[Card | None]] | None = None,
        unshown: Mapping[str, Sequence[Card]] | None = None,
    ) -> WrangleState:
        assert self.true is not None
        return self.true

    def follow(self, seat: str, move: Move) -> None:
        assert self.true is not None
        self.true = self.apply(self.true, move)


class Unordered(Seeing):
    """The true state, but each seat's cards never shown dealt in a fresh order: the stock
    until its waste is first turned over (WR-5), and the reserve below every card uncovered
    (its lowest size laid out, less the top)."""

    def __init__(self) -> None:
        super().__init__()
        self.under_top = [RESERVE_SIZE - 1] * 2  # reserve cards never uncovered, by seat
        self.first_pass = [True, True]

    def follow(self, seat: str, move: Move) -> None:
        before = self.true
        super().follow(seat, move)
        assert before is not None and self.true is not None
        for index in range(2):
            if not laid_out(self.true, index):
                continue
            if laid_out(before, index) and len(self.true.stocks[index]) > len(before.stocks[index]):
                self.first_pass[index] = False
            self.under_top[index] = max(
                0, min(self.under_top[index], len(self.true.reserves[index]) - 1)
            )

    def determinize(
        self,
        observation: Mapping[str, Any],
        rng: Random,
        known: Mapping[str, Sequence[Card | None]] | None = None,
        unshown: Mapping[str, Sequence[Card]] | None = None,
    ) -> WrangleState:
        true = super().determinize(observation, rng, known, unshown)
        reserves, stocks = list(true.reserves), list(true.stocks)
        for index, under in enumerate(self.under_top):
            below = min(under, len(true.reserves[index]))  # none before the seat lays out
            stock = true.stocks[index] if self.first_pass[index] else ()
            cards = [*true.reserves[index][:below], *stock]
            rng.shuffle(cards)
            reserves[index] = (*cards[:below], *true.reserves[index][below:])
            stocks[index] = (*cards[below:],) if self.first_pass[index] else stocks[index]
        return replace(true, reserves=(reserves[0], reserves[1]), stocks=(stocks[0], stocks[1]))


def series(
    games: int, seed: int, replies: int = REPLIES, unordered: bool = False
) -> list[GameResult]:
    results = []
    params = WrangleParams()
    for pairing in pairings(SEEING, "greedy", games, seed):
        game = Unordered() if unordered else Seeing()
        game.true = game.new(params, deal=pairing.deal)
        agents = [
            StrongAgent(replies=replies) if name == SEEING else make_agent(name)
            for name in pairing.names
        ]
        outcome, turns, thinking = play_game(
            game, agents, params, pairing.deal, Random(pairing.seed), on_move=game.follow
        )
        results.append(
            GameResult(
                pairing.number, pairing.deal, pairing.names, outcome, tuple(turns), tuple(thinking)
            )
        )
    return results


def line(label: str, results: list[GameResult]) -> str:
    summary = summarize(results, Wrangle().info.seats)
    counts = f"{label}: {summary.wins} won, {summary.draws} drawn, {summary.losses} lost"
    if summary.win_rate is None or summary.ci_low is None or summary.ci_high is None:
        return f"{counts}; no game decided"
    return (
        f"{counts}; {summary.win_rate:.1%} of decided games, 95% interval "
        f"{summary.ci_low:.1%}-{summary.ci_high:.1%}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per seed (even)")
    parser.add_argument("--seed", type=int, nargs="+", default=[1], help="seeds of the deals")
    parser.add_argument("--replies", type=int, default=REPLIES, help="whole turns played out")
    parser.add_argument(
        "--unordered", action="store_true", help="the cards never shown in a fresh order"
    )
    args = parser.parse_args()
    report(lambda seed: series(args.games, seed, args.replies, args.unordered), args.seed)


def report(series_of: Callable[[int], list[GameResult]], seeds: Sequence[int]) -> None:
    """A line for each seed's series as it ends, then one for them all."""
    everything: list[GameResult] = []
    for seed in seeds:
        results = series_of(seed)
        print(line(f"seed {seed}", results), flush=True)
        everything += results
    if len(seeds) > 1:
        print(line("all", everything))


if __name__ == "__main__":
    main()
