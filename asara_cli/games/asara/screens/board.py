"""ASARA's board profile for ``asara board``: a table for people, plain data for --json."""

from __future__ import annotations

from typing import Any

from msgspec import to_builtins
from msgspec.structs import fields
from rich.console import Group, RenderableType
from rich.table import Table

from asara_cli.core.i18n import N_, NP_, _, pgettext
from asara_cli.games.asara.rules import terms
from asara_cli.games.asara.rules.board import AreaSpec, Board, LightedOffer, Places
from asara_cli.render.tables import table


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


#: The profile's numbers that have words of their own: each its key in the profile's file
#: with spaces (English shows the key itself, so a table finds the line it edits).
_ITEMS = frozenset((
    NP_("board item", "min players"), NP_("board item", "max players"), NP_("board item", "years"),
    NP_("board item", "prices"), NP_("board item", "tiles"),
    NP_("board item", "lighted window tiles"), NP_("board item", "tiles per colour"),
    NP_("board item", "gold tiles"), NP_("board item", "market spaces"),
    NP_("board item", "display"), NP_("board item", "plots"), NP_("board item", "bank spaces"),
    NP_("board item", "bank values"), NP_("board item", "bank max value"),
    NP_("board item", "coloured building income"), NP_("board item", "spies costs"),
    NP_("board item", "caliph spaces"), NP_("board item", "tent spaces"),
    NP_("board item", "tent costs"), NP_("board item", "recruit draw"),
    NP_("board item", "lighted spaces"), NP_("board item", "lighted min spaces"),
    NP_("board item", "lighted offers"), NP_("board item", "buyers total"),
    NP_("board item", "buyer colours"), NP_("board item", "buyers per colour"),
    NP_("board item", "hand size"), NP_("board item", "start money"),
    NP_("board item", "yearly money"), NP_("board item", "build per section"),
    NP_("board item", "year tower"), NP_("board item", "year gold"),
    NP_("board item", "year lighted window"), NP_("board item", "year caliph"),
    NP_("board item", "final colour"), NP_("board item", "final overall"),
    NP_("board item", "final most towers"), NP_("board item", "money per point"),
    NP_("board item", "gift cards"), NP_("board item", "gift cards pro"),
    NP_("board item", "gifts dealt"), NP_("board item", "gifts dealt pro"),
    NP_("board item", "genie costs"), NP_("board item", "gift prestige"),
    NP_("board item", "gift lighted cost")))


def board_dict(rules: Board) -> dict[str, Any]:
    data: dict[str, Any] = to_builtins(rules, str_keys=True)  # unknown (None) stays null
    return data


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
        item = f.name.replace("_", " ")
        profile.add_row(pgettext("board item", item) if item in _ITEMS else item,
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
