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
        "--format", "-f", help="table, json (as --json), toml (as --toml) or svg: a page "
        "to print and lay beside the board, where the game has one.")
    ] = BoardFormat.table,
    as_json: JsonOption = False,
    as_toml: Annotated[
        bool,
        typer.Option("--toml", help="Print the packaged profile's TOML text, to copy and edit "
                     "into your own profile."),
    ] = False,
) -> None:
    """Show a game's board profile: every number the referee counts with.

    Numbers the rules reference does not know for certain say so: the referee checks only
    what is certain and trusts the amounts a log records. Pass --board FILE to see your own;
    what it leaves out (a number added since it was saved) is taken from the
    packaged profile, and a note says which. --game names the game (default: ASARA, or the
    game --board FILE names).
    """
    name = chosen(BOARD, "toml" if as_toml else fmt.value, as_json)
    BOARD[name](game, board)
