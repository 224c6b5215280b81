"""What the table session's tests share: the environment a session runs in (80x40, English
unless asked, its own history), a whole command run, and the wait for a player's prompt."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pexpect


def env(tmp_path: Path) -> dict[str, str]:
    """The environment of a command under test: no $ASARA_* of the machine's, a pinned
    80x40 terminal, the line editor's history kept under ``tmp_path``, and `cat` for the
    pager (a long screen printed whole, as before the session paged it)."""
    kept = {k: v for k, v in os.environ.items() if not k.startswith("ASARA")}
    kept.update(COLUMNS="80", LINES="40", TERM="xterm", XDG_STATE_HOME=str(tmp_path / "state"),
                PYTHONIOENCODING="utf-8", PAGER="cat")
    return kept


def asara(tmp_path: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``asara ARGS`` run in ``tmp_path``, ``stdin`` its input."""
    return subprocess.run([sys.executable, "-m", "asara_cli", *args], cwd=tmp_path,
                          env=env(tmp_path), input=stdin, capture_output=True, text=True,
                          timeout=120)


@contextmanager
def session(tmp_path: Path, *args: str) -> Iterator[pexpect.spawn]:
    """``asara ARGS`` at an 80x40 pseudo-terminal in ``tmp_path``, ended whatever the test
    did."""
    child = pexpect.spawn(sys.executable, ["-m", "asara_cli", *args], cwd=str(tmp_path),
                          env=env(tmp_path), dimensions=(40, 80), encoding="utf-8", timeout=60)
    try:
        yield child
    finally:
        child.terminate(force=True)


def prompt(child: pexpect.spawn, who: str) -> None:
    """Wait for the prompt naming ``who``, answering the line editor's question where the
    cursor is (a real terminal answers it; its answer lets the bottom toolbar be drawn)."""
    child.expect(r"\x1b\[6n")
    child.send("\x1b[1;1R")
    child.expect(f"{who}>")
