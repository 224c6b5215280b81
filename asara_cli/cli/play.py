"""``asara play [LOG]``: the table session (cli/session.py), at a terminal through the line
editor (cli/table.py), else one move a line from stdin."""

from __future__ import annotations

import os
import sys
from contextlib import nullcontext
from pathlib import Path
from typing import Annotated

import typer

from asara_cli.cli.recording import errors, say
from asara_cli.commandwords import local
from asara_cli.core.i18n import _
from asara_cli.core.shown import show_path
from asara_cli.logfile.record import default_log


def play(
    log: Annotated[Path | None, typer.Argument(
        help="The game log to record into (default: $ASARA_LOG, else the log of `asara "
        "use`); start one with `asara new`.", show_default=False)] = None,
) -> None:
    """Stay at the table: type each move as its command without `asara`.

    A LOG that does not exist yet starts a new game: the session asks for the options of
    `asara new` (the players, --pro ...).

    At a terminal: the prompt names the player to move, the bottom line shows the period
    and the table, Tab completes the words, and `help` lists what can be typed (status,
    score, check MOVE, undo, redo, history [N], quit). Each move is written to the log at
    once, as the one-shot command writes it.

    Not at a terminal, the moves are read from stdin, one a line (blank lines and # comments
    left out); the first move refused stops the rest, named by its line number (exit 1;
    2 for words that make no move).

    Example: asara play game.toml
    """
    from asara_cli.cli.session import at_table, every_command

    terminal = sys.stdin.isatty() and sys.stdout.isatty()
    # all a session at the terminal says, the new game it starts too, names its commands
    # as they are typed there (no `asara`); moves from stdin say theirs as each is read
    with at_table(every_command()) if terminal else nullcontext():
        code = _session(log, terminal)
    raise typer.Exit(code)


def _session(log: Path | None, terminal: bool) -> int:
    from asara_cli.cli.session import Session, read_moves

    with errors():
        path = default_log(log)[0]
        if terminal and log is not None and not os.path.lexists(path):
            from asara_cli.cli import table

            if not table.start(path):
                raise typer.Exit(0)
        session = Session(path)
    if terminal:
        from asara_cli.cli import table

        # the games' completers find the log in use as every command does: this one
        os.environ["ASARA_LOG"] = str(path)
        # where the log stands, before the first prompt (a session resumed says it too)
        say(_("{path}: {turn}; `{help}` lists what can be typed").format(
            path=show_path(path), turn=session.turn(), help=local("help")))
        code = table.run(session)
    else:
        code = read_moves(session, sys.stdin)
    return code
