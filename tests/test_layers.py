"""The package's layers: the old paths of moved modules still work and warn, and nothing in
the package imports them."""

from __future__ import annotations

import graphlib
import importlib
import subprocess
import sys

import pytest

import fivecrowns as fc

#: Every documented module path that moved, and where it went.
MOVED = {
    "fivecrowns.actions": "fivecrowns.game.actions",
    "fivecrowns.views": "fivecrowns.game.views",
    "fivecrowns.solitaire": "fivecrowns.game.solitaire",
    "fivecrowns.scoring_limits": "fivecrowns.game.scoring_limits",
    "fivecrowns.tracking": "fivecrowns.bots.tracking",
    "fivecrowns.expert": "fivecrowns.bots.expert",
    "fivecrowns.rollout": "fivecrowns.bots.rollout",
    "fivecrowns.simulate": "fivecrowns.play.simulate",
    "fivecrowns.simulator": "fivecrowns.play.simulator",
}


@pytest.mark.parametrize(("old", "new"), MOVED.items())
def test_a_moved_module_warns_and_names_the_same_objects(old: str, new: str) -> None:
    sys.modules.pop(old, None)
    with pytest.warns(DeprecationWarning, match=rf"{old} moved to {new}\b"):
        alias = importlib.import_module(old)
    target = importlib.import_module(new)
    assert alias.__all__ == target.__all__
    for name in target.__all__:
        assert getattr(alias, name) is getattr(target, name)
    private = next(name for name in vars(target) if name.startswith("_") and name[1] != "_")
    assert getattr(alias, private) is getattr(target, private)
    with pytest.raises(AttributeError):
        _ = alias.no_such_name


def test_the_package_imports_no_deprecated_path() -> None:
    modules = [
        "fivecrowns",
        "fivecrowns.cli",
        "fivecrowns.adapters.gymnasium",
        "fivecrowns.adapters.pettingzoo",
        "fivecrowns.adapters.openspiel",
    ]
    code = "import importlib\n" + "".join(f"importlib.import_module({m!r})\n" for m in modules)
    done = subprocess.run(
        [sys.executable, "-W", "error:the module fivecrowns:DeprecationWarning", "-c", code],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def test_every_public_name_is_importable_from_the_package() -> None:
    for name in fc.__all__:
        assert getattr(fc, name) is not None
    assert fc.GameState.__module__ == "fivecrowns.game._state"
    assert fc.make_bot("expert").name == "expert"


def test_a_moved_module_is_an_attribute_of_the_package() -> None:
    sys.modules.pop("fivecrowns.tracking", None)
    vars(fc).pop("tracking", None)
    with pytest.warns(DeprecationWarning, match="fivecrowns.tracking moved"):
        assert fc.tracking.read_round is fc.bots.tracking.read_round
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        _ = fc.nothing


def test_a_module_imports_only_the_compiled_core_from_the_package_root() -> None:
    """The layers contracts in pyproject.toml ignore imports of the package root (grimp sees
    ``from . import _core`` as one, not seeing extension modules): here no module imports
    anything else from it, so ignoring them hides nothing."""
    grimp = pytest.importorskip("grimp")
    graph = grimp.build_graph("fivecrowns", cache_dir=None)
    for module in sorted(graph.modules - {"fivecrowns"}):
        for found in graph.get_import_details(importer=module, imported="fivecrowns"):
            names = found["line_contents"].split(" import ", 1)[1].split("#")[0]
            named = {name.strip() for name in names.split(",")}
            unseen = {name for name in named if f"fivecrowns.{name}" not in graph.modules}
            assert unseen == {"_core"}, (module, found["line_contents"])


def test_no_import_circle_between_any_two_modules() -> None:
    """Every import counts (deferred, ``TYPE_CHECKING``), but the package root's: it only
    re-exports, and grimp sees ``from . import _core`` as an import of it (see above)."""
    grimp = pytest.importorskip("grimp")
    graph = grimp.build_graph("fivecrowns", cache_dir=None)
    modules = graph.modules - {"fivecrowns"}
    order = graphlib.TopologicalSorter(
        {m: graph.find_modules_directly_imported_by(m) & modules for m in modules}
    )
    order.prepare()  # raises graphlib.CycleError naming a circle
