"""The exact decision of Royal Marriage as dealt (RM-4), on rows of plain ints.

As dealt, the player's only choice is the order of the discards that follow each card, and a
grace comes only after the last card, when no discard is left. So the game is a search over
rows: deal when no discard is possible, else try each discard. A row fixes the rest of the
game (its last card is the last one dealt, which fixes the stock), so rows already tried are
remembered and never tried twice; the several orders of discards after a card lead to a small
set of rows. Only the discards a change can create are looked for after it (`spans_across`),
the others being carried over. The end, with the stock dealt, is the caller's to decide (the
graces and free discarding, see `royal_marriage_exact`).
"""

from __future__ import annotations

from collections.abc import Callable

from parlour.core.cards import Card
from parlour.core.moves import Move
from parlour.games.royal_marriage_rows import Span, Variant, discard_spans, spans_onto, without

Row = tuple[Card, ...]
Step = tuple[Card, ...] | None  # a discarded group, or None for dealing the next card
Finish = Callable[[Row], tuple[Move, ...] | None]  # the end's winning moves from a row, or None


class DealtSearch:
    """Whether a row and its stock can be won, and the steps that win it."""

    def __init__(self, stock: Row, variant: Variant, finish: Finish) -> None:
        self.stock = stock
        self.variant = variant
        self.finish = finish
        self.tried: set[Row] = set()
        self.reversed_line: list[Step] = []  # the winning steps, last first, once found
        self.end: tuple[Move, ...] = ()  # the end's winning moves, once found

    def line(self, row: Row) -> tuple[list[Step], tuple[Move, ...]] | None:
        """The steps that win from `row` with the whole stock still to deal and the end's
        moves after them, or None when no order of discards wins."""
        if not self._wins(row, discard_spans(row, self.variant), 0):
            return None
        return self.reversed_line[::-1], self.end

    def _wins(self, row: Row, spans: list[Span], dealt: int) -> bool:
        """Plays on from `row` while there is no choice (one discard, or none and a card to
        deal), then tries each discard of the next choice, or decides the end."""
        stock, variant = self.stock, self.variant
        forced: list[Step] = []
        while len(spans) == 1 or (not spans and dealt < len(stock)):
            if spans:
                start, stop = spans[0]
                forced.append(row[start:stop])
                row, spans = without(row, spans, spans[0], variant)
            else:
                forced.append(None)
                spans = spans_onto(row, stock[dealt], variant)
                row += (stock[dealt],)
                dealt += 1
        if row in self.tried:
            return False
        self.tried.add(row)
        if spans:
            won = any(self._after_discard(row, spans, span, dealt) for span in spans)
        else:
            end = self.finish(row)
            won = end is not None
            self.end = end or ()
        if won:
            self.reversed_line += forced[::-1]
        return won

    def _after_discard(self, row: Row, spans: list[Span], span: Span, dealt: int) -> bool:
        if self._wins(*without(row, spans, span, self.variant), dealt):
            self.reversed_line.append(row[span[0] : span[1]])
            return True
        return False
