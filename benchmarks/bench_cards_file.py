"""Royal Marriage through `parlour solve --cards-file`: CPU ms a deal, whole and past start-up.

A file of N decks pays the command's start-up (Python, the imports, the first deck) once. The
baseline, measured in the same run, is the same command on a file holding only the first deck:
"past start-up" is the N-deck command's CPU time less the baseline's, over the other N-1 decks,
and "ratio" is the N-deck command's CPU time over the baseline's. "solving" is the mean of the
`seconds` the answers report. CPU time (user and system, of the command's process) is used
since the machine may be shared; each command runs `--repeats` times and the least is kept.

Run: uv run python benchmarks/bench_cards_file.py [--deals N] [--repeats R]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from parlour.core.cards import cards_str
from parlour.core.params import all_params, params_dict
from parlour.games.royal_marriage import ROYAL_MARRIAGE as RM
from parlour.games.royal_marriage import RoyalMarriageParams

PARLOUR = str(Path(sys.executable).with_name("parlour"))


def command_cpu(
    decks: list[str], params: RoyalMarriageParams
) -> tuple[float, list[dict[str, object]]]:
    """CPU seconds of one `parlour solve --cards-file` on `decks`, and its answers."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        handle.write("\n".join(decks) + "\n")
    options = [f"--{name}={value}" for name, value in params_dict(params).items()]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [PARLOUR, "solve", RM.info.id, "--cards-file", handle.name, "--json", *options],
        check=True,
        capture_output=True,
        text=True,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    Path(handle.name).unlink()
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, [json.loads(line) for line in done.stdout.splitlines()]


def least_cpu(
    decks: list[str], params: RoyalMarriageParams, repeats: int
) -> tuple[float, list[dict[str, object]]]:
    runs = [command_cpu(decks, params) for _ in range(repeats)]
    return min(cpu for cpu, _ in runs), runs[0][1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(
        f"{'variant':<10}{'mode':<10}{'deals':>7}{'decided':>9}{'whole ms':>10}"
        f"{'start-up s':>12}{'past ms':>9}{'solving ms':>12}{'ratio':>7}"
    )
    for params in all_params(RoyalMarriageParams):
        decks = [cards_str(RM.deck_for_deal(params, d)) for d in range(1, args.deals + 1)]
        start_up, _ = least_cpu(decks[:1], params, args.repeats)
        whole, answers = least_cpu(decks, params, args.repeats)
        decided = sum(answer["result"] in ("won", "lost") for answer in answers)
        solving = sum(float(str(answer["seconds"])) for answer in answers) / len(answers)
        past = (whole - start_up) / (len(decks) - 1)
        print(
            f"{params.variant:<10}{params.mode:<10}{len(decks):>7}{decided:>9}"
            f"{1000 * whole / len(decks):>10.2f}{start_up:>12.2f}{1000 * past:>9.2f}"
            f"{1000 * solving:>12.2f}{whole / start_up:>7.2f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
