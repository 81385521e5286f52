"""Sphinx configuration for the fivecrowns documentation."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from docutils.nodes import Element
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE / "_scripts"))

from figures import build_figures  # noqa: E402

import fivecrowns  # noqa: E402

project = "fivecrowns"
author = "The fivecrowns developers"
copyright = "2026, The fivecrowns developers"
version = release = fivecrowns.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "sphinx_copybutton",
    "cli_reference",  # docs/_scripts/cli_reference.py: the CLI page, from the CLI's parser
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

autodoc_typehints = "description"
# Defaults as the source spells them (`rules=OFFICIAL`, not the repr of the whole Rules).
autodoc_preserve_defaults = True
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}


def _missing(module: str) -> bool:
    try:
        importlib.import_module(module)
    except ImportError:
        return True
    return False


# fivecrowns.adapters.pettingzoo imports without PettingZoo and Gymnasium, but then its
# annotations name classes that are not there: mock those packages when they are missing.
autodoc_mock_imports = [name for name in ("pettingzoo", "gymnasium") if _missing(name)]

# The copy button leaves out the prompts of doctest and shell examples (and their output).
copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True
copybutton_only_copy_prompt_lines = True

# `sphinx-build -n` (nitpicky) must report nothing. These targets are outside this project:
# the standard library's and numpy's types, that signatures name, and PettingZoo's base
# class (the docs are built offline, without intersphinx inventories to link them to).
nitpick_ignore_regex = [
    (r"py:.*", r"(collections\.abc|concurrent\.futures|enum|fractions|random|typing)\..*"),
    (r"py:.*", r"numpy(\..*)?"),
    (r"py:.*", r"(pettingzoo|gymnasium)(\..*)?"),
    (r"py:.*", r"attrs\..*"),
    # The Protocols the game's helper modules take a state as (private: GameState is the
    # documented class that satisfies them).
    (r"py:class", r"fivecrowns\.game\._fields\..*"),
]

html_theme = "furo"
html_title = f"fivecrowns {release}"
html_static_path = ["_static"]


def _resolve_reexport(
    app: Sphinx, env: BuildEnvironment, node: Element, contnode: Element
) -> Element | None:
    """Resolve a reference to a name re-exported from the top-level package.

    Docstrings name the public API as users import it (``fivecrowns.GameState.scores``, or
    ``GameState.scores`` from a sibling module), while autodoc documents each object where it
    is defined (``fivecrowns.game.GameState.scores``). Only names in ``fivecrowns.__all__``
    are resolved this way, and only to one documented object: anything else stays an error.
    """
    if node.get("refdomain") != "py":
        return None
    target = _public(str(node["reftarget"]).removeprefix("~").removeprefix("."))
    domain = env.get_domain("py")
    if target in domain.objects:  # type: ignore[attr-defined]
        return domain.resolve_xref(
            env, node["refdoc"], app.builder, node["reftype"], target, node, contnode
        )
    short = target.removeprefix("fivecrowns.")
    if short.split(".")[0] not in fivecrowns.__all__:
        return None
    modules = {name for name, _, objtype, *_ in domain.get_objects() if objtype == "module"}
    found = [
        name
        for name, _, objtype, *_ in domain.get_objects()
        if name.endswith("." + short) and name[: -len(short) - 1] in modules and objtype != "module"
    ]
    if len(found) != 1:
        return None
    return domain.resolve_xref(
        env, node["refdoc"], app.builder, node["reftype"], found[0], node, contnode
    )


def _public(target: str) -> str:
    """``target`` without the private modules in its path: a name defined in a private module
    (``fivecrowns.game._state.GameState``, as signatures name it) is documented where its
    package exports it (``fivecrowns.game.GameState``)."""
    parts = target.split(".")
    if parts[0] != "fivecrowns":
        return target
    kept = [p for p in parts[:-1] if not (p.startswith("_") and not p.startswith("__"))]
    if len(kept) < len(parts) - 1 and parts[-1] in fivecrowns.__all__:
        return f"fivecrowns.{parts[-1]}"  # (re-exported by a public module: found below)
    return ".".join([*kept, parts[-1]])


def setup(app: Sphinx) -> None:
    app.connect("missing-reference", _resolve_reexport)


# The figures are drawn from the library's own simulations at every build.
build_figures(HERE / "_static" / "generated")
