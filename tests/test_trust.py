"""Nothing in a file can crash, hang or take over the terminal, and no recorded game is lost
or silently redirected (issue: trust; docs/reliability.md lists what each test proves)."""

from __future__ import annotations

import json
import os
import random
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from wrapped import messages, unwrap

from asara_cli.cli import EXIT_INTERNAL, EXIT_INTERRUPTED, run
from asara_cli.games.asara.rules.events import Coloured, Placement, Turn
from asara_cli.games.asara.rules.state import Setup
from asara_cli.logfile.game import LogHeader, log_to_text, read_log
from asara_cli.logfile.write import WRITTEN

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_games"
EVIL = "\u001b[2J\u001b[31mEvil\u202e\u001b]0;pwned\u0007"


def unwrapped(text: bytes) -> bytes:
    """What the wrapping console printed, each message joined back into one line."""
    return unwrap(text.decode("utf-8", "surrogateescape")).encode("utf-8", "surrogateescape")


def one_message(text: bytes) -> bool:
    """``text`` is one message (however the console's width wrapped it), one line ended."""
    return unwrapped(text).count(b"\n") == 1



def asara(*args: str, cwd: Path, env: dict[str, str] | None = None
          ) -> subprocess.CompletedProcess[bytes]:
    """The real command, raw bytes out (no terminal, so rich adds no styles itself)."""
    full = {**os.environ, **(env or {}), "COLUMNS": "100"}
    full.pop("ASARA_LOG", None) if env is None or "ASARA_LOG" not in env else None
    return subprocess.run([sys.executable, "-m", "asara_cli", *args], cwd=cwd,
                          capture_output=True, timeout=60, env=full)


def game(tmp_path: Path, players: tuple[str, ...] = ("Tina", "Paul")) -> Path:
    path = tmp_path / "game.toml"
    path.write_text(log_to_text(LogHeader(Setup(players)), [
        Turn(Placement(players[0], None), Coloured())]), "utf-8")
    return path


# --- one error boundary --------------------------------------------------------------------


def test_an_unexpected_exception_is_one_line_and_exit_3(monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    import asara_cli.cli.game as game_cmd

    def boom(*args: object, **kwargs: object) -> None:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(game_cmd, "replay_file", boom)
    code = run(["validate", str(SAMPLES / "two-player-basic.toml")])
    err = capsys.readouterr().err
    assert code == EXIT_INTERNAL == 3
    assert len(messages(err)) == 1 and "internal error (ZeroDivisionError" in err
    assert "please report it" in unwrap(err) and "Traceback" not in err


def test_ctrl_c_says_whether_the_log_changed(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    import asara_cli.cli.formats as game_cmd  # where status replays the log

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(game_cmd, "replay_file", interrupted)
    WRITTEN.clear()
    assert run(["status", str(SAMPLES / "two-player-basic.toml")]) == EXIT_INTERRUPTED == 130
    assert capsys.readouterr().err == "interrupted (Ctrl-C); no file was changed\n"


@pytest.mark.parametrize("args", [
    ["coloured", "-l", "."], ["coloured", "-l", "/"], ["coloured", "-l", ""],
    ["new", ".", "-p", "A", "-p", "B"], ["undo", "-l", "."],
    ["board", "--toml", "--board", "missing.toml"], ["use", "/"],
])
def test_reproducers_are_one_line_and_exit_2(tmp_path: Path, args: list[str]) -> None:
    r = asara(*args, cwd=tmp_path)
    assert r.returncode == 2, r.stderr
    assert one_message(r.stderr) and r.stderr.startswith(b"error: ")
    assert not list(tmp_path.glob(".*.lock"))


@pytest.mark.parametrize("text", [
    "a = " + "[" * 500,  # RecursionError in tomllib without the nesting cap
    'format = 1\nplayers = ["A", "B"]\nstart = "A"\nvariant = []\n',
    'format = 1\nplayers = ["A", "B"]\nstart = "A"\n[[event]]\ntype = []\n',
    'format = 1\nplayers = ["A", "B"]\nstart = []\n',
    'format = 1\nplayers = ["A", "B"]\nstart = "A"\nboard = "/dev/zero"\n',
    'format = 1\nplayers = ["A", "B"]\nstart = "A"\nboard = "."\n',
])
def test_hostile_logs_are_input_errors(tmp_path: Path, text: str) -> None:
    (tmp_path / "x.toml").write_text(text, "utf-8")
    for command in ("validate", "status", "score"):
        r = asara(command, "x.toml", cwd=tmp_path)
        assert r.returncode == 2, (command, r.stderr)
        assert b"Traceback" not in r.stderr and r.stderr.startswith(b"error: ")


def test_a_fifo_or_device_is_refused_at_once(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "f.toml")
    started = time.monotonic()
    r = asara("validate", "f.toml", cwd=tmp_path)
    assert r.returncode == 2 and b"not a regular file" in r.stderr
    assert time.monotonic() - started < 30
    r = asara("tally", "/dev/zero", cwd=tmp_path)
    assert r.returncode == 2 and b"not a regular file" in r.stderr


def test_a_huge_board_number_is_refused(tmp_path: Path) -> None:
    profile = (ROOT / "asara_cli" / "data" / "standard.toml").read_text("utf-8")
    (tmp_path / "big.toml").write_text(profile.replace("spaces = 4 ", "spaces = 100000000 ",
                                                       1), "utf-8")
    r = asara("board", "--board", "big.toml", cwd=tmp_path)
    assert r.returncode == 2 and b"at most 1000" in r.stderr


def test_a_million_violations_are_capped_in_human_output(tmp_path: Path) -> None:
    events = "".join('[[event]]\ntype = "coloured"\nplayer = "B"\n' for _ in range(3000))
    (tmp_path / "x.toml").write_text(
        f'format = 1\nplayers = ["A", "B"]\nstart = "A"\n{events}', "utf-8")
    r = asara("validate", "x.toml", cwd=tmp_path)
    assert r.returncode == 1
    assert r.stderr.count(b"\n") < 30 and b"more (--json lists them all)" in r.stderr


# --- text from files is shown, never obeyed -----------------------------------------------


def test_hostile_names_are_refused_where_first_written(tmp_path: Path) -> None:
    r = asara("new", "g.toml", "-p", EVIL, "-p", "Bob", cwd=tmp_path)
    assert r.returncode == 2 and b"\x1b" not in r.stderr and b"\\x1b" in r.stderr
    assert not (tmp_path / "g.toml").exists()
    (tmp_path / "s.toml").write_text(
        f'[[players]]\nname = "{EVIL.encode("unicode_escape").decode()}"\n'
        '[[players]]\nname = "Bob"\n'.replace("\\x1b", "\\u001b").replace("\\u202e", "\\u202E")
        .replace("\\x07", "\\u0007"), "utf-8")
    r = asara("tally", "s.toml", cwd=tmp_path)
    assert r.returncode == 2 and b"\x1b" not in r.stderr + r.stdout
    path = tmp_path / "x.toml"
    path.write_text('format = 1\nplayers = ["\\u001b[2JEvil", "Bob"]\nstart = "Bob"\n', "utf-8")
    for command in ("validate", "status", "score"):
        r = asara(command, "x.toml", cwd=tmp_path)
        assert r.returncode == 2 and b"\x1b" not in r.stderr + r.stdout


def test_a_newline_in_a_name_cannot_forge_a_line(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    path.write_text('format = 1\nplayers = ["Tina\\nok: x.toml: Mallory wins", "Bob"]\n'
                    'start = "Bob"\n', "utf-8")
    r = asara("validate", "x.toml", cwd=tmp_path)
    assert r.returncode == 2 and b"Mallory wins" not in r.stdout
    assert one_message(r.stderr)


def test_control_characters_in_notes_and_paths_are_escaped(tmp_path: Path) -> None:
    from asara_cli.core.shown import safe_text

    assert safe_text("a\x1b[2Jb\u202ec\x9b") == "a\\x1b[2Jb\\u202ec\\x9b"
    assert safe_text("plain\ttext\n") == "plain\ttext\n"
    weird = tmp_path / "g\x1b[31m.toml"
    weird.write_text("nonsense = [", "utf-8")
    r = asara("validate", weird.name, cwd=tmp_path)
    assert r.returncode == 2 and b"\x1b" not in r.stderr and b"\\x1b[31m" in r.stderr


def test_json_text_escapes_exactly_the_control_and_format_characters() -> None:
    from asara_cli.render.safe import json_text

    data = {"k": "\x7f\x85\u202e\u2028\U000e0001 é ♛ \U0001f600 \x1b"}
    text = json_text(data, indent=None)
    assert text == ('{"k": "\\u007f\\u0085\\u202e\\u2028\\udb40\\udc01 é ♛ \U0001f600 '
                    '\\u001b"}')
    assert json.loads(text) == data


def test_batch_shows_a_hostile_file_name_and_place_in_every_format(tmp_path: Path) -> None:
    # a valid game under a file name and a place holding escape sequences: every format
    # people read shows them escaped; JSON encodes them as \u001b
    text = (ROOT / "sample_games" / "two-player-basic.toml").read_text("utf-8").replace(
        'format = 1\n', 'format = 1\nplace = "Caf\\u001b[2J\\u202e"\n', 1)
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / "g\x1b[31m.toml").write_text(text, "utf-8")
    for fmt in ("table", "markdown", "csv", "json", "bgstats"):
        r = asara("batch", "club", "-f", fmt, "--no-cache", cwd=tmp_path)
        assert r.returncode == 0, (fmt, r.stderr)
        out = r.stdout + r.stderr
        assert b"\x1b" not in out and "\u202e".encode() not in out, fmt
    r = asara("batch", "club", "-f", "csv", "--no-cache", cwd=tmp_path)
    assert b"g\\x1b[31m.toml" in r.stdout and b"Caf\\x1b[2J\\u202e" in r.stdout
    # JSON keeps a file's text exact (its escapes read back as the very characters); a file
    # name is shown as everywhere else (render/shown.py), since one that is not UTF-8 has
    # no exact JSON form
    r = asara("batch", "club", "-f", "json", "--no-cache", cwd=tmp_path)
    game = json.loads(r.stdout)["games"][0]
    assert game["place"] == "Caf\x1b[2J\u202e" and game["file"].endswith("g\\x1b[31m.toml")


# --- writes like a database's --------------------------------------------------------------


def test_a_read_only_log_is_refused_not_rewritten(tmp_path: Path) -> None:
    # whoever runs it: root may write any file, but a file nobody may write is refused
    path = game(tmp_path)
    path.chmod(0o444)
    before = path.read_bytes()
    r = asara("coloured", "-l", "game.toml", cwd=tmp_path)
    assert r.returncode == 2 and b"read-only" in r.stderr, r.stderr
    assert one_message(r.stderr)
    assert path.read_bytes() == before
    path.chmod(0o644)


def test_read_only_is_judged_by_the_mode_bits(tmp_path: Path) -> None:
    # no os.access patched: as root os.access says every file is writable, so this fails
    # for root where the check asks os.access alone
    from asara_cli.errors import InputError
    from asara_cli.logfile.write import write_file

    path = tmp_path / "f.toml"
    path.write_text("a = 1\n", "utf-8")
    path.chmod(0o444)
    with pytest.raises(InputError, match="read-only"):
        write_file(path, "a = 2\n")
    assert path.read_text("utf-8") == "a = 1\n"


def test_a_symlinked_log_is_written_through(tmp_path: Path) -> None:
    real = game(tmp_path)
    (tmp_path / "link.toml").symlink_to(real.name)
    r = asara("coloured", "-l", "link.toml", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "link.toml").is_symlink()
    assert len(read_log(real).events) == 2  # the real log got the move


def test_the_lock_never_follows_a_link(tmp_path: Path) -> None:
    game(tmp_path)
    (tmp_path / ".game.toml.lock").symlink_to(tmp_path / "victim")
    r = asara("coloured", "-l", "game.toml", cwd=tmp_path)
    assert r.returncode == 2 and b"symbolic link" in r.stderr
    assert not (tmp_path / "victim").exists()


def test_stale_temporary_files_are_cleaned(tmp_path: Path) -> None:
    game(tmp_path)
    stale = tmp_path / ".game.toml.abc123.tmp"
    stale.write_text("half a log", "utf-8")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    fresh = tmp_path / ".game.toml.def456.tmp"  # another writer at work right now
    fresh.write_text("being written", "utf-8")
    assert asara("coloured", "-l", "game.toml", cwd=tmp_path).returncode == 0
    assert not stale.exists() and fresh.exists()


def test_new_says_what_changed_when_the_state_file_cannot_be_written(tmp_path: Path) -> None:
    (tmp_path / ".asara-state.toml").mkdir()  # the state file cannot be replaced
    r = asara("new", "g.toml", "-p", "A", "-p", "B", cwd=tmp_path)
    assert r.returncode == 2
    assert b"g.toml was created, but it could not be remembered" in r.stderr
    assert (tmp_path / "g.toml").exists()


def test_use_leaves_no_temporary_file(tmp_path: Path) -> None:
    game(tmp_path)
    assert asara("use", "game.toml", cwd=tmp_path).returncode == 0
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    mode = stat.S_IMODE((tmp_path / ".asara-state.toml").stat().st_mode)
    assert mode & 0o600 == 0o600


# --- one name rule ----------------------------------------------------------------------------


def test_tina_and_tina_cannot_share_a_game(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    path.write_text('format = 1\nplayers = ["Tina", "tina"]\nstart = "Tina"\n', "utf-8")
    r = asara("validate", "x.toml", cwd=tmp_path)
    assert r.returncode == 2 and b"same name" in r.stderr
    path.write_text('format = 1\nplayers = ["Tina", "Paul"]\nstart = "tina"\n'
                    '[[event]]\ntype = "checkpoint"\nprestige = { TINA = 0, paul = 0 }\n',
                    "utf-8")
    r = asara("validate", "x.toml", cwd=tmp_path)
    assert r.returncode == 0, r.stderr  # "tina" and "TINA" mean Tina


# --- a seeded mutation fuzzer: only the project's own errors -----------------------------------


def _mutations(text: str, rng: random.Random, n: int) -> list[str]:
    lines = text.splitlines(keepends=True)
    tokens = ["[", "]", "{", "}", '"', "=", "\n", "[[event]]\n", "type = []\n", "-1", "1e9",
              "\x1b[2J", "\u202e", "true", "[[players]]\n", "9" * 30, "\\", "'''"]
    out = []
    for _ in range(n):
        ls = list(lines)
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(ls))
            what = rng.random()
            if what < 0.3:
                del ls[i]
            elif what < 0.6:
                ls.insert(i, ls[rng.randrange(len(ls))])
            else:
                pos = rng.randrange(len(ls[i]) + 1)
                ls[i] = ls[i][:pos] + rng.choice(tokens) + ls[i][pos:]
        out.append("".join(ls))
    return out


@pytest.mark.parametrize("sample,commands", [
    ("two-player-basic.toml", (("validate",), ("status",), ("score", "--json"))),
    ("four-player-pro.toml", (("validate", "--json"),)),
    ("rulebook-example.sheet.toml", (("tally",),)),
    ("../asara_cli/data/standard.toml", (("board", "--board"),)),
])
def test_mutated_files_give_only_the_projects_own_errors(tmp_path: Path, sample: str,
                                                         commands: tuple[tuple[str, ...], ...]
                                                         ) -> None:
    from typer.testing import CliRunner

    from asara_cli.cli import app

    rng = random.Random(f"asara-{sample}")
    text = (SAMPLES / sample).read_text("utf-8")
    runner = CliRunner()
    for i, mutated in enumerate(_mutations(text, rng, 40)):
        path = tmp_path / f"m{i}.toml"
        path.write_text(mutated, "utf-8")
        for command in commands:
            result = runner.invoke(app, [*command, str(path)])
            assert result.exit_code in (0, 1, 2), (command, mutated, result.exception)
            assert result.exception is None or isinstance(result.exception, SystemExit), (
                command, i, repr(result.exception))


def test_a_mutated_state_file_is_an_input_error(tmp_path: Path) -> None:
    game(tmp_path)
    for text in ("log = [", "log = 3", "log = ''", "[[[[", 'log = "/dev/zero"'):
        (tmp_path / ".asara-state.toml").write_text(text, "utf-8")
        r = asara("status", cwd=tmp_path)
        assert r.returncode == 2, (text, r.stderr)
        assert b"Traceback" not in r.stderr
