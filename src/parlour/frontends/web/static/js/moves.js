// Reading `observation.legal_moves` and `card_choices` (docs/web.md): the page never decides a
// rule itself.

/** A legal move split into what the page needs: a transfer, a move naming cards (a word, then
 *  the cards, RULES C-5), or an action. */
export function readMove(text) {
  const [word, ...rest] = text.trim().split(/\s+/);
  if (rest.length) return { kind: "cards", text, word, cards: rest };
  const arrow = text.indexOf(">");
  if (arrow > 0 && !text.includes(" ")) {
    return { kind: "transfer", text, from: text.slice(0, arrow), to: text.slice(arrow + 1) };
  }
  return { kind: "action", text, word };
}

/** The legal moves of an observation, grouped for the board and the buttons: those it lists,
 *  and its card choices (any `size` cards of `cards`: a grace, offered once). */
export class LegalMoves {
  constructor(list, choices = []) {
    this.all = list.map(readMove);
    this.transfers = this.all.filter((m) => m.kind === "transfer");
    this.cardMoves = this.all.filter((m) => m.kind === "cards");
    this.actions = this.all.filter((m) => m.kind === "action");
    this.choices = choices;
  }

  /** Whether some move names cards of the row (a discard, a swap, a throw). */
  hasCardMoves() {
    return this.cardMoves.length > 0 || this.choices.length > 0;
  }

  /** Piles a card can be picked up from. */
  sources() {
    return new Set(this.transfers.map((m) => m.from));
  }

  /** Piles the top card of `from` may be put on. */
  targets(from) {
    return new Set(this.transfers.filter((m) => m.from === from).map((m) => m.to));
  }

  /** Card moves (discard, swap, throw) naming every card of `chosen` (a multiset of names).
   *  A choice that `chosen` begins but does not complete stands as one move naming all the
   *  cards it may take, with no text; a move of a choice carries the choice's `note`. */
  cardMovesWith(chosen) {
    const listed = this.cardMoves.filter((m) => containsAll(m.cards, chosen));
    const begun = this.choices.filter((c) => chosen.length <= c.size && containsAll(c.cards, chosen));
    return [...listed, ...begun.map((c) => {
      const family = { kind: "cards", word: c.action, note: c.note ?? "" };
      if (chosen.length < c.size) return { ...family, text: null, cards: c.cards };
      const cards = c.cards.filter((card) => chosen.includes(card));  // in the row's order
      return { ...family, text: `${c.action} ${cards.join(" ")}`, cards };
    })];
  }

  /** Card names that take part in some card move: those the listed moves name, or, when
   *  there are none, those a choice may take (a grace takes any card of the row, so marking
   *  them beside the discards would hide the discards). */
  cardsInMoves() {
    const listed = this.cardMoves.flatMap((m) => m.cards);
    return new Set(listed.length ? listed : this.choices.flatMap((c) => c.cards));
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
