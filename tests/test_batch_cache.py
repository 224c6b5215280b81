"""``asara batch``'s cache of scored games (asara_cli/cache.py): a folder scored again gives
the same output without replaying what it has seen; changed logs, other code or another
board are replayed; a damaged or unwritable cache is no cache, never an error."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import asara_cli.stats
from asara_cli.cache import (
    SIGNATURE,
    RecordCache,
    cache_key,
    cache_text,
    from_entry,
    read_entries,
    start_worker,
    to_entry,
    worker_records,
)
from asara_cli.cli import app
from asara_cli.logfile.board import standard_profile_text
from asara_cli.stats import GameRecord, Seat, record_of

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
GAMES = ["two-player-basic.toml", "three-player-basic.toml", "tied-winners.toml",
         "invalid/follow-suit.toml"]
runner = CliRunner()


@pytest.fixture
def club(tmp_path: Path) -> Path:
    folder = tmp_path / "club"
    folder.mkdir()
    for name in GAMES:
        shutil.copy(SAMPLES / name, folder / Path(name).name)
    # a game still running: the three-player sample cut after its 30th event
    lines = (SAMPLES / "three-player-basic.toml").read_text("utf-8").split("\n")
    starts = [i for i, line in enumerate(lines) if line.startswith("[[event]]")]
    (folder / "running.toml").write_text("\n".join(lines[:starts[30]]), "utf-8")
    return folder


def _cache_files() -> list[Path]:
    return sorted(Path(os.environ["ASARA_CACHE_DIR"]).glob("batch-*"))


def _entries() -> dict[str, str]:
    (only,) = _cache_files()
    text = only.read_text("utf-8")
    assert text.startswith(SIGNATURE)
    return read_entries(only).entries


def _no_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object) -> GameRecord:
        raise AssertionError("replayed a game the cache holds")

    monkeypatch.setattr(asara_cli.stats, "_scored", refuse)


def _batch(*args: str) -> Any:
    return runner.invoke(app, ["batch", *args, "-f", "json"])


def test_a_second_run_takes_every_game_from_the_cache(club: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    first = _batch(str(club))
    assert first.exit_code == 1  # the invalid sample
    # valid, valid, valid, invalid and incomplete are kept: what a replay decided
    assert len(_entries()) == 5
    _no_replay(monkeypatch)
    second = _batch(str(club))
    assert (second.exit_code, second.stdout, second.stderr) == (
        first.exit_code, first.stdout, first.stderr)
    data = json.loads(second.stdout)
    statuses = {Path(g["file"]).name: g["status"] for g in data["games"]}
    assert statuses == {"two-player-basic.toml": "valid", "three-player-basic.toml": "valid",
                        "tied-winners.toml": "valid", "follow-suit.toml": "invalid",
                        "running.toml": "incomplete"}
    # the hand-checked totals (tests/test_batch.py), from the cache
    games = {Path(g["file"]).name: g for g in data["games"]}
    assert {p["name"]: p["total"] for p in games["two-player-basic.toml"]["players"]} == {
        "Tina": 72, "Paul": 73}
    # a cached game keeps its first violation's rule and line
    assert games["follow-suit.toml"]["rule"] == "R2.1"
    assert games["follow-suit.toml"]["line"] is not None


def test_the_same_bytes_under_another_name_is_a_hit_with_its_own_name(
        club: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _batch(str(club)).exit_code == 1
    other = tmp_path / "elsewhere"
    other.mkdir()
    shutil.copy(club / "tied-winners.toml", other / "renamed.toml")
    _no_replay(monkeypatch)
    result = _batch(str(other))
    assert result.exit_code == 0, result.output
    (game,) = json.loads(result.stdout)["games"]
    assert Path(game["file"]).name == "renamed.toml"
    assert game["margin"] == 0 and game["status"] == "valid"


def test_a_changed_log_is_replayed(club: Path) -> None:
    assert _batch(str(club)).exit_code == 1
    # the running game goes on to its end: same name, new bytes
    shutil.copy(SAMPLES / "three-player-basic.toml", club / "running.toml")
    result = _batch(str(club))
    games = {Path(g["file"]).name: g for g in json.loads(result.stdout)["games"]}
    assert games["running.toml"]["status"] == "valid"
    assert {p["name"]: p["total"] for p in games["running.toml"]["players"]} == {
        "Anna": 64, "Ben": 53, "Cleo": 62}


def test_no_cache_neither_reads_nor_writes(club: Path) -> None:
    assert _batch(str(club), "--no-cache").exit_code == 1
    assert _cache_files() == []
    # an entry changed in the user's own cache (consistent with itself: the place) is
    # believed; --no-cache is not fooled by it
    assert _batch(str(club)).exit_code == 1
    (path,) = _cache_files()
    entries = {d: json.loads(e) for d, e in _entries().items()}
    digest = next(d for d, e in entries.items() if e[10] == 84)  # the three-player game
    entries[digest][2] = "Elsewhere"  # the place
    path.write_text(cache_text({d: json.dumps(e) for d, e in entries.items()}), "utf-8")
    lied = json.loads(_batch(str(club)).stdout)
    honest = json.loads(_batch(str(club), "--no-cache").stdout)

    def place(data: Any) -> str | None:
        game = next(g for g in data["games"] if g["digest"] == digest)
        where: str | None = game["place"]
        return where

    assert place(lied) == "Elsewhere" and place(honest) != "Elsewhere"


@pytest.mark.parametrize("damage", [
    b"\xff\xfe not an entry\n",
    b"[1, 2, 3]",
    b"0" * 64 + b" " + b"x" * 10_000,  # a line too long
    b"[" * 100_000,
])
def test_a_damaged_cache_file_counts_as_empty(club: Path, damage: bytes) -> None:
    honest = _batch(str(club), "--no-cache")
    assert _batch(str(club)).exit_code == 1
    (path,) = _cache_files()
    path.write_bytes(SIGNATURE.encode() + damage)
    again = _batch(str(club))
    assert (again.exit_code, again.stdout) == (honest.exit_code, honest.stdout)
    assert len(_entries()) == 5  # written afresh
    # without the signature line, the file is not one asara can show it wrote: it is
    # neither read nor replaced
    path.write_bytes(damage)
    again = _batch(str(club))
    assert (again.exit_code, again.stdout) == (honest.exit_code, honest.stdout)
    assert path.read_bytes() == damage


def test_entries_of_the_wrong_shape_are_misses_and_replaced(club: Path) -> None:
    honest = _batch(str(club), "--no-cache")
    assert _batch(str(club)).exit_code == 1
    (path,) = _cache_files()
    records = _entries()
    digests = sorted(records)
    entries = [json.loads(records[d]) for d in digests]
    wrong: list[Any] = [
        ["valid", "not the text of an entry"],             # not a text
        "[" * 100_000 + "]" * 100_000,                     # nested past any reader
        json.dumps(["unreadable", *entries[2][1:]]),       # a status never kept
        json.dumps([*entries[3][:10], True, entries[3][11]]),  # a bool for the events
        json.dumps([*entries[4][:5], [["x", 1, "\x1b[2J", 1, True, []]], *entries[4][6:]]),
    ]  # the last: a text for a total
    path.write_text(cache_text({d: w if isinstance(w, str) else json.dumps(w)
                                for d, w in zip(digests, wrong, strict=True)}), "utf-8")
    again = _batch(str(club))
    assert (again.exit_code, again.stdout) == (honest.exit_code, honest.stdout)
    assert all(len(json.loads(e)) == 12 for e in _entries().values())


def test_an_unwritable_cache_folder_is_no_cache(club: Path, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", "utf-8")
    monkeypatch.setenv("ASARA_CACHE_DIR", str(blocker / "cache"))
    honest = _batch(str(club), "--no-cache")
    result = _batch(str(club))
    assert (result.exit_code, result.stdout) == (honest.exit_code, honest.stdout)
    assert "Traceback" not in result.output


def test_another_board_or_other_code_is_another_key(club: Path, tmp_path: Path) -> None:
    assert cache_key(None) == cache_key(None)
    assert cache_key(None) != cache_key(b"[board]\n")
    # other code: the key is a digest of the package's files, so an edited file changes it
    import asara_cli.cache as cache_module

    copy = tmp_path / "copy" / "asara_cli"
    shutil.copytree(Path(cache_module.__file__).parent, copy)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(cache_module, "__file__", str(copy / "cache.py"))
        same = cache_key(None)
        assert same is not None and cache_key(None) == same
        (copy / "core" / "names.py").write_text("# edited\n", "utf-8")
        assert cache_key(None) != same
        # no readable files (a zipped install): no key, so no cache to outlive the code
        patch.setattr(cache_module, "__file__", str(tmp_path / "nowhere" / "cache.py"))
        assert cache_key(None) is None
    assert _batch(str(club)).exit_code == 1
    (standard,) = _cache_files()
    profile = tmp_path / "table.toml"
    profile.write_text(standard_profile_text() + "\n# our copy\n", "utf-8")
    assert _batch(str(club), "--board", str(profile)).exit_code == 1
    (other,) = _cache_files()  # the new key's file replaced the old one
    assert other != standard
    assert len(_entries()) == 5


def test_a_log_naming_its_own_board_file_is_not_kept(tmp_path: Path) -> None:
    (tmp_path / "ours.toml").write_text(standard_profile_text(), "utf-8")
    text = (SAMPLES / "tied-winners.toml").read_text("utf-8")
    assert 'board = "standard"' in text
    log = tmp_path / "game.toml"
    log.write_text(text.replace('board = "standard"', 'board = "ours.toml"'), "utf-8")
    shutil.copy(SAMPLES / "two-player-basic.toml", tmp_path / "plain.toml")
    result = _batch(str(log), str(tmp_path / "plain.toml"))
    assert result.exit_code == 0, result.output
    assert len(_entries()) == 1  # the plain game only


def test_jobs_share_the_cache(club: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import asara_cli.cli.batch as batch_cmd

    monkeypatch.setattr(batch_cmd, "CHUNK", 2)  # three chunks over two worker processes
    one = _batch(str(club), "--no-cache", "--jobs", "1")
    two = _batch(str(club), "--jobs", "2")  # the workers fill the cache
    assert len(_entries()) == 5
    again = _batch(str(club), "--jobs", "2")  # and read it
    assert one.stdout == two.stdout == again.stdout


def test_a_worker_reads_the_cache_once_and_hands_back_what_it_made(club: Path,
                                                                   tmp_path: Path) -> None:
    files = sorted(str(p) for p in club.glob("*.toml"))
    start_worker(None)
    records, made = worker_records(files, None)
    assert made == {}
    store = tmp_path / "batch-0123456789abcdef0123456789abcdef.cache"
    first = {r.digest: to_entry(r) for r in records[:2]}
    store.write_text(cache_text(first), "utf-8")
    store.chmod(0o600)
    start_worker(read_entries(store).entries)
    again, made = worker_records(files, None)
    assert again == records
    assert set(made) == {r.digest for r in records} - set(first)
    start_worker(None)


def test_an_entry_round_trips() -> None:
    record = GameRecord("a.toml", "d" * 64, "valid", "2026-03-14", "Club \u2028 room",
                        (("variant", "pro"), ("expansions", ("gifts",))),
                        (Seat("Ann", 1, 50, 1, True, (("builds", 20), ("year1", 30))),
                         Seat("Bo", 2, 50, 1, True, (("money", 50),))), 0, None,
                        None, None, 97)
    entry = json.loads(json.dumps(to_entry(record)))  # through the file's JSON
    assert from_entry(entry, "a.toml", "d" * 64) == record
    assert from_entry(entry, "b.toml", "e" * 64) == GameRecord(
        "b.toml", "e" * 64, **{f: getattr(record, f) for f in (
            "status", "date", "place", "facts", "seats", "margin", "problem",
            "rule", "line", "events")}, game=record.game)


def test_record_of_puts_what_it_replays(tmp_path: Path) -> None:
    cache = RecordCache()
    record = record_of(SAMPLES / "tied-winners.toml", None, cache)
    assert list(cache.fresh) == [record.digest]
    unreadable = record_of(tmp_path / "missing.toml", None, cache)
    assert unreadable.status == "unreadable"
    assert list(cache.fresh) == [record.digest]  # a read error is not kept


def test_report_on_a_folder_batch_scored_takes_the_cache(club: Path, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    page = tmp_path / "club.html"
    honest = runner.invoke(app, ["report", str(club), "-o", str(page)])
    assert honest.exit_code == 1, honest.output  # the club holds an illegal log, as batch says
    assert "invalid:" in honest.stderr and page.is_file()
    first = page.read_bytes()
    _no_replay(monkeypatch)  # report filled the cache; batch and report again read it
    assert _batch(str(club)).exit_code == 1
    again = runner.invoke(app, ["report", str(club), "-o", str(page)])
    assert again.exit_code == 1, again.output
    assert page.read_bytes() == first


def test_past_the_most_entries_the_logs_of_this_run_are_kept(
        club: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import asara_cli.cache as cache_module

    assert _batch(str(club)).exit_code == 1
    (path,) = _cache_files()
    records = _entries()
    ours = set(records)
    records.update({f"{i:064x}": '["valid"]' for i in range(10)})  # other folders'
    path.write_text(cache_text(records), "utf-8")
    (club / "running.toml").write_text(  # one new log, so the cache is written again
        (SAMPLES / "two-player-basic.toml").read_text("utf-8") + "# again\n", "utf-8")
    monkeypatch.setattr(cache_module, "MAX_ENTRIES", 8)
    assert _batch(str(club)).exit_code == 1
    kept = set(_entries())
    assert len(kept) == 5 and len(kept & ours) == 4  # the running game's old entry is gone
