// Reading `observation.legal_moves` (docs/web.md): the page never decides a rule itself.

const CARD_ACTIONS = new Set(["discard", "swap", "throw"]);

/** A legal move split into what the page needs: a transfer, a move naming cards, or an action. */
export function readMove(text) {
  const [word, ...rest] = text.trim().split(/\s+/);
  if (CARD_ACTIONS.has(word)) return { kind: "cards", text, word, cards: rest };
  const arrow = text.indexOf(">");
  if (arrow > 0 && !text.includes(" ")) {
    return { kind: "transfer", text, from: text.slice(0, arrow), to: text.slice(arrow + 1) };
  }
  return { kind: "action", text, word };
}

/** The legal moves of an observation, grouped for the board and the buttons. */
export class LegalMoves {
  constructor(list) {
    this.all = list.map(readMove);
    this.transfers = this.all.filter((m) => m.kind === "transfer");
    this.cardMoves = this.all.filter((m) => m.kind === "cards");
    this.actions = this.all.filter((m) => m.kind === "action");
  }

  /** Piles a card can be picked up from. */
  sources() {
    return new Set(this.transfers.map((m) => m.from));
  }

  /** Piles the top card of `from` may be put on. */
  targets(from) {
    return new Set(this.transfers.filter((m) => m.from === from).map((m) => m.to));
  }

  /** Card moves (discard, swap, throw) naming every card of `chosen` (a multiset of names). */
  cardMovesWith(chosen) {
    return this.cardMoves.filter((m) => containsAll(m.cards, chosen));
  }

  /** Card names that take part in some card move. */
  cardsInMoves() {
    return new Set(this.cardMoves.flatMap((m) => m.cards));
  }
}

function containsAll(cards, chosen) {
  const left = [...cards];
  for (const card of chosen) {
    const i = left.indexOf(card);
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return true;
}

/** Whether two lists hold the same card names, in any order. */
export function sameCards(a, b) {
  return a.length === b.length && containsAll(a, b);
}
