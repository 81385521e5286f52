"""The API reference documents every public name once: each of ``fivecrowns.__all__`` must
be named by exactly one autodoc directive (or ``py:`` directive) on the docs' pages, and the
reference is one page per public module (docs/api/)."""

from __future__ import annotations

import contextlib
import importlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import fivecrowns

DOCS = Path(__file__).resolve().parent.parent / "docs"

#: ``.. automodule:: target`` (reST, also in MyST's eval-rst) or ```` ```{automodule} target ````.
_DIRECTIVE = re.compile(
    r"^(?P<indent>\s*)(?:\.\. |```\{)(?P<kind>auto\w+|py:\w+)(?:::|\})\s+(?P<target>\S+)"
)
_OPTION = re.compile(r"^\s*:(?P<name>[\w-]+):\s*(?P<value>.*)$")

pytestmark = pytest.mark.skipif(not DOCS.is_dir(), reason="the docs are not in this tree")


def _directives(text: str) -> Iterator[tuple[str, str, dict[str, str]]]:
    """(kind, target, options) of each directive in a page; an option's value runs on over
    its continuation lines (``:members: a, b,`` then ``c``)."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        match = _DIRECTIVE.match(line)
        if match is None:
            continue
        options: dict[str, str] = {}
        current: str | None = None
        for follow in lines[i + 1 :]:
            if not follow.strip() or follow.startswith("```"):
                break
            option = _OPTION.match(follow)
            if option is not None:
                current = option["name"]
                options[current] = option["value"].strip()
            elif current is not None and len(follow) - len(follow.lstrip()) > len(match["indent"]):
                options[current] += " " + follow.strip()
            else:
                break
        yield match["kind"], match["target"], options


def _names(value: str) -> list[str]:
    return [name.strip() for name in value.split(",") if name.strip()]


def _resolve(target: str) -> Any:
    """The object a dotted name documents (the module itself for a module name)."""
    parts = target.split(".")
    for end in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:end]))
        except ImportError:
            continue
        for part in parts[end:]:
            obj = getattr(obj, part)
        return obj
    raise LookupError(target)


def _module_members(module: Any, options: dict[str, str]) -> list[Any]:
    """What ``.. automodule::`` with these options documents."""
    if "members" not in options:
        return []
    listed = _names(options["members"])
    if not listed:  # bare :members: -- the module's __all__, or its own public names
        public = getattr(module, "__all__", None)
        if public is None:
            public = [
                name
                for name, value in vars(module).items()
                if not name.startswith("_")
                and getattr(value, "__module__", module.__name__) == module.__name__
            ]
        listed = list(public)
    excluded = set(_names(options.get("exclude-members", "")))
    return [getattr(module, name) for name in listed if name not in excluded]


def _pages() -> list[Path]:
    """The docs' source pages (build output and helpers, under ``_`` folders, left out)."""
    return sorted(
        page
        for suffix in ("*.md", "*.rst")
        for page in DOCS.rglob(suffix)
        if not any(part.startswith("_") for part in page.relative_to(DOCS).parts)
    )


def documented() -> tuple[list[Any], set[str]]:
    """The objects the reference pages document, and the modules they document."""
    objects: list[Any] = []
    modules: set[str] = set()
    for page in _pages():
        for kind, target, options in _directives(page.read_text(encoding="utf-8")):
            if kind in ("automodule", "py:module"):
                modules.add(target)
                if kind == "automodule":
                    objects.extend(_module_members(_resolve(target), options))
            elif kind.startswith(("auto", "py:")):
                module = options.get("module")
                full = f"{module}.{target}" if module else target
                # (a py: directive for something not importable is not this test's concern)
                with contextlib.suppress(LookupError, AttributeError):
                    objects.append(_resolve(full))
    return objects, modules


def test_every_public_name_is_in_the_reference() -> None:
    objects, _ = documented()
    ids = {id(obj) for obj in objects}
    missing = [name for name in fivecrowns.__all__ if id(getattr(fivecrowns, name)) not in ids]
    assert not missing, f"in fivecrowns.__all__ but not in the API reference (docs/api/): {missing}"


def test_every_public_name_is_documented_once() -> None:
    objects, _ = documented()
    counts: dict[int, int] = {}
    for obj in objects:
        counts[id(obj)] = counts.get(id(obj), 0) + 1
    twice = [
        name for name in fivecrowns.__all__ if counts.get(id(getattr(fivecrowns, name)), 0) > 1
    ]
    assert not twice, f"documented more than once in the API reference: {twice}"


def test_the_reference_is_one_page_per_public_module() -> None:
    # it was one page of 809 KB (docs/api.md)
    assert not (DOCS / "api.md").exists()
    index = (DOCS / "api" / "index.md").read_text(encoding="utf-8")
    pages = [page for page in sorted((DOCS / "api").glob("*.md")) if page.name != "index.md"]
    assert len(pages) >= 20
    for page in pages:
        assert re.search(rf"^{page.stem}$", index, re.MULTILINE), f"{page.name} not in the toctree"
        text = page.read_text(encoding="utf-8")
        modules = [
            target for kind, target, _ in _directives(text) if kind in ("automodule", "py:module")
        ]
        assert len(modules) == 1, f"{page.name} documents {modules}, not one module"
        assert f"`{modules[0]}`" in text.splitlines()[0]  # the title names it


def test_the_adapters_and_the_cli_are_documented() -> None:
    _, modules = documented()
    assert "fivecrowns.adapters.pettingzoo" in modules
    cli = (DOCS / "cli.md").read_text(encoding="utf-8")
    assert "{fivecrowns-cli}" in cli  # generated from the parser: every subcommand
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    assert re.search(r"^cli$", index, re.MULTILINE)
    assert re.search(r"^api/index$", index, re.MULTILINE)


def test_the_check_finds_a_missing_name() -> None:
    text = ".. automodule:: fivecrowns.bots\n   :members: Bot,\n      RandomBot\n"
    (found,) = list(_directives(text))
    assert found == ("automodule", "fivecrowns.bots", {"members": "Bot, RandomBot"})
    members = _module_members(_resolve("fivecrowns.bots"), found[2])
    assert fivecrowns.Bot in members
    assert fivecrowns.GreedyBot not in members
