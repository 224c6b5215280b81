"""Trust, third pass (issue 27): no input reaches an internal error. Number words read by one
ASCII reader, board profiles that name their game, CSV and markdown cells that escape what a
terminal or a renderer would obey, Ctrl-C at once, and a game's total size bounded
(docs/reliability.md names the test for each promise)."""

from __future__ import annotations

import csv
import io
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from asara_cli.cli import run

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_games"


def _club_with(tmp_path: Path, replace: tuple[str, str]) -> Path:
    """A folder holding the two-player sample with one replacement made in its text."""
    club = tmp_path / "club"
    club.mkdir()
    text = (SAMPLES / "two-player-basic.toml").read_text("utf-8")
    assert replace[0] in text
    (club / "game.toml").write_text(text.replace(*replace, 1), "utf-8")
    return club


# --- CSV and markdown cells ----------------------------------------------------------------


def test_csv_cells_escape_line_breaks_and_control_characters(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # a place holding a line break, a carriage return and a tab would start a line that looks
    # like a row of its own when the file is read in a terminal (quoted or not)
    club = _club_with(tmp_path, ("format = 1\n", 'format = 1\nplace = "Caf\\n'
                                 'forged,row\\r\\tend"\n'))
    assert run(["batch", str(club), "-f", "csv", "--no-cache"]) == 0
    out = capsys.readouterr().out
    rows = list(csv.reader(io.StringIO(out.removeprefix("\ufeff"), newline="")))
    assert len(rows) == 3  # the header and one row per player
    places = {row[rows[0].index("place")] for row in rows[1:]}
    assert places == {"Caf\\nforged,row\\r\\tend"}
    # no line break but the rows' own, and no tab anywhere
    assert out.count("\n") == out.count("\r") == len(rows) and "\t" not in out


def test_markdown_cells_neutralise_link_syntax(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    link = "[click me](javascript:alert(1))"
    club = _club_with(tmp_path, ('"Tina"', '"Tina"'))
    text = (club / "game.toml").read_text("utf-8")
    text = text.replace('"Tina"', f'"{link}"').replace(" Tina = ", f' "{link}" = ')
    (club / "game.toml").write_text(text, "utf-8")
    assert run(["batch", str(club), "-f", "markdown", "--no-cache"]) == 0
    out = capsys.readouterr().out
    assert "\\[click me\\](javascript:alert(1))" in out
    assert "[click me]" not in out.replace("\\[click me\\]", "")
    # a backslash in a name cannot undo the escape after it: `\[` and `\|` stay escaped
    from asara_cli.render.batch import _md

    assert _md("\\[x](y)") == "\\\\\\[x\\](y)" and _md("a\\|b") == "a\\\\\\|b"


# --- Ctrl-C as the entry point loads ------------------------------------------------------

_INTERRUPTED = b"interrupted (Ctrl-C); no file was changed\n"


def _sigint_default() -> None:
    """In the child before it runs Python: Ctrl-C as a terminal delivers it (not ignored,
    whatever the test's parent left), so Python sets its own handler at start."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _child(code: str, *args: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "100"}
    env.pop("ASARA_LOG", None)
    return subprocess.run([sys.executable, *(["-c", code] if code else []), *args],
                          capture_output=True, timeout=60, env=env, cwd=ROOT / "docs",
                          preexec_fn=_sigint_default)


def test_ctrl_c_at_any_import_of_the_entry_point_is_one_line() -> None:
    # A Ctrl-C lands at each import the entry point's module makes, but the imports of
    # modules built into the interpreter (which read no file and take no time): the handler
    # must be set before the first of those imports, so each interrupt is answered in one
    # line and exit 130 (before the fix, `import signal` came first: a traceback)
    code = ("import builtins, os, signal, sys\n"
            "real = builtins.__import__\n"
            "def landing(name, globals=None, *args, **kwargs):\n"
            "    if ((globals or {}).get('__name__') == 'asara_cli.__main__'\n"
            "            and name not in sys.builtin_module_names):\n"
            "        os.kill(os.getpid(), signal.SIGINT)\n"
            "    return real(name, globals, *args, **kwargs)\n"
            "builtins.__import__ = landing\n"
            "sys.argv = ['asara', 'status']\n"
            "from asara_cli.__main__ import main\n"
            "main()\n")
    r = _child(code)
    assert (r.returncode, r.stderr) == (130, _INTERRUPTED)


def test_ctrl_c_at_once_is_one_line_or_nothing() -> None:
    # a real Ctrl-C sent the moment the command starts: wherever it lands, one line and exit
    # 130, or a finished command (here: which log? exit 2), or, when it lands before Python
    # answers Ctrl-C at all, the process ended by the signal with nothing written; never a
    # traceback
    for _ in range(5):
        env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "100"}
        env.pop("ASARA_LOG", None)
        p = subprocess.Popen([sys.executable, "-m", "asara_cli", "status"], env=env,
                             cwd=ROOT / "docs", stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, preexec_fn=_sigint_default)
        p.send_signal(signal.SIGINT)
        _, err = p.communicate(timeout=60)
        assert b"Traceback" not in err, err
        assert ((p.returncode, err) == (130, _INTERRUPTED)
                or (p.returncode == 2 and err.startswith(b"error: which log?"))
                or (p.returncode == -signal.SIGINT and err == b"")), (p.returncode, err)
