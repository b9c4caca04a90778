"""The rules core: cards, deals, moves, the game interface, sessions and records.

Standard library only, no I/O: every front end, the solver and the agents build on this.
"""

from parlour.core.cards import Card, card_str, cards_str, parse_card, parse_cards
from parlour.core.errors import (
    CardError,
    DeckError,
    IllegalMove,
    NotationError,
    ParamsError,
    ParlourError,
    RecordError,
    UnknownGame,
)
from parlour.core.game import DRAW, LOST, WON, Game, GameInfo, Visibility
from parlour.core.moves import Move, action, parse_move, transfer
from parlour.core.record import GameRecord, replay
from parlour.core.session import Session

__all__ = [
    "DRAW",
    "LOST",
    "WON",
    "Card",
    "CardError",
    "DeckError",
    "Game",
    "GameInfo",
    "GameRecord",
    "IllegalMove",
    "Move",
    "NotationError",
    "ParamsError",
    "ParlourError",
    "RecordError",
    "Session",
    "UnknownGame",
    "Visibility",
    "action",
    "card_str",
    "cards_str",
    "parse_card",
    "parse_cards",
    "parse_move",
    "replay",
    "transfer",
]
