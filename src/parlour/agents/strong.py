"""The strong player: a determinized search that plays each choice out to the game's end,
with the cards it remembers.

A Wrangle choice shows its worth only much later: whether a reserve gets out before the locks
set in (most games end in the WR-6 draw). The player keeps a memory of what it has seen face up
(`wrangle_memory`): after its first pass through its stock it knows the stock's order, it knows
the cards loaded under reserve and waste tops, and it knows which pack each card it has seen
came from. At each choice it deals only the cards it has never seen, at random and consistently
with the observation and the memory (`Determinizable`), each seat's stock and reserve taking
the cards of its own pack never seen (WR-1), `samples` times; on each sample every distinct
candidate move is played, then the rest of this turn and `replies` further whole turns by the
greedy priority, which nearly always reaches the game's end: a line is worth its outcome. Lines
that end alike (mostly drawn) are told apart by the race two turns on (`wrangle_judge`: cards
held, a reserve card counting four, an emptied reserve twenty; the opponent's burden less its
own). The move with the best totals over the samples is chosen; the same samples serve every
candidate, so their comparison is fair, and ties go to the greedy priority. Thinking is bounded
per turn: past the budget, the greedy choice is played at once. The budget counts the processor
time of the thread thinking, so that a busy machine neither cuts its thought short nor changes
what it plays for a seed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from random import Random
from typing import Any

from parlour.agents.base import Determinizable, Observation
from parlour.agents.simple import legal
from parlour.agents.wrangle_judge import Weights, judge
from parlour.agents.wrangle_memory import Memory
from parlour.agents.wrangle_sense import PileSizes, place, priority
from parlour.core.game import Game, GameState, S
from parlour.core.moves import Move

Clock = Callable[[], float]
PLANNING = Weights(reserve=4.0, cleared=20.0, progress=0.0, mine=1.0)
SAMPLES = 2
REPLIES = 400  # whole turns played out: nearly every line to the game's end
RACE_REPLIES = 2  # whole turns after which a line's race is judged, to break ties


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
        move = self._decide(game, observation, memory, rng)
        memory.chose(move)
        return move

    def _decide(
        self,
        game: Any,  # a Game that is Determinizable, which `choose` checked
        observation: Observation,
        memory: Memory,
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
        ends = [0.0] * len(moves)
        races = [0.0] * len(moves)
        known, unshown = memory.known(), memory.unshown()
        for done in range(self.samples):
            if done and self.clock() > deadline:
                break
            sample = game.determinize(observation, rng, known, unshown)
            for index, move in enumerate(moves):
                end, race = self.playout(game, game.apply_unchecked(sample, move), me)
                ends[index] += end
                races[index] += race
        self._spent += self.clock() - start
        best = max(
            range(len(moves)), key=lambda i: (ends[i], races[i], priority(moves[i], me, sizes))
        )
        return moves[best]

    def playout(self, game: Game[Any, Any], state: GameState, me: str) -> tuple[float, float]:
        """Greedy play to the end of this turn and `replies` more: the value for `me` then,
        and the race after `RACE_REPLIES` of them (or at the end, if sooner), which tells
        apart lines that end alike (most end drawn, WR-6)."""
        mine = game.to_move(state) == me
        turns_left = self.replies + 1 if mine else self.replies
        race_at = turns_left - (RACE_REPLIES + 1 if mine else RACE_REPLIES)
        race = None
        mover = game.to_move(state)
        while mover is not None and turns_left:
            state = greedy_step(game, state, mover)
            now = game.to_move(state)
            if now != mover:
                turns_left -= 1
                if turns_left == race_at:
                    race = judge(me, game.piles(state), game.outcome(state), PLANNING)
            mover = now
        end = judge(me, game.piles(state), game.outcome(state), PLANNING)
        return end, end if race is None else race


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
