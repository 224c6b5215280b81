"""The board as one frozen value, built from a board profile mapping (RULES.md R1).

Reading the profile file is the log layer's job; this module only checks the shape of the
already-parsed mapping. A number the rules reference marks unknown is ``None`` here and is
written as the string ``"unknown"`` in the profile.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any

from msgspec import Struct

from asara_cli.core.i18n import _, ngettext
from asara_cli.core.profile import MAX_LIST, MAX_NUMBER, ProfileReader, check_size, short
from asara_cli.core.profile import BoardError as BoardError  # a profile's error, as before
from asara_cli.games.asara.rules.model import Colour, Section

UNKNOWN = "unknown"
class Places(Struct, frozen=True):
    """Points for 1st and 2nd place in one final-evaluation category (R5)."""

    first: int
    second: int


class LightedOffer(Struct, frozen=True):
    """One way to use the House of the lighted windows: pay, draw, keep (R3.7)."""

    pay: int
    draw: int
    keep: int


#: Area kinds: each is one module in ``rules/areas`` (its move, cost, check and words).
AREA_KINDS = ("market", "building", "bank", "coloured", "spies", "caliph", "tent", "lighted",
              "genie")

#: Where each kind's spaces are numbered in the profile: a count (spaces 1..n), a list of
#: printed costs (the spaces are named by their cost), or unlimited room.
_SPACES: dict[str, tuple[str, str]] = {
    "market": ("market.spaces", "count"),
    "building": ("building_circle.plots", "count"),
    "bank": ("bank.spaces", "count"),
    "coloured": ("", "unlimited"),
    "spies": ("spies.costs", "costs"),
    "caliph": ("caliph.spaces", "count"),
    "tent": ("tent.spaces", "count"),
    "lighted": ("lighted_windows.spaces", "count"),
    "genie": ("genie.costs", "costs"),
}


class AreaSpec(Struct, frozen=True):
    """One area of the board as the profile describes it (R1, R2).

    ``spaces`` are the space numbers as a log names them (plot numbers, or the printed cost
    where spaces are named by cost), ``None`` when unknown or unlimited. ``section`` is the
    tile type of a market area. ``expansion`` names the expansion that brings the area."""

    key: str
    kind: str
    name: str
    spaces: tuple[int, ...] | None
    unlimited: bool = False
    pro: bool = False
    follow_suit: bool = True
    expansion: str | None = None
    section: Section | None = None
    rule: str = "R2"

    def describe_spaces(self) -> str:
        """``spaces 1-4``, ``plots 1-7``, ``spaces 3, 5`` or ``unlimited room``, in the
        language in use."""
        if self.unlimited:
            return _("unlimited room")
        if self.spaces is None:
            return _("spaces unknown")
        s = self.spaces
        plot = self.kind == "building"
        if s == tuple(range(s[0], s[0] + len(s))) and len(s) > 2:
            text = _("plots {first}-{last}") if plot else _("spaces {first}-{last}")
            return text.format(first=s[0], last=s[-1])
        if plot:
            text = ngettext("plot {numbers}", "plots {numbers}", len(s))
        else:
            text = ngettext("space {numbers}", "spaces {numbers}", len(s))
        return text.format(numbers=", ".join(map(str, s)))


class Board(Struct, frozen=True, dict=True):
    """Every printed number of the game. ``None`` means unknown: check only what is certain.
    (``dict``: its areas indexed once, :attr:`by_key` and the others, not fields.)"""

    profile: str
    description: str
    min_players: int
    max_players: int
    years: int
    prices: Mapping[Colour, int]
    tiles: Mapping[Section, int]
    lighted_window_tiles: int
    tiles_per_colour: int | None
    gold_tiles: int | None
    market_spaces: int
    display: Mapping[Section, int]
    plots: int
    bank_spaces: int
    bank_values: tuple[int | None, ...]
    bank_max_value: int
    coloured_building_income: int
    spies_costs: tuple[int, ...]
    caliph_spaces: int
    tent_spaces: int | None
    tent_costs: tuple[int, ...] | None
    recruit_draw: int
    lighted_spaces: int | None
    lighted_min_spaces: int
    lighted_offers: tuple[LightedOffer, ...]
    buyers_total: int
    buyer_colours: int
    buyers_per_colour: int | None
    hand_size: Mapping[int, int]
    start_money: tuple[int, ...]
    yearly_money: int
    build_per_section: int
    year_tower: int
    year_gold: int
    year_lighted_window: int
    year_caliph: int
    final_colour: Mapping[Colour, Places]
    final_overall: Places
    final_most_towers: Places
    money_per_point: int
    gift_cards: int
    gift_cards_pro: int
    gifts_dealt: int
    gifts_dealt_pro: int
    genie_costs: tuple[int, ...]
    gift_prestige: int = 2
    gift_lighted_cost: int = 4
    areas: tuple[AreaSpec, ...] = ()
    #: The dotted keys a table's profile left out and the log layer took from the packaged
    #: profile (``asara board`` says which); empty for a complete profile.
    defaulted: tuple[str, ...] = ()

    def price(self, colour: Colour) -> int:
        return self.prices[colour]

    def area(self, key: str) -> AreaSpec:
        return self.by_key[key]

    def has_area(self, key: str) -> bool:
        return key in self.by_key

    # The areas indexed (the first of each), worked out when first read: a replay asks for
    # every turn's area, through one call of the kind's (Kind.area)
    @cached_property
    def by_key(self) -> dict[str, AreaSpec]:
        return {a.key: a for a in reversed(self.areas)}

    @cached_property
    def by_section(self) -> dict[Section, AreaSpec]:
        """The market areas by their section type."""
        return {a.section: a for a in reversed(self.areas)
                if a.kind == "market" and a.section is not None}

    @cached_property
    def by_kind(self) -> dict[str, AreaSpec]:
        """The one area of a kind that has one area (every kind but the market)."""
        return {a.kind: a for a in reversed(self.areas)}


class _Reader(ProfileReader):
    """ASARA's profile: numbers, ``unknown`` where the rulebook prints none, places."""

    def whole(self, key: str, *, minimum: int = 0, value: Any = None) -> int:
        v = self.raw(key) if value is None else value
        if isinstance(v, bool) or not isinstance(v, int):
            raise BoardError(key, _("expected a whole number, got {value}").format(
                value=repr(v)))
        if v < minimum:
            raise BoardError(key, _("must be at least {least}, got {value}").format(
                least=minimum, value=v))
        if v > MAX_NUMBER:
            raise BoardError(key, _("must be at most {most}, got {value}").format(
                most=MAX_NUMBER, value=v))
        return v

    def maybe_int(self, key: str, *, minimum: int = 0, value: Any = None) -> int | None:
        v = self.raw(key) if value is None else value
        if v == UNKNOWN:
            return None
        return self.whole(key, minimum=minimum, value=v)

    def ints(self, key: str, *, minimum: int = 0) -> tuple[int, ...]:
        v = self.raw(key)
        if not isinstance(v, list) or not v or len(v) > MAX_LIST:
            raise BoardError(key, _("expected a list of 1 to {most} whole numbers, got "
                                    "{value}").format(most=MAX_LIST, value=short(v)))
        return tuple(self.whole(f"{key}[{i}]", minimum=minimum, value=x) for i, x in enumerate(v))

    def maybe_ints(self, key: str, *, minimum: int = 0) -> tuple[int | None, ...]:
        v = self.raw(key)
        if not isinstance(v, list) or not v or len(v) > MAX_LIST:
            raise BoardError(key, _("expected a list of 1 to {most} values, got {value}").format(
                most=MAX_LIST, value=short(v)))
        return tuple(
            self.maybe_int(f"{key}[{i}]", minimum=minimum, value=x) for i, x in enumerate(v)
        )

    def places(self, key: str, value: Any = None) -> Places:
        v = self.raw(key) if value is None else value
        if not isinstance(v, list) or len(v) != 2:
            raise BoardError(key, _("expected [1st, 2nd], got {value}").format(value=repr(v)))
        first = self.whole(f"{key}[0]", value=v[0])
        second = self.whole(f"{key}[1]", value=v[1])
        if second > first:
            raise BoardError(key, _("2nd place ({second}) is worth more than 1st "
                                    "({first})").format(second=second, first=first))
        return Places(first, second)

    def field(self, key: str, table: Any, name: str) -> Any:
        """``table[name]`` of a table found inside a list, where :meth:`raw` cannot walk."""
        if not isinstance(table, Mapping):
            raise BoardError(key, _("expected a table"))
        if name not in table:
            raise BoardError(f"{key}.{name}", _("missing"))
        return table[name]


def board_from_mapping(data: Mapping[str, Any]) -> Board:
    """Build and check a :class:`Board` from a parsed profile; raise :class:`BoardError`."""
    r = _Reader(data)
    min_players = r.whole("players.min", minimum=2)
    max_players = r.whole("players.max", minimum=min_players)
    hand_size = {
        n: r.whole(f"buyers.hand.{n}", minimum=1) for n in range(min_players, max_players + 1)
    }
    # a year's turns: every buyer in the hands, and those recruited from the rest; a build
    # lists as many sections as its plot's number
    years, buyers = r.whole("years.count", minimum=1), r.whole("buyers.total", minimum=1)
    yearly = max(buyers, *(n * hand_size[n] for n in hand_size))
    plots = r.whole("building_circle.plots", minimum=1)
    check_size("years.count", years * yearly, plots,
               _("{years} years x {buyers} buyers played a year").format(
                   years=years, buyers=yearly), _("plots"))
    start_money = r.ints("money.start")
    if len(start_money) < max_players:
        raise BoardError("money.start", _("needs {n} amounts, one per seat").format(
            n=max_players))
    bank_spaces, bank_max, bank_values = _bank(r)
    tent_spaces, tent_costs = _tent(r)
    offers = _offers(r)
    final_colour = {c: r.places(f"scoring.final.colour.{c}") for c in Colour}
    areas = _areas(r, _numbers(r, bank_spaces, tent_spaces))
    return Board(
        profile=r.text("profile"), description=r.text("description"),
        min_players=min_players, max_players=max_players, years=years,
        prices={c: r.whole(f"prices.{c}", minimum=1) for c in Colour},
        tiles={s: r.whole(f"tiles.{s}", minimum=1) for s in Section},
        lighted_window_tiles=r.whole("tiles.lighted_window"),
        tiles_per_colour=r.maybe_int("tiles.per_colour"), gold_tiles=r.maybe_int("tiles.gold"),
        market_spaces=r.whole("market.spaces", minimum=1),
        display={s: r.whole(f"market.display.{s}") for s in Section},
        plots=r.whole("building_circle.plots", minimum=1),
        bank_spaces=bank_spaces, bank_values=bank_values, bank_max_value=bank_max,
        coloured_building_income=r.whole("coloured_building.income"),
        spies_costs=r.ints("spies.costs"), caliph_spaces=r.whole("caliph.spaces", minimum=1),
        tent_spaces=tent_spaces, tent_costs=tent_costs,
        recruit_draw=r.whole("tent.draw", minimum=1),
        lighted_spaces=r.maybe_int("lighted_windows.spaces", minimum=1),
        lighted_min_spaces=r.whole("lighted_windows.min_spaces", minimum=1),
        lighted_offers=offers, buyers_total=buyers,
        buyer_colours=r.whole("buyers.colours", minimum=1),
        buyers_per_colour=r.maybe_int("buyers.per_colour", minimum=1),
        hand_size=hand_size, start_money=start_money, yearly_money=r.whole("money.yearly"),
        build_per_section=r.whole("scoring.build.per_section"),
        year_tower=r.whole("scoring.year.tower"), year_gold=r.whole("scoring.year.gold"),
        year_lighted_window=r.whole("scoring.year.lighted_window"),
        year_caliph=r.whole("scoring.year.caliph"), final_colour=final_colour,
        final_overall=r.places("scoring.final.overall"),
        final_most_towers=r.places("scoring.final.most_towers"),
        money_per_point=r.whole("scoring.final.money_per_point", minimum=1),
        gift_cards=r.whole("gifts.cards"), gift_cards_pro=r.whole("gifts.cards_pro"),
        gifts_dealt=r.whole("gifts.dealt"), gifts_dealt_pro=r.whole("gifts.dealt_pro"),
        genie_costs=r.ints("genie.costs"), gift_prestige=_optional(r, "gifts.prestige", 2),
        gift_lighted_cost=_optional(r, "gifts.lighted_cost", 4), areas=areas,
    )


def _bank(r: _Reader) -> tuple[int, int, tuple[int | None, ...]]:
    """The bank's spaces, its highest value and the value of each space (R3.3)."""
    bank_spaces = r.whole("bank.spaces", minimum=1)
    bank_max = r.whole("bank.max_value", minimum=1)
    bank_values = r.maybe_ints("bank.values")
    if len(bank_values) != bank_spaces:
        raise BoardError("bank.values", _("lists {n} values for {spaces} spaces").format(
            n=len(bank_values), spaces=bank_spaces))
    for i, value in enumerate(bank_values):
        if value is not None and value > bank_max:
            raise BoardError(f"bank.values[{i}]", _("{value} is above bank.max_value "
                                                    "{most}").format(value=value, most=bank_max))
    return bank_spaces, bank_max, bank_values


def _tent(r: _Reader) -> tuple[int | None, tuple[int, ...] | None]:
    """The tent's spaces and what each costs, where the profile knows them."""
    tent_spaces = r.maybe_int("tent.spaces", minimum=1)
    tent_costs_raw = r.raw("tent.costs")
    tent_costs = None if tent_costs_raw == UNKNOWN else r.ints("tent.costs")
    if tent_costs is not None and tent_spaces is not None and len(tent_costs) != tent_spaces:
        raise BoardError("tent.costs", _("lists {n} costs for {spaces} spaces").format(
            n=len(tent_costs), spaces=tent_spaces))
    return tent_spaces, tent_costs


def _offers(r: _Reader) -> tuple[LightedOffer, ...]:
    """The lighted windows' offers: pay, draw, keep."""
    offers_raw = r.raw("lighted_windows.offers")
    if not isinstance(offers_raw, list) or not offers_raw or len(offers_raw) > MAX_LIST:
        raise BoardError("lighted_windows.offers",
                         _("expected a list of {{pay, draw, keep}} tables").format())
    offers: list[LightedOffer] = []
    for i, o in enumerate(offers_raw):
        key = f"lighted_windows.offers[{i}]"
        offer = LightedOffer(
            *(r.whole(f"{key}.{f}", minimum=1, value=r.field(key, o, f))
              for f in ("pay", "draw", "keep"))
        )
        if offer.keep > offer.draw:
            raise BoardError(key, _("keeps {keep} of {draw} drawn").format(
                keep=offer.keep, draw=offer.draw))
        if any(o.pay == offer.pay for o in offers):
            raise BoardError(f"{key}.pay", _(
                "another offer costs {pay} too: a log names the offer taken by what was "
                "paid").format(pay=offer.pay))
        offers.append(offer)
    return tuple(offers)


def _numbers(r: _Reader, bank_spaces: int, tent_spaces: int | None
             ) -> dict[str, int | tuple[int, ...] | None]:
    """The numbers of the areas' kinds, as the areas' descriptions may name them."""
    return {
        "market.spaces": r.whole("market.spaces", minimum=1),
        "building_circle.plots": r.whole("building_circle.plots", minimum=1),
        "bank.spaces": bank_spaces,
        "spies.costs": r.ints("spies.costs", minimum=1),
        "caliph.spaces": r.whole("caliph.spaces", minimum=1),
        "tent.spaces": tent_spaces,
        "lighted_windows.spaces": r.maybe_int("lighted_windows.spaces", minimum=1),
        "genie.costs": r.ints("genie.costs", minimum=1),
    }

def _optional(r: _Reader, key: str, default: int) -> int:
    """A number newer profiles give; an older profile without it gets the printed value."""
    try:
        r.raw(key)
    except BoardError:
        return default
    return r.whole(key)


#: The areas of the printed board, for a profile written before areas were described in it.
DEFAULT_AREAS: dict[str, dict[str, Any]] = {
    "base": {"kind": "market", "name": "base market", "section": "base", "rule": "R3.1"},
    "trunk": {"kind": "market", "name": "trunk market", "section": "trunk", "rule": "R3.1"},
    "window": {"kind": "market", "name": "window market", "section": "window", "rule": "R3.1"},
    "turret": {"kind": "market", "name": "turret market", "section": "turret", "rule": "R3.1"},
    "circle": {"kind": "building", "name": "building circle", "rule": "R3.2"},
    "bank": {"kind": "bank", "name": "bank", "rule": "R3.3"},
    "coloured": {"kind": "coloured", "name": "coloured building", "follow_suit": False,
                 "rule": "R3.3"},
    "spies": {"kind": "spies", "name": "House of Spies", "rule": "R3.4"},
    "caliph": {"kind": "caliph", "name": "Caliph's patronage", "rule": "R3.5"},
    "tent": {"kind": "tent", "name": "tent", "pro": True, "rule": "R3.6"},
    "lighted": {"kind": "lighted", "name": "House of the lighted windows", "pro": True,
                "rule": "R3.7"},
    "genie": {"kind": "genie", "name": "House of the Bottle Genie", "pro": True,
              "expansion": "genie", "rule": "R6.2"},
}


def _areas(r: _Reader, numbers: Mapping[str, int | tuple[int, ...] | None]
           ) -> tuple[AreaSpec, ...]:
    """The ``[areas.*]`` tables: kind, name, pro-only, follow-suit, expansion; spaces come
    from the kind's numbers above. A profile without ``[areas]`` gets the printed board's."""
    raw = r.data.get("areas", DEFAULT_AREAS)
    if not isinstance(raw, Mapping) or not raw or len(raw) > MAX_LIST:
        raise BoardError("areas", _("expected a table of areas such as [areas.bank]"))
    out = [_area(r, key, spec, numbers) for key, spec in raw.items()]
    kinds = {a.kind for a in out}
    for kind in AREA_KINDS:
        if kind not in kinds:
            raise BoardError("areas", _("no area of kind {kind}").format(kind=repr(kind)))
        if kind != "market" and sum(a.kind == kind for a in out) > 1:
            raise BoardError("areas", _("two areas of kind {kind}").format(kind=repr(kind)))
    sections = [a.section for a in out if a.section is not None]
    for s in Section:
        if sections.count(s) != 1:
            raise BoardError("areas", _("needs exactly one {section} market area").format(
                section=s))
    return tuple(out)


def _area(r: _Reader, key: str, spec: Any, numbers: Mapping[str, int | tuple[int, ...] | None]
          ) -> AreaSpec:
    """One ``[areas.KEY]`` table."""
    where = f"areas.{key}"
    if not isinstance(spec, Mapping):
        raise BoardError(where, _("expected a table"))
    kind = r.field(where, spec, "kind")
    if kind not in AREA_KINDS:
        raise BoardError(f"{where}.kind", _("expected one of {kinds}, got {kind}").format(
            kinds=", ".join(AREA_KINDS), kind=repr(kind)))
    name = r.field(where, spec, "name")
    if not isinstance(name, str) or not name or not name.isprintable() or len(name) > 60:
        raise BoardError(f"{where}.name", _("expected the area's name as plain text (at "
                                            "most 60 characters)"))
    flags: dict[str, bool] = {}
    for flag, default in (("pro", False), ("follow_suit", kind != "coloured")):
        v = spec.get(flag, default)
        if not isinstance(v, bool):
            raise BoardError(f"{where}.{flag}", _("expected true or false, got "
                                                  "{value}").format(value=repr(v)))
        flags[flag] = v
    expansion = spec.get("expansion")
    if expansion is not None and expansion not in ("gifts", "genie"):
        raise BoardError(f"{where}.expansion", _("expected \"gifts\" or \"genie\", got "
                                                 "{value}").format(value=repr(expansion)))
    section = None
    if kind == "market":
        sec = spec.get("section", key)
        if sec not in {s.value for s in Section}:
            raise BoardError(f"{where}.section", _("a market area sells base, trunk, "
                                                   "window or turret, got {value}").format(
                value=repr(sec)))
        section = Section(sec)
    rule = spec.get("rule", "R2")
    if not isinstance(rule, str):
        raise BoardError(f"{where}.rule", _("expected a rule id such as R3.3, got "
                                            "{value}").format(value=repr(rule)))
    source, how = _SPACES[kind]
    spaces: tuple[int, ...] | None
    if how == "unlimited":
        spaces = None
    elif how == "costs":
        costs = numbers[source]
        assert isinstance(costs, tuple)
        spaces = costs
    else:
        count = numbers[source]
        assert count is None or isinstance(count, int)
        spaces = None if count is None else tuple(range(1, count + 1))
    return AreaSpec(key, kind, name, spaces, how == "unlimited", flags["pro"],
                    flags["follow_suit"], expansion, section, rule)
