"""``asara board``: show a game's board profile, the packaged one or a table's own."""

from __future__ import annotations

from typing import Annotated

import typer

from asara_cli.cli.common import (
    BoardOption,
    GameOption,
    JsonOption,
    find_game_option,
    guarded,
    out,
    print_json,
)
from asara_cli.logfile.board import load_game_board, standard_profile_text
from asara_cli.logfile.common import read_text
from asara_cli.render.safe import safe_text


@guarded
def board(
    board: BoardOption = None,
    game: GameOption = None,
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
    played = find_game_option(game)
    if as_toml:
        text = standard_profile_text(played.key) if board is None else read_text(board)
        typer.echo(safe_text(text), nl=False)
        return
    played, rules = load_game_board(board, played.key if game is not None else None)
    if as_json:
        print_json(played.board_data(rules))
        return
    out().print(played.board_view(rules))
    defaulted = getattr(rules, "defaulted", ())
    if defaulted:
        out().print(defaults_note(defaulted), soft_wrap=True)


def defaults_note(defaulted: tuple[str, ...]) -> str:
    """One line naming what a table's profile left out and took from the packaged one."""
    return (f"note: the profile does not name {', '.join(defaulted)}; the packaged "
            f"standard profile's values are used (asara board --toml shows them)")
