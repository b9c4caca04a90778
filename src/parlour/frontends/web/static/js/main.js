// The one page: the path says what it shows (docs/web.md).

import { showLobby, showStats } from "./lobby.js";
import { GameView, gameList, startRequest } from "./play.js";

const root = document.getElementById("app");
const path = location.pathname;

if (path.startsWith("/play/") || path === "/wrangle" || path.startsWith("/table/")) {
  // The games' names and options, from the server: which keys of an address are options.
  const games = await gameList();
  window.parlour = new GameView(root, startRequest(path, new URLSearchParams(location.search), games),
    games);
} else if (path === "/stats") {
  showStats(root);
} else {
  showLobby(root);
}
