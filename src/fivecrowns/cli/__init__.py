"""The ``fivecrowns`` command line (also ``python -m fivecrowns``).

Commands: ``arrange`` (the best arrangement of a hand), ``odds`` (the exact odds of a hand's
next draw), ``review`` (a recorded game annotated), ``rules`` (the rules in effect for
given options), ``solitaire`` (play Solitaire in the terminal), ``play`` (a whole game in the
terminal against built-in bots), ``simulate`` (bot tournaments, or Solitaire win rates, at
scale). Mistakes are reported on stderr with a non-zero exit status and no traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from .._shuffle import new_seed
from ..cards import Card, Rank
from ..errors import FiveCrownsError, InvalidRulesError
from ..melds import Meld
from ..play._parallel import SimulationInterrupted
from ..rules import Rules, parse_wild_rank
from ..solver import Arrangement, best_arrangement, best_discard
from ._options import (
    DIFFICULTY,
    USAGE_ERROR,
    UsageError,
    cli_words,
    parser,
    rule_options,
    rules_from,
)
from ._term import AsciiWriter, Painter, plain_streams, wants_colour

if TYPE_CHECKING:
    from ..play.simulate import SolitairePolicy, SolitaireResult, TournamentResult

__all__ = ["main"]


def _wild_rank(text: str) -> int | None:
    try:
        return parse_wild_rank(text)
    except InvalidRulesError:
        raise UsageError(
            f"--wild must be a rank 3 to 13 (or T, J, Q, K) or 'none', got {text!r}"
        ) from None


def _hand(words: Sequence[str], stdin: TextIO) -> str:
    """The hand the ``arrange`` arguments give: the words joined, or standard input for
    ``-``."""
    if list(words) == ["-"]:
        text = stdin.read()
        if not text.strip():
            raise UsageError("no cards on standard input (arrange - reads the hand from it)")
        return " ".join(text.split())
    if "-" in words:
        raise UsageError("'-' (read the hand from standard input) must be the only card given")
    return " ".join(words)


def _arrangement_lines(arrangement: Arrangement, paint: Painter) -> list[str]:
    lines = [f"{meld.kind.value:4}  {paint.meld(meld)}" for meld in arrangement.melds]
    if not lines:
        lines.append("no melds")
    left = paint.cards(arrangement.deadwood) or "(none)"
    lines.append(f"deadwood  {left}  ({arrangement.points} points)")
    return lines


def _meld_json(meld: Meld) -> dict[str, Any]:
    return {
        "kind": meld.kind.value,
        "cards": [str(card) for card in meld.cards],
        "stands_for": [str(card) for card in meld.stands_for],
    }


def _arrange(args: argparse.Namespace, out: TextIO) -> None:
    rules = rules_from(args)
    wild = _wild_rank(args.wild)
    hand = _hand(args.hand, sys.stdin)
    paint = Painter(colour=wants_colour(out) and not args.json)
    discard: Card | None = None
    if args.discard:
        discard, arrangement = best_discard(hand, wild, rules=rules)
    else:
        arrangement = best_arrangement(hand, wild, rules=rules)
    if args.json:
        data: dict[str, Any] = {
            "wild_rank": wild,
            "melds": [_meld_json(meld) for meld in arrangement.melds],
            "deadwood": [str(card) for card in arrangement.deadwood],
            "points": arrangement.points,
        }
        if args.discard:
            data["discard"] = str(discard)
        out.write(json.dumps(data) + "\n")
        return
    if discard is not None:
        out.write(f"discard   {paint.card(discard)}\n")
    out.write("\n".join(_arrangement_lines(arrangement, paint)) + "\n")


def _describe_rules(rules: Rules) -> list[str]:
    schedule = rules.schedule
    wilds = [rules.wild_rank(n) for n in range(1, rules.rounds + 1)]
    limit = rules.max_wilds_per_meld
    lines = [
        f"deck            {rules.packs} pack(s): {rules.deck_size} cards "
        f"({rules.packs} of each natural card, {3 * rules.packs} jokers)",
        f"rounds          {rules.rounds}, dealing {', '.join(map(str, schedule))} cards",
        "wild ranks      "
        + ", ".join("jokers only" if rank is None else Rank(rank).label for rank in wilds)
        + " (jokers always wild)",
        f"players         2 to {rules.max_players} (1 plays Solitaire)",
        "books           3+ cards of one rank, "
        + ("no suit repeated" if rules.distinct_suit_books else "duplicates allowed"),
        "runs            3+ consecutive cards of one suit, 3 up to K, no wrap-around",
        "wilds per meld  "
        + (
            "any number"
            if limit is None
            else "no more than the naturals"
            if limit == "naturals"
            else f"at most {limit}"
        )
        + ("; all-wild melds allowed" if rules.all_wild_melds else "; every meld needs a natural"),
        "discarding      "
        + (
            "any card, even one just taken from the discard pile"
            if rules.may_discard_taken_discard
            else "any card but one just taken from the discard pile"
        ),
        "discard pile    "
        + ("squared (only the top card shows)" if rules.squared_discard_pile else "spread")
        + "; an empty stock takes "
        + ("all of it" if rules.reshuffle_whole_discard_pile else "all of it but the top card"),
        "going out       all cards melded but one discard"
        + (" (or every card melded, no discard)" if rules.go_out_without_discard else ""),
        "final turns     one each; "
        + ("laying off allowed; " if rules.lay_off else "no laying off; ")
        + (
            "hands scored at their best arrangement"
            if rules.auto_arrange_final_hand
            else "only melds laid down count"
        ),
        f"scoring         face value, J 11, Q 12, K 13, wild rank {rules.wild_points}, "
        f"joker {rules.joker_points}; lowest total wins"
        + (f"; going out first scores {rules.go_out_bonus}" if rules.go_out_bonus else ""),
        f"ties            {rules.tie_break.replace('_', ' ')}"
        + (f" ({rules.extra_round_hand_size} cards)" if rules.tie_break == "extra_round" else ""),
        f"solitaire       {rules.solitaire_scoring} scoring",
    ]
    if rules.turn_limit is not None:
        lines.append(f"turn limit      {rules.turn_limit} (a simulation safeguard, not a rule)")
    return lines


def _rules(args: argparse.Namespace, out: TextIO) -> None:
    rules = rules_from(args)
    if args.json:
        out.write(json.dumps(rules.to_dict()) + "\n")
    else:
        out.write("\n".join(_describe_rules(rules)) + "\n")


def _solitaire(args: argparse.Namespace, out: TextIO) -> None:
    from ._play_solitaire import play_solitaire

    play_solitaire(
        rules=rules_from(args),
        seed=args.seed,
        load=args.load,
        stdin=sys.stdin,
        out=out,
        resume=args.resume,
    )


def _bot_names(text: str) -> list[str]:
    """The bot names of a ``--bots`` option: built-in bots, or factories named
    ``package.module:Name`` (each loaded once here, so a mistake is reported at once)."""
    from ..bots import BOTS, make_bot
    from ..errors import FiveCrownsError

    names = [part.strip() for part in text.split(",")]
    known = sorted(BOTS)
    for name in names:
        if ":" in name:
            try:
                make_bot(name)
            except FiveCrownsError as error:
                raise UsageError(f"--bots: {error}") from None
        elif name not in BOTS:
            shown = repr(name) if name else "an empty name"
            raise UsageError(
                f"unknown bot {shown} in --bots; the bots are {', '.join(known)}, or your "
                "own as package.module:Name"
            )
    return names


def _opponents(args: argparse.Namespace) -> list[str] | None:
    """The opponents ``play`` was given: ``--bots``, or the bot of ``--difficulty``."""
    if args.difficulty is not None:
        if args.bots is not None:
            raise UsageError("--bots and --difficulty both name the opponents; give one")
        return [DIFFICULTY[args.difficulty]]
    return None if args.bots is None else _bot_names(args.bots)


def _play(args: argparse.Namespace, out: TextIO) -> None:
    from ._play_game import play_game

    play_game(
        rules=rules_from(args),
        players=args.players,
        bots=_opponents(args),
        seed=args.seed,
        load=args.load,
        stdin=sys.stdin,
        out=out,
        rule_options=rule_options(args),
        resume=args.resume,
    )


def _simulate_game(args: argparse.Namespace, rules: Rules, jobs: int, out: TextIO) -> None:
    from ..play.simulate import tournament

    names = _bot_names(args.bots or "greedy")
    if len(names) == 1:
        names *= 4 if args.players is None else args.players
    elif args.players is not None and args.players != len(names):
        raise UsageError(
            f"--players {args.players} does not match the {len(names)} bots named by --bots "
            "(name one bot per seat, or one bot for every seat)"
        )
    if args.action_time_limit is not None and not args.isolate:
        raise UsageError("--action-time-limit needs --isolate (bots in processes of their own)")
    with _partial_on_interrupt(lambda partial: _print_tournament(args, partial, out)):
        result = tournament(
            names,
            games=args.games,
            rules=rules,
            seed=args.seed,
            jobs=jobs,
            isolate=args.isolate,
            action_time_limit=args.action_time_limit,
        )
        _print_tournament(args, result, out)


@contextlib.contextmanager
def _partial_on_interrupt(show: Callable[[Any], None]) -> Iterator[None]:
    """On Ctrl-C, ``show`` the result of the games played so far (none are thrown away),
    said on stderr to be partial; then the interruption goes on (exit status 130)."""
    try:
        yield
    except SimulationInterrupted as stop:
        print(f"\ninterrupted after {stop.played} of {stop.asked} games", file=sys.stderr)
        if stop.result is not None:
            show(stop.result)
            print("(the results above are of the games played before it)", file=sys.stderr)
        raise KeyboardInterrupt from None


def _print_tournament(args: argparse.Namespace, result: TournamentResult, out: TextIO) -> None:
    if args.json:
        out.write(json.dumps(result.to_dict()) + "\n")
    elif args.csv:
        out.write(result.to_csv())
    else:
        out.write(result.table(ascii=isinstance(out, AsciiWriter)) + "\n")


def _simulate(args: argparse.Namespace, out: TextIO) -> None:
    if args.games < 1:
        raise UsageError(f"--games must be at least 1, got {args.games}")
    if args.jobs < 0:
        raise UsageError(f"--jobs must be 0 (one per CPU) or more, got {args.jobs}")
    if args.seed is not None and args.seed < 0:
        raise UsageError(f"--seed must be 0 or more, got {args.seed}")
    if args.seed is None:
        args.seed = new_seed()
        if args.csv:  # the only output that does not show it
            print(f"fivecrowns simulate: seed {args.seed}", file=sys.stderr)
    jobs = args.jobs or os.cpu_count() or 1
    rules = rules_from(args)
    if args.solitaire:
        if args.bots is not None or args.players is not None or args.isolate:
            raise UsageError(
                "--bots, --players and --isolate are for the main game, not --solitaire"
            )
        _simulate_solitaire(args, rules, jobs, out)
        return
    if args.policy is not None:
        raise UsageError("--policy is for --solitaire (the main game uses --bots)")
    _simulate_game(args, rules, jobs, out)


def _solitaire_row(result: SolitaireResult) -> dict[str, Any]:
    """What the command line prints of a Solitaire run."""
    return {
        "policy": result.policy,
        "games": result.games,
        "wins": result.wins,
        "win_rate": result.win_rate,
        "win_rate_ci95": list(result.win_rate_ci95),
        "mean_deadwood": result.mean_deadwood,
        "mean_deadwood_ci95": list(result.mean_deadwood_ci95),
    }


_SOLITAIRE_CSV = (
    "policy",
    "games",
    "wins",
    "win_rate",
    "win_rate_low",
    "win_rate_high",
    "mean_deadwood",
    "mean_deadwood_low",
    "mean_deadwood_high",
)


def _simulate_solitaire(args: argparse.Namespace, rules: Rules, jobs: int, out: TextIO) -> None:
    from ..play.simulate import solitaire_stats

    policies: tuple[SolitairePolicy, ...] = (
        ("greedy", "random") if args.policy == "both" else (args.policy or "greedy",)
    )
    rows: list[dict[str, Any]] = []

    def partial(result: SolitaireResult) -> None:
        _print_solitaire(args, rules, [*rows, _solitaire_row(result)], out)

    with _partial_on_interrupt(partial):
        for name in policies:
            found = solitaire_stats(name, games=args.games, rules=rules, seed=args.seed, jobs=jobs)
            rows.append(_solitaire_row(found))
    _print_solitaire(args, rules, rows, out)


def _print_solitaire(
    args: argparse.Namespace, rules: Rules, rows: list[dict[str, Any]], out: TextIO
) -> None:
    if args.json:
        data = {"game": "solitaire", "seed": args.seed, "rules": rules.to_dict(), "results": rows}
        out.write(json.dumps(data) + "\n")
        return
    if args.csv:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(_SOLITAIRE_CSV)
        for row in rows:
            writer.writerow(
                [
                    row["policy"],
                    row["games"],
                    row["wins"],
                    row["win_rate"],
                    *row["win_rate_ci95"],
                    row["mean_deadwood"],
                    *row["mean_deadwood_ci95"],
                ]
            )
        return
    out.write(
        f"Solitaire: {max(row['games'] for row in rows)} game(s) per policy, seed {args.seed} "
        "(every policy plays the same deals)\n"
    )
    out.write(
        f"{'policy':8} {'games':>6} {'wins':>6} {'win rate':>9}  {'95% CI':17} "
        "deadwood left (mean ± 95% CI)\n"
    )
    for row in rows:
        low, high = row["win_rate_ci95"]
        mean, top = row["mean_deadwood"], row["mean_deadwood_ci95"][1]
        out.write(
            f"{row['policy']:8} {row['games']:>6} {row['wins']:>6} {row['win_rate']:>9.1%}  "
            f"{f'[{low:.1%}, {high:.1%}]':17} {mean:.1f} ± {top - mean:.1f}\n"
        )


def _odds_command(args: argparse.Namespace, out: TextIO) -> None:
    from ._odds import show_odds

    rules = rules_from(args)
    show_odds(
        _hand(args.hand, sys.stdin), _wild_rank(args.wild), args.unseen, rules, args.json, out
    )


def _review_command(args: argparse.Namespace, out: TextIO) -> None:
    from ._review import review

    if args.rollouts < 2:
        raise UsageError(f"--rollouts must be at least 2, got {args.rollouts}")
    review(args, out)


def _serve(args: argparse.Namespace, out: TextIO) -> None:
    try:
        from ..web import serve
    except ImportError as error:
        raise UsageError(f'the web app needs pip install "fivecrowns[web]" ({error})') from None
    serve(host=args.host, port=args.port, db=args.db)


_COMMANDS = {
    "arrange": _arrange,
    "odds": _odds_command,
    "review": _review_command,
    "rules": _rules,
    "solitaire": _solitaire,
    "play": _play,
    "simulate": _simulate,
    "serve": _serve,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    On a terminal whose encoding cannot show the output (``PYTHONIOENCODING=ascii``, an old
    console), the output falls back to ASCII (``+/-`` for ``±``, letters for suit symbols)."""
    with plain_streams():
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    args = parser().parse_args(argv)
    try:
        _COMMANDS[args.command](args, sys.stdout)
    except UsageError as error:
        print(f"fivecrowns {args.command}: error: {error}", file=sys.stderr)
        return USAGE_ERROR
    except FiveCrownsError as error:
        print(f"fivecrowns {args.command}: error: {cli_words(str(error))}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    return 0
