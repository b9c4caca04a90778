"""Files and databases: saved games now, results and statistics as they come."""
