"""``asara batch``'s cache of scored games: each record under the SHA-256 of its log's bytes,
in a file named by a digest of this package and the ``--board`` profile, read and written only
where the user alone can write, every entry checked as a replay would have made it. What it
keeps, where, whom it believes and its bounds: docs/batch.md, "The cache of scored games"."""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import re
import stat
import sys
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from asara_cli.core import i18n
from asara_cli.core.i18n import _
from asara_cli.core.names import hidden_character, same_name
from asara_cli.errors import InputError
from asara_cli.games import game, registered
from asara_cli.logfile.common import read_bytes
from asara_cli.stats import (
    INCOMPLETE,
    INVALID,
    VALID,
    GameRecord,
    Seat,
    placed,
    records_of,
)

#: The layout of an entry; a new layout is a new key, so old files are never misread.
LAYOUT = 5
#: The first line of every cache file this layout writes: what shows that asara wrote it.
SIGNATURE = f"asara-cli batch cache, layout {LAYOUT}\n"
#: The opening of the files older layouts wrote (one JSON object), also asara's to remove.
_OLD_SIGNATURE = re.compile(rb'\{"layout":[0-9]{1,3},"records":\{')
#: The names of the cache's files: no other file in its folder is ever removed.
_NAME = re.compile(r"batch-[0-9a-f]{32}\.(?:cache|json)")
#: The entries kept at most (about 800 bytes a line): a club's folders, not every log seen.
MAX_ENTRIES = 100_000
#: The longest line kept: an entry with every text at its bound is about 5,000 characters.
MAX_LINE = 8_000
#: The largest cache file read: MAX_ENTRIES entries of 1,300 bytes.
MAX_CACHE_BYTES = 128 * 1024 * 1024
_DIGEST = re.compile(r"[0-9a-f]{64}")
_KEPT = (VALID, INVALID, INCOMPLETE)
#: The bounds an entry must keep (far beyond any game: a year's prestige is a few dozen).
MOST_POINTS = 10_000
MOST_TEXT = 1_000
MOST_EVENTS = 100_000


def cache_folder(env: Mapping[str, str] | None = None) -> Path:
    """The folder the cache lives in (docs/batch.md)."""
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
    h = hashlib.sha256(SIGNATURE.encode())
    try:
        files = _package_files(str(package))
        for parts in files:
            with open(os.path.join(package, *parts), "rb") as f:
                data = f.read()
            h.update("/".join(parts).encode() + b"\0")
            h.update(data + b"\0")
    except OSError:
        return None
    if not files:
        return None
    if i18n.language() != i18n.SOURCE:  # the records' problems are in that language
        h.update(f"language {i18n.language()}\0".encode())
    if board_bytes is not None:
        h.update(b"--board\0" + board_bytes)
    return h.hexdigest()


def _package_files(package: str) -> list[tuple[str, ...]]:
    """The package's source and data files, each as its path's parts within ``package``, in
    order: its code, its boards, and its catalogues (a record's problem is text in the
    language in use). The byte code is not walked (a path object for every file there and
    here was half the key's time, at every batch's start)."""
    found = []
    for folder, subfolders, names in os.walk(package):
        subfolders[:] = [d for d in subfolders if d != "__pycache__"]
        within = Path(folder).relative_to(package).parts
        found += [(*within, name) for name in names if name.endswith((".py", ".toml", ".mo"))]
    return sorted(found)


def cache_path(board_path: str | None) -> Path | None:
    """The cache file for this package and board; ``None`` (no cache) where the ``--board``
    file or the package's files cannot be read, or the folder is not the user's own."""
    try:
        board_bytes = None if board_path is None else read_bytes(board_path)
    except InputError:
        return None
    key = cache_key(board_bytes)
    if key is None:
        return None
    folder = cache_folder()
    return folder / f"batch-{key[:32]}.cache" if _private(folder, folder=True) else None


def _private(path: Path, *, folder: bool = False) -> bool:
    """``path`` is missing, or a folder (``folder``) or regular file that is no link, is
    owned by the user running asara and can be written by nobody else."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return True
    except (OSError, ValueError):
        return False
    kind = stat.S_ISDIR if folder else stat.S_ISREG
    if not kind(info.st_mode):
        return False
    geteuid = getattr(os, "geteuid", None)  # Windows: no owners to compare
    return geteuid is None or (info.st_uid == geteuid() and not info.st_mode & 0o022)


class RecordCache:
    """The entries read from one cache file, and the entries made since (``fresh``)."""

    def __init__(self, known: Mapping[str, Any] | None = None) -> None:
        self.known: Mapping[str, Any] = known or {}
        self.fresh: dict[str, str] = {}

    def get(self, digest: str, file: str) -> GameRecord | None:
        """The record of the log with this digest, named ``file``; ``None`` on a miss."""
        return from_entry(self.known.get(digest), file, digest)  # None is no entry

    def put(self, record: GameRecord) -> None:
        if record.status in _KEPT and record.digest:
            self.fresh[record.digest] = to_entry(record)


@dataclass(slots=True)
class Stored:
    """What a cache file holds: its entries (by digest); whether the file may be written
    (it is missing, or a cache file asara wrote); whether it must be written even if nothing
    is added (``prune``: too large, too many entries, or lines that are not entries)."""

    entries: dict[str, str] = field(default_factory=dict)
    writable: bool = True
    prune: bool = False


def read_entries(path: Path) -> Stored:
    """The entries of a cache file; none when it is missing, not a cache file, too large or
    holding too many entries (checked before parsing), or not the user's own (a link, or a
    file others may write)."""
    if not _private(path):
        return Stored(writable=False)
    if not os.path.lexists(path):
        return Stored()
    if not written_here(path):
        return Stored(writable=False)  # someone's file at the cache's name: left alone
    try:
        raw = read_bytes(path, limit=MAX_CACHE_BYTES, follow_link=False,
                         what=_("a cache file"))
    except InputError:  # too large, or unreadable: replaced by this run's entries
        return Stored(prune=True)
    if not raw.startswith(SIGNATURE.encode()) or raw.count(b"\n") > MAX_ENTRIES + 1:
        return Stored(prune=True)  # an older layout, or too many entries: not parsed
    entries: dict[str, str] = {}
    prune = False
    lines = raw[len(SIGNATURE):].split(b"\n")
    for line in lines if lines[-1] else lines[:-1]:  # the last line ends with a break
        digest, _space, entry = line.partition(b" ")
        try:
            key, text = digest.decode("ascii"), entry.decode("utf-8")
        except UnicodeDecodeError:
            prune = True
            continue
        if (len(line) > MAX_LINE or not _DIGEST.fullmatch(key) or not text
                or key in entries):
            prune = True
            continue
        entries[key] = text
    return Stored(entries, prune=prune)


def written_here(path: Path) -> bool:
    """Whether ``path`` is a file this cache wrote: one of its names, a regular file of the
    user's own (no link), beginning with the signature of this layout or an older one."""
    if not _NAME.fullmatch(path.name) or not _private(path):
        return False
    try:  # of any size: one too large to read is still the cache's, to be replaced
        head = read_bytes(path, limit=sys.maxsize, follow_link=False, head=64)
    except InputError:
        return False
    return head.startswith(SIGNATURE.encode()) or _OLD_SIGNATURE.match(head) is not None


def cache_text(entries: Mapping[str, str]) -> str:
    """A cache file's text: the signature line, then one line per entry (digest, entry)."""
    return SIGNATURE + "".join(f"{d} {e}\n" for d, e in entries.items())


def save_entries(path: Path, stored: Stored, fresh: Mapping[str, str],
                 used: Collection[str] = ()) -> None:
    """Write the entries read (``stored``) and ``fresh`` (which wins) to ``path`` at once,
    and remove the other cache files asara wrote beside it (:func:`written_here`: no other
    file). Past :data:`MAX_ENTRIES` or :data:`MAX_CACHE_BYTES`, only the entries of this
    run's logs (``used``, by digest) are kept, up to those bounds, so the file written is
    one the next run reads. Nothing is written where the folder cannot be written, is not
    the user's own, or the file at ``path`` is not the cache's (the cache is optional)."""
    from asara_cli.logfile.write import write_file

    if not stored.writable:
        return
    entries = {**stored.entries, **fresh}
    budget = MAX_CACHE_BYTES - len(SIGNATURE)  # entries are ASCII: JSON escapes the rest
    lines = [f"{d} {e}\n" for d, e in entries.items()]
    if len(lines) > MAX_ENTRIES or sum(map(len, lines)) > budget:
        lines = [f"{d} {e}\n" for d, e in entries.items() if d in used or d in fresh]
    lines = [line for line in lines if len(line) <= MAX_LINE][:MAX_ENTRIES]
    while sum(map(len, lines)) > budget:
        del lines[len(lines) // 2:]
    text = SIGNATURE + "".join(lines)  # the same as cache_text(), within the bounds
    with contextlib.suppress(OSError, InputError):
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not (_private(path.parent, folder=True) and _private(path)):
            return
        if os.path.lexists(path) and not written_here(path):
            return
        write_file(path, text, follow_link=False, mode=0o600)
        for other in path.parent.glob("batch-*"):
            if other != path and written_here(other):
                with contextlib.suppress(OSError):
                    other.unlink()


# --- one record as a JSON entry ----------------------------------------------------------


def to_entry(r: GameRecord) -> str:
    """Everything of a record but its file and digest (the key), as a JSON text."""
    return _ENTRY_JSON.encode([
        r.status, r.date, r.place, r.game,
        [[k, v if isinstance(v, str) else list(v)] for k, v in r.facts],
        [[s.name, s.seat, s.total, s.rank, s.winner, [[k, v] for k, v in s.sources]]
         for s in r.seats],
        r.margin, r.problem, r.rule, r.line, r.events, r.game_digest])


#: ``json.dumps(..., separators=(",", ":"))``, its encoder made once instead of per record.
_ENTRY_JSON = json.JSONEncoder(separators=(",", ":"))


def from_entry(entry: Any, file: str, digest: str) -> GameRecord | None:
    """The record an entry holds, checked field by field (``type(x) is int``: a bool is no
    int, as in the log reader) and against itself; ``None`` if no replay could make it."""
    try:
        if not isinstance(entry, str) or len(entry) > 100 * MOST_TEXT:
            return None
        (status, date, place, played, facts, seats, margin, problem, rule, line,
         events, game) = json.loads(entry)
        if not (status in _KEPT and _text(date) and _text(place) and type(game) is str
                and len(game) <= 64 and type(played) is str and played in registered()
                and _opt(margin, int) and _text(problem) and _text(rule)
                and _opt(line, int) and type(events) is int and 0 <= events <= MOST_EVENTS
                and (line is None or 1 <= line <= 10 * MOST_EVENTS)
                and isinstance(facts, list) and len(facts) <= 8
                and isinstance(seats, list) and len(seats) <= 8):
            return None
        kept_facts: list[tuple[str, str | tuple[str, ...]]] = []
        for key, value in facts:
            if not (type(key) is str and len(key) <= 40):
                return None
            if _text(value):
                kept_facts.append((key, value))
            elif (isinstance(value, list) and len(value) <= 8
                  and all(type(x) is str and len(x) <= 40 for x in value)):
                kept_facts.append((key, tuple(value)))
            else:
                return None
        sources_of = _sources(played)
        made = []
        for name, seat, total, rank, winner, sources in seats:
            if not (type(name) is str and 0 < len(name) <= 100
                    and (name.isprintable() or hidden_character(name) is None)
                    and type(seat) is int and type(total) is int and abs(total) <= MOST_POINTS
                    and type(rank) is int and type(winner) is bool
                    and isinstance(sources, list) and len(sources) <= 64):
                return None
            pairs = []
            for source, points in sources:
                if not (type(source) is str and sources_of(source) and type(points) is int
                        and abs(points) <= MOST_POINTS):
                    return None
                pairs.append((source, points))
            made.append(Seat(name, seat, total, rank, winner, tuple(pairs)))
    except (TypeError, ValueError, RecursionError):  # not JSON, or not the right list
        return None
    if not _consistent(status, made, margin, problem, rule, played):
        return None
    return GameRecord(file, digest, status, date, place, tuple(kept_facts), tuple(made),
                      margin, problem, rule, line, events, game=played, game_digest=game)


@functools.cache  # once per game, not once per entry of a cache of thousands
def _sources(key: str) -> Callable[[str], bool]:
    """Whether a seat's points may come from a source of that name in the game ``key``: one
    it declares, or one of its periods (a board of five years scores ``year5``)."""
    played = game(key)
    declared = {s.key for s in played.sources(None)}
    return lambda name: len(name) <= 40 and (
        name in declared or played.source(name).period is not None)


def _consistent(status: str, seats: Sequence[Seat], margin: int | None, problem: str | None,
                rule: str | None, key: str) -> bool:
    """What a replay makes (stats._scored): seats only for a finished valid game, 2 to 4 of
    them in seats 1..n with distinct names; each total the sum of its points; ranks,
    winners and margin as the totals give them; a rule and a problem for an invalid one."""
    if status == INVALID:
        return not seats and problem is not None and rule is not None
    if status == INCOMPLETE or not seats:
        return not seats and status == INCOMPLETE and margin is None
    n = len(seats)
    played = game(key)
    if (not played.min_players <= n <= played.max_players
            or same_name(s.name for s in seats) is not None):
        return False
    totals = [s.total for s in seats]
    if (placed(totals) != ([s.rank for s in seats], [s.winner for s in seats], margin)
            or sorted(s.seat for s in seats) != list(range(1, n + 1))):
        return False
    return all(len({k for k, _points in s.sources}) == len(s.sources)
               and s.total == sum(v for _, v in s.sources) for s in seats)


def _text(value: object) -> bool:
    return value is None or (type(value) is str and len(value) <= MOST_TEXT)


def _opt(value: object, kind: type) -> bool:
    return value is None or type(value) is kind


# --- in the worker processes of ``--jobs N`` ---------------------------------------------

_WORKER: RecordCache | None = None


def start_worker(known: Mapping[str, Any] | None, language: str = i18n.SOURCE) -> None:
    """A process scoring a batch starts with the cache's entries (``None``: no cache) and the
    language of its records' problems (a spawned worker starts in English without it)."""
    global _WORKER
    if i18n.language() != language:
        from asara_cli import language as languages  # reads the catalogues

        languages.use(language)
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
