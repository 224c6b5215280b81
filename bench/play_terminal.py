"""A move and a Tab in the table session (`asara play`) as a player meets them: through a
pseudo-terminal (pexpect, 80x40), the session in its own process (issue 29 point 9).

    python bench/play_terminal.py [--rounds 30]

The logs are those of `bench/play.py`: a 4-player ASARA pro game with both expansions cut
at event 99 (the move timed is the 100th) and a 4-player Yspahan game cut on its 20th day.
A session is opened on each at 80x40, and every round:

- **move**: the line is sent (`coloured`, `camels`: the first of bench/play.py's plain moves
  that is legal there); timed from the send to the move line numbered as the event
  (parse, check, write, describe: the figure the issue's 10 ms is about), and to the next
  prompt drawn (the line editor's redraw and its bottom toolbar on top);
- **Tab**: a Tab on the empty line of the new position, whose legal moves are listed afresh
  (once per position); timed from the send to the completion menu drawn with its first
  word (the issue's 20 ms; what the prompt drew before, its bottom toolbar too, is read
  first, untimed, so the word can only come from the menu), then Ctrl-C clears the line;
- **undo** and **redo**: `undo` takes the move back, `redo` brings it back, `undo` again
  puts the log back (that last one not timed), so every round records the same move at the
  same event; each timed from the send to its line (`undone: `, `redone: `), in CPU time
  too (the session steps through the positions it keeps: no replay of the log).

Printed per game: best and median of each, the ratio to its target, the load average, and
the one-shot command's time for the same move (best of 5, a fresh `asara` process that
reads and replays the log). Beside the wall time, the session's own CPU time (from /proc,
in clock ticks of 10 ms, so the mean over the rounds): what a busy machine does not add
to. Benchmarks are not tests: nothing here fails on a slow
machine.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pexpect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from play import TRIED, cut, quiet  # bench/ is not a package

from asara_cli.cli.session import Session
from asara_cli.logfile.game import log_to_text
from asara_cli.logfile.write import write_file

MOVE_TARGET_MS = 10.0
TAB_TARGET_MS = 20.0
CURSOR_QUESTION = "\x1b[6n"  # the line editor asks where the cursor is at each prompt


def _env(folder: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ASARA")}
    env.update(COLUMNS="80", LINES="40", TERM="xterm", XDG_STATE_HOME=str(folder / "state"),
               PYTHONIOENCODING="utf-8")
    return env


def _cpu(pid: int) -> float | None:
    """The session's CPU time so far (user + system, seconds; Linux's /proc, else ``None``).
    Its clock ticks are coarse (10 ms): summed over the rounds, they give the mean."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _prompt(child: pexpect.spawn) -> None:
    """Wait for a prompt, answering the cursor question as a terminal does."""
    child.expect_exact(CURSOR_QUESTION)
    child.send("\x1b[1;1R")
    child.expect_exact(">")


def _prepare(folder: Path, key: str, flags: frozenset[str], seed: int
             ) -> tuple[Path, str, int, str]:
    """The cut log, the move timed on it, its event number, and the first word a Tab on an
    empty line offers there (what the menu is waited for)."""
    header, events, n = cut(key, flags, seed)
    path = folder / f"{key}.toml"
    write_file(path, log_to_text(header, events[:n]))
    session = Session(path)
    line = None
    with quiet():
        for tried in TRIED[key]:
            if session.line(f"check {tried}") == 0:
                line = tried
                break
    if line is None:
        raise SystemExit(f"{key}: none of {TRIED[key]} is legal at event {n + 1}")
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from asara_cli.cli.table import TableCompleter

    first = next(iter(TableCompleter(session).get_completions(Document(""), CompleteEvent())))
    return path, line, n + 1, first.text


def measure(folder: Path, key: str, flags: frozenset[str], rounds: int, seed: int
            ) -> dict[str, Any]:
    path, line, event, first = _prepare(folder, key, flags, seed)
    numbered = re.compile(rf"#{event}\b")
    menu = re.compile(rf"m {re.escape(first)} ")  # a menu's entry, after its colours
    child = pexpect.spawn(sys.executable, ["-m", "asara_cli", "play", str(path)],
                          cwd=str(folder), env=_env(folder), dimensions=(40, 80),
                          encoding="utf-8", timeout=60)
    child.delaybeforesend = None  # pexpect waits 50 ms before each send unless told
    moved: list[float] = []
    prompted: list[float] = []
    tabs: list[float] = []
    cpu: dict[str, float] = {"move": 0.0, "tab": 0.0, "undo": 0.0, "redo": 0.0}
    steps: dict[str, list[float]] = {"undo": [], "redo": []}

    def used(what: str, since: float | None) -> None:
        now = _cpu(child.pid)
        if now is not None and since is not None:
            cpu[what] += now - since

    try:
        _prompt(child)
        for _ in range(rounds):
            start, before = time.perf_counter(), _cpu(child.pid)
            child.sendline(line)
            child.expect(numbered)
            moved.append(time.perf_counter() - start)
            used("move", before)
            child.expect_exact(CURSOR_QUESTION)
            prompted.append(time.perf_counter() - start)
            child.send("\x1b[1;1R")
            child.expect_exact(">")
            # what the prompt still draws (its bottom toolbar may hold the word waited for)
            # is read first, untimed: after the Tab, the word can only be the menu's
            child.expect(pexpect.TIMEOUT, timeout=0.3)
            child.buffer = ""  # a timeout leaves what it read in the buffer
            start, before = time.perf_counter(), _cpu(child.pid)
            child.send("\t")
            child.expect(menu)
            tabs.append(time.perf_counter() - start)
            used("tab", before)
            child.sendintr()  # the line cleared
            _prompt(child)
            for step, said in (("undo", "undone: "), ("redo", "redone: ")):
                start, before = time.perf_counter(), _cpu(child.pid)
                child.sendline(step)
                child.expect_exact(said)
                steps[step].append(time.perf_counter() - start)
                used(step, before)
                _prompt(child)
            child.sendline("undo")
            child.expect("undone: ")
            _prompt(child)
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.terminate(force=True)
    one_shot = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "asara_cli", *line.split(), "--log", str(path)],
                       capture_output=True, check=True, env=_env(folder))
        one_shot.append(time.perf_counter() - start)
        subprocess.run([sys.executable, "-m", "asara_cli", "undo", "--log", str(path)],
                       capture_output=True, check=True, env=_env(folder))
    ms = 1000.0
    return {"game": key, "event": event, "move": line, "tab_word": first,
            "move_best": min(moved) * ms, "move_median": statistics.median(moved) * ms,
            "prompt_best": min(prompted) * ms,
            "prompt_median": statistics.median(prompted) * ms,
            "tab_best": min(tabs) * ms, "tab_median": statistics.median(tabs) * ms,
            "one_shot": min(one_shot) * ms, "move_cpu": cpu["move"] / rounds * ms,
            "tab_cpu": cpu["tab"] / rounds * ms,
            **{f"{step}_median": statistics.median(times) * ms for step, times in steps.items()},
            **{f"{step}_cpu": cpu[step] / rounds * ms for step in steps}}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for key, flags in (("asara", frozenset({"pro", "gifts", "genie"})),
                           ("yspahan", frozenset())):
            load = os.getloadavg()[0]
            got = measure(Path(tmp), key, flags, args.rounds, args.seed)
            print(f"{got['game']} event {got['event']} `{got['move']}`, {args.rounds} rounds, "
                  f"load {load:.1f}:")
            print(f"  move to its line    best {got['move_best']:5.1f} ms, median "
                  f"{got['move_median']:5.1f} ms ({got['move_median'] / MOVE_TARGET_MS:.2f}x "
                  f"the {MOVE_TARGET_MS:.0f} ms target), CPU {got['move_cpu']:.1f} ms")
            print(f"  move to next prompt best {got['prompt_best']:5.1f} ms, median "
                  f"{got['prompt_median']:5.1f} ms")
            print(f"  Tab (list afresh)   best {got['tab_best']:5.1f} ms, median "
                  f"{got['tab_median']:5.1f} ms ({got['tab_median'] / TAB_TARGET_MS:.2f}x "
                  f"the {TAB_TARGET_MS:.0f} ms target; menu from `{got['tab_word']}`), CPU "
                  f"{got['tab_cpu']:.1f} ms")
            for step in ("undo", "redo"):
                print(f"  {step} to its line   median {got[f'{step}_median']:5.1f} ms, CPU "
                      f"{got[f'{step}_cpu']:.1f} ms ({got[f'{step}_cpu'] / MOVE_TARGET_MS:.2f}x "
                      f"the {MOVE_TARGET_MS:.0f} ms target)")
            print(f"  one-shot command    best {got['one_shot']:5.0f} ms "
                  f"({got['one_shot'] / got['move_median']:.0f}x the session's median)")


if __name__ == "__main__":
    main()
