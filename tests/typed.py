"""The words of a move, read by the game's own command layer into the event they make,
without writing anything: the one-shot command ``asara check WORDS`` run in this process,
with the recording transaction (``cli/transaction.py``) handing back the event its maker
made instead of checking it. The position is read once per log."""

from __future__ import annotations

import contextlib
import re
import shlex
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer.exceptions import TyperException

from asara_cli import commandwords
from asara_cli.cli import build_app, transaction
from asara_cli.errors import AsaraError
from asara_cli.games.base import SomeGame

#: A piece of an argument (``buy window: brown``): the words between spaces and colons.
PIECES = re.compile(r"[\s:]+")


@contextlib.contextmanager
def reader(path: Path, key: str) -> Iterator[Callable[[str], object | None]]:
    """A function from a move's words to the event they make against the log at ``path``
    (a game of ``key``); ``None`` when the words make none (refused as unusable)."""
    from asara_cli.games import game

    position = transaction.load(game(key), path)
    made: list[object] = []

    def record(p: Any, make: Callable[[Any], Any], **_: Any) -> transaction.Recorded:
        event = make(p)
        made.append(event.event if isinstance(event, transaction.Typed) else event)
        return transaction.Recorded(made[-1], None, None, "", ())

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(transaction, "load", lambda *_a, **_k: position)
        patch.setattr(transaction, "record", record)

        # the command line built once: the words of every move go to the same commands
        where = ["--log", str(path)]
        command = typer.main.get_command(build_app("check", ["check", "x", *where]))

        def read(words: str) -> object | None:
            made.clear()
            try:
                command.main(["check", *shlex.split(words), *where], prog_name="asara",
                             standalone_mode=False)
            except (AsaraError, TyperException, typer.Exit):
                return None
            return made[0] if made else None

        yield read


def english_left(g: SomeGame, words: list[str]) -> list[str]:
    """The words of a move said in the language in use that are still English words it has
    its own word for (the command word, or a value word of the game)."""
    left = [] if words[0] == commandwords.local(commandwords.english(words[0]) or "") else [
        words[0]]
    option: str | None = None
    for word in words[1:]:
        if word.startswith("-"):
            option = word
            continue
        for piece in filter(None, PIECES.split(word)):
            if g.spoken_word(piece, option).casefold() != piece.casefold():  # type: ignore
                left.append(piece)
        option = None
    return left
