"""The web server's default limits on one address, in a module of their own that imports
nothing, so that `parlour serve` can show them in its help without loading the server."""

GAMES_PER_MINUTE = 60  # new games from one address: more than anyone plays, far fewer than a flood
SOCKETS_PER_ADDRESS = 100  # open at once from one address: far more pages than a household opens
