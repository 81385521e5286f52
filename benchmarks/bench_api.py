"""What a caller pays between Python and the engine (issue 46): each line a public call, the
reference it is held to, measured in the same run, and the ratio, by instructions
(callgrind) and by wall clock (timeit, best of ``--repeat``).

Usage:  python benchmarks/bench_api.py [--hands N] [--repeat R] [--base DIR] [--no-callgrind]
            [line ...]

Lines (target in brackets):

  * ``official``: ``fc.min_deadwood(hand, 13, rules=fc.Rules())``, 13 cards, against the
    call with the rules made once (``rules=rules``) [at most 1.3x];
  * ``lay_off``, ``packs``: the same with ``fc.Rules(lay_off=True)`` and ``fc.Rules(packs=3)``
    made in the call, against each made once [at most 1.3x];
  * ``string``: ``fc.min_deadwood(text, 13)``, the hand as a string (``"3H 7S JK ..."``),
    against a tuple of ``fc.Card`` [at most 1.5x];
  * ``value``: ``fc.best_discard_value(hand, 13)``, 14 cards, against the engine's native
    ``Hand::best_discard_value`` (the Rust example ``speed`` with ``BEST_ONLY=1`` under
    callgrind, on its own random hands of the same deck; built by this script with cargo
    when missing) [at most 1.3x by instructions]; the engine's call through its thinnest
    binding (``_core.Solver.best_discard_value`` on a list of codes) is printed beside it;
  * ``discard``: ``fc.best_discard(hand, 13)``, 14 cards, against the same call of the
    checkout at ``--base`` (the ``src`` of an older build, e.g. main's), measured in child
    processes of this run [at most 0.6x].

Every line solves seeded random hands of the two-pack deck, kings wild, each new to the
solver, after the same number of other hands warmed the hand-independent tables and the
meld cache. Instructions: ``valgrind --tool=callgrind`` counts one child process per line
and version, running the line's loop inside ``exec`` (valgrind collects only inside
CPython's ``builtin_exec``), less a child that runs an empty loop after the same set-up,
per hand (as ``benchmarks/ir_count.py`` does: ``PYTHONHASHSEED`` fixed and the garbage
collector off, so a repeated run gives the same count). Wall clock: the same loop timed in
this process (``--base``: in child processes of each version, alternating), best of
``--repeat``, per hand. Needs ``valgrind`` and a CPython with its symbols for the counts
(``--no-callgrind`` skips them).

Figures (2026-12-07, the project's shared 2-core machine, ``--hands 500 --repeat 3``;
instructions per hand, the call against its reference, ratio; before = main at be995c9,
the same script with ``--src`` of that build):

  ============  ======================  ======================
  line          before                  after
  ============  ======================  ======================
  official      13761 / 12131  1.13x    12756 / 11482  1.11x
  lay_off       19177 / 12146  1.58x    14823 / 11473  1.29x
  packs         19692 / 11136  1.77x    13744 / 11438  1.20x
  string        85732 / 10862  7.89x    13007 / 12100  1.07x
  value         (no such call)          29943 / 25392  1.18x (native; binding 28627)
  discard       84399                   73415  0.87x of before
  ============  ======================  ======================

(A run of 1000 hands gave lay_off 1.06x and packs 1.21x: a few hundred instructions a call
move with the heap's layout, e.g. a ``realloc`` that copies or not.) Wall clock moves by
10-50% on that machine; the instruction counts are the figures to go by.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import random
import re
import subprocess
import sys
import timeit
from pathlib import Path

from _callgrind import count, python_instructions

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
#: line -> (the call, its reference call, the target ratio), each the body of a loop over
#: ``hands`` (13 cards), ``hands14`` (14 cards) or ``texts`` (the 13-card hands as strings).
LINES: dict[str, tuple[str, str, float]] = {
    "official": (
        "for hand in hands:\n    md(hand, 13, rules=fc.Rules())\n",
        "for hand in hands:\n    md(hand, 13, rules=official)\n",
        1.3,
    ),
    "lay_off": (
        "for hand in hands:\n    md(hand, 13, rules=fc.Rules(lay_off=True))\n",
        "for hand in hands:\n    md(hand, 13, rules=lay_off)\n",
        1.3,
    ),
    "packs": (
        "for hand in hands:\n    md(hand, 13, rules=fc.Rules(packs=3))\n",
        "for hand in hands:\n    md(hand, 13, rules=packs)\n",
        1.3,
    ),
    "string": (
        "for text in texts:\n    md(text, 13)\n",
        "for hand in hands:\n    md(hand, 13)\n",
        1.5,
    ),
    "value": (
        "for hand in hands14:\n    fc.best_discard_value(hand, 13)\n",
        "for codes in codes14:\n    core_value(codes, 13)\n",
        1.3,
    ),
    "discard": (
        "for hand in hands14:\n    fc.best_discard(hand, 13)\n",
        "for hand in hands14:\n    fc.best_discard(hand, 13)\n",
        0.6,
    ),
}
IDLE = "for hand in hands:\n    pass\n"


def _setup(src: str, n: int) -> dict[str, object]:
    """Import the package of ``src``, deal the hands and warm every line on other hands."""
    sys.path.insert(0, src)
    import fivecrowns as fc
    from fivecrowns.cards import format_cards

    deck = fc.deck()
    rng = random.Random(777)
    hands = [tuple(rng.sample(deck, 13)) for _ in range(n)]
    hands14 = [tuple(rng.sample(deck, 14)) for _ in range(n)]
    warm = random.Random(54321)
    scope: dict[str, object] = {
        "fc": fc,
        "md": fc.min_deadwood,
        "official": fc.Rules(),
        "lay_off": fc.Rules(lay_off=True),
        "packs": fc.Rules(packs=3),
        "hands": hands,
        "hands14": hands14,
        "texts": [format_cards(hand) for hand in hands],
        "codes14": [sorted(card.code for card in hand) for hand in hands14],
    }
    try:
        from fivecrowns.solver import _compiled

        scope["core_value"] = _compiled.solver(fc.Rules()).best_discard_value
    except (ImportError, AttributeError):
        pass
    warm_scope = dict(scope)
    warm13 = [tuple(warm.sample(deck, 13)) for _ in range(n)]
    warm14 = [tuple(warm.sample(deck, 14)) for _ in range(n)]
    warm_scope.update(
        hands=warm13,
        hands14=warm14,
        texts=[format_cards(hand) for hand in warm13],
        codes14=[sorted(card.code for card in hand) for hand in warm14],
    )
    for call, reference, _ in LINES.values():
        for body in (call, reference):
            # (an older version lacks a call)
            with contextlib.suppress(AttributeError, NameError):
                exec(body, warm_scope)
    gc.collect()
    gc.disable()
    return scope


def _child(src: str, n: int, body: str) -> None:
    scope = _setup(src, n)
    # the loop runs inside exec(): valgrind counts only what runs inside ``builtin_exec``
    exec(compile(body, "<loop>", "exec"), scope)


def _count(src: str, n: int, body: str) -> int:
    return python_instructions(__file__, "--child", body, "--src", src, "--hands", str(n))


class _Counter:
    """Instructions per hand of loop bodies, each less the empty loop of the same version."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.idle: dict[str, int] = {}

    def per_hand(self, src: str, body: str) -> float:
        if src not in self.idle:
            self.idle[src] = _count(src, self.n, IDLE)
        return (_count(src, self.n, body) - self.idle[src]) / self.n


def _wall(scope: dict[str, object], body: str, n: int, repeat: int) -> float:
    """Seconds per hand of ``body``, best of ``repeat``."""
    code = compile(body, "<loop>", "exec")
    return min(timeit.repeat(lambda: exec(code, scope), number=1, repeat=repeat)) / n


def _wall_child(src: str, n: int, body: str, repeat: int) -> float:
    cmd = [sys.executable, __file__, "--time", body, "--src", src, "--hands", str(n)]
    cmd += ["--repeat", str(repeat)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return float(out.split()[-1])


def _native(n: int) -> tuple[float | None, float | None]:
    """Instructions and nanoseconds per hand of the engine's native best discard value (the
    example ``speed``, ``BEST_ONLY=1``, 14-card hands), or None when it cannot be run: the
    difference between a run of ``2 n`` hands and one of the first ``n`` of them, so that
    what the first call builds once (the sweep's tables) is not counted."""
    rust = ROOT / "rust"
    example = rust / "target" / "release" / "examples" / "speed"
    build = ["cargo", "build", "--release", "-q", "-p", "fivecrowns-engine", "--example", "speed"]
    try:
        subprocess.run(build, cwd=rust, check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError):
        return None, None
    counts, times = [], []
    for hands in (n, 2 * n):
        env = {**os.environ, "BEST_ONLY": "1", "SIZES": "14", "N": str(hands)}
        runs = [
            subprocess.run([example], env=env, capture_output=True, text=True, check=True)
            for _ in range(3)
        ]
        found = [re.search(r"best discard (\d+) ns", run.stdout) for run in runs]
        times.append(min(float(m.group(1)) for m in found if m) * hands)
        found = count([str(example)], collect="speed::best", env=env)
        if found is None:
            return None, (times[-1] - times[0]) / n if len(times) == 2 else None
        counts.append(found)
    return (counts[1] - counts[0]) / n, (times[1] - times[0]) / n


def _row(name: str, figure: float, reference: float, unit: str, target: float | None) -> None:
    ratio = figure / reference if reference else float("nan")
    verdict = (
        "no target"
        if target is None
        else f"target {target}x: " + ("met" if ratio <= target else "NOT met")
    )
    print(
        f"  {name:6} {figure:10.3f} {unit:3} reference {reference:10.3f} {unit:3} "
        f"ratio {ratio:5.2f}x  ({verdict})"
    )


def _line(line: str, args: argparse.Namespace, scope: dict[str, object], counter: _Counter) -> None:
    """Measure and print one line."""
    call, reference, target = LINES[line]
    print(f"{line}:")
    if line == "discard":
        walls = [
            _wall_child(src, args.hands, call, 1)
            for _ in range(args.repeat)
            for src in (args.src, args.base)
        ]
        now, before = min(walls[0::2]), min(walls[1::2])
    else:
        now = _wall(scope, call, args.hands, args.repeat)
        before = _wall(scope, reference, args.hands, args.repeat)
    if line != "value":
        _row("us", now * 1e6, before * 1e6, "", target)
        if not args.no_callgrind:
            base = args.base if line == "discard" else args.src
            figure = counter.per_hand(args.src, call)
            _row("instr", figure, counter.per_hand(base, reference), "", target)
        return
    print(f"  (the binding's call, the engine's on a list of codes: {before * 1e6:.3f} us)")
    native, ns = _native(args.hands)
    if ns is not None:
        _row("us", now * 1e6, ns / 1000, "", None)
    if args.no_callgrind:
        return
    binding = counter.per_hand(args.src, reference)
    print(f"  (the binding's call: {binding:.0f} instructions per hand)")
    if native is None:
        print("  (the native example could not be built or counted: no reference)")
    else:
        _row("instr", counter.per_hand(args.src, call), native, "", target)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lines", nargs="*", help=f"any of {', '.join(LINES)} (default all)")
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--src", default=str(ROOT / "src"))
    parser.add_argument("--base", help="the src of another build: the 'discard' reference")
    parser.add_argument("--no-callgrind", action="store_true")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--time", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        _child(args.src, args.hands, args.child)
        return
    if args.time is not None:
        print(_wall(_setup(args.src, args.hands), args.time, args.hands, args.repeat))
        return
    lines = args.lines or list(LINES)
    if not set(lines) <= set(LINES):
        parser.error(f"lines are {', '.join(LINES)}; got {' '.join(lines)}")
    if "discard" in lines and args.base is None:
        print("(discard needs --base, the src of the build it is compared with: skipped)")
        lines.remove("discard")
    against = f" against {args.base}" if args.base else ""
    print(f"{args.hands} hands, kings wild, per hand; {args.src}{against}")
    scope = _setup(args.src, args.hands)
    counter = _Counter(args.hands)
    for line in lines:
        _line(line, args, scope, counter)


if __name__ == "__main__":
    main()
