"""``asara batch`` outputs: one small class per format behind one interface, chosen by one
option (table, json, csv, markdown). Keys of the JSON are documented in docs/batch.md."""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any, ClassVar

from rich import box
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from asara_cli.render import bgstats
from asara_cli.render.safe import json_text, one_line, safe_text, show_path
from asara_cli.stats import Club, GameRecord, PlayerStats, source_order


def _game_dict(r: GameRecord) -> dict[str, Any]:
    d = {k: v for k, v in asdict(r).items() if k != "seats"}
    d["file"] = show_path(r.file)
    d["duplicate_of"] = None if r.duplicate_of is None else show_path(r.duplicate_of)
    d["expansions"] = list(r.expansions)
    d["players"] = [{"name": s.name, "seat": s.seat, "total": s.total, "rank": s.rank,
                     "winner": s.winner, "sources": dict(s.sources)} for s in r.seats]
    return d


def _status(r: GameRecord) -> str:
    if r.status == "duplicate":
        return f"duplicate of {show_path(r.duplicate_of or '')}"
    if r.problem:
        where = f"line {r.line}: " if r.line else ""
        rule = f" [{r.rule}]" if r.rule else ""
        return f"{r.status}: {where}{r.problem}{rule}"
    return r.status


class Format:
    """Writes the batch result; ``write`` returns the text for stdout."""

    name: ClassVar[str] = ""

    def __init__(self, url: bool = False, bgg_id: int | None = None) -> None:
        # Only the BG Stats format reads these; the others take no options.
        self.url = url
        self.bgg_id = bgg_id

    def write(self, records: Sequence[GameRecord], stats: Club, console: Console) -> str:
        raise NotImplementedError


class JsonFormat(Format):
    name = "json"

    def write(self, records: Sequence[GameRecord], stats: Club, console: Console) -> str:
        data = {
            "games": [_game_dict(r) for r in records],
            "summary": {"files": len(records), "scored": stats.games,
                        "by_status": by_status(records)},
            "players": [{**asdict(p), "sources": dict(p.sources)} for p in stats.players],
            "seats": [asdict(s) for s in stats.seats],
            "head_to_head": [asdict(h) for h in stats.head_to_head],
        }
        if stats.ratings:
            data["ratings"] = [{"name": n, "ordinal": o, "mu": m, "sigma": s}
                               for n, o, m, s in stats.ratings]
        return json_text(data) + "\n"


def by_status(records: Sequence[GameRecord]) -> Counter[str]:
    """How many records have each status (0 for one none has), in the order the statuses
    first come."""
    return Counter(r.status for r in records)


#: CSV cells a spreadsheet would run as a formula start with one of these.
_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: object) -> object:
    """A cell that opens as text, not as a formula (numbers stay numbers), with control
    characters written as escapes: the file is often read in a terminal first."""
    if not isinstance(value, str):
        return value
    value = safe_text(value)
    return "'" + value if value.startswith(_FORMULA) else value


class CsvFormat(Format):
    """One row per player per game: the shape spreadsheet users pivot."""

    name = "csv"
    COLUMNS = ("file", "date", "place", "variant", "expansions", "status", "players", "player",
               "seat", "total", "rank", "winner", "margin", "builds", "gifts", "year1", "year2",
               "year3", "year4", "brown", "green", "red", "black", "white", "overall",
               "most_towers", "money", "problem")

    def write(self, records: Sequence[GameRecord], stats: Club, console: Console) -> str:
        # A byte order mark first: Excel opens a UTF-8 file without one as its local code
        # page ("Zoë" as "ZoÃ«"). Python reads it with utf-8-sig; pandas skips it.
        buf = io.StringIO()
        buf.write("\ufeff")
        w = csv.writer(buf, lineterminator="\r\n")
        w.writerow(self.COLUMNS)
        for r in records:
            base = {"file": show_path(r.file), "date": r.date or "", "place": r.place or "",
                    "variant": r.variant or "", "expansions": " ".join(r.expansions),
                    "status": r.status, "players": r.players or "",
                    "margin": "" if r.margin is None else r.margin,
                    "problem": "" if r.status == "valid" else _status(r)}
            if not r.seats:
                w.writerow([spreadsheet_safe(base.get(c, "")) for c in self.COLUMNS])
                continue
            for s in r.seats:
                row = {**base, "player": s.name, "seat": s.seat, "total": s.total,
                       "rank": s.rank, "winner": int(s.winner), **dict(s.sources)}
                w.writerow([spreadsheet_safe(row.get(c, 0 if c in _NUMERIC else ""))
                            for c in self.COLUMNS])
        return buf.getvalue()


_NUMERIC = set(CsvFormat.COLUMNS[13:27])


class MarkdownFormat(Format):
    name = "markdown"

    def write(self, records: Sequence[GameRecord], stats: Club, console: Console) -> str:
        out = ["## Games", "", "| file | date | players | winner(s) | margin | status |",
               "|---|---|---|---|---|---|"]
        for r in records:
            winners = ", ".join(s.name for s in r.seats if s.winner)
            out.append(f"| {_md(show_path(r.file))} | {_md(r.date or '')} | "
                       f"{_md(', '.join(f'{s.name} {s.total}' for s in r.seats))} | "
                       f"{_md(winners)} | {'' if r.margin is None else r.margin} | "
                       f"{_md(_status(r))} |")
        out += ["", "## Players", "", "| player | games | wins | shared wins | win rate | "
                "fair share | mean | median | best | of winner's |",
                "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for p in stats.players:
            out.append(f"| {_md(p.name)} | {p.games} | {p.wins} | {p.shared_wins} | "
                       f"{p.win_rate:.0%} | {p.expected_rate:.0%} | {p.mean:.1f} | "
                       f"{p.median:g} | {p.best} | {p.share_of_winner:.0%} |")
        keys = _sources_used(stats)
        if keys:
            out += ["", "## Mean points per game, by source", "",
                    "| player | " + " | ".join(_source_label(k) for k in keys) + " |",
                    "|---|" + "---:|" * len(keys)]
            for p in stats.players:
                mean = dict(p.sources)
                out.append(f"| {_md(p.name)} | "
                           + " | ".join(f"{mean.get(k, 0.0):.1f}" for k in keys) + " |")
        if stats.head_to_head:
            out += ["", "## Head to head", "", "| player | against | games | ahead | level | "
                    "behind |", "|---|---|---:|---:|---:|---:|"]
            out += [f"| {_md(h.player)} | {_md(h.other)} | {h.games} | {h.ahead} | {h.level} "
                    f"| {h.behind} |" for h in stats.pairs]
        out += ["", "## Seats (1 = start player)", "",
                "| players | seat | games | wins | win rate | 1/n |",
                "|---:|---:|---:|---:|---:|---:|"]
        out += [f"| {x.players} | {x.seat} | {x.games} | {x.wins} | {x.win_rate:.0%} | "
                f"{x.expected_rate:.0%} |" for x in stats.seats]
        if stats.ratings:
            out += ["", "## Ratings", "", "| player | rating | mu | sigma |",
                    "|---|---:|---:|---:|"]
            out += [f"| {_md(n)} | {o:.2f} | {m:.2f} | {s:.2f} |" for n, o, m, s in
                    stats.ratings]
        return "\n".join(out) + "\n"


def count(n: int, word: str) -> str:
    """``1 file``, ``10,000 files``: rules/text.py's plural, with thousands separated as
    a folder of logs needs."""
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def _source_label(key: str) -> str:
    """``year1`` -> ``year 1``, ``most_towers`` -> ``most towers``."""
    return key.replace("_", " ").replace("year", "year ").rstrip()


def _sources_used(stats: Club) -> list[str]:
    """The sources any player scored from, in the statistics' order."""
    return sorted({k for p in stats.players for k, v in p.sources if v}, key=source_order)


def _md(text: str) -> str:
    """A table cell: no column break, no line break, no control character obeyed, and no
    HTML a Markdown renderer would run (``<``, ``>`` and ``&`` as entities)."""
    return (one_line(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace("|", "\\|"))


class TableFormat(Format):
    name = "table"

    #: Past this many games the terminal's list shows only those that need a look: a list of
    #: thousands scrolls the statistics away, and rich takes about a millisecond a row.
    LISTED = 100

    def write(self, records: Sequence[GameRecord], stats: Club, console: Console) -> str:
        listed, title = _listed(records, self.LISTED)
        games = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD)
        games.add_column("file", overflow="fold")
        for col in ("date", "totals", "winner(s)", "margin", "status"):
            games.add_column(col)
        for r in listed:
            games.add_row(Text(show_path(r.file)), Text(one_line(r.date or "")),
                          Text(", ".join(f"{s.name} {s.total}" for s in r.seats)),
                          Text(", ".join(s.name for s in r.seats if s.winner)),
                          "" if r.margin is None else str(r.margin), Text(_status(r)))
        # The figures per player come in three tables, each within 80 columns.
        players = _table(f"players ({count(stats.games, 'scored game')})", "player", (
            "games", "wins", "shared wins", "win rate", "fair share"))
        totals = _table("totals per game", "player", ("mean", "median", "best",
                                                        "of winner's"))
        groups = [g for g in _GROUPS if any(_group_mean(p, g) for p in stats.players)]
        sources = _table("mean points per game, by source", "player",
                         tuple(g for g, _ in groups))
        for p in stats.players:
            players.add_row(Text(p.name), str(p.games), str(p.wins), str(p.shared_wins),
                            f"{p.win_rate:.0%}", f"{p.expected_rate:.0%}")
            totals.add_row(Text(p.name), f"{p.mean:.1f}", f"{p.median:g}", str(p.best),
                           f"{p.share_of_winner:.0%}")
            sources.add_row(Text(p.name), *(f"{_group_mean(p, g):.1f}" for g in groups))
        pairs = _table("head to head (each pair once)", "player",
                       ("against", "games", "ahead", "level", "behind"))
        for h in stats.pairs:
            pairs.add_row(Text(h.player), Text(h.other), str(h.games), str(h.ahead),
                          str(h.level), str(h.behind))
        seats = _table("seats (1 = start player)", "players",
                       ("seat", "games", "wins", "win rate", "1/n"))
        for x in stats.seats:
            seats.add_row(str(x.players), str(x.seat), str(x.games), str(x.wins),
                          f"{x.win_rate:.0%}", f"{x.expected_rate:.0%}")
        parts: list[RenderableType] = [games if listed else Text(title + "\n")]
        # empty tables under their headings read like a fault
        parts += [players, totals, sources, pairs, seats] if stats.players else [
            Text("players: no scored games\n")]
        if stats.ratings:
            rt = _table("ratings (openskill, Plackett-Luce; mu - 3 sigma)", "player",
                        ("rating", "mu", "sigma"))
            for n, o, m, sigma in stats.ratings:
                rt.add_row(Text(n), f"{o:.2f}", f"{m:.2f}", f"{sigma:.2f}")
            parts.append(rt)
        with console.capture() as captured:
            console.print(Group(*parts))
        return captured.get()


#: The terminal's groups of sources (JSON, CSV and markdown keep each one): a column per
#: final category and per year would not fit 80 columns.
_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("builds", ("builds",)), ("gifts", ("gifts",)),
    ("year ends", ("year1", "year2", "year3", "year4")),
    ("colours", ("brown", "green", "red", "black", "white")), ("overall", ("overall",)),
    ("most towers", ("most_towers",)), ("money", ("money",)))


def _group_mean(p: PlayerStats, group: tuple[str, tuple[str, ...]]) -> float:
    return sum(v for k, v in p.sources if k in group[1])


def _table(title: str, first: str, numbers: tuple[str, ...]) -> Table:
    """A table of one text column (left) and number columns (right); a second text column
    (head to head's ``against``) is left-aligned too. A header of two words is set on two
    lines, so that the columns stay narrow and a player's name is not cut."""
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column(first, justify="right" if first == "players" else "left")
    for col in numbers:
        table.add_column(col.replace(" ", "\n"), justify="left" if col == "against" else "right")
    return table


def _listed(records: Sequence[GameRecord], most: int) -> tuple[Sequence[GameRecord], str]:
    """The games the table lists, and its title: every game up to ``most``; past that, the
    games that are invalid, unfinished or unreadable (up to ``most`` of them)."""
    if not records:
        return records, "games: none kept"
    if len(records) <= most:
        return records, "games"
    odd = [r for r in records if r.status != "valid"]
    every = "every game: --format csv, json or markdown"
    if not odd:
        return odd, f"games: {len(records):,}, all finished and valid ({every})"
    which = f"the first {most} of the {len(odd):,}" if len(odd) > most else f"the {len(odd):,}"
    return odd[:most], (f"games: {len(records):,}; listed: {which} invalid, unfinished or "
                        f"unreadable ({every})")


class BgStatsFormat(Format):
    """Every scored game as BG Stats' play JSON (a list), or with ``url`` one ``createPlay``
    link per line."""

    name = "bgstats"

    def write(self, records: Sequence[GameRecord], stats: Club, console: Console) -> str:
        plays = [bgstats.play(r, self.bgg_id) for r in records if r.scored]
        if self.url:
            return "".join(bgstats.link(p) + "\n" for p in plays)
        return json_text(plays) + "\n"


FORMATS: dict[str, type[Format]] = {f.name: f for f in (TableFormat, JsonFormat, CsvFormat,
                                                        MarkdownFormat, BgStatsFormat)}
