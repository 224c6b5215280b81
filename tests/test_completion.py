"""Shell completion: Tab asks `asara` for candidates the way Typer's bash, zsh and fish scripts
do (``$_ASARA_COMPLETE`` and the words typed so far); the full app answers."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from asara_cli.cli import app

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
ASARA = Path(sys.executable).parent / "asara"

MOVES = ["buy", "build", "bank", "coloured", "bribe", "caliph", "recruit", "lighted",
         "display", "gifts", "checkpoint"]
COMMANDS = ["tally", "validate", "status", "score", "board", "simulate", "batch", "report",
            "new", *MOVES, "undo", "use", "check"]
COLOURS = ["brown", "green", "red", "black", "white"]
AREAS = ["base", "trunk", "window", "turret"]


def candidates(line: str, log: Path | str | None = None, shell: str = "bash") -> list[str]:
    """What the shell gets for a Tab at the end of ``line`` (a trailing space: a new word),
    through the full app in this process."""
    env: dict[str, str | None] = {"_ASARA_COMPLETE": f"complete_{shell}",
                                  "ASARA_LOG": None if log is None else str(log)}
    if shell == "bash":
        words = line.split()
        env["COMP_WORDS"] = line
        env["COMP_CWORD"] = str(len(words) if line.endswith(" ") else len(words) - 1)
    else:
        env["_TYPER_COMPLETE_ARGS"] = line
        env["_TYPER_COMPLETE_FISH_ACTION"] = "get-args"
    result = CliRunner().invoke(app, [], env=env, prog_name="asara")
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    return result.stdout.splitlines() if result.stdout.strip() else []


def shell(line: str, cwd: Path, log: Path | str | None = None,
          *args: str) -> subprocess.CompletedProcess[str]:
    """A Tab through the installed `asara` entry point, as bash's completion script runs it."""
    env = {k: v for k, v in os.environ.items() if k != "ASARA_LOG"}
    if log is not None:
        env["ASARA_LOG"] = str(log)
    words = line.split()
    env.update(_ASARA_COMPLETE="complete_bash", COMP_WORDS=line,
               COMP_CWORD=str(len(words) if line.endswith(" ") else len(words) - 1))
    return subprocess.run([str(ASARA), *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=60)


@pytest.fixture(autouse=True)
def _elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No `asara use` state file from the developer's folder."""
    monkeypatch.chdir(tmp_path)


# --- commands ---------------------------------------------------------------------------------


def test_commands() -> None:
    assert candidates("asara ") == COMMANDS
    assert candidates("asara b") == ["board", "batch", "buy", "build", "bank", "bribe"]
    assert candidates("asara check ") == MOVES
    assert "--install-completion" in candidates("asara --")


def test_the_entry_point_builds_every_command(tmp_path: Path) -> None:
    """`asara status` builds only itself, but not when the shell asks for completions."""
    result = shell("asara s", tmp_path, None, "status")
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.split() == ["status", "score", "simulate"]


def test_the_completion_scripts(tmp_path: Path) -> None:
    env = {**os.environ, "HOME": str(tmp_path),
           "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"}
    for name, marker in (("bash", "_ASARA_COMPLETE=complete_bash"),
                         ("zsh", "_ASARA_COMPLETE=complete_zsh"),
                         ("fish", "_ASARA_COMPLETE=complete_fish")):
        result = subprocess.run([str(ASARA), "--show-completion", name], env=env,
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 0 and marker in result.stdout, result.stderr
    result = subprocess.run([str(ASARA), "--install-completion", "bash"], env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    script = tmp_path / ".bash_completions" / "asara.sh"
    assert "complete_bash" in script.read_text("utf-8")
    assert f"source '{script}'" in (tmp_path / ".bashrc").read_text("utf-8")

