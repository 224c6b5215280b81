"""ASARA's part of the log's JSON Schema, generated from what the codec reads: the header,
a turn per area kind (declared beside its reader, rules/areas/*.py) and the facts; a log on
the packaged board gets its numbers too (a table's own profile may have others)."""

from __future__ import annotations

from typing import Any

from asara_cli.core.schema import Schema, forbidden, string, texts, when
from asara_cli.games.asara.codec import _LABEL, _USE, FACTS, header_schemas
from asara_cli.games.asara.rules.areas import KINDS
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.base import SchemaPart, schema_part

_GIFTS = ('Expansion, Gifts of the Caliph (R6.1): the gifts lying on the space, claimed and '
          'resolved before the move: "buyer green", "asari 6", "buy base: gold red", '
          '"buy base: nothing", "prestige", "lighted", "lighted: red", "lighted: nothing".')


def _turn_keys(face_down: bool) -> tuple[dict[str, Schema], dict[str, Schema]]:
    """The keys every turn has before its kind's (player, buyer) and after them (gifts)."""
    player = string(None, "A player's name from the header's players.")
    if face_down:
        buyer = forbidden("This area takes one face-down buyer: no buyer is named (R2).")
    else:
        buyer = string(_LABEL, "A face-up buyer colour (any lowercase word, the same word for "
                             "the same colour), or \"pair\" for two buyers face down on one "
                             "space (R2.1).")
    gifts = texts(string(_USE, "a gift claimed"), _GIFTS)
    return {"player": player, "buyer": buyer}, {"gifts": gifts}


def event_schema() -> Schema:
    note = string(None, "Free text kept with the event.")
    cases = []
    for kind in KINDS:
        before, after = _turn_keys(kind.face_down)
        table = kind.table_schema({**before, "note": note}, after,
                                  ["player"] if kind.face_down else ["player", "buyer"])
        cases.append(when("type", kind.log_type, table))
    cases += [when("type", f.log_type, f.table_schema({"note": note})) for f in FACTS]
    return {
        "type": "object",
        "required": ["type"],
        "properties": {"type": {"enum": [*(k.log_type for k in KINDS),
                                         *(f.log_type for f in FACTS)]}},
        "allOf": cases,
    }


def board_event_schema(board: Board) -> Schema:
    cases = [when("type", k.log_type, k.board_table_schema(board))
             for k in KINDS if k.board_table_schema(board)]
    return {"allOf": cases}


def _areas_in_play(board: Board) -> list[Schema]:
    """A kind whose areas are all pro-only (or an expansion's) is refused without (in_play)."""
    def kinds(test: Any) -> list[str]:
        return [k.log_type for k in KINDS
                if all(test(a) for a in board.areas if a.kind == k.kind)]

    def no_events(types: list[str], why: str) -> Schema:
        return {"properties": {"event": {"items": {"properties": {
            "type": {"not": {"enum": types}, "description": f"{', '.join(types)}: {why}"}}}}}}

    found: list[Schema] = []
    pro = kinds(lambda a: a.pro)
    if pro:
        found.append({"if": {"not": {"properties": {"variant": {"const": "pro"}},
                                     "required": ["variant"]}},
                      "then": no_events(pro, "the pro game only (variant = \"pro\")")})
    for expansion in sorted({a.expansion for a in board.areas if a.expansion}):
        brought = kinds(lambda a, x=expansion: a.expansion == x)
        if brought:
            found.append({"if": {"not": {"properties": {"expansions": {"contains": {
                "const": expansion}}}, "required": ["expansions"]}},
                "then": no_events(brought, f"with the expansion only (expansions = "
                                           f"[\"{expansion}\"])")})
    return found


def log_part(board: Board) -> SchemaPart:
    return schema_part(
        "asara", header_schemas(), event_schema(), {"buyers": {"maxItems": board.buyer_colours}},
        board_event_schema(board), log={
            "required": ["start"],
            # the Bottle Genie is only in the pro game (R6.2)
            "if": {"properties": {"expansions": {"contains": {"const": "genie"}}},
                   "required": ["expansions"]},
            "then": {"properties": {"variant": {"const": "pro"}}, "required": ["variant"]},
        }, board={"allOf": _areas_in_play(board)})
