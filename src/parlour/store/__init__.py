"""Files and databases: saved games, odds results and statistics."""
