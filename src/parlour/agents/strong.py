"""The strong player: a determinized search of whole turns that plans with the cards it
remembers.

A Wrangle turn is a run of choices whose worth shows only when the turn ends and the opponent
has answered. The player keeps a memory of what it has seen face up (`wrangle_memory`): after
its first pass through its stock it knows the stock's order, and it knows the cards loaded under
reserve and waste tops. At each choice it deals only the cards it has never seen, at random and
consistently with the observation and the memory (`Determinizable`), `samples` times; on each
sample every distinct candidate move is played, then the rest of this turn and `replies` further
whole turns by the greedy priority (the opponent's turn, then its own next one), and the
position reached is judged by the race (`wrangle_judge`: cards held, a reserve card counting
four, an emptied reserve twenty; the opponent's burden less its own). The move with the best
total over the samples is chosen; the same samples serve every candidate, so their comparison is
fair, and ties go to the greedy priority. Thinking is bounded per turn: past the budget, the
greedy choice is played at once. The budget counts the processor time of the thread thinking,
so that a busy machine neither cuts its thought short nor changes what it plays for a seed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from random import Random
from typing import Any

from parlour.agents.base import Determinizable, Observation
from parlour.agents.simple import legal
from parlour.agents.wrangle_judge import Weights, judge
from parlour.agents.wrangle_memory import Known, Memory
from parlour.agents.wrangle_sense import PileSizes, place, priority
from parlour.core.game import Game, GameState, S
from parlour.core.moves import Move

Clock = Callable[[], float]
PLANNING = Weights(reserve=4.0, cleared=20.0, progress=0.0, mine=1.0)
SAMPLES = 2
REPLIES = 2


class StrongAgent:
    """A determinized search of whole turns, with the cards it remembers in place, within a
    time budget per turn."""

    name = "strong"
    description = "a strong player (looks ahead)"

    def __init__(
        self,
        samples: int = SAMPLES,
        seconds_per_turn: float = 1.0,
        clock: Clock = time.thread_time,
        replies: int = REPLIES,
    ) -> None:
        self.samples = samples
        self.replies = replies
        self.seconds_per_turn = seconds_per_turn
        self.clock = clock
        self.memories: dict[str, Memory] = {}
        self._turn: tuple[str, object] | None = None  # the turn whose thinking `_spent` counts
        self._spent = 0.0

    def choose(self, game: Game[Any, Any], observation: Observation, rng: Random) -> Move:
        if not isinstance(game, Determinizable):
            raise TypeError(f"{game.info.name} cannot sample unseen cards for the strong player")
        me = observation["player"]
        memory = self.memories.setdefault(me, Memory(me))
        memory.see(observation)
        move = self._decide(game, observation, memory.known(), rng)
        memory.chose(move)
        return move

    def _decide(
        self,
        game: Any,  # a Game that is Determinizable, which `choose` checked
        observation: Observation,
        known: Mapping[str, Known],
        rng: Random,
    ) -> Move:
        start = self.clock()
        turn = (observation["player"], observation.get("turn"))
        if turn != self._turn:
            self._turn, self._spent = turn, 0.0
        moves = candidates(observation)
        me, sizes = observation["player"], observation["sizes"]
        first = max(moves, key=lambda m: priority(m, me, sizes))
        if len(moves) == 1 or self._spent >= self.seconds_per_turn:
            return first
        deadline = start + min(self.seconds_per_turn - self._spent, self.seconds_per_turn / 2)
        totals = [0.0] * len(moves)
        for done in range(self.samples):
            if done and self.clock() > deadline:
                break
            sample = game.determinize(observation, rng, known)
            for index, move in enumerate(moves):
                state = game.apply_unchecked(sample, move)
                totals[index] += self.playout(game, state, me)
        self._spent += self.clock() - start
        best = max(range(len(moves)), key=lambda i: (totals[i], priority(moves[i], me, sizes)))
        return moves[best]

    def playout(self, game: Game[Any, Any], state: GameState, me: str) -> float:
        """Greedy play to the end of this turn and `replies` more, then the value for `me`."""
        turns_left = self.replies + 1 if game.to_move(state) == me else self.replies
        mover = game.to_move(state)
        while mover is not None and turns_left:
            state = greedy_step(game, state, mover)
            now = game.to_move(state)
            if now != mover:
                turns_left -= 1
            mover = now
        return judge(me, game.piles(state), game.outcome(state), PLANNING)


def greedy_step(game: Game[S, Any], state: S, mover: str) -> S:
    """The greedy priority's move, as the greedy player would choose it (ties: the first)."""
    sizes = PileSizes(game.piles(state))
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
