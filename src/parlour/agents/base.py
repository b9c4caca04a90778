"""What an agent is, and what a game must offer an agent that imagines the cards it cannot see.

An agent plays from observations alone (RULES WR-7): `choose` receives the game, the
observation of the seat to move (with its legal moves) and a random generator, and returns one
of those legal moves. Agents keep no secret knowledge of the state they are given; a player
may remember its own earlier observations, as a person at the table would.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any, Protocol, runtime_checkable

from parlour.core.cards import Card
from parlour.core.game import Game
from parlour.core.moves import Move

Observation = Mapping[str, Any]


class Agent(Protocol):
    """A computer player."""

    name: str
    description: str  # who it is, in the lobbies' words: "a greedy player"

    def choose(self, game: Game[Any, Any], observation: Observation, rng: Random) -> Move:
        """One of `observation["legal_moves"]`."""


@runtime_checkable
class Determinizable(Protocol):
    """A game that can deal the unseen cards of an observation into a full state: a sample of
    what the position may be, consistent with everything the player sees and, given `known`
    (pile name to a card or None per position), with what he remembers having seen; given
    `unshown` (seat to the cards of its own pack not yet seen), each seat's stock and reserve
    hold those first."""

    def determinize(
        self,
        observation: Observation,
        rng: Random,
        known: Mapping[str, Sequence[Card | None]] | None = None,
        unshown: Mapping[str, Sequence[Card]] | None = None,
    ) -> Any: ...
