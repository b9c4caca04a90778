"""The searching player: determinized samples, each candidate played out over several turns,
the position reached judged.

At each decision the unseen cards (stocks, cards under the reserve and waste tops) are dealt at
random, consistently with the observation, several times (`Determinizable`). On each sample
every distinct candidate move is played, then the rest of this turn and `replies` further whole
turns (the opponent's, then one's own, …) by the greedy priority, and the position reached is
judged (`wrangle_judge.judge`). The move with the best total over the samples is chosen; the
same samples serve every candidate, so their comparison is fair. A play to a foundation that
the greedy priority puts first is made without search: sampling noise would only delay it.
Thinking is bounded per turn: past the budget, the greedy choice is played at once.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from random import Random
from typing import Any

from parlour.agents.base import Determinizable, Observation
from parlour.agents.simple import legal
from parlour.agents.wrangle_judge import Weights, judge
from parlour.agents.wrangle_sense import place, priority
from parlour.core.game import Game
from parlour.core.moves import Move

Clock = Callable[[], float]
DEFAULT_WEIGHTS = Weights()


class StrongAgent:
    """Determinized search over the moves of a turn, within a time budget per turn."""

    name = "strong"

    def __init__(
        self,
        samples: int = 6,
        seconds_per_turn: float = 1.0,
        clock: Clock = time.perf_counter,
        *,
        replies: int = 3,
        weights: Weights = DEFAULT_WEIGHTS,
    ) -> None:
        self.samples = samples
        self.seconds_per_turn = seconds_per_turn
        self.clock = clock
        self.replies = replies
        self.weights = weights
        self._turn: Any = None
        self._spent = 0.0

    def choose(self, game: Game[Any, Any], observation: Observation, rng: Random) -> Move:
        if not isinstance(game, Determinizable):
            raise TypeError(f"{game.info.name} cannot sample unseen cards for the strong player")
        start = self.clock()
        turn = (observation["player"], observation.get("turn"))
        if turn != self._turn:
            self._turn, self._spent = turn, 0.0
        moves = candidates(observation)
        me, sizes = observation["player"], observation["sizes"]
        first = max(moves, key=lambda m: priority(m, me, sizes))
        if len(moves) == 1 or self._spent >= self.seconds_per_turn or to_foundation(first):
            return first
        deadline = start + min(self.seconds_per_turn - self._spent, self.seconds_per_turn / 2)
        totals = [0.0] * len(moves)
        for done in range(self.samples):
            if done and self.clock() > deadline:
                break
            sample = game.determinize(observation, rng)
            for index, move in enumerate(moves):
                totals[index] += self.playout(game, game.apply_unchecked(sample, move), me)
        self._spent += self.clock() - start
        best = max(range(len(moves)), key=lambda i: (totals[i], priority(moves[i], me, sizes)))
        return moves[best]

    def playout(self, game: Game[Any, Any], state: Any, me: str) -> float:
        """Greedy play to the end of this turn and `replies` more, then the value for `me`."""
        turns_left = self.replies + 1 if game.to_move(state) == me else self.replies
        mover = game.to_move(state)
        while mover is not None and turns_left:
            state = greedy_step(game, state, mover)
            now = game.to_move(state)
            if now != mover:
                turns_left -= 1
            mover = now
        return judge(me, game.piles(state), game.outcome(state), self.weights)


def to_foundation(move: Move) -> bool:
    return move.is_transfer and place(move.target)[1] == "foundation"


def greedy_step(game: Game[Any, Any], state: Any, mover: str) -> Any:
    """The greedy priority's move, as the greedy player would choose it (ties: the first)."""
    sizes = {name: len(cards) for name, cards in game.piles(state).items()}
    moves = game.legal_moves(state)
    return game.apply_unchecked(state, max(moves, key=lambda m: priority(m, mover, sizes)))


def candidates(observation: Observation) -> list[Move]:
    """The legal moves with those of the same effect folded: the same card onto equal tops of
    the same kind of pile (two foundations at 4S, two empty heaps …) is one choice."""
    piles = observation["piles"]
    chosen: dict[tuple[Any, ...], Move] = {}
    for move in legal(observation):
        if move.is_transfer:
            owner, kind = place(move.target)
            key: tuple[Any, ...] = (move.source, kind, owner if kind != "aux" else "")
            key += (tuple(piles[move.target][-1:]),)
        else:
            key = (move.action,)
        chosen.setdefault(key, move)
    return list(chosen.values())
