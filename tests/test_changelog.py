"""The changelog is for the people who use the library: Keep a Changelog's shape, and none of
the engineering log's material (instruction counts, private names, scratch paths, issue
numbers), which lives in ``benchmarks/HISTORY.md``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

CHANGELOG = Path(__file__).resolve().parents[1] / "CHANGELOG.md"
SECTIONS = {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}


def _lines() -> list[str]:
    return CHANGELOG.read_text(encoding="utf-8").splitlines()


def test_the_changelog_has_keep_a_changelog_headings_only() -> None:
    releases = [line for line in _lines() if line.startswith("## ")]
    assert releases
    assert releases[0] == "## [Unreleased]"
    for line in releases[1:]:
        assert re.fullmatch(r"## \[\d+\.\d+\.\d+\] - \d{4}-\d{2}-\d{2}", line), line
    for line in _lines():
        if line.startswith("### "):
            assert line[4:] in SECTIONS, f"{line!r}: a section is one of {sorted(SECTIONS)}"
        assert not line.startswith("####"), f"{line!r}: no deeper headings"


@pytest.mark.parametrize(
    ("pattern", "what"),
    [
        (r"`[^`]*(?:^|[.(])_[a-z][^`]*`", "a private name"),
        (r"(?<![\w`])/(?:tmp|work|home)/", "a scratch path"),
        (r"(?i)\binstructions?\b|callgrind|valgrind", "an instruction count"),
        (r"(?i)\bissue \d+", "an issue number"),
        (r"\b\d+(?:\.\d+)? ?(?:µs|us|ms)\b", "a timing"),
    ],
)
def test_the_changelog_holds_no_engineering_log_material(pattern: str, what: str) -> None:
    text = CHANGELOG.read_text(encoding="utf-8")
    found = re.findall(pattern, text, flags=re.MULTILINE)
    assert not found, f"the changelog holds {what}: {found[:3]} (it goes to benchmarks/HISTORY.md)"
