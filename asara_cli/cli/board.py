"""``asara board``: show a game's board profile, the packaged one or a table's own."""

from __future__ import annotations

from typing import Annotated

import typer

from asara_cli.cli.common import BoardOption, GameOption, JsonOption
from asara_cli.cli.formats import BOARD, BoardFormat, chosen


def board(
    board: BoardOption = None,
    game: GameOption = None,
    fmt: Annotated[BoardFormat, typer.Option(
        "--format", "-f", help="table, json (as --json) or toml (as --toml).")
    ] = BoardFormat.TABLE,
    as_json: JsonOption = False,
    as_toml: Annotated[
        bool,
        typer.Option("--toml", help="Print the packaged profile's TOML text, to copy and edit "
                     "into your own profile."),
    ] = False,
) -> None:
    """Show the board profile: prices, spaces, hand sizes, point tables [R1].

    Numbers the rules reference marks unknown show as "unknown": the referee checks only what
    is certain there and trusts the amounts a log records. Pass --board FILE to see your own;
    what it leaves out (an area kind or a number added since it was saved) is taken from the
    packaged profile, and a note says which. --game names the game (default: ASARA, or the
    game --board FILE names).
    """
    name = chosen(BOARD, "toml" if as_toml else fmt.value, as_json)
    BOARD[name]().show(game, board)
