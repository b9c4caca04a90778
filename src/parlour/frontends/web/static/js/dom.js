// Small DOM helpers: one way to build elements, so the views stay short.

/** An element with attributes (`class`, `data-*`, `aria-*`, `on<event>` handlers) and children. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      el.addEventListener(name.slice(2), value);
    } else if (name === "style" && typeof value === "object") {
      for (const [prop, v] of Object.entries(value)) el.style.setProperty(prop, v);
    } else {
      el.setAttribute(name, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Replace everything inside `el` with `children`. */
export function fill(el, ...children) {
  el.replaceChildren();
  for (const child of children.flat()) if (child) el.append(child);
  return el;
}

/** `text` with its first letter a capital, to begin a sentence or a label. */
export function capitalized(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** Minutes and seconds, for times shown to the player. */
export function clock(seconds) {
  const s = Math.max(0, Math.round(seconds));
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, "0")}`;
}

/** A number with its noun agreeing, as the server words it: "1 move", "2 moves". */
export function counted(number, noun, plural = `${noun}s`) {
  return `${number.toLocaleString("en")} ${number === 1 ? noun : plural}`;
}

/** Whom a Wrangle is played against, in words: a computer player's name, or "human" (or
 *  none known: a table's page) for two people. */
export function opponentWords(opponent) {
  return opponent && opponent !== "human" ? `against the computer (${opponent})` : "a table for two";
}
