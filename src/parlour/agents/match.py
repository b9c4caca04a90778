"""Games between computer players and what a series of them measures.

A duel plays its games in pairs on the same deal with the seats swapped, so both players get
the same cards and the same start in turn; games may run in several worker processes. Each
game reports its outcome and how long each seat thought, per turn of its own.
"""

from __future__ import annotations

import signal
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import BrokenExecutor, Future, ProcessPoolExecutor
from dataclasses import dataclass
from importlib import import_module
from itertools import islice
from random import Random
from typing import Any, NamedTuple

from parlour.agents import make_agent
from parlour.agents.base import Agent
from parlour.core.errors import WorkerLost
from parlour.core.game import DRAW, Game

Clock = Callable[[], float]
GAMES_PER_WORKER = 2  # games handed to each worker process ahead of the one it plays


@dataclass(frozen=True)
class GameResult:
    """One game: its number in the series, the outcome, and per seat the turns played and the
    seconds spent choosing."""

    index: int
    deal: int
    seats: tuple[str, ...]  # the agent name at each seat, in the game's seat order
    outcome: str | None
    turns: tuple[int, ...]
    thinking: tuple[float, ...]


def play_game(
    game: Game[Any, Any],
    agents: Sequence[Agent],
    params: Any,
    deal: int,
    rng: Random,
    *,
    on_move: Callable[[str, Any], None] | None = None,
    clock: Clock = time.perf_counter,
) -> tuple[str | None, list[int], list[float]]:
    """Play one game to its end, `agents[i]` at seat i; returns the outcome, the turns each
    seat played and its seconds of thought. `on_move(seat, move)` sees every move."""
    seats = game.info.seats
    state = game.new(params, deal=deal)
    turns, thinking = [0] * len(seats), [0.0] * len(seats)
    last = None
    while game.outcome(state) is None:
        seat = game.to_move(state)
        if seat is None:  # a game not over always has a seat to move
            raise AssertionError(f"{game.info.id}: no seat to move in a game not over")
        index = seats.index(seat)
        if seat != last:
            turns[index] += 1
            last = seat
        observation = game.observe(state, seat)
        start = clock()
        move = agents[index].choose(game, observation, rng)
        thinking[index] += clock() - start
        if on_move is not None:
            on_move(seat, move)
        state = game.apply(state, move)
    return game.outcome(state), turns, thinking


def _play_one(task: tuple[Game[Any, Any], tuple[str, ...], Any, int, int, int]) -> GameResult:
    game, names, params, deal, index, seed = task
    agents = [make_agent(name) for name in names]
    outcome, turns, thinking = play_game(game, agents, params, deal, Random(seed))
    return GameResult(index, deal, names, outcome, tuple(turns), tuple(thinking))


class Pairing(NamedTuple):
    """One game of a duel: its number, the player at each seat, the deal, and the seed of the
    players' random generator."""

    number: int
    names: tuple[str, str]
    deal: int
    seed: int


def pairings(first: str, second: str, games: int, seed: int) -> Iterator[Pairing]:
    """The games of a duel, one by one (a series may be longer than memory holds): in pairs on
    one deal, `first` in the first seat of the first game of each pair and in the second seat
    of the other; all drawn from `seed`."""
    rng = Random(seed)
    for index in range(games):
        if index % 2 == 0:
            deal = rng.randrange(2**32)
        names = (first, second) if index % 2 == 0 else (second, first)
        yield Pairing(index, names, deal, rng.randrange(2**32))


def duel_games(
    game: Game[Any, Any],
    first: str,
    second: str,
    games: int,
    *,
    params: Any = None,
    seed: int = 0,
    workers: int = 1,
) -> Iterator[GameResult]:
    """`games` games of `first` against `second`, in pairs on one deal with the seats swapped,
    yielded in order as they finish.

    With several workers, a few games a worker are handed out at a time: stopped (a Ctrl-C, or
    left unfinished), the duel waits only for the games being played. The workers ignore
    SIGINT, which a Ctrl-C sends them too: the process that started them decides. A worker
    that dies stops the duel with `WorkerLost`. No more workers start than there are games."""
    chosen = game.info.params_type() if params is None else params
    tasks = (
        (game, pairing.names, chosen, pairing.deal, pairing.number, pairing.seed)
        for pairing in pairings(first, second, games, seed)
    )
    workers = min(workers, games)
    if workers <= 1:
        yield from map(_play_one, tasks)
        return
    pool = ProcessPoolExecutor(workers, initializer=_ignore_sigint)
    try:
        handed: deque[Future[GameResult]] = deque()
        for task in islice(tasks, workers * (1 + GAMES_PER_WORKER)):
            handed.append(pool.submit(_play_one, task))
        while handed:
            result = handed.popleft().result()
            for task in islice(tasks, 1):
                handed.append(pool.submit(_play_one, task))
            yield result
    except BrokenExecutor:
        raise WorkerLost from None
    finally:
        pool.shutdown(cancel_futures=True)


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@dataclass(frozen=True)
class DuelSummary:
    """The series from the first player's side; the win rate counts decided games only."""

    games: int
    wins: int
    draws: int
    losses: int
    win_rate: float | None
    ci_low: float | None
    ci_high: float | None
    seconds_per_turn: float

    def to_json(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__dataclass_fields__}


def summarize(results: Sequence[GameResult], seats: Sequence[str]) -> DuelSummary:
    """Wins, draws and losses of the duel's first player (the first seat of each pair's first
    game, the second of the other: `pairings`), the 95% Wilson interval of its win rate over
    decided games, and its seconds per turn. The seat is told by the game's place in its pair,
    not by name, so that a player against itself is summed up too."""
    wins = draws = losses = turns = 0
    thinking = 0.0
    for result in results:
        position = 0 if result.index % 2 == 0 else 1
        seat = seats[position]
        if result.outcome == DRAW:
            draws += 1
        elif result.outcome == seat:
            wins += 1
        else:
            losses += 1
        turns += result.turns[position]
        thinking += result.thinking[position]
    decided = wins + losses
    low = high = rate = None
    if decided:
        rate = wins / decided
        low, high = wilson(wins, decided)
    return DuelSummary(
        len(results), wins, draws, losses, rate, low, high, thinking / turns if turns else 0.0
    )


def load_statistics() -> None:
    """Loads scipy (seconds, on a cold start) for `wilson`, where a long run is about to need
    its intervals: before the work is handed out, not where a Ctrl-C would wait for it."""
    import_module("scipy.stats")


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a binomial proportion."""
    from scipy.stats import binomtest  # type: ignore[import-untyped]  # heavy: loaded for sums only

    interval = binomtest(successes, trials).proportion_ci(confidence_level=0.95, method="wilson")
    return float(interval.low), float(interval.high)
