"""Choosing a game, its parameters and its deal from command-line options, the same way in
every command."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from parlour.core.cards import Card, parse_cards
from parlour.core.errors import ParamsError
from parlour.core.game import Game
from parlour.core.params import params_from
from parlour.core.session import Session
from parlour.core.words import PATH_ECHO_LIMIT, clipped
from parlour.games import get_game
from parlour.store.records import load_record


@dataclass(frozen=True)
class DealChoice:
    """A game with its parameters and either a deal number or an explicit deck."""

    game: Game[Any, Any]
    params: Any
    deal: int | None
    deck: tuple[Card, ...] | None

    def new_state(self) -> Any:
        return self.game.new(self.params, deal=self.deal, deck=self.deck)


def game_with_params(game_id: str, **chosen: str | None) -> tuple[Game[Any, Any], Any]:
    """The game and its parameters read from the options, for commands that take no deal."""
    game = get_game(game_id)
    return game, params_from(game.info.params_type, chosen)


def choose(
    game_id: str,
    *,
    deal: int | None,
    cards: str | None,
    default_deal: int | None = None,
    **chosen: str | None,
) -> DealChoice:
    """Read the options; `chosen` holds a value or None for each parameter option (`variant`,
    `mode`, `first` …). Raises a `ParlourError` subclass with a message for the user."""
    game, params = game_with_params(game_id, **chosen)
    if deal is not None and cards is not None:
        raise ParamsError("give --deal or --cards, not both")
    if deal is None and cards is None:
        if default_deal is None:
            raise ParamsError("give a deal number with --deal N or a deck with --cards")
        deal = default_deal
    deck = None if cards is None else game.accept_deck(params, parse_cards(cards))
    return DealChoice(game, params, deal, deck)


def new_session(
    game_id: str | None,
    deal: int | None,
    cards: str | None,
    options: dict[str, str | None],
    load: Path | None = None,
    auto: bool | None = None,
) -> Session[Any]:
    """A session of a saved game (`load`; `game_id`, if given, must be its game), or of a deal
    chosen by the options, a random deal when neither a number nor a deck is given. `auto`
    None keeps a saved game's automatic moves as they were, and leaves a new one's off."""
    if load is not None:
        return _loaded(game_id, deal, cards, options, load, auto)
    if not game_id:
        raise ParamsError("say which game (parlour games lists them), or --load FILE")
    return _new(game_id, deal, cards, options, auto)


def _new(
    game_id: str,
    deal: int | None,
    cards: str | None,
    options: dict[str, str | None],
    auto: bool | None,
) -> Session[Any]:
    default = get_game(game_id).random_deal() if deal is None and cards is None else None
    choice = choose(game_id, deal=deal, cards=cards, default_deal=default, **options)
    return Session(
        choice.game, choice.params, deal=choice.deal, deck=choice.deck, autoplay=bool(auto)
    )


def _loaded(
    game_id: str | None,
    deal: int | None,
    cards: str | None,
    options: dict[str, str | None],
    load: Path,
    auto: bool | None,
) -> Session[Any]:
    given = [f"--{name}" for name, value in options.items() if value is not None]
    given += [flag for flag, value in (("--deal", deal), ("--cards", cards)) if value is not None]
    if given:
        raise ParamsError(f"--load resumes a game as it was saved: leave out {', '.join(given)}")
    record = load_record(load)
    if game_id and record.game != game_id:
        saved = f"{clipped(str(load), PATH_ECHO_LIMIT)} holds a game of {clipped(record.game)}"
        raise ParamsError(f"{saved}, not of {game_id}")
    kept = {} if auto is None else {"autoplay": auto}
    return Session.from_record(get_game(record.game), record, **kept)
