"""The ``fivecrowns-cli`` directive: the command line's reference, built from its own parser.

The page is generated from ``fivecrowns.cli._options.parser`` at every docs build, so it lists
every subcommand and option the installed ``fivecrowns`` has, and cannot go stale: one
section per subcommand (its one-line summary, then its usage, description and own options
as ``--help`` prints them, the rule options it takes, and for ``play`` and ``solitaire`` the
commands typed at their prompt, as their ``help`` command prints them), then every rule
option, once.
"""

from __future__ import annotations

import argparse
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

#: Width of the help text, in characters (argparse would take the terminal's).
WIDTH = 88
#: The title of the argument group every subcommand inherits from the rules parser.
RULES_GROUP_PREFIX = "rule options"


def _formatter(parser: argparse.ArgumentParser) -> argparse.HelpFormatter:
    return parser.formatter_class(prog=parser.prog, width=WIDTH)  # type: ignore[call-arg]


def _groups(parser: argparse.ArgumentParser) -> list[Any]:
    return [group for group in parser._action_groups if group._group_actions]


def _is_rules_group(group: Any) -> bool:
    return bool(group.title) and str(group.title).startswith(RULES_GROUP_PREFIX)


def _usage(parser: argparse.ArgumentParser, note_rules: bool) -> str:
    """The usage line with the rule options folded into ``[RULE OPTIONS]``."""
    actions = [
        action
        for group in _groups(parser)
        if not (note_rules and _is_rules_group(group))
        for action in group._group_actions
    ]
    formatter = _formatter(parser)
    prog = parser.prog + (" [RULE OPTIONS]" if note_rules and _has_rules(parser) else "")
    formatter.add_usage(None, actions, parser._mutually_exclusive_groups, prefix="usage: ")
    text = formatter.format_help().strip()
    return text.replace("usage: " + parser.prog, "usage: " + prog, 1)


def _has_rules(parser: argparse.ArgumentParser) -> bool:
    return any(_is_rules_group(group) for group in _groups(parser))


def _group_help(parser: argparse.ArgumentParser, groups: list[Any]) -> str:
    formatter = _formatter(parser)
    for group in groups:
        formatter.start_section(group.title)
        formatter.add_text(group.description)
        formatter.add_arguments(group._group_actions)
        formatter.end_section()
    return formatter.format_help().strip()


def _text(parser: argparse.ArgumentParser, text: str | None) -> str:
    formatter = _formatter(parser)
    formatter.add_text(text)
    return formatter.format_help().strip()


def _subcommands(parser: argparse.ArgumentParser) -> list[tuple[str, str, argparse.ArgumentParser]]:
    """(name, one-line help, parser) of each subcommand, in the order ``--help`` lists them."""
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: choice.help or "" for choice in action._choices_actions}
            for name, sub in action.choices.items():
                found.append((name, helps.get(name, ""), sub))
    return found


class CliReference(SphinxDirective):
    """``.. fivecrowns-cli::`` renders the whole command-line reference."""

    has_content = False

    def _section(self, title: str, ident: str, code: bool = True) -> nodes.section:
        section = nodes.section(ids=[ident], names=[nodes.fully_normalize_name(title)])
        label = nodes.literal(title, title) if code else nodes.Text(title)
        section += nodes.title(title, "", label)
        self.state.document.note_implicit_target(section, section)
        return section

    def _in_game(self, name: str, text: str) -> nodes.section:
        section = self._section("Commands at the prompt", f"cli-{name}-prompt", code=False)
        section += nodes.paragraph(
            text=f"Once a game of fivecrowns {name} starts, these are typed at its prompt "
            "(help prints them):"
        )
        literal = nodes.literal_block(text=text)
        literal["language"] = "text"
        section += literal
        return section

    def run(self) -> list[nodes.Node]:
        from fivecrowns.cli._options import parser as _parser

        parser = _parser()
        result: list[nodes.Node] = []
        top = nodes.literal_block(text=_formatter_help(parser))
        top["language"] = "text"
        result.append(top)
        rules_parser: argparse.ArgumentParser | None = None
        for name, summary, sub in _subcommands(parser):
            section = self._section(f"fivecrowns {name}", f"cli-{name}")
            section += nodes.paragraph(text=summary[:1].upper() + summary[1:] + ".")
            own = [group for group in _groups(sub) if not _is_rules_group(group)]
            parts = [
                _usage(sub, note_rules=True),
                _text(sub, sub.description),
                _group_help(sub, own),
            ]
            block = "\n\n".join(part for part in parts if part)
            literal = nodes.literal_block(text=block)
            literal["language"] = "text"
            section += literal
            if _has_rules(sub):
                flags = _rule_flags(sub)
                if rules_parser is None or len(flags) > len(_rule_flags(rules_parser)):
                    rules_parser = sub
                para = nodes.paragraph(text="It also takes these ")
                para += nodes.reference("", "rule options", refid="cli-rule-options")
                para += nodes.Text(": ")
                for i, flag in enumerate(flags):
                    para += nodes.Text(", " if i else "")
                    para += nodes.literal(flag, flag)
                para += nodes.Text(".")
                section += para
            prompt = _PROMPT_HELP.get(name)
            if prompt is not None:
                section += self._in_game(name, prompt)
            result.append(section)
        if rules_parser is not None:
            section = self._section("Rule options", "cli-rule-options", code=False)
            section += nodes.paragraph(
                text="One per option of fivecrowns.Rules; an option left out keeps the "
                "official rule. Each subcommand takes those its answers depend on (its section "
                "lists them): a hand's options for arrange and odds, the game's for play, "
                "Solitaire's for solitaire, all of them for rules and simulate."
            )
            rules = [group for group in _groups(rules_parser) if _is_rules_group(group)]
            literal = nodes.literal_block(text=_group_help(rules_parser, rules))
            literal["language"] = "text"
            section += literal
            result.append(section)
        return result


def _rule_flags(parser: argparse.ArgumentParser) -> list[str]:
    """The rule options a subcommand takes, as their flags."""
    return [
        action.option_strings[0]
        for group in _groups(parser)
        if _is_rules_group(group)
        for action in group._group_actions
    ]


def _prompt_help() -> dict[str, str]:
    from fivecrowns.cli import _play_game, _play_solitaire

    return {"play": _play_game._HELP, "solitaire": _play_solitaire._HELP}


#: What ``help`` prints at the prompt of the subcommands that play a game in the terminal.
_PROMPT_HELP = _prompt_help()


def _formatter_help(parser: argparse.ArgumentParser) -> str:
    formatter = _formatter(parser)
    formatter.add_usage(parser.usage, parser._actions, parser._mutually_exclusive_groups)
    formatter.add_text(parser.description)
    for group in parser._action_groups:
        formatter.start_section(group.title)
        formatter.add_text(group.description)
        formatter.add_arguments(group._group_actions)
        formatter.end_section()
    formatter.add_text(parser.epilog)
    return formatter.format_help().strip()


def setup(app: Sphinx) -> dict[str, object]:
    app.add_directive("fivecrowns-cli", CliReference)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
