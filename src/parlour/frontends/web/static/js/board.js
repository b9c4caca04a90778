// The table: draws an observation in its game's layout and turns clicks and drags into moves.
// Every move is only proposed here; the server checks it and says why when it refuses.

import { cardBack, cardFace, cardWords } from "./cards.js";
import { capitalized, h } from "./dom.js";
import { LegalMoves, sameCards } from "./moves.js";

const DRAG_THRESHOLD = 6;
const TAP_CLICK_MS = 800;  // a browser's click follows its tap within this, when it makes one
const ACTIVATE_KEYS = new Set(["Enter", " "]);
// The arrows move the focus over the table, to the nearest place that way: the table is one
// stop of the Tab key, where forty piles would take forty presses to cross.
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const STOPS = "[data-stop]";
const CARD_NAME = /^[A2-9TJQK][SHDC]$/;
// A transfer, a card, or a pile's name of more than one word, in the server's words.
const NOTATION = /\b([a-z][\w-]*>[a-z][\w-]*)|\b([A2-9TJQK][SHDC])\b|\b([a-z]+(?:-[A-Za-z0-9]+)+)\b/g;

/** What each highlight means, for those who do not see it: said after a place's label. */
const MARK_WORDS = {
  selected: "picked up", target: "it can go here", movable: "can move", "hint-from": "the hint takes from here",
  "hint-to": "the hint puts it here", chosen: "chosen", "can-act": "can go", "hint-card": "in the hint",
};

/** Sets an element's highlights (`marks`, class name -> on) and says them in its label. */
function marked(el, marks) {
  const said = [];
  for (const [mark, on] of Object.entries(marks)) {
    el.classList.toggle(mark, on);
    if (on) said.push(MARK_WORDS[mark]);
  }
  if (el.dataset.label) el.setAttribute("aria-label", [el.dataset.label, ...said].join("; "));
}

/** Where `stop` stands within its pile's element: the card of a row and its place among
 *  the row's stops, which the next card takes once it is discarded; nothing for a pile. */
function placeIn(pileEl, stop) {
  if (!pileEl || !stop.matches(`[data-card]${STOPS}`)) return { card: null, index: null };
  return { card: stop.dataset.card, index: [...pileEl.querySelectorAll(STOPS)].indexOf(stop) };
}

export class Board {
  /**
   * @param {HTMLElement} root where the table is drawn
   * @param {{move: (text: string) => void, say: (text: string) => void,
   *          choices: (moves: string[], complete?: boolean) => void,
   *          neverPlayedFrom: (pile: string) => string | undefined}} hooks (the last: the
   *          game's words for a pile no card is ever played from)
   */
  constructor(root, hooks) {
    this.root = root;
    this.hooks = hooks;
    this.obs = null;
    this.idle = null;
    this.legal = new LegalMoves([]);
    this.selected = null;
    this.chosen = [];
    this.hint = null;
    this.drag = null;
    this.narrow = window.matchMedia("(max-width: 700px)");
    this.short = window.matchMedia("(max-height: 500px) and (orientation: landscape)");
    for (const screen of [this.narrow, this.short]) {
      screen.addEventListener("change", () => this.draw());
    }
    root.addEventListener("click", (e) => this.onClick(e));
    root.addEventListener("pointerdown", (e) => this.onPointerDown(e));
    root.addEventListener("focusin", (e) => {
      if (e.target instanceof Element && e.target.matches(STOPS)) this.rove(e.target);
    });
    root.addEventListener("keydown", (e) => {
      if (!(e.target instanceof Element) || !e.target.matches(STOPS)) return;
      if (e.key in ARROWS || e.key === "Home" || e.key === "End") {
        e.preventDefault();
        this.moveFocus(e.target, e.key);
      } else if (ACTIVATE_KEYS.has(e.key)) {
        e.preventDefault();
        const top = e.target.matches("[data-card]") ? e.target : e.target.querySelector("[data-card]:last-of-type");
        (top ?? e.target).click();
      }
    });
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape") this.putDown();
    });
  }

  /** @param {string | null} idle why no move can be made now, where the page knows it (a
   *  table still waiting for its second player) */
  show(obs, layout, idle = null) {
    this.obs = obs;
    this.layout = layout;
    this.idle = idle;
    this.legal = new LegalMoves(obs.legal_moves, obs.card_choices ?? []);
    this.selected = null;
    this.chosen = [];
    this.hint = null;
    this.draw();
  }

  /** On a narrow screen, scrolls the layout's `home` pile into sight (the player's own side
   *  of a table taller than the screen), when the player's turn comes. */
  bringHome() {
    if (!this.layout?.home || this.formName() !== "narrow") return;
    this.root.querySelector(`[data-pile="${this.layout.home}"]`)?.scrollIntoView({ block: "nearest" });
  }

  /** Mark the solver's suggestion: its piles, its cards or its button. */
  showHint(move) {
    this.hint = move;
    this.mark();
  }

  /** The layout's form for this screen: short, where the layout has one, on a screen wider
   *  than high and too low for the other forms (a phone held sideways); else narrow on a
   *  phone, wide on a larger screen. */
  formName() {
    if (this.short.matches && this.layout.short) return "short";
    return this.narrow.matches ? "narrow" : "wide";
  }

  draw() {
    if (!this.obs || !this.layout) return;
    const formName = this.formName();
    const form = this.layout[formName];
    const grid = h("div", {
      class: `grid game-${this.obs.game}`,
      "data-form": formName,
      style: {
        "grid-template-areas": form.areas.map((r) => `"${r}"`).join(" "),
        "grid-template-columns": form.columns.map((c) => `calc(${c} * var(--cw))`).join(" "),
        "grid-template-rows": form.rows.map((r) => `calc(${r} * var(--ch))`).join(" "),
        "--across": String(form.columns.reduce((sum, c) => sum + Number(c), 0)),
        "--down": String(form.rows.reduce((sum, r) => sum + r, 0)),
        "--ncols": String(form.columns.length),
        "--nrows": String(form.rows.length),
      },
    });
    // Piles in the order the grid is read, row by row: the order the keyboard visits them.
    const used = new Set(form.areas.join(" ").split(/\s+/));
    for (const area of used) {
      const spec = this.layout.slots[area];
      if (spec) grid.append(this.drawPile(area, spec));
    }
    for (const [area, words] of Object.entries(this.layout.captions ?? {})) {
      if (used.has(area)) grid.append(h("p", { class: "caption", style: { "grid-area": area } }, words));
    }
    const focused = this.focusedPlace();
    this.root.replaceChildren(grid);
    this.mark();
    this.refocus(focused);
  }

  /** The arrows go to the nearest stop that way, first among those level with this one (in
   *  its row, going left or right; its column, going up or down), so that a row is followed
   *  across a gap before a place nearer but off it; the distance across counts double. Home
   *  and End go to the first and the last. Only the stop that has the focus is in the Tab
   *  order, so Tab leaves the table. */
  moveFocus(from, key) {
    const stops = [...this.root.querySelectorAll(STOPS)];
    let next = key === "Home" ? stops[0] : key === "End" ? stops[stops.length - 1] : null;
    if (!next) {
      const [dx, dy] = ARROWS[key];
      const here = from.getBoundingClientRect();
      const centre = (box) => [box.left + box.width / 2, box.top + box.height / 2];
      const level = (box) => dx ? box.top < here.bottom && box.bottom > here.top
        : box.left < here.right && box.right > here.left;
      const [x, y] = centre(here);
      let best = [Infinity, Infinity];
      for (const stop of stops) {
        const box = stop.getBoundingClientRect();
        const [sx, sy] = centre(box);
        const along = (sx - x) * dx + (sy - y) * dy;
        if (stop === from || along <= 1) continue;
        const score = [level(box) ? 0 : 1, along + 2 * Math.abs((sx - x) * dy + (sy - y) * dx)];
        if (score[0] < best[0] || (score[0] === best[0] && score[1] < best[1])) [best, next] = [score, stop];
      }
    }
    if (next) this.rove(next).focus();
  }

  /** Gives the focus to the table, at the place the keys last left it. */
  focus() {
    this.root.querySelector(`${STOPS}[tabindex="0"]`)?.focus({ preventScroll: true });
  }

  /** Makes `stop` the table's one place in the Tab order, kept across redraws (the pile, and
   *  the card of a row); returns it. */
  rove(stop) {
    for (const el of this.root.querySelectorAll(STOPS)) el.tabIndex = el === stop ? 0 : -1;
    const pileEl = stop.closest("[data-pile]");
    this.roved = { pile: pileEl?.dataset.pile, ...placeIn(pileEl, stop) };
    return stop;
  }

  /** The board's element that has the keyboard focus, as the pile (and the card of a row)
   *  it stands for, or null when the focus is elsewhere on the page. */
  focusedPlace() {
    const active = document.activeElement;
    if (!(active instanceof Element) || !this.root.contains(active)) return null;
    const pileEl = active.closest("[data-pile]");
    return pileEl ? { pile: pileEl.dataset.pile, ...placeIn(pileEl, active) } : null;
  }

  /** After a redraw, the focus goes back to the same pile (or card of a row, or where a card
   *  discarded from the row was), so that the keys go on from where they were; none is taken
   *  from elsewhere on the page. Before the keys have been anywhere, Tab enters the table at
   *  the layout's home: the player's own side of a table for two. */
  refocus(place) {
    const home = this.layout?.home ? { pile: this.layout.home, card: null, index: null } : null;
    const kept = place ?? this.roved ?? home;
    const pile = kept && [...this.root.querySelectorAll("[data-pile]")].find((el) => el.dataset.pile === kept.pile);
    const cards = pile && kept.card !== null ? [...pile.querySelectorAll(STOPS)] : [];
    const card = cards.find((el) => el.dataset.card === kept.card) ??
      cards[Math.min(kept?.index ?? 0, cards.length - 1)];
    const stop = card ?? (pile?.matches(STOPS) ? pile : pile?.querySelector(STOPS)) ??
      this.root.querySelector(STOPS);
    if (!stop) return;
    this.rove(stop);
    if (place) stop.focus({ preventScroll: true });
  }

  drawPile(area, spec) {
    const name = spec.pile;
    const shown = this.obs.piles[name] ?? [];
    const size = this.obs.sizes[name] ?? shown.length;
    const allSeen = shown.length === size;
    const kind = spec.kind === "stack" || !allSeen ? "stack" : spec.kind;
    const action = this.stockAction(spec, size);
    const label = `${spec.label}: ${size === 0 ? "empty" : size === 1 ? "1 card" : `${size} cards`}` + (
      !shown.length ? "" : kind === "stack" ? `, ${cardWords(shown[shown.length - 1])} on top`
        : kind === "fan" ? `, from the first: ${shown.map(cardWords).join(", ")}` : "");
    const own = kind !== "row";  // a row's cards are its stops, each a button
    const pile = h("div", {
      class: `pile ${kind}${spec.corner ? " corner" : ""}${spec.across ? " across" : ""}${size ? "" : " empty"}`,
      "data-pile": name, "data-size": size, "data-action": action, "data-label": label,
      "data-stop": own, tabindex: own ? "-1" : null, role: own ? "button" : "group", "aria-label": label, title: label,
      style: { "grid-area": area, "--n": String(Math.max(size, 1)) },
    });
    if (size === 0) {
      const mark = spec.mark ?? "";
      pile.append(h("div", { class: `slot${mark.length > 2 ? " word" : ""}`, "aria-hidden": "true" }, mark));
    } else if (kind === "stack") {
      const top = shown.length ? cardFace(shown[shown.length - 1]) : cardBack();
      top.style.setProperty("--depth", String(Math.min(size - 1, 5)));
      pile.append(top);
      if (size > 1) pile.append(h("span", { class: "count", "aria-hidden": "true" }, size));
    } else {
      shown.forEach((card, i) => {
        const el = cardFace(card);
        el.style.setProperty("--i", String(i));
        if (kind === "row") {
          el.dataset.stop = "";
          el.dataset.label = el.getAttribute("aria-label");
          el.setAttribute("tabindex", "-1");
          el.setAttribute("role", "button");
        }
        pile.append(el);
      });
    }
    return pile;
  }

  /** Highlights: the picked-up pile, its legal targets, chosen cards, the hint. */
  mark() {
    const piles = this.root.querySelectorAll("[data-pile]");
    const targets = this.selected ? this.legal.targets(this.selected) : new Set();
    const sources = this.legal.sources();
    const hint = this.hint;
    const hintPiles = hint && hint.includes(">") ? hint.split(">") : [];
    const hintCards = hint && !hint.includes(">") ? hint.split(/\s+/).slice(1) : [];
    const movable = this.legal.cardsInMoves();
    for (const pile of piles) {
      const name = pile.dataset.pile;
      marked(pile, {
        selected: name === this.selected,
        target: targets.has(name),
        movable: sources.has(name),
        "hint-from": hintPiles[0] === name,
        "hint-to": hintPiles[1] === name,
      });
    }
    const hintLeft = [...hintCards];
    for (const card of this.root.querySelectorAll('[data-pile="row"] [data-card]')) {
      const name = card.dataset.card;
      const chosen = this.chosen.some((c) => c.el === card);
      card.setAttribute("aria-pressed", String(chosen));
      const i = hintLeft.indexOf(name);
      if (i >= 0) hintLeft.splice(i, 1);
      marked(card, { chosen, "can-act": movable.has(name), "hint-card": i >= 0 });
    }
  }

  pileAt(target) {
    return target instanceof Element ? target.closest("[data-pile]") : null;
  }

  onClick(event) {
    if (this.justDragged) {
      this.justDragged = false;
      return;
    }
    // the browser's own click of a tap already taken at its release (`onPointerUp`)
    if (event.isTrusted && performance.now() - (this.tappedAt ?? -Infinity) < TAP_CLICK_MS) return;
    const pileEl = this.pileAt(event.target);
    if (!pileEl) {  // the felt
      this.putDown();
      return;
    }
    if (!this.obs) return;
    const name = pileEl.dataset.pile;
    const cardEl = event.target.closest("[data-card]");
    if (name === "row" && !cardEl) {  // the row's free space, felt like the rest
      this.putDown();
      return;
    }
    if (name === "row" && (this.legal.hasCardMoves() || this.chosen.length > 0)) {
      this.choose(cardEl);
      return;
    }
    this.clickPile(name, Number(pileEl.dataset.size), pileEl.dataset.action);
  }

  clickPile(name, size, action) {
    if (action) {  // the stock's own action, listed or not: the server says why one is refused
      this.putDown();
      this.hooks.move(action);
      return;
    }
    if (this.selected) {
      const from = this.selected;
      if (from === name) {
        this.putDown();
      } else if (this.legal.targets(from).has(name) || !this.legal.sources().has(name)) {
        this.pick(null);
        this.hooks.move(`${from}>${name}`);
      } else {
        this.pick(name);
      }
      return;
    }
    if (this.legal.sources().has(name)) this.pick(name);
    else this.cannotTake(name, size);
  }

  /** Why nothing can be taken from pile `name`, of `size` cards, that no move starts from. */
  cannotTake(name, size) {
    if (this.idle) {
      this.hooks.say(this.idle);
    } else if (this.obs.outcome !== null) {
      this.hooks.say("The game is over.");
    } else if (this.obs.player && this.obs.to_move !== this.obs.player) {
      this.hooks.say("Wait for your turn.");
    } else if (size && this.hooks.neverPlayedFrom(name)) {  // the game says why, once for all
      this.hooks.say(this.hooks.neverPlayedFrom(name));
    } else {  // a card that may go nowhere makes no move to send
      this.hooks.say(size ? "That card cannot move now." : "Nothing to take from there.");
    }
  }

  pick(name) {
    this.selected = name;
    this.mark();
    if (name) {
      const places = [...this.legal.targets(name)].map((pile) => this.pileWords(pile));
      const top = this.obs.piles[name]?.at(-1);
      this.hooks.say(places.length ? `Picked up ${top ? `${cardWords(top)} ` : ""}from ${this.pileWords(name)}: ` +
        `it can go to ${places.join(", or ")}.` : "");
    }
  }

  /** A pile's name for people, as its layout labels it ("head 2"). */
  pileWords(name) {
    return Object.values(this.layout?.slots ?? {}).find((spec) => spec.pile === name)?.label ?? name;
  }

  /** A move in words, for the message line and screen readers: "queen of hearts from tail 8
   *  to king foundation, ♥", where `before`, the observation the move was made from, shows the
   *  card moved (else only its places); "discard five of diamonds, six of spades". */
  moveWords(text, before = this.obs) {
    if (text.includes(">")) {
      const [from, to] = text.split(">");
      const top = before?.piles[from]?.at(-1);
      return `${top ? `${cardWords(top)} ` : ""}from ${this.pileWords(from)} to ${this.pileWords(to)}`;
    }
    const [verb, ...rest] = text.split(/\s+/);
    const named = rest.every((word) => CARD_NAME.test(word)) ? rest.map(cardWords).join(", ") : rest.join(" ");
    return [verb, named].filter(Boolean).join(" ");
  }

  /** Whether a press that began at drag `d` was let go far enough away to be a drag. */
  draggedAway(d, event) {
    return Math.hypot(event.clientX - d.x, event.clientY - d.y) >= DRAG_THRESHOLD;
  }

  /** The click a drag's release may fire is not a click of its own. */
  suppressClick() {
    this.justDragged = true;
    setTimeout(() => { this.justDragged = false; }, 0);
  }

  /** The server's words with the notation in them said as the page says it: a move as in
   *  `moveWords`, a pile by its label, a card by its name ("head-1>ace-S is not allowed: 8S
   *  …" becomes "Eight of spades from head 1 to ace foundation, ♠ is not allowed: eight of
   *  spades …"). A ruling's id (HT-2) stays, as the rules name it. */
  inWords(text) {
    const piles = this.obs?.piles ?? {};
    const said = text.replace(NOTATION, (token, transfer, card, pile) => {
      if (transfer) {
        const [from, to] = transfer.split(">");
        return from in piles && to in piles ? this.moveWords(transfer) : token;
      }
      if (card) return cardWords(card);
      return pile in piles ? this.pileWords(pile) : token;
    });
    return said === text ? text : capitalized(said);
  }

  /** The one pile an action (a deal, a turn) laid a card face up on, between the
   *  observations `before` and `after`, as [pile, card]; null when it was not one card. */
  turnedUp(before, after) {
    const grown = Object.keys(after.sizes).filter((name) =>
      after.sizes[name] === (before.sizes[name] ?? 0) + 1 && after.piles[name]?.length);
    return grown.length === 1 ? [grown[0], after.piles[grown[0]].at(-1)] : null;
  }

  /** Royal Marriage: cards chosen one by one make up a discard, swap or throw (RM-3). */
  choose(cardEl) {
    const i = this.chosen.findIndex((c) => c.el === cardEl);
    if (i >= 0) this.chosen.splice(i, 1);
    else this.chosen.push({ el: cardEl, name: cardEl.dataset.card });
    const names = this.chosen.map((c) => c.name);
    const fitting = this.legal.cardMovesWith(names);
    const exact = fitting.filter((m) => sameCards(m.cards, names));
    this.mark();
    if (!names.length) {
      this.hooks.choices([]);
      this.hooks.say(`Put back ${cardWords(cardEl.dataset.card)}: no card is chosen.`);
    } else if (exact.length === 1 && fitting.length === 1 && !exact[0].note) {
      this.chosen = [];
      this.hooks.choices([]);
      this.hooks.move(exact[0].text);
    } else if (!fitting.length) {
      this.hooks.choices([]);
      this.hooks.say(`No discard takes ${names.map(cardWords).join(", ")} now; choose a card again to put it back.`);
    } else {
      // a move with a note (a grace: once a game) is only offered, for the player to confirm;
      // when no card more could make another, the offer takes the focus
      this.hooks.choices(exact.map((m) => m.text), exact.length === 1 && fitting.length === 1);
      // a grace's note goes with the moves it is for: those offered now, or those more cards
      // would make, not a discard that happens to share a card with it
      const larger = fitting.filter((m) => !exact.includes(m));
      const noted = (moves) => {
        const note = moves.find((m) => m.note)?.note;
        return note ? ` (${note})` : "";
      };
      const confirm = `Confirm with the button above${noted(exact)}`;
      const more = `choose more cards${noted(larger)}`;
      this.hooks.say(!exact.length ? `Choose the other cards the move takes${noted(larger)}.`
        : larger.length ? `${confirm}, or ${more}.` : `${confirm}.`);
    }
  }

  clearChoice() {
    this.chosen = [];
    this.selected = null;
    this.mark();
  }

  /** What a click on a stock sends: its action the rules offer now, else the one a click means
   *  (with cards, or empty), for the server to say why it is refused. */
  stockAction(spec, size) {
    if (!spec.actions) return undefined;
    return this.legal.actions.find((m) => spec.actions.includes(m.word))?.text ?? spec.actions[size ? 0 : 1];
  }

  /** Escape, a click on the felt or on the pile the card came from: the card picked up, or
   *  those chosen, are put down, and that is said, where "Picked up …" would else stand. */
  putDown() {
    if (!this.selected && !this.chosen.length) return;
    const top = this.selected && this.obs.piles[this.selected]?.at(-1);
    const words = this.selected
      ? `Put down ${top ? `${cardWords(top)} ` : ""}on ${this.pileWords(this.selected)}.`
      : `Put back ${this.chosen.map((c) => cardWords(c.name)).join(", ")}: no card is chosen.`;
    this.clearChoice();
    this.hooks.choices([]);
    this.hooks.say(words);
  }

  /** A press on a pile's top card that can move starts a drag. A press on any other pile is
   *  followed too, so that dragging what cannot move is told why, as a click on it is: the
   *  click that would say so is lost when the press and its release fall on different
   *  places (a row's cards are chosen by clicks, and a drag there says so). A finger's tap
   *  is taken as a click at its release, since a browser may make no click of a tap that
   *  comes soon after a drag. */
  onPointerDown(event) {
    if (event.button !== 0 || !this.obs) return;
    const pileEl = this.pileAt(event.target);
    const touch = event.pointerType === "touch";
    const row = pileEl?.classList.contains("row");
    if (!pileEl) return;
    const cardEl = event.target.closest("[data-card]");
    const from = pileEl.dataset.pile;
    const movable = !row && cardEl !== null &&
      cardEl === pileEl.querySelector("[data-card]:last-of-type") && this.legal.sources().has(from);
    this.drag = { from, cardEl: movable ? cardEl : null, size: Number(pileEl.dataset.size),
      action: pileEl.dataset.action ?? null, row, touch, target: event.target,
      x: event.clientX, y: event.clientY, ghost: null, id: event.pointerId };
    const move = (e) => this.onPointerMove(e);
    const up = (e) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", up);
      this.onPointerUp(e);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", up);
  }

  onPointerMove(event) {
    const d = this.drag;
    if (!d || event.pointerId !== d.id || !d.cardEl) return;
    if (!d.ghost) {
      if (!this.draggedAway(d, event)) return;
      const box = d.cardEl.getBoundingClientRect();
      d.dx = d.x - box.left;
      d.dy = d.y - box.top;
      d.ghost = d.cardEl.cloneNode(true);
      d.ghost.classList.add("ghost");
      d.ghost.style.width = `${box.width}px`;
      d.ghost.style.height = `${box.height}px`;
      document.body.append(d.ghost);
      d.cardEl.classList.add("lifted");
      this.selected = d.from;
      this.mark();
    }
    d.ghost.style.transform = `translate(${event.clientX - d.dx}px, ${event.clientY - d.dy}px)`;
    event.preventDefault();
  }

  onPointerUp(event) {
    const d = this.drag;
    this.drag = null;
    if (d?.touch && !d.ghost && event.type === "pointerup" && !this.draggedAway(d, event)) {
      this.tappedAt = performance.now();
      this.onClick({ target: d.target });
      return;
    }
    // a drag of what cannot move, not a swipe the browser took over to scroll (cancelled)
    if (d && !d.cardEl && !d.action && event.type === "pointerup" && this.draggedAway(d, event)) {
      this.suppressClick();
      if (d.row) this.hooks.say("The row's cards are not dragged: click each card a move takes.");
      else this.cannotTake(d.from, d.size);
    }
    if (!d || !d.ghost) return;
    d.ghost.remove();
    d.cardEl.classList.remove("lifted");
    this.suppressClick();
    const under = this.pileAt(document.elementFromPoint(event.clientX, event.clientY));
    this.selected = null;
    this.mark();
    if (under && under.dataset.pile !== d.from) this.hooks.move(`${d.from}>${under.dataset.pile}`);
  }
}
