"""The ``asara`` command: a thin Typer layer over the log layer and the referee."""

from __future__ import annotations

from typing import Annotated

import typer

from asara_cli import __version__
from asara_cli.cli import board as board_cmd
from asara_cli.cli import game as game_cmd
from asara_cli.cli import record as record_cmd
from asara_cli.cli import tally as tally_cmd

app = typer.Typer(
    name="asara",
    help="Scorekeeper and rules referee for the board game ASARA.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"asara {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True,
                     help="Show the version and exit."),
    ] = False,
) -> None:
    """Scorekeeper and rules referee for the board game ASARA (Kiesling & Kramer, 2010).

    Rules references like [R5.2] point to the project's rules reference.
    """


app.command("tally")(tally_cmd.tally)
app.command("validate")(game_cmd.validate)
app.command("status")(game_cmd.status)
app.command("score")(game_cmd.score)
app.command("board")(board_cmd.board)
record_cmd.register(app)


def main() -> None:
    app()
