"""The Yspahan board as one frozen value, built from a board profile mapping (YSPAHAN.md Y1).

Reading the profile file is the log layer's job; this module checks the shape and the
consistency of the already-parsed mapping (every souk's shop count, the street's cells and
the shops facing them, seen from both sides) and raises :class:`BoardError` naming the
dotted key of anything wrong. Everything the referee counts with lives here, never in code.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from msgspec import Struct

from asara_cli.core.i18n import _
from asara_cli.core.profile import MAX_LIST, MAX_NUMBER, ProfileReader, check_size, short
from asara_cli.core.profile import BoardError as BoardError  # a profile's error
from asara_cli.core.words import number
from asara_cli.games.yspahan.rules import terms

UNLIMITED = "unlimited"
#: Certainty words a profile may give a value (Y1). The first two are enforced as errors.
CERTAIN = ("rulebook", "confirmed")
CERTAINTIES = (*CERTAIN, "high", "medium", "low")
#: The six buildings, each a power the engine knows (Y1.4).
BUILDINGS = ("pasture", "shop", "bath", "caravanserai", "market", "hoist")
#: What a card kind can do (Y1.5, Y3.9); a kind's ``effect`` is one of these.
EFFECTS = ("camels", "gold", "nocamels", "nogold", "caravan", "souk", "goldvp", "camelvp",
           "exchange")
#: The tower's two non-quarter rows (Y2.4): the lowest value and the highest.
CAMELS_ROW = "camels"
GOLD_ROW = "gold"


class Souk(Struct, frozen=True):
    """The same-coloured shops of one quarter (Y1.1). ``street`` lists, for each street-side
    shop in order, the street cell(s) it faces; the remaining ``inner`` shops face none."""

    id: str
    quarter: str
    value: int
    shops: int
    street: tuple[tuple[str, ...], ...]
    inner: int
    colour: str | None = None

    def shop_at(self, cell: str) -> int | None:
        """The index of the street-side shop facing ``cell``, or ``None``."""
        for i, cells in enumerate(self.street):
            if cell in cells:
                return i
        return None


class Building(Struct, frozen=True):
    """One building of a player's board (Y1.4): its cost and the number its power uses."""

    id: str
    camels: int
    gold: int
    bonus: int


class CardKind(Struct, frozen=True):
    """One kind of card (Y1.5). ``amount`` for camels/gold cards, ``points`` per unit and
    ``cap`` for goldvp/camelvp; ``certainty`` of the kind and its copies, ``cap_certainty``
    of the cap: values not ``confirmed`` are checked as warnings."""

    id: str
    effect: str
    copies: int
    certainty: str
    amount: int = 0
    points: int = 0
    cap: int | None = None
    cap_certainty: str = "medium"

    @property
    def confirmed(self) -> bool:
        return self.certainty in CERTAIN

    @property
    def cap_confirmed(self) -> bool:
        return self.cap_certainty in CERTAIN


class Board(Struct, frozen=True):
    """Every number of the game, as the profile gives it. Supplies are ``None`` when
    unlimited (Y6.14). Street cells are named arm + number (``W3``) and the centre (``C``);
    ``faces`` maps each cell to the ``(souk index, shop index)`` pairs in front of it."""

    profile: str
    description: str
    min_players: int
    max_players: int
    weeks: int
    days: int
    white_dice: int
    yellow_dice: int
    yellow_cost: int
    faces_per_die: int
    start_gold: int
    start_camels: int
    cube_supply: int | None
    gold_supply: int | None
    camel_supply: int | None
    rows: tuple[str, ...]
    quarters: tuple[str, ...]
    souks: tuple[Souk, ...]
    centre: str
    arms: tuple[tuple[str, int], ...]
    faces: Mapping[str, tuple[tuple[int, int], ...]]
    caravan_rows: tuple[str, ...]
    caravan_points: tuple[int, ...]
    caravan_factors: tuple[int, ...]
    caravan_camels: Mapping[int, int]
    buildings: Mapping[str, Building]
    building_points: tuple[int, ...]
    deck: int
    cards: Mapping[str, CardKind]
    caravanserai_on_card: bool = True
    #: Boardspace's readings where the rulebook is silent (docs/rulings.md, Y-R13, Y-R14):
    #: a cost card played without a building keeps its credit for a later one; the goldvp
    #: and camelvp cards' caps (``CardKind.cap``) are rules, refused beyond them
    cost_card_credit_kept: bool = False
    vp_card_caps: bool = False
    #: derived for quick look-ups: souk id -> index, quarter -> its souks, row -> index
    by_id: Mapping[str, int] | None = None
    quarter_souks: Mapping[str, tuple[int, ...]] | None = None
    row_index: Mapping[str, int] | None = None

    @property
    def cells(self) -> tuple[str, ...]:
        """Every street cell: the centre, then each arm outward."""
        return (self.centre, *(f"{arm}{i}" for arm, n in self.arms for i in range(1, n + 1)))

    def souk(self, souk_id: str) -> Souk | None:
        index = self.souk_index(souk_id)
        return None if index is None else self.souks[index]

    def souk_index(self, souk_id: str) -> int | None:
        return (self.by_id or {}).get(souk_id)

    def souks_of(self, quarter: str) -> tuple[int, ...]:
        """Indexes of the souks of ``quarter``."""
        return (self.quarter_souks or {}).get(quarter, ())

    def caravan_size(self, players: int) -> int:
        return self.caravan_camels[players] * len(self.caravan_rows)

    def caravan_row(self, players: int, place: int) -> int:
        """The caravan row (0 = bottom) of the ``place``-th camel filled (from 0)."""
        return place // self.caravan_camels[players]

    def cell_position(self, cell: str) -> tuple[str, int] | None:
        """``(arm, number)`` of a street cell; the centre is ``("", 0)``; ``None`` if none."""
        if cell == self.centre:
            return "", 0
        for arm, length in self.arms:
            if cell.startswith(arm):
                at = number(cell[len(arm):])
                if at is not None and 1 <= at <= length and cell[len(arm):] == str(at):
                    return arm, at
        return None

    def distance(self, a: str, b: str) -> int:
        """Street distance of two cells (Y1.2, Y6.1): along one arm |i-j|, across arms i+j."""
        arm_a, i = self.cell_position(a) or ("", 0)
        arm_b, j = self.cell_position(b) or ("", 0)
        return abs(i - j) if arm_a == arm_b else i + j

    def free_steps(self, built: Collection[str]) -> int:
        """The supervisor's steps of change its owner's bath pays for (Y3.5)."""
        return self.buildings["bath"].bonus if "bath" in built else 0

    def walk(self, start: str, to: str, value: int, free: int) -> tuple[int, int, int]:
        """A supervisor's move with a die's ``value`` (Y3.5): its distance, its steps of
        change and the gold they cost (``free`` of them paid by the bath)."""
        d = self.distance(start, to)
        steps = abs(d - value)
        return d, steps, max(0, steps - free)


# --- reading ------------------------------------------------------------------------------------


class _Reader(ProfileReader):
    empty_text = False

    def table(self, key: str) -> Mapping[str, Any]:
        v = self.raw(key)
        if not isinstance(v, Mapping) or not v or len(v) > MAX_LIST:
            raise BoardError(key, _("expected a table, got {value}").format(value=short(v)))
        return v

    def whole(self, key: str, *, minimum: int = 0, value: Any = None) -> int:
        v = self.raw(key) if value is None else value
        if isinstance(v, bool) or not isinstance(v, int):
            raise BoardError(key, _("expected a whole number, got {value}").format(
                value=short(v)))
        if not minimum <= v <= MAX_NUMBER:
            raise BoardError(key, _("must be from {minimum} to {maximum}, got {value}").format(
                minimum=minimum, maximum=MAX_NUMBER, value=v))
        return v

    def supply(self, key: str) -> int | None:
        v = self.raw(key)
        return None if v == UNLIMITED else self.whole(key, value=v)

    def word(self, key: str, value: Any) -> str:
        """An id: lowercase letters and digits, starting with a letter."""
        v = self.text(key, value)
        if not (v[0].isalpha() and v.isascii() and v.isalnum() and len(v) <= 30):
            raise BoardError(key, _("expected an id of letters and digits, got {value}").format(
                value=short(v)))
        return v

    def ints(self, key: str, *, minimum: int = 0) -> tuple[int, ...]:
        v = self.raw(key)
        if not isinstance(v, list) or not v or len(v) > MAX_LIST:
            raise BoardError(key, _("expected a list of whole numbers, got {value}").format(
                value=short(v)))
        return tuple(self.whole(f"{key}[{i}]", minimum=minimum, value=x)
                     for i, x in enumerate(v))

    def words(self, key: str, value: Any = None) -> tuple[str, ...]:
        v = self.raw(key) if value is None else value
        if not isinstance(v, list) or not v or len(v) > MAX_LIST:
            raise BoardError(key, _("expected a list of names, got {value}").format(
                value=short(v)))
        out = tuple(self.text(f"{key}[{i}]", x) for i, x in enumerate(v))
        if len(set(out)) < len(out):
            raise BoardError(key, _("names a value twice"))
        return out

    def certainty(self, key: str, node: Mapping[str, Any], default: str) -> str:
        v = node.get(key.rsplit(".", 1)[-1], default)
        if v not in CERTAINTIES:
            raise BoardError(key, _("expected one of {values}, got {value}").format(
                values=", ".join(CERTAINTIES), value=short(v)))
        return str(v)

    def flag(self, key: str, default: bool) -> bool:
        try:
            v = self.raw(key)
        except BoardError:
            return default
        if not isinstance(v, bool):
            raise BoardError(key, _("expected true or false, got {value}").format(
                value=short(v)))
        return v


def board_from_mapping(data: Mapping[str, Any]) -> Board:
    """Build and check a :class:`Board` from a parsed profile; raise :class:`BoardError`."""
    r = _Reader(data)
    min_players = r.whole("players.min", minimum=3)
    max_players = r.whole("players.max", minimum=min_players)
    if max_players > 4:
        raise BoardError("players.max", _("the street and caravan are for 3-4 players, not "
                                          "{n}").format(n=max_players))
    rows = r.words("tower.rows")
    if len(rows) < 3 or rows[0] != CAMELS_ROW or rows[-1] != GOLD_ROW:
        raise BoardError("tower.rows", _("expected {camels}, the quarters in order, then {gold}")
                         .format(camels=repr(CAMELS_ROW), gold=repr(GOLD_ROW)))
    dice = r.whole("dice.white", minimum=1) + r.whole("dice.yellow")
    faces_per_die = r.whole("dice.faces", minimum=1)
    if faces_per_die > len(rows):
        raise BoardError("dice.faces", _("{n} values cannot fit {rows} tower rows").format(
            n=faces_per_die, rows=len(rows)))
    souks, quarters = _souks(r, rows[1:-1])
    centre, arms, faces = _street(r, souks)
    caravan_rows, points, factors, caravan_camels = _caravan(r, min_players, max_players)
    buildings, building_points = _buildings(r)
    deck, cards = _cards(r)
    weeks, days = r.whole("calendar.weeks", minimum=1), r.whole("calendar.days", minimum=1)
    check_size("calendar", weeks * days * max_players, dice,
               _("{weeks} weeks x {days} days x {players} players").format(
                   weeks=weeks, days=days, players=max_players), _("dice"))
    for key in ("quarters", "street", "caravan", "buildings"):  # a word checked, not counted with
        r.certainty(f"{key}.certainty", r.table(key), "high")
    return Board(
        profile=r.text("profile"), description=r.text("description"),
        min_players=min_players, max_players=max_players, weeks=weeks, days=days,
        white_dice=r.whole("dice.white", minimum=1),
        yellow_dice=dice - r.whole("dice.white", minimum=1),
        yellow_cost=r.whole("dice.yellow_cost"), faces_per_die=faces_per_die,
        start_gold=r.whole("start.gold"), start_camels=r.whole("start.camels"),
        cube_supply=r.supply("supplies.cubes"), gold_supply=r.supply("supplies.gold"),
        camel_supply=r.supply("supplies.camels"),
        rows=rows, quarters=quarters, souks=souks, centre=centre, arms=arms, faces=faces,
        caravan_rows=caravan_rows, caravan_points=points, caravan_factors=factors,
        caravan_camels=caravan_camels, buildings=buildings, building_points=building_points,
        deck=deck, cards=cards,
        caravanserai_on_card=r.flag("switches.caravanserai_on_card", True),
        cost_card_credit_kept=r.flag("switches.cost_card_credit_kept", False),
        vp_card_caps=r.flag("switches.vp_card_caps", False),
        by_id={s.id: i for i, s in enumerate(souks)},
        quarter_souks={q: tuple(i for i, s in enumerate(souks) if s.quarter == q)
                       for q in quarters},
        row_index={row: i for i, row in enumerate(rows)},
    )


def _caravan(r: _Reader, min_players: int, max_players: int
             ) -> tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...], dict[int, int]]:
    """The caravan's rows, their points and factors, and its camels by player count."""
    caravan_rows = r.words("caravan.rows")
    points = r.ints("caravan.points")
    factors = r.ints("caravan.factors")
    for key, values in (("caravan.points", points), ("caravan.factors", factors)):
        if len(values) != len(caravan_rows):
            raise BoardError(key, _("lists {n} values for {rows} rows").format(
                n=len(values), rows=len(caravan_rows)))
    camels_raw = r.table("caravan.camels")
    caravan_camels = {}
    for n in range(min_players, max_players + 1):
        if str(n) not in camels_raw:
            raise BoardError(f"caravan.camels.{n}", _("missing"))
        caravan_camels[n] = r.whole(f"caravan.camels.{n}", minimum=1, value=camels_raw[str(n)])
    return caravan_rows, points, factors, caravan_camels


def _buildings(r: _Reader) -> tuple[dict[str, Building], tuple[int, ...]]:
    """What each building costs and gives (Y1.4), and the points by the order built."""
    buildings = {b: Building(b, r.whole(f"buildings.{b}.camels"), r.whole(f"buildings.{b}.gold"),
                             r.whole(f"buildings.{b}.bonus")) for b in BUILDINGS}
    extra = set(r.table("buildings")) - {*BUILDINGS, "points", "certainty"}
    if extra:
        raise BoardError(f"buildings.{sorted(extra)[0]}", _(
            "is no building this referee knows ({buildings})").format(
                buildings=", ".join(BUILDINGS)))
    building_points = r.ints("buildings.points")
    if len(building_points) != len(BUILDINGS):
        raise BoardError("buildings.points", _("needs {n} values, one per building in the "
                                               "order built").format(n=len(BUILDINGS)))
    return buildings, building_points


def _souks(r: _Reader, quarters: tuple[str, ...]) -> tuple[tuple[Souk, ...], tuple[str, ...]]:
    table = r.table("quarters")
    named = [q for q in table if q != "certainty"]
    if tuple(named) != quarters:
        raise BoardError("quarters", _("expected the tower's quarter rows in order ({quarters}), "
                                       "got {named}").format(quarters=", ".join(quarters),
                                                             named=", ".join(named)))
    souks: list[Souk] = []
    seen: set[str] = set()
    for q in quarters:
        raw = r.table(f"quarters.{q}.souks")
        values: set[int] = set()
        for sid, spec in raw.items():
            key = f"quarters.{q}.souks.{sid}"
            r.word(key, sid)
            if sid in seen:
                raise BoardError(key, _("a souk of that id is in another quarter"))
            seen.add(sid)
            if not isinstance(spec, Mapping):
                raise BoardError(key, _("expected a table"))
            value = r.whole(f"{key}.value", minimum=1, value=r.raw("value", spec))
            if value in values:
                raise BoardError(f"{key}.value", _("two souks of the {quarter} are worth "
                                                   "{value} (a souk is named by its value)")
                                 .format(quarter=terms.quarter_named(q), value=value))
            values.add(value)
            shops = r.whole(f"{key}.shops", minimum=1, value=r.raw("shops", spec))
            inner = r.whole(f"{key}.inner", value=r.raw("inner", spec))
            street_raw = r.raw("street", spec)
            if not isinstance(street_raw, list) or len(street_raw) > MAX_LIST:
                raise BoardError(f"{key}.street", _("expected a list of lists of street cells"))
            street = tuple(r.words(f"{key}.street[{i}]", cells)
                           for i, cells in enumerate(street_raw))
            if len(street) + inner != shops:
                raise BoardError(key, _("{street} street-side + {inner} inner shops is not "
                                        "{shops} shops").format(street=len(street), inner=inner,
                                                                shops=shops))
            colour = spec.get("colour")
            colour = None if colour is None else r.text(f"{key}.colour", colour)
            souks.append(Souk(sid, q, value, shops, street, inner, colour))
    return tuple(souks), quarters


def _street(r: _Reader, souks: tuple[Souk, ...]
            ) -> tuple[str, tuple[tuple[str, int], ...], dict[str, tuple[tuple[int, int], ...]]]:
    centre = r.word("street.centre", r.raw("street.centre"))
    arms_raw = r.table("street.arms")
    arms: list[tuple[str, int]] = []
    faces: dict[str, tuple[tuple[int, int], ...]] = {centre: ()}
    listed: dict[str, tuple[str, ...]] = {}
    for arm in arms_raw:
        key = f"street.arms.{arm}"
        if not (arm.isascii() and arm.isalpha() and arm.isupper()) or centre.startswith(arm):
            raise BoardError(key, _("an arm is named by capital letters, unlike the centre"))
        length = r.whole(f"{key}.length", minimum=1)
        cells = r.raw(f"{key}.faces")
        if not isinstance(cells, list) or len(cells) != length:
            raise BoardError(f"{key}.faces", _("expected {n} lists of souks, one per cell")
                             .format(n=length))
        for i, names in enumerate(cells, start=1):
            listed[f"{arm}{i}"] = r.words(f"{key}.faces[{i - 1}]", names)
        arms.append((arm, length))
    for a, _length in arms:
        for b, _other in arms:
            if a != b and a.startswith(b):
                raise BoardError("street.arms", _("arm names {first} and {second} are "
                                                  "ambiguous").format(first=repr(b),
                                                                      second=repr(a)))
    # each cell's shops, read from the souks, must be what the street lists
    from_souks: dict[str, list[tuple[int, int]]] = {c: [] for c in listed}
    for s_index, souk in enumerate(souks):
        for shop, cells in enumerate(souk.street):
            for cell in cells:
                if cell not in from_souks:
                    raise BoardError(f"quarters.{souk.quarter}.souks.{souk.id}.street",
                                     _("names {cell}, which is no street cell").format(
                                         cell=repr(cell)))
                from_souks[cell].append((s_index, shop))
    for cell, names in listed.items():
        pairs = from_souks[cell]
        have = sorted(souks[s].id for s, _shop in pairs)
        if have != sorted(names):
            raise BoardError(f"street.arms.{cell.rstrip('0123456789')}.faces",
                             _("cell {cell} faces {street} by the street, {souks} by the "
                               "souks").format(cell=cell, street=", ".join(names),
                                               souks=", ".join(have) or _("nothing")))
        faces[cell] = tuple(pairs)
    return centre, tuple(arms), faces


def _cards(r: _Reader) -> tuple[int, dict[str, CardKind]]:
    deck = r.whole("cards.deck", minimum=1)
    kinds = r.table("cards.kinds")
    cards: dict[str, CardKind] = {}
    for kid, spec in kinds.items():
        key = f"cards.kinds.{kid}"
        r.word(key, kid)
        if kid == "hidden":
            raise BoardError(key, _("'hidden' stands for a secret card and cannot be a kind"))
        if not isinstance(spec, Mapping):
            raise BoardError(key, _("expected a table"))
        effect = spec.get("effect", kid)
        if effect not in EFFECTS:
            raise BoardError(f"{key}.effect", _("expected one of {values}, got {value}").format(
                values=", ".join(EFFECTS), value=short(effect)))
        copies = r.whole(f"{key}.copies", minimum=1, value=r.raw("copies", spec))
        certainty = r.certainty(f"{key}.certainty", spec, "medium")
        amount = points = 0
        cap = None
        if effect in ("camels", "gold"):
            amount = r.whole(f"{key}.amount", minimum=1, value=r.raw("amount", spec))
        if effect in ("goldvp", "camelvp"):
            points = r.whole(f"{key}.points", minimum=1, value=r.raw("points", spec))
            cap = r.whole(f"{key}.cap", minimum=1, value=r.raw("cap", spec))
        cards[kid] = CardKind(kid, effect, copies, certainty, amount, points, cap,
                              r.certainty(f"{key}.cap_certainty", spec, "medium"))
    total = sum(c.copies for c in cards.values())
    if total != deck:
        raise BoardError("cards.kinds", _("the kinds' copies make {total} cards; the deck holds "
                                          "{deck}").format(total=total, deck=deck))
    return deck, cards
