// A game page: one-player deals, the Wrangle against the computer, and two-person tables.
// It shows what the server sends and sends what the player does; the server decides.

import { Board } from "./board.js";
import { cardWords } from "./cards.js";
import { capitalized, clock, counted, fill, h, opponentWords } from "./dom.js";
import { layoutFor } from "./layouts.js";
import { Connection, forgetSeat, heldSeats, seatForLink } from "./net.js";

const ACTION_WORDS = { deal: "Deal", redeal: "Redeal", turn: "Turn a card", pass: "Pass" };
const AUTOPLAY_KEY = "parlour.autoplay";
const SHORTCUTS = { u: "undo", r: "redo", h: "hint" };
// One-letter keys can be switched off, for a screen reader whose own keys they would take.
const SHORTCUTS_KEY = "parlour.shortcuts";
const ADDRESS_KEYS = new Set(["deal", "deck", "vs", "game"]);  // what the address says besides options
// What the player asks for that the next state answers, for it to be said (`described`).
const ANSWERED_BY_STATE = new Set(["move", "undo", "redo", "restart", "autoplay"]);

/** Counts a player needs, in words, where the observation carries them: redeals left (PL-5,
 *  FC-4), the Wrangle's turns without progress towards its draw (WR-6). The Plait's passes
 *  left are not said beside its redeals: a pass whose stock is out no longer counts, so
 *  "1 pass left · 0 redeals left" in the last pass read as a contradiction. */
const COUNTS = [
  ["redeals_left", (o) => `${counted(o.redeals_left, "redeal")} left`],
  ["turns_without_progress", (o) => `${o.turns_without_progress} of ${o.draw_after} turns without progress`],
];

/** A control that had the focus and is now disabled gives it to the nearest one still
 *  enabled among `controls`, so that the keys go on from there; false when none is left to
 *  take it (a finished Wrangle), for the caller to give it elsewhere. */
function keepFocus(focused, controls) {
  const at = controls.indexOf(focused);
  if (at < 0 || !focused.disabled) return true;
  const enabled = (c) => !c.disabled && !c.hidden;
  const next = controls.slice(at + 1).find(enabled) ?? controls.slice(0, at).reverse().find(enabled);
  next?.focus();
  return Boolean(next);
}

/** The page scrolls what gets the focus clear of `dock`, which stays at the top as the page
 *  scrolls: else a place focused by the arrows can stop under it, its focus ring unseen. And
 *  the cards leave room for the dock's ending banner, as they do for its bar. */
function keepClearOf(dock) {
  const sticky = getComputedStyle(dock).position === "sticky";
  const page = document.documentElement.style;
  page.scrollPaddingTop = sticky ? `${dock.offsetHeight}px` : "";
  // the cards are sized to the height left, so that the table still fits with the ending shown
  page.setProperty("--ending-h", `${dock.querySelector(".ending")?.offsetHeight ?? 0}px`);
}

/** What the page's address asks for: the first message to send. Only the keys of the address
 *  that are the game's own options (`games`, from /api/games) go as `params`, so that a key
 *  added to a shared link (fbclid=…) is ignored; when they are not known (null, or a game the
 *  list lacks), every key goes and the server says which it refuses. */
export function startRequest(path, query, games = null) {
  const fresh = query.has("new");  // the lobby asks for a new game, not the one held here
  const asked = query.get("resume");  // the lobby names the game, where a deal has several
  query.delete("new");
  query.delete("resume");
  const here = path + (query.toString() ? `?${query}` : "");
  const named = asked && heldSeats()[asked] ? [asked, heldSeats()[asked]] : null;
  const [held, seat] = (fresh ? null : named ?? seatForLink(here)) ?? [];
  // A one-player link names a deal, not a game: once its game is over (and not undone), the
  // link deals it afresh. The Wrangle's and a table's links name their game, shown finished.
  if (held && !(seat.ended && path.startsWith("/play/"))) {
    return { type: "resume", game_id: held, token: seat.token };
  }
  const table = path.match(/^\/table\/([^/]+)$/);
  if (table) return { type: "join", table: decoded(table[1]) };
  const deal = query.get("deal") ?? undefined;  // digits, sent exactly (messageText)
  const deck = query.get("deck") ?? undefined;
  const wrangle = path === "/wrangle";
  const game = wrangle ? "wrangle" : decoded(path.split("/")[2] ?? "");
  const options = games?.[game]?.options ?? null;
  const params = {};
  for (const [k, v] of query) {
    if (!ADDRESS_KEYS.has(k) && (options === null || options.includes(k))) params[k] = v;
  }
  if (wrangle) return { type: "new", game, opponent: query.get("vs") ?? undefined, params, deal, deck };
  // The player's choice of automatic moves, for a game that has them (the server refuses them
  // to any other).
  const autoplay = localStorage.getItem(AUTOPLAY_KEY) === "on" && games?.[game]?.autoplay === true;
  return { type: "new", game, params, deal, deck, autoplay };
}

/** Whether the address names a game (`game=`, a Wrangle's link) that `request`, for want of
 *  its seat here, does not resume but begins afresh. */
function namesUnheldGame(request) {
  return request.type === "new" && new URLSearchParams(location.search).has("game");
}

/** Whether `state` waits for a move of the player of a two-player game it was sent to. */
function playerToMove(state) {
  const obs = state.observation;
  return Boolean(obs.player) && obs.to_move === state.seat && !obs.outcome && !state.waiting;
}

/** Who plays the other seat of a two-player game: the computer, or a person at a table. */
function otherPlayer(state) {
  return state.link.startsWith("/wrangle") ? "the computer" : "your opponent";
}

/** A part of the address as typed, or as it stands where its %-escapes are broken (the server
 *  then refuses it in words, where a broken escape would leave a blank page). */
function decoded(part) {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** The deal number as the server wrote it in the game's link: digit for digit, where the
 *  number in the JSON may have been rounded past 2**53. */
function dealOf(state) {
  return new URLSearchParams(state.link.split("?")[1] ?? "").get("deal") ?? String(state.deal);
}

/** Each game's name, the names of its options, whether it has automatic moves and the piles
 *  never played from (with the words that say so), game id -> {name, options, autoplay,
 *  players, neverPlayedFrom}, from the lobby's game list; null when it cannot be had. */
export async function gameList() {
  try {
    const response = await fetch("/api/games");
    if (!response.ok) return null;
    return Object.fromEntries((await response.json()).map(
      (g) => [g.id, { name: g.name, options: Object.keys(g.params), autoplay: g.autoplay,
        players: g.players, neverPlayedFrom: g.never_played_from }]));
  } catch {
    return null;
  }
}

export class GameView {
  /** @param {object | null} games the games' names and options (`gameList`) */
  constructor(root, request, games = null) {
    this.root = root;
    this.request = request;
    this.unheld = namesUnheldGame(request);
    this.games = games;
    this.seq = 0;
    this.state = null;
    this.build();
    this.board = new Board(this.table, {
      move: (text) => this.send({ type: "move", move: text }),
      say: (text) => this.say(text),
      choices: (moves, complete) => this.showChoices(moves, complete),
      neverPlayedFrom: (pile) => this.games?.[this.state?.observation.game]?.neverPlayedFrom[pile],
    });
    this.net = new Connection((m) => this.receive(m), (s) => { this.netStatus.textContent = s; });
    this.net.send(request);
    this.tick = setInterval(() => this.showClock(), 1000);
  }

  build() {
    const button = (label, onclick, name) => h("button", { type: "button", onclick, "data-control": name }, label);
    this.title = h("h1", { class: "game-title" }, this.games?.[this.request.game]?.name ?? "Parlour");
    this.dealInfo = h("span", { class: "deal" });
    this.counts = h("span", { class: "counts" });
    this.timeInfo = h("span", { class: "time", role: "timer", "aria-label": "time played" });
    this.copyLink = button("Copy link", () => this.copy(location.href), "copy-link");
    this.controls = {
      undo: button("Undo", () => this.send({ type: "undo" }), "undo"),
      redo: button("Redo", () => this.send({ type: "redo" }), "redo"),
      restart: button("Restart", () => this.send({ type: "restart" }), "restart"),
      newDeal: button("New deal", () => this.newDeal(), "new-deal"),
      hint: button("Hint", () => { this.say("Thinking…"); this.send({ type: "hint" }); }, "hint"),
    };
    for (const [key, control] of Object.entries(SHORTCUTS)) {
      this.controls[control].setAttribute("aria-keyshortcuts", key.toUpperCase());
      this.controls[control].title = `${this.controls[control].textContent} (key ${key.toUpperCase()})`;
    }
    document.addEventListener("keydown", (e) => this.shortcut(e));
    this.autoplay = h("input", { type: "checkbox", "data-control": "autoplay",
      onchange: () => {
        localStorage.setItem(AUTOPLAY_KEY, this.autoplay.checked ? "on" : "off");
        this.send({ type: "autoplay", on: this.autoplay.checked });
      } });
    // Nothing to act on until the game's first state comes (`showState` enables them).
    for (const control of [...Object.values(this.controls), this.autoplay]) control.disabled = true;
    this.autoLabel = h("label", { class: "toggle", hidden: true }, this.autoplay, " Automatic moves");
    this.actions = h("div", { class: "actions", "aria-label": "moves that are not a card's" });
    this.message = h("p", { class: "message", role: "status", "aria-live": "polite" });
    this.netStatus = h("span", { class: "net", role: "status" });
    this.turn = h("p", { class: "turn", "aria-live": "polite" });
    this.invite = h("div", { class: "invite" });
    this.table = h("div", { class: "table", role: "region", "aria-label": "the table" });
    this.ending = h("div", { class: "ending", hidden: true, role: "alert" });
    this.history = h("details", { class: "history" }, h("summary", {}, "Moves played"), h("ol"));
    this.letterKeys = h("input", { type: "checkbox", "data-control": "shortcuts",
      checked: localStorage.getItem(SHORTCUTS_KEY) !== "off",
      onchange: () => localStorage.setItem(SHORTCUTS_KEY, this.letterKeys.checked ? "on" : "off") });
    const keys = h("details", { class: "keys" }, h("summary", {}, "Keys"),
      h("p", {}, "Tab reaches the table; the arrows go from place to place on it; Enter or Space picks up a card and puts it " +
        "down, or chooses a card of the row; Escape puts it back. U undoes, R redoes, H asks for a hint."),
      h("label", { class: "toggle" }, this.letterKeys, " One-letter keys (U, R, H)"));
    // What to do, what just happened and how the game ended stay in sight together, however
    // far down a phone's table the last move was made.
    const dock = h("div", { class: "dock" },
      h("div", { class: "bar lower" }, this.actions, this.turn, this.message), this.ending);
    new ResizeObserver(() => keepClearOf(dock)).observe(dock);
    fill(this.root,
      h("div", { class: "bar" },
        h("div", { class: "where" }, h("a", { href: "/", class: "home" }, "Parlour"), this.title,
          this.dealInfo, this.counts, this.copyLink, this.timeInfo, this.netStatus),
        h("div", { class: "controls" }, ...Object.values(this.controls), this.autoLabel)),
      dock, this.invite, this.table, this.history, keys);
    if (this.games?.[this.request.game]?.players > 1 || this.request.type === "join") this.twoPlayer();
  }

  /** U, R and H press Undo, Redo and Hint, when the key is not typed into a field and the
   *  player has not switched such keys off (under Keys). */
  shortcut(event) {
    const control = SHORTCUTS[event.key.toLowerCase()];
    // a checkbox takes no letters: the keys go on after "Automatic moves" is clicked
    const typing = event.target instanceof Element &&
      event.target.matches("input:not([type=checkbox]), select, textarea");
    if (!control || typing || event.ctrlKey || event.metaKey || event.altKey) return;
    if (!this.letterKeys.checked) return;
    event.preventDefault();
    const button = this.controls[control];
    if (!button.disabled && !button.hidden) button.click();
  }

  send(message) {
    // the state that answers says what it did (`described`)
    if (ANSWERED_BY_STATE.has(message.type)) this.asked = message.type;
    if (!this.net.send(message)) {
      this.board.clearChoice();
      this.say("Not connected: nothing was sent. Play again once the connection is back.", true);
    }
  }

  receive(message) {
    if (message.type === "state") this.showState(message);
    else if (message.type === "joined") this.joined(message);
    else if (message.type === "hint") this.showHint(message);
    else if (message.type === "error") this.refused(message);
  }

  joined(message) {
    if (message.link && location.pathname + location.search !== message.link) {
      history.replaceState(null, "", message.link);
    }
  }

  refused(message) {
    if (this.request.type === "resume" && !this.state) {
      // The server no longer knows the seat kept here: start afresh from the address.
      forgetSeat(this.request.game_id);
      this.request = startRequest(location.pathname, new URLSearchParams(location.search), this.games);
      this.unheld = namesUnheldGame(this.request);
      this.send(this.request);
      return;
    }
    this.asked = null;
    this.board.clearChoice();
    this.showChoices([]);
    const words = capitalized(this.board.inWords(message.message));
    this.say(/[.!?]$/.test(words) ? words : `${words}.`, true);  // said as a sentence
    if (!this.state) {  // the page's game could not be had: nothing here to play
      fill(this.ending, "Nothing to play here. ", h("a", { href: "/" }, "Back to the lobby"));
      this.ending.hidden = false;
    }
  }

  showState(state) {
    const first = !this.state;
    const sameTable = !first && this.state.move_count === state.move_count &&
      this.state.waiting === state.waiting &&
      JSON.stringify(this.state.observation) === JSON.stringify(state.observation);
    const before = first ? null : this.state;
    this.state = state;
    this.seq += 1;
    const obs = state.observation;
    const seat = state.seat;
    this.root.dataset.stateSeq = String(this.seq);
    this.root.dataset.game = obs.game;
    this.root.dataset.outcome = obs.outcome ?? "";
    this.root.dataset.toMove = obs.to_move ?? "";
    this.root.dataset.waiting = String(state.waiting);
    this.title.textContent = this.games?.[obs.game]?.name ?? obs.game;
    if (obs.player) this.twoPlayer(); // an observation made for a seat
    const params = Object.values(obs.params).filter(Boolean).join(", ");
    this.dealInfo.textContent = obs.player
      ? opponentWords(new URLSearchParams(state.link.split("?")[1] ?? "").get("vs"))
      : `${state.deal === null ? "A given deck" : `Deal ${dealOf(state)}`}${params ? ` · ${params}` : ""}`;
    this.counts.textContent = COUNTS.filter(([key]) => key in obs)
      .map(([, words]) => words(obs)).join(" · ");
    if (state.link && location.pathname + location.search !== state.link) {
      history.replaceState(null, "", state.link);
    }
    // a player waiting in another tab sees when the turn comes back
    document.title = `${playerToMove(state) ? "Your turn · " : ""}${this.title.textContent} · Parlour`;
    this.elapsed = state.elapsed;
    this.elapsedAt = performance.now();
    this.showClock();
    // A race over is over for both players; a one-player game keeps its undo after the end.
    const final = obs.outcome !== null && seat !== null;
    const focused = document.activeElement;
    this.controls.undo.disabled = !state.can_undo || final;
    this.controls.redo.disabled = !state.can_redo || final;
    // at a table, a hint is for the player to move (the server refuses the other's)
    this.controls.hint.disabled = obs.outcome !== null || (Boolean(obs.player) && !playerToMove(state));
    const focusKept = keepFocus(focused, Object.values(this.controls));
    this.controls.restart.disabled = this.controls.newDeal.disabled = this.autoplay.disabled = false;
    this.autoplay.checked = state.autoplay;
    this.autoLabel.hidden = !this.games?.[obs.game]?.autoplay;
    this.showTurn(state, before);
    this.showInvite(state);
    // Only who is at the table changed (the other player left or came back), or a switch
    // that moved no card: what the player has picked up stays, and the message unless the
    // switch is to be said.
    if (sameTable) {
      if (this.asked) this.say(this.described(state, before));
      return;
    }
    this.board.show(obs, layoutFor(obs.game, seat),
      state.waiting ? "Wait for the other player to join the table." : null);
    this.showActions(obs);
    this.showChoices([]);
    this.showEnding(state);
    if (!focusKept) this.ending.querySelector("a, button")?.focus();
    this.showHistory(state);
    if (!first) this.say(this.described(state, before));
    else if (this.unheld) {
      this.say("The game that link names is not held in this browser (its seat stays with the " +
        "browser that played it): a new game has begun here.", true);
    }
    // the turn coming back from the other player, or a page opened on one's turn: last, once
    // the bar above the table holds the state's actions and words, whose height moves the table
    if (playerToMove(state) && !(before && playerToMove(before))) this.board.bringHome();
  }

  /** What changed since `before`, in words: the move just made (`played`), or what undo, redo
   *  or restart took back or played again; the automatic moves that followed, counted. */
  described(state, before) {
    const asked = this.asked;
    this.asked = null;
    const gone = before.move_count - state.move_count;
    if (asked === "restart") return "Restarted: the deal as it was dealt.";
    if (state.last) return this.played(state, before, asked);
    if (gone > 0) {  // one's own undo, or at a table the other player's
      const undone = before.moves.slice(-gone);
      const who = asked || !state.observation.player ? "Undone" : `${capitalized(otherPlayer(state))} took back`;
      const more = undone.length > 1 ? `, and ${counted(undone.length - 1, "move")} after it` : "";
      return `${who}: ${this.board.moveWords(undone[0], state.observation)}${more}.`;
    }
    if (gone < 0) {
      const redone = state.moves.slice(gone);
      const who = asked || !state.observation.player ? "Redone" : `${capitalized(otherPlayer(state))} played again`;
      return `${who}: ${this.board.moveWords(redone[0], before.observation)}${this.followed(redone.length - 1, state)}.`;
    }
    if (asked === "autoplay") return `Automatic moves ${state.autoplay ? "on" : "off"}.`;
    return "";
  }

  /** The `count` moves that followed the one named, in a few words: automatic moves, where
   *  they are on, say where they went (each pile's card now on top). */
  followed(count, state) {
    if (count <= 0) return "";
    if (!state.autoplay) return `, and ${counted(count, "more move")}`;
    const obs = state.observation;
    const places = [...new Set(state.moves.slice(-count).map((m) => m.split(">")[1]).filter(Boolean))];
    const tops = places.filter((p) => obs.piles[p]?.length)
      .map((p) => `${cardWords(obs.piles[p].at(-1))} on ${this.board.pileWords(p)}`);
    return `; then ${counted(count, "automatic move")}${tops.length ? `, up to ${tops.join(", ")}` : ""}`;
  }

  /** The move just made, in words: whose it was, at a table; its card, named from the position
   *  it was made from when this page saw it; for an action that laid a card face up (a deal,
   *  a turn), that card, and where it can go when it is the one card to move; the automatic
   *  moves after it (or, automatic moves switched on, after the first of them). */
  played(state, before, asked) {
    const obs = state.observation;
    const from = before && state.move_count > before.move_count ? before.observation : null;
    const theirs = Boolean(obs.player && from && from.to_move !== obs.player);
    const who = asked === "autoplay" ? "Automatic moves on: played"
      : theirs ? `${capitalized(otherPlayer(state))} played` : "Played";
    let words = `${who} ${this.board.moveWords(state.last, from)}`;
    const after = from ? state.move_count - before.move_count - 1 : 0;
    const laid = from && !/[ >]/.test(state.last) ? this.board.turnedUp(from, obs) : null;
    // A pile the automatic moves built on shows the card they brought there, not where the
    // action laid it (a card dealt to the waste, then sent up): the card alone is said.
    const builtOn = new Set(state.moves.slice(state.moves.length - after).map((m) => m.split(">")[1]));
    if (laid && builtOn.has(laid[0])) {
      words += `: ${cardWords(laid[1])}`;
    } else if (laid) {
      const [pile, card] = laid;
      words += `: ${cardWords(card)} on ${this.board.pileWords(pile)}`;
      const places = [...this.board.legal.targets(pile)].map((p) => this.board.pileWords(p));
      const only = this.board.legal.sources().size === 1 && !this.board.legal.actions.length;
      if (!theirs && only && places.length) words += `; it can go to ${places.join(", or ")}`;
    }
    return `${words}${this.followed(after, state)}.`;
  }

  /** The Wrangle: undo and redo within one's own turn only; no restart or new deal (nor
   * automatic moves, which /api/games says it has not); the hint is the strong computer
   * player's advice. */
  twoPlayer() {
    for (const key of ["restart", "newDeal"]) this.controls[key].hidden = true;
    this.copyLink.hidden = true;
  }

  showActions(obs) {
    const actions = this.board.legal.actions;
    const focused = document.activeElement;
    const word = this.actions.contains(focused) ? focused.dataset.move?.split(" ")[0] : null;
    fill(this.actions, ...actions.map((m) =>
      h("button", { type: "button", class: "action", "data-move": m.text,
        onclick: () => this.send({ type: "move", move: m.text }) },
        ACTION_WORDS[m.word] ?? m.text)));
    if (this.board.legal.hasCardMoves()) {
      const notes = obs.card_choices?.map((c) => c.note).filter(Boolean) ?? [];
      this.actions.append(h("span", { class: "tip" },
        ["Choose the cards a move takes (click them, or Enter on each); highlighted cards can go.",
          ...notes.map((n) => `Open to you: ${n}.`)].join(" ")));
    }
    // The focus was on a button the redraw took away: the keys go on from the same action,
    // else the first one, else the table.
    if (word === null || this.actions.contains(document.activeElement)) return;
    const buttons = [...this.actions.querySelectorAll("button")];
    const next = buttons.find((b) => b.dataset.move.split(" ")[0] === word) ?? buttons[0];
    if (next) next.focus();
    else this.board.focus();
  }

  /** Royal Marriage: the discards, swaps or throws the chosen cards make, as buttons. One
   *  that is `complete` (no card more could make another) takes the focus, for Enter to
   *  confirm it; a button taken away with the focus gives it back to the table. */
  showChoices(moves, complete = false) {
    const focused = this.actions.querySelector(".choice:focus") !== null;
    for (const old of this.actions.querySelectorAll(".choice")) old.remove();
    const buttons = moves.map((text) => h("button", { type: "button", class: "action choice", "data-move": text,
      onclick: () => { this.board.clearChoice(); this.send({ type: "move", move: text }); } },
      capitalized(this.board.moveWords(text))));
    this.actions.append(...buttons);
    if (complete && buttons.length === 1) buttons[0].focus();
    else if (focused) this.board.focus();
  }

  /** Whose turn it is, and whether the other player has left the table or, since `before`,
   *  come back. */
  showTurn(state, before) {
    const obs = state.observation;
    if (!obs.player || obs.outcome) {
      this.setTurn("");
      return;
    }
    const mine = obs.to_move === state.seat;
    const other = otherPlayer(state);
    const gone = (s) => Boolean(s?.away.some((seat) => seat !== state.seat));
    const back = !gone(state) && gone(before) ? " Your opponent is back." : "";
    const away = !gone(state) ? back : mine ? " Your opponent has left the table."
      : " Your opponent has left the table; the game waits for them to come back.";
    this.setTurn(state.waiting ? "Waiting for the second player to join…"
      : `You are ${state.seat}. ` + (mine ? "Your turn." : `It is ${other}'s turn.`) + away);
    this.turn.classList.toggle("mine", mine && !state.waiting);
  }

  /** The turn's line is a live region: written only when it changes, so that a screen reader
   *  does not say it again after each of the other player's moves. */
  setTurn(text) {
    if (this.turn.textContent !== text) this.turn.textContent = text;
  }

  showInvite(state) {
    const seat = heldSeats()[state.game_id];
    const link = seat?.joinLink;
    if (!state.waiting || !link) {
      // the link's field or button may have the focus: the table, now laid out, takes it
      const focused = this.invite.contains(document.activeElement);
      fill(this.invite);
      if (focused) this.board.focus();
      return;
    }
    const url = new URL(link, location.origin).href;
    fill(this.invite,
      h("p", {}, "Send this link to the person you want to play:"),
      h("input", { type: "text", readonly: true, value: url, "data-join-link": url, "aria-label": "link for the other player" }),
      h("button", { type: "button", onclick: () => this.copy(url) }, "Copy"));
  }

  showEnding(state) {
    const obs = state.observation;
    if (!obs.outcome) {
      this.ending.hidden = true;
      return;
    }
    const moves = state.move_count;
    let words;
    if (obs.player) {
      words = obs.outcome === "draw" ? `The game is drawn: ${obs.draw_after} turns without progress (WR-6).`
        : obs.outcome === state.seat ? "You won!" : `${capitalized(obs.outcome)} won.`;
    } else {
      words = obs.outcome === "won" ? "Won!" : "Lost: no move is left.";
    }
    fill(this.ending,
      h("strong", {}, words),
      h("span", {}, obs.player ? ` Time ${clock(state.elapsed)}.`
        : ` ${counted(moves, "move")} in ${clock(state.elapsed)}.`),
      obs.player ? h("a", { href: "/" }, "Back to the lobby")
        : h("button", { type: "button", onclick: () => this.newDeal() }, "New deal"));
    this.ending.dataset.outcome = obs.outcome;
    this.ending.hidden = false;
  }

  /** The moves played, numbered by their place in the game: the Wrangle's state lists only
   *  its last moves, and `move_count` says how many were played in all. Each is said in words
   *  (its places, since the positions it was made from are gone), then in the notation. */
  showHistory(state) {
    const moves = state.moves;
    const count = state.move_count;
    const list = this.history.querySelector("ol");
    list.start = count - moves.length + 1;
    fill(list, ...moves.map((m) => {
      const words = capitalized(this.board.moveWords(m, null));
      return h("li", { "data-move": m }, words, words.toLowerCase() === m ? null : [" ", h("code", {}, m)]);
    }));
    this.history.querySelector("summary").textContent = count > moves.length
      ? `Moves played (${count}, the last ${moves.length} shown)` : `Moves played (${count})`;
  }

  showHint(hint) {
    // A card still held would go onto the hint's card at the next click, the hint reversed.
    this.board.putDown();
    const named = hint.move && hint.text.startsWith(hint.move)
      ? this.board.moveWords(hint.move) + hint.text.slice(hint.move.length) : hint.text;
    this.say(`Hint: ${named}.`);
    this.board.showHint(hint.move);
    for (const b of this.actions.querySelectorAll("button")) {
      b.classList.toggle("hint-card", b.dataset.move === hint.move);
    }
    this.root.dataset.hint = hint.move ?? "";
  }

  showClock() {
    if (!this.state) return;
    const running = !this.state.observation.outcome && !this.state.waiting;
    const seconds = this.elapsed + (running ? (performance.now() - this.elapsedAt) / 1000 : 0);
    this.timeInfo.textContent = clock(seconds);
  }

  newDeal() {
    const obs = this.state?.observation;
    if (!obs) return;
    const query = new URLSearchParams(obs.params);
    location.assign(`/play/${obs.game}${query.toString() ? `?${query}` : ""}`);
  }

  say(text, refused = false) {
    this.message.textContent = text;
    this.message.classList.toggle("refused", refused);
  }

  async copy(text) {
    try {
      await navigator.clipboard.writeText(text);
      this.say("Link copied.");
    } catch {
      this.say(`Link: ${text}`);
    }
  }
}
