"""The Caliph's patronage (R3.5): the holder starts the next year and scores +1 at each
end-of-year evaluation. The Bottle Genie cannot copy it (R6.2)."""

from __future__ import annotations

from typing import Any

from asara_cli.core.i18n import N_, _
from asara_cli.core.schema import Schema
from asara_cli.games.asara.rules.areas.base import Fields, Kind, Move, Sampling, numbered_space
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.events import Caliph


class CaliphKind(Kind[Caliph]):
    kind = "caliph"
    log_type = "caliph"
    copyable = False
    names_space = False
    summary = N_("Take the Caliph's patronage (R3.5).")

    def key_schemas(self) -> dict[str, Schema]:
        return {"space": numbered_space("The Caliph's space (optional: there is one).")}

    def samples(self, s: Sampling, wish: bool = False) -> list[tuple[Caliph, int | None]]:
        return [] if wish else [(Caliph(), None)]

    def cost(self, board: Board, space: int | None, action: Caliph) -> tuple[int, str]:
        return 0, ""

    def apply(self, m: Move[Caliph]) -> None:
        m.state.caliph = m.seat

    def text(self, board: Board, who: str, space: int | None, action: Caliph,
             how: str | None) -> str:
        if how:
            return _("{player} takes the Caliph's patronage ({how})").format(player=who, how=how)
        return _("{player} takes the Caliph's patronage").format(player=who)

    def read(self, r: Fields) -> tuple[int | None, Caliph]:
        return r.whole("space", _(self.space_help)), Caliph()

    def write(self, space: int | None, action: Caliph) -> dict[str, Any]:
        return {} if space is None else {"space": space}


CALIPH = CaliphKind()
