"""The session, second pass (issue 36): hostile input at every entry. A log that is not UTF-8
and a bad ``$ASARA_GAMES`` are unusable input (exit 2) wherever they reach; Ctrl-C at any
moment of the start is one line; no message writes a control character a terminal obeys
(docs/reliability.md names the test for each promise)."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from wrapped import unwrap

from asara_cli.cli import run

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_games"

# --- no raw control characters in any message --------------------------------------------

#: What a terminal obeys and Click leaves raw: a right-to-left override, the isolates, the
#: line and paragraph separators (C0, C1 and ESC Click escapes itself).
OBEYED = "\u202e\u2066\u2067\u2068\u2069\u2028\u2029"
HOSTILE = f"x{OBEYED}\x1b[31my\x85"


@pytest.mark.parametrize("args", [
    ["board", HOSTILE],  # an unexpected extra argument
    ["status", f"--bo{HOSTILE}"],  # no such option
    ["status", "--at", HOSTILE],  # a value that is not a number
    [f"st{HOSTILE}"],  # no such command
    ["board", "--format", HOSTILE],  # not one of the choices
])
def test_usage_errors_escape_what_a_terminal_obeys(
        args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert run(args) == 2
    said = capsys.readouterr().err
    assert "Error: " in said
    assert not set(said) & set(OBEYED + "\x1b\x85"), ascii(said)
    assert "\\u202e" in said and "\\u2029" in said


# --- a log that is not UTF-8: exit 2, and its own game named --------------------------------


def _new(tmp_path: Path, game: list[str]) -> Path:
    """A new log of the game."""
    log = tmp_path / "spoilt.toml"
    assert run(["new", str(log), "--no-use", "-p", "Tina", "-p", "Paul", "-p", "Anna",
                *game]) == 0
    return log


def _spoilt(tmp_path: Path, game: list[str]) -> Path:
    """A new log of the game with a byte that is not UTF-8 in a comment after its header."""
    log = _new(tmp_path, game)
    log.write_bytes(log.read_bytes() + b"# caf\xe9\n")
    return log


@pytest.mark.parametrize(("game", "move"), [
    ([], ["buy", "base", "black", "-c", "blue"]),
    (["--game", "yspahan"], ["roll", "1", "1", "3", "3", "5", "5", "6", "6", "6"]),
])
@pytest.mark.parametrize("command", ["play", "move", "status", "validate"])
def test_a_log_that_is_not_utf8_is_unusable_input_everywhere(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        game: list[str], move: list[str], command: str) -> None:
    log = _spoilt(tmp_path, game)
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # play: the moves of an empty pipe
    args = ([*move, "--log", str(log)] if command == "move" else [command, str(log)])
    assert run(args) == 2
    said = unwrap(capsys.readouterr().err)
    # the real mistake, with its line; never an internal error, never the other game blamed
    assert said == f"error: {log}:{len(log.read_text('latin-1').splitlines())}: not UTF-8 " \
                   "text\n", said


@pytest.mark.parametrize(("game", "said"), [
    (b'"nosuch"', "game: no game called 'nosuch'; asara-cli knows asara, yspahan"),
    (b'"ysp\xffahan"', "not UTF-8 text"),  # the byte in the game's name itself
])
@pytest.mark.parametrize("command", ["play", "status"])
def test_a_log_of_no_known_game_is_unusable_input(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        game: bytes, said: str, command: str) -> None:
    log = _new(tmp_path, ["--game", "yspahan"])
    log.write_bytes(log.read_bytes().replace(b'"yspahan"', game, 1))
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert run([command, str(log)]) == 2  # before: play said an internal error, exit 3
    assert unwrap(capsys.readouterr().err) == f"error: {log}:3: {said}\n"


# --- $ASARA_GAMES: every mistake in it is the user's to fix -------------------------------

#: Modules a registration may name, by name: their text.
MODULES = {
    "raising": "raise RuntimeError('a game half written')\n",
    "dividing": "x = 1 / 0\n",
    "importing": "import no_such_module_of_games_anywhere\n",
    "number": "GAME = 42\n",
    "classy": "from asara_cli.games.asara import Asara\nGAME = Asara\n",
    "gameless": "NAME = 'dice'\n",
}

#: Registrations that give no game: a relative module name, a module that fails to import
#: (whatever it raises), a GAME that is not a game.
REGISTRATIONS = [".relative", "..", "pkg..twice", "-dash", *(f"hostile_{m}" for m in MODULES)]

#: Every command that reaches the registered games.
GAME_COMMANDS = [
    ["--help"],
    ["new", "{dir}/n.toml", "--game", "dice", "-p", "A", "-p", "B"],
    ["batch", "{dir}"],
    ["board", "--game", "dice"],
    ["simulate", "--game", "dice", "-n", "1", "-o", "{dir}/out"],
]


@pytest.mark.parametrize("module", REGISTRATIONS)
def test_a_registration_that_gives_no_game_is_exit_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        module: str) -> None:
    for name, text in MODULES.items():
        (tmp_path / f"hostile_{name}.py").write_text(text, "utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("ASARA_GAMES", f"dice={module}")
    for args in GAME_COMMANDS:
        capsys.readouterr()
        code = run([a.format(dir=tmp_path) for a in args])
        said = unwrap(capsys.readouterr().err)
        assert (code, said.count("\n")) == (2, 1), (args, code, said)
        assert said.startswith("error: $ASARA_GAMES: ") and "internal error" not in said
        sys.modules.pop(module, None)


# --- Ctrl-C at any moment of the start ----------------------------------------------------

_INTERRUPTED = b"interrupted (Ctrl-C); no file was changed\n"


def _sigint_default() -> None:
    """In the child: Ctrl-C as a terminal delivers it, whatever the test's parent left."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _landing_at(k: int) -> subprocess.CompletedProcess[bytes]:
    """``asara status SAMPLE`` with a real SIGINT sent at the ``k``-th import statement run
    after the entry point's module is loaded (its own handler set, as the launcher leaves
    it): the first are ``main()``'s and ``run()``'s own, before the boundary is in place."""
    code = ("import builtins, os, signal, sys\n"
            "sys.argv = ['asara', 'status', sys.argv[1]]\n"
            "from asara_cli.__main__ import main\n"
            "import asara_cli.cli\n"
            "real, count = builtins.__import__, [0]\n"
            "def landing(*args, **kwargs):\n"
            "    count[0] += 1\n"
            f"    if count[0] == {k}:\n"
            "        os.kill(os.getpid(), signal.SIGINT)\n"
            "    return real(*args, **kwargs)\n"
            "builtins.__import__ = landing\n"
            "main()\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "80"}
    env.pop("ASARA_LOG", None)
    return subprocess.run([sys.executable, "-c", code, str(SAMPLES / "two-player-basic.toml")],
                          capture_output=True, timeout=60, env=env, cwd=ROOT / "docs",
                          preexec_fn=_sigint_default)


# 80: under 3.13, from an installed wheel, imports 66-95 are pathlib's own: a Ctrl-C there
# left pathlib unable to load again (a NameError) when the answer imported the log writer
@pytest.mark.parametrize("k", [1, 2, 3, 4, 6, 30, 80, 150, 300])
def test_ctrl_c_at_main_and_runs_first_imports_is_one_line(k: int) -> None:
    # 1 is main()'s import of run (the entry point's handler answers); 2 on are run()'s
    # first imports, before its try (before the fix: a KeyboardInterrupt traceback); later
    # ones land anywhere in the command, or after it finished
    r = _landing_at(k)
    assert b"Traceback" not in r.stderr, r.stderr
    assert (r.returncode, r.stderr) == (130, _INTERRUPTED) or (
        r.returncode == 0 and r.stderr == b""), (k, r.returncode, r.stderr)


def test_the_interrupted_line_is_written_when_the_console_cannot_load(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # an earlier Ctrl-C may leave typer half imported (its Click without ``core``): loading
    # the console then fails with an AttributeError, and the line must still be one line
    from asara_cli.cli import _interrupted
    from asara_cli.logfile import write

    monkeypatch.setattr(write, "WRITTEN", [])  # no file written by an earlier test
    monkeypatch.setitem(sys.modules, "asara_cli.cli.common", None)  # its import fails
    assert _interrupted() == 130
    assert capsys.readouterr().err == _INTERRUPTED.decode()


def test_the_interrupted_line_imports_nothing_that_an_interrupted_import_broke(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # the Ctrl-C came before the log writer loaded (so nothing was written), amid an import
    # that now fails again (3.13's pathlib, half made): the answer must not load either
    from asara_cli.cli import _interrupted

    monkeypatch.delitem(sys.modules, "asara_cli.logfile.write", raising=False)
    monkeypatch.setitem(sys.modules, "pathlib", None)  # any import of it fails
    monkeypatch.setitem(sys.modules, "asara_cli.cli.common", None)  # the console's too
    assert _interrupted() == 130
    assert capsys.readouterr().err == _INTERRUPTED.decode()
