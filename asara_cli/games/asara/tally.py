"""``asara tally SHEET``: the final evaluation of a position typed in without a log."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from asara_cli.cli.common import (
    EXIT_VIOLATION,
    BoardOption,
    JsonOption,
    err,
    out,
    print_json,
)
from asara_cli.cli.formats import chosen
from asara_cli.core.i18n import _
from asara_cli.core.shown import show_path
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.position import check_position
from asara_cli.games.asara.rules.scoring import FinalEvaluation, FinalPosition, final_evaluation
from asara_cli.games.asara.screens.final import final_dict, final_tables
from asara_cli.games.asara.sheet import Sheet, parse_sheet
from asara_cli.logfile.board import load_board

TallyFormat = StrEnum("TallyFormat", "table json")


def tally(
    sheet: Annotated[
        Path,
        typer.Argument(help="A position sheet (TOML): each player's towers, money and "
                       "prestige before the final evaluation.", show_default=False),
    ],
    board: BoardOption = None,
    fmt: Annotated[TallyFormat, typer.Option(
        "--format", "-f", help="table or json (as --json).")] = TallyFormat.table,
    as_json: JsonOption = False,
) -> None:
    """Final evaluation of a position, for a table that kept no log [R5].

    The sheet lists the players in seat order with their money (asari), prestige before the
    final evaluation, and towers (color, height, lighted). Prints one table per award
    category with the arithmetic, then totals and the winner(s).
    """
    rules = load_board(board, "asara")  # a profile of another game is refused
    position = parse_sheet(sheet, rules)
    problems = check_position(rules, [p.towers for p in position.players])
    if problems:
        console = err()
        for p in problems:
            who = (_("player {n} ({name}): ").format(n=p.player + 1,
                                                     name=position.players[p.player].name)
                   if p.player is not None else "")
            where = f"towers[{p.tower}]: " if p.tower is not None else ""
            console.print(f"{show_path(sheet)}: {who}{where}{p.message} [{p.rule}]", soft_wrap=True)
        raise typer.Exit(EXIT_VIOLATION)

    evaluation = final_evaluation(
        rules, [FinalPosition(p.towers, p.asari) for p in position.players], pro=position.pro
    )
    TALLY[chosen(TALLY, fmt.value, as_json)](sheet, rules, position, evaluation)


def _table(sheet: Path, rules: Board, position: Sheet, evaluation: FinalEvaluation
           ) -> None:
    names = [p.name for p in position.players]
    prestige = [p.prestige for p in position.players]
    console = out()
    title = (_("Final evaluation of {sheet} (pro game, board {profile})") if position.pro
             else _("Final evaluation of {sheet} (basic game, board {profile})"))
    console.print(title.format(sheet=sheet, profile=rules.profile), style="bold")
    console.print(final_tables(names, prestige, evaluation))


def _json(sheet: Path, rules: Board, position: Sheet, evaluation: FinalEvaluation) -> None:
    names = [p.name for p in position.players]
    data = {"variant": position.variant.value, "board": rules.profile}
    data |= final_dict(names, [p.prestige for p in position.players],
                       [p.asari for p in position.players], evaluation)
    print_json(data)


#: The outputs of a tally, by --format (cli/formats.py has the other commands').
TALLY: dict[str, Callable[[Path, Board, Sheet, FinalEvaluation], None]] = {
    "table": _table, "json": _json}
