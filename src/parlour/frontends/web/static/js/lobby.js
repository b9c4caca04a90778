// The lobby: the five games, their variants, description and rules; start, or resume.

import { capitalized, clock, counted, fill, h, opponentWords } from "./dom.js";
import { heldSeats } from "./net.js";

async function getJson(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

function paramChoosers(game) {
  return Object.entries(game.params).map(([name, values]) =>
    h("label", {}, `${capitalized(name)} `,
      h("select", { name, "data-param": name, "aria-label": `${name} of ${game.name}` },
        values.map((v) => h("option", { value: v }, v)))));
}

/** The address's query for what the selects of `form` say. */
function chosen(form) {
  return new URLSearchParams([...form.querySelectorAll("select")].map((s) => [s.name, s.value]));
}

function rulesBox(game) {
  const body = h("div", { class: "rules-text" }, "…");
  const box = h("details", { class: "rules" },
    h("summary", { "aria-label": `The full rules of ${game.name}` }, "The full rules"), body);
  box.addEventListener("toggle", async () => {
    if (!box.open || box.dataset.loaded) return;
    box.dataset.loaded = "yes";
    try {
      const rules = await getJson(`/api/rules/${game.id}`);
      body.innerHTML = `${rules.text_html}<h3>How Parlour reads the text</h3>${rules.rulings_html}`;
    } catch (error) {
      body.textContent = `The rules could not be loaded (${error.message}).`;
    }
  });
  return box;
}

function soloStart(game) {
  const deal = h("input", { type: "number", min: "0", step: "1", name: "deal", placeholder: "at random",
    "aria-label": `deal number for ${game.name}`, inputmode: "numeric" });
  const form = h("form", { class: "start", "data-start": game.id },
    ...paramChoosers(game),
    h("label", {}, "Deal ", deal),
    h("button", { type: "submit", class: "primary", "aria-label": `Play ${game.name}` }, "Play"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const query = chosen(form);
    if (deal.value.trim() !== "") query.set("deal", deal.value.trim());
    location.assign(`/play/${game.id}?${query}`);
  });
  return form;
}

/** The Wrangle: its options (who begins, WR-1) for either a game against the computer (the
 *  players the server offers, its default first) or a table for two. */
function wrangleStart(game) {
  const vs = h("select", { name: "vs", "aria-label": "the computer player" },
    game.opponents.map(({ id, words }) => h("option", { value: id }, words)));
  const start = (extra) => {
    const query = chosen(box);
    for (const [k, v] of Object.entries(extra)) query.set(k, v);
    location.assign(`/wrangle?${query}`);
  };
  const box = h("div", { class: "start", "data-start": "wrangle" },
    ...paramChoosers(game),
    h("label", {}, "Against ", vs),
    h("button", { type: "button", class: "primary", "data-control": "vs-computer",
      onclick: () => start({ new: "1" }) }, "Play the computer"),
    h("button", { type: "button", "data-control": "new-table",
      onclick: () => start({ vs: "human" }) }, "Open a table for two"),
    h("p", { class: "seat-note" }, "You sit north, against the computer or at a table you open; " +
      "first says who begins: cut lets the deal decide (WR-1), south lets the other side begin."));
  return box;
}

function gameCard(game) {
  return h("section", { class: "game-card", "data-game": game.id },
    h("h2", {}, game.name),
    h("p", { class: "summary" }, game.summary),
    game.description ? h("p", { class: "description" }, game.description) : null,
    game.players > 1 ? wrangleStart(game) : soloStart(game),
    rulesBox(game));
}

/** A held game's link naming the game too: one deal played twice in this browser has one
 *  link for both games (`startRequest` reads `resume`). */
function resumeLink(link, gameId) {
  return `${link}${link.includes("?") ? "&" : "?"}resume=${encodeURIComponent(gameId)}`;
}

async function savedList(games) {
  const names = Object.fromEntries(games.map((g) => [g.id, g.name]));
  const held = heldSeats();
  // Asked by id, the newest first (the server takes the first 200): games others start,
  // however many, never push this browser's out of the list.
  const ids = Object.keys(held).reverse();
  if (!ids.length) return null;
  const asked = await getJson(`/api/saved?${new URLSearchParams(ids.map((id) => ["game", id]))}`);
  // a deal opened and left untouched is nothing to resume (its number deals it again); a
  // Wrangle is, before its first move too: a table may be waiting for its second player
  const saved = asked.filter((s) => s.moves > 0 || s.opponent !== null);
  if (!saved.length) return null;
  return h("section", { class: "saved" }, h("h2", {}, "Games to resume"),
    h("ul", {}, saved.map((s) => {
      // whom it is played against, or its variant; a game with no variant says neither
      const kind = s.opponent !== null ? opponentWords(s.opponent) : Object.values(s.params).join(", ");
      return h("li", {},
        h("a", { href: resumeLink(held[s.game_id].link, s.game_id), "data-resume": s.game_id },
          `${names[s.game] ?? s.game}${s.deal !== null ? `, deal ${s.deal}` : ""}`),
        kind ? ` · ${kind}` : "", ` · ${counted(s.moves, "move")}`);
    })));
}

export async function showLobby(root) {
  document.title = "Parlour";
  fill(root, h("header", { class: "lobby-head" },
    h("h1", {}, "Parlour"),
    h("p", {}, "Five Victorian games of patience, played as their books describe."),
    h("nav", {}, h("a", { href: "/stats" }, "Statistics"))));
  try {
    const games = await getJson("/api/games");
    const saved = await savedList(games);
    if (saved) root.append(saved);
    root.append(h("div", { class: "games" }, games.map(gameCard)));
  } catch (error) {
    root.append(h("p", { class: "message refused" }, `The server did not answer (${error.message}).`));
  }
}

/** Parameters in the order the game lists them (and an opponent last), as a key. */
function paramKey(game, params) {
  const order = [...Object.keys(game?.params ?? {}), ...Object.keys(params)];
  const names = [...new Set(order)].filter((name) => name in params);
  return names.map((name) => `${name}=${params[name]}`).join(",");
}

const minutes = (s) => (s === null || s === undefined ? "–" : clock(s));

export async function showStats(root) {
  document.title = "Statistics · Parlour";
  const [rows, games] = await Promise.all([getJson("/api/stats").catch(() => []),
    getJson("/api/games").catch(() => [])]);
  const byId = Object.fromEntries(games.map((g) => [g.id, g]));
  const headings = ["Game", "Variant", "Played", "Won", "Won %", "Streak", "Best streak", "Best time"];
  fill(root,
    h("header", { class: "lobby-head" }, h("h1", {}, "Statistics"),
      h("nav", {}, h("a", { href: "/" }, "Back to the lobby"))),
    rows.length ? h("table", { class: "stats" },
      h("caption", {}, "Games finished, by game and variant"),
      h("thead", {}, h("tr", {}, headings.map((t) => h("th", { scope: "col" }, t)))),
      h("tbody", {}, rows.map((r) => {
        return h("tr", { "data-game": r.game, "data-params": paramKey(byId[r.game], r.params) },
          h("td", {}, byId[r.game]?.name ?? r.game), h("td", {}, r.variant_words || "–"),
          h("td", {}, r.played), h("td", {}, r.won),
          h("td", {}, r.played ? `${Math.round((100 * r.won) / r.played)}%` : "–"),
          h("td", {}, r.current_streak), h("td", {}, r.best_streak), h("td", {}, minutes(r.best_seconds)));
      })))
      : h("p", {}, "No game has been finished yet."));
}
