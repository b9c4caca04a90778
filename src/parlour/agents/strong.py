"""The strong player: the greedy priority while it holds its own in the race, a determinized
search for the draw once the opponent is clearly ahead.

Most Wrangle games stall into the WR-6 draw; those that are decided are won by a player whose
reserve comes free, and that is mostly the deal's doing. What a player can change is how its
bad deals end: behind in the race (`wrangle_judge.lead` short by more than `margin`), it stops
racing and plays to hold the leader up. Then the unseen cards (stocks, cards under the reserve
and waste tops) are dealt at random, consistently with the observation, several times
(`Determinizable`); on each sample every distinct candidate move is played, then the rest of
this turn and `replies` further whole turns by the greedy priority, and the position reached is
judged with the defensive weights (the leader's burden first, foundation cards against). The
move with the best total over the samples is chosen; the same samples serve every candidate, so
their comparison is fair. Not behind, it plays the greedy priority's move without search: in
measured duels searching for progress did no better than the priority. Thinking is bounded per
turn: past the budget, the greedy choice is played at once.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from random import Random
from typing import Any

from parlour.agents.base import Determinizable, Observation
from parlour.agents.simple import legal
from parlour.agents.wrangle_judge import Weights, judge, lead
from parlour.agents.wrangle_sense import place, priority
from parlour.core.game import Game
from parlour.core.moves import Move

Clock = Callable[[], float]
DEFENCE = Weights()
MARGIN = 20.0  # burden points behind before playing for the draw


class StrongAgent:
    """The greedy priority when level or ahead; determinized search for the draw when behind,
    within a time budget per turn."""

    name = "strong"

    def __init__(
        self,
        samples: int = 6,
        seconds_per_turn: float = 1.0,
        clock: Clock = time.perf_counter,
        *,
        replies: int = 3,
        weights: Weights = DEFENCE,
        margin: float = MARGIN,
    ) -> None:
        self.samples = samples
        self.seconds_per_turn = seconds_per_turn
        self.clock = clock
        self.replies = replies
        self.weights = weights
        self.margin = margin
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
        if len(moves) == 1 or self._spent >= self.seconds_per_turn or not self.behind(observation):
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

    def behind(self, observation: Observation) -> bool:
        """Whether the opponent leads the race by more than the margin. In the game's first
        turn the second player has not laid out (WR-1), so there is no race to read yet."""
        if observation.get("turn", 2) <= 1:
            return False
        return lead(observation["player"], observation["sizes"]) < -self.margin

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
