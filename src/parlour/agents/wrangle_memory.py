"""What one seat of the Wrangle has seen face up and can still place (WR-7 hides only what was
never shown).

Every turned card is seen by both players, and a waste turned over becomes its owner's stock in
the order it was laid (its bottom card dealt first, WR-5); so after a first pass through a
stock, a player who remembers knows its order, and he knows the cards loaded onto a reserve or a
waste under its top. `Memory` keeps, for both seats' reserves, wastes and stocks, each position
of the pile (in the engine's order: reserve and waste bottom to top, stock next card first) as
the card seen there or None.

It learns from the observations of its own seat alone, one after each of its moves: inside its
turn a move changes the view one step at a time; across the opponent's turn it reads what the
sizes, tops and the WR-6 count allow (without progress the opponent took nothing off a reserve,
so loads only added to it). When an observation does not follow from the last one and the move
chosen there (a hint asked now and then, a game resumed), it starts again from what it sees:
missing memory only means weaker play.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.agents.wrangle_sense import SEATS, opponent
from parlour.core.cards import Card, parse_card
from parlour.core.moves import Move

Known = tuple[Card | None, ...]
Observation = Mapping[str, Any]


def unknown_below(size: int, top: Card | None) -> Known:
    """A reserve or waste of which only the top is seen."""
    return (*(None,) * (size - 1), top) if size else ()


def grown(old: Known, size: int, top: Card | None) -> Known:
    """A reserve or waste that only received cards: the old cards, then those laid on them
    unseen, the last of them the top."""
    if size < len(old) or (size == len(old) and old and old[-1] not in (None, top)):
        return unknown_below(size, top)  # it lost cards after all: trust only the top
    if size == len(old):
        return (*old[:-1], top) if old else ()  # a top uncovered is seen
    return (*old, *(None,) * (size - len(old) - 1), top)


def dealt(source: Known, size: int) -> Known:
    """A stock of `size` cards dealt from the front of `source` (or `source` with cards the
    player never saw put at its end)."""
    if size <= len(source):
        return source[len(source) - size :]
    return (*source, *(None,) * (size - len(source)))


class Memory:
    """The cards one seat has seen in the hidden places of the Wrangle, kept up to date from
    its own observations and the moves it chose."""

    def __init__(self, seat: str) -> None:
        self.seat = seat
        self._piles: dict[str, Known] = {}
        self._last: Observation | None = None
        self._chosen: Move | None = None

    def known(self) -> dict[str, Known]:
        """Each remembered pile, position by position: the card or None."""
        return dict(self._piles)

    def chose(self, move: Move) -> None:
        """The move played from the last observation."""
        self._chosen = move

    def see(self, observation: Observation) -> None:
        """Learn from the next observation of this seat."""
        last, move = self._last, self._chosen
        self._last, self._chosen = observation, None
        if last is None or move is None or observation["player"] != self.seat:
            self._start(observation)
        elif observation["turn"] == last["turn"] and one_step(last, observation, move):
            self._step(observation)
        elif (
            observation["turn"] == last["turn"] + 2
            and ends_turn(move, self.seat)
            and turn_unbegun(observation, self.seat)
        ):
            self._across(last, observation, move)
        else:
            self._start(observation)

    def _start(self, observation: Observation) -> None:
        self._piles = {}
        for seat in SEATS:
            for kind in ("reserve", "waste"):
                name = f"{seat}-{kind}"
                self._piles[name] = unknown_below(size(observation, name), top(observation, name))
            stock = f"{seat}-stock"
            self._piles[stock] = (None,) * size(observation, stock)

    def _step(self, observation: Observation) -> None:
        """One move of this seat: reserves and wastes gain or lose their tops, a stock its
        front card."""
        for seat in SEATS:
            for kind in ("reserve", "waste"):
                name = f"{seat}-{kind}"
                old, now = self._piles[name], size(observation, name)
                kept = old[:now] if now < len(old) else old
                self._piles[name] = grown(kept, now, top(observation, name))
            stock = f"{seat}-stock"
            self._piles[stock] = dealt(self._piles[stock], size(observation, stock))

    def _across(self, last: Observation, observation: Observation, move: Move) -> None:
        """The end of this seat's turn, then the opponent's whole turn."""
        me, other = self.seat, opponent(self.seat)
        piles = self._piles
        if move.is_transfer:  # the turned card went to this seat's waste
            piles[f"{me}-waste"] = (*piles[f"{me}-waste"], top(last, f"{me}-turned"))
        # The opponent's turn: his waste turned over first if his stock was empty (WR-5).
        source = piles[f"{other}-stock"]
        if not source and piles[f"{other}-waste"]:
            source, piles[f"{other}-waste"] = piles[f"{other}-waste"], ()
        piles[f"{other}-stock"] = dealt(source, size(observation, f"{other}-stock"))
        # His waste lost tops to refills, then took at most his last turned card.
        waste, now = piles[f"{other}-waste"], size(observation, f"{other}-waste")
        kept = waste[: now - 1] if 0 < now <= len(waste) + 1 else (None,) * max(now - 1, 0)
        piles[f"{other}-waste"] = (*kept, top(observation, f"{other}-waste"))[:now]
        reserve = f"{other}-reserve"
        if quiet(last, observation):
            piles[reserve] = grown(
                piles[reserve], size(observation, reserve), top(observation, reserve)
            )
        else:
            piles[reserve] = unknown_below(size(observation, reserve), top(observation, reserve))
        # This seat's piles were only loaded; then its own waste turned over if its stock was
        # empty (WR-5).
        for kind in ("reserve", "waste"):
            name = f"{me}-{kind}"
            if kind == "waste" and not piles[f"{me}-stock"] and size(observation, f"{me}-stock"):
                piles[f"{me}-stock"] = dealt(piles[name], size(observation, f"{me}-stock"))
                piles[name] = ()
            piles[name] = grown(piles[name], size(observation, name), top(observation, name))
        if len(piles[f"{me}-stock"]) != size(observation, f"{me}-stock"):
            piles[f"{me}-stock"] = (None,) * size(observation, f"{me}-stock")


def size(observation: Observation, name: str) -> int:
    return int(observation["sizes"][name])


def top(observation: Observation, name: str) -> Card | None:
    cards = observation["piles"][name]
    return parse_card(cards[-1]) if cards else None


def quiet(last: Observation, observation: Observation) -> bool:
    """Whether the opponent's turn made no progress (WR-6): then no card left a reserve and no
    heap was refilled from a waste."""
    after_mine = 0 if last["progress_this_turn"] else last["turns_without_progress"] + 1
    return bool(observation["turns_without_progress"] == after_mine + 1)


def turn_unbegun(observation: Observation, seat: str) -> bool:
    """Whether nothing shows a move of `seat` in its turn yet: no card turned and no progress
    (a move missed from the turn's start would leave the memory a step behind)."""
    return not observation["progress_this_turn"] and not size(observation, f"{seat}-turned")


def ends_turn(move: Move, seat: str) -> bool:
    """A pass, or the turned card put on the player's own waste (WR-4, WR-5)."""
    if not move.is_transfer:
        return move.action == "pass"
    return move.source == f"{seat}-turned" and move.target == f"{seat}-waste"


def one_step(last: Observation, observation: Observation, move: Move) -> bool:
    """Whether the sizes changed exactly as `move` changes them (an auxiliary heap emptied by
    a foundation play may be refilled from the mover's waste, WR-3)."""
    change = {
        name: observation["sizes"][name] - count
        for name, count in last["sizes"].items()
        if observation["sizes"][name] != count
    }
    seat = last["player"]
    if not move.is_transfer:
        expected = {f"{seat}-stock": -1, f"{seat}-turned": 1} if move.action == "turn" else {}
        return change == expected
    plain = {move.source: -1, move.target: 1}
    refilled = {move.target: 1, f"{seat}-waste": -1}
    return change in (plain, refilled)
