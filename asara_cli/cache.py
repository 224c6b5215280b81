"""``asara batch``'s cache of scored games: a folder scored again takes the games it has
already replayed from here, and replays only the new or changed ones.

A record is kept under the SHA-256 of its log's bytes, in a file whose name is a key for
everything else a record depends on: the source of this package (referee, log reader, the
packaged board profile) and the bytes of a ``--board`` profile. Changing any of them (an
upgrade, an edited checkout, another profile) gives a new key, and the old file is removed
when the new one is written; so a record read from the cache is the one a replay would give
now. Only what a replay decided is kept (valid, invalid, incomplete), and only for games on
the packaged board or the ``--board`` profile: a log whose header names its own board file is
replayed every time, since that file can change under the same log.

The file is JSON, read with checks: an entry of the wrong shape is a miss and is replaced,
and a file that is not the expected JSON counts as empty. Each entry is kept as a JSON text
of its own, read only when its log is scored: loading the file makes one string per game,
not the nested lists of every seat. Writing is atomic (a new file renamed over the old) and
best effort: where the folder cannot be written, batch goes on without a cache.
``--no-cache`` neither reads nor writes it. Only ``batch`` and ``report`` on a folder use
it; ``validate``, ``score``, ``status`` and ``report`` on one game always replay.

Where: ``$ASARA_CACHE_DIR``, else ``$XDG_CACHE_HOME/asara-cli``, else ``~/.cache/asara-cli``
(``%LOCALAPPDATA%\\asara-cli\\cache`` on Windows).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

from asara_cli.errors import InputError
from asara_cli.games import GAMES
from asara_cli.logfile.common import read_bytes
from asara_cli.stats import INCOMPLETE, INVALID, VALID, GameRecord, Seat, records_of

#: The layout of an entry; a new layout is a new key, so old files are never misread.
LAYOUT = 4
#: The entries kept at most (about 600 bytes each): a club's folders, not every log seen.
MAX_ENTRIES = 100_000
_KEPT = (VALID, INVALID, INCOMPLETE)


def cache_folder(env: Mapping[str, str] | None = None) -> Path:
    """The folder the cache lives in (see the module's docstring)."""
    env = os.environ if env is None else env
    if env.get("ASARA_CACHE_DIR"):
        return Path(env["ASARA_CACHE_DIR"])
    if os.name == "nt":
        base = env.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        return Path(base) / "asara-cli" / "cache"
    return Path(env.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "asara-cli"


def cache_key(board_bytes: bytes | None) -> str | None:
    """A digest of this package's source and data files, and of a ``--board`` profile;
    ``None`` (no cache) where the package's files cannot be read (a zipped install), since
    a key without them would outlive the code."""
    package = Path(__file__).resolve().parent
    h = hashlib.sha256(f"asara-cli batch cache, layout {LAYOUT}\n".encode())
    read = 0
    try:
        for path in sorted(package.rglob("*")):
            if path.suffix in (".py", ".toml") and "__pycache__" not in path.parts:
                h.update(path.relative_to(package).as_posix().encode() + b"\0")
                h.update(path.read_bytes() + b"\0")
                read += 1
    except OSError:
        return None
    if read == 0:
        return None
    if board_bytes is not None:
        h.update(b"--board\0" + board_bytes)
    return h.hexdigest()


def cache_path(board_path: str | None) -> Path | None:
    """The cache file for this package and board; ``None`` (no cache) when the ``--board``
    file cannot be read (scoring reports that) or the package's own files cannot."""
    try:
        board_bytes = None if board_path is None else read_bytes(board_path)
    except InputError:
        return None
    key = cache_key(board_bytes)
    return None if key is None else cache_folder() / f"batch-{key[:32]}.json"


class RecordCache:
    """The entries read from one cache file, and the entries made since (``fresh``)."""

    def __init__(self, known: Mapping[str, Any] | None = None) -> None:
        self.known: Mapping[str, Any] = known or {}
        self.fresh: dict[str, str] = {}

    def get(self, digest: str, file: str) -> GameRecord | None:
        """The record of the log with this digest, named ``file``; ``None`` on a miss."""
        entry = self.known.get(digest)
        if entry is None:
            return None
        return from_entry(entry, file, digest)

    def put(self, record: GameRecord) -> None:
        if record.status in _KEPT and record.digest:
            self.fresh[record.digest] = to_entry(record)


def read_entries(path: Path) -> dict[str, Any]:
    """The entries of a cache file; empty when it is missing or not a cache file."""
    try:
        data = json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        return {}
    if not isinstance(data, dict) or data.get("layout") != LAYOUT:
        return {}
    entries = data.get("records")
    return entries if isinstance(entries, dict) else {}


def save_entries(path: Path, old: Mapping[str, Any], fresh: Mapping[str, Any],
                 used: Collection[str] = ()) -> bool:
    """Write ``old`` and ``fresh`` (which wins) to ``path`` at once, and remove the files of
    other keys beside it; past :data:`MAX_ENTRIES`, only the entries of this run's logs
    (``used``, by digest) are kept. False when the folder cannot be written (the cache is
    optional)."""
    entries = {**old, **fresh}
    if len(entries) > MAX_ENTRIES:
        entries = {d: e for d, e in entries.items() if d in used or d in fresh}
    text = json.dumps({"layout": LAYOUT, "records": entries}, separators=(",", ":"))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=".batch-", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(temp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise
        for other in path.parent.glob("batch-*.json"):
            if other != path:
                with contextlib.suppress(OSError):
                    other.unlink()
    except OSError:
        return False
    return True


# --- one record as a JSON entry ----------------------------------------------------------


def to_entry(r: GameRecord) -> str:
    """Everything of a record but its file and digest (the key), as a JSON text."""
    return json.dumps([
        r.status, r.date, r.place, r.game,
        [[k, v if isinstance(v, str) else list(v)] for k, v in r.facts],
        [[s.name, s.seat, s.total, s.rank, s.winner, [[k, v] for k, v in s.sources]]
         for s in r.seats],
        r.margin, r.problem, r.rule, r.line, r.events, r.game_digest], separators=(",", ":"))


def from_entry(entry: Any, file: str, digest: str) -> GameRecord | None:
    """The record an entry holds, checked field by field; ``None`` if it is not one."""
    try:
        if not isinstance(entry, str):
            return None
        (status, date, place, played, facts, seats, margin, problem, rule, line,
         events, game) = json.loads(entry)
        if not (status in _KEPT and _opt(date, str) and _opt(place, str) and _is(game, str)
                and _is(played, str) and played in GAMES
                and _opt(margin, int) and _opt(problem, str)
                and _opt(rule, str) and _opt(line, int) and _is(events, int)
                and isinstance(facts, list) and isinstance(seats, list)):
            return None
        kept_facts: list[tuple[str, str | tuple[str, ...]]] = []
        for key, value in facts:
            if not _is(key, str):
                return None
            if _is(value, str):
                kept_facts.append((key, value))
            elif isinstance(value, list) and all(_is(x, str) for x in value):
                kept_facts.append((key, tuple(value)))
            else:
                return None
        made = []
        for name, seat, total, rank, winner, sources in seats:
            if not (_is(name, str) and _is(seat, int) and _is(total, int) and _is(rank, int)
                    and type(winner) is bool and isinstance(sources, list)):
                return None
            pairs = []
            for source, points in sources:
                if not (_is(source, str) and _is(points, int)):
                    return None
                pairs.append((source, points))
            made.append(Seat(name, seat, total, rank, winner, tuple(pairs)))
    except (TypeError, ValueError, RecursionError):  # not JSON, or not the right list
        return None
    return GameRecord(file, digest, status, date, place, tuple(kept_facts), tuple(made),
                      margin, problem, rule, line, events, game=played, game_digest=game)


def _is(value: object, kind: type) -> bool:
    return type(value) is kind  # exactly: a bool is no int here, as in the log reader


def _opt(value: object, kind: type) -> bool:
    return value is None or type(value) is kind


# --- in the worker processes of ``--jobs N`` ---------------------------------------------

_WORKER: RecordCache | None = None


def start_worker(known: Mapping[str, Any] | None) -> None:
    """Each process scoring a batch (a worker, or the batch's own with one job) starts with
    the entries read from the cache, ``None`` for no cache: handed once to each worker (a
    ProcessPoolExecutor ``initializer``), not with every chunk."""
    global _WORKER
    _WORKER = None if known is None else RecordCache(known)


def worker_records(paths: Sequence[str], board_path: str | None
                   ) -> tuple[list[GameRecord], dict[str, str]]:
    """A chunk's records, and the entries made for the cache while scoring it."""
    cache = _WORKER
    records = records_of(paths, board_path, cache)
    if cache is None:
        return records, {}
    fresh, cache.fresh = cache.fresh, {}
    return records, fresh
