"""``asara batch``: score a folder of game logs at once, with the club's statistics."""

from __future__ import annotations

import datetime as dt
import os
from functools import partial
from pathlib import Path
from typing import Annotated, Any, NamedTuple

import typer

from asara_cli.cache import (
    cache_path,
    read_entries,
    save_entries,
    start_worker,
    worker_records,
)
from asara_cli.cli.chunks import in_chunks
from asara_cli.cli.common import (
    EXIT_INPUT,
    EXIT_OK,
    EXIT_VIOLATION,
    BggIdOption,
    BoardOption,
    JobsOption,
    err,
    fail,
    find_game_option,
    out,
    with_options,
)
from asara_cli.core import i18n
from asara_cli.core.i18n import _, ngettext
from asara_cli.core.names import name_key
from asara_cli.core.shown import one_line, show_path
from asara_cli.core.words import either, grouped
from asara_cli.games import all_games
from asara_cli.games.base import Filter
from asara_cli.render.batch import FORMATS, FormatChoice, by_status
from asara_cli.stats import (
    DUPLICATE,
    INCOMPLETE,
    INVALID,
    UNREADABLE,
    VALID,
    Clubs,
    GameRecord,
    clubs,
    mark_duplicates,
    play_day,
)

#: Files a worker takes at once: few enough to keep the bar moving, many enough to keep
#: process start-up and pickling small.
CHUNK = 200


class Found(NamedTuple):
    """The game logs found, in order, and the folders that could not be read (with why)."""

    files: list[str]
    unreadable: list[tuple[str, str]]


def find_logs(paths: list[Path], recursive: bool) -> Found:
    """The game logs given, and those in the folders given (position sheets and hidden
    files left out), in order; and each folder that could not be listed (no permission,
    a name too long), so that none is skipped without a word. Sub-folders are walked with
    a list, not by recursion, so a folder nested thousands deep is walked like any other;
    a link to a folder is not followed (as ``**`` does not)."""
    files: list[str] = []
    unreadable: list[tuple[str, str]] = []
    for p in paths:
        if not p.is_dir():
            files.append(str(p))
            continue
        found: list[str] = []
        folders = [p]
        while folders:
            folder = folders.pop()
            try:
                with os.scandir(folder) as listing:
                    entries = list(listing)
            except OSError as e:
                unreadable.append((str(folder), e.strerror or type(e).__name__))
                continue
            # str(folder / name) for every name, made once per folder: a path object for
            # each of a folder's thousands of logs was half of the walk's time
            within = str(folder / "_")[:-1]
            for entry in entries:
                name = entry.name
                try:
                    if recursive and entry.is_dir(follow_symlinks=False):
                        folders.append(folder / name)
                    elif (name.endswith(".toml") and not name.startswith(".")
                          and not name.endswith(".sheet.toml") and entry.is_file()):
                        found.append(within + name)
                except OSError:  # gone, or its name too long to look at: not a log found
                    continue
        files += sorted(found)
    return Found(files, sorted(unreadable))


def score_logs(files: list[str], board_path: str | None, jobs: int | None,
               cached: bool = True) -> list[GameRecord]:
    """Every file's record, in order, scored in ``jobs`` processes (``None``: one per core);
    with ``cached``, a log the cache holds is not replayed, and the logs replayed are added
    to it."""
    stored = cache_path(board_path) if cached else None
    found = None if stored is None else read_entries(stored)
    known = None if found is None else found.entries
    fresh: dict[str, str] = {}
    records: list[GameRecord] = []
    for done, made in in_chunks(partial(worker_records, board_path=board_path), files, CHUNK,
                                jobs, _("scoring"), start_worker,
                                (known, i18n.language())):
        records += done
        fresh.update(made)
    if stored is not None and found is not None and (fresh or found.prune):
        save_entries(stored, found, fresh, {r.digest for r in records})
    return records


def logs_in(paths: list[Path], recursive: bool) -> Found:
    """:func:`find_logs`, refusing (exit 2) when there are none; a folder that could not be
    read is named on stderr (as ``unreadable``) and refused with the rest when none is
    found."""
    found = find_logs(paths, recursive)
    for folder, why in found.unreadable:
        err().print(one_line(_("unreadable: {path}: cannot read this folder: {why}").format(
            path=show_path(folder), why=why)), soft_wrap=True)
    if not found.files:
        raise fail(_("no game logs found (give files, or folders holding .toml logs)"))
    return found


def say_skipped(records: list[GameRecord]) -> bool:
    """One line on stderr for each file left out (unreadable, a duplicate) or breaking a
    rule; whether any was unreadable or broke a rule (exit code 1)."""
    console = err()
    for r in records:
        if r.status == DUPLICATE:  # its own path; the line and rule are the original's
            console.print(one_line(_("skipped: {path}: duplicate of {original}").format(
                path=show_path(r.file), original=show_path(r.duplicate_of or ""))),
                soft_wrap=True)
        elif r.status in (UNREADABLE, INVALID):
            where = f"{show_path(r.file)}:{r.line}" if r.line else show_path(r.file)
            if r.status == INVALID:
                said = (_("invalid: {where}: {problem} [{rule}]") if r.rule
                        else _("invalid: {where}: {problem}"))
            else:
                said = (_("skipped: {where}: {problem} [{rule}]") if r.rule
                        else _("skipped: {where}: {problem}"))
            console.print(one_line(said.format(where=where, problem=r.problem, rule=r.rule)),
                          soft_wrap=True)
    return any(r.status in (UNREADABLE, INVALID) for r in records)


def _date(text: str | None, option: str) -> dt.date | None:
    if text is None:
        return None
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise fail(_("{option}: expected YYYY-MM-DD, got {text}").format(
            option=option, text=repr(text))) from None


#: The fewest and the most players a registered game is played by (``--players``).
_FEWEST = min(g.min_players for g in all_games())
_MOST = max(g.max_players for g in all_games())


Paths = Annotated[list[Path], typer.Argument(help="Game logs, or folders of them.",
                                             show_default=False)]
Recursive = Annotated[bool, typer.Option("--recursive", "-r", help="Look into sub-folders too.")]
Format = Annotated[FormatChoice, typer.Option(
    "--format", "-f", help="table, json, csv (one row per player per game), markdown, "
    "or bgstats (each finished game as BG Stats' play JSON).")]
Url = Annotated[bool, typer.Option("--url", help="With --format bgstats: one BG Stats "
                                   "createPlay link per game instead of JSON.")]
Player = Annotated[list[str] | None, typer.Option(
    "--player", help="Only games with this player (repeatable: all of them).",
    show_default=False)]
Players = Annotated[int | None, typer.Option("--players", min=_FEWEST, max=_MOST,
                                             help="Only games of N players.",
                                             show_default=False)]
OnlyGame = Annotated[str | None, typer.Option(
    "--game", "-g", help="Only games of this game (a folder may mix games: the "
    "statistics are per game).", show_default=False)]
Since = Annotated[str | None, typer.Option("--since", help="Only games played on or after "
                                           "YYYY-MM-DD (games without a date left out).",
                                           show_default=False)]
Until = Annotated[str | None, typer.Option("--until", help="Only games played on or before "
                                           "YYYY-MM-DD (games without a date left out).",
                                           show_default=False)]
ValidOnly = Annotated[bool, typer.Option("--valid-only", help="Leave out logs that break a "
                                         "rule.")]
CompleteOnly = Annotated[bool, typer.Option("--complete-only", help="Leave out games still "
                                            "running (with --valid-only: only finished, "
                                            "legal games).")]
Ratings = Annotated[bool, typer.Option("--ratings", help="Rate the players across the games "
                                       "(openskill).")]
NoCache = Annotated[bool, typer.Option("--no-cache", help="Replay every log, and leave the "
                                       "cache of scored games alone.")]


def _batch(paths: Paths, recursive: Recursive = False, fmt: Format = FormatChoice.table,
           url: Url = False, bgg_id: BggIdOption = None, jobs: JobsOption = None,
           player: Player = None, players: Players = None, game_name: OnlyGame = None,
           since: Since = None, until: Until = None, valid_only: ValidOnly = False,
           complete_only: CompleteOnly = False, with_ratings: Ratings = False,
           board: BoardOption = None, no_cache: NoCache = False, **facts: Any) -> None:
    """Score many game logs at once: each game, then statistics per player, pair and seat.

    Bad files are reported and skipped; the rest are still scored. The same game twice
    (the same bytes) counts once. A game scored before, unchanged, is taken from the cache
    instead of being replayed again. Exit code 0 when every file is a valid log, 1 when any
    breaks a rule or cannot be read, 2 for bad usage. JSON keys and the cache:
    docs/batch.md.

    Example: asara batch club/ -r --format csv > club.csv
    """
    start, end = _date(since, "--since"), _date(until, "--until")
    if (url or bgg_id is not None) and fmt is not FormatChoice.bgstats:
        raise fail("--url and --bgg-id go with --format bgstats")
    only_game = None if game_name is None else find_game_option(game_name).key
    asked = _asked(facts)
    files, unreadable = logs_in(paths, recursive)
    board_path = None if board is None else str(board)
    records = mark_duplicates(score_logs(files, board_path, jobs, cached=not no_cache))
    bad = say_skipped(records) or bool(unreadable)

    kept, undated = _kept(records, valid_only, complete_only, players, only_game, asked,
                          {name_key(p) for p in player or []}, start, end)
    writer = FORMATS[fmt.value](url, bgg_id)
    if with_ratings and not writer.ratings:  # said, not silently dropped
        err().print(_("note: {message}").format(message=_(
            "--ratings: the {format} output shows no ratings, so none are worked out")
            .format(format=fmt.value)), soft_wrap=True)
    try:
        stats = (clubs(kept, rated=with_ratings and writer.ratings) if writer.statistics
                 else Clubs(()))
    except ImportError:
        raise fail(_("--ratings needs the openskill package: pip install openskill"),
                   EXIT_INPUT) from None
    text = writer.write(kept, stats, out())
    if text:
        out().file.write(text)
    for warning in writer.warnings:
        err().print(warning, soft_wrap=True)
    said = _counted(len(files), records, kept, undated, len(unreadable))
    err().print(said, soft_wrap=True)
    raise typer.Exit(EXIT_VIOLATION if bad else EXIT_OK)


def _kept(records: list[GameRecord], valid_only: bool, complete_only: bool,
          players: int | None, only_game: str | None,
          asked: list[tuple[Filter, tuple[str, ...]]], wanted: set[str],
          start: dt.date | None, end: dt.date | None) -> tuple[list[GameRecord], int]:
    """The records ``batch``'s filters keep, and how many games the date filter left out
    for having no date."""
    kept = []
    kept_files: set[str] = set()
    undated = 0
    for r in records:
        if r.status == DUPLICATE:
            # listed (and counted nowhere) where the game it copies is kept: the same
            # bytes pass the same filters
            if r.duplicate_of in kept_files:
                kept.append(r)
            continue
        if ((valid_only and r.status in (INVALID, UNREADABLE))
                or (complete_only and r.status == INCOMPLETE)
                or (players is not None and r.players != players)
                or (only_game is not None and r.game != only_game)
                or not all(_has(r, f, values) for f, values in asked)
                or (wanted and not wanted <= {name_key(s.name) for s in r.seats})):
            continue
        if start or end:
            day = play_day(r.date)
            if day is None:  # no date, or text that names no day ("last Sunday")
                undated += r.status != UNREADABLE
                continue
            if (start and day < start) or (end and day > end):
                continue
        kept.append(r)
        kept_files.add(r.file)
    return kept, undated


def _counted(files: int, records: list[GameRecord], kept: list[GameRecord], undated: int,
             unreadable: int) -> str:
    """``batch``'s last line: how many files, scored, incomplete, ... ."""
    scored = sum(r.status == VALID for r in kept)
    counts = by_status(records)
    said = ngettext(
        "{n} file: {scored} scored, {incomplete} incomplete, {invalid} invalid, "
        "{unreadable} unreadable, {duplicates}",
        "{n} files: {scored} scored, {incomplete} incomplete, {invalid} invalid, "
        "{unreadable} unreadable, {duplicates}", files).format(
        n=grouped(files), scored=grouped(scored), incomplete=grouped(counts[INCOMPLETE]),
        invalid=grouped(counts[INVALID]), unreadable=grouped(counts[UNREADABLE]),
        duplicates=ngettext("{n} duplicate", "{n} duplicates", counts[DUPLICATE]).format(
            n=grouped(counts[DUPLICATE])))
    if undated:
        said += _("; {n} undated, left out by the date filter").format(n=grouped(undated))
    if unreadable:
        said += ngettext("; {n} folder unreadable", "; {n} folders unreadable",
                         unreadable).format(n=grouped(unreadable))
    return said


def _filters() -> dict[str, Filter]:
    """The filters the games declare, by the name of their parameter (one per key)."""
    found: dict[str, Filter] = {}
    for g in all_games():
        for f in g.filters:
            found.setdefault((f.option or f.key).replace("-", "_"), f)
    return found


def _options() -> list[tuple[str, Any]]:
    # a filter is one game's: its help says whose, as simulate's switches do
    owners = {id(f): g.name for g in all_games() for f in g.filters}
    return [(name, Annotated[list[str] | None if f.many else str | None, typer.Option(
        f.flag, help=f"{owners[id(f)]}: {f.help}", show_default=False)])
        for name, f in _filters().items()]


def _asked(facts: dict[str, Any]) -> list[tuple[Filter, tuple[str, ...]]]:
    """The filters given, with their values, each checked against the games' choices."""
    filters = _filters()
    asked = []
    for name, value in facts.items():
        if value is None or value == []:
            continue
        f = filters[name]
        values = tuple(value) if f.many else (value,)
        for v in values:
            if v not in f.choices:
                raise fail(_("{option}: expected {choices}, got {value}").format(
                    option=f.flag, choices=either(f.choices), value=repr(v)))
        asked.append((f, values))
    return asked


def _has(r: GameRecord, f: Filter, values: tuple[str, ...]) -> bool:
    """Whether a game has the values asked for (every one, for a list such as expansions);
    a game without the fact has none of them."""
    fact = r.fact(f.key)
    if fact is None:
        return False
    held = (fact,) if isinstance(fact, str) else fact
    return set(values) <= set(held)


batch = with_options(_batch, _options())
