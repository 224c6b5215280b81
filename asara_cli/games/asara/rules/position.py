"""Checks on a final position typed in without a log (a position sheet): what the box holds
(R1) and where lighted windows can lie (R3.7). Shapes and types are the log layer's job."""

from __future__ import annotations

from collections.abc import Sequence

from msgspec import Struct

from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.model import Section, Tower


class PositionProblem(Struct, frozen=True):
    """A position that cannot arise in a game; ``player`` is a seat or ``None`` for the table."""

    rule: str
    message: str
    player: int | None = None
    tower: int | None = None


def check_position(board: Board, towers: Sequence[Sequence[Tower]]) -> tuple[PositionProblem, ...]:
    problems: list[PositionProblem] = []
    for seat, own in enumerate(towers):
        for i, t in enumerate(own):
            if t.lighted > t.height - 2:
                problems.append(PositionProblem(
                    "R3.7",
                    f"a {t.colour} tower of height {t.height} has {t.height - 2} sections "
                    f"between base and turret, so at most {t.height - 2} lighted windows, "
                    f"not {t.lighted}",
                    seat, i))
    every = [t for own in towers for t in own]
    n = len(every)
    for section in (Section.BASE, Section.TURRET):
        if n > board.tiles[section]:
            problems.append(PositionProblem(
                "R1", f"{n} towers need {n} {section}s; the game has {board.tiles[section]}"))
    middle = sum(t.trunks + t.windows for t in every)
    middle_tiles = board.tiles[Section.TRUNK] + board.tiles[Section.WINDOW]
    if middle > middle_tiles:
        problems.append(PositionProblem(
            "R1", f"the towers hold {middle} trunks and windows; the game has {middle_tiles}"))
    lighted = sum(t.lighted for t in every)
    if lighted > board.lighted_window_tiles:
        problems.append(PositionProblem(
            "R1", f"the towers hold {lighted} lighted windows; the game has "
                  f"{board.lighted_window_tiles}"))
    return tuple(problems)
