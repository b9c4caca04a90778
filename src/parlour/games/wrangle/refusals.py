"""Why the Wrangle refuses a move, in a player's words, citing the ruling (RULES C-5)."""

from __future__ import annotations

from parlour.core.cards import card_str
from parlour.core.moves import Move
from parlour.games.wrangle.rules import (
    AUX_PER_SEAT,
    PASS,
    PLACES,
    SEATS,
    TURN,
    TURNED,
    WrangleState,
    laid_out,
)


def reason(state: WrangleState, move: Move) -> str:
    """Why a well-formed move is refused, citing the ruling."""
    me = state.mover
    if state.turned and move.source != TURNED[me]:
        return f"the turned card {card_str(state.turned[0])} must be placed first (WR-4)"
    if move == TURN:
        return "your stock is empty: pass, and your waste becomes your stock next turn (WR-5)"
    if move == PASS:
        return "you may pass only when your stock is empty; turn a card (WR-4, WR-5)"
    source, index = PLACES[move.source]
    target, place = PLACES[move.target]
    if source == "waste":
        return "a player's waste cannot be played from (WR-5)"
    if source == "stock" and index != me:
        return f"you turn cards of your own stock, not {SEATS[index]}'s (WR-4)"
    if source == "stock":
        return "turn the top card of your stock with: turn (WR-4)"
    if source == "foundation":
        return "cards on the foundations stay there (WR-2)"
    if source in ("reserve", "turned") and index != me:
        return f"you play from your own {source}, not {SEATS[index]}'s (WR-4)"
    if source == "aux" and target != "foundation":
        return "an auxiliary heap's top plays only to a foundation (WR-4)"
    owner = place // AUX_PER_SEAT if target == "aux" else place
    if target in ("aux", "reserve", "waste") and not laid_out(state, owner):
        return f"{SEATS[1 - state.first]} lays out at the start of his first turn (WR-1)"
    if target in ("reserve", "waste") and source != "turned":
        return "only a turned card goes on a reserve or a waste (WR-4)"
    if target in ("reserve", "waste") and place != me and state.turn == 1:
        return "the opponent may be loaded only from the second turn of the game (WR-4)"
    if target == "stock":
        return "nothing is played to a stock (WR-4)"
    if target == "turned":
        return "only the stock gives a turned card (WR-4)"
    if target == "waste" and place == me:
        return "only a turned card that is not placed goes to the waste (WR-4)"
    if target in ("reserve", "waste"):
        return "a card goes on a reserve or waste of its suit one rank above or below (WR-4)"
    if target == "aux":
        return "auxiliary heaps build down in suit; an empty one takes any card (WR-3)"
    return "foundations build up in suit from the ace; an ace starts one on an empty place (WR-2)"
