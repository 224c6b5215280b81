"""The final evaluation (R5) as rich tables and as plain JSON-ready data."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from asara_cli.core.i18n import _
from asara_cli.games.asara.rules import terms
from asara_cli.games.asara.rules.scoring import (
    FINAL_CATEGORIES,
    MONEY,
    Award,
    FinalEvaluation,
)
from asara_cli.games.base import tied_best
from asara_cli.render.tables import group, rich_text, table

if TYPE_CHECKING:  # rich draws the tables; the JSON shapes need none of it (a --json command)
    from rich.console import RenderableType


def award_dict(award: Award) -> dict[str, Any]:
    d: dict[str, Any] = {"category": award.category, "points": award.points}
    if award.place is not None:
        d["place"] = award.place
        d["tied"] = award.tied
    if award.tower is not None:
        d["tower"] = {"color": award.tower.colour.value, "height": award.tower.height,
                      "lighted": award.tower.lighted}
    d["explanation"] = award.explanation
    return d


def final_dict(
    names: Sequence[str],
    prestige: Sequence[int],
    asari: Sequence[int],
    evaluation: FinalEvaluation,
) -> dict[str, Any]:
    """The fixed JSON shape: players in seat order with final_points and total, winners."""
    totals = [prestige[s] + evaluation.points(s) for s in range(len(names))]
    return {
        "players": [
            {
                "name": names[s],
                "asari": asari[s],
                "prestige": prestige[s],
                "final_points": evaluation.points(s),
                "total": totals[s],
                "awards": [award_dict(a) for a in evaluation.awards_of(s)],
            }
            for s in range(len(names))
        ],
        "winners": [names[s] for s in tied_best(totals)],
    }


def _tower_text(award: Award) -> str:
    t = award.tower
    if t is None:
        return ""
    if t.lighted:
        return _("{colour} {height}, {n} lit").format(
            colour=terms.coloured(t.colour, "tower"), height=t.height, n=t.lighted)
    return f"{terms.coloured(t.colour, 'tower')} {t.height}"


def final_tables(
    names: Sequence[str],
    prestige: Sequence[int],
    evaluation: FinalEvaluation,
) -> RenderableType:
    """One table of awards per category, then the totals and the winner(s)."""
    parts = [_award_table(names, category, [
        a for a in (*evaluation.awards, *evaluation.unplaced) if a.category == category])
        for category in FINAL_CATEGORIES]
    totals = [prestige[s] + evaluation.points(s) for s in range(len(names))]
    best = set(tied_best(totals))
    totalled = table(_("player"), (_("prestige before"), "right"),
                     (_("final evaluation"), "right"), (_("total"), "right"), title=_("totals"))
    for s, name in enumerate(names):
        style = "bold" if s in best else ""
        totalled.add_row(rich_text(name, style=style), str(prestige[s]),
                      f"+{evaluation.points(s)}", rich_text(str(totals[s]), style=style))
    parts.append(totalled)
    won = [names[s] for s in sorted(best)]
    verdict = (_("Winner: {player} with {points} prestige") if len(won) == 1
               else _("Winners (tied): {players} with {points} prestige"))
    parts.append(rich_text(verdict.format(player=won[0], players=", ".join(won),
                                          points=max(totals)), style="bold"))
    return group(parts)


def _award_table(names: Sequence[str], category: str, awards: Sequence[Award]
                 ) -> RenderableType:
    """The final evaluation's awards of one category: each tower's place, points and how
    they were worked out (R5)."""
    from asara_cli.render.phrases import Phrases

    title = terms.category(category)
    if not awards:
        return rich_text(_("{category}: no towers, nothing awarded").format(category=title),
                         style="dim")
    # every award table as wide as the others (the terminal's width), the arithmetic
    # wrapped between phrases
    awarded = table(_("player"), title=title, expand=True)
    if category != MONEY:
        awarded.add_column(_("tower") if category != "most_towers" else "")
        awarded.add_column(_("place"))
    awarded.add_column(_("points"), justify="right")
    awarded.add_column(_("how"), ratio=1)
    # every tower in the category: the places, then those without one, and why (R5)
    for a in sorted(awards, key=lambda a: (a.place == 0, a.place or 0,
                                           -a.tower.height if a.tower else 0, a.player)):
        # The place has its own column; show the arithmetic after it.
        how = a.explanation.split(": ", 1)[1]
        if a.place is not None:
            how = how.split(", ", 1)[1]
        row: list[RenderableType] = [rich_text(names[a.player])]
        if category != MONEY:
            place = terms.ordinal(a.place, "place") if a.place in (1, 2) else "-"
            if a.tied > 1 and a.place:
                place = _("tied {place}").format(place=place)
            row += [rich_text(_tower_text(a)), rich_text(place)]
        row += [rich_text(str(a.points)), Phrases(how)]
        awarded.add_row(*row)
    return awarded
