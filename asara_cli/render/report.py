"""``asara report``: one self-contained HTML page (inline SVG and CSS, no scripts, the same
bytes every run) for a game or a folder of games; well-formed XML, every text from a file
through :func:`escape`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from asara_cli.core import i18n
from asara_cli.core.i18n import _, ngettext, pgettext
from asara_cli.games import game
from asara_cli.games.base import SomeGame, Source
from asara_cli.language import decimal
from asara_cli.logfile.game import GameLog, describe_violation
from asara_cli.render.batch import PLAYER_HEADS, club_cells, day, game_cells
from asara_cli.render.safe import escape
from asara_cli.stats import DUPLICATE, Club, Clubs, GameRecord

WIN_RATE, FAIR_SHARE = "#1b7f9e", "#d9cdb8"

CSS = """
body { font-family: Georgia, 'Times New Roman', serif; margin: 2em auto; max-width: 60em;
       color: #222; background: #fbf8f2; padding: 0 1em; }
h1 { font-size: 1.6em; border-bottom: 2px solid #c98a12; padding-bottom: .2em; }
h2 { font-size: 1.2em; margin-top: 1.6em; color: #5a3e1b; }
table { border-collapse: collapse; font-size: .9em; }
th, td { padding: .2em .7em; border-bottom: 1px solid #e3dccf; text-align: left; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
.legend span { display: inline-block; margin-right: 1em; font-size: .85em; }
.legend i { display: inline-block; width: .9em; height: .9em; margin-right: .3em;
            vertical-align: middle; }
svg text { font-family: Georgia, serif; font-size: 12px; fill: #333; }
svg { max-width: 100%; height: auto; }
table { display: block; max-width: 100%; overflow-x: auto; }
.card { background: #fff; border: 1px solid #e3dccf; border-radius: .5em; padding: .2em 1em 1em;
        box-shadow: 0 1px 3px rgba(0, 0, 0, .08); }
.card .result { font-size: 1.15em; }
.card .invalid { color: #8b1e1e; }
.card i.seat { display: inline-block; width: .8em; height: .8em; margin-right: .4em; }
@media (max-width: 30em) { body { margin: 1em auto; padding: 0 .6em; } h1 { font-size: 1.3em; } }
"""


def _page(title: str, body: list[str]) -> str:
    return ("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!DOCTYPE html>\n"
            f"<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"{i18n.language()}\">\n"
            "<head>\n<meta charset=\"utf-8\"/>\n"
            f"<title>{escape(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
            f"<h1>{escape(title)}</h1>\n" + "\n".join(body) + "\n</body>\n</html>\n")


def _svg(width: int, height: int, label: str) -> str:
    """A chart's opening tag: its size, and ``label`` for a screen reader."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(label)}">')


def _bars(stages: Sequence[tuple[str, Sequence[int]]], names: Sequence[str],
          colours: Sequence[str]) -> str:
    """Grouped bars: a group per stage (a year, a week, the final scoring), a bar per player."""
    top = max((v for _, vs in stages for v in vs), default=0) or 1
    bar, gap, height = 18, 26, 220
    width = 60 + len(stages) * (len(names) * bar + gap)
    out = [_svg(width, height + 50, _("points by stage"))]
    for g, (label, values) in enumerate(stages):
        x0 = 50 + g * (len(names) * bar + gap)
        for seat, v in enumerate(values):
            h = round(v / top * height)
            x = x0 + seat * bar
            out.append(f'<rect x="{x}" y="{height - h + 20}" width="{bar - 2}" height="{h}" '
                       f'fill="{colours[seat]}"><title>{escape(names[seat])}, '
                       f'{escape(label)}: {v}</title></rect>')
            out.append(f'<text x="{x + (bar - 2) / 2:g}" y="{height - h + 16}" '
                       f'text-anchor="middle">{v}</text>')
        out.append(f'<text x="{x0 + len(names) * bar / 2:g}" y="{height + 38}" '
                   f'text-anchor="middle">{escape(label)}</text>')
    out.append(f'<line x1="45" y1="{height + 20}" x2="{width}" y2="{height + 20}" '
               f'stroke="#999"/></svg>')
    return "\n".join(out)


def _stacked(rows: Sequence[tuple[str, Sequence[tuple[Source, int]]]],
             labels: Sequence[str] = ()) -> str:
    """A bar per player split by source, ending in its ``labels`` entry (default: the sum)."""
    top = max((sum(v for _, v in parts) for _, parts in rows), default=0) or 1
    width, row = 400, 28  # narrow enough to read on a phone
    out = [_svg(width + 160, len(rows) * row + 10, _("points by source"))]
    for i, (name, parts) in enumerate(rows):
        y = 5 + i * row
        out.append(f'<text x="0" y="{y + 16}">{escape(name)}</text>')
        x = 110.0
        for source, v in parts:
            if v <= 0:
                continue
            w = v / top * width
            out.append(f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="{row - 8}" '
                       f'fill="{source.colour}" stroke="#fbf8f2"><title>{escape(name)}, '
                       f'{escape(source.label)}: {v}</title></rect>')
            x += w
        label = labels[i] if i < len(labels) else str(sum(v for _, v in parts))
        out.append(f'<text x="{x + 6:.1f}" y="{y + 16}">{escape(label)}</text>')
    out.append("</svg>")
    return "\n".join(out)


def _paired(rows: Sequence[tuple[str, int, int]]) -> str:
    """Per player, a thick bar (the value) over a thin one (what a fair share would be)."""
    top = max((max(a, b) for _, a, b in rows), default=0) or 1
    width, row = 420, 30
    out = [_svg(width + 160, len(rows) * row + 10, _("win rate"))]
    fair_share = _("fair share: {percent}%")
    for i, (name, value, fair) in enumerate(rows):
        y = 5 + i * row
        out.append(f'<text x="0" y="{y + 14}">{escape(name)}</text>')
        out.append(f'<rect x="110" y="{y}" width="{value / top * width:.1f}" height="14" '
                   f'fill="{WIN_RATE}"><title>{escape(name)}: {value}%'
                   f'</title></rect>')
        out.append(f'<rect x="110" y="{y + 16}" width="{fair / top * width:.1f}" height="6" '
                   f'fill="{FAIR_SHARE}"><title>'
                   f'{escape(fair_share.format(percent=fair))}</title></rect>')
        out.append(f'<text x="{110 + value / top * width + 6:.1f}" y="{y + 14}">{value}%</text>')
    out.append("</svg>")
    return "\n".join(out)


def _legend(names: Sequence[str], colours: Sequence[str]) -> str:
    return ('<p class="legend">' + "".join(
        f'<span><i style="background:{c}"></i>{escape(n)}</span>'
        for n, c in zip(names, colours, strict=True)) + "</p>")


def _table(head: Sequence[str], rows: Sequence[Sequence[object]], numeric: set[int]) -> str:
    cls = [' class="n"' if i in numeric else "" for i in range(len(head))]
    out = ["<table>", "<tr>" + "".join(f"<th{cls[i]}>{escape(h)}</th>"
                                        for i, h in enumerate(head)) + "</tr>"]
    for r in rows:
        out.append("<tr>" + "".join(f"<td{cls[i]}>{escape(str(v))}</td>"
                                    for i, v in enumerate(r)) + "</tr>")
    out.append("</table>")
    return "\n".join(out)


def _by_part(played: SomeGame, parts: Sequence[tuple[str, float]]) -> list[tuple[Source, int]]:
    """A player's points by source as bar parts, the periods' sources as one (a bar has no room
    for one per period); rounded after adding, so the parts add up to the rounded sum."""
    sums: dict[str, float] = {}
    shown: dict[str, Source] = {}
    for key, v in parts:
        source = played.source(key)
        if source.period is not None:
            source = Source(source.group, _period_part(played, source), source.group,
                            source.colour, source.order)
        shown.setdefault(source.key, source)
        sums[source.key] = sums.get(source.key, 0) + v
    ordered = sorted(shown.values(), key=lambda x: x.order)
    return [(x, round(sums[x.key])) for x in ordered]


def _period_part(played: SomeGame, source: Source) -> str:
    """A period's sources taken together: "souks, week 2" -> "souks", else the group."""
    suffix = f", {played.period} {source.period}"
    return source.label.removesuffix(suffix) if source.label.endswith(suffix) else source.group


def _sources_legend(rows: Sequence[tuple[str, Sequence[tuple[Source, int]]]]) -> str:
    used: dict[str, Source] = {}
    for _name, parts in rows:
        for source, v in parts:
            if v:
                used.setdefault(source.key, source)
    ordered = sorted(used.values(), key=lambda x: x.order)
    return _legend([x.label for x in ordered], [x.colour for x in ordered])


def _with_pieces(played: SomeGame, setup: object) -> list[str]:
    """Each seat's name, with its pieces' colour where the log records it (``Anke (red)``)."""
    names = played.players_of(setup)
    pieces = played.piece_colours(setup)
    if len(pieces) != len(names):
        return list(names)
    return [f"{name} ({pgettext('player colour', colour)})"
            for name, colour in zip(names, pieces, strict=True)]


def _facts(played: SomeGame, log: GameLog) -> str:
    """The game's header: date, place, players and how it was played."""
    header = log.header
    parts = [(_("Game"), f"{played.name}, {played.describe(played.facts(header.setup))}"),
             (_("Players"), ", ".join(_with_pieces(played, header.setup)))]
    if header.date:
        parts.insert(0, (_("Date"), day(header.date)))
    if header.place:
        parts.insert(1 if header.date else 0, (_("Place"), header.place))
    return ('<p class="facts">' + "<br/>".join(
        f"<strong>{escape(k)}:</strong> {escape(v)}" for k, v in parts) + "</p>")


def game_title(played: SomeGame, log: GameLog) -> str:
    """``YSPAHAN on 2026-11-23 at Kassel`` (a file's name says nothing to the players); without
    a date or place, the players."""
    header = log.header
    if header.date and header.place:
        return _("{game} on {date} at {place}").format(
            game=played.name, date=day(header.date), place=header.place)
    if header.date:
        return _("{game} on {date}").format(game=played.name, date=day(header.date))
    if header.place:
        return _("{game} at {place}").format(game=played.name, place=header.place)
    return _("{game} played by {players}").format(
        game=played.name, players=_and(played.players_of(header.setup)))


def _and(names: Sequence[str]) -> str:
    if len(names) == 1:
        return names[0]
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def _card(played: SomeGame, outcome: Any, log: GameLog, tie: str | None) -> str:
    """The first screen: a rule broken, who won (or leads), the totals and one chart."""
    names = list(played.players_of(log.header.setup))
    colours = [played.seat_colours[i % len(played.seat_colours)] for i in range(len(names))]
    scores = played.scores(outcome, log.header.setup)
    word = _(played.points)
    winners = played.winners(outcome)
    best = max((x.total for x in scores), default=0)
    ahead = winners or [x.name for x in scores if x.total == best]
    if winners:
        result = (_("{who} wins with {total}.") if len(winners) == 1 else
                  _("{who} share the win with {total}."))
    elif best:
        result = (_("The game is not over ({progress}): so far {who} leads with {total}.")
                  if len(ahead) == 1 else
                  _("The game is not over ({progress}): so far {who} lead with {total}."))
    else:
        result = _("The game is not over ({progress}): no {points} scored yet.")
    result = result.format(progress=escape(played.progress(outcome)), points=escape(word),
                           who=f"<strong>{escape(_and(ahead))}</strong>",
                           total=escape(_amount(played, best)))
    shown = _with_pieces(played, log.header.setup)
    ranked = sorted(range(len(scores)), key=lambda i: (-scores[i].total, i))
    totals = ["<table>", "<tr><th>" + escape(_("player")) + "</th>"
                         f'<th class="n">{escape(word)}</th></tr>']
    for i in ranked:
        x = scores[i]
        totals.append(f'<tr><td><i class="seat" style="background:{colours[i]}"></i>'
                      f'{escape(shown[i] if i < len(shown) else x.name)}</td>'
                      f'<td class="n">{x.total}</td></tr>')
    totals.append("</table>")
    stages = played.standings(outcome)
    heading = (_("{points} after each {period} and the {final}")
               if any(e.final for e in played.ledger(outcome)) else
               _("{points} after each {period}")).format(
        points=word.capitalize(), period=_(played.period), final=_(played.final))
    broken = []
    if not outcome.valid:
        first = describe_violation(log, outcome.violations[0])
        broken.append('<p class="invalid">' + _(
            "<strong>This log breaks a rule</strong>: {problem}. What this page shows is the "
            "game up to the last legal event (asara validate lists every problem).").format(
                problem=escape(first)) + "</p>")
    return "\n".join([
        '<section class="card">', *broken, f'<p class="result">{result}</p>',
        *([] if tie is None else [f"<p>{escape(tie)}</p>"]), *totals,
        f"<h2>{escape(heading)}</h2>", _legend(names, colours),
        _bars(stages, names, colours) if stages else
        "<p>" + escape(_("No {points} yet.").format(points=word)) + "</p>",
        "</section>"])


def _amount(played: SomeGame, total: int) -> str:
    """``73 prestige points``, ``1 point``: a total in the game's own points."""
    if played.points == "prestige":
        return ngettext("{n} prestige point", "{n} prestige points", total).format(n=total)
    return ngettext("{n} point", "{n} points", total).format(n=total)


def game_page(played: SomeGame, outcome: Any, log: GameLog, tie: str | None = None) -> str:
    """A game's page; ``tie``: its tied winners in a tournament's order, said below who won."""
    setup = log.header.setup
    body = [_card(played, outcome, log, tie), _facts(played, log)]
    scores = played.scores(outcome, setup)
    rows = [(x.name, _by_part(played, x.sources)) for x in scores]
    body += ["<h2>" + escape(_("Where the points came from")) + "</h2>", _sources_legend(rows),
             _stacked(rows)]
    ledger = played.ledger(outcome)
    if any(e.final for e in ledger):
        won = set(played.winners(outcome))
        final = {x.name: sum(e.points for e in ledger if e.final and e.player == x.name)
                 for x in scores}
        body += ["<h2>" + escape(_("The {final}").format(final=_(played.final))) + "</h2>",
                 _table([_("player"), _("before"), _(played.final), _("total"), _("winner")],
                        [(x.name, x.total - final[x.name], f"+{final[x.name]}", x.total,
                          _("yes") if x.name in won else "") for x in scores], {1, 2, 3})]
    for summary in played.summaries(outcome):
        body += [f"<h2>{escape(summary.title)}</h2>",
                 _table(list(summary.head), list(summary.rows), set())]
    every = (_("The ledger: every prestige point") if played.points == "prestige" else
             _("The ledger: every point"))
    body += [f"<h2>{escape(every)}</h2>",
             _table([_(played.period), _("event"), _("player"), _("points"), _("source")],
                    [(e.period, e.event or "", e.player, f"+{e.points}", e.explanation)
                     for e in ledger], {0, 1, 3})]
    return _page(game_title(played, log), body)


def club_page(title: str, records: Sequence[GameRecord], stats: Clubs) -> str:
    """The club's page: every file read (a duplicate listed, counted once), and ``stats``."""
    files = sum(r.status != DUPLICATE for r in records)
    scored = ngettext("{n} scored game out of {files}", "{n} scored games out of {files}",
                      stats.games).format(n=stats.games, files=ngettext(
                          "{n} file", "{n} files", files).format(n=files))
    twice = len(records) - files
    body = [f"<p>{scored}" + (ngettext(" ({n} duplicate counted once)",
                                        " ({n} duplicates counted once)", twice).format(
        n=twice) if twice else "") + ".</p>"]
    for key, club in stats.by_game:
        played = game(key)
        if stats.mixed:
            games = ngettext("{n} scored game", "{n} scored games", club.games)
            body.append(f"<h2>{escape(played.name)}: {games.format(n=club.games)}</h2>")
        body += _club_part(played, club, "h3" if stats.mixed else "h2")
    body += ["<h2>" + escape(_("Games")) + "</h2>",
             _table([_("file"), _("date"), _("totals"), _("winner(s)"), _("status")],
                    [[*cells[:4], cells[5]] for cells in map(game_cells, records)], set())]
    return _page(title, body)


def _club_part(played: SomeGame, stats: Club, h: str) -> list[str]:
    """One game's statistics: win rates, points by source, players, seats, head to head."""
    names = [p.name for p in stats.players]
    means = [(p.name, _by_part(played, p.sources)) for p in stats.players]
    players, seats, pairs = club_cells(stats)
    def heading(text: str) -> str:
        return f"<{h}>{escape(text)}</{h}>"

    return [heading(_("Win rate against a fair share (per cent)")),
            _legend([_("win rate"), _("fair share")], [WIN_RATE, FAIR_SHARE]),
            _paired([(p.name, round(100 * p.win_rate), round(100 * p.expected_rate))
                     for p in stats.players]) if names else
            "<p>" + escape(_("No scored games.")) + "</p>",
            heading(_("Mean points per game, by source")),
            _sources_legend(means),
            _stacked(means, [decimal(p.mean) for p in stats.players]) if names else "",
            heading(_("Players")),
            _table([_(h) for h in PLAYER_HEADS], players, set(range(1, 10))),
            heading(_("Seats (1 = start player)")),
            _table([pgettext("number of players", "players"), _("seat"), _("games"), _("wins"),
                    _("win rate"), "1/n"], seats, {0, 1, 2, 3, 4, 5}),
            heading(_("Head to head (each pair once)")),
            _table([_("player"), _("against"), _("games"), _("ahead"), _("level"), _("behind")],
                   pairs, {2, 3, 4, 5})]
