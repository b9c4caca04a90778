// The one page: the path says what it shows (docs/web.md).

import { showLobby, showStats } from "./lobby.js";
import { GameView, startRequest } from "./play.js";

const root = document.getElementById("app");
const path = location.pathname;

if (path.startsWith("/play/") || path === "/wrangle" || path.startsWith("/table/")) {
  window.parlour = new GameView(root, startRequest(path, new URLSearchParams(location.search)));
} else if (path === "/stats") {
  showStats(root);
} else {
  showLobby(root);
}
