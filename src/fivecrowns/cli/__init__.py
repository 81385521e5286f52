"""The ``fivecrowns`` command line (also ``python -m fivecrowns``).

Commands: ``arrange`` (the best arrangement of a hand), ``rules`` (the rules in effect for
given options), ``solitaire`` (play Solitaire in the terminal), ``play`` (a whole game in the
terminal against built-in bots), ``simulate`` (bot tournaments, or Solitaire win rates, at
scale). Mistakes are reported on stderr with a non-zero exit status and no traceback.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, TextIO

import attrs

from .._shuffle import new_seed
from .._version import __version__
from ..cards import Card
from ..errors import FiveCrownsError, InvalidRulesError
from ..melds import Meld
from ..rules import RuleFlag, Rules, parse_wild_rank, rule_flag
from ..solver import Arrangement, best_arrangement, best_discard
from ._term import AsciiWriter, Painter, plain_streams, wants_colour

if TYPE_CHECKING:
    from ..play.simulate import SolitairePolicy, SolitaireResult

__all__ = ["main"]

#: Exit status for a mistake in the command line or its input.
USAGE_ERROR = 2


class _UsageError(Exception):
    """A mistake the user made; reported without a traceback."""


def _text_reader(flag: RuleFlag) -> Callable[[str], object]:
    """``flag.parse`` with its errors as argparse reports them (a usage message)."""
    parse = flag.parse
    assert parse is not None

    def read(text: str) -> object:
        try:
            return parse(text)
        except InvalidRulesError as error:
            raise argparse.ArgumentTypeError(_cli_words(str(error))) from None

    return read


#: Option names the library's messages use, and the command line's flags for them.
_FLAG_OF_FIELD: dict[str, str] = {}
#: Plain words that name a command-line option when a message says "<word> must ...".
_PLAIN_OPTIONS = ("seed", "players", "games", "jobs", "bots")


def _cli_words(message: str) -> str:
    """A library message in the command line's words: each :class:`Rules` field named by
    the flag that sets it (``max_wilds_per_meld`` -> ``--max-wilds``)."""
    if not _FLAG_OF_FIELD:
        _FLAG_OF_FIELD.update({field.name: rule_flag(field).flag for field in attrs.fields(Rules)})
    for name, flag in _FLAG_OF_FIELD.items():
        if "_" in name:
            # (not where the message spells Python, as in "Rules(name=...)")
            message = re.sub(rf"(?<![\w-]){name}(?![\w=])", flag, message)
        else:  # a plain word ("packs"): only as the subject of the message
            message = re.sub(rf"^{name} must\b", f"{flag} must", message)
    for name in _PLAIN_OPTIONS:
        message = re.sub(rf"^{name} must\b", f"--{name} must", message)
    return message


def _rules_parser() -> argparse.ArgumentParser:
    """A parser with one flag per option of :class:`Rules` (from the fields' metadata)."""
    parser = argparse.ArgumentParser(add_help=False)
    group = parser.add_argument_group("rule options (the defaults are the official rules)")
    for field in attrs.fields(Rules):
        flag = rule_flag(field)
        options: dict[str, Any] = {"dest": field.name, "default": None, "help": flag.help}
        if flag.is_switch:
            options.update(action="store_const", const=not field.default)
        else:
            options.update(choices=flag.choices, metavar=flag.metavar)
            if flag.parse is not None:
                options["type"] = _text_reader(flag)
        group.add_argument(flag.flag, **options)
    return parser


def _rule_options(args: argparse.Namespace) -> dict[str, object]:
    """The rule options given on the command line, by field name."""
    return {
        field.name: getattr(args, field.name)
        for field in attrs.fields(Rules)
        if getattr(args, field.name) is not None
    }


def _rules_from(args: argparse.Namespace) -> Rules:
    """The rules the command line's flags ask for (the official value of every option left
    out)."""
    try:
        return Rules.from_dict(_rule_options(args))
    except InvalidRulesError as error:
        raise _UsageError(_cli_words(str(error))) from None


def _arrange_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "hand",
        nargs="+",
        help='the cards, quoted or not: "7H 8H JK QS QD Q*" or 7H 8H JK QS QD Q*; '
        "- reads them from standard input",
    )
    parser.add_argument(
        "--wild",
        required=True,
        help="the wild rank: 3-10 (or T), J, Q, K, or none (jokers only)",
    )
    parser.add_argument(
        "--discard", action="store_true", help="the hand has just drawn: choose the discard too"
    )
    parser.add_argument("--json", action="store_true", help="print JSON")


def _show_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the options as JSON")


def _session_options(parser: argparse.ArgumentParser, load: str = "resume a saved game") -> None:
    """The options of a game played in the terminal: the deal's seed, or a saved game."""
    parser.add_argument("--seed", type=int, default=None, help="fix the deal")
    parser.add_argument("--load", metavar="FILE", help=load)


#: ``fivecrowns play --difficulty``: the opponents' bot at each level.
_DIFFICULTY: Final = {"easy": "greedy", "medium": "strong", "hard": "expert"}


def _play_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--players", type=int, default=None, help="players at the table, you included (default 4)"
    )
    parser.add_argument(
        "--bots",
        default=None,
        metavar="NAME[,NAME...]",
        help="the opponents: one bot for all, or one per opponent (default greedy); a name is "
        "a built-in bot or your own, package.module:Name",
    )
    parser.add_argument(
        "--difficulty",
        choices=tuple(_DIFFICULTY),
        default=None,
        help="the opponents by strength instead of --bots: "
        + ", ".join(f"{level} ({bot})" for level, bot in _DIFFICULTY.items()),
    )
    _session_options(
        parser,
        "resume a saved game (its rules, players and opponents come from the file; options "
        "that contradict it are refused)",
    )


def _simulate_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        help="players per game (default: one per --bots name, or 4)",
    )
    parser.add_argument(
        "--bots",
        default=None,
        metavar="NAME[,NAME...]",
        help="the bot in each seat, or one bot for every seat (default greedy); a name is a "
        "built-in bot or your own, package.module:Name",
    )
    parser.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    parser.add_argument(
        "--jobs", type=int, default=1, help="worker processes (default 1; 0: one per CPU)"
    )
    parser.add_argument(
        "--isolate",
        action="store_true",
        help="run every bot in a process of its own that sees only serialised views, for "
        "arenas where bots must not reach the game state (slower)",
    )
    parser.add_argument(
        "--action-time-limit",
        type=float,
        default=None,
        metavar="SECONDS",
        help="with --isolate: the most seconds a bot may take to choose an action; a bot past "
        "it is stopped and the run fails",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        help="seed of the whole run: same seed, same results (default: a fresh seed from the "
        "system's entropy, printed with the results; a small seed lets a bot that knows it "
        "recompute the deals)",
    )
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print JSON")
    output.add_argument("--csv", action="store_true", help="print CSV")
    parser.add_argument(
        "--solitaire", action="store_true", help="simulate Solitaire instead of the main game"
    )
    parser.add_argument(
        "--policy",
        choices=("greedy", "random", "both"),
        default=None,
        help="with --solitaire: the policy to play (default greedy)",
    )


#: Each command: its one-line help, its description, and what adds its own options.
_COMMAND_PARSERS: dict[str, tuple[str, str, Callable[[argparse.ArgumentParser], None]]] = {
    "arrange": (
        "the best arrangement of a hand",
        "Print the arrangement of a hand that leaves the least deadwood.",
        _arrange_options,
    ),
    "rules": (
        "the rules in effect for given options",
        "Print the rules in effect for the given options.",
        _show_options,
    ),
    "solitaire": (
        "play Five Crowns Solitaire",
        "Play the official one-player game in the terminal.",
        _session_options,
    ),
    "play": (
        "play a game against built-in bots",
        "Play a whole game of Five Crowns in the terminal: you are player 0, the other seats "
        "are built-in bots. Type 'help' at the prompt for the commands.",
        _play_options,
    ),
    "simulate": (
        "bot tournaments and Solitaire win rates",
        "Play many games between built-in bots and print each bot's results (mean score with "
        "a 95% confidence interval, win rate, go-out rate, mean points per round); with "
        "--solitaire, the Solitaire win rate of a policy.",
        _simulate_options,
    ),
}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="fivecrowns",
        description="Five Crowns: arrange hands, read the rules, play.",
    )
    parser.add_argument("--version", action="version", version=f"fivecrowns {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    rules = _rules_parser()
    for name, (summary, description, add_options) in _COMMAND_PARSERS.items():
        add_options(
            commands.add_parser(name, parents=[rules], help=summary, description=description)
        )
    return parser


def _wild_rank(text: str) -> int | None:
    try:
        return parse_wild_rank(text)
    except InvalidRulesError:
        raise _UsageError(
            f"--wild must be a rank 3 to 13 (or T, J, Q, K) or 'none', got {text!r}"
        ) from None


def _hand(words: Sequence[str], stdin: TextIO) -> str:
    """The hand the ``arrange`` arguments give: the words joined, or standard input for
    ``-``."""
    if list(words) == ["-"]:
        text = stdin.read()
        if not text.strip():
            raise _UsageError("no cards on standard input (arrange - reads the hand from it)")
        return " ".join(text.split())
    if "-" in words:
        raise _UsageError("'-' (read the hand from standard input) must be the only card given")
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
    rules = _rules_from(args)
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
                raise _UsageError(f"--bots: {error}") from None
        elif name not in BOTS:
            shown = repr(name) if name else "an empty name"
            raise _UsageError(
                f"unknown bot {shown} in --bots; the bots are {', '.join(known)}, or your "
                "own as package.module:Name"
            )
    return names


def _opponents(args: argparse.Namespace) -> list[str] | None:
    """The opponents ``play`` was given: ``--bots``, or the bot of ``--difficulty``."""
    if args.difficulty is not None:
        if args.bots is not None:
            raise _UsageError("--bots and --difficulty both name the opponents; give one")
        return [_DIFFICULTY[args.difficulty]]
    return None if args.bots is None else _bot_names(args.bots)


def _play(args: argparse.Namespace, out: TextIO) -> None:
    from ._play_game import play_game

    play_game(
        rules=_rules_from(args),
        players=args.players,
        bots=_opponents(args),
        seed=args.seed,
        load=args.load,
        stdin=sys.stdin,
        out=out,
        rule_options=_rule_options(args),
    )


def _simulate_game(args: argparse.Namespace, rules: Rules, jobs: int, out: TextIO) -> None:
    from ..play.simulate import tournament

    names = _bot_names(args.bots or "greedy")
    if len(names) == 1:
        names *= 4 if args.players is None else args.players
    elif args.players is not None and args.players != len(names):
        raise _UsageError(
            f"--players {args.players} does not match the {len(names)} bots named by --bots "
            "(name one bot per seat, or one bot for every seat)"
        )
    if args.action_time_limit is not None and not args.isolate:
        raise _UsageError("--action-time-limit needs --isolate (bots in processes of their own)")
    result = tournament(
        names,
        games=args.games,
        rules=rules,
        seed=args.seed,
        jobs=jobs,
        isolate=args.isolate,
        action_time_limit=args.action_time_limit,
    )
    if args.json:
        out.write(json.dumps(result.to_dict()) + "\n")
    elif args.csv:
        out.write(result.to_csv())
    else:
        out.write(result.table(ascii=isinstance(out, AsciiWriter)) + "\n")


def _simulate(args: argparse.Namespace, out: TextIO) -> None:
    if args.games < 1:
        raise _UsageError(f"--games must be at least 1, got {args.games}")
    if args.jobs < 0:
        raise _UsageError(f"--jobs must be 0 (one per CPU) or more, got {args.jobs}")
    if args.seed is not None and args.seed < 0:
        raise _UsageError(f"--seed must be 0 or more, got {args.seed}")
    if args.seed is None:
        args.seed = new_seed()
        if args.csv:  # the only output that does not show it
            print(f"fivecrowns simulate: seed {args.seed}", file=sys.stderr)
    jobs = args.jobs or os.cpu_count() or 1
    rules = _rules_from(args)
    if args.solitaire:
        if args.bots is not None or args.players is not None or args.isolate:
            raise _UsageError(
                "--bots, --players and --isolate are for the main game, not --solitaire"
            )
        _simulate_solitaire(args, rules, jobs, out)
        return
    if args.policy is not None:
        raise _UsageError("--policy is for --solitaire (the main game uses --bots)")
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
    rows = [
        _solitaire_row(
            solitaire_stats(name, games=args.games, rules=rules, seed=args.seed, jobs=jobs)
        )
        for name in policies
    ]
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
        f"Solitaire: {args.games} game(s) per policy, seed {args.seed} "
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


_COMMANDS = {
    "arrange": _arrange,
    "rules": _rules,
    "solitaire": _solitaire,
    "play": _play,
    "simulate": _simulate,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    On a terminal whose encoding cannot show the output (``PYTHONIOENCODING=ascii``, an old
    console), the output falls back to ASCII (``+/-`` for ``±``, letters for suit symbols)."""
    with plain_streams():
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        _COMMANDS[args.command](args, sys.stdout)
    except _UsageError as error:
        print(f"fivecrowns {args.command}: error: {error}", file=sys.stderr)
        return USAGE_ERROR
    except FiveCrownsError as error:
        print(f"fivecrowns {args.command}: error: {_cli_words(str(error))}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    return 0
