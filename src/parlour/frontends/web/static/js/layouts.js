// Where each game's piles lie, as its book describes. A layout is a grid of named areas
// (one string a row, one word a column, "." for a gap) with row heights in card heights, a wide
// form for screens, a narrow one for phones and, where the wide one would not fit, a short one
// for screens too low for it; `slots` says which pile each area shows and how:
// `stack` (squared, top card shown), `fan` (fanned downward, every card visible) or `row`
// (wrapping left to right). `mark` is written on an empty place; `actions` are the moves a
// click on a stock sends, while it has cards and once empty; `captions` are words for areas;
// `home` is the pile brought into sight when the player's turn comes, where the table is
// taller than the screen.

const range = (n) => Array.from({ length: n }, (_, i) => i + 1);
const SUITS = ["S", "H", "D", "C"];
const SUIT_SIGNS = { S: "♠", H: "♥", D: "♦", C: "♣" };

function slot(pile, kind, label, extra = {}) {
  return { pile, kind, label, ...extra };
}

/** Royal Marriage: the stock, then the row read left to right (wrapping), then the discards. */
function royalMarriage() {
  const spread = (n) => Array(n).fill("rw").join(" ");
  return {
    wide: { areas: [`st ${spread(13)} di`], columns: Array(15).fill("1"), rows: [4.3] },
    narrow: { areas: ["st di . . . . . .", spread(8)], columns: Array(8).fill("1"), rows: [1, 7.5] },
    slots: {
      st: slot("stock", "stack", "stock", { mark: "stock", actions: ["deal"] }),
      rw: slot("row", "row", "the row"),
      di: slot("discard", "stack", "discards", { mark: "discards" }),
    },
  };
}

function headsAndTails() {
  const row = (prefix) => range(8).map((i) => `${prefix}${i}`).join(" ");
  const slots = {};
  for (const i of range(8)) {
    slots[`h${i}`] = slot(`head-${i}`, "fan", `head ${i}`);
    slots[`r${i}`] = slot(`reserve-${i}`, "stack", `reserve packet ${i}`);
    slots[`t${i}`] = slot(`tail-${i}`, "fan", `tail ${i}`);
  }
  for (const s of SUITS) {
    slots[`k${s}`] = slot(`king-${s}`, "stack", `king foundation, ${SUIT_SIGNS[s]}`, { mark: `K${SUIT_SIGNS[s]}` });
    slots[`a${s}`] = slot(`ace-${s}`, "stack", `ace foundation, ${SUIT_SIGNS[s]}`, { mark: `A${SUIT_SIGNS[s]}` });
  }
  const grid = {
    areas: [". . kS kH kD kC . .", row("h"), row("r"), row("t"), ". . aS aH aD aC . ."],
    columns: Array(8).fill("1"),
    rows: [1, 1.75, 1, 1.75, 1],
  };
  return { wide: grid, narrow: grid, slots };
}

function fourCorners() {
  const slots = {};
  for (const i of range(12)) {
    const corner = [1, 6, 7, 12].includes(i);
    slots[`h${i}`] = slot(`heap-${i}`, "stack", `heap ${i}${corner ? " (corner)" : ""}`, { corner });
  }
  for (const s of SUITS) {
    slots[`a${s}`] = slot(`ace-${s}`, "stack", `ace foundation, ${SUIT_SIGNS[s]}`, { mark: `A${SUIT_SIGNS[s]}` });
    slots[`k${s}`] = slot(`king-${s}`, "stack", `king foundation, ${SUIT_SIGNS[s]}`, { mark: `K${SUIT_SIGNS[s]}` });
  }
  const grid = {
    areas: ["h1 . . h7", "h2 aS kS h8", "h3 aH kH h9", "h4 aD kD h10", "h5 aC kC h11", "h6 . . h12"],
    columns: ["1.3", "1", "1", "1.3"],
    rows: [1, 1, 1, 1, 1, 1],
  };
  return { wide: grid, narrow: grid, slots };
}

function plait() {
  const slots = {
    pl: slot("plait", "fan", "the plait (its free end at the bottom)"),
    st: slot("stock", "stack", "stock", { mark: "stock", actions: ["deal", "redeal"] }),
    wa: slot("waste", "stack", "waste heap", { mark: "waste" }),
  };
  for (const i of range(4)) slots[`c${i}`] = slot(`corner-${i}`, "stack", `corner ${i}`);
  for (const i of range(8)) {
    slots[`a${i}`] = slot(`aux-${i}`, "stack", `auxiliary ${i}`, { across: true });
    slots[`f${i}`] = slot(`foundation-${i}`, "stack", `foundation ${i}`, { mark: "foundation" });
  }
  return {
    wide: {
      // the plait runs down between stock and waste: a fifth row gives each of its cards'
      // corners the room to show their suits
      areas: ["f1 a1 c1 pl c2 a5 f5", "f2 a2 . pl . a6 f6", "f3 a3 . pl . a7 f7",
        "f4 a4 c3 pl c4 a8 f8", ". . st pl wa . ."],
      columns: ["1", "1.45", "1", "1", "1", "1.45", "1"],
      rows: [1, 1, 1, 1, 1],
    },
    narrow: {
      areas: ["a1 c1 pl c2 a5", "a2 . pl . a6", "a3 . pl . a7", "a4 c3 pl c4 a8",
        "st wa pl . .", "f1 f2 f3 f4 .", "f5 f6 f7 f8 ."],
      columns: ["1.45", "1", "1", "1", "1.45"],
      rows: [1, 1, 1, 1, 1, 1, 1],
    },
    slots,
  };
}

/** The Wrangle seen from `me`: the opponent's side on top, yours below (WR-1…WR-4). */
function wrangle(me) {
  const op = me === "south" ? "north" : "south";
  const slots = {};
  for (const [who, side] of [["m", me], ["o", op]]) {
    const whose = who === "m" ? "your" : "your opponent's";
    slots[`${who}re`] = slot(`${side}-reserve`, "stack", `${whose} reserve`, { mark: "reserve" });
    const actions = who === "m" ? ["turn", "pass"] : undefined;  // only one's own stock
    slots[`${who}st`] = slot(`${side}-stock`, "stack", `${whose} stock`, { mark: "stock", actions });
    slots[`${who}wa`] = slot(`${side}-waste`, "stack", `${whose} waste`, { mark: "waste" });
    slots[`${who}tu`] = slot(`${side}-turned`, "stack", `${whose} turned card`, { mark: "turned" });
    for (const i of range(4)) slots[`${who}a${i}`] = slot(`${side}-aux-${i}`, "fan", `${whose} heap ${i}`);
  }
  for (const i of range(8)) {
    slots[`f${i}`] = slot(`foundation-${i}`, "stack", `foundation ${i}`, { mark: "foundation" });
  }
  const aux = (who) => `. . ${who}a1 ${who}a2 ${who}a3 ${who}a4 . .`;
  return {
    wide: {
      areas: ["ore oc oc oc oc otu owa ost", aux("o"), "f1 f2 f3 f4 f5 f6 f7 f8", aux("m"),
        "mre mc mc mc mc mtu mwa mst"],
      columns: Array(8).fill("1"),
      rows: [1, 2.1, 1, 2.1, 1],
    },
    // On a phone the whole table stays on the screen, so that a card can be dragged onto the
    // opponent's side without scrolling: each side's name stands in its row, and the
    // foundations run down either edge, beside both sides' heaps, with room between the sides.
    narrow: {
      areas: ["ore oc oc otu owa ost", "f1 oa1 oa2 oa3 oa4 f5", "f2 oa1 oa2 oa3 oa4 f6",
        "f2 . . . . f6", "f3 . . . . f7", "f3 ma1 ma2 ma3 ma4 f7", "f4 ma1 ma2 ma3 ma4 f8",
        "mre mc mc mtu mwa mst"],
      columns: Array(6).fill("1"),
      rows: [1, 1, 0.7, 0.3, 0.3, 0.7, 1, 1],
    },
    // On a screen too low for the wide form (a phone held sideways) the sides stand left and
    // right, the foundations between them, so that the table still fits the screen.
    short: {
      areas: ["ore otu owa ost f1 f2 f3 f4 mre mtu mwa mst",
        "oa1 oa2 oa3 oa4 f5 f6 f7 f8 ma1 ma2 ma3 ma4", "oa1 oa2 oa3 oa4 oc oc mc mc ma1 ma2 ma3 ma4"],
      columns: Array(12).fill("1"),
      rows: [1, 1, 0.9],
    },
    slots,
    captions: { oc: `${op}: your opponent`, mc: `${me}: you` },
    home: `${me}-reserve`,
  };
}

const LAYOUTS = {
  "royal-marriage": royalMarriage,
  "heads-and-tails": headsAndTails,
  "four-corners": fourCorners,
  plait,
  wrangle,
};

/** The layout of `game` for the player in seat `seat` (the Wrangle), or null if unknown. */
export function layoutFor(game, seat) {
  const make = LAYOUTS[game];
  return make ? make(seat ?? "north") : null;
}
