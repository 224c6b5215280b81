"""YSPAHAN's part of the log's JSON Schema: the keys the codec reads, and the packaged board's
words (a table's own profile may have others). The patterns are the codec's, as editors read
them (ECMA-262: no ``\\d``, no ``(?P``)."""

from __future__ import annotations

from asara_cli.core.i18n import N_, _
from asara_cli.core.schema import Schema, string, texts, when
from asara_cli.games.base import SchemaPart, schema_part
from asara_cli.games.yspahan.codec import ACTIONS, EVENT_KEYS, HEADER_KEYS, NO_CARD
from asara_cli.games.yspahan.rules.board import Board
from asara_cli.games.yspahan.rules.events import HIDDEN, INNER

_WORD = "[a-z][a-z0-9_-]*"
_CELL = f"(?:[A-Za-z]+[0-9]*|{INNER})"
SHOP = f"^\\s*{_WORD}\\s+{_CELL}\\s*$"
SEND = f"^\\s*{_WORD}(?:\\s+camel)?(?:\\s+draws\\s+{_WORD})?\\s*$"
PLAY = f"^\\s*{_WORD}(?:\\s+[A-Za-z0-9_-]+)*\\s*$"


def header_schemas() -> dict[str, Schema]:
    """:data:`~asara_cli.games.yspahan.codec.HEADER_KEYS` as the codec reads them."""
    found = {
        "oldest": string(None, _("The oldest player, the first start player (Y1, Y2.2): "
                                  "one of the players; default: the first.")),
        "colours": texts(string("^[a-z][a-z-]{1,29}$", _("a colour word")),
                         _("The players' colours in seat order, one each (blue, red, green, "
                           "yellow)."), uniqueItems=True),
        "hands": {"type": "string", "enum": ["open", "secret"], "default": "open",
                  "description": _("open: every card drawn is named; secret: a card drawn is "
                                   "\"hidden\" and named when played (Y7).")},
    }
    assert tuple(found) == HEADER_KEYS
    return found


_PLAYS = N_('Cards played (Y3.9): the kind, then what its effect needs: "gold3", '
            '"goldvp 4", "exchange 2 into gold", "souk chest8 N2", "caravan draws gold3".')


def _counted(description: str) -> Schema:
    return {"type": "object", "additionalProperties": {"type": "integer"},
            "description": description.format()}


def _keys() -> dict[str, dict[str, Schema]]:
    player = string("\\S", _("A player's name from the header's players."))
    dice = texts({"type": "integer"}, "")
    card = string(f"^{_WORD}$", "")
    played = _("a card played")
    plays = _(_PLAYS)
    keys: dict[str, dict[str, Schema]] = {
        "roll": {
            "player": {**player, "description": _("The start player, who rolls (Y2.1).")},
            "play": texts(string(PLAY, played), _(
                "Cards the start player plays before buying yellow dice (Y6.11). {plays}"
            ).format(plays=plays)),
            "white": {**dice, "description": _("The white dice's values (Y2.4).")},
            "yellow": {**dice, "description": _("The yellow dice bought, 1 gold each, and "
                                                "their values (Y2.3).")},
        },
        "turn": {
            "player": {**player, "description": _("Whose turn it is (the replay checks it).")},
            "play": texts(string(PLAY, played),
                          _("Cards played before taking the row. {plays}").format(plays=plays)),
            "row": string(f"^{_WORD}$", _("The row of dice taken (camels, bag, barrel, chest, "
                                           "vase, gold); left out when no row is left (Y3.7).")),
            "discard": {**card, "description": _("The card discarded to count the row as one "
                                                 "die larger (Y2.5).")},
            "action": {"type": "string", "enum": list(ACTIONS),
                       "description": _("Only where the other keys do not say it: goods, "
                                        "supervisor or draw by their keys, else the camel or "
                                        "gold row's own action.")},
            "goods": texts(string(SHOP, _("a shop")), _(
                "The goods action (Y3.4): each cube's shop, \"SOUK CELL\" (\"chest8 N2\") or "
                "\"SOUK inner\".")),
            "supervisor": string(f"^{_CELL}$", _("The supervisor action (Y3.5): the street "
                                                  "cell it ends on, e.g. W5 or C.")),
            "sends": texts(string(SEND, _("a cube sent")), _(
                "The cubes sent to the caravan in the mover's order: the souk, \"camel\" when "
                "its owner keeps it for a camel, \"draws CARD\" for a caravanserai's draw "
                "(Y3.6).")),
            "draw": string(f"^{_WORD}$", _(
                "The card action (Y3.3) or no row left (Y3.7): the card drawn, \"{hidden}\" "
                "(secret hands) or \"{none}\" (no card left anywhere).").format(
                hidden=HIDDEN, none=NO_CARD)),
            "play_after": texts(string(PLAY, played),
                                _("Cards played after the action, before building.")),
            "build": string(f"^{_WORD}$", _("The building built (Y3.8).")),
            "build_cards": texts(card, _("The building-cost cards paying for it (nocamels, "
                                         "nogold).")),
            "play_last": texts(string(PLAY, played), _("Cards played after the build.")),
        },
        "checkpoint": {
            "score": _counted(_("The table's count of score: {{ Name = number }}.")),
            "gold": _counted(_("The table's count of gold: {{ Name = number }}.")),
            "camels": _counted(_("The table's count of camels: {{ Name = number }}.")),
        },
    }
    for kind, found in keys.items():
        assert tuple(found) == EVENT_KEYS[kind], kind
    return keys


def event_schema() -> Schema:
    note = string(None, _("Free text kept with the event."))
    required = {"roll": ["player", "white"], "turn": ["player"], "checkpoint": []}
    what = {"roll": _("Yspahan: the start player's roll, with the yellow dice bought (Y2.3, "
                      "Y2.4)."),
            "turn": _("Yspahan: a player's turn: cards played, the row taken, its action, the "
                      "building (Y2.5)."),
            "checkpoint": _("Yspahan: what the table counts (score, gold, camels); the replay "
                            "confirms it.")}
    cases = []
    for kind, keys in _keys().items():
        table: Schema = {"description": what[kind],
                         "properties": {"type": {"const": kind}, **keys, "note": note},
                         "additionalProperties": False}
        if required[kind]:
            table["required"] = required[kind]
        cases.append(when("type", kind, table))
    cases.append(when("type", "checkpoint", {"anyOf": [{"required": [k]} for k in
                                                ("score", "gold", "camels")]}))
    cases.append(when("type", "turn", {"anyOf": [{"required": ["row"]}, {"required": ["draw"]},
                                          {"required": ["action"]}]}))
    return {"type": "object", "required": ["type"],
            "properties": {"type": {"enum": list(EVENT_KEYS)}}, "allOf": cases}


def board_event_schema(board: Board) -> Schema:
    faces = {"type": "integer", "minimum": 1, "maximum": board.faces_per_die}
    kinds = list(board.cards)
    return {"allOf": [
        when("type", "roll", {"properties": {
            "white": {"items": faces, "minItems": board.white_dice,
                      "maxItems": board.white_dice},
            "yellow": {"items": faces, "maxItems": board.yellow_dice}}}),
        when("type", "turn", {"properties": {
            "row": {"enum": list(board.rows)},
            "discard": {"enum": kinds},
            "supervisor": {"enum": list(board.cells)},
            "draw": {"enum": [*kinds, HIDDEN, NO_CARD]},
            "build": {"enum": list(board.buildings)},
            "build_cards": {"items": {"enum": [k for k, c in board.cards.items()
                                               if c.effect in ("nocamels", "nogold")]}},
            "goods": {"items": {"pattern": f"^\\s*({'|'.join(s.id for s in board.souks)})"
                                           f"\\s+{_CELL}\\s*$"}},
        }}),
    ]}


def log_part(board: Board) -> SchemaPart:
    return schema_part("yspahan", header_schemas(), event_schema(), {
        "players": {"minItems": board.min_players, "maxItems": board.max_players}},
        board_event_schema(board))
