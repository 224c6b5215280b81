"""The game log, format version 1: read a TOML log into a header and events, write one back.

This module and its siblings are the only code that touches TOML. Every problem with the
input becomes one :class:`~asara_cli.errors.InputError` naming the file, the line (and column
where tomllib gives one), the event number and the key. The format is described in
``docs/log-format.md``; the rules behind the values in ``RULES.md``.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import field
from functools import cached_property
from pathlib import Path
from typing import Any

from asara_cli.core.names import find, hidden_character, same_name
from asara_cli.core.values import frozen
from asara_cli.errors import InputError
from asara_cli.games.asara.rules.areas import BY_LOG_TYPE, KINDS, kind_of
from asara_cli.games.asara.rules.areas.base import (
    COLOUR_OF,
    LINE,
    SECTION_OF,
    SECTIONS,
    TILE,
    TILE_HELP,
    tile_words,
)
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.engine import Violation
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
from asara_cli.games.asara.rules.state import Setup
from asara_cli.logfile.board import load_board
from asara_cli.logfile.common import describe, header_lines, loads_toml, read_text, read_toml

FORMAT = 1
#: The schema file in the docs; a written log names it when the caller gives its location.
SCHEMA_NAME = "asara-log.schema.json"

#: A buyer colour as the log writes it: a lower-case word (hyphens allowed), 3 to 30 letters.
BUYER_WORD = re.compile(r"^[a-z][a-z-]{2,29}$")

HEADER_KEYS = ("format", "players", "start", "variant", "expansions", "buyers", "board", "date",
               "place", "notes", "movers")
#: ``movers``: "turn" (the turn implies who moves) or "named" (every move recorded at the
#: table must name its mover, so a move typed for the wrong player is refused)
MOVERS = ("turn", "named")

#: Keys each event type accepts, ``type`` first; ``note`` (free text) is allowed everywhere.
#: A turn's keys come from its area kind (rules/areas); ``gifts`` are the Caliph's gifts
#: claimed on the space (R6.1).
EVENT_KEYS: dict[str, tuple[str, ...]] = {
    **{k.log_type: ("player", "buyer", *k.keys, "gifts") for k in KINDS},
    "display": tuple(s.value for s in Section),
    "gifts": ("dealt",),
    "checkpoint": ("prestige", "money"),
}


def event_type(event: Event) -> str:
    """The ``type`` an event has in the log."""
    if isinstance(event, Turn):
        return kind_of(event.action).log_type
    if isinstance(event, Display):
        return "display"
    if isinstance(event, GiftsDealt):
        return "gifts"
    return "checkpoint"


_LABEL = re.compile(r"^[a-z][a-z-]*$")
_COLOURS = "|".join(c.value for c in Colour)
_GIFT = re.compile(rf"^(buyer|prestige|lighted|asari ([0-9]+)|buy ({SECTIONS}))$")
_DEALT = re.compile(r"^([a-z]+) ([1-9][0-9]*): (.+)$")
_USE = re.compile(rf"^(?:(buyer)(?: ([a-z][a-z-]*))?|(prestige)|(asari) ([0-9]+)"
                  rf"|(buy) ({SECTIONS}): (nothing|(?:gold )?(?:{_COLOURS}))"
                  rf"|(lighted)(?:: (nothing|{_COLOURS}))?)$")
_GIFT_HELP = 'a gift such as "buyer", "asari 6", "buy base", "prestige" or "lighted"'
_USE_HELP = ('a gift claimed, such as "buyer green", "buyer: nothing", "asari 6", '
             '"buy base: gold red", "buy base: nothing", "prestige", "lighted" or "lighted: red"')


def parse_gift(text: str) -> Gift | None:
    m = _GIFT.match(text)
    if m is None:
        return None
    if m.group(2) is not None:
        return Gift(GiftKind.ASARI, amount=int(m.group(2)))
    if m.group(3) is not None:
        return Gift(GiftKind.BUY, section=SECTION_OF[m.group(3)])
    return Gift(GiftKind(m.group(1)))


def parse_use(text: str) -> GiftUse | None:
    if text == "buyer: nothing":  # the deck was empty: the gift is void (X4)
        return GiftUse(Gift(GiftKind.BUYER), taken=False)
    m = _USE.match(text)
    if m is None:
        return None
    if m.group(1):
        return GiftUse(Gift(GiftKind.BUYER), buyer=m.group(2))
    if m.group(3):
        return GiftUse(Gift(GiftKind.PRESTIGE))
    if m.group(4):
        return GiftUse(Gift(GiftKind.ASARI, amount=int(m.group(5))))
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


@frozen
class LogHeader:
    """Everything above the first event. ``board`` is a profile name or a path as written."""

    setup: Setup
    board: str = "standard"
    date: str | None = None
    place: str | None = None
    notes: str | None = None
    format: int = FORMAT
    movers: str = "turn"


@frozen
class GameLog:
    """A parsed log: ``lines[i]`` is the line of the ``[[event]]`` header of event ``i + 1``;
    ``comments[i]`` is that event's ``note`` text, if any."""

    path: str
    header: LogHeader
    events: tuple[Event, ...]
    lines: tuple[int, ...] = ()
    comments: tuple[str | None, ...] = field(default=())

    def line_of(self, event: int) -> int | None:
        """The line where event ``event`` (1-based) starts; ``None`` for 0 (the header)."""
        if 1 <= event <= len(self.lines):
            return self.lines[event - 1]
        return None

    def event_type(self, event: int) -> str | None:
        if 1 <= event <= len(self.events):
            return event_type(self.events[event - 1])
        return None


# --- reading --------------------------------------------------------------------------------


def read_log(path: str | Path) -> GameLog:
    """Read and parse the log at ``path``; raise :class:`InputError` if it is unusable."""
    data, text = read_toml(path)
    return parse_log_data(data, text, str(path))


def parse_log(text: str, path: str = "<log>") -> GameLog:
    """Parse log text (as :func:`read_log` does for a file)."""
    return parse_log_data(loads_toml(text, path), text, path)


def load_log_board(log: GameLog) -> Board:
    """The board profile the header names: ``standard``, or a path relative to the log."""
    name = log.header.board
    if name == "standard":
        return load_board(None)
    where = Path(name)
    if not where.is_absolute():
        where = Path(log.path).parent / where
    return load_board(where)


class _Where:
    """Turns a key inside the log into a line number, using the text (tomllib keeps none)."""

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.text = text
        self.count = text.count("\n") + 1  # lines, as header_lines counts them
        self.events = header_lines(text, "event")
        self.first_event = self.events[0] if self.events else self.count + 1

    @cached_property
    def lines(self) -> list[str]:
        """The text's lines: only an error needs them."""
        return self.text.split("\n")

    def key_line(self, key: str, start: int, end: int) -> int | None:
        pattern = re.compile(r"^\s*" + re.escape(key) + r"\s*=")
        for n in range(start, min(end, self.count + 1)):
            if pattern.match(self.lines[n - 1]):
                return n
        return None

    def header_error(self, key: str, message: str) -> InputError:
        line = self.key_line(key.split(".")[0], 1, self.first_event)
        return InputError(message, path=self.path, line=line, key=key)

    def event_span(self, number: int) -> tuple[int | None, int]:
        if number <= len(self.events):
            start = self.events[number - 1]
            end = self.events[number] if number < len(self.events) else self.count + 1
            return start, end
        return None, self.count + 1


def parse_log_data(data: Mapping[str, Any], text: str, path: str) -> GameLog:
    """Build a :class:`GameLog` from parsed TOML; ``text`` locates keys for error lines."""
    where = _Where(path, text)
    if "format" not in data:
        raise InputError("not an ASARA game log: no 'format' key (format = 1)", path=path)
    fmt = data["format"]
    if isinstance(fmt, bool) or not isinstance(fmt, int):
        raise where.header_error("format", f"expected the number {FORMAT}, got {describe(fmt)}")
    if fmt > FORMAT:
        raise where.header_error("format", f"log format {fmt} is newer than this asara-cli "
                                           f"reads (format {FORMAT}); upgrade asara-cli")
    if fmt < 1:
        raise where.header_error("format", f"there is no log format {fmt}")
    for key in data:
        if key not in (*HEADER_KEYS, "event"):
            raise where.header_error(key, f"unknown header key (known: "
                                          f"{', '.join(HEADER_KEYS)})")
    header = _parse_header(data, where)
    raw_events = data.get("event", [])
    if not isinstance(raw_events, list) or any(not isinstance(e, dict) for e in raw_events):
        raise where.header_error("event", "events are [[event]] tables")
    names = header.setup.players
    events: list[Event] = []
    comments: list[str | None] = []
    lines: list[int] = []
    for i, raw in enumerate(raw_events, start=1):
        start, end = where.event_span(i)
        event, comment = _parse_event(raw, _EventReader(where, i, start, end, raw), names)
        events.append(event)
        comments.append(comment)
        lines.append(start if start is not None else 0)
    return GameLog(path, header, tuple(events), tuple(lines), tuple(comments))


def _parse_header(data: Mapping[str, Any], where: _Where) -> LogHeader:
    players = data.get("players")
    if players is None:
        raise where.header_error("players", "missing: the players in seat order, clockwise")
    if (not isinstance(players, list) or not players
            or not all(isinstance(p, str) and p.strip() for p in players)):
        raise where.header_error("players", "expected a list of player names in seat order")
    for name in players:
        hidden = hidden_character(name)
        if hidden is not None:
            raise where.header_error("players", f"a player's name holds the control "
                                                f"character {hidden}; write the name plainly")
    twice = same_name(players)
    if twice:
        raise where.header_error("players", f"two players have the same name ({twice[0]!r} "
                                            f"and {twice[1]!r}: names are compared ignoring "
                                            f"case)")
    start = data.get("start")
    if start is None:
        raise where.header_error("start", "missing: the start player (who holds the "
                                          "Caliph's patronage at the start)")
    if not isinstance(start, str) or find(start, players) is None:
        raise where.header_error("start", f"{describe(start)} is not one of the players")
    start = find(start, players)
    variant = data.get("variant", "basic")
    if not isinstance(variant, str) or variant not in {v.value for v in Variant}:
        raise where.header_error("variant", f"expected \"basic\" or \"pro\", got "
                                            f"{describe(variant)}")
    expansions = data.get("expansions", [])
    if not isinstance(expansions, list) or not all(isinstance(x, str) for x in expansions):
        raise where.header_error("expansions", "expected a list such as [\"gifts\"]")
    buyers = data.get("buyers", [])
    if not isinstance(buyers, list) or not all(isinstance(x, str) and BUYER_WORD.match(x)
                                               for x in buyers):
        raise where.header_error("buyers", "expected the buyer colours as a list of lower-case "
                                           "words, such as [\"blue\", \"violet\"]")
    board = data.get("board", "standard")
    if not isinstance(board, str) or not board:
        raise where.header_error("board", "expected a board profile name or path")
    date = data.get("date")
    if date is not None and not isinstance(date, str | dt.date):
        raise where.header_error("date", f"expected a date, got {describe(date)}")
    texts: dict[str, str | None] = {}
    for key in ("place", "notes"):
        value = data.get(key)
        if value is not None and not isinstance(value, str):
            raise where.header_error(key, f"expected text, got {describe(value)}")
        texts[key] = value
    movers = data.get("movers", "turn")
    if movers not in MOVERS:
        raise where.header_error("movers", f"expected \"turn\" or \"named\", got "
                                           f"{describe(movers)}")
    setup = Setup(tuple(players), players.index(start), Variant(variant), tuple(expansions),
                  tuple(buyers))
    return LogHeader(setup, board, None if date is None else str(date), texts["place"],
                     texts["notes"], data["format"], movers)


_ABSENT = object()


class _EventReader:
    """Typed access to one event's keys; every error names file, line, event and key."""

    def __init__(self, where: _Where, number: int, start: int | None, end: int,
                 raw: Mapping[str, Any], prefix: str = "", player: str | None = None
                 ) -> None:
        self.where, self.number, self.start, self.end, self.raw = where, number, start, end, raw
        self.prefix = prefix
        name = raw.get("player", player)
        self.player = name if isinstance(name, str) else None

    def error(self, key: str | None, message: str) -> InputError:
        line = self.start
        key = self.prefix + key if key is not None else (self.prefix.rstrip(".") or None)
        if key is not None and self.start is not None:
            name = key.split("[")[0].split(".")[0]
            line = self.where.key_line(name, self.start, self.end) or self.start
        what = f"event {self.number}" + (f": {key}" if key else "")
        return InputError(message, path=self.where.path, line=line, player=self.player,
                          key=what)

    def _value(self, key: str, expected: str, required: bool) -> Any:
        """The key's value; ``_ABSENT`` when it is missing and may be."""
        value = self.raw.get(key, _ABSENT)
        if value is _ABSENT and required:
            raise self.error(key, f"missing: {expected}")
        return value

    def get(self, key: str, check: Callable[[Any], bool], expected: str, *,
            required: bool = False) -> Any:
        value = self._value(key, expected, required)
        if value is _ABSENT:
            return None
        if not check(value):
            raise self.error(key, f"expected {expected}, got {describe(value)}")
        return value

    # whole, text and strings check their values inline: they read every key of every event

    def whole(self, key: str, expected: str, *, required: bool = False) -> int | None:
        value = self._value(key, expected, required)
        if value is _ABSENT:
            return None
        if type(value) is not int:  # bool is a subclass of int, and no number here
            raise self.error(key, f"expected {expected}, got {describe(value)}")
        result: int = value
        return result

    def text(self, key: str, pattern: re.Pattern[str] | None, expected: str, *,
             required: bool = False) -> str | None:
        value = self._value(key, expected, required)
        if value is _ABSENT:
            return None
        if not isinstance(value, str) or (pattern is not None and not pattern.match(value)):
            raise self.error(key, f"expected {expected}, got {describe(value)}")
        return value

    def table(self, key: str, expected: str) -> _EventReader | None:
        """A nested table (the genie's wished move), read with the same error positions."""
        value = self.get(key, lambda v: isinstance(v, Mapping), expected)
        if value is None:
            return None
        return _EventReader(self.where, self.number, self.start, self.end, value,
                            f"{self.prefix}{key}.", self.player)

    def strings(self, key: str, pattern: re.Pattern[str], expected: str) -> list[str]:
        value = self._value(key, expected, False)
        if value is _ABSENT:
            return []
        if not isinstance(value, list):
            raise self.error(key, f"expected a list of {expected}, got {describe(value)}")
        for i, item in enumerate(value):
            if not isinstance(item, str) or not pattern.match(item):
                raise self.error(f"{key}[{i}]", f"expected {expected}, got {describe(item)}")
        return list(value)


_ALLOWED = {kind: frozenset({"type", "note", *keys}) for kind, keys in EVENT_KEYS.items()}
_BUYER_HELP = 'a buyer colour label such as "blue", or "pair" for two face-down buyers'


def _parse_event(raw: Mapping[str, Any], r: _EventReader, names: Sequence[str]
                 ) -> tuple[Event, str | None]:
    kind_word = raw.get("type")
    if kind_word is None:
        raise r.error("type", f"missing: one of {', '.join(EVENT_KEYS)}")
    if not isinstance(kind_word, str) or kind_word not in EVENT_KEYS:
        raise r.error("type", f"unknown event type {describe(kind_word)} (known: "
                              f"{', '.join(EVENT_KEYS)})")
    allowed = _ALLOWED[kind_word]
    for key in raw:
        if key not in allowed:
            raise r.error(key, f"a {kind_word} event has no key {key!r} (keys: "
                               f"{', '.join(EVENT_KEYS[kind_word])}, note)")
    comment = r.text("note", None, "text")
    if kind_word == "display":
        return _parse_display(r), comment
    if kind_word == "gifts":
        return _parse_dealt(r), comment
    if kind_word == "checkpoint":
        return _parse_checkpoint(r, names), comment

    kind = BY_LOG_TYPE[kind_word]
    written = r.text("player", None, "a player's name", required=True)
    assert written is not None
    # a name written as the header spells it is that player (the header's names are unlike)
    player = written if written in names else find(written, names)
    if player is None:
        raise r.error("player", f"{written!r} is not one of the players "
                                f"({', '.join(names)})")
    buyer = r.text("buyer", _LABEL, _BUYER_HELP, required=not kind.face_down)
    space, action = kind.read(r)
    uses = []
    for i, text in enumerate(r.strings("gifts", LINE, _USE_HELP)):
        use = parse_use(text)
        if use is None:
            raise r.error(f"gifts[{i}]", f"expected {_USE_HELP}, got {text!r}")
        uses.append(use)
    return Turn(Placement(player, buyer, space), action, tuple(uses)), comment


def _parse_dealt(r: _EventReader) -> GiftsDealt:
    dealt = []
    texts = r.strings("dealt", LINE, 'a gift on a space, e.g. "base 2: buyer"')
    for i, text in enumerate(texts):
        m = _DEALT.match(text)
        gift = parse_gift(m.group(3)) if m else None
        if m is None or gift is None:
            raise r.error(f"dealt[{i}]", f"expected an area, a space and a gift, such as "
                                         f"\"base 2: asari 6\" ({_GIFT_HELP}), got {text!r}")
        dealt.append((m.group(1), int(m.group(2)), gift))
    if not dealt:
        raise r.error("dealt", "missing: the gifts dealt, e.g. dealt = [\"base 2: buyer\"]")
    return GiftsDealt(tuple(dealt))


def _parse_display(r: _EventReader) -> Display:
    areas = []
    for section in Section:
        if section.value in r.raw:
            tiles = r.strings(section.value, TILE, TILE_HELP)
            areas.append((section, tuple(Tile(section, *tile_words(t)) for t in tiles)))
    if not areas:
        raise r.error(None, "a display event lists at least one area "
                            "(base, trunk, window, turret)")
    return Display(tuple(areas))


def _parse_checkpoint(r: _EventReader, names: Sequence[str]) -> Checkpoint:
    found: dict[str, tuple[tuple[str, int], ...]] = {}
    for key in ("prestige", "money"):
        table = r.get(key, lambda v: isinstance(v, dict), "a table such as { Tina = 34 }")
        pairs = []
        for written, value in (table or {}).items():
            name = find(written, names)
            if name is None:
                raise r.error(f"{key}.{written}", f"{written!r} is not one of the players")
            if isinstance(value, bool) or not isinstance(value, int):
                raise r.error(f"{key}.{name}", f"expected a number, got {describe(value)}")
            pairs.append((name, value))
        found[key] = tuple(pairs)
    if not found["prestige"] and not found["money"]:
        raise r.error("prestige", "missing: what the prestige track shows, e.g. "
                                  "prestige = { Tina = 34 }")
    return Checkpoint(found["prestige"], found["money"])


# --- writing --------------------------------------------------------------------------------


def event_to_dict(event: Event, note: str | None = None) -> dict[str, Any]:
    """An event as the TOML table that :func:`parse_log` reads back into the same event."""
    d: dict[str, Any] = {"type": event_type(event)}
    if isinstance(event, Display):
        for section, tiles in event.areas:
            d[section.value] = [gold_text(t.colour, t.gold) for t in tiles]
    elif isinstance(event, GiftsDealt):
        d["dealt"] = [f"{area} {space}: {gift}" for area, space, gift in event.gifts]
    elif isinstance(event, Checkpoint):
        if event.prestige:
            d["prestige"] = dict(event.prestige)
        if event.money:
            d["money"] = dict(event.money)
    else:
        p = event.placement
        d["player"] = p.player
        if p.buyer is not None:
            d["buyer"] = p.buyer
        d.update(kind_of(event.action).write(p.space, event.action))
        if event.gifts:
            d["gifts"] = [use_text(u) for u in event.gifts]
    if note:
        d["note"] = note
    return d


def header_to_dict(header: LogHeader) -> dict[str, Any]:
    s = header.setup
    d: dict[str, Any] = {
        "format": header.format,
        "players": list(s.players),
        "start": s.players[s.start],
        "variant": s.variant.value,
        "expansions": list(s.expansions),
    }
    if s.buyers:
        d["buyers"] = list(s.buyers)
    d["board"] = header.board
    if header.date is not None:
        try:
            d["date"] = dt.date.fromisoformat(header.date)
        except ValueError:
            d["date"] = header.date
    for key in ("place", "notes"):
        value = getattr(header, key)
        if value is not None:
            d[key] = value
    if header.movers != "turn":
        d["movers"] = header.movers
    return d


def _value(v: Any) -> str:
    """A value as inline TOML. Scalars are encoded by tomli-w; lists and tables are kept on
    one line (tomli-w would spread them over several, or turn tables into sections)."""
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        if not v:
            return "{}"
        return "{ " + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + " }"
    import tomli_w  # only when writing: the reading commands need neither it nor the writer

    return tomli_w.dumps({"v": v}).removeprefix("v = ").rstrip("\n")


def _key(k: str) -> str:
    return k if re.fullmatch(r"[A-Za-z0-9_-]+", k) else _value(k)


def _table(d: Mapping[str, Any]) -> str:
    return "".join(f"{_key(k)} = {_value(v)}\n" for k, v in d.items())


def log_to_text(header: LogHeader, events: Sequence[Event],
                comments: Sequence[str | None] = (), schema: str | None = None) -> str:
    """The whole log as TOML text, header first, events in order. ``schema`` (a path or URL
    of the JSON Schema) becomes a ``#:schema`` comment that TOML editors follow."""
    notes = list(comments) + [None] * (len(events) - len(comments))
    top = f"#:schema {schema}\n" if schema else ""
    parts = [f"{top}# ASARA game log (asara-cli log format {FORMAT})\n"
             + _table(header_to_dict(header))]
    parts += [event_text(e, n) for e, n in zip(events, notes, strict=True)]
    return "\n".join(parts)


def event_text(event: Event, note: str | None = None) -> str:
    """One ``[[event]]`` table as TOML text, ready to append to a log."""
    return "[[event]]\n" + _table(event_to_dict(event, note))


def write_log(path: str | Path, header: LogHeader, events: Sequence[Event],
              comments: Sequence[str | None] = (), schema: str | None = None) -> None:
    """Write a whole log atomically: temporary file in the same folder, fsync, parse it once
    more (so a file that would not read back never replaces a good one), rename."""
    text = log_to_text(header, events, comments, schema)
    parsed = parse_log(text, str(path))
    if parsed.events != tuple(events) or parsed.header != header:
        raise InputError("the log would not read back the same; not written", path=str(path))
    atomic_write(Path(path), text)


def append_event(path: str | Path, event: Event, note: str | None = None) -> GameLog:
    """Append one event to an existing log as text, keeping the file's comments and layout.

    The new text is checked by parsing the whole result before the file is replaced.
    """
    target = Path(path)
    old = read_text(target)
    joint = old if old.endswith("\n") or not old else old + "\n"
    text = joint + "\n" + event_text(event, note)
    parsed = parse_log(text, str(path))
    if not parsed.events or parsed.events[-1] != event:
        raise InputError("the appended event would not read back the same; not written",
                         path=str(path))
    atomic_write(target, text)
    return parsed


def atomic_write(path: Path, text: str) -> None:
    """Replace the log at ``path`` with ``text`` so that a crash leaves the old file or the
    new one, never half of either; the written text must parse as a log before it replaces
    the old one (logfile/write.py says how)."""
    from asara_cli.logfile.write import write_file

    write_file(path, text, lambda written: parse_log(written, str(path)))


# --- reporting ------------------------------------------------------------------------------


def describe_violation(log: GameLog, v: Violation) -> str:
    """One line in the form ``game.toml:212: event 57 (Tina, buy): ... [R2.3]``."""
    line = log.line_of(v.event)
    where = f"{log.path}:{line}" if line else log.path
    if v.event == 0:
        what = "header"
    else:
        who = ", ".join(x for x in (v.player, log.event_type(v.event)) if x)
        what = f"event {v.event}" + (f" ({who})" if who else "")
    tag = "" if v.severity == "error" else f"{v.severity}: "
    later = " (after the first illegal event)" if v.later else ""
    return f"{where}: {what}: {tag}{v.message} [{v.rule}]{later}"
