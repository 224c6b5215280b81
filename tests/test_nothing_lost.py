"""Trust, third pass (issue 27): nothing the user keeps is deleted or lost, whatever the tool
is doing when it is killed, and nothing is written where it was not asked.

docs/reliability.md names the test for each guarantee."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import stat
import tempfile
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from test_trust_files import (
    IS_ROOT,
    NOBODY,
    asara,
    make_game,
    one_error_line,
    own,
    root_only,
    unwrapped,
)

from asara_cli.cache import MAX_CACHE_BYTES, cache_path, read_entries
from asara_cli.cli.batch import score_logs

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_games"
LOGS = ["two-player-basic.toml", "three-player-basic.toml", "tied-winners.toml"]


def club_of(folder: Path, names: list[str] = LOGS) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        shutil.copy(SAMPLES / name, folder / name)
    return folder


# --- the batch cache (items 1 and 6) ---------------------------------------------------------


def test_batch_removes_only_the_cache_files_it_wrote(tmp_path: Path) -> None:
    club_of(tmp_path / "club")
    keep = tmp_path / "keep"
    keep.mkdir(mode=0o700)
    # the user's own files, private like the cache's, one at a cache file's very name shape
    mine = {"batch-2025-11.json": '{"games": 12}\n',
            "batch-0123456789abcdef0123456789abcdef.json": '{"mine": true}\n',
            "batch-fedcba9876543210fedcba9876543210.cache": "my notes\n",
            "batch-notes.txt": "notes\n"}
    for name, text in mine.items():
        (keep / name).write_text(text, "utf-8")
        (keep / name).chmod(0o600)
    older = keep / f"batch-{'a' * 32}.json"  # what an older asara wrote: {"layout":4, ...
    older.write_text('{"layout":4,"records":{}}', "utf-8")
    older.chmod(0o600)
    r = asara("batch", "club", cwd=tmp_path, env={"ASARA_CACHE_DIR": "keep"})
    assert r.returncode == 0, r.stderr
    (first,) = [p for p in keep.glob("batch-*.cache") if p.name not in mine]
    assert not older.exists()  # provably asara's: removed
    profile = tmp_path / "table.toml"
    profile.write_text((ROOT / "asara_cli" / "data" / "standard.toml").read_text("utf-8")
                       + "\n# our copy\n", "utf-8")
    r = asara("batch", "../club", "--board", "../table.toml", cwd=keep,
              env={"ASARA_CACHE_DIR": "."})  # the issue's own command: the cache in "."
    assert r.returncode == 0, r.stderr
    assert not first.exists()  # the other key's file is asara's own
    for name, text in mine.items():
        assert (keep / name).read_text("utf-8") == text, name
    assert len(list(keep.glob("batch-*.cache"))) == 2  # the new cache and the user's


def test_a_file_at_the_cache_s_own_name_that_asara_did_not_write_is_left_alone(
        tmp_path: Path) -> None:
    club = club_of(tmp_path / "club")
    path = cache_path(None)
    assert path is not None
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("the user's own text\n", "utf-8")
    path.chmod(0o600)
    honest = score_logs(sorted(str(p) for p in club.iterdir()), None, 1, cached=False)
    assert score_logs(sorted(str(p) for p in club.iterdir()), None, 1) == honest
    assert path.read_text("utf-8") == "the user's own text\n"


@pytest.mark.parametrize("layout", ["older layout", "this layout"])
def test_a_cache_of_a_million_tiny_entries_is_refused_cheaply(tmp_path: Path,
                                                              layout: str) -> None:
    # the 136 MB cache of 12 million entries, at a tenth of the scale: reading it
    # must cost about its size in memory, not the ten times a parse into entries costs
    club = club_of(tmp_path / "club", LOGS[:1])
    path = cache_path(None)
    assert path is not None
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    n = 1_200_000
    if layout == "older layout":
        older = path.with_name(path.stem + ".json")  # the name an older asara gave it
        text = '{"layout":4,"records":{' + ",".join(f'"{i}":"x"' for i in range(n)) + "}}"
        older.write_text(text, "utf-8")
        older.chmod(0o600)
    else:
        from asara_cli.cache import SIGNATURE

        text = SIGNATURE + "".join(f"{i:x} x\n" for i in range(n))
        path.write_text(text, "utf-8")
        path.chmod(0o600)
    size = len(text)
    del text
    files = [str(club / LOGS[0])]
    honest = score_logs(files, None, 1, cached=False)
    tracemalloc.start()
    try:
        records = score_logs(files, None, 1)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert records == honest
    assert peak < 2 * size + 20_000_000, (peak, size)
    # and the next run reads the cache this run wrote in its place: the one log only
    assert len(read_entries(path).entries) == 1


def test_a_cache_larger_than_the_bound_is_not_read(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    import asara_cli.cache as cache_module

    club = club_of(tmp_path / "club")
    files = sorted(str(p) for p in club.iterdir())
    assert score_logs(files, None, 1) is not None
    path = cache_path(None)
    assert path is not None and len(read_entries(path).entries) == 3
    monkeypatch.setattr(cache_module, "MAX_CACHE_BYTES", path.stat().st_size - 1)
    stored = read_entries(path)
    assert stored.entries == {} and stored.prune
    # and the run writes a file within the bound in its place
    assert score_logs(files, None, 1) is not None
    assert 0 < path.stat().st_size <= cache_module.MAX_CACHE_BYTES


def test_a_run_that_adds_nothing_still_prunes(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import asara_cli.cache as cache_module
    from asara_cli.cache import cache_text

    club = club_of(tmp_path / "club")
    files = sorted(str(p) for p in club.iterdir())
    honest = score_logs(files, None, 1)
    path = cache_path(None)
    assert path is not None
    ours = read_entries(path).entries
    assert len(ours) == 3
    # lines that are no entries: dropped by the next run, though it replays nothing
    path.write_text(cache_text(ours) + "not an entry\n" + "f" * 64 + " " + "x" * 9_000 + "\n",
                    "utf-8")
    assert score_logs(files, None, 1) == honest
    assert path.read_text("utf-8") == cache_text(ours)
    # other folders' entries past the bound: the next run keeps this run's logs only
    others = {f"{i:064x}": json.dumps(["valid"]) for i in range(10)}
    path.write_text(cache_text({**others, **ours}), "utf-8")
    monkeypatch.setattr(cache_module, "MAX_ENTRIES", 8)
    assert score_logs(files, None, 1) == honest
    assert read_entries(path).entries == ours
    assert len(list(path.parent.glob("batch-*"))) == 1
    assert MAX_CACHE_BYTES <= 128 * 1024 * 1024  # docs/batch.md says so


# --- undo, redo and a move killed between their two writes (item 2) -----------------------

_KILLED = 99


def _run_killed_at(step: int, args: list[str], folder: Path) -> int | None:
    """Run ``asara ARGS`` in a child process (forked: in-process, no new interpreter) that
    dies, as under SIGKILL, just before its ``step``-th change to a file name (a rename over
    a file, or a removal): nothing after that step runs, no ``finally`` or ``except``
    either. The child's exit code, or ``None`` when it died there."""
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        try:
            os.chdir(folder)
            real_replace, real_unlink = os.replace, os.unlink
            seen = [0]

            def step_or_die(real: Any) -> Any:
                def call(*a: Any, **k: Any) -> Any:
                    seen[0] += 1
                    if seen[0] == step:
                        os._exit(_KILLED)
                    return real(*a, **k)
                return call

            os.replace = step_or_die(real_replace)
            os.unlink = step_or_die(real_unlink)
            from asara_cli.cli import run

            code = run(args)
        except BaseException:
            code = 3
        os._exit(code)
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    return None if code == _KILLED else code


def _redo_all(folder: Path, log: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """``asara redo`` until it has nothing to redo; what each said."""
    from asara_cli.cli import run

    said = []
    for _ in range(10):
        code = run(["redo", "-l", str(log)])
        out = capsys.readouterr()
        said.append(out.err)
        if code != 0:
            assert code == 2 and "nothing to redo" in out.err, out.err
            return said
    raise AssertionError("redo never ended")


def _three_moves(folder: Path) -> tuple[Path, list[bytes]]:
    """A log with three moves, and its bytes after each."""
    from asara_cli.cli import run

    log = folder / "game.toml"
    assert run(["new", str(log), "-p", "Tina", "-p", "Paul"]) == 0
    texts = [log.read_bytes()]
    for _ in range(3):
        assert run(["coloured", "-l", str(log)]) == 0
        texts.append(log.read_bytes())
    return log, texts


@pytest.mark.parametrize("command", ["undo", "redo", "move"])
def test_a_kill_between_the_two_writes_loses_no_undone_move(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        command: str) -> None:
    from asara_cli.cli import run

    monkeypatch.chdir(tmp_path)  # `asara new` remembers the log in the folder it runs in
    monkeypatch.delenv("ASARA_LOG", raising=False)
    monkeypatch.setenv("COLUMNS", "200")
    for step in range(1, 20):
        folder = tmp_path / f"step{step}"
        folder.mkdir()
        log, texts = _three_moves(folder)
        # two moves undone: the redo file holds two entries
        assert run(["undo", "-l", str(log)]) == 0 and run(["undo", "-l", str(log)]) == 0
        if command == "redo":  # one of them redone first: the log and the redo file agree
            assert run(["redo", "-l", str(log)]) == 0
        capsys.readouterr()
        # the move: Paul takes 12 from the bank, not the coloured building he had undone
        args = (["bank", "12", "--pair"] if command == "move" else [command]) + [
            "-l", str(log)]
        code = _run_killed_at(step, args, folder)
        assert code in (None, 0), (step, code)
        moved = b"bank" in log.read_bytes()
        said = _redo_all(folder, log, capsys)
        assert not any("changed since" in s for s in said), said
        assert not any("edited" in s for s in said), said
        if moved:  # the move is in the log, once: it ended the redo, as any move does
            assert log.read_bytes().startswith(texts[1]), step
            assert log.read_bytes().count(b"[[event]]") == 2
        else:  # every undone move came back
            assert log.read_bytes() == texts[3], (step, said)
        # no redo file is left (a killed writer's temporary file stays for a minute, for
        # a writer still at work: test_stale_temporary_files_are_cleaned)
        leftovers = [p.name for p in folder.iterdir()
                     if p.name != "game.toml" and not p.name.endswith(".tmp")]
        assert leftovers == [], (step, leftovers)
        if code == 0:  # the command ran to its end before the step: every step was tried
            assert step > 2
            return
    raise AssertionError("the command never ran to its end")


# --- output folders never reached through a link (item 3) -----------------------------------


@pytest.mark.parametrize("case", ["simulate -o", "simulate -o, a folder below",
                                  "simulate -o, a link on the way", "report -o",
                                  "report -o, a link on the way", "the batch cache"])
def test_an_output_folder_is_never_reached_through_a_link(tmp_path: Path, case: str) -> None:
    victim = tmp_path / "victim"
    victim.mkdir()
    kept = {"game-0001.toml": "the victim's own game\n", "page.html": "the victim's page\n"}
    for name, text in kept.items():
        (victim / name).write_text(text, "utf-8")
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "club").symlink_to("../victim")  # planted in a shared folder
    (tmp_path / "way").symlink_to("shared")  # a link on the way to a real folder
    club_of(tmp_path / "games", LOGS[:1])
    game = "games/" + LOGS[0]
    args = {"simulate -o": ["simulate", "-n", "2", "-o", "shared/club"],
            "simulate -o, a folder below": ["simulate", "-n", "2", "-o", "shared/club/new"],
            "simulate -o, a link on the way": ["simulate", "-n", "2", "-o", "way/sims"],
            "report -o": ["report", game, "-o", "shared/club/page.html"],
            "report -o, a link on the way": ["report", game, "-o", "way/page.html"],
            "the batch cache": ["batch", "games"]}[case]
    env = {"ASARA_CACHE_DIR": "shared/club"} if case == "the batch cache" else {}
    r = asara(*args, "-j", "1", cwd=tmp_path, env=env) if args[0] == "simulate" else (
        asara(*args, cwd=tmp_path, env=env))
    if case == "the batch cache":  # optional: batch goes on without it
        assert r.returncode == 0, r.stderr
    else:
        one_error_line(r, b"symbolic link")
    assert sorted(p.name for p in victim.iterdir()) == sorted(kept)  # nothing written there
    for name, text in kept.items():
        assert (victim / name).read_text("utf-8") == text
    assert sorted(p.name for p in shared.iterdir()) == ["club"]
    assert (shared / "club").is_symlink()


# --- a replaced file keeps its mode, and its owner (item 11) ---------------------------------


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


@pytest.mark.parametrize("modes", [(0o640,), pytest.param((0o604, 0o600), marks=pytest.mark.slow)],
                         ids=["0o640", "0o604 0o600"])
def test_every_replaced_file_keeps_its_mode(tmp_path: Path, modes: tuple[int, ...]) -> None:
    log = make_game(tmp_path)
    for mode in modes:
        log.chmod(mode)
        for args in (["coloured"], ["undo"], ["redo"], ["undo"]):
            r = asara(*args, "-l", "game.toml", cwd=tmp_path)
            assert r.returncode == 0, (args, r.stderr)
            assert _mode(log) == mode, (args, oct(_mode(log)))
        redo = tmp_path / ".game.toml.redo.toml"
        assert _mode(redo) == 0o600  # a new redo file: private
        redo.chmod(0o640)
        assert asara("undo", "-l", "game.toml", cwd=tmp_path).returncode == 0
        assert _mode(redo) == 0o640
        assert asara("redo", "-l", "game.toml", cwd=tmp_path).returncode == 0
        assert _mode(redo) == 0o640
        assert asara("redo", "-l", "game.toml", cwd=tmp_path).returncode == 0
    page = tmp_path / "page.html"
    page.write_text("old page", "utf-8")
    page.chmod(0o604)
    assert asara("report", "game.toml", "-o", "page.html", cwd=tmp_path).returncode == 0
    assert _mode(page) == 0o604 and page.read_text("utf-8") != "old page"
    sims = tmp_path / "sims"
    sims.mkdir()
    (sims / "game-0001.toml").write_text("old", "utf-8")
    (sims / "game-0001.toml").chmod(0o640)
    r = asara("simulate", "-n", "1", "-o", "sims", "-j", "1", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert _mode(sims / "game-0001.toml") == 0o640
    state = tmp_path / ".asara-state.toml"
    assert asara("use", "game.toml", cwd=tmp_path).returncode == 0
    state.chmod(0o600)
    assert asara("use", "game.toml", cwd=tmp_path).returncode == 0
    assert _mode(state) == 0o600


@root_only
def test_root_recording_into_a_player_s_log_leaves_it_the_player_s() -> None:
    folder = Path(tempfile.mkdtemp(prefix="asara-owner-"))  # under /tmp: nobody reaches it
    try:
        os.chown(folder, NOBODY, NOBODY)
        log = make_game(folder, NOBODY)
        log.chmod(0o640)
        for args in (["coloured"], ["undo"]):  # root records, and undoes
            r = asara(*args, "-l", "game.toml", cwd=folder)
            assert r.returncode == 0, r.stderr
            info = os.lstat(log)
            assert (info.st_uid, info.st_gid, _mode(log)) == (NOBODY, NOBODY, 0o640), args
        redo = os.lstat(folder / ".game.toml.redo.toml")  # made by root, for the player
        assert (redo.st_uid, redo.st_gid) == (NOBODY, NOBODY)
        # and the player can go on: redo, record, undo
        for args in (["redo"], ["coloured"], ["undo"]):
            r = asara(*args, "-l", "game.toml", cwd=folder, who=NOBODY)
            assert r.returncode == 0, (args, r.stderr)
        page = folder / "page.html"
        page.write_text("the player's page", "utf-8")
        own(page, NOBODY)
        assert asara("report", "game.toml", "-o", "page.html", cwd=folder).returncode == 0
        assert os.lstat(page).st_uid == NOBODY
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# --- batch -r: a folder nested deep, a folder nobody may read (turn-3 claims) ---------------


def test_batch_walks_a_folder_nested_1500_deep(tmp_path: Path) -> None:
    # on a memory file system where the machine has one: some disks take 3 ms a folder to
    # remove, 5 s for these 1,500
    if os.access("/dev/shm", os.W_OK | os.X_OK):
        tmp_path = Path(tempfile.mkdtemp(prefix="asara-deep-", dir="/dev/shm"))
    club = club_of(tmp_path / "club", LOGS[:1])
    deep = club
    for _ in range(1_500):
        deep = deep / "d"
        os.mkdir(deep)
    try:
        shutil.copy(SAMPLES / LOGS[1], deep / "deep.toml")
        r = asara("batch", "-r", "club", "-f", "json", "--no-cache", cwd=tmp_path)
        assert r.returncode == 0, r.stderr[-2000:]
        games = json.loads(r.stdout)["games"]
        assert sorted(Path(g["file"]).name for g in games) == ["deep.toml", LOGS[0]]
        assert all(g["status"] == "valid" for g in games)
    finally:  # (shutil.rmtree recurses, and so stops at about a thousand levels)
        import subprocess

        subprocess.run(["rm", "-rf", str(club)], check=False)
        if tmp_path.parent == Path("/dev/shm"):
            tmp_path.rmdir()


def test_a_folder_nobody_may_read_is_listed_as_unreadable() -> None:
    # root reads every folder, so root runs the command as an ordinary user
    who = NOBODY if IS_ROOT else None
    folder = Path(tempfile.mkdtemp(prefix="asara-walk-"))  # under /tmp: nobody reaches it
    try:
        club = club_of(folder / "club", LOGS[:1])
        secret = club_of(club / "secret", LOGS[1:2])
        for path in (folder, club, secret, club / LOGS[0], secret / LOGS[1]):
            own(path, who)
        secret.chmod(0)
        r = asara("batch", "-r", "club", "-f", "json", cwd=folder, who=who)
        assert r.returncode == 1, r.stderr
        said = unwrapped(r.stderr).decode()
        assert "unreadable: club/secret: cannot read this folder: Permission denied" in said
        assert "1 folder unreadable" in said
        games = json.loads(r.stdout)["games"]
        assert [Path(g["file"]).name for g in games] == [LOGS[0]]
        # the folder given is itself unreadable: refused as a usage error (exit 2)
        club.chmod(0)
        r = asara("batch", "club", cwd=folder, who=who)
        assert r.returncode == 2 and b"not readable" in r.stderr, r.stderr
    finally:
        for path in (folder / "club", folder / "club" / "secret"):
            with contextlib.suppress(OSError):
                path.chmod(0o700)
        shutil.rmtree(folder, ignore_errors=True)
