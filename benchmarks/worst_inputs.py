"""Find the slowest inputs of the solver by search, and save them.

Usage::

    PYTHONPATH=src python benchmarks/worst_inputs.py [--budget-seconds S] [--quick]
        [--engine core|twin|both] [--cap S] [--seed N] [--functions f,g] [--options a,b]
        [--max-dealt N] [--out PATH] [--retime PATH [--cpu-cap S]]

For each public solver function (``min_deadwood``, ``best_arrangement``, ``best_discard``,
``deadwood_by_discard``, ``can_go_out``, ``outs``, and ``GameState.legal_actions()`` in the
discard phase of a state dealing big hands), each engine (the compiled core, the Python
twin) and each rule set (the official rules, and each single house meld option), a seeded
adversarial search looks for the input that makes one call slowest: packs 1..16, a wild rank
(3..13 or none), and a hand of up to the largest size the solver accepts
(``fivecrowns.solver.MAX_CARDS``: the largest deal, ``fivecrowns.rules.MAX_HAND_SIZE``, and
the card drawn; for ``legal_actions``, a round dealing one card fewer).

The search starts from structured seeds (one dense suit, many duplicates, many wilds,
consecutive ranks across suits, all of one rank, the deck's first cards, random hands) and
hill-climbs by mutation (swap a card, change a copy count, add or remove a wild, move a card
to a neighbouring rank or suit, grow or shrink the hand, change the packs or the wild rank),
keeping the slowest few per target. Every call runs in a child process that is killed past
``--cap`` seconds (shown as ``>cap``), after ``fivecrowns.clear_cache()``, so no cache hides
the cost; fast calls are timed three times and the least kept. The budget is spread evenly
over the targets; a target that reached the cap stops searching.

Prints one row per target (the worst input found: its time, hand size, packs, wild rank and
the hand in card notation) and writes them to ``benchmarks/data/worst_inputs.json``, which
``--retime`` reads back and times again. The candidates are seeded (``--seed``), but which
ones the search keeps depends on the times measured, so two runs can differ.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import multiprocessing
import random
import resource
import sys
import time
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

import attrs

import fivecrowns as fc
from fivecrowns.solver import _engine

JOKER = 55
INF, NAN = float("inf"), float("nan")
#: The rule sets searched: the official rules and each single house meld option.
OPTIONS: dict[str, dict[str, Any]] = {
    "default": {},
    "distinct_suit_books": {"distinct_suit_books": True},
    "max_wilds=0": {"max_wilds_per_meld": 0},
    "max_wilds=1": {"max_wilds_per_meld": 1},
    "max_wilds=2": {"max_wilds_per_meld": 2},
    "max_wilds=naturals": {"max_wilds_per_meld": "naturals"},
    "no_all_wild_melds": {"all_wild_melds": False},
}
FUNCTIONS = (
    "min_deadwood",
    "best_arrangement",
    "best_discard",
    "deadwood_by_discard",
    "can_go_out",
    "outs",
    "legal_actions",
)
#: The functions asked about a hand after drawing: one card more than the deal.
AFTER_DRAW = frozenset({"best_discard", "deadwood_by_discard", "can_go_out", "legal_actions"})
ENGINES = {"core": True, "twin": False}
#: Calls faster than this are timed three times (the least is kept).
FAST = 0.02
DATA = Path(__file__).resolve().parent / "data" / "worst_inputs.json"


#: The largest hand dealt that the search tries (``--max-dealt``; by default what ``Rules``
#: allows, ``MAX_HAND_SIZE``).
LIMITS = {"dealt": fc.rules.MAX_HAND_SIZE}


def max_dealt(packs: int) -> int:
    """The largest hand ``Rules`` lets a deck of ``packs`` deal (to two players), at most
    ``--max-dealt``."""
    return min(LIMITS["dealt"], (58 * packs - 2) // 2)


def size_bounds(function: str, packs: int) -> tuple[int, int]:
    """The sizes of the hands tried: every solver function takes the largest deal and the
    card drawn (``MAX_CARDS``), and so does ``legal_actions`` after the draw; ``outs``, asked
    before the draw, the largest deal."""
    return 2 + (function in AFTER_DRAW), max_dealt(packs) + (function != "outs")


def allowed(code: int, packs: int) -> int:
    return 3 * packs if code == JOKER else packs


def is_wild(code: int, wild: int | None) -> bool:
    return code == JOKER or (wild is not None and code % 11 + 3 == wild)


@dataclass(frozen=True)
class Candidate:
    """One input: the deck's packs, the wild rank (None: jokers only), sorted card codes."""

    packs: int
    wild: int | None
    codes: tuple[int, ...]

    def hand(self) -> str:
        return " ".join(str(fc.Card.from_code(c)) for c in self.codes)


# -- the child process that times one call ----------------------------------------------------


def rules_for(function: str, option: str, cand: Candidate) -> fc.Rules:
    """The rules of a call: the option's; for ``legal_actions`` one round dealing the hand
    less the drawn card, with the candidate's wild rank."""
    kwargs: dict[str, Any] = {"packs": cand.packs, **OPTIONS[option]}
    if function == "legal_actions":
        kwargs |= {"schedule": (len(cand.codes) - 1,), "wild_ranks": (cand.wild,)}
    return fc.Rules(**kwargs)


def discard_state(rules: fc.Rules, cand: Candidate) -> fc.GameState:
    """A two-player state in the discard phase whose player to act holds the candidate."""
    state = fc.GameState.new(2, rules=rules, seed=0).apply(fc.DRAW_STOCK)
    left = [allowed(c, cand.packs) for c in range(56)]
    for c in cand.codes:
        left[c] -= 1
    rest = [fc.Card.from_code(c) for c in range(56) for _ in range(left[c])]
    size = len(cand.codes) - 1
    hands: list[tuple[fc.Card, ...]] = [(), ()]
    hands[state.current] = tuple(fc.Card.from_code(c) for c in cand.codes)
    hands[1 - state.current] = tuple(rest[:size])
    return attrs.evolve(
        state, hands=tuple(hands), discard_pile=(rest[size],), stock=tuple(rest[size + 1 :])
    )


def call(function: str, option: str, cand: Candidate) -> Callable[[], object]:
    """The call to time (its setup done outside)."""
    rules = rules_for(function, option, cand)
    if function == "legal_actions":
        state = discard_state(rules, cand)
        return state.legal_actions
    cards = tuple(fc.Card.from_code(c) for c in cand.codes)
    solve = getattr(fc, function)
    return lambda: solve(cards, cand.wild, rules=rules)


def time_call(function: str, compiled: bool, option: str, cand: Candidate) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of the call: of the fastest of three when it is fast."""
    best = (float("inf"), float("inf"))
    with _engine.running(compiled):
        for attempt in range(3):
            run = call(function, option, cand)
            fc.clear_cache()
            start, cpu = time.perf_counter(), time.process_time()
            run()
            best = min(best, (time.perf_counter() - start, time.process_time() - cpu))
            if attempt == 0 and best[0] >= FAST:
                break
    return best


def _worker(conn: Connection) -> None:
    while True:
        message = conn.recv()
        if message is None:
            return
        try:
            conn.send(("ok", time_call(*message)))
        except Exception as error:  # a bad candidate is reported, not fatal
            conn.send(("error", f"{type(error).__name__}: {error}"))


class Runner:
    """A child process (forked: the package is already imported) that times calls; killed
    and replaced when a call runs past the cap."""

    def __init__(self, cap: float) -> None:
        self.cap = cap
        self.timeouts = 0
        self._start()

    def _start(self) -> None:
        context = multiprocessing.get_context("fork")
        self.conn, child = context.Pipe()
        self.proc: BaseProcess = context.Process(target=_worker, args=(child,), daemon=True)
        self.proc.start()
        child.close()

    def measure(
        self, function: str, compiled: bool, option: str, cand: Candidate
    ) -> tuple[float, float]:
        """(wall, CPU) seconds of one call; ``inf`` past the cap; NaN if the call raised."""
        self.conn.send((function, compiled, option, cand))
        # slack for the setup and the repeats of fast calls
        if self.conn.poll(self.cap + 1.0):
            status, value = self.conn.recv()
            if status == "ok":
                return (INF, INF) if value[0] > self.cap else value
            print(f"  error: {function} {option} {cand}: {value}", file=sys.stderr)
            return (NAN, NAN)
        self.timeouts += 1
        self.proc.kill()
        self.proc.join()
        self.conn.close()
        self._start()
        return (INF, INF)

    def close(self) -> None:
        self.conn.send(None)
        self.proc.join(2)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join()


# -- candidates: seeds and mutations ----------------------------------------------------------


def fill(
    rng: random.Random, order: Sequence[int], size: int, packs: int, wild: int | None
) -> Candidate:
    """The first ``size`` cards of ``order`` the deck can hold, then random ones."""
    left = [allowed(c, packs) for c in range(56)]
    codes: list[int] = []
    for c in order:
        if len(codes) == size:
            break
        if left[c]:
            left[c] -= 1
            codes.append(c)
    pool = [c for c in range(56) for _ in range(left[c])]
    rng.shuffle(pool)
    codes += pool[: size - len(codes)]
    return Candidate(packs, wild, tuple(sorted(codes)))


def seeds(rng: random.Random, function: str) -> list[tuple[str, Candidate]]:
    """Structured starting points, the likely slowest first."""
    out: list[tuple[str, Candidate]] = []
    wilds: list[int | None] = [None, *range(3, 14)]
    for packs in (16, 3, 2, 1, rng.randint(4, 15)):
        high = size_bounds(function, packs)[1]
        sizes = sorted({high, min(high, 14 + (function in AFTER_DRAW)), min(high, 31)})[::-1]
        for size in sizes:
            wild = rng.choice(wilds)
            suit = rng.randrange(5)
            rank = rng.randrange(11)
            suit_major = [(s + suit) % 5 * 11 + q for s in range(5) for q in range(11)]
            rank_major = [s * 11 + (q + rank) % 11 for q in range(11) for s in range(5)]
            each = [c for c in suit_major for _ in range(packs)]
            spread = -(-size // 11)  # copies per card to spread the hand over one suit
            dense = [c for k in range(spread) for c in suit_major[:11]] + suit_major[11:]
            picked = rng.sample(range(55), k=min(55, max(3, -(-size // packs))))
            dupes = [c for c in sorted(picked) for _ in range(packs)]
            wild_rank = rng.randrange(3, 14)
            wild_cards = [JOKER] * 3 * packs + [
                s * 11 + wild_rank - 3 for s in range(5) for _ in range(packs)
            ]
            out += [
                ("dense_suit", fill(rng, dense, size, packs, wild)),
                ("duplicates", fill(rng, dupes, size, packs, wild)),
                ("many_wilds", fill(rng, wild_cards[: size // 2], size, packs, wild_rank)),
                ("consecutive_ranks", fill(rng, rank_major, size, packs, wild)),
                (
                    "one_rank",
                    fill(rng, [c for c in rank_major for _ in range(packs)], size, packs, wild),
                ),
                ("one_suit_copies", fill(rng, each, size, packs, wild)),
                ("deck_prefix", fill(rng, [c.code for c in fc.deck(packs)], size, packs, wild)),
                ("random", fill(rng, [], size, packs, wild)),
            ]
    # the largest hands of the largest deck first, the rest in a seeded order
    rest = out[8:]
    rng.shuffle(rest)
    return out[:8] + rest


def mutate(rng: random.Random, cand: Candidate, function: str) -> Candidate:
    """One to three random changes, kept within the deck and the size bounds."""
    packs, wild, codes = cand.packs, cand.wild, list(cand.codes)
    for _ in range(rng.choice((1, 1, 2, 3))):
        kind = rng.choice(
            ("swap", "swap", "copy", "uncopy", "add_wild", "remove_wild", "neighbour",
             "neighbour", "grow", "shrink", "packs", "wild")
        )  # fmt: skip
        counts = [codes.count(c) for c in range(56)]
        free = [c for c in range(56) if counts[c] < allowed(c, packs)]
        low, high = size_bounds(function, packs)
        if kind == "swap" and codes and free:
            codes.remove(rng.choice(codes))
            codes.append(rng.choice(free))
        elif kind == "copy":
            more = [c for c in set(codes) if c in free]
            if more and len(codes) > 1:
                c = rng.choice(more)
                codes.remove(rng.choice([x for x in codes if x != c] or [c]))
                codes.append(c)
        elif kind == "uncopy":
            many = [c for c in set(codes) if counts[c] > 1]
            if many and free:
                codes.remove(rng.choice(many))
                codes.append(rng.choice(free))
        elif kind == "add_wild":
            naturals = [c for c in codes if not is_wild(c, wild)]
            wild_free = [c for c in free if is_wild(c, wild)]
            if naturals and wild_free:
                codes.remove(rng.choice(naturals))
                codes.append(rng.choice(wild_free))
        elif kind == "remove_wild":
            held = [c for c in codes if is_wild(c, wild)]
            natural_free = [c for c in free if not is_wild(c, wild)]
            if held and natural_free:
                codes.remove(rng.choice(held))
                codes.append(rng.choice(natural_free))
        elif kind == "neighbour" and codes:
            c = rng.choice([x for x in codes if x != JOKER] or codes)
            if c != JOKER:
                q, s = c % 11, c // 11
                step = rng.choice(((0, 1), (0, -1), (1, 0), (-1, 0)))
                nq, ns = q + step[0], (s + step[1]) % 5
                target = ns * 11 + nq
                if 0 <= nq <= 10 and counts[target] < packs:
                    codes.remove(c)
                    codes.append(target)
        elif kind == "grow" and len(codes) < high and free:
            codes.append(rng.choice(free))
        elif kind == "shrink" and len(codes) > low:
            codes.remove(rng.choice(codes))
        elif kind == "packs":
            new = max(1, min(16, packs + rng.choice((-1, 1, rng.randint(1, 16) - packs))))
            if all(counts[c] <= allowed(c, new) for c in range(56)):
                packs = new
                while len(codes) > size_bounds(function, packs)[1]:
                    codes.remove(rng.choice(codes))
        elif kind == "wild":
            wild = rng.choice([None, *range(3, 14)])
    return Candidate(packs, wild, tuple(sorted(codes)))


# -- the search ---------------------------------------------------------------------------------


@dataclass
class Target:
    function: str
    engine: str
    option: str
    rng: random.Random
    seeds: list[tuple[str, Candidate]]
    #: the slowest inputs found: (CPU seconds, wall seconds, seed kind, input), slowest first
    pool: list[tuple[float, float, str, Candidate]] = field(default_factory=list)
    seen: set[Candidate] = field(default_factory=set)
    spent: float = 0.0
    evaluations: int = 0

    @property
    def name(self) -> str:
        return f"{self.function}/{self.engine}/{self.option}"

    @property
    def worst(self) -> tuple[float, float, str, Candidate] | None:
        return self.pool[0] if self.pool else None

    @property
    def capped(self) -> bool:
        return bool(self.pool) and self.pool[0][0] == INF

    def evaluate(self, runner: Runner, origin: str, cand: Candidate, keep: int = 4) -> None:
        if cand in self.seen:
            return
        self.seen.add(cand)
        start = time.monotonic()
        wall, cpu = runner.measure(self.function, ENGINES[self.engine], self.option, cand)
        self.spent += time.monotonic() - start
        self.evaluations += 1
        if wall != wall:  # NaN: the call raised
            return
        # ranked by CPU time: on a shared machine it is less noisy than the wall time
        self.pool.append((cpu, wall, origin, cand))
        self.pool.sort(key=lambda entry: -entry[0])
        del self.pool[keep:]


def search(targets: list[Target], runner: Runner, budget: float, quick: bool) -> None:
    deadline = time.monotonic() + budget
    share = budget / len(targets)
    # seeds, round robin, until 40% of each target's share is spent
    index = 0
    while time.monotonic() < deadline:
        active = [
            t for t in targets if index < len(t.seeds) and not t.capped and t.spent < 0.4 * share
        ]
        if not active:
            break
        for target in active:
            if time.monotonic() >= deadline:
                break
            origin, cand = target.seeds[index]
            target.evaluate(runner, origin, cand)
        index += 1
    # hill climbing: the target that has spent least goes next
    while time.monotonic() < deadline:
        open_targets = [t for t in targets if not t.capped and t.pool]
        if not open_targets:
            break
        target = min(open_targets, key=lambda t: t.spent)
        _, _, origin, parent = target.rng.choice(target.pool)
        child = mutate(target.rng, parent, target.function)
        name = origin if origin.endswith("+climb") else f"{origin}+climb"
        target.evaluate(runner, name, child)
        if quick and target.evaluations > 40:
            target.spent = float("inf")


# -- output ---------------------------------------------------------------------------------


def shown(seconds: float, cap: float) -> str:
    return f">{cap:g}" if seconds == INF else f"{seconds:.3f}"


def report(targets: list[Target], cap: float, width: int) -> None:
    print("| function | engine | rules | wall s | cpu s | n | packs | wild | evals | seed | hand |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for t in targets:
        if t.worst is None:
            print(f"| {t.function} | {t.engine} | {t.option} | (none) | | | | | | | |")
            continue
        cpu, wall, origin, cand = t.worst
        hand = cand.hand()
        if width and len(hand) > width:
            hand = hand[: width - 3] + "..."
        print(
            f"| {t.function} | {t.engine} | {t.option} | {shown(wall, cap)} | "
            f"{shown(cpu, cap)} | {len(cand.codes)} | {cand.packs} | {cand.wild} | "
            f"{t.evaluations} | {origin} | {hand} |"
        )


def entry(t: Target, cap: float) -> dict[str, Any] | None:
    if t.worst is None:
        return None
    cpu, wall, origin, cand = t.worst
    rules = {
        name: list(value) if isinstance(value, tuple) else value
        for name, value in attrs.asdict(rules_for(t.function, t.option, cand)).items()
        if getattr(fc.OFFICIAL, name) != value
    }
    return {
        "function": t.function,
        "engine": t.engine,
        "option": t.option,
        "rules": rules,
        "packs": cand.packs,
        "wild_rank": cand.wild,
        "size": len(cand.codes),
        "hand": cand.hand(),
        "seconds": None if wall == INF else round(wall, 6),
        "cpu_seconds": None if cpu == INF else round(cpu, 6),
        "timed_out": wall == INF,
        "cap_seconds": cap,
        "seed_kind": origin,
        "evaluations": t.evaluations,
    }


def _cpu_capped(conn: Connection, cpu_cap: float, message: tuple[Any, ...]) -> None:
    # past the CPU limit the kernel sends SIGXCPU, which ends the process
    limit = max(1, round(cpu_cap))
    resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 1))
    conn.send(time_call(*message))


def cpu_time(message: tuple[Any, ...], cpu_cap: float) -> tuple[float, float]:
    """(wall, CPU) seconds of one call in a fresh child limited to ``cpu_cap`` CPU seconds
    (``inf`` past it): on a loaded machine the CPU time says more than the wall time."""
    context = multiprocessing.get_context("fork")
    conn, child = context.Pipe()
    proc = context.Process(target=_cpu_capped, args=(child, cpu_cap, message), daemon=True)
    proc.start()
    child.close()
    result = (INF, INF)
    if conn.poll(20 * cpu_cap + 5):  # (wall time: the machine may be shared)
        with contextlib.suppress(EOFError):  # EOF: killed at the CPU limit
            result = conn.recv()
    if proc.is_alive():
        proc.kill()
    proc.join()
    conn.close()
    return result


def retime(path: Path, cpu_cap: float) -> None:
    """Time the inputs saved in ``path`` again, each in a fresh child capped on CPU time."""
    data = json.loads(path.read_text())
    print(
        "| function | engine | rules | saved wall s | now wall s | now cpu s | n | packs | wild |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for item in data["entries"]:
        codes = tuple(sorted(card.code for card in fc.parse_cards(item["hand"])))
        cand = Candidate(item["packs"], item["wild_rank"], codes)
        message = (item["function"], ENGINES[item["engine"]], item["option"], cand)
        wall, cpu = cpu_time(message, cpu_cap)
        saved = INF if item["timed_out"] else item["seconds"]
        print(
            f"| {item['function']} | {item['engine']} | {item['option']} | "
            f"{shown(saved, item['cap_seconds'])} | {shown(wall, 20 * cpu_cap)} | "
            f"{shown(cpu, cpu_cap)} | {item['size']} | {item['packs']} | {item['wild_rank']} |",
            flush=True,
        )


def source_digest() -> str:
    """A digest of the package's sources and compiled core as imported (others may be
    editing the tree while the search runs)."""
    root = Path(fc.__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted([*root.rglob("*.py"), *root.glob("_core*.so")]):
        digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()[:16]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budget-seconds", type=float, default=240.0)
    parser.add_argument("--quick", action="store_true", help="a 30-second smoke run")
    parser.add_argument("--engine", choices=("core", "twin", "both"), default="both")
    parser.add_argument("--cap", type=float, default=5.0, help="seconds before a call is killed")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--functions", default=",".join(FUNCTIONS))
    parser.add_argument("--options", default=",".join(OPTIONS))
    parser.add_argument(
        "--max-dealt",
        type=int,
        default=fc.rules.MAX_HAND_SIZE,
        help="largest hand dealt to try (13: official; default and most: MAX_HAND_SIZE)",
    )
    parser.add_argument("--out", type=Path, default=DATA)
    parser.add_argument("--width", type=int, default=0, help="cut hands in the table (0: no)")
    parser.add_argument("--retime", type=Path, help="time the inputs of a saved JSON again")
    parser.add_argument(
        "--cpu-cap", type=float, default=2.0, help="with --retime: CPU seconds before a kill"
    )
    args = parser.parse_args(argv)
    LIMITS["dealt"] = max(3, min(fc.rules.MAX_HAND_SIZE, args.max_dealt))
    if args.quick:
        args.budget_seconds, args.cap = 30.0, min(args.cap, 2.0)
    if args.retime:
        retime(args.retime, args.cpu_cap)
        return 0
    digest = source_digest()
    runner = Runner(args.cap)
    try:
        functions = args.functions.split(",")
        options = args.options.split(",")
        unknown = sorted(set(functions) - set(FUNCTIONS)) + sorted(set(options) - set(OPTIONS))
        if unknown:
            parser.error(f"unknown function(s) or option(s): {', '.join(unknown)}")
        engines = ["core", "twin"] if args.engine == "both" else [args.engine]
        targets = []
        for function in functions:
            for engine in engines:
                for option in options:
                    name = f"{args.seed}/{function}/{engine}/{option}"
                    rng = random.Random(zlib.crc32(name.encode()))
                    found = seeds(random.Random(zlib.crc32(f"{args.seed}/{function}".encode())),
                                  function)  # fmt: skip
                    if args.quick:
                        found = found[:3]
                    targets.append(Target(function, engine, option, rng, found))
        began, started = time.monotonic(), time.time()
        print(
            f"# {len(targets)} targets, budget {args.budget_seconds:g} s, cap {args.cap:g} s, "
            f"seed {args.seed}, core {fc.core_info().version}",
            file=sys.stderr,
        )
        search(targets, runner, args.budget_seconds, args.quick)
        elapsed = time.monotonic() - began
        report(targets, args.cap, args.width)
        print(
            f"\n{sum(t.evaluations for t in targets)} calls in {elapsed:.0f} s, "
            f"{runner.timeouts} killed past the cap of {args.cap:g} s"
        )
        entries = [e for e in (entry(t, args.cap) for t in targets) if e is not None]
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(
            json.dumps(
                {
                    "command": " ".join(["benchmarks/worst_inputs.py", *sys.argv[1:]]),
                    "seed": args.seed,
                    "budget_seconds": args.budget_seconds,
                    "cap_seconds": args.cap,
                    "core_version": fc.core_info().version,
                    "source_digest": digest,
                    "started_utc": time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(started)),
                    "entries": entries,
                },
                indent=1,
            )
            + "\n"
        )
        print(f"wrote {args.out}")
    finally:
        runner.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
