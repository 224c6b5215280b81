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
from functools import cache, cached_property
from itertools import repeat
from pathlib import Path
from typing import TYPE_CHECKING, Any

from msgspec import Struct

from asara_cli.core.findings import Violation
from asara_cli.core.i18n import _, pgettext
from asara_cli.core.names import hidden_character, same_name
from asara_cli.core.shown import show_path
from asara_cli.core.words import describe
from asara_cli.errors import InputError
from asara_cli.games import DEFAULT, UnknownGame, find_game, game
from asara_cli.logfile.board import STANDARD, load_board
from asara_cli.logfile.common import (
    header_lines,
    loads_toml,
    path_problem,
    read_bytes,
    read_text,
    read_toml,
    too_deep,
)

if TYPE_CHECKING:
    from asara_cli.games.base import SomeGame

FORMAT = 1
#: The schema file in the docs; a written log names it when the caller gives its location.
SCHEMA_NAME = "asara-log.schema.json"

#: The header keys every game's log has; a game adds its own (``Game.header_keys``).
#: ``game`` names the game (absent: ASARA, as in every log written before there were two).
GENERIC_KEYS = ("format", "game", "players", "board", "date", "place", "notes", "movers")
#: ``movers``: "turn" (the turn implies who moves) or "named" (every move recorded at the
#: table must name its mover, so a move typed for the wrong player is refused)
MOVERS = ("turn", "named")


class LogHeader(Struct, frozen=True):
    """Everything above the first event. ``setup`` is the game's own (players, seats and its
    options); ``board`` is a profile name or a path as written; ``game`` the game's key."""

    setup: Any
    board: str = STANDARD
    date: str | None = None
    place: str | None = None
    notes: str | None = None
    format: int = FORMAT
    game: str = DEFAULT
    movers: str = "turn"

    @property
    def rules(self) -> SomeGame:
        return game(self.game)


class GameLog(Struct, frozen=True):
    """A parsed log: ``lines[i]`` is the line of the ``[[event]]`` header of event ``i + 1``;
    ``comments[i]`` is that event's ``note`` text, if any."""

    path: str
    header: LogHeader
    events: tuple[Any, ...]
    lines: tuple[int, ...] = ()
    comments: tuple[str | None, ...] = ()

    def line_of(self, event: int) -> int | None:
        """The line where event ``event`` (1-based) starts; ``None`` for 0 (the header)."""
        return self.lines[event - 1] if 1 <= event <= len(self.lines) else None

    def event_type(self, event: int) -> str | None:
        if 1 <= event <= len(self.events):
            return self.header.rules.event_type(self.events[event - 1])
        return None


# --- reading --------------------------------------------------------------------------------


def read_log(path: str | Path) -> GameLog:
    return read_log_text(path)[0]


def read_log_text(path: str | Path) -> tuple[GameLog, str]:
    """:func:`read_log`, and the text read (a move is appended to it)."""
    data, text = read_toml(path)
    return parse_log_data(data, text, str(path)), text


def parse_log(text: str, path: str = "<log>") -> GameLog:
    return parse_log_data(loads_toml(text, path), text, path)


_GAME_LINE = re.compile(r'^\s*game\s*=\s*["\']([^"\'\n]*)["\']', re.M)


def peek_game(path: str | Path) -> str | None:
    """The ``game`` a log's header names, found without parsing the log (the command line
    picks the game's commands before it reads anything); ``None`` when it names none. Only
    the file's head is read where the first event begins within it (the command reads the
    whole log once, later)."""
    raw = read_bytes(path, head=_HEAD)
    cut = len(raw) >= _HEAD  # perhaps not the whole file
    if cut:  # at a line's end, never inside a character
        raw = raw[:raw.rfind(b"\n") + 1]
    # a byte that is not UTF-8 is the command's to report (its line named, exit 2) as it
    # reads the whole log: the game is still found from the header around it
    text = raw.decode("utf-8", "replace")
    first = re.search(r"^\s*\[\[\s*event\s*\]\]", text, re.M)
    if first is None and cut:  # a header longer than the head
        text = read_bytes(path).decode("utf-8", "replace")
        first = re.search(r"^\s*\[\[\s*event\s*\]\]", text, re.M)
    found = _GAME_LINE.search(text, 0, first.start() if first else len(text))
    return found.group(1) if found else None


#: How much of a log :func:`peek_game` reads first: a header is a few hundred bytes.
_HEAD = 1 << 16


def load_log_board(log: GameLog) -> Any:
    """The board profile the header names: ``standard``, or a path relative to the log."""
    if log.header.board == STANDARD:
        return load_board(None, log.header.game)
    return load_board(Path(log.path).parent / log.header.board, log.header.game)


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


def parse_log_data(data: Mapping[str, Any], text: str, path: str) -> GameLog:
    """Build a :class:`GameLog` from parsed TOML; ``text`` locates keys for error lines."""
    where = _Where(path, text)
    if "format" not in data:
        raise InputError(_("not a game log of asara-cli: no 'format' key (format = 1)"),
                         path=path)
    fmt = data["format"]
    if isinstance(fmt, bool) or not isinstance(fmt, int):
        raise where.header_error("format", _("expected the number {number}, got {value}").format(
            number=FORMAT, value=describe(fmt)))
    if fmt > FORMAT:
        raise where.header_error("format", _("log format {format} is newer than this "
                                             "asara-cli reads (format {known}); upgrade "
                                             "asara-cli").format(format=fmt, known=FORMAT))
    if fmt < 1:
        raise where.header_error("format", _("there is no log format {format}").format(
            format=fmt))
    key = data.get("game", DEFAULT)
    if not isinstance(key, str):
        raise where.header_error("game", _("expected the name of a game, got {value}").format(
            value=describe(key)))
    try:
        rules = find_game(key)
    except UnknownGame as e:
        raise where.header_error("game", str(e)) from None
    known = (*GENERIC_KEYS, *rules.header_keys)
    for k in data:
        if k not in (*known, "event"):
            raise where.header_error(k, _("unknown header key (known: {keys})").format(
                keys=", ".join(known)))
    header = _parse_header(data, where, rules)
    raw_events = data.get("event", [])
    if not isinstance(raw_events, list) or not all(map(isinstance, raw_events,
                                                       repeat(dict))):
        raise where.header_error("event", _("events are [[event]] tables"))
    names = rules.players_of(header.setup)
    allowed = _allowed(rules.key)
    events: list[Any] = []
    comments: list[str | None] = []
    # one pass; one reader moved from event to event (a codec keeps none past its event)
    starts = where.events
    headed = len(starts)  # events whose [[event]] line was found
    ends = [*starts[1:], where.count + 1]
    r = _EventReader(where, 0, None, where.count + 1, {})
    read_event = rules.read_event
    for i, raw in enumerate(raw_events):
        # the reader's fields set here: this runs for every event of every log a batch reads
        r.number, r.raw = i + 1, raw
        r.start, r.end = (starts[i], ends[i]) if i < headed else (None, where.count + 1)
        name = raw.get("player")
        r.player = name if isinstance(name, str) else None
        kind_word = raw.get("type")
        keys = allowed.get(kind_word) if isinstance(kind_word, str) else None
        if keys is None or not keys.issuperset(raw):
            _refuse_event(raw, r, rules, allowed)
        comments.append(r.text("note", None, "text") if "note" in raw else None)
        events.append(read_event(kind_word, r, names))
    # an event's line: its [[event]] line, 0 for one given otherwise (event = [...])
    lines = [*starts[:len(events)], *[0] * (len(events) - headed)]
    return GameLog(path, header, tuple(events), tuple(lines), tuple(comments))


@cache
def _allowed(key: str) -> dict[str, frozenset[str]]:
    """The keys each event type of the game may have (fixed by its code: worked out once)."""
    rules = game(key)
    return {t: frozenset({"type", "note", *rules.event_keys(t)}) for t in rules.event_types()}


def _parse_header(data: Mapping[str, Any], where: _Where, rules: SomeGame) -> LogHeader:
    players = data.get("players")
    if players is None:
        raise where.header_error("players", _("missing: the players in seat order, clockwise"))
    if (not isinstance(players, list) or not players
            or not all(isinstance(p, str) and p.strip() for p in players)):
        raise where.header_error("players", _("expected a list of player names in seat order"))
    for name in players:
        hidden = hidden_character(name)
        if hidden is not None:
            raise where.header_error("players", _("a player's name holds the control "
                                                  "character {character}; write the name "
                                                  "plainly").format(character=hidden))
    twice = same_name(players)
    if twice:
        raise where.header_error("players", _("two players have the same name ({first} and "
                                              "{second}: names are compared ignoring case)")
                                 .format(first=repr(twice[0]), second=repr(twice[1])))
    setup = rules.read_setup(_HeaderReader(where, data), tuple(players))
    board = data.get("board", STANDARD)
    if not isinstance(board, str) or not board:
        raise where.header_error("board", _("expected a board profile name or path"))
    if (problem := path_problem(board)) is not None:  # it becomes a path: checked as one
        raise where.header_error("board", _("expected a board profile path: {problem}").format(
            problem=problem))
    date = data.get("date")
    if date is not None and not isinstance(date, str | dt.date):
        raise where.header_error("date", _("expected a date, got {value}").format(
            value=describe(date)))
    texts: dict[str, str | None] = {}
    for key in ("place", "notes"):
        value = data.get(key)
        if value is not None and not isinstance(value, str):
            raise where.header_error(key, _("expected text, got {value}").format(
                value=describe(value)))
        texts[key] = value
    movers = data.get("movers", "turn")
    if movers not in MOVERS:
        raise where.header_error("movers", _('expected "turn" or "named", got {value}').format(
            value=describe(movers)))
    return LogHeader(setup, board, None if date is None else str(date), texts["place"],
                     texts["notes"], data["format"], rules.key, movers)


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
        what = (_("event {number}: {key}").format(number=self.number, key=key) if key else
                _("event {number}").format(number=self.number))
        return InputError(message, path=self.where.path, line=line, player=self.player,
                          key=what)

    def get(self, key: str, check: Callable[[Any], bool], expected: str, *,
            required: bool = False) -> Any:
        value = self.raw.get(key, _ABSENT)
        if value is _ABSENT:
            if required:
                raise self.error(key, _("missing: {expected}").format(expected=expected))
            return None
        if not check(value):
            raise self.error(key, _("expected {expected}, got {value}").format(
                expected=expected, value=describe(value)))
        return value

    # whole, text and strings check their values inline: they read every key of every event.
    # A pattern must match the whole value: its $ alone also matches before a final line
    # break ("red\n"), which the words looked up afterwards do not know.

    def whole(self, key: str, expected: str, *, required: bool = False) -> int | None:
        value = self.raw.get(key, _ABSENT)
        if value is _ABSENT:
            if required:
                raise self.error(key, _("missing: {expected}").format(expected=expected))
            return None
        if type(value) is not int:  # bool is a subclass of int, and no number here
            raise self.error(key, _("expected {expected}, got {value}").format(
                expected=expected, value=describe(value)))
        result: int = value
        return result

    def text(self, key: str, pattern: re.Pattern[str] | None, expected: str, *,
             required: bool = False) -> str | None:
        value = self.raw.get(key, _ABSENT)
        if value is _ABSENT:
            if required:
                raise self.error(key, _("missing: {expected}").format(expected=expected))
            return None
        if not isinstance(value, str) or (pattern is not None and not pattern.fullmatch(value)):
            raise self.error(key, _("expected {expected}, got {value}").format(
                expected=expected, value=describe(value)))
        return value

    def table(self, key: str, expected: str) -> _EventReader | None:
        """A nested table (the genie's wished move), read with the same error positions."""
        value = self.get(key, lambda v: isinstance(v, Mapping), expected)
        if value is None:
            return None
        return _EventReader(self.where, self.number, self.start, self.end, value,
                            f"{self.prefix}{key}.", self.player)

    def strings(self, key: str, pattern: re.Pattern[str], expected: str) -> list[str]:
        value = self.raw.get(key, _ABSENT)
        if value is _ABSENT:
            return []
        if not isinstance(value, list):
            raise self.error(key, _("expected a list of {expected}, got {value}").format(
                expected=expected, value=describe(value)))
        for i, item in enumerate(value):
            if not isinstance(item, str) or not pattern.fullmatch(item):
                raise self.error(f"{key}[{i}]", _("expected {expected}, got {value}").format(
                    expected=expected, value=describe(item)))
        return list(value)


class _HeaderReader(_EventReader):
    """The same typed access for the header's keys (a game's own header keys)."""

    def __init__(self, where: _Where, raw: Mapping[str, Any]) -> None:
        super().__init__(where, 0, None, where.first_event, raw)

    def error(self, key: str | None, message: str) -> InputError:
        return self.where.header_error(key or "format", message)


def _refuse_event(raw: Mapping[str, Any], r: _EventReader, rules: SomeGame,
                  allowed: Mapping[str, frozenset[str]]) -> None:
    """Raise what is wrong with an event's type or keys, if anything."""
    kind_word = raw.get("type")
    if kind_word is None:
        raise r.error("type", _("missing: one of {types}").format(types=", ".join(allowed)))
    if not isinstance(kind_word, str) or kind_word not in allowed:
        raise r.error("type", _("unknown event type {value} (known: {types})").format(
            value=describe(kind_word), types=", ".join(allowed)))
    for key in raw:
        if key not in allowed[kind_word]:
            raise r.error(key, _("a {type} event has no key {key} (keys: {keys}, note)").format(
                type=kind_word, key=repr(key), keys=", ".join(rules.event_keys(kind_word))))


# --- writing --------------------------------------------------------------------------------


def event_to_dict(event: Any, note: str | None = None, game_key: str = DEFAULT
                  ) -> dict[str, Any]:
    """An event as the TOML table that :func:`parse_log` reads back into the same event."""
    d = game(game_key).event_to_dict(event)
    if note:
        d["note"] = note
    return d


def header_to_dict(header: LogHeader) -> dict[str, Any]:
    rules = header.rules
    d: dict[str, Any] = {"format": header.format}
    if header.game != DEFAULT:
        d["game"] = header.game
    d["players"] = list(rules.players_of(header.setup))
    d.update(rules.setup_to_dict(header.setup))
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


def log_to_text(header: LogHeader, events: Sequence[Any],
                comments: Sequence[str | None] = (), schema: str | None = None) -> str:
    """The whole log as TOML text, header first, events in order. ``schema`` (a path or URL
    of the JSON Schema) becomes a ``#:schema`` comment that TOML editors follow."""
    notes = list(comments) + [None] * (len(events) - len(comments))
    top = f"#:schema {schema}\n" if schema else ""
    parts = [f"{top}# {header.rules.name} game log (asara-cli log format {FORMAT})\n"
             + _table(header_to_dict(header))]
    parts += [event_text(e, n, header.game) for e, n in zip(events, notes, strict=True)]
    return "\n".join(parts)


def event_text(event: Any, note: str | None = None, game_key: str = DEFAULT,
               number: int | None = None) -> str:
    """One ``[[event]]`` table as TOML text, ready to append to a log; ``number``: the
    event's number as a comment on its header line (``[[event]]  # 12``), as the samples
    write it, for a reader finding event 12 of a message."""
    head = "[[event]]" if number is None else f"[[event]]  # {number}"
    return head + "\n" + _table(event_to_dict(event, note, game_key))


def write_log(path: str | Path, header: LogHeader, events: Sequence[Any],
              comments: Sequence[str | None] = (), schema: str | None = None) -> None:
    """Write a whole log atomically: temporary file in the same folder, fsync, parse it once
    more (so a file that would not read back never replaces a good one), rename."""
    text = log_to_text(header, events, comments, schema)
    parsed = parse_log(text, str(path))
    if parsed.events != tuple(events) or parsed.header != header:
        raise InputError(_("the log would not read back the same; not written"),
                         path=str(path))
    from asara_cli.logfile.write import write_file

    # a crash leaves the old file or the new one; the text written must parse as a log
    write_file(Path(path), text, lambda written: parse_log(written, str(path)))


def append_event(path: str | Path, event: Any, note: str | None = None,
                 game_key: str | None = None, read: tuple[GameLog, str] | None = None
                 ) -> GameLog:
    """Append one event to an existing log as text, keeping the file's comments and layout.
    ``read``: the log and its text as read under the caller's lock (else read here). The
    event is written as the header's game says (``game_key``, if given, must be it); before
    the file is replaced it must read back as ``event`` and ``note`` after the events before
    it (:func:`_appended`), and the file written must hold exactly that text."""
    target = Path(path)
    if read is None:
        old = read_text(target)
        known = parse_log(old, str(path))
    else:
        known, old = read
    played = known.header.game
    if game_key is not None and game_key != played:
        raise InputError(_("a game of {game}: not a log to write a move of {other} into; not "
                           "written").format(game=game(played).name, other=game(game_key).name),
                         path=str(path))
    joint = old if old.endswith("\n") or not old else old + "\n"
    text = joint + "\n" + event_text(event, note, played, len(known.events) + 1)
    parsed = _appended(known, text, len(joint) + 1, str(path))
    if not parsed.events or parsed.events[-1] != event or parsed.comments[-1] != (note or None):
        raise InputError(_("the appended event would not read back the same; not written"),
                         path=str(path))
    _write_exactly(target, text)
    return parsed


#: A line that could give the header's ``event`` key a value other than ``[[event]]`` tables
#: (``event = [...]``, a quoted or escaped spelling of the name): only then is the whole log
#: parsed again after an append. A match inside a string only costs that full parse.
_EVENT_KEY = re.compile(r"""^[ \t]*(?:event|"event"|'event'|"[^"\n]*\\[^\n]*)[ \t]*[=.]""",
                        re.M)


def _appended(known: GameLog | None, text: str, start: int, path: str) -> GameLog:
    """The log ``text`` is: ``known`` (read from ``text[:start]``, the same bytes) and one
    ``[[event]]`` table appended from ``start``, which alone is parsed. That equals parsing
    the whole text: the old text is a whole TOML document, so the new table's keys are its
    own lines and it adds one element to ``event``; the header and earlier events keep their
    values. Not so where a key line gave ``event`` (``event = [...]``, which TOML refuses to
    extend): such a text, and a call with no ``known`` log, parse the whole text."""
    if known is None or _EVENT_KEY.search(text, 0, start) or too_deep(text):
        return parse_log(text, path)  # a nesting too deep, across the join too, is refused
    where = _Where(path, text)
    number = len(known.events) + 1
    raw_events = loads_toml(text[start:], path).get("event")
    if (not isinstance(raw_events, list) or len(raw_events) != 1
            or not isinstance(raw_events[0], dict) or len(where.events) < number):
        return parse_log(text, path)  # not the shape this module writes: the whole text
    raw = raw_events[0]
    rules = known.header.rules
    first = where.events[number - 1]
    end = where.events[number] if number < len(where.events) else where.count + 1
    reader = _EventReader(where, number, first, end, raw)
    _refuse_event(raw, reader, rules, _allowed(rules.key))
    comment = reader.text("note", None, "text")
    event = rules.read_event(raw["type"], reader, rules.players_of(known.header.setup))
    return GameLog(known.path, known.header, (*known.events, event),
                   (*known.lines, first),
                   (*known.comments, comment))


def _write_exactly(path: Path, text: str) -> None:
    """Replace the log with ``text`` (atomically), checking that the file written holds
    exactly that text: ``text`` was parsed already, and parsing is a function of the text."""
    from asara_cli.logfile.write import write_file

    def same(written: str) -> None:
        if written != text:
            raise InputError(_("the log written does not hold the text meant for it; not "
                               "written"), path=str(path))

    write_file(path, text, same)


# --- reporting ------------------------------------------------------------------------------


def _event_word(kind: str | None) -> str | None:
    """An event's type as the table types it: the command word of the language in use
    (German ``bestechen`` for ``bribe``); a Yspahan ``turn``, recorded by several commands,
    is a move (``Zug``)."""
    from asara_cli.commandwords import local

    if kind is None:
        return None
    return pgettext("event type", "turn") if kind == "turn" else local(kind)


def describe_violation(log: GameLog, v: Violation) -> str:
    """One line in the form ``game.toml:212: event 57 (Tina, buy): ... [R2.3]``."""
    line = log.line_of(v.event)
    where = f"{show_path(log.path)}:{line}" if line else show_path(log.path)
    if v.event == 0:
        what = _("header")
    else:
        who = ", ".join(x for x in (v.player, _event_word(log.event_type(v.event))) if x)
        what = (_("event {number} ({who})").format(number=v.event, who=who) if who else
                _("event {number}").format(number=v.event))
    # a checkpoint's disagreement cites no rule of the book but the table's count
    rule = pgettext("rule", "checkpoint") if v.rule == "checkpoint" else v.rule
    tag = {"warning": _("warning: "), "note": _("note: "), "error": ""}.get(
        v.severity, f"{v.severity}: ")  # what starts a finding that is not an error
    return f"{where}: {what}: {tag}{v.message} [{rule}]" + (
        _(" (after the first illegal event)") if v.later else "")
