"""Figures for the documentation, drawn from the library's own runs at every docs build."""

from __future__ import annotations

import random
import statistics
import time
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

import fivecrowns as fc


def solver_time_by_hand_size(path: Path, hands: int = 200) -> None:
    """Median and 90th-percentile time of ``min_deadwood`` on random hands, cache cleared
    before each hand, for every hand size from 3 to 14 cards (the wild rank is the size)."""
    deck = fc.deck()
    rng = random.Random(2026)
    sizes = list(range(3, 15))
    medians, p90s = [], []
    for size in sizes:
        wild = min(size, 13)
        times = []
        for _ in range(hands):
            hand = rng.sample(deck, size)
            fc.clear_cache()
            start = time.perf_counter_ns()
            fc.min_deadwood(hand, wild)
            times.append((time.perf_counter_ns() - start) / 1000)
        times.sort()
        medians.append(statistics.median(times))
        p90s.append(times[int(0.9 * len(times))])
    fig, ax = plt.subplots(figsize=(6, 3.5), dpi=100)
    ax.plot(sizes, medians, marker="o", label="median")
    ax.plot(sizes, p90s, marker="s", linestyle="--", label="90th percentile")
    ax.set_xlabel("cards in hand (wild rank = hand size, K for 14)")
    ax.set_ylabel("µs per hand (every cache cleared)")
    ax.set_title("min_deadwood on random hands, measured at docs build")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def build_figures(target: Path) -> None:
    """Draw every figure into ``target``."""
    target.mkdir(parents=True, exist_ok=True)
    solver_time_by_hand_size(target / "solver_time.png")
