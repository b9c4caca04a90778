// The one page: the path says what it shows (docs/web.md).

import { showLobby, showStats } from "./lobby.js";
import { GameView, gameOptions, optionsFor, startRequest } from "./play.js";

const root = document.getElementById("app");
const path = location.pathname;

if (path.startsWith("/play/") || path === "/wrangle" || path.startsWith("/table/")) {
  // A one-player deal's address: which of its keys are the game's options, from the server.
  const options = path.startsWith("/play/") ? optionsFor(path, await gameOptions()) : null;
  window.parlour = new GameView(root, startRequest(path, new URLSearchParams(location.search), options),
    options);
} else if (path === "/stats") {
  showStats(root);
} else {
  showLobby(root);
}
