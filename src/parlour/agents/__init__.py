"""Computer players for two-player games, by name: `random`, `greedy` and `strong`.

They work on the `Game` interface and on observations alone; none imports a game.
"""

from __future__ import annotations

from collections.abc import Callable

from parlour.agents.base import Agent, Determinizable
from parlour.agents.simple import GreedyAgent, RandomAgent
from parlour.agents.strong import StrongAgent
from parlour.core.errors import ParlourError

AGENTS: dict[str, Callable[[], Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "strong": StrongAgent,
}
DEFAULT_AGENT = "greedy"  # the opponent when none is named
HUMAN = "human"  # the opponent who is a person: at a table for two, or at the same keyboard


def describe(name: str) -> str:
    """The words for the player `name`, as the lobbies offer it ("a greedy player"). Read from
    a new player, not from its class: a compiled class (the strong player's) keeps a class
    attribute as a descriptor of its instances."""
    return AGENTS[name]().description


def make_agent(name: str) -> Agent:
    """A new player of the kind `name`, or an error listing the kinds there are."""
    try:
        return AGENTS[name]()
    except KeyError:
        raise ParlourError(
            f'there is no player "{name}": choose from {", ".join(AGENTS)}'
        ) from None


__all__ = [
    "AGENTS",
    "DEFAULT_AGENT",
    "HUMAN",
    "Agent",
    "Determinizable",
    "describe",
    "make_agent",
]
