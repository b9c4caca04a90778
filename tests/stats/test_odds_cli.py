"""`parlour odds` through the real command: its JSON, its text, its chart and its refusals."""

from __future__ import annotations

import json
import re
import signal
import sqlite3
import subprocess
import threading
import time
from importlib import import_module
from itertools import islice
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlour.frontends.cli.app import app
from parlour.frontends.cli.odds import deals_left, default_db, make_task
from parlour.store import results
from parlour.store.database import default_path
from parlour.store.results import ResultStore, RunKey
from tests.cli.runner import PARLOUR, at_terminal, command_env, parlour, terminal_lines
from tests.web.test_store import unwritable

KEY = RunKey("royal-marriage", '{"mode": "as-dealt", "variant": "standard"}', "1", "solver", 10)

SUMMARY_KEYS = {
    "game", "params", "policy", "budget", "first_deal", "deals", "won", "lost", "unknown",
    "draw", "win_rate", "ci_low", "ci_high", "seconds", "wall_seconds", "workers",
}  # fmt: skip


def _odds(db: Path, *args: str) -> dict[str, object]:
    done = parlour("odds", *args, "--db", str(db), "--json")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # no progress bar in a pipe, not even a blank line
    summary: dict[str, object] = json.loads(done.stdout)
    return summary


def test_json_has_one_object_with_the_counts_and_interval(tmp_path: Path) -> None:
    summary = _odds(tmp_path / "o.sqlite", "royal-marriage", "--deals", "40", "--first-deal", "3")
    assert set(summary) == SUMMARY_KEYS
    assert summary["game"] == "royal-marriage"
    assert summary["params"] == {"variant": "standard", "mode": "as-dealt"}
    assert (summary["policy"], summary["deals"], summary["first_deal"]) == ("solver", 40, 3)
    won, lost, unknown = summary["won"], summary["lost"], summary["unknown"]
    assert isinstance(won, int) and isinstance(lost, int) and isinstance(unknown, int)
    assert won + lost + unknown == 40
    low, rate, high = summary["ci_low"], summary["win_rate"], summary["ci_high"]
    assert isinstance(low, float) and isinstance(rate, float) and isinstance(high, float)
    assert low <= rate == won / 40 <= high


def test_a_run_at_a_terminal_shows_its_progress_and_the_rate_so_far(tmp_path: Path) -> None:
    """The bar fits an 80-column terminal with its figures whole, below the run's name, even
    where the counts are long: here the last 20 of 100,000 deals are left to decide."""
    db, total, left = tmp_path / "o.sqlite", 100_000, 20
    _, key = make_task("royal-marriage", "discards", "open", None, None)
    with ResultStore(db) as store:
        store.add(key, [(deal, "won", 1, 0.0) for deal in range(1, total - left + 1)])
    screen = at_terminal(
        "odds", "royal-marriage", "--variant", "discards", "--mode", "open",
        "--deals", str(total), "--db", str(db), columns=80,
    )  # fmt: skip
    lines = terminal_lines(screen)
    bars = [line for line in lines if "━" in line]
    assert bars and all(len(line) <= 80 for line in bars), bars
    heading = "royal-marriage discards/open — solver, budget 2,000,000 positions; deals 1–100000"
    assert heading in " ".join(" ".join(lines).split())  # wrapped where it is too long
    summary = re.search(r"win rate (\S+) \(95% Wilson interval (\S+) to (\S+)\)", screen)
    assert summary is not None
    rate, low, high = summary.groups()
    shown = f"{rate} (95% CI {low}–{high})"  # the bar's last rate is the summary's
    assert any(f" {total - left}/{total} " in line for line in lines)
    assert any(f" {total}/{total} {shown} " in line for line in lines)


@pytest.mark.slow
def test_a_run_on_a_cluster_names_the_clusters_own_workers(tmp_path: Path) -> None:
    """--workers with --address only sets how much work is in flight: the run says how many
    workers the cluster has, as its scheduler counts them."""
    distributed = import_module("distributed")
    db = tmp_path / "o.sqlite"
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=False,
        protocol="tcp",  # reached by the command's own process
        dashboard_address=None,
    ) as cluster:
        on_cluster = ("--address", cluster.scheduler_address, "--workers", "5", "--db", str(db))
        text = parlour("odds", "royal-marriage", "--deals", "10", *on_cluster)
        summary = _odds(db, "royal-marriage", "--deals", "20", *on_cluster)
    assert text.returncode == 0, text.stderr
    assert "s with 2 workers, chunks in flight as for 5 workers" in text.stdout
    assert summary["workers"] == 2


def test_no_more_workers_start_than_there_are_deals_left(tmp_path: Path) -> None:
    db = tmp_path / "o.sqlite"
    assert _odds(db, "royal-marriage", "--deals", "2", "--workers", "8")["workers"] == 2
    assert _odds(db, "royal-marriage", "--deals", "3", "--workers", "8")["workers"] == 1


def test_a_rerun_counts_nothing_twice_and_a_longer_one_adds_deals(tmp_path: Path) -> None:
    db = tmp_path / "o.sqlite"
    first = _odds(db, "royal-marriage", "--mode", "open", "--deals", "20")
    again = _odds(db, "royal-marriage", "--mode", "open", "--deals", "20")
    assert (first["workers"], again["workers"]) == (1, 0)  # nothing left to decide again
    longer = _odds(db, "royal-marriage", "--mode", "open", "--deals", "30", "--workers", "2")
    assert {k: again[k] for k in ("deals", "won", "lost")} == {
        k: first[k] for k in ("deals", "won", "lost")
    }
    assert longer["deals"] == 30
    with ResultStore(db) as store:
        (key,) = store.runs()
        assert store.tally(key).deals == 30


def test_greedy_policy_plays_and_is_stored_apart(tmp_path: Path) -> None:
    db = tmp_path / "o.sqlite"
    _odds(db, "four-corners", "--deals", "3", "--budget", "50")
    greedy = _odds(db, "four-corners", "--deals", "3", "--policy", "greedy")
    assert (greedy["policy"], greedy["budget"], greedy["unknown"]) == ("greedy", 0, 0)
    with ResultStore(db) as store:
        assert sorted(key.policy for key in store.runs()) == ["greedy", "solver"]


def test_text_report_names_the_rate_and_interval(tmp_path: Path) -> None:
    done = parlour("odds", "plait", "--deals", "2", "--budget", "20", "--db", str(tmp_path / "o"))
    assert done.returncode == 0, done.stderr
    assert "2 deals:" in done.stdout
    assert "95% Wilson interval" in done.stdout
    assert "unknown deals counted as lost below, won above" in done.stdout
    assert "with 1 worker\n" in done.stdout
    decided = parlour("odds", "royal-marriage", "--deals", "5", "--db", str(tmp_path / "o"))
    assert "0 unknown" in decided.stdout and "95% Wilson interval" in decided.stdout
    assert "unknown deals counted" not in decided.stdout  # said only where there are some


@pytest.mark.parametrize("suffix, magic", [(".png", b"\x89PNG"), (".svg", b"<?xml")])
def test_plot_charts_every_stored_run(tmp_path: Path, suffix: str, magic: bytes) -> None:
    db, chart = tmp_path / "o.sqlite", tmp_path / f"odds{suffix}"
    _odds(db, "royal-marriage", "--deals", "10")
    _odds(db, "royal-marriage", "--deals", "10", "--variant", "push-pin", "--plot", str(chart))
    assert chart.read_bytes().startswith(magic)
    if suffix == ".svg":
        text = chart.read_text()
        assert "royal-marriage standard/as-dealt solver" in text
        assert "royal-marriage push-pin/as-dealt solver" in text


def test_a_run_with_no_deal_decided_keeps_its_row_and_the_summary(tmp_path: Path) -> None:
    db, chart = tmp_path / "o.sqlite", tmp_path / "odds.svg"
    with ResultStore(db) as store:  # the Wrangle's draws: no win rate
        store.add(RunKey("wrangle", '{"first": "cut"}', "1", "strong", 0), [(1, "draw", 0, 0.1)])
        # and a run with draws and a decided game: its bar stands for the game not drawn
        some = [(1, "draw", 0, 0.1), (2, "won", 0, 0.1), (3, "draw", 0, 0.1)]
        store.add(RunKey("wrangle", '{"first": "north"}', "1", "strong", 0), some)
    done = parlour("odds", "royal-marriage", "--deals", "3", "--db", str(db), "--plot", str(chart))
    assert done.returncode == 0, done.stderr
    assert "3 deals:" in done.stdout
    text = chart.read_text()
    assert "wrangle cut strong (1 deal, none decided)" in text
    assert "wrangle north strong (3 deals, 1 not drawn)" in text
    assert "win rate, % (draws left out)" in text
    assert "royal-marriage standard/as-dealt solver" in text


def test_a_run_this_version_does_not_know_is_charted_by_its_stored_values(
    tmp_path: Path,
) -> None:
    db, chart = tmp_path / "o.sqlite", tmp_path / "odds.svg"
    with ResultStore(db) as store:  # runs stored by a version with other games and variants
        store.add(RunKey("snap", '{"speed": "fast"}', "1", "solver", 100), [(1, "won", 5, 0.1)])
        store.add(
            RunKey("plait", '{"variant": "retired"}', "1", "solver", 100), [(1, "lost", 5, 0.1)]
        )
    _odds(db, "royal-marriage", "--deals", "5", "--plot", str(chart))
    text = chart.read_text()
    assert "snap fast solver" in text and "plait retired solver" in text


def test_a_run_under_other_rules_is_charted_with_their_version(tmp_path: Path) -> None:
    """Two runs of one game and params, under two versions of its rules, have two names."""
    db, chart = tmp_path / "o.sqlite", tmp_path / "odds.svg"
    standard = '{"mode": "as-dealt", "variant": "standard"}'
    with ResultStore(db) as store:
        store.add(RunKey("royal-marriage", standard, "0", "greedy", 0), [(1, "won", 5, 0.1)])
    _odds(db, "royal-marriage", "--deals", "5", "--policy", "greedy", "--plot", str(chart))
    text = chart.read_text()
    assert "royal-marriage standard/as-dealt greedy (rules 0)" in text
    assert text.count("royal-marriage standard/as-dealt greedy") == 2


def test_the_wrangle_reports_the_first_players_games(tmp_path: Path) -> None:
    summary = _odds(tmp_path / "o.sqlite", "wrangle", "--deals", "1", "--first-deal", "5")
    assert (summary["policy"], summary["deals"], summary["unknown"]) == ("strong", 1, 0)
    assert summary["won"] + summary["lost"] + summary["draw"] == 1  # type: ignore[operator]


def _refused(tmp_path: Path, *args: str) -> str:
    done = parlour("odds", *args)
    assert done.returncode == 2
    assert done.stdout == ""
    return done.stderr


def test_a_corrupt_database_is_a_clear_error_and_stays_as_it_was(tmp_path: Path) -> None:
    db = tmp_path / "odds.sqlite"
    db.write_bytes(b"\x00garbage" * 512)
    message = _refused(tmp_path, "royal-marriage", "--deals", "5", "--db", str(db))
    assert "cannot open results database" in message
    assert db.read_bytes() == b"\x00garbage" * 512


def test_a_database_damaged_inside_is_a_clear_error_and_stays_as_it_was(tmp_path: Path) -> None:
    """A file that opens, but whose pages of results are damaged, is said as one that does not
    open: the damage shows only when the results are counted."""
    db = tmp_path / "odds.sqlite"
    _odds(db, "royal-marriage", "--deals", "300")
    damaged = bytearray(db.read_bytes())
    page = 4096  # SQLite's default page size: the results lie from the second page on
    damaged[2 * page : 3 * page] = b"\xff" * page
    db.write_bytes(damaged)
    for args in (["--deals", "300"], ["--deals", "300", "--plot", str(tmp_path / "c.png")]):
        message = _refused(tmp_path, "royal-marriage", *args, "--db", str(db))
        assert message == (
            f"parlour: cannot read results database {db}: database disk image is malformed\n"
        )
    assert db.read_bytes() == damaged


def test_a_foreign_database_is_a_clear_error(tmp_path: Path) -> None:
    import sqlite3

    db = tmp_path / "shop.sqlite"
    with sqlite3.connect(db) as connection:
        connection.execute("CREATE TABLE orders (id INTEGER)")
    connection.close()
    message = _refused(tmp_path, "royal-marriage", "--deals", "5", "--db", str(db))
    assert "is not a Parlour results database" in message


@pytest.mark.parametrize(
    "args, words",
    [
        (["wrangle", "--deals", "2", "--policy", "solver"], "choose from strong"),
        (["plait", "--deals", "2", "--policy", "psychic"], "choose from solver, greedy"),
        (["plait", "--deals", "2", "--variant", "nine-passes"], "is not a variant"),
        (["royal-marriage", "--deals", "2", "--first-deal", str(2**63 - 1)], "stop at"),
        (["royal-marriage", "--deals", "2", "--plot", "chart.gif"], "PNG|SVG|.png or .svg"),
        (["royal-marriage", "--deals", "2", "--plot", "/dev/null/c.svg"], "is not a folder"),
        (["royal-marriage", "--deals", "2", "--address", "tcp://x:1", "--dask-local"], "not both"),
        (["royal-marriage", "--deals", "2", "--address", "garbage"], "not a Dask scheduler's"),
        (["royal-marriage", "--deals", "2", "--address", "tcp://x"], "missing port"),
        (["royal-marriage", "--deals", "2", "--address", "udp://x:1"], "unknown address scheme"),
        (["royal-marriage", "--deals", "2", "--address", "tcp://127.0.0.1:9"], "cannot reach"),
        (["royal-marriage", "--deals", "1", "--budget", str(2**63)], "too large: at most"),
        (
            ["plait", "--deals", "2", "--policy", "greedy", "--budget", "9"],
            "greedy policy has none",
        ),
        (["wrangle", "--deals", "2", "--budget", "9"], "strong policy has none"),
    ],
)
def test_bad_input_is_refused_with_a_message(tmp_path: Path, args: list[str], words: str) -> None:
    message = _refused(tmp_path, *args, "--db", str(tmp_path / "o.sqlite"))
    assert any(w in message for w in words.split("|")), message
    assert not (tmp_path / "o.sqlite").exists()  # refused before anything is written


def test_a_chart_that_could_not_be_written_is_refused_before_the_run(tmp_path: Path) -> None:
    folder = tmp_path / "chart.svg"
    folder.mkdir()
    db = tmp_path / "odds.sqlite"
    message = _refused(
        tmp_path, "royal-marriage", "--deals", "2", "--plot", str(folder), "--db", str(db)
    )
    assert "is a folder: name the chart's file" in message
    assert not db.exists()  # nothing decided nor stored


def test_a_chart_in_folders_not_made_yet_makes_them_as_the_database_does(tmp_path: Path) -> None:
    chart, db = tmp_path / "charts" / "odds" / "c.svg", tmp_path / "results" / "o.sqlite"
    _odds(db, "royal-marriage", "--deals", "3", "--plot", str(chart))
    assert chart.read_bytes().lstrip().startswith(b"<?xml")


def test_the_odds_database_lies_beside_the_games_database(monkeypatch: pytest.MonkeyPatch) -> None:
    """One per-user data folder, for both files."""
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", "/data")
    assert default_db() == Path("/data/parlour/odds.sqlite")
    assert default_path() == Path("/data/parlour/parlour.db")


def test_the_deals_left_are_counted_and_listed_without_holding_them_all() -> None:
    count, deals = deals_left(1, 10**15, done={2, 5})
    assert count == 10**15 - 2
    assert list(islice(deals, 4)) == [1, 3, 4, 6]


@pytest.mark.parametrize("journal", ["DELETE", "WAL"])
def test_a_read_only_file_whose_deals_are_all_stored_is_summarised_and_charted(
    tmp_path: Path, journal: str
) -> None:
    db, chart = tmp_path / "o.sqlite", tmp_path / "chart.svg"
    stored = _odds(db, "royal-marriage", "--deals", "20")
    with sqlite3.connect(db) as journalled:
        journalled.execute(f"PRAGMA journal_mode = {journal}")
    before = db.read_bytes()
    with unwritable(db):
        again = _odds(db, "royal-marriage", "--deals", "20", "--plot", str(chart))
        more = parlour("odds", "royal-marriage", "--deals", "30", "--db", str(db))
    assert {k: again[k] for k in ("won", "lost")} == {k: stored[k] for k in ("won", "lost")}
    assert chart.read_bytes().lstrip().startswith(b"<?xml") and db.read_bytes() == before
    assert more.returncode == 2
    # refused before any deal is decided, not once the first results are to be stored
    assert more.stderr.strip() == f"parlour: cannot write results database {db}: it is read-only"


def test_results_that_cannot_be_written_stop_the_run_as_a_ctrl_c_would(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another program holding the file for longer than a run waits: the run stops, says
    what it stored, and a rerun goes on."""
    db = tmp_path / "o.sqlite"
    _odds(db, "royal-marriage", "--deals", "10")
    monkeypatch.setattr(results, "WRITE_WAIT_SECONDS", 0.05)
    opened = ResultStore.to_write
    other = sqlite3.connect(db)

    def then_held(store: ResultStore) -> None:
        opened(store)
        if not other.in_transaction:
            other.execute("BEGIN IMMEDIATE")  # another program takes the file from here on

    monkeypatch.setattr(ResultStore, "to_write", then_held)
    done = CliRunner().invoke(app, ["odds", "royal-marriage", "--deals", "30", "--db", str(db)])
    other.rollback()
    other.close()
    assert done.exit_code == 2
    said = " ".join(done.output.split())
    assert f"cannot write results database {db}: database is locked;" in said
    assert "stopped with 10 of 30 deals stored; rerun to go on" in said
    monkeypatch.undo()
    assert _odds(db, "royal-marriage", "--deals", "30")["deals"] == 30


def test_a_write_waits_for_a_lock_another_program_holds(tmp_path: Path) -> None:
    """SQLite's default of 5 s stopped runs that another program held for longer: the store
    waits up to `WRITE_WAIT_SECONDS`, looking again every `LOCK_LOOK_SECONDS`."""
    db = tmp_path / "o.sqlite"
    with ResultStore(db) as store:
        store.add(KEY, [(1, "won", 1, 0.1)])
    other = sqlite3.connect(db, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    freed = threading.Timer(20 * results.LOCK_LOOK_SECONDS, other.rollback)
    freed.start()
    try:
        with ResultStore(db) as store:
            store.add(KEY, [(2, "lost", 1, 0.1)])
            assert store.tally(KEY).deals == 2
    finally:
        freed.join()
        other.close()
    assert results.WRITE_WAIT_SECONDS >= 60


def test_a_ctrl_c_stops_a_run_waiting_for_another_program_s_lock(tmp_path: Path) -> None:
    """SQLite's own wait would hold the Ctrl-C off until the lock came free; the store waits
    in Python's sleep, which it ends."""
    db = tmp_path / "o.sqlite"
    _odds(db, "royal-marriage", "--deals", "5")
    other = sqlite3.connect(db)
    other.execute("BEGIN IMMEDIATE")
    try:
        process = subprocess.Popen(
            [PARLOUR, "odds", "royal-marriage", "--deals", "50", "--db", str(db)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env=command_env(),
        )
        time.sleep(3)  # started, and waiting for the lock
        assert process.poll() is None
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=10)
    finally:
        other.rollback()
        other.close()
    assert process.returncode == 130
    assert stderr == "parlour: stopped with 5 of 50 deals stored; rerun to go on\n"
