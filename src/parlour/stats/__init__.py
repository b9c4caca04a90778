"""Odds: how often each game can be won, measured over numbered deals in parallel.

`tasks` plays or solves deals (in worker processes), `runner` spreads them over an executor in
chunks, `rates` turns counts into win rates with their intervals and `plot` draws them. Storage
is the caller's: results arrive through a callback, so only the driver writes.
"""
