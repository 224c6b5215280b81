"""``asara batch`` outputs: one small class per format behind one interface, chosen by one
option (table, json, csv, markdown). Keys of the JSON are documented in docs/batch.md."""

from __future__ import annotations

import csv
import io
import os
from collections import Counter
from collections.abc import Iterable, Sequence
from enum import StrEnum
from itertools import chain
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from msgspec.structs import asdict, fields

from asara_cli.core import i18n
from asara_cli.core.i18n import N_, NP_, _, ngettext, pgettext
from asara_cli.core.names import name_key
from asara_cli.core.shown import one_line, show_path
from asara_cli.core.words import grouped
from asara_cli.games import game
from asara_cli.games.base import Source
from asara_cli.language import date, decimal
from asara_cli.render import bgstats
from asara_cli.render.safe import json_text
from asara_cli.render.tables import group, rich_text, table
from asara_cli.render.wrap import Writer
from asara_cli.stats import DUPLICATE, VALID, Club, Clubs, GameRecord, PlayerStats, games_of

if TYPE_CHECKING:  # rich draws the table format alone: the others are written without it
    from rich.console import Console, RenderableType
    from rich.table import Table


def sources_of(records: Sequence[GameRecord]) -> list[Source]:
    """The sources of the games among ``records`` (their packaged boards', and any other a
    record scored from: five years score ``year5``), in the games' order."""
    keys = games_of(records)
    found: dict[str, Source] = {}
    for key in keys:
        played = game(key)
        for source in played.sources(None):
            found.setdefault(source.key, source)
        # the names the seats scored from, in the order first seen, gathered in C: a
        # folder's thousands of seats repeat the same few
        scored = dict.fromkeys(map(itemgetter(0), chain.from_iterable(
            s.sources for r in records if r.game == key for s in r.seats)))
        for k in scored:
            if k not in found:  # a source is looked up once, not once a seat
                found[k] = played.source(k)
    return sorted(found.values(), key=lambda x: x.order)


def _game_dict(r: GameRecord) -> dict[str, Any]:
    # the record's plain fields in their order (asdict would copy the seats, left out)
    d = {k: getattr(r, k) for k in _PLAIN}
    d["file"] = show_path(r.file)
    d["duplicate_of"] = None if r.duplicate_of is None else show_path(r.duplicate_of)
    for key, value in r.facts:
        d[key] = value if isinstance(value, str) else list(value)
    d["players"] = [{"name": s.name, "seat": s.seat, "total": s.total, "rank": s.rank,
                     "winner": s.winner, "sources": dict(s.sources)} for s in r.seats]
    return d


#: A game's fields in the JSON as they are: all but its seats and facts (written apart).
_PLAIN = tuple(f.name for f in fields(GameRecord) if f.name not in ("seats", "facts"))


def status_word(status: str) -> str:
    """A game's status in the language in use (the JSON keeps the English key)."""
    return pgettext("game status", status) if status in _STATUS else status


_STATUS = frozenset((NP_("game status", "valid"), NP_("game status", "invalid"),
                     NP_("game status", "incomplete"), NP_("game status", "unreadable"),
                     NP_("game status", "duplicate")))


def _problem(r: GameRecord) -> str:
    """What is wrong with a game and where, without its status (``line 57: ... [R2.3]``)."""
    if r.status == DUPLICATE:
        return _("of {file}").format(file=show_path(r.duplicate_of or ""))
    if not r.problem:
        return ""
    rule = f" [{r.rule}]" if r.rule else ""
    if r.line:
        return _("line {line}: {problem}").format(line=r.line, problem=r.problem) + rule
    return r.problem + rule


def game_status(r: GameRecord) -> str:
    """A game's status for a person: ``valid``, ``invalid: line 57: ... [R2.3]`` ..."""
    if r.status == DUPLICATE:
        return _("duplicate of {file}").format(file=show_path(r.duplicate_of or ""))
    if r.problem:
        return f"{status_word(r.status)}: {_problem(r)}"
    return status_word(r.status)


def _result(r: GameRecord, room: int) -> str:
    """Each total, the winner's marked (``Anna 64*, Ben 53``), or what is wrong."""
    if r.problem or r.status == DUPLICATE:
        return _problem(r)
    seats = [f"{s.name} {s.total}{'*' if s.winner else ''}" for s in r.seats]
    line = ", ".join(seats)
    return line if len(line) <= room else ",\n".join(seats)


class Format:
    """Writes the batch result; ``write`` returns the text for stdout."""

    #: Whether it shows the folder's statistics (not worked out for a format that does not)
    statistics = True
    #: Whether it shows the players' ratings (``--ratings``)
    ratings = True

    def __init__(self, url: bool = False, bgg_id: int | None = None) -> None:
        self.url, self.bgg_id = url, bgg_id  # only the BG Stats format reads them
        #: Warnings for stderr that writing found (the command prints them)
        self.warnings: list[str] = []

    def write(self, records: Sequence[GameRecord], stats: Clubs, console: Console | Writer) -> str:
        raise NotImplementedError


class JsonFormat(Format):
    def write(self, records: Sequence[GameRecord], stats: Clubs, console: Console | Writer) -> str:
        data: dict[str, Any] = {
            "games": [_game_dict(r) for r in records],
            "summary": {"files": len(records), "scored": stats.games,
                        "by_status": by_status(records)},
        }
        per_game = {key: _club_dict(club) for key, club in stats.by_game}
        if stats.mixed:  # a folder of several games: statistics for each, never across them
            data["by_game"] = per_game
        else:
            data.update(next(iter(per_game.values())))
        return json_text(data) + "\n"


def _club_dict(stats: Club) -> dict[str, Any]:
    data: dict[str, Any] = {
        "players": [{**asdict(p), "sources": dict(p.sources)} for p in stats.players],
        "seats": [asdict(s) for s in stats.seats],
        "head_to_head": [asdict(h) for h in stats.head_to_head],
    }
    if stats.ratings:
        data["ratings"] = [{"name": n, "ordinal": o, "mu": m, "sigma": s}
                           for n, o, m, s in stats.ratings]
    return data


def by_status(records: Sequence[GameRecord]) -> Counter[str]:
    """How many records have each status, in the order the statuses first come."""
    return Counter(r.status for r in records)


#: CSV cells a spreadsheet would run as a formula start with one of these.
_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: object) -> object:
    """A cell that opens as text, not as a formula, its controls and line breaks escaped (the
    file is often read in a terminal, where a quoted line break looks like a row)."""
    if not isinstance(value, str):
        return value
    value = one_line(value).replace("\t", "\\t")
    return "'" + value if value.startswith(_FORMULA) else value


class CsvFormat(Format):
    """One row per player per game (the shape spreadsheets pivot), a column per source; for
    programs, so English in every language (as the JSON)."""

    statistics = ratings = False  # a row per seat, no statistics

    FIRST = ("file", "date", "place")
    THEN = ("status", "players", "player", "seat", "total", "rank", "winner", "margin")

    @staticmethod
    def columns(records: Sequence[GameRecord]) -> tuple[tuple[str, ...], set[str]]:
        """The header row (the games' filters after the place, their sources after the
        margin), and which of its columns are points."""
        points = [s.key for s in sources_of(records)]
        facts = list(dict.fromkeys(f.key for key in games_of(records) for f in game(key).filters))
        if len(games_of(records)) > 1:
            facts.insert(0, "game")
        return (*CsvFormat.FIRST, *facts, *CsvFormat.THEN, *points, "problem"), set(points)

    def write(self, records: Sequence[GameRecord], stats: Clubs, console: Console | Writer) -> str:
        # A byte order mark first: Excel opens a UTF-8 file without one as its local code
        # page ("Zoë" as "ZoÃ«"). Python reads it with utf-8-sig; pandas skips it.
        buf = io.StringIO()
        buf.write("\ufeff")
        w = csv.writer(buf, lineterminator="\r\n")
        columns, numeric = self.columns(records)
        w.writerow(columns)
        safe, numeral = _Cells(), _Numerals()
        # each row is filled by column index: a game's cells once, then each seat's own
        at = {c: i for i, c in enumerate(columns)}
        player, seat, total, rank, winner = (at[c] for c in CsvFormat.THEN[2:7])
        # a seat's row before its cells, and a row without seats
        points: list[object] = ["0" if c in numeric else "" for c in columns]
        blank: list[object] = [""] * len(columns)

        def fill(row: list[object], cells: Iterable[tuple[str, object]]) -> None:
            for key, value in cells:
                i = at.get(key)
                if i is not None:  # numbers stay numbers; text is made spreadsheet-safe
                    row[i] = safe[value] if type(value) is str else value

        for r in records:
            game = [("file", show_path(r.file)), ("date", r.date or ""),
                    ("place", r.place or ""), ("game", r.game),
                    *((k, v if isinstance(v, str) else " ".join(v)) for k, v in r.facts),
                    ("status", status_word(r.status)), ("players", r.players or ""),
                    ("margin", "" if r.margin is None else r.margin),
                    ("problem", "" if r.status == VALID else game_status(r))]
            alone = not r.seats or r.status == DUPLICATE  # a copy's players are the original's
            first = (blank if alone else points).copy()
            fill(first, game)
            if alone:
                w.writerow(first)
                continue
            for s in r.seats:
                row = first.copy()
                # the numbers as the csv module writes them (str), each worked out once: the
                # same few hundred numbers fill the rows, and the module turned each again
                row[player], row[seat], row[total], row[rank], row[winner] = (
                    safe[s.name], numeral[s.seat], numeral[s.total], numeral[s.rank],
                    numeral[int(s.winner)])
                for key, value in s.sources:  # every source is a column; points are numbers
                    row[at[key]] = numeral[value]
                w.writerow(row)
        return buf.getvalue()


class _Cells(dict[str, object]):
    """:func:`spreadsheet_safe` of each text, worked out once (rows repeat the same texts)."""

    def __missing__(self, text: str) -> object:
        cell = self[text] = spreadsheet_safe(text)
        return cell


class _Numerals(dict[int, str]):
    """Each whole number's text, worked out once."""

    def __missing__(self, n: int) -> str:
        text = self[n] = str(n)
        return text


class MarkdownFormat(Format):
    def write(self, records: Sequence[GameRecord], stats: Clubs, console: Console | Writer) -> str:
        out = [_("## Games"), "", _("| file | date | players | winner(s) | margin | status |"),
               "|---|---|---|---|---|---|", *(_md_row(game_cells(r)) for r in records)]
        for key, club in stats.by_game:
            mine = [r for r in records if r.game == key]
            if stats.mixed:
                out += ["", _("# {game} ({games})").format(game=game(key).name,
                                                          games=scored_games(club.games))]
            out += self._club(mine, club)
        return "\n".join(out) + "\n"

    @staticmethod
    def _club(records: Sequence[GameRecord], stats: Club) -> list[str]:
        players, seats, pairs = club_cells(stats)
        out = _md_table(_("## Players"), _("| player | games | wins | shared wins | win rate | "
                                           "fair share | mean | median | best | of winner's |"),
                        "|---|" + "---:|" * 9, players)
        scored = {k for p in stats.players for k, v in p.sources if v}
        used = [x for x in sources_of(records) if x.key in scored]
        if used:
            out += _md_table(_("## Mean points per game, by source"),
                             _("| player | {sources} |").format(
                                 sources=" | ".join(_md(x.label) for x in used)),
                             "|---|" + "---:|" * len(used),
                             [[p.name, *(decimal(dict(p.sources).get(x.key, 0.0)) for x in used)]
                              for p in stats.players])
        if stats.head_to_head:
            out += _md_table(_("## Head to head"), _("| player | against | games | ahead | "
                                                     "level | behind |"),
                             "|---|---|---:|---:|---:|---:|", pairs)
        out += _md_table(_("## Seats (1 = start player)"), pgettext(
            "seats table", "| players | seat | games | wins | win rate | 1/n |"),
            "|---:|" + "---:|" * 5, seats)
        if stats.ratings:
            out += _md_table(_("## Ratings"), _("| player | rating | mu | sigma |"),
                             "|---|---:|---:|---:|", [[n, *(decimal(x, 2) for x in figures)]
                                                      for n, *figures in stats.ratings])
        return out


def game_cells(r: GameRecord) -> list[str]:
    """A game as the markdown and HTML lists show it: file, date, totals, winners, margin and
    status."""
    return [show_path(r.file), day(r.date or ""), ", ".join(f"{s.name} {s.total}" for s in r.seats),
            ", ".join(s.name for s in r.seats if s.winner),
            "" if r.margin is None else str(r.margin), game_status(r)]


#: The players' figures as every club output heads them (the terminal's in two tables)
PLAYER_HEADS = (N_("player"), N_("games"), N_("wins"), N_("shared wins"), N_("win rate"),
                N_("fair share"), N_("mean"), N_("median"), N_("best"), N_("of winner's"))


def club_cells(stats: Club) -> tuple[list[list[str]], ...]:
    """The cells of the players (:data:`PLAYER_HEADS`), seats and pairs, for every output."""
    return ([[p.name, str(p.games), str(p.wins), str(p.shared_wins), f"{p.win_rate:.0%}",
              f"{p.expected_rate:.0%}", decimal(p.mean),
              f"{p.median:g}".replace(".", pgettext("decimal mark", ".")), str(p.best),
              f"{p.share_of_winner:.0%}"] for p in stats.players],
            [[str(x.players), str(x.seat), str(x.games), str(x.wins), f"{x.win_rate:.0%}",
              f"{x.expected_rate:.0%}"] for x in stats.seats],
            [[h.player, h.other, str(h.games), str(h.ahead), str(h.level), str(h.behind)]
             for h in stats.pairs])


def day(written: str) -> str:
    """A log's day as the language writes it (German ``23.11.2026``); else as written."""
    if i18n.language() == i18n.SOURCE or len(written) != 10:
        return written
    import datetime as dt

    try:
        return date(dt.date.fromisoformat(written))
    except ValueError:
        return written


def scored_games(n: int) -> str:
    """``10,000 scored games``, grouped as the language writes numbers."""
    return ngettext("{n} scored game", "{n} scored games", n).format(n=grouped(n))


def _groups(records: Sequence[GameRecord]) -> list[tuple[str, tuple[str, ...]]]:
    """The terminal's groups of sources (a column per source would not fit 80 columns)."""
    groups: dict[str, list[str]] = {}
    for x in sources_of(records):
        groups.setdefault(x.group, []).append(x.key)
    return [(name, tuple(keys)) for name, keys in groups.items()]


def _md_row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(map(_md, cells)) + " |"


def _md_table(title: str, head: str, rule: str, rows: Iterable[Sequence[str]]) -> list[str]:
    """A markdown section: its title, header row, alignment row and a row per cells."""
    return ["", title, "", head, rule, *map(_md_row, rows)]


def _md(text: str) -> str:
    """A table cell with nothing a renderer obeys: no break, HTML, link or image (a backslash
    escaped first, so that one in the text cannot undo the escapes after it)."""
    return (one_line(text).replace("\\", "\\\\").replace("&", "&amp;")
            .replace("<", "&lt;").replace(">", "&gt;").replace("|", "\\|")
            .replace("[", "\\[").replace("]", "\\]"))


class TableFormat(Format):
    #: Past this many games the terminal's list shows only those that need a look: a list of
    #: thousands scrolls the statistics away, and rich takes about a millisecond a row.
    LISTED = 100

    def write(self, records: Sequence[GameRecord], stats: Clubs, console: Console | Writer) -> str:
        listed, title = _listed(records, self.LISTED)
        # at 80 columns a file name, a date and a status stay whole: the shared folder said
        # once in the title, a table per game, a status in a word (the whole on stderr)
        names = [show_path(r.file) for r in listed]
        folder = os.path.commonpath(names) if len(names) > 1 else ""
        if folder and all(n.startswith(folder + "/") for n in names):
            title += _(" in {folder}/").format(folder=folder)
            names = [n[len(folder) + 1:] for n in names]
        if any(r.scored for r in listed):
            title += _(" (* the winner)")
        rows = list(zip(names, listed, strict=True))
        # the room beside a name, a date and a status; past it, a player a line
        room = console.width - max(map(len, names), default=0) - 10 - 10 - 10
        keys = list(dict.fromkeys(r.game for r in listed)) if stats.mixed else [None]
        parts: list[RenderableType] = [] if listed else [rich_text(title + "\n")]
        for key in keys:
            # the title on a line of its own: a narrow table would wrap it to its width
            parts.append(rich_text(title if key is None else f"{game(key).name} {title}"))
            games = table()
            games.add_column(_("file"), no_wrap=True)
            games.add_column(_("date"), no_wrap=True)
            games.add_column(_("result"), min_width=9)
            games.add_column(_("status"), no_wrap=True)
            for name, r in rows:
                if key is not None and r.game != key:
                    continue
                games.add_row(rich_text(name), rich_text(one_line(day(r.date or ""))),
                              rich_text(_result(r, room)), status_word(r.status))
            parts.append(games)
        for key, club in stats.by_game:
            mine = [r for r in records if r.game == key]
            parts += self._club(mine, club, f"{game(key).name}: " if stats.mixed else "")
        with console.capture() as captured:
            console.print(group(parts))
        return captured.get()

    @staticmethod
    def _club(records: Sequence[GameRecord], stats: Club, name: str
              ) -> list[RenderableType]:
        """One game's statistics (``name`` starts each title in a folder of several)."""
        # The figures per player come in three tables, each within 80 columns.
        player, *heads = map(_, PLAYER_HEADS)
        players = _table(name + _("players ({games})").format(games=scored_games(stats.games)),
                         player, tuple(heads[:5]))
        totals = _table(name + _("totals per game"), player, tuple(heads[5:]))
        groups = [g for g in _groups(records) if any(_group_mean(p, g) for p in stats.players)]
        sources = _table(name + _("mean points per game, by source"), player,
                         tuple(g for g, _keys in groups))
        rows, seat_rows, pair_rows = club_cells(stats)
        for p, (_name, *cells) in zip(stats.players, rows, strict=True):
            players.add_row(rich_text(p.name), *cells[:5])
            totals.add_row(rich_text(p.name), *cells[5:])
            sources.add_row(rich_text(p.name), *(decimal(_group_mean(p, g)) for g in groups))
        pairs = _table(name + _("head to head (each pair once)"), player,
                       (_("against"), _("games"), _("ahead"), _("level"), _("behind")),
                       texts=1)
        for one, other, *numbers in pair_rows:
            pairs.add_row(rich_text(one), rich_text(other), *numbers)
        seats = _table(name + _("seats (1 = start player)"),
                       pgettext("number of players", "players"),
                       (_("seat"), _("games"), _("wins"), _("win rate"), "1/n"), right=True)
        for row in seat_rows:
            seats.add_row(*row)
        # empty tables under their headings read like a fault
        parts: list[RenderableType] = [players, totals, sources, pairs, seats] if (
            stats.players) else [rich_text(name + _("players: no scored games") + "\n")]
        if stats.ratings:
            rt = _table(name + _("ratings (openskill, Plackett-Luce; mu - 3 sigma)"), player,
                        (_("rating"), "mu", "sigma"))
            for n, o, m, sigma in stats.ratings:
                rt.add_row(rich_text(n), decimal(o, 2), decimal(m, 2), decimal(sigma, 2))
            parts.append(rt)
        return parts


def _group_mean(p: PlayerStats, group: tuple[str, tuple[str, ...]]) -> float:
    return sum(v for k, v in p.sources if k in group[1])


def _table(title: str, first: str, numbers: tuple[str, ...], *, texts: int = 0,
           right: bool = False) -> Table:
    """A table of one first column (``right``: a number) and number columns, the first
    ``texts`` of them text; a two-word header on two lines keeps the columns narrow."""
    made = table((first, "right" if right else "left"), title=title)
    for i, col in enumerate(numbers):
        made.add_column(col.replace(" ", "\n"), justify="left" if i < texts else "right")
    return made


def _listed(records: Sequence[GameRecord], most: int) -> tuple[Sequence[GameRecord], str]:
    """The games the table lists (past ``most``, only the odd ones), and its title."""
    if not records:
        return records, _("games: none kept")
    if len(records) <= most:
        return records, _("games")
    odd = [r for r in records if r.status != VALID]
    total = grouped(len(records))
    if not odd:
        return odd, _("games: {total}, all finished and valid (every game: --format csv, json "
                      "or markdown)").format(total=total)
    if len(odd) > most:
        return odd[:most], _("games: {total}; listed: the first {most} of the {odd} invalid, "
                             "unfinished or unreadable (every game: --format csv, json or "
                             "markdown)").format(total=total, most=most, odd=grouped(len(odd)))
    return odd, _("games: {total}; listed: the {odd} invalid, unfinished or unreadable (every "
                  "game: --format csv, json or markdown)").format(total=total,
                                                                  odd=grouped(len(odd)))


class BgStatsFormat(Format):
    """Every scored game as BG Stats' play JSON, or (``url``) a ``createPlay`` link each."""

    ratings = False  # the statistics only spell each player as most logs do

    def write(self, records: Sequence[GameRecord], stats: Clubs, console: Console | Writer) -> str:
        shown = {name_key(p.name): p.name for _, club in stats.by_game for p in club.players}
        scored = [r for r in records if r.scored]
        plays = [bgstats.play(r, self.bgg_id, shown) for r in scored]
        if self.url:
            links = [bgstats.link(p) for p in plays]
            for r, url in zip(scored, links, strict=True):
                warning = bgstats.link_warning(url, r.file)
                if warning:
                    self.warnings.append(warning)
            return "".join(url + "\n" for url in links)
        return json_text(plays) + "\n"


#: The output formats, one class each (Typer takes a choice as an enum).
FormatChoice = StrEnum("FormatChoice", "table json csv markdown bgstats")
FORMATS: dict[str, type[Format]] = {f.value: c for f, c in zip(FormatChoice, (
    TableFormat, JsonFormat, CsvFormat, MarkdownFormat, BgStatsFormat), strict=True)}
