"""Atomic writes keep a log's permissions: the temporary file is private until renamed."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from asara_cli.games.asara.rules.events import Coloured, Placement, Turn
from asara_cli.games.asara.rules.state import Setup
from asara_cli.logfile.game import LogHeader, append_event, write_log
from asara_cli.logfile.record import undo


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_new_log_gets_the_usual_permissions_and_writes_keep_them(tmp_path: Path) -> None:
    mask = os.umask(0o022)
    try:
        path = tmp_path / "game.toml"
        write_log(path, LogHeader(Setup(("Tina", "Paul"))), ())
        assert mode(path) == 0o644  # 0666 less the umask 022, not mkstemp's 0600
        path.chmod(0o640)
        append_event(path, Turn(Placement("Tina", None), Coloured()))
        assert mode(path) == 0o640
        undo(path)
        assert mode(path) == 0o640
        assert not list(tmp_path.glob(".game.toml.*.tmp"))
    finally:
        os.umask(mask)
