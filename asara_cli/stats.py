"""Scores and statistics across many games: one record per game log (plain data, picklable
for ``batch --jobs N``), then the club's numbers as pure functions of the records, so that a
filter recomputes them on what it keeps."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import permutations
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec
from msgspec import Struct
from msgspec.structs import replace

from asara_cli.core.i18n import _
from asara_cli.core.names import name_key
from asara_cli.errors import InputError
from asara_cli.games import DEFAULT, game
from asara_cli.logfile.board import STANDARD, load_game_board
from asara_cli.logfile.common import loads_toml, read_bytes
from asara_cli.logfile.game import GameLog, load_log_board, parse_log_data

if TYPE_CHECKING:
    from asara_cli.cache import RecordCache

VALID = "valid"
INVALID = "invalid"
INCOMPLETE = "incomplete"
UNREADABLE = "unreadable"
DUPLICATE = "duplicate"

class Seat(Struct, frozen=True):
    """One player in one scored game."""

    name: str
    seat: int  # 1 = the start player, then clockwise
    total: int
    rank: int  # 1 = best; ties share a rank
    winner: bool
    sources: tuple[tuple[str, int], ...]  # (source, points): the game's Source keys


class GameRecord(Struct, frozen=True):
    """One log as batch sees it: status, header facts and, when scored, the seats."""

    file: str
    digest: str
    status: str  # valid, invalid, incomplete, unreadable (duplicate: set by the batch)
    date: str | None = None
    place: str | None = None
    #: the game's header facts that batch filters on (ASARA: variant, expansions)
    facts: tuple[tuple[str, str | tuple[str, ...]], ...] = ()
    seats: tuple[Seat, ...] = ()
    margin: int | None = None  # the winner's lead over the next total
    problem: str | None = None  # the first violation or the read error, one line
    rule: str | None = None
    line: int | None = None
    events: int = 0
    duplicate_of: str | None = None
    game: str = DEFAULT  # the registry's key
    #: SHA-256 of the game the log records, without its comments and notes (BG Stats' play
    #: id); empty when the file could not be read as a log
    game_digest: str = ""

    def fact(self, key: str) -> str | tuple[str, ...] | None:
        """A header fact of the game (``variant``); ``None`` when its game has none."""
        return next((v for k, v in self.facts if k == key), None)

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def scored(self) -> bool:
        return self.status == VALID and bool(self.seats)


def record_of(path: str | Path, board: Any = None,
              cache: RecordCache | None = None, board_game: str | None = None) -> GameRecord:
    """Read, replay and score one log (from and into ``cache``); never raises for a bad file.
    ``board`` (of the game ``board_game``) replaces the log's own; another game's log is
    unreadable on it."""
    name = str(path)
    try:
        raw = read_bytes(path)
    except InputError as e:
        return GameRecord(name, "", UNREADABLE, problem=e.message)
    digest = hashlib.sha256(raw).hexdigest()
    if cache is not None:
        hit = cache.get(digest, name)
        if hit is not None:
            return hit
    try:
        text = raw.decode("utf-8")
        data = loads_toml(text, name)
        log = parse_log_data(data, text, name)
        if board is not None and board_game is not None and log.header.game != board_game:
            return GameRecord(name, digest, UNREADABLE, game=log.header.game, problem=_(
                "--board: it is a profile of {game}, and this is a game of {other}").format(
                    game=game(board_game).name, other=log.header.rules.name))
        rules = board if board is not None else load_log_board(log)
    except UnicodeDecodeError:
        return GameRecord(name, digest, UNREADABLE, problem=_("not UTF-8 text"))
    except InputError as e:
        return GameRecord(name, digest, UNREADABLE, problem=e.what(), line=e.line)
    record = replace(_scored(name, digest, log, rules), game_digest=game_digest(data))
    # a board file named by the log can change under the same log: such games are not kept
    if cache is not None and (board is not None or log.header.board == STANDARD):
        cache.put(record)
    return record


def game_digest(data: Mapping[str, Any]) -> str:
    """SHA-256 of the game a parsed log records, without its notes, comments and layout."""
    header = {k: v for k, v in data.items() if k not in ("notes", "event")}
    # an event without a note is encoded as it is (most have none): no copy of each
    events = [e if type(e) is dict and "note" not in e
              else {k: v for k, v in e.items() if k != "note"} if isinstance(e, Mapping) else e
              for e in data.get("event", ())]
    date = header.get("date")
    if date is not None and not isinstance(date, str):  # a TOML date: as str() writes it
        header["date"] = str(date)
    return hashlib.sha256(_DIGEST_FAST.encode([header, events])).hexdigest()


#: The JSON text :func:`game_digest` hashes: sorted keys, no spaces, UTF-8 (``json.dumps``
#: with ``sort_keys``, ``ensure_ascii=False`` and ``separators=(",", ":")`` writes the same
#: bytes for what a log that was read holds: text, whole numbers, lists, tables, and the
#: header's date made text first; msgspec takes a third of the time; tests/test_batch.py).
_DIGEST_FAST = msgspec.json.Encoder(order="sorted")


def play_day(date: str | None) -> dt.date | None:
    """The day a log's ``date`` names, as the table wrote it (even with a time and offset);
    ``None`` for no date or free text ("last Sunday")."""
    if not date:
        return None
    try:
        return dt.datetime.fromisoformat(date).date()
    except ValueError:
        return None


def _scored(name: str, digest: str, log: GameLog, rules: Any) -> GameRecord:
    played = log.header.rules
    setup = log.header.setup
    result = played.replay(rules, setup, log.events)
    base = GameRecord(name, digest, VALID, log.header.date, log.header.place,
                      tuple(played.facts(setup).items()), events=len(log.events),
                      game=played.key)
    if not result.valid:
        v = result.violations[0]
        return replace(base, status=INVALID, problem=v.message, rule=v.rule,
                      line=log.line_of(v.event))
    if not result.complete:
        return replace(base, status=INCOMPLETE)
    scores = played.scores(result, setup)
    ranks, won, margin = placed([x.total for x in scores])
    seats = tuple(Seat(x.name, x.seat, x.total, rank, winner, x.sources)
                  for x, rank, winner in zip(scores, ranks, won, strict=True))
    return replace(base, seats=seats, margin=margin)


def placed(totals: Sequence[int]) -> tuple[list[int], list[bool], int | None]:
    """Each total's rank (1 = best; ties share a rank) and whether it wins, and the winner's
    lead over the next total (``None`` for one seat)."""
    best = sorted(totals, reverse=True)
    return ([1 + sum(t > x for t in totals) for x in totals], [x == best[0] for x in totals],
            best[0] - best[1] if len(totals) > 1 else None)


def records_of(paths: Sequence[str], board_path: str | None = None,
               cache: RecordCache | None = None) -> list[GameRecord]:
    """Records for a chunk of files (one worker's share in ``--jobs N``)."""
    if board_path is None:
        return [record_of(p, None, cache) for p in paths]
    played, board = load_game_board(board_path)
    return [record_of(p, board, cache, played.key) for p in paths]


def mark_duplicates(records: Iterable[GameRecord]) -> list[GameRecord]:
    """The same content twice counts once: later copies are flagged."""
    seen: dict[str, str] = {}
    out = []
    for r in records:
        if r.digest in seen:  # "" (a file not read) is never seen
            r = replace(r, status=DUPLICATE, duplicate_of=seen[r.digest])
        elif r.digest:
            seen[r.digest] = r.file
        out.append(r)
    return out


# --- statistics ------------------------------------------------------------------------------


class PlayerStats(Struct, frozen=True):
    """One player's figures over the games kept."""

    name: str
    games: int
    wins: int
    shared_wins: int
    win_rate: float
    expected_rate: float  # the mean of 1/n over their games: a fair share
    mean: float
    median: float
    best: int
    share_of_winner: float  # mean of total / the winner's total
    sources: tuple[tuple[str, float], ...]  # mean points per source per game


class SeatStats(Struct, frozen=True):
    """How often a seat wins at one player count."""

    players: int
    seat: int
    games: int
    wins: int
    win_rate: float
    expected_rate: float


class HeadToHead(Struct, frozen=True):
    """Two players' games together: how often the first finished ahead."""

    player: str
    other: str
    games: int
    ahead: int  # games where player's total beat other's
    level: int

    @property
    def behind(self) -> int:
        return self.games - self.ahead - self.level


class Club(Struct, frozen=True):
    """The statistics over a folder of games."""

    games: int
    players: tuple[PlayerStats, ...]
    seats: tuple[SeatStats, ...]
    head_to_head: tuple[HeadToHead, ...]
    ratings: tuple[tuple[str, float, float, float], ...] = ()

    @property
    def pairs(self) -> tuple[HeadToHead, ...]:
        """Head to head with each pair of players once (the other way is its mirror)."""
        return tuple(h for h in self.head_to_head if h.player < h.other)


def spellings(records: Iterable[GameRecord]) -> dict[str, str]:
    """How each player (by name rule key) is shown: the spelling of most scored games, the
    first seen among equals."""
    used: dict[str, Counter[str]] = defaultdict(Counter)
    keys = _Keys()
    for s in (s for r in records if r.scored for s in r.seats):
        used[keys[s.name]][s.name] += 1
    # Counter.most_common keeps first-seen order among equal counts
    return {key: names.most_common(1)[0][0] for key, names in used.items()}


class Clubs(Struct, frozen=True):
    """The statistics of a folder, one :class:`Club` per game (never compared across games)."""

    by_game: tuple[tuple[str, Club], ...]

    @property
    def games(self) -> int:
        return sum(c.games for _, c in self.by_game)

    @property
    def mixed(self) -> bool:
        return len(self.by_game) > 1


def games_of(records: Sequence[GameRecord]) -> list[str]:
    return sorted({r.game for r in records}) or [DEFAULT]


def clubs(records: Sequence[GameRecord], rated: bool = False) -> Clubs:
    """:func:`club` for each game among ``records``, with :func:`ratings` when ``rated``."""
    found = []
    for key in games_of(records):
        mine = [r for r in records if r.game == key]
        stats = club(mine)
        if rated:
            stats = replace(stats, ratings=ratings(mine))
        found.append((key, stats))
    return Clubs(tuple(found))


def club(records: Sequence[GameRecord]) -> Club:
    """Statistics over the scored games among ``records``; a player is everyone whose names
    are the same by the name rule ("Lena", "LENA"), shown as :func:`spellings` says."""
    import statistics  # here: a worker, and a run that shows no statistics, need none of it

    games = [r for r in records if r.scored]
    shown = spellings(games)
    keys = _Keys()
    as_shown = {name: shown[keys[name]] for r in games for name in (s.name for s in r.seats)}
    by_player: dict[str, list[tuple[GameRecord, Seat]]] = defaultdict(list)
    for r in games:
        for s in r.seats:
            by_player[as_shown[s.name]].append((r, s))
    players = []
    for name in sorted(by_player, key=lambda n: (-len(by_player[n]), n.casefold(), n)):
        played = by_player[name]
        totals = [s.total for _, s in played]
        wins = sum(s.winner for _, s in played)
        shared = sum(s.winner and sum(x.winner for x in r.seats) > 1 for r, s in played)
        winner_totals = [max(x.total for x in r.seats) for r, _seat in played]
        sources: dict[str, int] = defaultdict(int)
        for _record, s in played:
            for k, v in s.sources:
                sources[k] += v
        n = len(played)
        players.append(PlayerStats(
            name, n, wins, shared, wins / n, sum(1 / r.players for r, _seat in played) / n,
            statistics.fmean(totals), statistics.median(totals), max(totals),
            statistics.fmean(t / w if w else 1.0 for t, w in zip(totals, winner_totals,
                                                                  strict=True)),
            tuple((k, sources[k] / n) for k in sorted(sources, key=_order(played)))))
    seat_games: dict[tuple[int, int], list[bool]] = defaultdict(list)
    for r in games:
        for s in r.seats:
            seat_games[(r.players, s.seat)].append(s.winner)
    seats = tuple(SeatStats(n, seat, len(w), sum(w), sum(w) / len(w), 1 / n)
                  for (n, seat), w in sorted(seat_games.items()))
    pairs: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    for r in games:
        seated = [(as_shown[s.name], s.total) for s in r.seats]
        # each pair of seats both ways: two seats of one game are never one player (R1)
        for (a, total), (b, other) in permutations(seated, 2):
            cell = pairs[(a, b)]
            cell[0] += 1
            cell[1] += total > other
            cell[2] += total == other
    h2h = tuple(HeadToHead(a, b, g, ahead, level)
                for (a, b), (g, ahead, level) in sorted(pairs.items()))
    return Club(len(games), tuple(players), seats, h2h)


class _Keys(dict[str, str]):
    """Each name's :func:`name_key`, worked out once (a folder repeats the same few names)."""

    def __missing__(self, name: str) -> str:
        key = self[name] = name_key(name)
        return key


def _order(played: Sequence[tuple[GameRecord, Seat]]) -> Callable[[str], tuple[int, int]]:
    keys = {r.game for r, _seat in played}
    return lambda key: min(game(g).source(key).order for g in keys)


def ratings(records: Sequence[GameRecord]) -> tuple[tuple[str, float, float, float], ...]:
    """(name, ordinal, mu, sigma), best first, over the scored games in date order: openskill's
    Plackett-Luce, which handles ties (imported only when ratings are asked for)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    shown = spellings(records)
    current: dict[str, Any] = {}  # by name rule key
    for r in sorted((r for r in records if r.scored), key=lambda r: (r.date or "", r.file)):
        keys = [name_key(s.name) for s in r.seats]
        teams = [[current.get(k) or model.rating(name=shown[k])] for k in keys]
        rated = model.rate(teams, ranks=[s.rank for s in r.seats])
        for k, team in zip(keys, rated, strict=True):
            current[k] = team[0]
    rows = []
    for key, rating in current.items():
        mu, sigma = float(rating.mu), float(rating.sigma)
        rows.append((shown[key], mu - 3 * sigma, mu, sigma))
    return tuple(sorted(rows, key=lambda x: -x[1]))
