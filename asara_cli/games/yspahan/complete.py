"""Tab completion for Yspahan's recording commands: the tower's rows and quarters, the souks
and the street cells their shops face, the street's cells, buildings and card kinds, from
the board profile; the players from the log in use (cli/completion.py)."""

from __future__ import annotations

from typing import Any

import typer

from asara_cli.cli.completion import matching, quiet


def _board() -> Any:
    from asara_cli.logfile.board import load_board

    return load_board(None, "yspahan")


@quiet
def rows(ctx: typer.Context, incomplete: str) -> list[str]:
    """A row of the tower: camels, the quarters, gold."""
    return matching(_board().rows, incomplete)


@quiet
def shops(ctx: typer.Context, incomplete: str) -> list[str]:
    """``goods``: a quarter first, then souks and the cells their street-side shops face
    (or ``inner``)."""
    board = _board()
    typed = [w for w in ctx.params.get("shops") or [] if isinstance(w, str)]
    souks = [s.id for s in board.souks]
    if typed and typed[-1] in souks:
        souk = board.souk(typed[-1])
        cells = [c for faced in souk.street for c in faced] + (["inner"] if souk.inner else [])
        return matching([*cells, *souks], incomplete)
    return matching([*board.quarters, *souks] if not typed else souks, incomplete)


@quiet
def cells(ctx: typer.Context, incomplete: str) -> list[str]:
    """``supervisor``: the street's cells (C the centre)."""
    return matching(_board().cells, incomplete)


@quiet
def buildings(ctx: typer.Context, incomplete: str) -> list[str]:
    return matching(list(_board().buildings), incomplete)


@quiet
def cards(ctx: typer.Context, incomplete: str) -> list[str]:
    """A card's kind (its effect words follow it, e.g. ``goldvp 4``)."""
    return matching(list(_board().cards), incomplete)
