// The page's one websocket (docs/web.md), with the seats this browser holds kept in
// localStorage so that a reload or a lost connection rejoins the same seat.

const SEATS_KEY = "parlour.seats";
// Seats kept at most, the least recently used dropped: as many as /api/saved lists by id.
const MAX_SEATS = 200;
// The requests that start a page's game: the only ones kept while the connection is down.
const OPENINGS = new Set(["new", "join", "resume"]);

/** The seats held by this browser, the least recently used first:
 *  game_id -> {token, link, seat, joinLink, ended}. */
export function heldSeats() {
  try {
    return JSON.parse(localStorage.getItem(SEATS_KEY) ?? "{}");
  } catch {
    return {};
  }
}

/** Keep `seat` (or forget it, given null) as the most recently used. A finished game's seat
 *  is kept too, so that its page shows it again, until newer seats push it out. */
function keepSeat(gameId, seat) {
  const seats = heldSeats();
  delete seats[gameId];
  if (seat) seats[gameId] = seat;
  const ids = Object.keys(seats);
  for (const old of ids.slice(0, Math.max(0, ids.length - MAX_SEATS))) delete seats[old];
  localStorage.setItem(SEATS_KEY, JSON.stringify(seats));
}

/** The held seat whose page is `link` (a path with its query), the most recently used where
 *  a deal was played more than once: [game_id, seat], or null. */
export function seatForLink(link) {
  return Object.entries(heldSeats()).reverse().find(([, seat]) => seat.link === link) ?? null;
}

/** A deal number's digits without leading zeros (one "0" for zero): JSON allows no leading
 *  zero, and deal 007 is deal 7. */
function dealDigits(deal) {
  return /^\d+$/.test(deal) ? deal.replace(/^0+(?=\d)/, "") : deal;
}

/** A message as JSON text, a deal number in the address sent digit for digit: past 2**53 a
 *  JavaScript number would round it to another deal, where the server reads any integer
 *  exactly (and refuses one out of range). Anything else given as a deal goes as text, which
 *  the server refuses in words. */
export function messageText(message) {
  if (typeof message.deal !== "string") return JSON.stringify(message);
  const { deal: given, ...rest } = message;
  const deal = dealDigits(given);
  if (!/^\d{1,30}$/.test(deal)) return JSON.stringify({ ...message, deal });
  const text = JSON.stringify(rest);
  return `${text.slice(0, -1)}${text === "{}" ? "" : ","}"deal":${deal}}`;
}

export function forgetSeat(gameId) {
  keepSeat(gameId, null);
}

export class Connection {
  /** @param {(message: object) => void} onMessage every message from the server */
  constructor(onMessage, onStatus) {
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.queue = [];
    this.gameId = null;
    this.retry = 0;
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    this.ws = new WebSocket(`${scheme}://${location.host}/ws`);
    this.ws.addEventListener("open", () => {
      this.retry = 0;
      this.onStatus("");
      const seat = this.gameId && heldSeats()[this.gameId];
      if (seat) this.ws.send(JSON.stringify({ type: "resume", game_id: this.gameId, token: seat.token }));
      for (const text of this.queue.splice(0)) this.ws.send(text);
    });
    this.ws.addEventListener("message", (event) => this.receive(JSON.parse(event.data)));
    this.ws.addEventListener("close", (event) => {
      // The server's reason, where it gave one (one address with too many pages open …).
      this.onStatus(event.reason ? `Not connected (${event.reason}): retrying…`
        : "Connection lost: reconnecting…");
      this.retry = Math.min(this.retry + 1, 5);
      setTimeout(() => this.open(), 400 * this.retry);
    });
  }

  receive(message) {
    if (message.type === "joined") {
      this.gameId = message.game_id;
      const old = heldSeats()[message.game_id];
      keepSeat(message.game_id, { token: message.token, link: message.link, seat: message.seat,
        joinLink: message.join_link ?? old?.joinLink ?? null });
    } else if (message.type === "state") {
      const seat = heldSeats()[message.game_id];
      const ended = message.observation.outcome !== null;
      if (seat && (seat.link !== message.link || Boolean(seat.ended) !== ended)) {
        keepSeat(message.game_id, { ...seat, link: message.link, ended });
      }
    }
    this.onMessage(message);
  }

  /** Send `message`, or keep it for the connection's opening if it is the page's first
   *  request. Anything else (a move, undo, a hint …) is not kept: chosen on a page that is out
   *  of date while the connection is down, it could be played later out of its time. Returns
   *  whether the message was sent or kept. */
  send(message) {
    const text = messageText(message);
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
    else if (OPENINGS.has(message.type)) this.queue.push(text);
    else return false;
    return true;
  }
}
