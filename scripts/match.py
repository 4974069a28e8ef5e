#!/usr/bin/env python3
"""A GTP referee: plays games between two GTP engines, alternating colours, and records them.

Usage (from the repository root, after `cargo build --release`):

    scripts/match.py --games 50 --size 9 --komi 7 --rules chinese \
        --engine "target/release/tengen gtp --level advanced --max-time 0.95 --seed {seed}" \
        --opponent "gnugo --mode gtp --chinese-rules --positional-superko --level 10 --seed {seed}" \
        --out docs/strength/advanced-9x9-gnugo10

Each game starts both programs afresh (`{seed}` in a command becomes the game's number plus
`--seed-base`), sets the size, komi and (with `--handicap N`) GTP's fixed handicap for the
side named by `--handicap-to`, then asks the side to move for a move (`genmove`) and tells it
to the other (`play`). Both programs judge every move: one the other refuses is a loss for the
side that made it. The game ends on two passes in a row, a resignation, a program that fails
or exceeds `--move-timeout` (a loss), or `--max-moves` (then counted as it stands). A finished
game is scored with the opponent's `final_score` (GNU Go's is the independent judge) and the
engine's own, both recorded. GNU Go counts by Japanese rules unless told `--chinese-rules`:
give it the rules of the match.

Results go to the `--out` folder: one SGF per game (each move with the seconds it took as a
comment), `summary.json` (every game and the totals) and `summary.md` (the table: games, wins,
Wilson 95 % interval, seconds a move). Progress is printed one line per game.
"""

import argparse
import json
import math
import os
import shlex
import subprocess
import sys
import threading
import time

COLUMNS = "ABCDEFGHJKLMNOPQRST"


class EngineError(Exception):
    pass


class Gtp:
    """One GTP program on pipes."""

    def __init__(self, command, name, stderr_path=None):
        self.name = name
        env = dict(os.environ)
        env["PATH"] = env.get("PATH", "") + ":/usr/games"
        self.stderr = open(stderr_path, "ab") if stderr_path else subprocess.DEVNULL
        self.proc = subprocess.Popen(
            shlex.split(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.stderr,
            env=env,
        )

    def ask(self, command, timeout=None):
        """Sends a command; returns (ok, text) of the answer."""
        if self.proc.poll() is not None:
            raise EngineError(f"{self.name} has exited")
        try:
            self.proc.stdin.write((command + "\n").encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise EngineError(f"{self.name}: {e}")
        result = {}

        def read():
            lines = []
            while True:
                line = self.proc.stdout.readline()
                if not line:
                    result["eof"] = True
                    return
                line = line.decode(errors="replace").rstrip("\r\n")
                if line == "" and lines:
                    break
                if line == "" and not lines:
                    continue
                lines.append(line)
            result["lines"] = lines

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(timeout)
        if reader.is_alive():
            self.kill()
            raise EngineError(f"{self.name}: no answer to {command!r} within {timeout}s")
        if result.get("eof"):
            raise EngineError(f"{self.name} closed its output after {command!r}")
        lines = result["lines"]
        head = lines[0]
        ok = head.startswith("=")
        text = "\n".join([head[1:].strip()] + lines[1:]).strip()
        return ok, text

    def must(self, command, timeout=60):
        ok, text = self.ask(command, timeout)
        if not ok:
            raise EngineError(f"{self.name} refused {command!r}: {text}")
        return text

    def close(self):
        try:
            if self.proc.poll() is None:
                self.ask("quit", timeout=5)
        except EngineError:
            pass
        self.kill()
        if self.stderr not in (None, subprocess.DEVNULL):
            self.stderr.close()

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass


def sgf_point(vertex, size):
    if vertex.lower() == "pass":
        return ""
    col = COLUMNS.index(vertex[0].upper())
    row = int(vertex[1:])
    return chr(ord("a") + col) + chr(ord("a") + size - row)


def wilson(wins, games, z=1.96):
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def winner_of(score):
    """'B' or 'W' from a GTP final_score answer ('B+3.5', 'W+R', '0'), else None."""
    s = (score or "").strip().upper()
    if s.startswith("B+"):
        return "B"
    if s.startswith("W+"):
        return "W"
    return None


def engine_komi(args):
    """GNU Go's Chinese counting gives White a point for each handicap stone; Tengen's count
    does not, so with `--compensate` (the default) Tengen and the judge are told that much
    more komi: both programs then count the same board the same way."""
    if args.handicap >= 2 and args.compensate:
        k = float(args.komi) + args.handicap
        return f"{k:g}"
    return args.komi


def play_game(args, index, out_dir):
    seed = args.seed_base + index
    if args.handicap >= 2:
        # The side that takes the stones is Black in every game.
        engine_black = args.handicap_to == "engine"
    else:
        engine_black = (index % 2 == 0) if args.alternate else True
    names = {"engine": args.engine_name, "opponent": args.opponent_name}
    log = os.path.join(out_dir, "stderr.log")
    eng = Gtp(args.engine.replace("{seed}", str(seed)), names["engine"], log)
    opp = Gtp(args.opponent.replace("{seed}", str(seed)), names["opponent"])
    players = {"B": eng if engine_black else opp, "W": opp if engine_black else eng}
    record = {
        "game": index + 1,
        "seed": seed,
        "engine_color": "B" if engine_black else "W",
        "moves": [],
        "result": None,
        "reason": None,
        "score_opponent": None,
        "score_engine": None,
    }
    handicap_stones = []
    try:
        for p in (eng, opp):
            p.must(f"boardsize {args.size}")
            p.must("clear_board")
            p.must(f"komi {engine_komi(args) if p is eng else args.komi}")
            if args.time_settings:
                p.must(f"time_settings {args.time_settings}")
        to_move = "B"
        if args.handicap >= 2:
            # Black takes the stones: Black is whoever --handicap-to names.
            a = eng.must(f"fixed_handicap {args.handicap}").split()
            b = opp.must(f"fixed_handicap {args.handicap}").split()
            if sorted(a) != sorted(b):
                raise EngineError(f"handicap placements differ: {a} / {b}")
            handicap_stones = a
            to_move = "W"
        passes = 0
        while True:
            if len(record["moves"]) >= args.max_moves:
                record["reason"] = "move cap"
                break
            mover = players[to_move]
            other = players["W" if to_move == "B" else "B"]
            start = time.monotonic()
            try:
                ok, vertex = mover.ask(f"genmove {to_move}", timeout=args.move_timeout)
            except EngineError as e:
                if mover is eng:
                    record["result"] = ("W" if to_move == "B" else "B") + "+F"
                else:
                    # The opponent's failure (usually a slow answer on a loaded machine) is
                    # no win of the engine's: the game does not count.
                    record["result"] = "Void"
                record["reason"] = f"{mover.name} failed: {e}"
                break
            seconds = time.monotonic() - start
            if not ok:
                record["result"] = ("W" if to_move == "B" else "B") + "+F"
                record["reason"] = f"{mover.name} refused genmove: {vertex}"
                break
            vertex = vertex.strip()
            if vertex.lower() == "resign":
                record["result"] = ("W" if to_move == "B" else "B") + "+R"
                record["reason"] = f"{mover.name} resigned"
                record["moves"].append((to_move, "resign", round(seconds, 3)))
                break
            ok, text = other.ask(f"play {to_move} {vertex}", timeout=60)
            if not ok:
                record["result"] = ("W" if to_move == "B" else "B") + "+F"
                record["reason"] = f"{other.name} refused {mover.name}'s {vertex}: {text}"
                record["moves"].append((to_move, vertex, round(seconds, 3)))
                break
            record["moves"].append((to_move, vertex, round(seconds, 3)))
            passes = passes + 1 if vertex.lower() == "pass" else 0
            to_move = "W" if to_move == "B" else "B"
            if passes >= 2:
                record["reason"] = "two passes"
                break
        if record["result"] is None:
            record["score_opponent"] = opp.must("final_score", timeout=120)
            record["score_engine"] = eng.must("final_score", timeout=120)
            record["result"] = record["score_opponent"]
            if winner_of(record["score_opponent"]) != winner_of(record["score_engine"]):
                settle(args, record, players, handicap_stones)
    except EngineError as e:
        record["result"] = "Void"
        record["reason"] = str(e)
    finally:
        eng.close()
        opp.close()
    winner = winner_of(record["result"])
    record["engine_won"] = winner == record["engine_color"] if winner else None
    times = [m[2] for m in record["moves"] if m[0] == record["engine_color"]]
    record["engine_seconds_mean"] = round(sum(times) / len(times), 3) if times else 0.0
    record["engine_seconds_max"] = round(max(times), 3) if times else 0.0
    write_sgf(args, record, handicap_stones, names, engine_black, out_dir)
    return record


def settle(args, record, players, handicap_stones):
    """The two programs disagree on the winner (usually on which stones are dead): both play
    on with `kgs-genmove_cleanup` (which removes the dead stones it sees before passing) until
    two passes, and the board is then counted as it stands (Tromp–Taylor, as CGOS does), by
    `tengen gtp --rules classic` replaying the whole game."""
    to_move = record["moves"][-1][0] if record["moves"] else "B"
    to_move = "W" if to_move == "B" else "B"
    passes = 0
    for _ in range(args.size * args.size * 2):
        mover = players[to_move]
        other = players["W" if to_move == "B" else "B"]
        ok, vertex = mover.ask(f"kgs-genmove_cleanup {to_move}", timeout=args.move_timeout)
        if not ok or vertex.lower() == "resign":
            vertex = "pass"
        ok, _ = other.ask(f"play {to_move} {vertex}", timeout=60)
        if not ok:
            vertex = "pass"
        record["moves"].append((to_move, vertex, 0.0))
        passes = passes + 1 if vertex.lower() == "pass" else 0
        to_move = "W" if to_move == "B" else "B"
        if passes >= 2:
            break
    judge = Gtp(args.judge, "judge")
    try:
        judge.must(f"boardsize {args.size}")
        judge.must(f"komi {engine_komi(args)}")
        if handicap_stones:
            judge.must("set_free_handicap " + " ".join(handicap_stones))
        for c, v, _ in record["moves"]:
            if v != "resign":
                judge.must(f"play {c} {v}")
        score = judge.must("final_score")
    finally:
        judge.close()
    record["reason"] = (
        f"two passes; counts disagreed ({record['score_opponent']} / {record['score_engine']}): "
        "played out with kgs-genmove_cleanup, counted as it stands"
    )
    record["result"] = score


def rescore(args, record, out_dir):
    """Replays a recorded game whose counts disagree into fresh programs and settles it."""
    engine_black = record["engine_color"] == "B"
    seed = record["seed"]
    eng = Gtp(args.engine.replace("{seed}", str(seed)), args.engine_name)
    opp = Gtp(args.opponent.replace("{seed}", str(seed)), args.opponent_name)
    players = {"B": eng if engine_black else opp, "W": opp if engine_black else eng}
    handicap_stones = []
    try:
        for p in (eng, opp):
            p.must(f"boardsize {args.size}")
            p.must("clear_board")
            p.must(f"komi {engine_komi(args) if p is eng else args.komi}")
        if args.handicap >= 2:
            handicap_stones = eng.must(f"fixed_handicap {args.handicap}").split()
            opp.must(f"fixed_handicap {args.handicap}")
        for c, v, _ in record["moves"]:
            for p in (eng, opp):
                p.must(f"play {c} {v}")
        settle(args, record, players, handicap_stones)
    finally:
        eng.close()
        opp.close()
    winner = winner_of(record["result"])
    record["engine_won"] = winner == record["engine_color"] if winner else None
    names = {"engine": args.engine_name, "opponent": args.opponent_name}
    write_sgf(args, record, handicap_stones, names, engine_black, out_dir)
    print(f"game {record['game']}: settled {record['result']}", flush=True)


def write_sgf(args, record, handicap_stones, names, engine_black, out_dir):
    pb = names["engine"] if engine_black else names["opponent"]
    pw = names["opponent"] if engine_black else names["engine"]
    rules = {"chinese": "Chinese", "aga": "AGA", "japanese": "Japanese"}.get(
        args.rules, args.rules
    )
    head = (
        f"(;GM[1]FF[4]CA[UTF-8]AP[tengen-match]SZ[{args.size}]KM[{args.komi}]"
        f"RU[{rules}]PB[{pb}]PW[{pw}]RE[{record['result']}]"
    )
    if handicap_stones:
        head += f"HA[{len(handicap_stones)}]AB" + "".join(
            f"[{sgf_point(v, args.size)}]" for v in handicap_stones
        )
    if record["reason"]:
        head += f"GC[{record['reason'].replace(']', ')')}]"
    body = "".join(
        f";{c}[{sgf_point(v, args.size)}]C[{s}s]"
        for (c, v, s) in record["moves"]
        if v != "resign"
    )
    path = os.path.join(out_dir, f"game-{record['game']:03d}.sgf")
    with open(path, "w") as f:
        f.write(head + body + ")\n")


def summarise(args, records, out_dir, started, command=None):
    # Every played game counts; a draw (jigo, with an integer komi) is half a win.
    decided = [r for r in records if r["result"] != "Void"]
    draws = sum(1 for r in decided if r["engine_won"] is None)
    wins = sum(1 for r in decided if r["engine_won"]) + 0.5 * draws
    games = len(decided)
    low, high = wilson(wins, games)
    times = [m[2] for r in records for m in r["moves"] if m[0] == r["engine_color"]]
    mean = sum(times) / len(times) if times else 0.0
    worst = max(times) if times else 0.0
    as_black = [r for r in decided if r["engine_color"] == "B"]
    as_white = [r for r in decided if r["engine_color"] == "W"]
    summary = {
        "label": args.label,
        "engine": args.engine,
        "opponent": args.opponent,
        "size": args.size,
        "komi": args.komi,
        "rules": args.rules,
        "handicap": args.handicap,
        "handicap_to": args.handicap_to,
        "games": games,
        "void": len(records) - games,
        "engine_wins": wins,
        "draws": draws,
        "win_rate": wins / games if games else None,
        "wilson95": [low, high],
        "engine_wins_as_black": sum(1 for r in as_black if r["engine_won"]),
        "engine_games_as_black": len(as_black),
        "engine_wins_as_white": sum(1 for r in as_white if r["engine_won"]),
        "engine_games_as_white": len(as_white),
        "engine_seconds_a_move_mean": round(mean, 3),
        "engine_seconds_a_move_max": round(worst, 3),
        "score_disagreements": sum(
            1
            for r in records
            if r["score_engine"] and winner_of(r["score_engine"]) != winner_of(r["score_opponent"])
        ),
        "wall_seconds": round(time.time() - started, 1),
        "command": command or " ".join(shlex.quote(a) for a in sys.argv),
        "records": records,
    }
    with open(os.path.join(out_dir, "summary.json"), "w") as f:
        json.dump(summary, f, indent=1)
    lines = [
        f"# {args.label or 'match'}",
        "",
        f"Engine: `{args.engine}`  ",
        f"Opponent: `{args.opponent}`  ",
        f"{args.size}×{args.size}, komi {args.komi}, {args.rules} rules"
        + (
            f", {args.handicap} handicap stones to the {args.handicap_to} (White also gets a point"
            " a stone, as Chinese counting gives it)"
            if args.handicap >= 2
            else ""
        )
        + ", colours alternating" * bool(args.alternate and args.handicap < 2),
        "",
        "| games | engine wins | draws | win rate | Wilson 95 % | as Black | as White | s/move mean | s/move max |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
        f"| {games} | {wins:g} | {draws} | {100 * wins / games if games else 0:.1f} % | "
        f"{100 * low:.1f}–{100 * high:.1f} % | "
        f"{summary['engine_wins_as_black']}/{summary['engine_games_as_black']} | "
        f"{summary['engine_wins_as_white']}/{summary['engine_games_as_white']} | "
        f"{mean:.2f} | {worst:.2f} |",
        "",
        "| game | engine | result | how | moves | engine's count |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for r in records:
        won = {True: "won", False: "lost", None: "draw" if r["result"] != "Void" else "void"}[
            r["engine_won"]
        ]
        lines.append(
            f"| {r['game']} | {r['engine_color']} ({won}) | {r['result']} | {r['reason']} | "
            f"{len(r['moves'])} | {r['score_engine'] or ''} |"
        )
    lines += ["", f"Reproduce: `{summary['command']}`", ""]
    with open(os.path.join(out_dir, "summary.md"), "w") as f:
        f.write("\n".join(lines))
    return summary


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="", help="GTP command of the engine measured")
    ap.add_argument("--opponent", default="", help="GTP command of the opponent")
    ap.add_argument("--engine-name", default="Tengen")
    ap.add_argument("--opponent-name", default="GNU Go")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--komi", default="7")
    ap.add_argument("--rules", default="chinese", help="recorded in the SGF; give the engines the same")
    ap.add_argument("--handicap", type=int, default=0)
    ap.add_argument("--handicap-to", choices=["engine", "opponent"], default="engine")
    ap.add_argument(
        "--no-compensate",
        dest="compensate",
        action="store_false",
        help="do not add the handicap to the engine's komi (see engine_komi)",
    )
    ap.add_argument("--time-settings", default=None, help='e.g. "0 1 1": sent as time_settings')
    ap.add_argument(
        "--judge",
        default="target/release/tengen gtp --rules classic",
        help="GTP program that counts a played-out board as it stands (when the counts disagree)",
    )
    ap.add_argument("--max-moves", type=int, default=600)
    ap.add_argument("--move-timeout", type=float, default=600.0)
    ap.add_argument("--seed-base", type=int, default=1)
    ap.add_argument(
        "--first-game",
        type=int,
        default=1,
        help="number of the first game (its seed and colours follow): lets two processes "
        "share a match, each into its own --out, their records joined afterwards",
    )
    ap.add_argument("--no-alternate", dest="alternate", action="store_false")
    ap.add_argument("--label", default="")
    ap.add_argument("--out", required=True)
    ap.add_argument(
        "--rescore",
        action="store_true",
        help="settle the games of --out whose two counts disagree (as a match now does), play no new one",
    )
    ap.add_argument(
        "--resummarise",
        action="store_true",
        help="rewrite the summary of the games already in --out/summary.json, play none",
    )
    args = ap.parse_args()
    if not (args.resummarise or args.rescore) and not (args.engine and args.opponent):
        ap.error("--engine and --opponent are needed to play")
    os.makedirs(args.out, exist_ok=True)
    if args.handicap >= 2:
        args.alternate = False
    started = time.time()
    if args.resummarise or args.rescore:
        with open(os.path.join(args.out, "summary.json")) as f:
            old = json.load(f)
        for key in ("engine", "opponent", "size", "komi", "rules", "handicap", "handicap_to", "label"):
            # The programs may be given anew (a fixed build to settle with).
            if key in old and not (key in ("engine", "opponent") and getattr(args, key)):
                setattr(args, key, old[key])
        if args.rescore:
            for r in old["records"]:
                if r["score_engine"] and winner_of(r["score_engine"]) != winner_of(r["score_opponent"]):
                    rescore(args, r, args.out)
        summarise(
            args, old["records"], args.out, started - old.get("wall_seconds", 0), old["command"]
        )
        return
    records = []
    for k in range(args.first_game - 1, args.first_game - 1 + args.games):
        r = play_game(args, k, args.out)
        records.append(r)
        s = summarise(args, records, args.out, started)
        print(
            f"game {k + 1}: engine {r['engine_color']} {r['result']} ({r['reason']}), "
            f"{len(r['moves'])} moves, engine {r['engine_seconds_mean']:.2f}s/move "
            f"(max {r['engine_seconds_max']:.2f}) — total {s['engine_wins']:g}/{s['games']}",
            flush=True,
        )


if __name__ == "__main__":
    main()
