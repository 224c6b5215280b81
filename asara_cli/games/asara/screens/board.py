"""ASARA's board profile for ``asara board``: a table for people, plain data for --json."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec import Struct
from msgspec.structs import fields
from rich.console import Group, RenderableType
from rich.table import Table

from asara_cli.core.i18n import N_, _, pgettext
from asara_cli.games.asara.rules import terms
from asara_cli.games.asara.rules.board import AreaSpec, Board, LightedOffer, Places
from asara_cli.render.tables import table


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
        # a colour or a tower part as the language names it (brown: Braun, base: Basis)
        return ", ".join(f"{terms.section(terms.colour(str(k)))}: {_shown(v)}"
                         for k, v in value.items())
    if isinstance(value, (tuple, list)):
        return "; ".join(_shown(v) for v in value) if any(
            isinstance(v, LightedOffer) for v in value) else ", ".join(_shown(v) for v in value)
    return str(value)


#: Each number of the profile for people: its key in the profile's file, in words (English:
#: the key itself, so a table finds the line it edits).
_ITEMS: dict[str, Callable[[], str]] = {
    "min_players": lambda: pgettext("board item", "min players"),
    "max_players": lambda: pgettext("board item", "max players"),
    "years": lambda: pgettext("board item", "years"),
    "prices": lambda: pgettext("board item", "prices"),
    "tiles": lambda: pgettext("board item", "tiles"),
    "lighted_window_tiles": lambda: pgettext("board item", "lighted window tiles"),
    "tiles_per_colour": lambda: pgettext("board item", "tiles per colour"),
    "gold_tiles": lambda: pgettext("board item", "gold tiles"),
    "market_spaces": lambda: pgettext("board item", "market spaces"),
    "display": lambda: pgettext("board item", "display"),
    "plots": lambda: pgettext("board item", "plots"),
    "bank_spaces": lambda: pgettext("board item", "bank spaces"),
    "bank_values": lambda: pgettext("board item", "bank values"),
    "bank_max_value": lambda: pgettext("board item", "bank max value"),
    "coloured_building_income": lambda: pgettext("board item", "coloured building income"),
    "spies_costs": lambda: pgettext("board item", "spies costs"),
    "caliph_spaces": lambda: pgettext("board item", "caliph spaces"),
    "tent_spaces": lambda: pgettext("board item", "tent spaces"),
    "tent_costs": lambda: pgettext("board item", "tent costs"),
    "recruit_draw": lambda: pgettext("board item", "recruit draw"),
    "lighted_spaces": lambda: pgettext("board item", "lighted spaces"),
    "lighted_min_spaces": lambda: pgettext("board item", "lighted min spaces"),
    "lighted_offers": lambda: pgettext("board item", "lighted offers"),
    "buyers_total": lambda: pgettext("board item", "buyers total"),
    "buyer_colours": lambda: pgettext("board item", "buyer colours"),
    "buyers_per_colour": lambda: pgettext("board item", "buyers per colour"),
    "hand_size": lambda: pgettext("board item", "hand size"),
    "start_money": lambda: pgettext("board item", "start money"),
    "yearly_money": lambda: pgettext("board item", "yearly money"),
    "build_per_section": lambda: pgettext("board item", "build per section"),
    "year_tower": lambda: pgettext("board item", "year tower"),
    "year_gold": lambda: pgettext("board item", "year gold"),
    "year_lighted_window": lambda: pgettext("board item", "year lighted window"),
    "year_caliph": lambda: pgettext("board item", "year caliph"),
    "final_colour": lambda: pgettext("board item", "final colour"),
    "final_overall": lambda: pgettext("board item", "final overall"),
    "final_most_towers": lambda: pgettext("board item", "final most towers"),
    "money_per_point": lambda: pgettext("board item", "money per point"),
    "gift_cards": lambda: pgettext("board item", "gift cards"),
    "gift_cards_pro": lambda: pgettext("board item", "gift cards pro"),
    "gifts_dealt": lambda: pgettext("board item", "gifts dealt"),
    "gifts_dealt_pro": lambda: pgettext("board item", "gifts dealt pro"),
    "genie_costs": lambda: pgettext("board item", "genie costs"),
    "gift_prestige": lambda: pgettext("board item", "gift prestige"),
    "gift_lighted_cost": lambda: pgettext("board item", "gift lighted cost"),
}


def board_dict(rules: Board) -> dict[str, Any]:
    return {f.name: _plain(getattr(rules, f.name)) for f in fields(rules)}


#: The packaged profile's description (data/standard.toml), in the catalogue so that it is
#: read in the language in use; a table's own profile says what its author wrote.
STANDARD_DESCRIPTION = N_("ASARA as printed; unknown board numbers left unknown")


def board_view(rules: Board) -> RenderableType:
    """Every number of the profile, one item a row (in English named by its key in the
    profile's file, in another language by its words); then the areas, one a row."""
    description = (_(STANDARD_DESCRIPTION) if rules.description == STANDARD_DESCRIPTION
                   else rules.description)
    profile = table(_("item"), _("value"), caption=description,
                    title=_("board profile: {profile}").format(profile=rules.profile))
    for f in fields(rules):
        if f.name in ("profile", "description", "defaulted", "areas"):
            continue
        item = _ITEMS.get(f.name)
        profile.add_row(item() if item else f.name.replace("_", " "),
                        _shown(getattr(rules, f.name)))
    return Group(profile, _areas_table(rules.areas))


def _areas_table(areas: tuple[AreaSpec, ...]) -> Table:
    """The board's areas, one a row: their spaces, follow-suit, the game that has them."""
    areas_table = table(title=_("areas"))
    for i, col in enumerate((_("area"), _("spaces"), _("follows suit"), _("game"),
                             _("rule"))):
        areas_table.add_column(col, no_wrap=i not in (1, 3))
    for a in areas:
        pro, basic = pgettext("game", "pro"), pgettext("game", "basic")
        expansion = terms.expansion_short(a.expansion) if a.expansion else None
        game = (_("{expansion} (pro)").format(expansion=expansion) if expansion and a.pro
                else expansion or (pro if a.pro else basic))
        areas_table.add_row(terms.area(a.name), a.describe_spaces(),
                            _("yes") if a.follow_suit else _("no"), game, a.rule)
    return areas_table
