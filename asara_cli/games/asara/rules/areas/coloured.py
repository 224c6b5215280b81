"""The coloured building beside the bank (R3.3): one face-down buyer, +5, unlimited room."""

from __future__ import annotations

from typing import Any

from asara_cli.core.i18n import N_, _
from asara_cli.core.schema import Schema
from asara_cli.games.asara.rules.areas.base import Fields, Kind, Sampling
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.events import Coloured


class ColouredKind(Kind[Coloured]):
    kind = "coloured"
    log_type = "coloured"
    face_down = True
    earns = True
    names_space = False
    sample_rank = 0
    summary = N_("The coloured building: one face-down buyer, +5 (R3.3).")

    def key_schemas(self) -> dict[str, Schema]:
        return {}

    def samples(self, s: Sampling, wish: bool = False) -> list[tuple[Coloured, int | None]]:
        # always open; not offered as a wish but in the moves listed (the genie's fee for
        # its 5 Asari: a poor one, and the simulator's sample is kept small)
        return [] if wish and not s.every else [(Coloured(), None)]

    def cost(self, board: Board, space: int | None, action: Coloured) -> tuple[int, str]:
        return 0, ""

    def income(self, board: Board, space: int | None, action: Coloured) -> int:
        return board.coloured_building_income

    def text(self, board: Board, who: str, space: int | None, action: Coloured,
             how: str | None) -> str:
        return _("{player} takes {amount} at the coloured building").format(
            player=who, amount=board.coloured_building_income)

    def read(self, r: Fields) -> tuple[int | None, Coloured]:
        return None, Coloured()

    def write(self, space: int | None, action: Coloured) -> dict[str, Any]:
        return {}


COLOURED = ColouredKind()
