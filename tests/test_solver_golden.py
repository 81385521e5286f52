"""Golden fixtures: hands with answers worked out by hand (tests/data/solver_golden.json)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import fivecrowns as fc
from reference import reference_discards, reference_min_deadwood

GOLDEN = json.loads((Path(__file__).parent / "data" / "solver_golden.json").read_text("utf-8"))


def _id(case: dict[str, Any]) -> str:
    return f"{case['hand'] or 'empty'}|{case['wild_rank']}|{case['note']}"


@pytest.mark.parametrize("case", GOLDEN["min_deadwood"], ids=_id)
def test_golden_min_deadwood(case: dict[str, Any]) -> None:
    rules = fc.Rules(**case["rules"])
    hand = fc.parse_cards(case["hand"])
    assert fc.min_deadwood(hand, case["wild_rank"], rules=rules) == case["expected"]
    assert fc.best_arrangement(hand, case["wild_rank"], rules=rules).points == case["expected"]
    assert reference_min_deadwood(hand, case["wild_rank"], rules) == case["expected"]


@pytest.mark.parametrize("case", GOLDEN["best_discard"], ids=_id)
def test_golden_best_discard(case: dict[str, Any]) -> None:
    rules = fc.Rules(**case["rules"])
    hand = fc.parse_cards(case["hand"])
    card, arrangement = fc.best_discard(hand, case["wild_rank"], rules=rules)
    assert str(card) == case["discard"]
    assert arrangement.points == case["expected"]
    assert min(reference_discards(hand, case["wild_rank"], rules).values()) == case["expected"]
