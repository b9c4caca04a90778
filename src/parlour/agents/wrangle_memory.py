"""What one seat of the Wrangle has seen face up and can still place (WR-7 hides only what was
never shown).

Every turned card is seen by both players, and a waste turned over becomes its owner's stock in
the order it was laid (its bottom card dealt first, WR-5); so after a first pass through a
stock, a player who remembers knows its order, and he knows the cards loaded onto a reserve or a
waste under its top. `Memory` keeps, for both seats' reserves, wastes and stocks, each position
of the pile (in the engine's order: reserve and waste bottom to top, stock next card first) as
the card seen there or None.

Each seat's stock and reserve begin as one whole pack (WR-1), so the cards a seat holds unseen
are, but for a few loaded onto a reserve unseen, those of its own pack never shown. A card first
seen in this seat's turn came from its own pack (turned from its stock, uncovered in its
reserve); one first seen across the opponent's turn, from his. `Memory.unshown` gives, for
each seat, the cards of its pack not yet seen, so that samples deal each seat its own.

It learns from the observations of its own seat alone, one after each of its moves: inside its
turn a move changes the view one step at a time; across the opponent's turn it reads what the
sizes, tops and the WR-6 count allow (without progress the opponent took nothing off a reserve,
so loads only added to it; a reserve whose top is the card seen at that place before only lost
cards). When an observation does not follow from the last one and the move chosen there (a
hint asked now and then, a game resumed), it starts again from what it sees: missing memory
only means weaker play.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from parlour.agents.wrangle_sense import SEATS, opponent
from parlour.core.cards import Card, one_pack, parse_card
from parlour.core.moves import Move

Known = tuple[Card | None, ...]
Observation = Mapping[str, Any]
LAID_OUT_STOCK = 35  # a pack less the reserve of 13 and the four heaps (WR-1)


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
        self._shown: dict[str, set[Card]] = {seat: set() for seat in SEATS}  # by pack
        self._ever: Counter[Card] = Counter()  # the most copies of each card in sight at once
        self._floor: int | None = None  # the fewest cards this seat's reserve has held
        self._first_pass = True  # this seat's stock not yet turned over (WR-5)

    def known(self) -> dict[str, Known]:
        """Each remembered pile, position by position: the card or None."""
        return dict(self._piles)

    def unshown(self) -> dict[str, tuple[Card, ...]]:
        """For each seat, the cards of its own pack this seat has not seen come from it."""
        return {
            seat: tuple(card for card in one_pack() if card not in self._shown[seat])
            for seat in SEATS
        }

    def chose(self, move: Move) -> None:
        """The move played from the last observation."""
        self._chosen = move

    def see(self, observation: Observation) -> None:
        """Learn from the next observation of this seat."""
        last, move = self._last, self._chosen
        self._last, self._chosen = observation, None
        if last is None or move is None or observation["player"] != self.seat:
            self._start(observation)
            self._attribute_start(observation)
        elif observation["turn"] == last["turn"] and one_step(last, observation, move):
            front = self._piles[f"{self.seat}-stock"][:1]
            self._step(observation)
            self._attribute_step(observation, move.action == "turn" and front == (None,))
        elif (
            observation["turn"] == last["turn"] + 2
            and ends_turn(move, self.seat)
            and turn_unbegun(last, observation, self.seat)
        ):
            self._across(last, observation, move)
            self._attribute(observation, opponent(self.seat))
        else:
            self._start(observation)
            self._floor, self._first_pass = None, False  # not known: credit no one
            self._attribute(observation, None)

    def _attribute_start(self, observation: Observation) -> None:
        """The first sight of a game: before this seat's first move, it sees its own layout
        and, if it began second, the opponent's first turn (C-6: its own cards are laid out as
        that turn ends, on heaps no one has built on yet)."""
        stock = size(observation, f"{self.seat}-stock")
        if observation["turn"] > 2 or stock < LAID_OUT_STOCK or observation["progress_this_turn"]:
            self._floor, self._first_pass = None, False  # not known: credit no one
            self._attribute(observation, None)  # a game joined midway: whose card is whose?
            return
        self._floor, self._first_pass = size(observation, f"{self.seat}-reserve"), True
        mine = [f"{self.seat}-reserve", *(f"{self.seat}-aux-{n}" for n in range(1, 5))]
        own = Counter(card for name in mine for card in cards_in(observation, name))
        self._attribute(observation, opponent(self.seat), own, self.seat)

    def _attribute_step(self, observation: Observation, unknown_turned: bool) -> None:
        """A card first seen after this seat's own move is of its own pack (turned from its
        stock, uncovered in its reserve), but for one the opponent loaded unseen, under a
        later load: a reserve top above every place the reserve has held since it was laid
        out, or a card turned from a waste turned over (WR-5) at a place never seen."""
        reserve, turned = f"{self.seat}-reserve", f"{self.seat}-turned"
        now = size(observation, reserve)
        loaded = Counter(cards_in(observation, reserve))
        if self._floor is not None and now <= self._floor:
            loaded, self._floor = Counter(), now  # a place held since the layout
        if unknown_turned and not self._first_pass:
            loaded.update(cards_in(observation, turned))
        loader = None if self._floor is None else opponent(self.seat)  # None: not known
        self._attribute(observation, self.seat, loaded, loader)

    def _attribute(
        self,
        observation: Observation,
        mover: str | None,
        first: Counter[Card] | None = None,
        first_seat: str | None = None,
    ) -> None:
        """Credit each copy of a card newly in sight to the pack of `mover`, whose turn showed
        it, but the first `first` of them to `first_seat`'s; None: to no one."""
        for card, count in Counter(self._remembered(observation)).items():
            new = count - self._ever[card]
            if new <= 0:
                continue
            self._ever[card] = count
            early = 0 if first is None else min(new, first[card])
            for seat in [first_seat] * early + [mover] * (new - early):
                if seat is not None:  # one copy a pack: a second one is the other pack's
                    pack = seat if card not in self._shown[seat] else opponent(seat)
                    self._shown[pack].add(card)

    def _remembered(self, observation: Observation) -> list[Card]:
        """Every card in sight or remembered where it lies."""
        cards = [card for known in self._piles.values() for card in known if card is not None]
        for name, shown in observation["piles"].items():
            if name not in self._piles:
                cards += [parse_card(text) for text in shown]
        return cards

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
        now, shown = size(observation, reserve), top(observation, reserve)
        if quiet(last, observation):
            piles[reserve] = grown(piles[reserve], now, shown)
        elif 0 < now <= len(piles[reserve]) and piles[reserve][now - 1] == shown:
            piles[reserve] = piles[reserve][:now]  # its top card seen there: cards only left
        else:
            piles[reserve] = unknown_below(now, shown)
        # This seat's piles were only loaded; then its own waste turned over if its stock was
        # empty (WR-5).
        for kind in ("reserve", "waste"):
            name = f"{me}-{kind}"
            if kind == "waste" and not piles[f"{me}-stock"] and size(observation, f"{me}-stock"):
                piles[f"{me}-stock"] = dealt(piles[name], size(observation, f"{me}-stock"))
                piles[name], self._first_pass = (), False
            piles[name] = grown(piles[name], size(observation, name), top(observation, name))
        if len(piles[f"{me}-stock"]) != size(observation, f"{me}-stock"):
            piles[f"{me}-stock"] = (None,) * size(observation, f"{me}-stock")


def cards_in(observation: Observation, name: str) -> list[Card]:
    return [parse_card(text) for text in observation["piles"].get(name, ())]


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


def turn_unbegun(last: Observation, observation: Observation, seat: str) -> bool:
    """Whether nothing shows a move of `seat` in its turn yet: no card in hand, its stock as
    its last move left it (unless that emptied it: its waste may have been turned over since,
    WR-5) and no progress (a move missed from the turn's start, such as a card loaded on the
    opponent, would leave the memory a step behind)."""
    stock = size(last, f"{seat}-stock")
    untouched = not stock or size(observation, f"{seat}-stock") == stock
    return (
        untouched
        and not observation["progress_this_turn"]
        and not size(observation, f"{seat}-turned")
    )


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
