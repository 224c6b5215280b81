"""ASARA's part of the game log (``docs/log-format.md``): its header keys and its events (a
turn per area kind, and the facts), read through a ``FieldReader`` and written as plain
values.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from asara_cli.core.i18n import N_, _
from asara_cli.core.names import find
from asara_cli.core.schema import Schema, string, texts, whole, words
from asara_cli.core.words import describe, number
from asara_cli.games.asara.rules.areas import BY_LOG_TYPE, KINDS, Kind, kind_of
from asara_cli.games.asara.rules.areas.base import (
    COLOUR_OF,
    LINE,
    SECTION_OF,
    SECTIONS,
    TILE,
    TILE_HELP,
    TILE_SCHEMA,
    tile_words,
)
from asara_cli.games.asara.rules.events import (
    Checkpoint,
    Display,
    Event,
    Gift,
    GiftKind,
    GiftsDealt,
    GiftUse,
    Placement,
    Tile,
    Turn,
    gold_text,
)
from asara_cli.games.asara.rules.gifts import use_text
from asara_cli.games.asara.rules.model import Colour, Section, Variant
from asara_cli.games.asara.rules.state import KNOWN_EXPANSIONS, SUPPORTED_EXPANSIONS, Setup
from asara_cli.games.base import player_counts

if TYPE_CHECKING:
    from asara_cli.games.base import FieldReader

#: A buyer colour as the log writes it: a lower-case word (hyphens allowed), 3 to 30 letters.
BUYER_WORD = re.compile(r"^[a-z][a-z-]{2,29}$")

#: ASARA's header keys, in the order a log writes them (after ``players``).
HEADER_KEYS = ("start", "variant", "expansions", "buyers")


# --- the facts: events that are no player's move, each with its reader and writer -----------


def _read_display(r: FieldReader, names: Sequence[str]) -> Display:
    areas = []
    raw = r.raw
    for section, word, tiles_of in _DISPLAY_TILES:
        written = raw.get(word)
        if written is None:
            continue
        try:  # a list of tile texts, each looked up (a display lists about thirty)
            tiles = tuple(map(tiles_of.__getitem__, written)) if type(written) is list else None
        except (KeyError, TypeError):  # not a tile's text: the checked reading says why
            tiles = None
        if tiles is None:
            texts = r.strings(word, TILE, TILE_HELP)
            tiles = tuple(Tile(section, *tile_words(t)) for t in texts)
        areas.append((section, tiles))
    if not areas:
        raise r.error(None, _("a display event lists at least one area "
                              "(base, trunk, window, turret)"))
    return Display(tuple(areas))


#: Each section with its word and its tiles by their text, only texts :data:`TILE` matches
#: (so a text found here is one the checked reading accepts, giving the same tile).
_DISPLAY_TILES: tuple[tuple[Section, str, dict[str, Tile]], ...] = tuple(
    (s, s.value, {t: Tile(s, *tile_words(t))
                  for c in Colour for t in (c.value, f"gold {c.value}") if TILE.fullmatch(t)})
    for s in Section)


def _write_display(event: Display) -> dict[str, Any]:
    return {section.value: [gold_text(t.colour, t.gold) for t in tiles]
            for section, tiles in event.areas}


# The gifts' patterns as text (``re`` compiles them at their first use, in a game with gifts).
_GIFT = rf"^(buyer|prestige|lighted|asari ([0-9]+)|buy ({SECTIONS}))$"
_DEALT = r"^([a-z]+) ([1-9][0-9]*): (.+)$"
_GIFT_HELP = N_('a gift such as "buyer", "asari 6", "buy base", "prestige" or "lighted"')


def _read_dealt(r: FieldReader, names: Sequence[str]) -> GiftsDealt:
    dealt = []
    texts = r.strings("dealt", LINE, 'a gift on a space, e.g. "base 2: buyer"')
    for i, text in enumerate(texts):
        m = re.match(_DEALT, text)
        gift = parse_gift(m.group(3)) if m else None
        space = number(m.group(2)) if m else None
        if m is None or gift is None or space is None:
            raise r.error(f"dealt[{i}]", _("expected an area, a space and a gift, such as "
                                           "\"base 2: asari 6\" ({help}), got {text!r}").format(
                                               help=_(_GIFT_HELP), text=text))
        dealt.append((m.group(1), space, gift))
    if not dealt:
        raise r.error("dealt", _("missing: the gifts dealt, e.g. dealt = [\"base 2: buyer\"]"))
    return GiftsDealt(tuple(dealt))


def _write_dealt(event: GiftsDealt) -> dict[str, Any]:
    return {"dealt": [f"{area} {space}: {gift}" for area, space, gift in event.gifts]}


def _read_checkpoint(r: FieldReader, names: Sequence[str]) -> Checkpoint:
    found = {key: player_counts(r, names, key) for key in ("prestige", "money")}
    if not found["prestige"] and not found["money"]:
        raise r.error("prestige", _("missing: what the prestige track shows, e.g. "
                                    "prestige = {example}").format(example="{ Tina = 34 }"))
    return Checkpoint(found["prestige"], found["money"])


def _write_checkpoint(event: Checkpoint) -> dict[str, Any]:
    return {key: dict(said) for key, said in (("prestige", event.prestige),
                                              ("money", event.money)) if said}


def _display_schema() -> dict[str, Schema]:
    return {s.value: texts(TILE_SCHEMA, f"The tiles the {s.value} display shows.")
            for s in Section}


def _dealt_schema() -> dict[str, Schema]:
    dealt = string(f"^[a-z]+ [1-9][0-9]*: {_GIFT[1:-1]}$", "AREA SPACE: GIFT")
    return {"dealt": texts(dealt, '"AREA SPACE: GIFT", e.g. "base 2: asari 6", "window 1: buy '
                                  'turret", "lighted 1: lighted".', minItems=1)}


def _checkpoint_schema() -> dict[str, Schema]:
    # the keys are player names, matched ignoring case: beyond a JSON Schema. A negative
    # number never matches the board (a mismatch, which the replay reports): flagged at once.
    def track(what: str) -> Schema:
        return {"type": "object", "additionalProperties": whole("", minimum=0),
                "description": f"What the {what} shows for each player: {{ Tina = 34 }}."}

    return {"prestige": track("prestige track"), "money": track("player's screen (money)")}


class FactKind:
    """A fact event's registration: its log type, event class, keys, reader and writer, and
    its keys' JSON Schema (``also``: what holds of them together)."""

    def __init__(self, log_type: str, event: type, keys: tuple[str, ...],
                 read: Callable[[FieldReader, Sequence[str]], Event],
                 write: Callable[[Any], dict[str, Any]], summary: str,
                 schema: Callable[[], dict[str, Schema]], required: tuple[str, ...] = (),
                 also: Callable[[], Schema] | None = None) -> None:
        self.log_type, self.event, self.keys = log_type, event, keys
        self.read, self.write = read, write
        self.summary, self.schema, self.required, self.also = summary, schema, required, also

    def table_schema(self, common: dict[str, Schema]) -> Schema:
        """The JSON Schema of the fact's table: ``type``, its keys, those in ``common``."""
        keys = self.schema()
        if set(keys) != set(self.keys):
            raise ValueError(f"{self.log_type}: the schema declares {sorted(keys)}, the "
                             f"reader takes {sorted(self.keys)}")
        s: Schema = {
            "description": self.summary,
            "properties": {"type": {"const": self.log_type}, **common,
                           **{k: keys[k] for k in self.keys}},
            "required": ["type", *self.required],
            "additionalProperties": False,
        }
        if self.also is not None:
            s.update(self.also())
        return s


def _one_of_keys(keys: Sequence[str], *, filled: bool) -> Schema:
    """At least one of ``keys`` is given (``filled``: and is not empty)."""
    return {"anyOf": [{"required": [k], **({"properties": {k: {"minProperties": 1}}}
                                           if filled else {})} for k in keys]}


#: The facts, registered as the area kinds are (rules/areas): the market's display, the
#: Caliph's gifts dealt (R6.1) and a checkpoint of what the table's track shows.
FACTS: tuple[FactKind, ...] = (
    FactKind("display", Display, tuple(s.value for s in Section), _read_display,
             _write_display, "What market displays show (an optional fact, R3.1): at least "
             "one area.", _display_schema,
             also=lambda: _one_of_keys([s.value for s in Section], filled=False)),
    FactKind("gifts", GiftsDealt, ("dealt",), _read_dealt, _write_dealt,
             "Expansion, Gifts of the Caliph (R6.1): the gifts dealt face up at a year's "
             "start, one per chest space.", _dealt_schema, required=("dealt",)),
    FactKind("checkpoint", Checkpoint, ("prestige", "money"), _read_checkpoint,
             _write_checkpoint, "What the prestige track (and optionally money) shows; "
             "confirmed by the replay.", _checkpoint_schema,
             also=lambda: _one_of_keys(["prestige", "money"], filled=True)),
)
_FACT_OF_TYPE = {f.log_type: f for f in FACTS}
_FACT_OF_CLASS = {f.event: f for f in FACTS}

#: Keys each event type accepts, ``type`` and ``note`` aside. A turn's keys come from its
#: area kind (rules/areas); ``gifts`` are the Caliph's gifts claimed on the space (R6.1).
EVENT_KEYS: dict[str, tuple[str, ...]] = {
    **{k.log_type: ("player", "buyer", *k.keys, "gifts") for k in KINDS},
    **{f.log_type: f.keys for f in FACTS},
}


def event_type(event: Event) -> str:
    """The ``type`` an event has in the log."""
    if isinstance(event, Turn):
        return kind_of(event.action).log_type
    return _FACT_OF_CLASS[type(event)].log_type


# --- gifts as text ---------------------------------------------------------------------------

_LABEL = re.compile(r"^[a-z][a-z-]*$")
_COLOURS = "|".join(c.value for c in Colour)
_USE = (rf"^(?:(buyer)(?: ([a-z][a-z-]*))?|(prestige)|(asari) ([0-9]+)"
        rf"|(buy) ({SECTIONS}): (nothing|(?:gold )?(?:{_COLOURS}))"
        rf"|(lighted)(?:: (nothing|{_COLOURS}))?)$")
_USE_HELP = N_('a gift claimed, such as "buyer green", "buyer: nothing", "asari 6", '
                '"buy base: gold red", "buy base: nothing", "prestige", "lighted" or '
                '"lighted: red"')


def parse_gift(text: str) -> Gift | None:
    m = re.match(_GIFT, text)
    if m is None:
        return None
    if m.group(2) is not None:
        amount = number(m.group(2))
        return None if amount is None else Gift(GiftKind.ASARI, amount=amount)
    if m.group(3) is not None:
        return Gift(GiftKind.BUY, section=SECTION_OF[m.group(3)])
    return Gift(GiftKind(m.group(1)))


def parse_use(text: str) -> GiftUse | None:
    if text == "buyer: nothing":  # the deck was empty: the gift is void (X4)
        return GiftUse(Gift(GiftKind.BUYER), taken=False)
    m = re.match(_USE, text)
    if m is None:
        return None
    if m.group(1):
        return GiftUse(Gift(GiftKind.BUYER), buyer=m.group(2))
    if m.group(3):
        return GiftUse(Gift(GiftKind.PRESTIGE))
    if m.group(4):
        amount = number(m.group(5))
        return None if amount is None else GiftUse(Gift(GiftKind.ASARI, amount=amount))
    if m.group(6):
        gift = Gift(GiftKind.BUY, section=SECTION_OF[m.group(7)])
        if m.group(8) == "nothing":
            return GiftUse(gift)
        colour, gold = tile_words(m.group(8))
        return GiftUse(gift, colour=colour, gold=gold)
    got = m.group(10)
    if got == "nothing":
        return GiftUse(Gift(GiftKind.LIGHTED), taken=False)
    return GiftUse(Gift(GiftKind.LIGHTED), colour=COLOUR_OF[got] if got else None)


# --- the header ------------------------------------------------------------------------------


def read_setup(h: FieldReader, players: tuple[str, ...]) -> Setup:
    """ASARA's header keys, the players already read."""
    data = h.raw
    start = data.get("start")
    if start is None:
        raise h.error("start", _("missing: the start player (who holds the "
                                 "Caliph's patronage at the start)"))
    if not isinstance(start, str) or find(start, players) is None:
        raise h.error("start", _("{value} is not one of the players").format(
            value=describe(start)))
    start = find(start, players)
    variant = data.get("variant", "basic")
    if not isinstance(variant, str) or variant not in {v.value for v in Variant}:
        raise h.error("variant", _("expected \"basic\" or \"pro\", got {value}").format(
            value=describe(variant)))
    expansions = data.get("expansions", [])
    if not isinstance(expansions, list) or not all(isinstance(x, str) for x in expansions):
        raise h.error("expansions", _("expected a list such as [\"gifts\"]"))
    buyers = data.get("buyers", [])
    if not isinstance(buyers, list) or not all(isinstance(x, str) and BUYER_WORD.fullmatch(x)
                                               for x in buyers):
        raise h.error("buyers", _("expected the buyer colours as a list of lower-case "
                                  "words, such as [\"blue\", \"violet\"]"))
    return Setup(players, players.index(start), Variant(variant), tuple(expansions),
                 tuple(buyers))


def header_schemas() -> dict[str, Schema]:
    """:data:`HEADER_KEYS` in the log's JSON Schema (what :func:`read_setup` accepts)."""
    return {
        "start": string(None, "The start player (holds the Caliph's patronage at the start): "
                            "one of the players."),
        "variant": {**words((v.value for v in Variant), "The basic or the professional "
                                                         "game."),
                    "default": Variant.BASIC.value},
        "expansions": {**texts(words(SUPPORTED_EXPANSIONS), "The expansions used: " + "; ".join(
            f"{x}, {KNOWN_EXPANSIONS[x]}" for x in SUPPORTED_EXPANSIONS) + "."),
            "default": []},
        "buyers": {**texts(string(BUYER_WORD, "a buyer colour"),
                           "The buyer colours this table's cards show (R1); when given, no "
                           "other colour can be placed.", uniqueItems=True), "default": []},
    }


def setup_to_dict(s: Setup) -> dict[str, Any]:
    d: dict[str, Any] = {
        "start": s.players[s.start],
        "variant": s.variant.value,
        "expansions": list(s.expansions),
    }
    if s.buyers:
        d["buyers"] = list(s.buyers)
    return d


# --- events ----------------------------------------------------------------------------------

_BUYER_HELP = 'a buyer colour label such as "blue", or "pair" for two face-down buyers'


def read_event(kind_word: str, r: FieldReader, names: Sequence[str]) -> Event:
    """The event of type ``kind_word`` (the log layer has checked the type and the keys)."""
    fact = _FACT_OF_TYPE.get(kind_word)
    if fact is not None:
        return fact.read(r, names)
    kind = BY_LOG_TYPE[kind_word]
    raw = r.raw
    player = raw.get("player")
    # a name written as the header spells it is that player (the header's names are unlike)
    if type(player) is not str or player not in names:
        written = r.text("player", None, "a player's name", required=True)
        assert written is not None
        player = find(written, names)
        if player is None:
            raise r.error("player", _("{written!r} is not one of the players ({names})"
                                      ).format(written=written, names=", ".join(names)))
    buyer = raw.get("buyer")
    if type(buyer) is not str or buyer not in _LABELS:
        buyer = r.text("buyer", _LABEL, _BUYER_HELP, required=not kind.face_down)
        if buyer is not None and len(_LABELS) < _MOST_KEPT:
            _LABELS.add(buyer)
    space, action = _read_action(kind_word, kind, r)
    # a player, a buyer word and a space: each checked, of its one type
    placement = _PLACEMENTS.get((player, buyer, space))
    if placement is None:
        placement = Placement(player, buyer, space)
        if len(_PLACEMENTS) < _MOST_KEPT:
            _PLACEMENTS[(player, buyer, space)] = placement
    if "gifts" not in raw:  # most turns claim no gift
        return Turn(placement, action, ())
    uses = []
    for i, text in enumerate(r.strings("gifts", LINE, _(_USE_HELP))):
        use = parse_use(text)
        if use is None:
            raise r.error(f"gifts[{i}]", _("expected {help}, got {text!r}").format(
                help=_(_USE_HELP), text=text))
        uses.append(use)
    return Turn(placement, action, tuple(uses))


#: Buyer words :data:`_LABEL` has matched; the space and action each kind read from the
#: values of its keys (below); placements. Frozen values, shared by the events that write
#: the same.
_LABELS: set[str] = set()
_ACTIONS: dict[tuple[Any, ...], tuple[int | None, Any]] = {}
_PLACEMENTS: dict[tuple[str, str | None, int | None], Placement] = {}
#: A bound on what each keeps: far more than a club's logs write, little memory.
_MOST_KEPT = 20_000


def _read_action(kind_word: str, kind: Kind[Any], r: FieldReader) -> tuple[int | None, Any]:
    """``kind.read(r)``, kept by the values of the kind's keys: the same values of the same
    types read the same (most turns write one of a few hundred); a refusal is never kept."""
    values = tuple(map(r.raw.get, kind.keys))
    types = tuple(map(type, values))
    if list in types:  # a build's towers: lists of texts, kept as tuples of them
        if not all(type(v) is not list or all(type(x) is str for x in v) for v in values):
            return kind.read(r)
        values = tuple(tuple(v) if type(v) is list else v for v in values)
    key = (kind_word, values, types)
    try:
        found = _ACTIONS.get(key)
    except TypeError:  # a table among the values (the genie's wish): read each time
        return kind.read(r)
    if found is None:
        found = kind.read(r)
        if len(_ACTIONS) >= _MOST_KEPT:
            _ACTIONS.clear()
        _ACTIONS[key] = found
    return found


def event_to_dict(event: Event) -> dict[str, Any]:
    """An event's keys, ``type`` first, as :func:`read_event` reads them back."""
    d: dict[str, Any] = {"type": event_type(event)}
    if not isinstance(event, Turn):
        d.update(_FACT_OF_CLASS[type(event)].write(event))
        return d
    p = event.placement
    d["player"] = p.player
    if p.buyer is not None:
        d["buyer"] = p.buyer
    d.update(kind_of(event.action).write(p.space, event.action))
    if event.gifts:
        d["gifts"] = [use_text(u) for u in event.gifts]
    return d
