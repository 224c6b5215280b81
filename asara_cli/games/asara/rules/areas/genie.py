"""Expansion: the House of the Bottle Genie (R6.2, pro). Three spaces costing 3, 5 and 7,
follow-suit on the genie's own spaces; then one move of any other area but the Caliph's,
whether or not that area has a free space, paying that move's own cost. The copied move is
checked exactly as its own area checks it, and no buyer is placed in that area.

This module is the worked example of adding an area kind (docs/architecture.md).
"""

from __future__ import annotations

import re
from typing import Any

from asara_cli.core.findings import WARNING, Report
from asara_cli.core.i18n import N_, _
from asara_cli.core.schema import Schema, when, whole, words
from asara_cli.games.asara.rules import terms
from asara_cli.games.asara.rules.areas.base import Fields, Kind, Move, Notes, Sampling
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.events import Genie


def _inner(action: Genie) -> Kind[Any] | None:
    """The kind of the move wished for; ``None`` when the visit wished for nothing."""
    # The registry imports this module: look it up when called, not when imported.
    from asara_cli.games.asara.rules.areas import kind_of

    return None if action.move is None else kind_of(action.move)


def _copy(m: Move[Genie]) -> Move[Any]:
    return Move(m.board, m.state, m.seat, m.action.space, m.action.move, m.number,
                m.state.players[m.seat], copied=True)


class GenieKind(Kind[Genie]):
    kind = "genie"
    log_type = "genie"
    needs_space = True
    may_fail = True
    earns = True
    copyable = False
    sample_rank = 2
    space_help = N_("the Bottle Genie's space: its cost")
    required: tuple[str, ...] = ()  # no move: a visit that wishes for nothing (X13)
    summary = N_("Expansion, House of the Bottle Genie (R6.2, pro): pay the genie's space (its "
                 "cost), then one move of another area but the Caliph's, without a buyer there "
                 "(or none: a visit that wishes for nothing, X13).")

    def key_schemas(self) -> dict[str, Schema]:
        from asara_cli.games.asara.rules.areas import KINDS

        # the move wished for is a table of its own kind's keys; the genie grants every
        # kind but the Caliph's and its own (R6.2: the reader leaves that to the referee)
        granted = [k for k in KINDS if k.copyable]
        return {
            "space": whole("The genie's space: its cost."),
            "move": {
                "type": "object",
                "description": "The move wished for: its type and that type's own keys, e.g. "
                               "{ type = \"bank\", space = 1, amount = 12 }.",
                "required": ["type"],
                "properties": {"type": words(k.log_type for k in granted)},
                "allOf": [when("type", k.log_type, k.table_schema({}, {}, ()))
                          for k in granted],
            },
        }

    def board_schemas(self, board: Board) -> dict[str, Schema]:
        from asara_cli.games.asara.rules.areas import KINDS

        d = super().board_schemas(board)
        moves = [when("type", k.log_type, k.board_table_schema(board))
                 for k in KINDS if k.copyable and k.board_table_schema(board)]
        if moves:
            d["move"] = {"allOf": moves}
        return d

    def offer(self, s: Sampling) -> None:
        """At the cheapest free space the player can pay for, a third of the moves the other
        kinds offer as wishes (a different third each turn), with each buyer (``s.every``:
        at each free space, every wish, and no wish)."""
        area = s.board.by_kind[self.kind].key
        if not s.in_play(area):
            return
        free = s.spaces(self, area)
        for fee in free if s.every else free[:1]:  # every: each space and every wish
            if fee is None or fee > s.player.money:
                continue
            wishes: list[tuple[Any, int | None]] = s.wishes()
            if not s.every:
                wishes = wishes[s.state.events % 3::3] or wishes[:1]
            else:  # and a visit that wishes for nothing (X13)
                wishes = [*wishes, (None, None)]
            for b in s.buyers(self, area):
                for action, space in wishes:
                    s.turn(area, b, fee, Genie(action, space))

    def cost(self, board: Board, space: int | None, action: Genie) -> tuple[int, str]:
        fee = space or 0
        kind = _inner(action)
        inner, what = (0, "") if kind is None else kind.cost(board, action.space, action.move)
        if not inner:
            return fee, _("the genie's space costs {fee}").format(fee=fee)
        return fee + inner, _("the genie's {fee} and then {cost}: {total} in all").format(
            fee=fee, cost=what, total=fee + inner)

    def price(self, board: Board, space: int | None, action: Genie) -> int:
        kind = _inner(action)
        inner = 0 if kind is None else kind.price(board, action.space, action.move)
        return (space or 0) + inner

    def income(self, board: Board, space: int | None, action: Genie) -> int:
        kind = _inner(action)
        return 0 if kind is None else kind.income(board, action.space, action.move)

    def check(self, m: Move[Genie], bad: Report) -> None:
        kind = _inner(m.action)
        if kind is None:  # the player may wish (R6.2): paying for no wish is legal (X13)
            bad("R6.2", _("the Bottle Genie was paid and no wish was made"), WARNING)
            return
        area = kind.area(m.board, m.action.move)
        if not kind.copyable:
            bad("R6.2", _("the Bottle Genie grants any move except the {area}").format(
                area=terms.area(area.name)))
            return
        if not m.state.in_play(m.board, area.key):
            bad(area.rule, _("the {area} is not in this game").format(area=terms.area(area.name)))
            return
        space = m.action.space
        if kind.needs_space and space is None:
            bad("R6.2", _("the genie's {area} move names its {space_word} ({spaces})").format(
                area=terms.area(area.name), space_word=terms.space_word(area.kind),
                spaces=area.describe_spaces()))
            return
        if space is not None and area.spaces is not None and space not in area.spaces:
            bad("R6.2", _("the {area} has no {space_word} {space} ({spaces})").format(
                area=terms.area(area.name), space_word=terms.space_word(area.kind), space=space,
                spaces=area.describe_spaces()))
            return
        kind.check(_copy(m), bad)

    def notes(self, m: Move[Genie]) -> Notes:
        kind = _inner(m.action)
        return () if kind is None else kind.notes(_copy(m))

    def refuses(self, m: Move[Genie]) -> bool:
        kind = _inner(m.action)
        return kind is not None and kind.refuses(_copy(m))

    def apply(self, m: Move[Genie]) -> None:
        kind = _inner(m.action)
        if kind is not None:
            kind.apply(_copy(m))

    def text(self, board: Board, who: str, space: int | None, action: Genie,
             how: str | None) -> str:
        head = (_("{player} pays {fee} to the Bottle Genie ({how})") if how else
                _("{player} pays {fee} to the Bottle Genie")).format(player=who, fee=space,
                                                                      how=how)
        kind = _inner(action)
        if kind is None:
            return _("{move}; no wish").format(move=head)
        if kind is self:  # refused (R6.2, X12); said plainly, whatever it names
            return _("{move}; wish: the Bottle Genie itself").format(move=head)
        inner = kind.text(board, who, action.space, action.move, None)
        if action.space is None:
            return _("{move}; wish: {wish}").format(move=head, wish=inner)
        # the space the wish uses takes no buyer (X8): a plot built on stays free
        area = kind.area(board, action.move)
        return _("{move}; wish: {wish}; no buyer goes to {space_word} {space}").format(
            move=head, wish=inner, space_word=terms.space_word(area.kind), space=action.space)

    def read(self, r: Fields) -> tuple[int | None, Genie]:
        from asara_cli.games.asara.rules.areas import BY_LOG_TYPE

        space = self.read_space(r)
        # the referee says which moves the genie grants (R6.2): the log may name any, the
        # genie's own too (a rule refused, not a word misread); no move: no wish (X13)
        copyable = [k.log_type for k in BY_LOG_TYPE.values()]
        expected = _("the move wished for, e.g. {{ type = \"bank\", space = 1, amount = 12 "
                     "}}").format()
        t = r.table("move", expected)
        if t is None:
            return space, Genie(None)
        kind_word = t.text("type", re.compile(f"^({'|'.join(copyable)})$"),
                           _("one of {words}").format(words=", ".join(copyable)), required=True)
        kind = BY_LOG_TYPE[str(kind_word)]
        allowed = {"type", *kind.keys}
        for key in t.raw:
            if key not in allowed:
                raise t.error(key, _("a {kind} move has no key {key} (keys: {keys})").format(
                    kind=kind_word, key=repr(key), keys=", ".join(kind.keys) or _("none")))
        if kind is self:  # a wish for the genie itself: the referee refuses it (X12)
            return space, Genie(Genie(None))
        inner_space, move = kind.read(t)
        return space, Genie(move, inner_space)

    def write(self, space: int | None, action: Genie) -> dict[str, Any]:
        kind = _inner(action)
        if kind is None:
            return {} if space is None else {"space": space}
        return {"space": space,
                "move": {"type": kind.log_type, **kind.write(action.space, action.move)}}


GENIE = GenieKind()
