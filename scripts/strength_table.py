#!/usr/bin/env python3
"""Prints the strength table of docs/STRENGTH.md from the matches' summary.json files.

Usage: scripts/strength_table.py docs/strength/*/summary.json

For each match: games, the engine's wins, the Wilson 95 % interval, and its seconds a move;
then an Elo difference for each even match (logistic, 400 points a factor of ten in odds,
the win rate clipped to the Wilson interval's inner end when it is 0 or 1, so that a clean
sweep gives a bound, not infinity).
"""

import json
import math
import sys


def elo(p):
    p = min(max(p, 1e-6), 1 - 1e-6)
    return 400 * math.log10(p / (1 - p))


def main():
    rows = []
    for path in sys.argv[1:]:
        with open(path) as f:
            s = json.load(f)
        games, wins = s["games"], s["engine_wins"]
        low, high = s["wilson95"]
        p = wins / games if games else 0.5
        bound = ""
        if wins == games:
            p, bound = low, "≥ "
        elif wins == 0:
            p, bound = high, "≤ "
        rows.append(
            (
                s.get("label") or path,
                games,
                f"{wins:g}",
                f"{100 * wins / games:.0f} %" if games else "–",
                f"{100 * low:.0f}–{100 * high:.0f} %",
                f"{s['engine_seconds_a_move_mean']:.2f} (max {s['engine_seconds_a_move_max']:.2f})",
                f"{bound}{elo(p):+.0f}" if s.get("handicap", 0) < 2 else "–",
            )
        )
    print("| match | games | wins | win rate | Wilson 95 % | s a move | Elo |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        print("| " + " | ".join(str(x) for x in r) + " |")


if __name__ == "__main__":
    main()
