"""ASARA's board profile for ``asara board``: a table for people, plain data for --json."""

from __future__ import annotations

from typing import Any

from msgspec import Struct
from msgspec.structs import fields
from rich import box
from rich.console import Group, RenderableType
from rich.table import Table

from asara_cli.core.i18n import _, pgettext
from asara_cli.games.asara.rules import terms
from asara_cli.games.asara.rules.board import AreaSpec, Board, LightedOffer, Places


def _plain(value: Any) -> Any:
    """A board value as JSON-ready data; unknown (None) stays null."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, Struct):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    return value


def _shown(value: Any) -> str:
    """A board value for people: unknown stays visible, point pairs read 1st/2nd."""
    if value is None:
        return pgettext("value", "unknown")
    if isinstance(value, Places):
        return f"{value.first}/{value.second}"
    if isinstance(value, LightedOffer):
        return _("pay {pay}: draw {draw}, keep {keep}").format(
            pay=value.pay, draw=value.draw, keep=value.keep)
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_shown(v)}" for k, v in value.items())
    if isinstance(value, (tuple, list)):
        return "; ".join(_shown(v) for v in value) if any(
            isinstance(v, LightedOffer) for v in value) else ", ".join(_shown(v) for v in value)
    return str(value)


def board_dict(rules: Board) -> dict[str, Any]:
    return {f.name: _plain(getattr(rules, f.name)) for f in fields(rules)}


def board_view(rules: Board) -> RenderableType:
    """Every number of the profile, one item a row (named by its key in the profile's
    file, in every language); then the areas, one a row."""
    table = Table(title=_("board profile: {profile}").format(profile=rules.profile),
                  caption=rules.description, box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column(_("item"))
    table.add_column(_("value"))
    for f in fields(rules):
        if f.name in ("profile", "description", "defaulted", "areas"):
            continue
        table.add_row(f.name.replace("_", " "), _shown(getattr(rules, f.name)))
    return Group(table, _areas_table(rules.areas))


def _areas_table(areas: tuple[AreaSpec, ...]) -> Table:
    """The board's areas, one a row: their spaces, follow-suit, the game that has them."""
    table = Table(title=_("areas"), box=box.SIMPLE_HEAD, title_justify="left")
    for i, col in enumerate((_("area"), _("spaces"), _("follows suit"), _("game"),
                             _("rule"))):
        table.add_column(col, no_wrap=i not in (1, 3))
    for a in areas:
        pro, basic = pgettext("game", "pro"), pgettext("game", "basic")
        game = (_("{expansion} (pro)").format(expansion=a.expansion) if a.expansion and a.pro
                else a.expansion or (pro if a.pro else basic))
        table.add_row(terms.area(a.name), a.describe_spaces(),
                      _("yes") if a.follow_suit else _("no"), game, a.rule)
    return table
