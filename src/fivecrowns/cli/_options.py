"""The command line's options: the parser of every command (:func:`parser`), the rule
options each command takes, and the :class:`Rules` they give (:func:`rules_from`)."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from typing import Any, Final

import attrs

from .._version import __version__
from ..errors import InvalidRulesError
from ..rules import RuleFlag, Rules, rule_flag

#: Exit status for a mistake in the command line or its input.
USAGE_ERROR = 2


class UsageError(Exception):
    """A mistake the user made; reported without a traceback."""


def _text_reader(flag: RuleFlag) -> Callable[[str], object]:
    """``flag.parse`` with its errors as argparse reports them (a usage message)."""
    parse = flag.parse
    assert parse is not None

    def read(text: str) -> object:
        try:
            return parse(text)
        except InvalidRulesError as error:
            raise argparse.ArgumentTypeError(cli_words(str(error))) from None

    return read


#: Option names the library's messages use, and the command line's flags for them.
FLAG_OF_FIELD: dict[str, str] = {}
#: Plain words that name a command-line option when a message says "<word> must ...".
_PLAIN_OPTIONS = ("seed", "players", "games", "jobs", "bots")


#: ``name=value`` for a :class:`Rules` field, optionally inside ``Rules(...)``.
_SETTING: Final = re.compile(
    r"(?<![\w-])(?:Rules\()?(?P<name>[a-z_]+)=(?P<value>True|False|None|-?\d+|'[^']*'|\"[^\"]*\")\)?"
)


def _setting_words(match: re.Match[str]) -> str:
    """A ``name=value`` setting as the command line gives it: ``lay_off=True`` is
    ``--lay-off``, ``lay_off=False`` "without --lay-off", ``packs=3`` ``--packs 3``."""
    fields = {field.name: field for field in attrs.fields(Rules)}
    field = fields.get(match["name"])
    if field is None:
        return match[0]
    flag = rule_flag(field)
    value = match["value"].strip("'\"")
    bracket = ")" if match[0].endswith(")") and not match[0].startswith("Rules(") else ""
    if flag.is_switch:
        given = value == str(not field.default)
        return (flag.flag if given else f"without {flag.flag}") + bracket
    return f"{flag.flag} {value}" + bracket


def cli_words(message: str) -> str:
    """A library message in the command line's words: each :class:`Rules` field named by
    the flag that sets it (``max_wilds_per_meld`` -> ``--max-wilds``, ``Rules(lay_off=True)``
    -> ``--lay-off``, ``(go_out_without_discard=False)`` -> ``(without
    --go-out-without-discard)``)."""
    if not FLAG_OF_FIELD:
        FLAG_OF_FIELD.update({field.name: rule_flag(field).flag for field in attrs.fields(Rules)})
    message = _SETTING.sub(_setting_words, message)
    for name, flag in FLAG_OF_FIELD.items():
        if "_" in name:
            # (not where the message spells Python, as in "Rules(name=...)")
            message = re.sub(rf"(?<![\w-]){name}(?![\w=])", flag, message)
        else:  # a plain word ("packs"): only as the subject of the message
            message = re.sub(rf"^{name} must\b", f"{flag} must", message)
    for name in _PLAIN_OPTIONS:
        message = re.sub(rf"^{name} must\b", f"--{name} must", message)
    return message


#: The rule options a hand's answers depend on (the deck, what melds, what cards cost).
HAND_OPTIONS: Final = frozenset(
    {"packs", "distinct_suit_books", "max_wilds_per_meld", "all_wild_melds"}
    | {"wild_points", "joker_points"}
)
#: The options of Solitaire alone.
SOLITAIRE_OPTIONS: Final = frozenset({"solitaire_scoring", "solitaire_dealt_piles"})


def _game_option(name: str) -> bool:
    """An option of the main game: every one that is neither a hand's nor Solitaire's (so
    an option added to :class:`Rules` is a game option unless it is listed above)."""
    return name not in HAND_OPTIONS and name not in SOLITAIRE_OPTIONS


#: Which rule options each command reads (a command not listed reads none).
COMMAND_RULES: Final[dict[str, Callable[[str], bool]]] = {
    "arrange": HAND_OPTIONS.__contains__,
    "odds": HAND_OPTIONS.__contains__,
    "rules": lambda name: True,
    "solitaire": lambda name: name in HAND_OPTIONS or name in SOLITAIRE_OPTIONS,
    "play": lambda name: name in HAND_OPTIONS or _game_option(name),
    "simulate": lambda name: True,  # (the main game, or Solitaire with --solitaire)
}


def _rules_parser(command: str) -> argparse.ArgumentParser:
    """A parser with a flag for each option of :class:`Rules` that ``command`` reads (from
    the fields' metadata)."""
    parser = argparse.ArgumentParser(add_help=False)
    uses = COMMAND_RULES.get(command)
    if uses is None:
        return parser
    group = parser.add_argument_group("rule options (the defaults are the official rules)")
    for field in attrs.fields(Rules):
        if not uses(field.name):
            continue
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


def rule_options(args: argparse.Namespace) -> dict[str, object]:
    """The rule options given on the command line, by field name."""
    given = {field.name: getattr(args, field.name, None) for field in attrs.fields(Rules)}
    return {name: value for name, value in given.items() if value is not None}


def rules_from(args: argparse.Namespace) -> Rules:
    """The rules the command line's flags ask for (the official value of every option left
    out)."""
    try:
        return Rules.from_dict(rule_options(args))
    except InvalidRulesError as error:
        raise UsageError(cli_words(str(error))) from None


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


def _odds_options(parser: argparse.ArgumentParser) -> None:
    from ._odds import odds_options

    odds_options(parser)


def _review_options(parser: argparse.ArgumentParser) -> None:
    from ._review import review_options

    review_options(parser)


def _show_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the options as JSON")


def _session_options(parser: argparse.ArgumentParser, load: str = "resume a saved game") -> None:
    """The options of a game played in the terminal: the deal's seed, or a saved game."""
    parser.add_argument("--seed", type=int, default=None, help="fix the deal")
    parser.add_argument("--load", metavar="FILE", help=load)
    parser.add_argument(
        "--continue",
        dest="resume",
        nargs="?",
        type=int,
        const=-1,
        default=None,
        metavar="SLOT",
        help="resume an unfinished game from its autosave slot (default: the newest); a game "
        "left unfinished is saved in a slot of its own (FIVECROWNS_AUTOSAVE: their directory)",
    )


#: ``fivecrowns play --difficulty``: the opponents' bot at each level.
DIFFICULTY: Final = {"easy": "greedy", "medium": "strong", "hard": "expert"}


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
        choices=tuple(DIFFICULTY),
        default=None,
        help="the opponents by strength instead of --bots: "
        + ", ".join(f"{level} ({bot})" for level, bot in DIFFICULTY.items()),
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


def _serve_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="the address (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    parser.add_argument(
        "--db",
        metavar="FILE",
        default="fivecrowns-games.sqlite",
        help="the SQLite file of the games (default fivecrowns-games.sqlite)",
    )


#: Each command: its one-line help, its description, and what adds its own options.
_COMMAND_PARSERS: dict[str, tuple[str, str, Callable[[argparse.ArgumentParser], None]]] = {
    "arrange": (
        "the best arrangement of a hand",
        "Print the arrangement of a hand that leaves the least deadwood.",
        _arrange_options,
    ),
    "odds": (
        "the exact odds of a hand's next draw",
        "Print the outs of a hand before its draw, the chance of going out on the next draw, "
        "and the expected least deadwood after it (exact over the unseen cards).",
        _odds_options,
    ),
    "review": (
        "a recorded game annotated, move by move",
        "Value every decision of a recorded game against the best move (rollouts on common "
        "deals, exact on the final lap) and mark the losses as a chess annotator does: "
        "?! inaccuracy, ? mistake, ?? blunder.",
        _review_options,
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
    "serve": (
        "the web app: play in a browser",
        'Serve the web app and its JSON API on localhost (needs pip install "fivecrowns[web]").',
        _serve_options,
    ),
}


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="fivecrowns",
        description="Five Crowns: arrange hands, read the rules, play.",
    )
    parser.add_argument("--version", action="version", version=f"fivecrowns {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, (summary, description, add_options) in _COMMAND_PARSERS.items():
        rules = _rules_parser(name)
        add_options(
            commands.add_parser(name, parents=[rules], help=summary, description=description)
        )
    return parser
