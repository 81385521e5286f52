"""The one entry point of the benchmarks and the equality checks: named suites of scripts.

Usage::

    python benchmarks/run.py --list                 # the suites and what each runs
    python benchmarks/run.py SUITE [SUITE ...]      # run them, full size
    python benchmarks/run.py SUITE --quick          # the same scripts, smoke-sized
    python benchmarks/run.py checks --full          # the equality checks at release size

Suites:

- ``solver``: the public solver on the compiled core beside the Python engine (the core's
  speed rows and their ratios), each house option, hands bigger than a round deals, the
  Python engine's own targets, and instruction counts (``valgrind``) of the hot rows;
- ``game``: ``GameState`` from Python (apply, legal actions, views) and whole games;
- ``simulator``: the batched ``Simulator``, whole tournaments, rollouts, the PettingZoo env
  and the OpenSpiel game;
- ``bots``: games per second of each built-in bot, and the bot table (who beats whom);
- ``checks``: the core proven equal to the Python engine on hands and on whole games
  (``--full``: the sizes a release is checked at: a million hands across every rule option,
  20,000 games including ``lay_off`` and hands laid down by hand).

Every script is run in its own process with this interpreter, its output passed through; the
exit status is the first failing script's. A script can also be run alone: each one's
``--help`` says what it measures. The figures are printed beside a reference measured in the
same run (the machine is shared and noisy); where wall-clock noise hides a difference, count
instructions (``ir_count.py``).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

HERE = Path(__file__).resolve().parent


class Step(NamedTuple):
    """One script of a suite, with its arguments at full size, when quick, and at release
    size (``--full``; None: as at full size)."""

    script: str
    full: tuple[str, ...] = ()
    quick: tuple[str, ...] = ()
    release: tuple[str, ...] | None = None


SUITES: dict[str, tuple[Step, ...]] = {
    "solver": (
        Step("bench_core.py", (), ("--quick",)),
        Step("bench_house_rules.py", ("300",), ("40",)),
        Step("bench_big_hands.py", (), ("--quick",)),
        Step("bench_twin.py", (), ("--quick",)),
        Step("max_score.py"),
        Step(
            "worst_inputs.py",
            ("--retime", str(HERE / "data" / "worst_inputs.json")),
            ("--quick", "--out", str(Path(tempfile.gettempdir()) / "worst_inputs_quick.json")),
        ),
        Step("ir_count.py", (), ("--hands", "200", "13", "bd")),
    ),
    "game": (
        Step("bench_state.py", (), ("--actions", "800", "--repeat", "2")),
        Step("bench_game.py", (), ("--games", "4")),
    ),
    "simulator": (
        Step("bench_simulator.py", (), ("--seconds", "0.5", "--repeat", "1")),
        Step("bench_simulate.py", (), ("--games", "100", "--python-games", "4", "--repeat", "1")),
        Step("bench_rollout.py", (), ("--rollouts", "300", "--python", "8")),
        Step("bench_pettingzoo.py", (), ("--seconds", "0.5")),
        Step("bench_openspiel.py", (), ("--seconds", "0.5", "--games", "4", "--worlds", "1")),
    ),
    "bots": (
        Step("bench_bots.py", (), ("--games", "2", "--tournament-games", "8")),
        Step(
            "bot_table.py",
            ("--jobs", "2"),
            ("--games", "40", "--curve-games", "0", "--timing-games", "1", "--pairs", "0"),
        ),
    ),
    "checks": (
        Step(
            "check_core.py",
            ("200000", "1", "--jobs", "2"),
            ("5000", "1"),
            ("1000000", "1", "--jobs", "2"),
        ),
        Step("check_solver.py", ("20000", "1"), ("2000", "1"), ("200000", "1")),
        Step(
            "check_game.py",
            ("2000", "2026", "--jobs", "2"),
            ("60", "2026"),
            ("20000", "2026", "--jobs", "2"),
        ),
        Step("check_analysis.py", ("2000",), ("100", "--time", "20"), ("20000",)),
    ),
}


def _describe() -> str:
    lines = []
    for name, steps in SUITES.items():
        lines.append(f"{name}:")
        for step in steps:
            there = "" if (HERE / step.script).exists() else "   (missing)"
            lines.append(f"  {step.script} {' '.join(step.full)}".rstrip() + there)
    return "\n".join(lines)


def _run(step: Step, size: str) -> int:
    args = {"quick": step.quick, "full": step.full}.get(size)
    if args is None:  # release
        args = step.full if step.release is None else step.release
    command = [sys.executable, str(HERE / step.script), *args]
    print(f"\n=== {step.script} {' '.join(args)}".rstrip(), flush=True)
    start = time.perf_counter()
    status = subprocess.call(command)
    print(f"=== {step.script}: exit {status} in {time.perf_counter() - start:.1f} s", flush=True)
    return status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Run named suites of the benchmarks and checks.",
        epilog=_describe(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("suites", nargs="*", metavar="SUITE", help="a suite below, or all")
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--quick", action="store_true", help="smoke-sized runs")
    size.add_argument("--full", action="store_true", help="release-sized runs (checks)")
    parser.add_argument("--list", action="store_true", help="list the suites and exit")
    args = parser.parse_args(argv)
    if args.list or not args.suites:
        print(_describe())
        return 0
    unknown = [name for name in args.suites if name not in SUITES and name != "all"]
    if unknown:
        parser.error(f"unknown suite(s) {', '.join(unknown)}: choose from {', '.join(SUITES)}, all")
    names = list(SUITES) if "all" in args.suites else args.suites
    chosen = "quick" if args.quick else "release" if args.full else "full"
    failed = 0
    for name in names:
        for step in SUITES[name]:
            status = _run(step, chosen)
            failed = failed or status
    return failed


if __name__ == "__main__":
    sys.exit(main())
