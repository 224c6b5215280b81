"""The ``asara`` command: a thin Typer layer over the log layer and the referee.

A command line builds only the command it names when that is one of the reading commands
(``status``, ``score`` ...): Typer inspects every command's parameters when it builds a
group, and importing the recording commands pulls in the whole referee. ``app`` (the full
group, for ``--help`` and the tests) is built on first use.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib import import_module
from typing import Annotated, Any

import typer

from asara_cli import __version__

#: Commands that need neither the recording commands nor each other, by module.
_READERS: dict[str, tuple[str, str]] = {
    "tally": ("asara_cli.cli.tally", "tally"),
    "validate": ("asara_cli.cli.game", "validate"),
    "status": ("asara_cli.cli.game", "status"),
    "score": ("asara_cli.cli.game", "score"),
    "board": ("asara_cli.cli.board", "board"),
}


def _version(value: bool) -> None:
    if value:
        typer.echo(f"asara {__version__}")
        raise typer.Exit()


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


def build_app(only: str | None = None) -> typer.Typer:
    """The ``asara`` group: every command, or only the command ``only`` (any other word
    builds them all, so that Typer can say what is wrong with it)."""
    group = typer.Typer(
        name="asara",
        help="Scorekeeper and rules referee for the board game ASARA.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    group.callback()(root)
    for name, (module, attr) in _READERS.items():
        if only is None or name == only:
            command: Callable[..., Any] = getattr(import_module(module), attr)
            group.command(name)(command)
    if only not in _READERS:
        import_module("asara_cli.cli.record").register(group, only)
    return group


def __getattr__(name: str) -> Any:
    if name == "app":  # the full group, built once on first use
        full = build_app()
        globals()["app"] = full
        return full
    raise AttributeError(name)


def main() -> None:
    word = sys.argv[1] if len(sys.argv) > 1 else None
    build_app(word if word and not word.startswith("-") else None)()
