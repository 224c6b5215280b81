"""The README's recording tour runs as written, command by command."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from asara_cli.cli import app

README = Path(__file__).resolve().parent.parent / "README.md"


def tour() -> list[list[str]]:
    text = README.read_text("utf-8")
    block = text.split("### Record a game at the table", 1)[1].split("```sh", 1)[1]
    block = block.split("```", 1)[0]
    return [shlex.split(line, comments=True) for line in block.splitlines() if line.strip()]


def test_recording_tour_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ASARA_LOG", raising=False)
    commands = tour()
    assert len(commands) >= 8
    runner = CliRunner()
    for argv in commands:
        assert argv[0] == "asara"
        result = runner.invoke(app, argv[1:])
        assert result.exit_code == 0, (argv, result.output)
        assert "Traceback" not in result.output
    # 7 moves recorded (check writes nothing), the build undone and redone: 7 events, and
    # after Tina's build it is Paul's turn
    status = runner.invoke(app, ["status", "--json"])
    assert status.exit_code == 0
    assert '"turn": "Paul"' in status.stdout and '"events": 7' in status.stdout
