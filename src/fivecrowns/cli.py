"""The ``fivecrowns`` command line (also ``python -m fivecrowns``).

Commands: ``arrange`` (the best arrangement of a hand), ``rules`` (the rules in effect for
given options), ``solitaire`` (play Solitaire in the terminal). Mistakes are reported on
stderr with a non-zero exit status and no traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from ._term import Painter, wants_colour
from ._version import __version__
from .cards import Card
from .errors import FiveCrownsError
from .melds import Meld
from .rules import Rules
from .solver import Arrangement, best_arrangement, best_discard

__all__ = ["main"]

#: Exit status for a mistake in the command line or its input.
USAGE_ERROR = 2


class _UsageError(Exception):
    """A mistake the user made; reported without a traceback."""


def _max_wilds(text: str) -> int | str | None:
    if text == "naturals":
        return text
    if text in ("none", "unlimited"):
        return None
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a number, 'naturals' or 'unlimited', got {text!r}"
        ) from None


def _schedule(text: str) -> tuple[int, ...]:
    """``3-13`` (a range), ``7x11`` (7 cards, 11 rounds) or ``3,5,7`` (a list)."""
    try:
        if "x" in text:
            size, rounds = text.split("x")
            return (int(size),) * int(rounds)
        if "-" in text:
            low, high = text.split("-")
            return tuple(range(int(low), int(high) + 1))
        return tuple(int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"a schedule is a range like 3-13, a constant like 7x11 or a list like 3,5,7; "
            f"got {text!r}"
        ) from None


def _rules_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(add_help=False)
    group = parser.add_argument_group("rule options (the defaults are the official rules)")
    group.add_argument("--packs", type=int, default=2, help="packs in the deck (default 2)")
    group.add_argument(
        "--schedule", type=_schedule, help="hand sizes by round: 3-13 (default), 7x11, 3,5,7"
    )
    group.add_argument(
        "--distinct-suit-books", action="store_true", help="books may not repeat a suit"
    )
    group.add_argument(
        "--max-wilds",
        type=_max_wilds,
        default=None,
        metavar="N|naturals",
        help="wilds allowed in one meld (default unlimited)",
    )
    group.add_argument(
        "--no-all-wild-melds", action="store_true", help="every meld needs a natural card"
    )
    group.add_argument(
        "--no-discard-taken",
        action="store_true",
        help="a card taken from the discard pile may not be thrown back",
    )
    group.add_argument(
        "--go-out-without-discard", action="store_true", help="allow going out with no discard"
    )
    group.add_argument("--lay-off", action="store_true", help="final turns may lay off cards")
    group.add_argument(
        "--manual-final-hands",
        action="store_true",
        help="final hands count the melds players lay down (no automatic arrangement)",
    )
    group.add_argument("--go-out-bonus", type=int, default=0, help="e.g. -10 (default 0)")
    group.add_argument(
        "--tie-break", choices=("shared", "extra_round", "most_rounds_out"), default="shared"
    )
    group.add_argument(
        "--turn-limit",
        type=int,
        default=None,
        help="simulation safeguard: end a round after N turns",
    )
    group.add_argument(
        "--solitaire-scoring", choices=("win", "deadwood"), default="win", help="Solitaire scoring"
    )
    return parser


def _rules_from(args: argparse.Namespace) -> Rules:
    options: dict[str, Any] = {
        "packs": args.packs,
        "distinct_suit_books": args.distinct_suit_books,
        "max_wilds_per_meld": args.max_wilds,
        "all_wild_melds": not args.no_all_wild_melds,
        "may_discard_taken_discard": not args.no_discard_taken,
        "go_out_without_discard": args.go_out_without_discard,
        "lay_off": args.lay_off,
        "auto_arrange_final_hand": not args.manual_final_hands,
        "go_out_bonus": args.go_out_bonus,
        "tie_break": args.tie_break,
        "turn_limit": args.turn_limit,
        "solitaire_scoring": args.solitaire_scoring,
    }
    if args.schedule is not None:
        options["schedule"] = args.schedule
    return Rules.from_dict(options)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="fivecrowns",
        description="Five Crowns: arrange hands, read the rules, play.",
    )
    parser.add_argument("--version", action="version", version=f"fivecrowns {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    rules = _rules_parser()

    arrange = commands.add_parser(
        "arrange",
        parents=[rules],
        help="the best arrangement of a hand",
        description="Print the arrangement of a hand that leaves the least deadwood.",
    )
    arrange.add_argument("hand", help='the cards, e.g. "7H 8H JK QS QD Q*"')
    arrange.add_argument(
        "--wild", required=True, help="the wild rank: 3-13, J, Q, K, or none (jokers only)"
    )
    arrange.add_argument(
        "--discard", action="store_true", help="the hand has just drawn: choose the discard too"
    )
    arrange.add_argument("--json", action="store_true", help="print JSON")

    show = commands.add_parser(
        "rules",
        parents=[rules],
        help="the rules in effect for given options",
        description="Print the rules in effect for the given options.",
    )
    show.add_argument("--json", action="store_true", help="print the options as JSON")

    solitaire = commands.add_parser(
        "solitaire",
        parents=[rules],
        help="play Five Crowns Solitaire",
        description="Play the official one-player game in the terminal.",
    )
    solitaire.add_argument("--seed", type=int, default=None, help="fix the deal")
    solitaire.add_argument("--load", metavar="FILE", help="resume a saved game")
    return parser


_WILD_NAMES = {"J": 11, "Q": 12, "K": 13}


def _wild_rank(text: str) -> int | None:
    upper = text.strip().upper()
    if upper in ("NONE", "-"):
        return None
    if upper in _WILD_NAMES:
        return _WILD_NAMES[upper]
    if upper.isdigit() and 3 <= int(upper) <= 13:
        return int(upper)
    raise _UsageError(f"--wild must be a rank 3 to 13 (or J, Q, K) or 'none', got {text!r}")


def _meld_text(meld: Meld, paint: Painter) -> str:
    parts = []
    for card, stand in zip(meld.cards, meld.stands_for):
        parts.append(paint.card(card) if card == stand else f"{paint.card(card)}={stand}")
    return f"{meld.kind.value:4}  " + " ".join(parts)


def _arrangement_lines(arrangement: Arrangement, paint: Painter) -> list[str]:
    lines = [_meld_text(meld, paint) for meld in arrangement.melds]
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
    rules = _rules_from(args)
    wild = _wild_rank(args.wild)
    paint = Painter(colour=wants_colour(out) and not args.json)
    discard: Card | None = None
    if args.discard:
        discard, arrangement = best_discard(args.hand, wild, rules=rules)
    else:
        arrangement = best_arrangement(args.hand, wild, rules=rules)
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
        + ", ".join("jokers only" if rank is None else str(rank) for rank in wilds)
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
    rules = _rules_from(args)
    if args.json:
        out.write(json.dumps(rules.to_dict()) + "\n")
    else:
        out.write("\n".join(_describe_rules(rules)) + "\n")


def _solitaire(args: argparse.Namespace, out: TextIO) -> None:
    from ._play_solitaire import play_solitaire

    play_solitaire(
        rules=_rules_from(args), seed=args.seed, load=args.load, stdin=sys.stdin, out=out
    )


_COMMANDS = {"arrange": _arrange, "rules": _rules, "solitaire": _solitaire}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        _COMMANDS[args.command](args, sys.stdout)
    except (_UsageError, FiveCrownsError) as error:
        print(f"fivecrowns {args.command}: error: {error}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    return 0
