"""Every error Parlour raises for bad input is a `ParlourError`, so a front end can catch one type.

They subclass `ValueError`: each one means "this input is not acceptable" (or, for a long run,
that it cannot go on and why), never a crash.
"""


class ParlourError(ValueError):
    """Bad input: a card, deck, move, parameter, game or file that cannot be accepted."""


class CardError(ParlourError):
    """Text that does not name a card (RULES C-1)."""


class DeckError(ParlourError):
    """A deal that cannot be dealt: a deal number out of range (RULES C-2), or an explicit deck
    that is not exactly the game's cards (C-3)."""


class NotationError(ParlourError):
    """Text that is not a move in Parlour's notation (RULES C-5)."""


class IllegalMove(ParlourError):
    """A well-formed move that the rules do not allow now (RULES C-5); nothing changes."""


class ParamsError(ParlourError):
    """An unknown variant, mode or parameter value."""


class UnknownGame(ParlourError):
    """A game id that is not registered."""


class RecordError(ParlourError):
    """A saved game that cannot be read, or that does not replay."""


class WorkerLost(ParlourError):
    """A worker process of a long run ended abruptly (killed, or out of memory): the run stops,
    keeping what its other workers finished."""

    def __init__(self, why: str = "a worker process ended abruptly (killed, or out of memory?)"):
        super().__init__(why)
