"""Count the CPU instructions the public solver API spends per hand (valgrind), to compare
two versions of the code on a shared, noisy machine where timings move by 10-50%.

Usage:  python benchmarks/ir_count.py [--src DIR] [--hands N] [row ...]

Rows: ``13`` (``min_deadwood``, 13 cards, kings wild), ``10`` (``min_deadwood``, 10 cards,
tens wild), ``bd`` (``best_discard``, 14 cards, kings wild), ``dv`` (``deadwood_by_discard``,
14 cards); default those four.  On request: ``ar`` (``best_arrangement``, 13 cards), ``go``
(``can_go_out``, 14 cards), all kings wild.  Only the public API is called (parsed cards),
so any two versions of the solver compare, whatever their insides.

Each row solves seeded random hands of the two-pack deck, each new to the solver (no result
cache holds it), after as many others warmed the hand-independent tables, under
``valgrind --tool=callgrind`` twice, once solving nothing, and prints the difference per
hand in thousands of instructions.  Only the loop over the timed hands is counted (it runs
inside ``exec``, and valgrind collects only inside CPython's ``builtin_exec``), with
``PYTHONHASHSEED`` fixed and the garbage collector off, so a repeated run gives the same
count (the start-up and warm-up, whose memory layout varies from run to run, once made
counts move by 5-10%).  ``--src`` points at another checkout's ``src`` to count an older
version the same way.  Needs ``valgrind`` on the PATH and a CPython with its symbols.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
from pathlib import Path

from _callgrind import python_instructions

HERE = Path(__file__).resolve().parent
ROWS = {
    "13": (13, 13, "min_deadwood"),
    "10": (10, 10, "min_deadwood"),
    "bd": (14, 13, "best_discard"),
    "dv": (14, 13, "deadwood_by_discard"),
    "ar": (13, 13, "best_arrangement"),
    "go": (14, 13, "can_go_out"),
}
DEFAULT_ROWS = ("13", "10", "bd", "dv")


def _child(src: str, row: str, n: int, timed: bool) -> None:
    """The measured process: warm up, then solve (or only clear before) each hand."""
    sys.path.insert(0, src)
    import fivecrowns as fc

    size, wild_rank, name = ROWS[row]
    solve = getattr(fc, name)
    deck = fc.deck()
    rng = random.Random(777)
    hands = [tuple(rng.sample(deck, size)) for _ in range(n)]
    warm = random.Random(54321)
    for _ in range(n):
        solve(warm.sample(deck, size), wild_rank)
    gc.collect()
    gc.disable()
    # the loop runs inside exec(): valgrind counts only what runs inside ``builtin_exec``
    body = "    solve(hand, wild_rank)\n" if timed else "    pass\n"
    loop = compile(f"for hand in hands:\n{body}", "<loop>", "exec")
    exec(loop, {"hands": hands, "solve": solve, "wild_rank": wild_rank})


def _instructions(src: str, row: str, n: int, timed: bool) -> int:
    mode = "--timed" if timed else "--untimed"
    return python_instructions(__file__, "--child", "--src", src, "--hands", str(n), mode, row)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rows", nargs="*", help=f"any of {', '.join(ROWS)} (default: 13 10 bd dv)")
    parser.add_argument("--src", default=str(HERE.parent / "src"))
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--timed", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--untimed", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    rows = args.rows or list(DEFAULT_ROWS)
    if not set(rows) <= set(ROWS):
        parser.error(f"rows are {', '.join(ROWS)}; got {' '.join(rows)}")
    if args.child:
        _child(args.src, rows[0], args.hands, args.timed)
        return
    print(f"{'row':6} {'k instructions / hand':>22}   ({args.src}, {args.hands} hands)")
    for row in rows:
        spent = _instructions(args.src, row, args.hands, True)
        idle = _instructions(args.src, row, args.hands, False)
        print(f"{row:6} {(spent - idle) / args.hands / 1000:22.1f}")


if __name__ == "__main__":
    main()
