"""The web app: `parlour serve`, the page, its JSON API and the websocket (docs/web.md)."""
