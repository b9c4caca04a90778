"""Front ends: the command line, the terminal UI and the web server. Nothing imports them."""
