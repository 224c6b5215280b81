"""Checks on a final position typed in without a log (a position sheet): what the box holds
(R1) and where lighted windows can lie (R3.7). Shapes and types are the log layer's job."""

from __future__ import annotations

from collections.abc import Sequence

from msgspec import Struct

from asara_cli.core.i18n import _, ngettext
from asara_cli.games.asara.rules import terms
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
                    ngettext("a {tower} of height {height} has {middle} sections between base "
                             "and turret, so at most {middle} lighted windows, not {lighted}",
                             "a {tower} of height {height} has {middle} sections between base "
                             "and turret, so at most {middle} lighted windows, not {lighted}",
                             t.height - 2).format(
                        tower=terms.tower(t.colour), height=t.height, middle=t.height - 2,
                        lighted=t.lighted),
                    seat, i))
    every = [t for own in towers for t in own]
    n = len(every)
    for section in (Section.BASE, Section.TURRET):
        if n > board.tiles[section]:
            problems.append(PositionProblem(
                "R1", ngettext("{n} tower needs {parts}; the game has {have}",
                               "{n} towers need {parts}; the game has {have}", n).format(
                    n=n, parts=terms.sections(section, n), have=board.tiles[section])))
    middle = sum(t.trunks + t.windows for t in every)
    middle_tiles = board.tiles[Section.TRUNK] + board.tiles[Section.WINDOW]
    if middle > middle_tiles:
        problems.append(PositionProblem(
            "R1", _("the towers hold {n} trunks and windows; the game has {have}").format(
                n=middle, have=middle_tiles)))
    lighted = sum(t.lighted for t in every)
    if lighted > board.lighted_window_tiles:
        problems.append(PositionProblem(
            "R1", _("the towers hold {n} lighted windows; the game has {have}").format(
                n=lighted, have=board.lighted_window_tiles)))
    return tuple(problems)
