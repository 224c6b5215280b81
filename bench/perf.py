"""The speed figures of docs/performance.md (issues 22 and 38), in one run, on simulated games.

    python bench/perf.py [--games 10000] [--long 10000] [--no-batch]
    python bench/perf.py --referee [--json]    # (a) alone (bench/versions.py: per Python)
    python bench/perf.py --commands            # (c) alone

(a) replay + score of a 4-player game against tomllib parsing the same file, for ASARA and
    for Yspahan; beside it, reading the log into events (tomli and our checks) against the
    same tomllib parse, and the same replay + score with German in use against English
    (the referee words nothing while it replays: the same);
(b) `asara batch --jobs 2` over N cold 4-player ASARA games (N = --games), wall and CPU time,
    the best of --batch-rounds runs (2) taken in turn with (d)'s; one more line times the
    folder scored again, from the cache the cold run wrote;
(c) `asara status` on a finished 4-player log, `asara check coloured`, a recording
    `--dry-run` and a shell's Tab (bash, after `asara buy `: the legal moves' next words) on
    a running one, against `python -c "import typer, tomllib"`;
(d) `asara batch --jobs 1` over `--jobs 2` for (b), by wall time and, for a busy host, what
    two free cores would give by CPU time (a batch of one file's start alone, the rest of
    --jobs 2's CPU halved); and batch's whole cost (CPU) with --jobs 1 against tomllib's
    parse of every file of the folder, timed in the same rounds;
(e) a recorded move (and the same move as `--dry-run`) on a running log of 130 events and on
    one of --long events (a game cut before a `coloured` move, padded with checkpoints of the
    first player's prestige): the cost per move, and per event between the two.

Run it with the virtual environment's python, on an installed (not editable) package with
byte code allowed, as a user has it: PYTHONDONTWRITEBYTECODE recompiles every module on every
command. The N games of (b) are 100 simulated games written N / 100 times each, every copy
with its own comment line, so no two files are the same bytes (batch counts duplicates once).
Wall time is the best of interleaved rounds; CPU time (user + system, of this process for
(a), of the child processes for the commands) is printed beside it. Benchmarks are not
tests: nothing here fails on a slow machine.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from asara_cli.games import game
from asara_cli.games.asara.rules.engine import replay
from asara_cli.games.asara.rules.events import Checkpoint
from asara_cli.logfile.board import load_board
from asara_cli.logfile.game import LogHeader, log_to_text, parse_log

ASARA = str(Path(sys.executable).with_name("asara"))
ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "ASARA_LOG")}
CACHE = Path(tempfile.mkdtemp(prefix="asara-bench-cache-"))
ENV["ASARA_CACHE_DIR"] = str(CACHE)  # never the user's own cache
NAMES = ("Ada", "Bo", "Cyd", "Dee")


def best(*fns: Callable[[], object], repeat: int = 20) -> list[tuple[float, float]]:
    """The best wall and CPU time of each function, called in turn, round after round: a
    virtual machine's speed drifts over seconds, and a ratio of two timings made minutes
    apart drifts with it."""
    times = [(float("inf"), float("inf"))] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            c, t = time.process_time(), time.perf_counter()
            fn()
            wall, cpu = time.perf_counter() - t, time.process_time() - c
            times[i] = (min(times[i][0], wall), min(times[i][1], cpu))
    return times


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(*args: str, before: Callable[[], object] | None = None,
        expect: int | None = 0) -> tuple[float, float]:
    """One command's wall and CPU time (its own and its children's)."""
    if before is not None:
        before()
    c, t = _children_cpu(), time.perf_counter()
    done = subprocess.run(args, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          check=False)
    wall, cpu = time.perf_counter() - t, _children_cpu() - c
    if expect is not None and done.returncode != expect:
        raise SystemExit(f"{' '.join(args)}: exit {done.returncode}\n"
                         f"{done.stderr.decode(errors='replace')}")
    return wall, cpu


def rounds(*commands: tuple[tuple[str, ...], Callable[[], object] | None],
           repeat: int = 10) -> list[tuple[float, float]]:
    """The best wall and CPU time of each command, run in turn round after round."""
    times = [(float("inf"), float("inf"))] * len(commands)
    for _ in range(repeat):
        for i, (args, before) in enumerate(commands):
            wall, cpu = run(*args, before=before)
            times[i] = (min(times[i][0], wall), min(times[i][1], cpu))
    return times


def simulated(key: str, seed: int, flags: frozenset[str] = frozenset()) -> str:
    rules = game(key)
    board = load_board(None, key)
    setup, events = rules.simulate(board, seed, 4, flags, NAMES)
    return log_to_text(LogHeader(setup, game=key), events)


def figure_a(key: str, texts: Sequence[str]) -> tuple[float, float, float, float, float, float]:
    """Over ``texts``: (replay + score) / tomllib and (reading into events) / tomllib, by
    wall and by CPU time, each side summed over the games; and replay + score of a game on
    average, wall and CPU seconds."""
    rules = game(key)
    board = load_board(None, key)
    sums = [[0.0, 0.0] for _ in range(3)]
    for text in texts:
        log = parse_log(text)
        setup, events = log.header.setup, log.events

        def whole(setup: Any = setup, events: Any = events) -> None:
            outcome = rules.replay(board, setup, events)
            rules.scores(outcome, setup)
            rules.ledger(outcome)

        timed = best(partial(tomllib.loads, text), whole, partial(parse_log, text), repeat=40)
        for s, (wall, cpu) in zip(sums, timed, strict=True):
            s[0] += wall
            s[1] += cpu
    (pw, pc), (sw, sc), (rw, rc) = sums
    return sw / pw, sc / pc, rw / pw, rc / pc, sw / len(texts), sc / len(texts)


def german_figure(key: str, texts: Sequence[str]) -> float:
    """Replay + score of ``texts`` with German in use over the same with English, by CPU
    time, the two in turn round after round (1.0: a replay does no translation work)."""
    from asara_cli import language

    rules = game(key)
    board = load_board(None, key)
    logs = [parse_log(text) for text in texts]

    def replays() -> float:
        c = time.process_time()
        for log in logs:
            outcome = rules.replay(board, log.header.setup, log.events)
            rules.scores(outcome, log.header.setup)
            rules.ledger(outcome)
        return time.process_time() - c

    en = de = float("inf")
    for _ in range(20):  # in turn, round after round; the language chosen outside the timing
        language.use("de")
        de = min(de, replays())
        language.use("en")
        en = min(en, replays())
    return de / en


def running_log(base: str, work: Path) -> tuple[str, int]:
    """ASARA's game ``base`` cut so that a `coloured` move is legal next: its text and the
    number of events kept."""
    log = parse_log(base)
    probe = work / "probe.toml"
    for keep in range(len(log.events) - 20, 0, -1):
        text = log_to_text(log.header, log.events[:keep])
        probe.write_text(text, "utf-8")
        legal = subprocess.run((ASARA, "check", "coloured", "-l", str(probe)), env=ENV,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               check=False).returncode == 0
        if legal:
            return text, keep
    raise SystemExit("no cut of the game allows a coloured move")


def padded(text: str, events: int) -> str:
    """The running log with checkpoints (of the first player's prestige) up to ``events`` events."""
    log = parse_log(text)
    board = load_board(None, "asara")
    state = replay(board, log.header.setup, log.events).state
    shown = Checkpoint(prestige=((state.players[0].name, state.prestige(0)),))
    more = (shown,) * max(0, events - len(log.events))
    return log_to_text(log.header, (*log.events, *more))


def referee_figures() -> dict[str, Any]:
    """(a) alone, for ASARA and Yspahan, with what it is made of: (replay + score) : tomllib
    and reading : tomllib (wall, CPU); a game's replay + score and tomllib's parse of it in
    ms (wall, CPU, on average over the games)."""
    found: dict[str, Any] = {"python": platform.python_version()}
    asara = [simulated("asara", 9000 + i, frozenset({"pro"}) if i % 2 else frozenset())
             for i in range(10)]
    ysp = [simulated("yspahan", 9000 + i) for i in range(10)]
    for key, texts in (("asara", asara), ("yspahan", ysp)):
        aw, ac, rw, rc, gw, gc = figure_a(key, texts)
        found[key] = {"ratio": [aw, ac], "reading": [rw, rc], "game_ms": [gw * 1e3, gc * 1e3],
                      "tomllib_ms": [gw / aw * 1e3, gc / ac * 1e3],
                      "german": german_figure(key, texts)}
    return found


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--long", type=int, default=10_000, help="events in (e)'s long log")
    parser.add_argument("--no-batch", action="store_true", help="leave out (b) and (d)")
    parser.add_argument("--batch-rounds", type=int, default=2,
                        help="runs of (b) and (d) in turn; the best of each is shown")
    parser.add_argument("--referee", action="store_true",
                        help="(a) alone: the referee against tomllib, with its parts")
    parser.add_argument("--json", action="store_true", help="with --referee: as JSON")
    parser.add_argument("--commands", action="store_true", help="(c) alone")
    options = parser.parse_args()
    if options.referee:
        found = referee_figures()
        if options.json:
            print(json.dumps(found))
            return
        for key in ("asara", "yspahan"):
            f = found[key]
            print(f"(a) {key} under Python {found['python']}: replay+score : tomllib "
                  f"{f['ratio'][0]:.2f}x wall / {f['ratio'][1]:.2f}x CPU; a game "
                  f"{f['game_ms'][0]:.2f} ms, tomllib's parse {f['tomllib_ms'][0]:.2f} ms; "
                  f"reading : tomllib {f['reading'][0]:.2f}x; German : English "
                  f"{f['german']:.2f}x")
        return
    games = options.games
    work = Path(tempfile.mkdtemp(prefix="asara-bench-"))
    rows: list[tuple[str, str, str]] = []

    def row(what: str, measured: str, target: str = "") -> None:
        rows.append((what, measured, target))

    try:
        base = [simulated("asara", 9000 + i, frozenset({"pro"}) if i % 2 else frozenset())
                for i in range(100)]
        ysp = [simulated("yspahan", 9000 + i) for i in range(10)]
        one = work / "one.toml"
        one.write_text(base[1], "utf-8")

        # (a) replay + score against parsing, ten games of each
        for key, texts in (() if options.commands else
                           (("asara", base[:10]), ("yspahan", ysp))):
            aw, ac, rw, rc, gw, gc = figure_a(key, texts)
            row(f"(a) {key}: replay+score : tomllib, wall / CPU", f"{aw:.2f}x / {ac:.2f}x",
                "<= 0.30")
            row(f"    {key}: replay+score of a game, wall / CPU",
                f"{gw * 1e3:.2f} / {gc * 1e3:.2f} ms")
            row(f"    {key}: reading into events : tomllib", f"{rw:.2f}x / {rc:.2f}x")
            row(f"    {key}: replay+score in German : in English, CPU",
                f"{german_figure(key, texts):.2f}x", "1.00")
        (pw, _), = best(partial(tomllib.loads, base[1]))

        # (c) a command's whole time against importing typer and tomllib
        os.chdir(work)
        running, keep = running_log(base[1], work)
        short, long = work / "short.toml", work / "long.toml"
        running_texts = {short: padded(running, 130), long: padded(running, options.long)}
        for path, text in running_texts.items():
            path.write_text(text, "utf-8")

        def reset(path: Path) -> None:
            path.write_text(running_texts[path], "utf-8")

        # a Tab in bash after `asara buy `, as its completion script runs it
        tab = ("env", "_ASARA_COMPLETE=complete_bash", "COMP_WORDS=asara buy ", "COMP_CWORD=2",
               f"ASARA_LOG={short}", ASARA)
        floor, status, checked, dry, tabbed = rounds(
            ((sys.executable, "-c", "import typer, tomllib"), None),
            ((ASARA, "status", str(one)), None),
            ((ASARA, "check", "coloured", "-l", str(short)), None),
            ((ASARA, "coloured", "--dry-run", "-l", str(short)), None),
            (tab, None))
        row("(c) import typer, tomllib (the floor), wall / CPU",
            f"{floor[0] * 1e3:.0f} / {floor[1] * 1e3:.0f} ms")
        row("(c) status : the floor, wall / CPU",
            f"{status[0] / floor[0]:.2f}x / {status[1] / floor[1]:.2f}x", "<= 1.5")
        row("(c) check coloured : the floor, wall / CPU",
            f"{checked[0] / floor[0]:.2f}x / {checked[1] / floor[1]:.2f}x", "<= 1.8")
        row("(c) recording --dry-run : the floor, wall / CPU",
            f"{dry[0] / floor[0]:.2f}x / {dry[1] / floor[1]:.2f}x", "<= 1.8")
        row("(c) a shell's Tab after `asara buy ` : the floor, wall / CPU",
            f"{tabbed[0] / floor[0]:.2f}x / {tabbed[1] / floor[1]:.2f}x")
        if options.commands:
            options.no_batch = True

        # (e) a recorded move, and a dry run, on a short and a long running log
        if not options.commands:
            (sw, sc), (lw, lc), (dw, dc) = rounds(
                ((ASARA, "coloured", "-l", str(short)), partial(reset, short)),
                ((ASARA, "coloured", "-l", str(long)), partial(reset, long)),
                ((ASARA, "coloured", "--dry-run", "-l", str(long)), None), repeat=5)
            n = options.long - 130
            row("(e) a recorded move, 130 events, wall / CPU",
                f"{sw * 1e3:.0f} / {sc * 1e3:.0f} ms")
            row(f"(e) a recorded move, {options.long:,} events, wall / CPU",
                f"{lw * 1e3:.0f} / {lc * 1e3:.0f} ms")
            row(f"(e) --dry-run, {options.long:,} events, wall / CPU",
                f"{dw * 1e3:.0f} / {dc * 1e3:.0f} ms")
            row("(e) a recorded move, per event between the two (wall / CPU)",
                f"{(lw - sw) / n * 1e6:.0f} / {(lc - sc) / n * 1e6:.0f} us")

        if not options.no_batch:
            # (b) and (d): batch over N files
            folder = work / "club"
            folder.mkdir()
            for i in range(games):
                body = base[i % len(base)]
                (folder / f"g{i:05d}.toml").write_text(f"# copy {i}\n{body}", "utf-8")
            batch = (ASARA, "batch", str(folder), "-f", "csv", "--jobs")
            # in turn, --batch-rounds times, each cold (nothing scored before) but the cached
            # run: the best of each, as for the other figures (a shared host's slow spells
            # last longer than one run)
            jobs2 = jobs1 = again = (float("inf"), float("inf"))
            # tomllib's side: every file of the folder parsed once, in the same rounds (the
            # best of one file's 20 parses, against a run of seconds, made the ratio look
            # worse on a busy host: the short timing finds the quiet moments)
            parsed = started = float("inf")
            files = [p.read_text("utf-8") for p in sorted(folder.iterdir())]
            single = work / "single"
            single.mkdir()
            (single / "g.toml").write_text(base[1], "utf-8")
            for _ in range(options.batch_rounds):
                shutil.rmtree(CACHE, ignore_errors=True)
                jobs2 = min(jobs2, run(*batch, "2"))
                again = min(again, run(*batch, "2"))
                shutil.rmtree(CACHE, ignore_errors=True)
                jobs1 = min(jobs1, run(*batch, "1"))
                c = time.process_time()
                for text in files:
                    tomllib.loads(text)
                parsed = min(parsed, time.process_time() - c)
                started = min(started, run(ASARA, "batch", str(single), "-f", "csv",
                                           "--jobs", "1", "--no-cache")[1])
            row(f"(b) batch --jobs 2, {games:,} cold games, wall / CPU",
                f"{jobs2[0]:.1f} / {jobs2[1]:.1f} s", "<= 15 s" if games == 10_000 else "")
            row("    the same folder again, from the cache, wall / CPU",
                f"{again[0]:.1f} / {again[1]:.1f} s")
            row("(d) batch --jobs 1 : --jobs 2 (wall)", f"{jobs1[0] / jobs2[0]:.2f}x",
                ">= 1.8")
            # what two free cores would give: the start (a batch of one file) runs alone,
            # the rest of --jobs 2's CPU (workers and the parent's share) is split in two
            free = jobs1[1] / (started + (jobs2[1] - started) / 2)
            row("    the same on two free cores, from CPU times", f"{free:.2f}x", ">= 1.8")
            row("    --jobs 2 : --jobs 1, CPU in all", f"{jobs2[1] / jobs1[1]:.2f}x")
            row("    --jobs 1, wall / CPU", f"{jobs1[0]:.1f} / {jobs1[1]:.1f} s")
            row("    --jobs 1, CPU a game : tomllib's parse of one",
                f"{jobs1[1] / parsed:.2f}x", "<= 1.0")
    finally:
        os.chdir(tempfile.gettempdir())
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(CACHE, ignore_errors=True)
    print(f"{'figure':<62}{'measured':>18}{'target':>10}")
    for what, measured, target in rows:
        print(f"{what:<62}{measured:>18}{target:>10}")
    # the seconds move with the machine: this says how fast it was during the run
    print(f"the machine: tomllib parses ASARA's game of (c) in {pw * 1e3:.1f} ms; the running "
          f"log of (e) is that game cut after {keep} events")


if __name__ == "__main__":
    main()
