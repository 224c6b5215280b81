"""Trust, third pass (issue 27): nothing the user keeps is deleted or lost, whatever the tool
is doing when it is killed, and nothing is written where it was not asked.

docs/reliability.md names the test for each guarantee."""

from __future__ import annotations

import json
import shutil
import tracemalloc
from pathlib import Path

import pytest
from test_trust_files import asara

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
