#!/usr/bin/env python3
"""Turns Tygem 9-dan game lists into SGF files, for fitting the move model.

The public Tygem "9D vs 9D" dataset (github.com/yenw/computer-go-dataset, folder TYGEM/Kifu)
holds one month of games a file, a line a game: its id, a tab, and its moves as SGF nodes
(`;B[pd];W[dp]...`). This writes the first GAMES games of at least MIN_MOVES moves of each
file given as `OUT/<id>.sgf`, a 19×19 record with komi 6.5 and no result (the moves are
what the fit reads):

    python3 scripts/tygem_to_sgf.py --games 2000 --out /tmp/tygem-sgf /tmp/tygem/2016-07
"""

import argparse
import os
import re
import sys

NODE = re.compile(r";([BW])\[([a-s]{2})?\]")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+", help="monthly Kifu files, unzipped")
    ap.add_argument("--out", required=True)
    ap.add_argument("--games", type=int, default=1000, help="games to take from each file")
    ap.add_argument("--skip", type=int, default=0, help="games to pass over first in each file")
    ap.add_argument("--min-moves", type=int, default=50)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    written = 0
    for path in args.files:
        taken = seen = 0
        with open(path, encoding="latin-1") as f:
            for line in f:
                if taken >= args.games:
                    break
                gid, _, moves = line.rstrip("\n").partition("\t")
                nodes = NODE.findall(moves)
                if len(nodes) < args.min_moves or not gid.strip().isdigit():
                    continue
                seen += 1
                if seen <= args.skip:
                    continue
                body = "".join(f";{c}[{p}]" for c, p in nodes)
                with open(os.path.join(args.out, f"{gid.strip()}.sgf"), "w") as out:
                    out.write(f"(;GM[1]FF[4]SZ[19]KM[6.5]PB[tygem 9d]PW[tygem 9d]{body})\n")
                taken += 1
        written += taken
        print(f"{path}: {taken} games", file=sys.stderr)
    print(f"{written} games in {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
