"""``asara report``: one self-contained HTML page (inline SVG and CSS; no scripts, no network,
the same bytes every run) for a game or a folder of games. Every text from a file goes
through :func:`escape`: its control characters shown as escapes (``\\x1b``; XML forbids
most of them) and then ``html.escape``d; the page is well-formed XML, so strict parsers read
it too."""

from __future__ import annotations

import html
from collections.abc import Sequence

from asara_cli.core.shown import safe_text, show_path
from asara_cli.games.asara.rules.engine import Replay
from asara_cli.games.asara.rules.text import plural
from asara_cli.render.game import prestige_by_year
from asara_cli.stats import CATEGORIES, Club, GameRecord, source_key


def escape(text: str) -> str:
    """Text from a file in the page: nothing a browser or a terminal obeys, and only
    characters XML allows."""
    return html.escape(safe_text(text))


#: One colour per seat (players are not towers), and one per source of points.
SEAT_COLOURS = ("#1b7f9e", "#b8457a", "#c98a12", "#4a5bb3")
SOURCE_COLOURS = {
    "builds": "#7a8b99", "gifts": "#d4a017", "year": "#5b9e6f", "brown": "#8b5a2b",
    "green": "#3e8e41", "red": "#c0392b", "black": "#2b2b2b", "white": "#c9c9c9",
    "overall": "#6c4f9e", "most_towers": "#2f7fa8", "money": "#b08d57",
    "win rate": "#1b7f9e", "fair share": "#d9cdb8",
}

#: The sources a folder's statistics split points into, in the order they are drawn.
SOURCE_ORDER = ("builds", "gifts", "year", *CATEGORIES)

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
"""


def _page(title: str, body: list[str]) -> str:
    return ("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!DOCTYPE html>\n"
            "<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n"
            "<meta charset=\"utf-8\"/>\n"
            f"<title>{escape(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
            f"<h1>{escape(title)}</h1>\n" + "\n".join(body) + "\n</body>\n</html>\n")


def _bars(groups: Sequence[tuple[str, Sequence[int]]], names: Sequence[str]) -> str:
    """Grouped bars: for each group (a year), one bar per player."""
    top = max((v for _, vs in groups for v in vs), default=0) or 1
    bar, gap, height = 18, 26, 220
    width = 60 + len(groups) * (len(names) * bar + gap)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + 50}" '
           f'role="img" aria-label="prestige by year">']
    for g, (label, values) in enumerate(groups):
        x0 = 50 + g * (len(names) * bar + gap)
        for seat, v in enumerate(values):
            h = round(v / top * height)
            x = x0 + seat * bar
            out.append(f'<rect x="{x}" y="{height - h + 20}" width="{bar - 2}" height="{h}" '
                       f'fill="{SEAT_COLOURS[seat % 4]}"><title>{escape(names[seat])}: {v}'
                       f'</title></rect>')
            out.append(f'<text x="{x + (bar - 2) / 2:g}" y="{height - h + 16}" '
                       f'text-anchor="middle">{v}</text>')
        out.append(f'<text x="{x0 + len(names) * bar / 2:g}" y="{height + 38}" '
                   f'text-anchor="middle">{escape(label)}</text>')
    out.append(f'<line x1="45" y1="{height + 20}" x2="{width}" y2="{height + 20}" '
               f'stroke="#999"/></svg>')
    return "\n".join(out)


def _stacked(rows: Sequence[tuple[str, Sequence[tuple[str, int]]]]) -> str:
    """One horizontal bar per player, split by the source of the points."""
    top = max((sum(v for _, v in parts) for _, parts in rows), default=0) or 1
    width, row = 520, 28
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width + 200}" '
           f'height="{len(rows) * row + 10}" role="img" aria-label="points by source">']
    for i, (name, parts) in enumerate(rows):
        y = 5 + i * row
        out.append(f'<text x="0" y="{y + 16}">{escape(name)}</text>')
        x = 110.0
        for source, v in parts:
            if v <= 0:
                continue
            w = v / top * width
            colour = SOURCE_COLOURS.get(source.rstrip("1234").rstrip(), "#999")
            out.append(f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="{row - 8}" '
                       f'fill="{colour}" stroke="#fbf8f2"><title>{escape(name)}, '
                       f'{escape(source.replace("_", " "))}: {v}</title></rect>')
            x += w
        out.append(f'<text x="{x + 6:.1f}" y="{y + 16}">{sum(v for _, v in parts)}</text>')
    out.append("</svg>")
    return "\n".join(out)


def _paired(rows: Sequence[tuple[str, int, int]]) -> str:
    """Per player, a thick bar (the value) over a thin one (what a fair share would be)."""
    top = max((max(a, b) for _, a, b in rows), default=0) or 1
    width, row = 420, 30
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width + 160}" '
           f'height="{len(rows) * row + 10}" role="img" aria-label="win rate">']
    for i, (name, value, fair) in enumerate(rows):
        y = 5 + i * row
        out.append(f'<text x="0" y="{y + 14}">{escape(name)}</text>')
        out.append(f'<rect x="110" y="{y}" width="{value / top * width:.1f}" height="14" '
                   f'fill="{SOURCE_COLOURS["win rate"]}"><title>{escape(name)}: {value}%'
                   f'</title></rect>')
        out.append(f'<rect x="110" y="{y + 16}" width="{fair / top * width:.1f}" height="6" '
                   f'fill="{SOURCE_COLOURS["fair share"]}"><title>fair share: {fair}%'
                   f'</title></rect>')
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


def game_page(title: str, result: Replay) -> str:
    state = result.state
    names = [p.name for p in state.players]
    body = ["<h2>Prestige after each year and the final evaluation</h2>",
            _legend(names, [SEAT_COLOURS[i % 4] for i in range(len(names))]),
            _bars(prestige_by_year(state), names)]
    sources: list[tuple[str, list[tuple[str, int]]]] = []
    order = ["builds", "gifts", "year", *CATEGORIES]
    for seat, name in enumerate(names):
        sums = dict.fromkeys(order, 0)
        for e in state.ledger:
            if e.player == seat:
                # One bar part for all four years: a game page has room for no more.
                key = "year" if e.source == "year" else source_key(e)
                sums[key] = sums.get(key, 0) + e.points
        sources.append((name, [(k, v) for k, v in sums.items()]))
    shown = [k for k in order if any(dict(parts).get(k) for _, parts in sources)]
    body += ["<h2>Where the points came from</h2>",
             _legend([k.replace("_", " ") for k in shown],
                      [SOURCE_COLOURS.get(k, "#999") for k in shown]),
             _stacked(sources)]
    winners = ", ".join(names[s] for s in result.winners()) or "(the game is not over)"
    body.append(f"<p>Winner: <strong>{escape(winners)}</strong>. Totals: "
                + escape(", ".join(f"{n} {t}" for n, t in zip(names, result.totals(),
                                                            strict=True))) + ".</p>")
    body += ["<h2>The ledger: every prestige point</h2>",
             _table(["year", "event", "player", "points", "source"],
                    [(e.year, e.event or "", names[e.player], f"+{e.points}", e.explanation)
                     for e in state.ledger], {0, 1, 3})]
    return _page(title, body)


def club_page(title: str, records: Sequence[GameRecord], stats: Club) -> str:
    names = [p.name for p in stats.players]
    drawn = {k.rstrip("1234") for p in stats.players for k, v in p.sources if round(v)}
    used = [k for k in SOURCE_ORDER if k in drawn]
    body = [f"<p>{plural(stats.games, 'scored game')} out of {plural(len(records), 'file')}.</p>",
            "<h2>Win rate against a fair share (per cent)</h2>",
            _legend(["win rate", "fair share"], [SOURCE_COLOURS["win rate"],
                                                 SOURCE_COLOURS["fair share"]]),
            _paired([(p.name, round(100 * p.win_rate), round(100 * p.expected_rate))
                     for p in stats.players]) if names else "<p>No scored games.</p>",
            "<h2>Mean points per game, by source</h2>",
            _legend([k.replace("_", " ") for k in used], [SOURCE_COLOURS[k] for k in used]),
            _stacked([(p.name, [(k, round(v)) for k, v in p.sources]) for p in stats.players])
            if names else "",
            "<h2>Players</h2>",
            _table(["player", "games", "wins", "shared wins", "win rate", "fair share", "mean",
                    "median", "best", "of winner's"],
                   [(p.name, p.games, p.wins, p.shared_wins, f"{p.win_rate:.0%}",
                     f"{p.expected_rate:.0%}", f"{p.mean:.1f}", f"{p.median:g}", p.best,
                     f"{p.share_of_winner:.0%}") for p in stats.players],
                   set(range(1, 10))),
            "<h2>Seats (1 = start player)</h2>",
            _table(["players", "seat", "games", "wins", "win rate", "1/n"],
                   [(s.players, s.seat, s.games, s.wins, f"{s.win_rate:.0%}",
                     f"{s.expected_rate:.0%}") for s in stats.seats], {0, 1, 2, 3, 4, 5}),
            "<h2>Head to head (each pair once)</h2>",
            _table(["player", "against", "games", "ahead", "level", "behind"],
                   [(h.player, h.other, h.games, h.ahead, h.level, h.behind)
                    for h in stats.pairs], {2, 3, 4, 5}),
            "<h2>Games</h2>",
            _table(["file", "date", "totals", "winner(s)", "status"],
                   [(show_path(r.file), r.date or "",
                     ", ".join(f"{s.name} {s.total}" for s in r.seats),
                     ", ".join(s.name for s in r.seats if s.winner), r.status)
                    for r in records], set())]
    return _page(title, body)
