"""``asara board``: show the active board profile."""

from __future__ import annotations

from dataclasses import fields
from typing import Annotated, Any

import typer
from rich import box
from rich.table import Table

from asara_cli.cli.common import BoardOption, JsonOption, guarded, out, print_json
from asara_cli.games.asara.rules.board import AreaSpec, Board, LightedOffer, Places
from asara_cli.logfile.board import load_board, standard_profile_text
from asara_cli.logfile.common import read_text
from asara_cli.render.safe import safe_text


def _plain(value: Any) -> Any:
    """A board value as JSON-ready data; unknown (None) stays null."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if hasattr(value, "__dataclass_fields__"):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    return value


def _shown(value: Any) -> str:
    """A board value for people: unknown stays visible, point pairs read 1st/2nd."""
    if value is None:
        return "unknown"
    if isinstance(value, Places):
        return f"{value.first}/{value.second}"
    if isinstance(value, LightedOffer):
        return f"pay {value.pay}: draw {value.draw}, keep {value.keep}"
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_shown(v)}" for k, v in value.items())
    if isinstance(value, (tuple, list)):
        return "; ".join(_shown(v) for v in value) if any(
            isinstance(v, LightedOffer) for v in value) else ", ".join(_shown(v) for v in value)
    return str(value)


def board_dict(rules: Board) -> dict[str, Any]:
    return {f.name: _plain(getattr(rules, f.name)) for f in fields(rules)}


@guarded
def board(
    board: BoardOption = None,
    as_json: JsonOption = False,
    as_toml: Annotated[
        bool,
        typer.Option("--toml", help="Print the packaged profile's TOML text, to copy and edit "
                     "into your own profile."),
    ] = False,
) -> None:
    """Show the board profile: prices, spaces, hand sizes, point tables [R1].

    Numbers the rules reference marks unknown show as "unknown": the referee checks only what
    is certain there and trusts the amounts a log records. Pass --board FILE to see your own.
    """
    if as_toml:
        text = standard_profile_text() if board is None else read_text(board)
        typer.echo(safe_text(text), nl=False)
        return
    rules = load_board(board)
    if as_json:
        print_json(board_dict(rules))
        return
    table = Table(title=f"board profile: {rules.profile}", caption=rules.description,
                  box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("item")
    table.add_column("value")
    for f in fields(rules):
        if f.name in ("profile", "description", "areas"):
            continue
        table.add_row(f.name.replace("_", " "), _shown(getattr(rules, f.name)))
    out().print(table)
    out().print(_areas_table(rules.areas))


def _areas_table(areas: tuple[AreaSpec, ...]) -> Table:
    """The board's areas, one a row: their spaces, follow-suit, the game that has them."""
    table = Table(title="areas", box=box.SIMPLE_HEAD, title_justify="left")
    for col in ("area", "spaces", "follows suit", "game", "rule"):
        table.add_column(col, no_wrap=col != "game")
    for a in areas:
        game = (f"{a.expansion} (pro)" if a.expansion and a.pro else a.expansion or
                ("pro" if a.pro else "basic"))
        table.add_row(a.name, a.describe_spaces(), "yes" if a.follow_suit else "no", game,
                      a.rule)
    return table
