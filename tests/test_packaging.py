"""The package's metadata (pyproject.toml) says each thing once and points where it says.

The sdist's contents are checked by ``.ci/sdist`` (it builds one); these tests read the
metadata itself.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11+

_ROOT = Path(__file__).resolve().parent.parent


def _project() -> dict[str, Any]:
    data: dict[str, Any] = tomllib.loads((_ROOT / "pyproject.toml").read_text("utf-8"))
    return data


def test_the_license_is_stated_once_by_its_spdx_expression() -> None:
    # PEP 639: a License-Expression makes the license classifiers redundant (and build
    # backends warn or refuse when both are given)
    project = _project()["project"]
    assert project["license"] == "MIT"
    assert not [c for c in project["classifiers"] if c.startswith("License ::")]


def test_every_extra_asks_for_the_same_gymnasium() -> None:
    extras: dict[str, list[str]] = _project()["project"]["optional-dependencies"]
    floors = {
        (extra, requirement)
        for extra, requirements in extras.items()
        for requirement in requirements
        if re.match(r"gymnasium\b", requirement)
    }
    assert {extra for extra, _ in floors} >= {"gymnasium", "pettingzoo", "test"}
    assert {requirement for _, requirement in floors} == {"gymnasium>=1.1"}


def test_the_changelog_url_points_to_the_changelog() -> None:
    url = _project()["project"]["urls"]["Changelog"]
    assert url.endswith("/CHANGELOG.md")
    assert (_ROOT / "CHANGELOG.md").is_file()
    assert url.startswith(_project()["project"]["urls"]["Source"] + "/blob/main/")


def test_the_sdist_includes_the_tests_and_the_docs() -> None:
    included = {entry["path"] for entry in _project()["tool"]["maturin"]["include"]}
    assert {"tests/**/*", "docs/**/*", "CHANGELOG.md"} <= included
