// Cards drawn with the vendored CC0 art (static/cards/, see its LICENCE.md).

import { h } from "./dom.js";

const RANKS = { A: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
  8: "eight", 9: "nine", T: "ten", J: "jack", Q: "queen", K: "king" };
const SUITS = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };

const artUrl = (file) => new URL(`../cards/${file}.svg`, import.meta.url).href;

/** Words for a card name such as `QH` (queen of hearts), for labels and messages. */
export function cardWords(name) {
  return `${RANKS[name[0]] ?? name[0]} of ${SUITS[name[1]] ?? name[1]}`;
}

/** A face-up card: `data-card` holds its name (RULES C-1). */
export function cardFace(name) {
  return h("div", { class: "card", "data-card": name, role: "img", "aria-label": cardWords(name) },
    h("img", { src: artUrl(name), alt: "", draggable: "false" }));
}

/** A card whose face the player may not see. */
export function cardBack() {
  return h("div", { class: "card back", "aria-hidden": "true" },
    h("img", { src: artUrl("back"), alt: "", draggable: "false" }));
}
