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
        left += [p for p in filter(None, PIECES.split(word)) if _said_otherwise(g, p, option)]
        option = None
    return left


#: Words of a language that are spelt as an English typed word: French writes a buyer
#: « violet » (un acheteur violet), the masculine of the word it types, « violette ».
HOMOGRAPHS = {"fr": {"violet"}}


def english_in(g: SomeGame, text: str) -> list[str]:
    """The English words a move is typed with in any ``text`` (a help, a refusal, a
    session's screens), where the language in use has a word of its own; option names
    (``--gold``) aside, and words that are the language's too."""
    from asara_cli.core.i18n import language

    words = set(re.findall(r"(?<![-\w])[^\W_]+", text)) - HOMOGRAPHS.get(language(), set())
    return sorted(w for w in words if _said_otherwise(g, w, None)
                  and g.english_word(w, None) == w)  # type: ignore[attr-defined]


def _said_otherwise(g: SomeGame, word: str, option: str | None) -> bool:
    """Whether the English typed ``word`` has a word of its own in the language in use (the
    game's word tables: not the contract's, which leaves them to a game)."""
    said: str = g.spoken_word(word, option)  # type: ignore[attr-defined]
    return said.casefold() != word.casefold()
