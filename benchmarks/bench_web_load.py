"""Many games at once against `parlour serve`: move round trips over websockets.

Starts the server on a loopback port in a subprocess with a fresh database, then opens
`--games` websockets at once; each starts a game of The Plait (its own deal) and makes `--moves`
moves, each the first legal move of the observation it last received. A move's round trip is
from sending it to receiving its `state` (checked by the core, saved to SQLite, sent back);
the clients run in this one process, on the same machine, so their own work is in it too. The
CPU time of the server and of the clients, per move, shows where it goes.
Baselines measured in the same run: one client alone making the same kind of moves, and the
same moves applied in-process through `Session.play` (the rules' own cost). Errors (an `error`
reply, a dropped socket, no answer in time) must be 0.

Run: uv run python benchmarks/bench_web_load.py [--games 200] [--moves 20] [--seconds 120]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from websockets.asyncio.client import connect

from parlour.core.session import Session
from parlour.games import get_game

GAME = "plait"
ALONE_GAMES = 20
PARLOUR = str(Path(sys.executable).with_name("parlour"))


@dataclass
class Tally:
    """Round trips in seconds, and what went wrong."""

    trips: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.trips += other.trips
        self.errors += other.errors


async def one_game(url: str, deal: int, moves: int) -> Tally:
    """Start deal `deal` and make up to `moves` moves, timing each."""
    tally = Tally()
    async with connect(url) as socket:
        await socket.send(json.dumps({"type": "new", "game": GAME, "deal": deal}))
        joined = json.loads(await socket.recv())
        state = json.loads(await socket.recv())
        if joined["type"] != "joined" or state["type"] != "state":
            tally.errors.append(f"deal {deal}: {joined} {state}")
            return tally
        for _ in range(moves):
            legal = state["observation"]["legal_moves"]
            if not legal:
                break
            sent = time.perf_counter()
            await socket.send(json.dumps({"type": "move", "move": legal[0]}))
            state = json.loads(await socket.recv())
            tally.trips.append(time.perf_counter() - sent)
            if state["type"] != "state":
                tally.errors.append(f"deal {deal}: {state}")
                break
    return tally


async def many_games(url: str, games: int, moves: int, seconds: float) -> Tally:
    """`games` games at once; a game not done within `seconds` counts as an error."""
    tasks = [asyncio.create_task(one_game(url, deal, moves)) for deal in range(1, games + 1)]
    done, pending = await asyncio.wait(tasks, timeout=seconds)
    total = Tally()
    for task in pending:
        task.cancel()
        total.errors.append("a game did not finish in time")
    for task in done:
        if task.exception() is not None:
            total.errors.append(repr(task.exception()))
        else:
            total.add(task.result())
    return total


async def one_by_one(url: str, games: int, moves: int) -> Tally:
    """The same games played one after another: a client with the server to itself."""
    total = Tally()
    for deal in range(1, games + 1):
        total.add(await one_game(url, deal, moves))
    return total


def in_process(games: int, moves: int) -> list[float]:
    """The same moves through `Session.play`, each timed: the rules' own cost per move."""
    game = get_game(GAME)
    times = []
    for deal in range(1, games + 1):
        session = Session(game, deal=deal)
        for _ in range(moves):
            legal = game.legal_moves(session.state)
            if not legal:
                break
            start = time.perf_counter()
            session.play(legal[0])
            times.append(time.perf_counter() - start)
    return times


def cpu_seconds(pid: int) -> float:
    """CPU seconds (user and system) process `pid` has used so far (Linux's /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measured(run: Callable[[str], Coroutine[Any, Any, Tally]]) -> tuple[Tally, float, float]:
    """`run` against a fresh server on a loopback port: its tally, and the CPU seconds the
    server and this process's clients spent during it."""
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen(
            [  # every client here is at one address, with more games and sockets than a person
                *(PARLOUR, "serve", "--port", "0", "--db", str(Path(folder) / "bench.db")),
                *("--games-per-minute", "1000000", "--sockets-per-address", "1000000"),
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert server.stdout is not None
        address = server.stdout.readline().split("serving at ", 1)[1].split()[0].rstrip("/")
        try:
            server_before, client_before = cpu_seconds(server.pid), time.process_time()
            tally = asyncio.run(run(address.replace("http://", "ws://") + "/ws"))
            server_cpu = cpu_seconds(server.pid) - server_before
            client_cpu = time.process_time() - client_before
        finally:
            server.terminate()
            server.wait(timeout=30)
    return tally, server_cpu, client_cpu


def ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(name: str, values: list[float], errors: int | str, cpu: str = "–") -> None:
    median = 1000 * statistics.median(values)
    print(f"| {name} | {len(values)} | {errors} | {median:.2f} | {ms(values, 0.99):.2f} | {cpu} |")


def cpu_per_move(tally: Tally, server: float, client: float) -> str:
    moves = max(1, len(tally.trips))
    return f"{1000 * server / moves:.2f} / {1000 * client / moves:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games played at once")
    parser.add_argument("--moves", type=int, default=20, help="moves per game")
    parser.add_argument("--seconds", type=float, default=120.0, help="time limit of each run")
    args = parser.parse_args()
    crowd, *crowd_cpu = measured(lambda url: many_games(url, args.games, args.moves, args.seconds))
    alone, *alone_cpu = measured(lambda url: one_by_one(url, ALONE_GAMES, args.moves))
    local = in_process(args.games, args.moves)
    print(f"{GAME}: {args.games} games at once, up to {args.moves} moves each")
    print("| run | moves | errors | median ms | 99th pct ms | CPU ms a move, server / client |")
    print("|---|--:|--:|--:|--:|--:|")
    report(
        f"{args.games} websockets at once",
        crowd.trips,
        len(crowd.errors),
        cpu_per_move(crowd, *crowd_cpu),
    )
    report(
        f"one websocket alone, {ALONE_GAMES} games in turn (baseline)",
        alone.trips,
        len(alone.errors),
        cpu_per_move(alone, *alone_cpu),
    )
    report("Session.play in-process (baseline)", local, "–")
    ratio = statistics.median(crowd.trips) / statistics.median(alone.trips)
    print(f"median round trip, {args.games} at once over one alone: {ratio:.1f}x")
    for error in (crowd.errors + alone.errors)[:5]:
        print("error:", error)


if __name__ == "__main__":
    main()
