"""Random legal play to the end, as tests and benchmarks use it.

Building back and forth between two piles can go on for ever in the two-pack games, so a random
player here never returns to a position it has seen: it stops when every legal move would repeat
one, as a person would give up there.
"""

from __future__ import annotations

from random import Random
from typing import Any

from parlour.core.game import Game
from parlour.core.moves import Move


def random_playout(game: Game[Any, Any], state: Any, rng: Random, limit: int) -> list[Any]:
    """Every state of one random game from `state`, at most `limit` moves long."""
    return [state for state, _ in random_line(game, state, rng, limit)]


def random_line(
    game: Game[Any, Any], state: Any, rng: Random, limit: int
) -> list[tuple[Any, Move | None]]:
    """One random game as (state, the move that led to it) pairs; the first move is None."""
    line: list[tuple[Any, Move | None]] = [(state, None)]
    seen = {game.key(state)}
    for _ in range(limit):
        if game.outcome(state) is not None:
            break
        moves = list(game.legal_moves(state))
        rng.shuffle(moves)
        following = ((game.apply_unchecked(state, move), move) for move in moves)
        fresh = next((pair for pair in following if game.key(pair[0]) not in seen), None)
        if fresh is None:
            break
        state = fresh[0]
        seen.add(game.key(state))
        line.append(fresh)
    return line
