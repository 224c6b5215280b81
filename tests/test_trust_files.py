"""Trust, second pass (issue 23): the files around a log (the redo file, the state file, the
batch cache, simulate's and report's outputs), file *names*, and a user who is root.

Each test runs the real command. Where it matters who runs it, a test runs twice: as the
user running the tests, and, when that is root, as an ordinary user too (``nobody``, in a
folder of its own); as an ordinary user only the first run applies. docs/reliability.md
names the test for each guarantee."""

from __future__ import annotations

import functools
import json
import os
import random
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import tomllib
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from wrapped import unwrap

from asara_cli.games.asara.rules.events import Coloured, Placement, Turn
from asara_cli.games.asara.rules.state import Setup
from asara_cli.logfile.game import LogHeader, event_text, log_to_text

ROOT = Path(__file__).resolve().parent.parent
NOBODY = 65534
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
root_only = pytest.mark.skipif(not IS_ROOT, reason="only root can act as another user or "
                               "make a device node")


def unwrapped(text: bytes) -> bytes:
    """What the wrapping console printed, each message joined back into one line."""
    return unwrap(text.decode("utf-8", "surrogateescape")).encode("utf-8", "surrogateescape")


def one_message(text: bytes) -> bool:
    """``text`` is one message (however the console's width wrapped it), one line ended."""
    return unwrapped(text).count(b"\n") == 1



@functools.cache
def python_for(who: int) -> tuple[str, str] | None:
    """An interpreter the user ``who`` may run, and the PYTHONPATH that finds asara-cli and
    its libraries from it; ``None`` if there is none (this one may sit in root's home)."""
    import sysconfig

    path = os.pathsep.join(dict.fromkeys([str(ROOT), sysconfig.get_paths()["purelib"],
                                          sysconfig.get_paths()["platlib"]]))
    version = f"{sys.version_info[0]}.{sys.version_info[1]}"
    for python in (sys.executable, f"/usr/bin/python{version}",
                   f"/usr/local/bin/python{version}"):
        try:
            r = subprocess.run([python, "-c", "import asara_cli.cli"], capture_output=True,
                               timeout=60, env={**os.environ, "PYTHONPATH": path}, user=who,
                               group=who, extra_groups=[], cwd="/")
        except OSError:
            continue
        if r.returncode == 0:
            return python, path
    return None


def asara(*args: str | bytes, cwd: Path, who: int | None = None,
          env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    """The real command, raw bytes out; as user ``who`` when given (root runs it so)."""
    full = {**os.environ, "COLUMNS": "100", **(env or {})}
    full.pop("ASARA_LOG", None)
    python = sys.executable
    if who is not None:  # nobody's own cache and home, in its folder
        found = python_for(who)
        if found is None:
            pytest.skip("no Python interpreter that an ordinary user may run")
        python, full["PYTHONPATH"] = found
        full["ASARA_CACHE_DIR"] = str(cwd / ".cache")
        full["HOME"] = str(cwd)
    return subprocess.run([python, "-m", "asara_cli", *args], cwd=cwd,
                          capture_output=True, timeout=60, env=full, user=who, group=who,
                          extra_groups=[] if who is not None else None)


def one_error_line(r: subprocess.CompletedProcess[bytes], *words: bytes) -> None:
    """Exit 2, one line on stderr saying ``words``, no traceback."""
    assert r.returncode == 2, (r.returncode, r.stderr)
    assert r.stderr.startswith(b"error: ") and one_message(r.stderr), r.stderr
    for word in words:
        assert word in unwrapped(r.stderr), (word, r.stderr)


@pytest.fixture(params=["me", "nobody"])
def who(request: pytest.FixtureRequest) -> int | None:
    if request.param == "nobody":
        if not IS_ROOT:
            pytest.skip("only root can run the command as another user")
        return NOBODY
    return None


@pytest.fixture
def folder(who: int | None) -> Iterator[Path]:
    """A folder the user ``who`` owns (under /tmp, so that nobody can reach it)."""
    made = Path(tempfile.mkdtemp(prefix="asara-trust-"))
    if who is not None:
        os.chown(made, who, who)
    yield made
    shutil.rmtree(made, ignore_errors=True)


def own(path: Path, who: int | None) -> Path:
    if who is not None:
        os.chown(path, who, who, follow_symlinks=False)
    return path


def make_game(folder: Path, who: int | None = None, name: str = "game.toml") -> Path:
    path = folder / name
    path.write_text(log_to_text(LogHeader(Setup(("Tina", "Paul"))), [
        Turn(Placement("Tina", None), Coloured())]), "utf-8")
    return own(path, who)


def simulated(folder: Path, n: int = 2, seed: int = 3) -> list[Path]:
    """``n`` complete, legal games (written by ``asara simulate``)."""
    r = asara("simulate", "-n", str(n), "--seed", str(seed), "--players", "2", "-o",
              str(folder), "-j", "1", cwd=folder.parent)
    assert r.returncode == 0, r.stderr
    return sorted(folder.glob("game-*.toml"))


# --- writes -----------------------------------------------------------------------------------


def test_a_read_only_file_is_refused_whoever_runs_the_tool(folder: Path,
                                                           who: int | None) -> None:
    log = make_game(folder, who)
    log.chmod(0o444)
    before = log.read_bytes()
    for args in (("coloured", "-l", "game.toml"), ("undo", "-l", "game.toml")):
        one_error_line(asara(*args, cwd=folder, who=who), b"read-only")
        assert log.read_bytes() == before
    page = folder / "page.html"
    page.write_text("kept", "utf-8")
    own(page, who)
    page.chmod(0o444)
    one_error_line(asara("report", "game.toml", "-o", "page.html", cwd=folder, who=who),
                   b"read-only")
    assert page.read_text("utf-8") == "kept"
    out = folder / "sims"
    out.mkdir()
    own(out, who)
    first = out / "game-0001.toml"
    first.write_text("kept", "utf-8")
    own(first, who)
    first.chmod(0o444)
    r = asara("simulate", "-n", "1", "-o", "sims", "-j", "1", cwd=folder, who=who)
    one_error_line(r, b"read-only")
    assert first.read_text("utf-8") == "kept"


@pytest.mark.parametrize("case", ["redo", "state", "simulate", "report"])
@pytest.mark.parametrize("dangling", [False, True])
def test_side_files_and_outputs_never_follow_a_link(folder: Path, who: int | None, case: str,
                                                    dangling: bool) -> None:
    log = make_game(folder, who)
    before = log.read_bytes()
    elsewhere = Path(tempfile.mkdtemp(prefix="asara-victim-"))
    try:
        victim = elsewhere / "victim.txt"
        if not dangling:
            victim.write_text("the victim", "utf-8")
            own(victim, who)
            own(elsewhere, who)
        args: tuple[str, ...]
        if case == "redo":
            link, args = folder / ".game.toml.redo.toml", ("undo", "-l", "game.toml")
        elif case == "state":
            link, args = folder / ".asara-state.toml", ("use", "game.toml")
        elif case == "simulate":
            (folder / "sims").mkdir()
            own(folder / "sims", who)
            link, args = folder / "sims" / "game-0001.toml", ("simulate", "-n", "1", "-o",
                                                                "sims", "-j", "1")
        else:
            link, args = folder / "page.html", ("report", "game.toml", "-o", "page.html")
        link.symlink_to(victim)
        own(link, who)
        one_error_line(asara(*args, cwd=folder, who=who), b"symbolic link")
        assert link.is_symlink() and log.read_bytes() == before
        if dangling:
            assert not victim.exists()
        else:
            assert victim.read_text("utf-8") == "the victim"
    finally:
        shutil.rmtree(elsewhere, ignore_errors=True)


def test_an_output_that_is_not_a_regular_file_is_refused(tmp_path: Path) -> None:
    make_game(tmp_path)
    os.mkfifo(tmp_path / "pipe.html")
    one_error_line(asara("report", "game.toml", "-o", "pipe.html", cwd=tmp_path),
                   b"not a regular file")
    assert stat.S_ISFIFO(os.lstat(tmp_path / "pipe.html").st_mode)
    (tmp_path / "sims" / "game-0001.toml").mkdir(parents=True)
    one_error_line(asara("simulate", "-n", "1", "-o", "sims", "-j", "1", cwd=tmp_path),
                   b"is a folder")
    assert (tmp_path / "sims" / "game-0001.toml").is_dir()


@root_only
def test_report_never_renames_a_file_over_a_device(tmp_path: Path) -> None:
    make_game(tmp_path)
    device = tmp_path / "null"
    os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # a /dev/null of our own
    one_error_line(asara("report", "game.toml", "-o", "null", cwd=tmp_path),
                   b"not a regular file")
    assert stat.S_ISCHR(os.lstat(device).st_mode)


def test_a_redo_file_in_the_way_leaves_the_log_as_it_was(folder: Path,
                                                         who: int | None) -> None:
    log = make_game(folder, who)
    before = log.read_bytes()
    (folder / ".game.toml.redo.toml").mkdir()
    own(folder / ".game.toml.redo.toml", who)
    for args in (("undo", "-l", "game.toml"), ("coloured", "-l", "game.toml")):
        r = asara(*args, cwd=folder, who=who)
        one_error_line(r, b"redo file", b"nothing was written")
        assert log.read_bytes() == before


@root_only
def test_a_stranger_s_redo_file_in_a_sticky_folder_leaves_the_log_as_it_was() -> None:
    # a shared folder (mode 1777, as /tmp): the redo file belongs to another user, so the
    # player can neither replace nor remove it. The log must stay as it was, or an undo is
    # lost and a move, recorded again after "not changed", is in the log twice.
    shared = Path(tempfile.mkdtemp(prefix="asara-shared-"))
    try:
        shared.chmod(0o1777)
        log = make_game(shared, NOBODY)
        before = log.read_bytes()
        stranger = shared / ".game.toml.redo.toml"
        stranger.write_text('undone = []\n', "utf-8")  # root's, mode 0644
        for args in (("undo", "-l", "game.toml"), ("coloured", "-l", "game.toml")):
            r = asara(*args, cwd=shared, who=NOBODY)
            one_error_line(r, b"redo file", b"nothing was written")
            assert log.read_bytes() == before, args
        assert stranger.read_text("utf-8") == 'undone = []\n'
    finally:
        shutil.rmtree(shared, ignore_errors=True)


def test_undo_and_redo_keep_log_and_redo_file_in_step(tmp_path: Path) -> None:
    log = make_game(tmp_path)
    before = log.read_bytes()
    assert asara("undo", "-l", "game.toml", cwd=tmp_path).returncode == 0
    assert asara("redo", "-l", "game.toml", cwd=tmp_path).returncode == 0
    assert log.read_bytes() == before and not (tmp_path / ".game.toml.redo.toml").exists()
    assert asara("undo", "-l", "game.toml", cwd=tmp_path).returncode == 0
    r = asara("coloured", "-l", "game.toml", cwd=tmp_path)  # a new move ends the redo
    assert r.returncode == 0, r.stderr
    assert not [p.name for p in tmp_path.iterdir() if ".redo" in p.name]
    one_error_line(asara("redo", "-l", "game.toml", cwd=tmp_path), b"nothing to redo")


@pytest.mark.parametrize("forged", ["illegal", "other header", "not a log"])
def test_redo_replays_what_it_restores(tmp_path: Path, forged: str) -> None:
    import tomli_w

    from asara_cli.logfile.record import _digest

    log = make_game(tmp_path)
    assert asara("undo", "-l", "game.toml", cwd=tmp_path).returncode == 0
    now = log.read_text("utf-8")
    if forged == "illegal":  # Paul out of turn: the digest matches, the event is illegal
        text = now + "\n" + event_text(Turn(Placement("Paul", None), Coloured()))
    elif forged == "other header":
        text = now.replace('"Tina", "Paul"', '"Tina", "Mallory"').replace(
            'start = "Tina"', 'start = "Tina"') + "\n" + event_text(
            Turn(Placement("Tina", None), Coloured()))
    else:
        text = "format = [\n"
    (tmp_path / ".game.toml.redo.toml").write_text(tomli_w.dumps(
        {"undone": [{"after": _digest(now), "text": text}]}), "utf-8")
    r = asara("redo", "-l", "game.toml", cwd=tmp_path)
    one_error_line(r, b"nothing was redone")
    assert log.read_text("utf-8") == now


# --- reads: the cache ----------------------------------------------------------------------


def _cache_file() -> Path:
    (path,) = Path(os.environ["ASARA_CACHE_DIR"]).glob("batch-*")
    return path


def _verdicts(r: subprocess.CompletedProcess[bytes]) -> list[tuple[str, list[int]]]:
    assert r.returncode in (0, 1), r.stderr
    return [(g["status"], [p["total"] for p in g["players"]])
            for g in json.loads(r.stdout)["games"]]


def _forge(change: Any) -> None:
    from asara_cli.cache import cache_text, read_entries

    path = _cache_file()
    entries = read_entries(path).entries
    path.write_text(cache_text({digest: json.dumps(change(json.loads(entry)))
                                for digest, entry in entries.items()}), "utf-8")


@pytest.mark.parametrize("forgery", ["total", "huge total", "500 seats"])
def test_a_forged_cache_entry_cannot_change_a_total(tmp_path: Path, forgery: str) -> None:
    # entries that no replay could make are misses; one that could (a verdict flipped to
    # "incomplete") is kept out by where the cache may live (the next test)
    club = tmp_path / "club"
    simulated(club)
    honest = _verdicts(asara("batch", "club", "-f", "json", "--no-cache", cwd=tmp_path))
    assert asara("batch", "club", cwd=tmp_path).returncode == 0  # fills the cache

    def change(e: list[Any]) -> list[Any]:
        seats = e[5]
        if forgery == "total":
            seats[0][2] += 30
            seats[0][5][0][1] += 30  # its points too: still the ranks and margin are wrong
        elif forgery == "huge total":
            seats[0][2] = 10 ** 400
        else:
            e[5] = [[f"P{i}", i + 1, 0, 1, True, []] for i in range(500)]
        return e

    _forge(change)
    for fmt in ("table", "markdown", "csv", "bgstats"):
        started = time.monotonic()
        r = asara("batch", "club", "-f", fmt, cwd=tmp_path)
        assert r.returncode == 0 and b"Traceback" not in r.stderr, (fmt, r.stderr)
        assert time.monotonic() - started < 20
    assert _verdicts(asara("batch", "club", "-f", "json", cwd=tmp_path)) == honest


@pytest.mark.parametrize("damage", ["others may write the folder", "a link to /dev/zero",
                                    "a fifo", "others may write the file"])
def test_the_cache_is_read_only_where_only_the_user_can_write(tmp_path: Path,
                                                              damage: str) -> None:
    club = tmp_path / "club"
    simulated(club)
    honest = json.loads(asara("batch", "club", "-f", "json", "--no-cache", cwd=tmp_path).stdout)
    assert asara("batch", "club", cwd=tmp_path).returncode == 0
    path = _cache_file()

    def moved(e: list[Any]) -> list[Any]:
        e[2] = "Elsewhere"  # the place: consistent with the rest, so only trust stops it
        return e

    _forge(moved)
    if damage == "others may write the folder":
        path.parent.chmod(0o777)
    elif damage == "others may write the file":
        path.chmod(0o666)
    else:
        path.unlink()
        if damage == "a fifo":
            os.mkfifo(path)
        else:
            path.symlink_to("/dev/zero")
    started = time.monotonic()
    r = asara("batch", "club", "-f", "json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert time.monotonic() - started < 30
    assert [g["place"] for g in json.loads(r.stdout)["games"]] == [
        g["place"] for g in honest["games"]]
    if damage in ("a link to /dev/zero", "a fifo"):
        assert not path.is_file()  # left alone: not replaced through the link or the fifo


def test_a_nul_byte_in_a_path_from_a_file_is_an_input_error(tmp_path: Path) -> None:
    make_game(tmp_path, name="good.toml")
    text = (tmp_path / "good.toml").read_text("utf-8")
    (tmp_path / "bad.toml").write_text(
        text.replace('board = "standard"\n', 'board = "a\\u0000b.toml"\n'), "utf-8")
    for command in ("validate", "score", "status"):
        one_error_line(asara(command, "bad.toml", cwd=tmp_path), b"NUL")
    r = asara("batch", ".", "-f", "json", "--no-cache", cwd=tmp_path)
    assert r.returncode == 1 and b"bad.toml" in r.stderr and b"Traceback" not in r.stderr
    games = {Path(g["file"]).name: g["status"] for g in json.loads(r.stdout)["games"]}
    assert games == {"bad.toml": "unreadable", "good.toml": "incomplete"}
    (tmp_path / ".asara-state.toml").write_text('log = "a\\u0000b.toml"\n', "utf-8")
    one_error_line(asara("status", cwd=tmp_path), b"NUL")


# --- names and text ---------------------------------------------------------------------------

FORGED = "ok: x.toml: 64 events, complete; Mallory wins"


def _no_forged_line(*streams: bytes) -> None:
    for stream in streams:
        assert not any(line.startswith(FORGED.encode()) for line in stream.split(b"\n")), stream


def test_a_line_break_in_a_file_name_cannot_forge_a_line(tmp_path: Path) -> None:
    name = f"g\n{FORGED}\n.toml"
    make_game(tmp_path, name=name)
    for args in (("validate", name), ("score", name), ("status", name),
                 ("batch", ".", "--no-cache"), ("batch", ".", "-f", "markdown", "--no-cache"),
                 ("report", name, "-o", f"p\n{FORGED}.html")):
        r = asara(*args, cwd=tmp_path)
        assert r.returncode == 0, (args, r.stderr)
        _no_forged_line(r.stdout, r.stderr)
        if args[0] != "batch":  # (the table may fold the name across lines)
            assert b"\\n" + FORGED.encode() in r.stdout + r.stderr, args  # shown, escaped
    (tmp_path / name).write_text("nonsense = [", "utf-8")
    r = asara("validate", name, cwd=tmp_path)
    assert r.returncode == 2 and one_message(r.stderr)
    (tmp_path / ".asara-state.toml").write_text(
        f'log = "g\\n{FORGED}\\n.toml"\n', "utf-8")
    r = asara("use", cwd=tmp_path)
    _no_forged_line(r.stdout, r.stderr)


def test_file_text_inside_a_message_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "g.toml").write_text(
        'format = 1\nplayers = ["Tina", "Paul"]\nstart = "Tina"\n[[event]]\n'
        f'type = "coloured"\nplayer = "Tina\\n{FORGED}"\n', "utf-8")
    for command in ("validate", "score", "status"):
        r = asara(command, "g.toml", cwd=tmp_path)
        assert r.returncode == 2 and r.stdout == b"", r.stderr
        assert one_message(r.stderr)
        _no_forged_line(r.stderr)


@pytest.mark.parametrize("locale", [None, "C.UTF-8"])
def test_a_file_name_that_is_not_utf8_is_shown_escaped(tmp_path: Path,
                                                       locale: str | None) -> None:
    raw = b"g\xff\xfe.toml"
    try:
        os.mkdir(os.fsencode(tmp_path) + b"/club")
        with open(os.fsencode(tmp_path) + b"/club/" + raw, "w", encoding="utf-8") as f:
            f.write(make_game(tmp_path, name="plain.toml").read_text("utf-8"))
    except (OSError, UnicodeError):
        pytest.skip("this file system refuses names that are not UTF-8")
    env = {} if locale is None else {"LC_ALL": locale, "LANG": locale}
    runs = [("validate", b"club/" + raw), ("score", b"club/" + raw),
            ("score", "--json", b"club/" + raw), ("status", b"club/" + raw),
            ("status", "--json", b"club/" + raw)]
    runs += [("batch", "club", "-f", fmt, "--no-cache")
             for fmt in ("table", "json", "csv", "markdown", "bgstats")]
    for args in runs:
        r = asara(*args, cwd=tmp_path, env=env)
        assert r.returncode == 0, (args, r.stderr)
        out = r.stdout + r.stderr
        out.decode("utf-8")  # strictly: no raw bytes in any output
        assert b"\xff" not in out, (args, out)
        if "bgstats" not in args:  # (only finished games go to BG Stats)
            assert b"g\\xff\\xfe" in out or b"g\\\\xff\\\\xfe" in out, (args, out)


def _complete_game(folder: Path) -> tuple[Path, str]:
    """A complete simulated game, and its first player's name."""
    (path, *_) = simulated(folder, n=1)
    name: str = tomllib.loads(path.read_text("utf-8"))["players"][0]
    return path, name


def test_markdown_and_html_outputs_escape_file_text(tmp_path: Path) -> None:
    path, name = _complete_game(tmp_path / "club")
    html = "<img src=x onerror=alert(1)>"
    text = path.read_text("utf-8").replace(f'"{name}"', f'"{html}"').replace(
        f" {name} = ", f' "{html}" = ')
    text = text.replace("date = 2026-01-01", 'date = "2026-01-01\\u001b]52;c;ZXZpbA==\\u0007'
                        '\\u001b[2J\\u0007\\n| forged | row |"')
    path.write_text(text, "utf-8")
    r = asara("batch", "club", "-f", "markdown", "--no-cache", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert b"<img" not in r.stdout and b"&lt;img src=x onerror=alert(1)&gt;" in r.stdout
    assert b"\x1b" not in r.stdout and b"\x07" not in r.stdout
    assert not any(line.startswith(b"| forged") for line in r.stdout.split(b"\n"))
    for source in ("club", str(path.relative_to(tmp_path))):
        r = asara("report", source, "-o", "page.html", cwd=tmp_path)
        assert r.returncode == 0, r.stderr
        page = (tmp_path / "page.html").read_text("utf-8")
        ET.fromstring(page.split("\n", 2)[2])  # well-formed XML (after the doctype line)
        assert "<img" not in page


def test_a_far_time_zone_offset_does_not_stop_bgstats(tmp_path: Path) -> None:
    paths = simulated(tmp_path / "club", n=2)
    far = paths[0].read_text("utf-8").replace("date = 2026-01-01",
                                              "date = 0001-01-01T00:00:00+14:00")
    paths[0].write_text(far, "utf-8")
    r = asara("score", str(paths[0]), "-f", "bgstats", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["playDate"].startswith("0001-01-01")
    r = asara("batch", "club", "-f", "bgstats", "--no-cache", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert len(json.loads(r.stdout)) == 2


def _sigint_by_default() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_while_starting_is_one_line(tmp_path: Path) -> None:
    # Ctrl-C while typer and rich are imported, before the error boundary: simulated by an
    # import of typer that raises KeyboardInterrupt, through the entry point `asara` runs
    with open(ROOT / "pyproject.toml", "rb") as f:
        assert tomllib.load(f)["project"]["scripts"]["asara"] == "asara_cli.__main__:main"
    code = ("import builtins, sys\n"
            "real = builtins.__import__\n"
            "def interrupted(name, *args, **kwargs):\n"
            "    if name.split('.')[0] in ('typer', 'rich'):\n"
            "        raise KeyboardInterrupt\n"
            "    return real(name, *args, **kwargs)\n"
            "builtins.__import__ = interrupted\n"
            "sys.argv = ['asara', 'status']\n"
            "from asara_cli.__main__ import main\n"
            "main()\n")
    r = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                       timeout=60)
    assert r.returncode == 130 == 128 + signal.SIGINT
    assert r.stderr == b"interrupted (Ctrl-C); no file was changed\n"
    # a real SIGINT once the entry point's module is loaded, before main() has imported
    # anything: answered by the entry point's own handler
    # answered at once: os.kill runs the handler before it returns. The child starts with
    # SIGINT's default, as from a terminal: a suite run as a background job (`pytest &`)
    # has SIGINT ignored, which its children would inherit, and Python then leaves it so.
    code = ("import os, signal, sys\n"
            "import asara_cli.__main__\n"
            "os.kill(os.getpid(), signal.SIGINT)\n"
            "sys.exit('SIGINT was not answered')\n")
    r = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                       timeout=60, preexec_fn=_sigint_by_default)
    assert r.returncode == 130, r.stderr
    assert r.stderr == b"interrupted (Ctrl-C); no file was changed\n"


# --- a fresh fuzz of the side files --------------------------------------------------------

_TOKENS = ["[", "]", "{", "}", '"', "=", "\n", "\x00", "\\u0000", "-1", "9" * 400, "\x1b[2J",
           "\u202e", "true", "'''", "\\", ",", "null", "[[", "\ud800"]


def _mutated(text: str, rng: random.Random) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(chars) + 1)
        what = rng.random()
        if what < 0.3 and chars:
            del chars[at - 1: at + rng.randint(0, 20)]
        else:
            chars.insert(at, rng.choice(_TOKENS))
    return "".join(chars).encode("utf-8", "surrogatepass").decode("utf-8", "replace")


def test_mutated_side_files_give_only_the_projects_own_errors(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from asara_cli.cli import app

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ASARA_LOG", raising=False)
    runner = CliRunner()
    rng = random.Random("asara-side-files")
    club = tmp_path / "club"
    simulated(club)
    honest = runner.invoke(app, ["batch", str(club), "-f", "json", "--no-cache"])
    assert honest.exit_code == 0
    verdicts = [(g["status"], [p["total"] for p in g["players"]])
                for g in json.loads(honest.stdout)["games"]]
    assert runner.invoke(app, ["batch", str(club)]).exit_code == 0
    cache = _cache_file()
    cache_text = cache.read_text("utf-8")
    log = make_game(tmp_path)
    assert runner.invoke(app, ["undo", "-l", str(log)]).exit_code == 0
    side = tmp_path / ".game.toml.redo.toml"
    side_text, log_text = side.read_text("utf-8"), log.read_text("utf-8")
    state = tmp_path / ".asara-state.toml"
    state_text = f'log = "{log}"\n'
    for i in range(60):
        cache.write_text(_mutated(cache_text, rng), "utf-8")
        r = runner.invoke(app, ["batch", str(club), "-f", "json"])
        assert r.exit_code == 0 and r.exception is None, (i, r.output)
        assert [(g["status"], [p["total"] for p in g["players"]])
                for g in json.loads(r.stdout)["games"]] == verdicts, i
        side.write_text(_mutated(side_text, rng), "utf-8")
        log.write_text(log_text, "utf-8")
        r = runner.invoke(app, ["redo", "-l", str(log)])
        assert r.exit_code in (0, 2) and (r.exception is None
                                          or isinstance(r.exception, SystemExit)), (i, r)
        state.write_text(_mutated(state_text, rng), "utf-8")
        r = runner.invoke(app, ["status"])
        assert r.exit_code in (0, 2) and (r.exception is None
                                          or isinstance(r.exception, SystemExit)), (i, r)


def test_a_lock_that_is_not_a_regular_file_is_refused(tmp_path: Path) -> None:
    log = make_game(tmp_path)
    before = log.read_bytes()
    os.mkfifo(tmp_path / ".game.toml.lock")
    one_error_line(asara("coloured", "-l", "game.toml", cwd=tmp_path), b"not a regular file")
    assert log.read_bytes() == before


def test_new_never_creates_a_log_through_a_link(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "g.toml").symlink_to(elsewhere / "victim.toml")  # a link to nowhere
    one_error_line(asara("new", "g.toml", "-p", "A", "-p", "B", cwd=tmp_path),
                   b"already exists")
    assert not (elsewhere / "victim.toml").exists()


def test_a_name_that_is_not_utf8_is_never_written_into_a_file(tmp_path: Path) -> None:
    folder = os.fsencode(tmp_path)
    profile = (ROOT / "asara_cli" / "data" / "standard.toml").read_bytes()
    try:
        with open(folder + b"/b\xff.toml", "wb") as f:
            f.write(profile)
    except OSError:
        pytest.skip("this file system refuses names that are not UTF-8")
    r = asara("new", "g.toml", "-p", "A", "-p", "B", "--board", b"b\xff.toml", cwd=tmp_path)
    one_error_line(r, b"not UTF-8", b"nothing was written")
    assert not (tmp_path / "g.toml").exists()
    with open(folder + b"/g\xff.toml", "w", encoding="utf-8") as f:
        f.write(make_game(tmp_path).read_text("utf-8"))
    one_error_line(asara("use", b"g\xff.toml", cwd=tmp_path), b"not UTF-8", b"g\\xff.toml")
    assert not (tmp_path / ".asara-state.toml").exists()


def test_an_internal_error_quoting_file_text_is_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import asara_cli.cli.game as game_cmd
    from asara_cli.cli import EXIT_INTERNAL, run

    def boom(*args: object, **kwargs: object) -> None:
        raise ValueError(f"x\n{FORGED}")  # (a KeyError would show its repr)

    monkeypatch.setattr(game_cmd, "replay_file", boom)
    assert run(["validate", str(ROOT / "sample_games" / "two-player-basic.toml")]) == (
        EXIT_INTERNAL)
    err = capsys.readouterr().err
    assert one_message(err.encode()) and "internal error (ValueError" in err
