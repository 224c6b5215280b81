"""Recording is safe: the real `asara` console script, a SIGKILL in the middle of a write
leaves the old or the new log (never a broken one), and two recorders at once take turns
through the lock instead of losing a move."""

from __future__ import annotations

import os
import random
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from wrapped import messages

from asara_cli.games.asara.rules.engine import replay
from asara_cli.games.asara.rules.events import Coloured, Placement, Turn
from asara_cli.games.asara.rules.state import Setup
from asara_cli.logfile.game import LogHeader, load_log_board, read_log, write_log
from asara_cli.logfile.record import lock_path, locked

ASARA = Path(sys.executable).parent / "asara"

#: Runs the CLI with every fsync slowed down, so a kill or a second recorder lands in the
#: middle of a write (between the temporary file and the rename) rather than around it.
#: With FSYNC_SAYS set, each fsync first writes a byte to that file descriptor: the test
#: knows the temporary file is written without looking for it.
SLOW = (
    "import os, sys, time\n"
    "_fsync = os.fsync\n"
    "def slow(fd):\n"
    "    if 'FSYNC_SAYS' in os.environ:\n"
    "        os.write(int(os.environ['FSYNC_SAYS']), b'.')\n"
    "    time.sleep(float(os.environ['SLOW_FSYNC']))\n"
    "    _fsync(fd)\n"
    "os.fsync = slow\n"
    "from asara_cli.cli import main\n"
    "sys.argv[0] = 'asara'\n"
    "main()\n"
)


def run(*args: str, cwd: Path, env: dict[str, str] | None = None
        ) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, "COLUMNS": "100"} | (env or {})
    full.pop("ASARA_LOG", None)
    return subprocess.run([str(ASARA), *args], cwd=cwd, env=full, capture_output=True,
                          text=True, timeout=60)


def slow(*args: str, cwd: Path, delay: float, says: int | None = None
         ) -> subprocess.Popen[str]:
    env = {**os.environ, "SLOW_FSYNC": str(delay)}
    if says is not None:
        env["FSYNC_SAYS"] = str(says)
    env.pop("ASARA_LOG", None)
    return subprocess.Popen([sys.executable, "-c", SLOW, *args], cwd=cwd, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            pass_fds=() if says is None else (says,))


def valid_events(path: Path) -> tuple[object, ...]:
    log = read_log(path)
    result = replay(load_log_board(log), log.header.setup, log.events)
    assert result.valid, result.violations
    return log.events


@pytest.mark.skipif(not ASARA.exists(), reason="the console script is not installed")
def test_the_real_console_script_records_checks_refuses_and_undoes(tmp_path: Path) -> None:
    r = run("new", "game.toml", "--player", "Tina", "--player", "Paul", "--player", "Anna",
            cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "remembered in .asara-state.toml" in r.stderr
    r = run("buy", "Window", "black", "--card", "blue", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("Tina buys a black window for 6")
    r = run("check", "buy", "window", "red", "-c", "yellow", cwd=tmp_path)
    assert r.returncode == 1 and "[R2.1]" in r.stderr and "Traceback" not in r.stderr
    r = run("buy", "window", "red", "-c", "bl", "--dry-run", cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.startswith("legal, not recorded: Paul buys a red window")
    r = run("bank", "12", "-c", "red", "--player", "Paul", cwd=tmp_path)
    assert r.returncode == 0 and "Next: Anna" in r.stdout
    r = run("buy", "wood", "black", "-c", "blue", cwd=tmp_path)
    assert r.returncode == 2 and len(messages(r.stderr)) == 1 and "Traceback" not in r.stderr
    r = run("undo", cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.startswith("undone: Paul takes 12")
    r = run("validate", "game.toml", cwd=tmp_path)
    assert r.returncode == 0 and "1 events" in r.stdout
    r = run("--help", cwd=tmp_path)
    assert r.returncode == 0 and "undo" in r.stdout


def _new_game(tmp_path: Path) -> Path:
    """A 2-player game three moves in, written straight to the log: the tests below are about
    the moves they start as processes (`new` and recording through the real console script
    are the first test's)."""
    path = tmp_path / "game.toml"
    write_log(path, LogHeader(Setup(("Tina", "Paul"))),
              [Turn(Placement(p, None), Coloured()) for p in ("Tina", "Paul", "Tina")])
    assert len(valid_events(path)) == 3
    return path


@pytest.mark.slow  # 16 processes killed at chosen moments: 5-6 s
def test_a_kill_during_a_write_leaves_the_old_or_the_new_log(tmp_path: Path) -> None:
    path = _new_game(tmp_path)
    rng = random.Random(4)
    events = valid_events(path)
    delay = 0.15
    hit_mid_write = 0
    for i in range(16):
        said, says = os.pipe()
        proc = slow("coloured", "--log", "game.toml", cwd=tmp_path, delay=delay, says=says)
        os.close(says)
        # the random moments below are where the kill lands, not a wait for anything
        if i % 4 == 3:  # now and then a kill at a random moment, startup included
            time.sleep(rng.uniform(0.0, 0.8))
        else:  # mostly once the temporary file is there: in the middle of the write
            # its first fsync says so ("" if it ended first); then a moment into the write
            if (select.select([said], [], [], 60)[0] and os.read(said, 1)
                    and proc.poll() is None):
                hit_mid_write += 1
            time.sleep(rng.uniform(0.0, delay * 1.3))
        proc.send_signal(signal.SIGKILL)
        proc.communicate()
        os.close(said)
        now = valid_events(path)  # always a whole, legal log
        assert now in (events, (*events, now[-1]))
        if len(now) > len(events):
            assert isinstance(now[-1], Turn) and isinstance(now[-1].action, Coloured)
        events = now
    assert hit_mid_write >= 8
    # the lock died with the killed processes: recording goes on at once
    r = run("coloured", "--log", "game.toml", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert len(valid_events(path)) == len(events) + 1


def test_two_recorders_at_once_take_turns_and_lose_nothing(tmp_path: Path) -> None:
    path = _new_game(tmp_path)
    before = len(valid_events(path))
    procs = [slow("coloured", "--log", "game.toml", cwd=tmp_path, delay=0.1)
             for _ in range(6)]
    results = [p.communicate(timeout=60) for p in procs]
    assert [p.returncode for p in procs] == [0] * 6, results
    events = valid_events(path)
    assert len(events) == before + 6
    numbers = sorted(int(re.findall(r"event #(\d+)", out)[0]) for out, _ in results)
    assert numbers == list(range(before + 1, before + 7))


def test_a_recorder_waits_while_another_holds_the_lock(tmp_path: Path) -> None:
    path = _new_game(tmp_path)
    before = path.read_bytes()
    with locked(path):
        proc = subprocess.Popen([str(ASARA), "coloured", "--log", "game.toml"], cwd=tmp_path,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert proc.stderr is not None
        # it says it waits as it starts to (a line, or "" if it ended without waiting)
        said = proc.stderr.readline()
        assert proc.poll() is None, said  # still waiting for the lock
        assert path.read_bytes() == before
    out, err = proc.communicate(timeout=30)
    err = said + err
    assert proc.returncode == 0, err
    assert "; event #4" in out
    # said at once, not after 15 silent seconds (issue 10)
    assert err.startswith("another asara is recording into game.toml; waiting")
    assert lock_path(path).name == ".game.toml.lock"


def test_a_failed_rename_leaves_the_previous_log(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from asara_cli.cli import app

    path = _new_game(tmp_path)
    before = path.read_bytes()

    def crash(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    result = CliRunner().invoke(app, ["coloured", "--log", str(path)])
    assert result.exit_code == 2
    assert result.stderr == "error: No space left on device; the log was not changed\n"
    assert path.read_bytes() == before
    assert not list(tmp_path.glob(".game.toml.*.tmp"))
