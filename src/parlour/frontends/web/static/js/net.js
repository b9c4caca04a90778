// The page's one websocket (docs/web.md), with the seats this browser holds kept in
// localStorage so that a reload or a lost connection rejoins the same seat.

const SEATS_KEY = "parlour.seats";

/** The seats held by this browser: game_id -> {token, link, game}. */
export function heldSeats() {
  try {
    return JSON.parse(localStorage.getItem(SEATS_KEY) ?? "{}");
  } catch {
    return {};
  }
}

function keepSeat(gameId, seat) {
  const seats = heldSeats();
  if (seat) seats[gameId] = seat;
  else delete seats[gameId];
  localStorage.setItem(SEATS_KEY, JSON.stringify(seats));
}

/** The held seat whose page is `link` (a path with its query), if any. */
export function seatForLink(link) {
  return Object.entries(heldSeats()).find(([, seat]) => seat.link === link)?.[0] ?? null;
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
    this.ws.addEventListener("close", () => {
      this.onStatus("Connection lost: reconnecting…");
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
    } else if (message.type === "state" && message.link) {
      const seat = heldSeats()[message.game_id];
      if (seat && seat.link !== message.link) keepSeat(message.game_id, { ...seat, link: message.link });
    }
    this.onMessage(message);
  }

  send(message) {
    const text = messageText(message);
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
    else this.queue.push(text);
  }
}
