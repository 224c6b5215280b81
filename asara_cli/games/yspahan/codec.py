"""YSPAHAN's part of the game log (``docs/log-format.md``, YSPAHAN.md Y7): its header keys
and its events, read through a ``FieldReader`` and written as plain values. Keys are flat
and short, for people who edit logs by hand: a card played, a shop and a cube sent are each
one string of words (``"goldvp 4"``, ``"chest8 N2"``), as the recording commands read them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from asara_cli.core.i18n import N_, _
from asara_cli.core.names import find
from asara_cli.core.words import describe, number
from asara_cli.games.base import player_counts
from asara_cli.games.yspahan.rules import events as ev
from asara_cli.games.yspahan.rules.state import OPEN, SECRET, Setup

if TYPE_CHECKING:
    from asara_cli.games.base import FieldReader

#: The game's header keys, in the order a log writes them (after ``players``).
HEADER_KEYS = ("oldest", "colours", "hands")

#: The words of a turn's action (``action = "..."``; usually implied by the other keys).
ACTIONS = ("camels", "gold", "goods", "supervisor", "draw")

#: Keys each event type accepts, ``type`` and ``note`` aside, in the order a log writes them.
EVENT_KEYS: dict[str, tuple[str, ...]] = {
    "roll": ("player", "play", "white", "yellow"),
    "turn": ("player", "play", "row", "discard", "action", "goods", "supervisor", "sends",
             "draw", "play_after", "build", "build_cards", "play_last"),
    "checkpoint": ("score", "gold", "camels"),
}

#: The card drawn when no card is left anywhere (Y2.8).
NO_CARD = "none"

_WORD = re.compile(r"^[a-z][a-z0-9_-]*$")
_CELL = re.compile(r"^(?:[A-Za-z]+[0-9]*|inner)$")
_LINE = re.compile(r"^[^\n]*\S[^\n]*$")
_COLOUR = re.compile(r"^[a-z][a-z-]{1,29}$")

# What each string of words is, for messages (translated where shown: the examples are the
# log's own words, which stay English)
PLAY_HELP = N_('a card played, such as "gold3", "goldvp 4", "exchange 2 into gold", '
               '"souk chest8 N2" or "caravan draws gold3"')
SHOP_HELP = N_('a shop: its souk and the street cell it faces, such as "chest8 N2" or '
               '"bag8 inner"')
SEND_HELP = N_('a cube sent: its souk, "camel" when its owner kept it for a camel, and the '
               'caravanserai\'s card, such as "chest8", "bag3 camel" or "vase12 draws gold3"')


class WordsError(ValueError):
    """Words of a card, shop or send that cannot be read; ``str()`` says what was expected."""


# --- the words of cards, shops and sends -------------------------------------------------------


#: A shop of each quarter of the packaged board, for messages that show an example (a test
#: holds each to a real shop of that quarter).
EXAMPLE_SHOPS = {"bag": "bag3 W3", "barrel": "barrel4 S3", "chest": "chest8 N2",
                 "vase": "vase12 E3"}


def shop_text(shop: ev.Shop) -> str:
    return f"{shop.souk} {shop.cell}"


def parse_shop(text: str) -> ev.Shop:
    """``"chest8 N2"`` or ``"bag8 inner"`` (a cell is written as the board names it)."""
    parts = text.split()
    if len(parts) != 2 or not _WORD.match(parts[0]) or not _CELL.match(parts[1]):
        raise WordsError(_("expected {what}, got {text!r}").format(what=_(SHOP_HELP),
                                                                   text=text))
    return ev.Shop(parts[0], parts[1])


def parse_card(text: str) -> str | None:
    if text == NO_CARD:
        return None
    if not _WORD.match(text):
        raise WordsError(_("expected a card kind such as \"gold3\", \"hidden\" (hands "
                           "secret) or \"{none}\" (no card left anywhere), got {text!r}"
                           ).format(none=NO_CARD, text=text))
    return text


def play_text(p: ev.Play) -> str:
    words = [p.kind]
    if p.k is not None:
        words.append(str(p.k))
    if p.into is not None:
        words += ["into", p.into]
    if p.shop is not None:
        words.append(shop_text(p.shop))
    if p.card is not None:
        words += ["draws", p.card]
    return " ".join(words)


def parse_play(text: str) -> ev.Play:
    """A card played: its kind, then as its effect needs: k, ``into gold``/``into camels``,
    the shop, ``draws CARD`` (the caravanserai's draw for the caravan card's cube)."""
    words = text.split()
    if not words or not _WORD.match(words[0]):
        raise WordsError(_("expected {what}, got {text!r}").format(what=_(PLAY_HELP),
                                                                   text=text))
    kind, rest = words[0], words[1:]
    k: int | None = None
    into: str | None = None
    shop: ev.Shop | None = None
    card: str | None = None
    i = 0
    while i < len(rest):
        w = rest[i]
        if k is None and len(w) < 4 and number(w) is not None:
            k = number(w)
            i += 1
        elif w == "into" and into is None and i + 1 < len(rest):
            into = rest[i + 1]
            if into not in (ev.INTO_GOLD, ev.INTO_CAMELS):
                raise WordsError(_("an exchange goes into gold or into camels, not {into!r} "
                                   "(in {text!r})").format(into=into, text=text))
            i += 2
        elif w == "draws" and card is None and i + 1 < len(rest):
            card = rest[i + 1]
            if not _WORD.match(card):
                raise WordsError(_("expected the card drawn after 'draws', got {card!r}"
                                   ).format(card=card))
            i += 2
        elif shop is None and i + 1 < len(rest):
            shop = parse_shop(f"{w} {rest[i + 1]}")
            i += 2
        else:
            raise WordsError(_("expected {what}, got {text!r} (what is {word!r}?)").format(
                what=_(PLAY_HELP), text=text, word=w))
    return ev.Play(kind, k, into, shop, card)


def send_text(s: ev.Send) -> str:
    words = [s.souk]
    if s.camel:
        words.append("camel")
    if s.card is not None:
        words += ["draws", s.card]
    return " ".join(words)


def parse_send(text: str) -> ev.Send:
    words = text.split()
    if not words or not _WORD.match(words[0]):
        raise WordsError(_("expected {what}, got {text!r}").format(what=_(SEND_HELP),
                                                                   text=text))
    souk, rest = words[0], words[1:]
    camel = bool(rest) and rest[0] == "camel"
    if camel:
        rest = rest[1:]
    card = None
    if rest:
        if len(rest) != 2 or rest[0] != "draws" or not _WORD.match(rest[1]):
            raise WordsError(_("expected {what}, got {text!r}").format(what=_(SEND_HELP),
                                                                       text=text))
        card = rest[1]
    return ev.Send(souk, camel, card)


# --- the header --------------------------------------------------------------------------------


def _player(r: FieldReader, key: str, written: str, names: Sequence[str]) -> str:
    player = written if written in names else find(written, names)
    if player is None:
        raise r.error(key, _("{name!r} is not one of the players ({players})").format(
            name=written, players=", ".join(names)))
    return player


def read_setup(h: FieldReader, players: tuple[str, ...]) -> Setup:
    """The header's keys beyond the generic ones, the players already read (in clockwise
    seat order)."""
    oldest_word = h.text("oldest", None, _("the oldest player's name (the first start player)"))
    oldest = 0
    if oldest_word is not None:
        oldest = players.index(_player(h, "oldest", oldest_word, players))
    colours = h.strings("colours", _COLOUR, _("a colour word such as \"blue\""))
    hands = h.text("hands", None, _("\"open\" or \"secret\""))
    if hands is not None and hands not in (OPEN, SECRET):
        raise h.error("hands", _("expected \"open\" (every card drawn is named) or \"secret\" "
                                 "(a card drawn is \"hidden\"), got {value}").format(
            value=describe(hands)))
    return Setup(players, oldest, tuple(colours), hands or OPEN)


def setup_to_dict(s: Setup) -> dict[str, Any]:
    d: dict[str, Any] = {"oldest": s.players[s.oldest] if 0 <= s.oldest < len(s.players)
                         else s.players[0]}
    if s.colours:
        d["colours"] = list(s.colours)
    d["hands"] = s.hands
    return d


# --- events ------------------------------------------------------------------------------------


def event_type(event: ev.Event) -> str:
    if isinstance(event, ev.Roll):
        return "roll"
    if isinstance(event, ev.Turn):
        return "turn"
    return "checkpoint"


def _words(r: FieldReader, key: str, parse: Any, expected: str) -> list[Any]:
    found = []
    for i, text in enumerate(r.strings(key, _LINE, _(expected))):
        try:
            found.append(parse(" ".join(text.split())))
        except WordsError as e:
            raise r.error(f"{key}[{i}]", str(e)) from None
    return found


def _plays(r: FieldReader, key: str) -> tuple[ev.Play, ...]:
    return tuple(_words(r, key, parse_play, PLAY_HELP))


def _dice(r: FieldReader, key: str, required: bool) -> tuple[int, ...]:
    value = r.get(key, lambda v: isinstance(v, list) and all(type(x) is int for x in v),
                  _("a list of the dice's values, such as [1, 3, 3, 6]"), required=required)
    return tuple(value) if isinstance(value, list) else ()


def _read_player(r: FieldReader, names: Sequence[str]) -> str:
    written = r.text("player", None, _("a player's name"), required=True)
    assert written is not None
    return _player(r, "player", written, names)


def implied_action(raw: Any, row: str | None) -> str | None:
    """The action the keys imply when ``action`` is not written: goods, supervisor or draw by
    their own keys, else the camel or gold row's own action; ``None``: nothing implied."""
    for key in ("goods", "supervisor", "draw"):
        if key in raw:
            return key
    if row in ("camels", "gold"):
        return row
    return None


def _read_turn(r: FieldReader, names: Sequence[str]) -> ev.Turn:
    player = _read_player(r, names)
    before = _plays(r, "play")
    row = r.text("row", _WORD, _("the row of dice taken: camels, bag, barrel, chest, vase "
                                 "or gold (leave the key out when no row was left)"))
    discard = r.text("discard", _WORD, _("the kind of the card discarded for +1 die"))
    written = r.text("action", None, _("one of {words}").format(words=", ".join(ACTIONS)))
    if written is not None and written not in ACTIONS:
        raise r.error("action", _("expected one of {words}, got {word!r}").format(
            words=", ".join(ACTIONS), word=written))
    implied = implied_action(r.raw, row)
    present = [k for k in ("goods", "supervisor", "draw") if k in r.raw]
    if len(present) > 1:
        raise r.error(present[1], _("a turn has one action: {one} or {other}, not both"
                                    ).format(one=present[0], other=present[1]))
    if written is not None and present and present[0] != written:
        raise r.error("action", _("the action is {action}, yet the turn has the key {key!r}"
                                  ).format(action=written, key=present[0]))
    kind = written or implied
    if kind is None:
        if row is None:
            raise r.error("draw", _("missing: with no row left the player draws a card: "
                                    "draw = \"gold3\" (or \"hidden\", or \"none\")"))
        example = EXAMPLE_SHOPS.get(row, "SOUK CELL")
        raise r.error("goods", _("missing: the shops the cubes go to with the {row} row, such "
                                 "as goods = [\"{example}\"] (or say the action: supervisor "
                                 "= \"W5\", draw = \"gold3\")").format(row=row,
                                                                       example=example))
    if "sends" in r.raw and kind != "supervisor":
        raise r.error("sends", _("cubes are sent by the supervisor: the turn has no "
                                 "supervisor = \"CELL\""))
    action: ev.Action
    if kind == "camels":
        action = ev.Camels()
    elif kind == "gold":
        action = ev.Gold()
    elif kind == "goods":
        action = ev.Goods(tuple(_words(r, "goods", parse_shop, SHOP_HELP)))
    elif kind == "supervisor":
        to = r.text("supervisor", _CELL, _("the street cell the supervisor ends on, such as "
                                           "\"W5\" or \"C\""), required=True)
        assert to is not None
        action = ev.Supervisor(to, tuple(_words(r, "sends", parse_send, SEND_HELP)))
    else:
        card = r.text("draw", None, _("the card drawn"), required=True)
        assert card is not None
        try:
            action = ev.Draw(parse_card(card))
        except WordsError as e:
            raise r.error("draw", str(e)) from None
    after = _plays(r, "play_after")
    build_word = r.text("build", _WORD, _("a building: pasture, shop, bath, caravanserai, "
                                          "market or hoist"))
    cards = r.strings("build_cards", _WORD, _("a building-cost card such as \"nocamels\""))
    if cards and build_word is None:
        raise r.error("build_cards", _("cost cards pay for a building: the turn has no "
                                       "build = \"...\""))
    build = None if build_word is None else ev.Build(build_word, tuple(cards))
    last = _plays(r, "play_last")
    return ev.Turn(player, row, action, discard, build, before, after, last)


def _read_checkpoint(r: FieldReader, names: Sequence[str]) -> ev.Checkpoint:
    found = {key: player_counts(r, names, key) for key in ("score", "gold", "camels")}
    if not any(found.values()):
        raise r.error("score", _("missing: what the table counts, e.g. score = {{ Tina = 34 }}"
                                 ).format())
    return ev.Checkpoint(found["score"], found["gold"], found["camels"])


def read_event(kind: str, r: FieldReader, names: Sequence[str]) -> ev.Event:
    """The event of type ``kind`` (the log layer has checked the type and the keys)."""
    if kind == "turn":
        return _kept_turn(r, names)
    if kind == "roll":
        player, plays = _read_player(r, names), _plays(r, "play")
        return ev.Roll(player, _dice(r, "white", True), _dice(r, "yellow", False), plays)
    return _read_checkpoint(r, names)


#: What a turn read to, its player aside, by the values of its other keys (below).
_TURNS: dict[tuple[Any, ...], tuple[Any, ...]] = {}
#: A bound on what is kept: far more than a club's logs write, little memory.
_MOST_KEPT = 20_000


def _kept_turn(r: FieldReader, names: Sequence[str]) -> ev.Turn:
    """:func:`_read_turn`, kept by the values of the turn's keys but the player: the same
    values of the same types read the same (two turns in three); a refusal is never kept."""
    player = r.raw.get("player")
    if type(player) is not str or player not in names:
        player = _read_player(r, names)
    raw = r.raw
    keys = tuple(raw)
    values = list(raw.values())
    values[keys.index("player")] = None  # read above
    types = tuple(map(type, values))
    if list in types:  # cards, shops, cubes sent: lists of texts, kept as tuples of them
        for i, v in enumerate(values):
            if type(v) is list:
                try:
                    "".join(v)  # texts only, or a TypeError
                except TypeError:  # a list of other values: read afresh
                    return _read_turn(r, names)
                values[i] = tuple(v)
    key = (keys, tuple(values), types)
    try:
        found = _TURNS.get(key)
    except TypeError:  # a table among the values: read afresh
        return _read_turn(r, names)
    if found is None:
        turn = _read_turn(r, names)
        if len(_TURNS) >= _MOST_KEPT:
            _TURNS.clear()
        _TURNS[key] = (turn.row, turn.action, turn.discard, turn.build, turn.before,
                       turn.after, turn.last)
        return turn
    return ev.Turn(player, *found)


def event_to_dict(event: ev.Event) -> dict[str, Any]:
    """An event's keys, ``type`` first, as :func:`read_event` reads them back."""
    d: dict[str, Any] = {"type": event_type(event)}
    if isinstance(event, ev.Checkpoint):
        d.update((key, dict(pairs)) for key, pairs in (
            ("score", event.scores), ("gold", event.gold), ("camels", event.camels)) if pairs)
        return d
    d["player"] = event.player
    plays = event.plays if isinstance(event, ev.Roll) else event.before
    if plays:
        d["play"] = [play_text(p) for p in plays]
    if isinstance(event, ev.Roll):
        d["white"] = list(event.white)
        if event.yellow:
            d["yellow"] = list(event.yellow)
        return d
    if event.row is not None:
        d["row"] = event.row
    if event.discard is not None:
        d["discard"] = event.discard
    word, keys = _action_keys(event.action)
    if implied_action(keys, event.row) != word:
        d["action"] = word
    d.update(keys)
    if event.after:
        d["play_after"] = [play_text(p) for p in event.after]
    if event.build is not None:
        d["build"] = event.build.building
        if event.build.cards:
            d["build_cards"] = list(event.build.cards)
    if event.last:
        d["play_last"] = [play_text(p) for p in event.last]
    return d


def _action_keys(action: ev.Action) -> tuple[str, dict[str, Any]]:
    """A turn's action: its word (``goods``, ``supervisor`` ...) and the keys it writes."""
    if isinstance(action, ev.Goods):
        return "goods", {"goods": [shop_text(s) for s in action.shops]}
    if isinstance(action, ev.Supervisor):
        sends = {"sends": [send_text(s) for s in action.sends]} if action.sends else {}
        return "supervisor", {"supervisor": action.to, **sends}
    if isinstance(action, ev.Draw):
        return "draw", {"draw": NO_CARD if action.card is None else action.card}
    return "camels" if isinstance(action, ev.Camels) else "gold", {}
