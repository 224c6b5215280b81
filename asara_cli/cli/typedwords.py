"""The words of a move in the table's language: ``buy base --space 3 -c grey`` is typed at a
German table as ``kaufen Basis --space 3 -c Grau``.

A game lists its moves in English (what ``--format json`` prints); here, at the command
line's edge, they are said in the language in use and read back: the command word by
``commandwords.py``, every other by the game's ``spoken_word`` and ``english_word``.
Options, numbers, cells and names stay as they are.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from asara_cli import commandwords
from asara_cli.cli.lines import split
from asara_cli.core.i18n import SOURCE, language

if TYPE_CHECKING:
    from asara_cli.games.base import SomeGame

#: Between the words of one argument: spaces, and a colon after a word (``buy window:``).
_PIECES = re.compile(r"(\s+|:\s*)")


def _word(game: SomeGame, word: str, option: str | None, english: bool) -> str:
    """One argument word by word, in the language in use or (``english``) in English."""
    said: Any = getattr(game, "english_word" if english else "spoken_word", None)
    if not callable(said):
        return word
    return "".join(p if not p.strip() or p.strip() == ":" else str(said(p, option))
                   for p in _PIECES.split(word))


def _said(game: SomeGame, typed: Sequence[str], english: bool,
          names: Iterable[str] | None = None) -> list[str]:
    out: list[str] = []
    option: str | None = None
    for i, word in enumerate(typed):
        if i == 0:
            head = (commandwords.english(word.lower(), names or game.command_names())
                    if english else commandwords.local(word))
            out.append(head or word)
        elif word.startswith("-"):
            out.append(word)
            option = word
            continue
        else:
            out.append(_word(game, word, option, english))
        option = None
    return out


def local(game: SomeGame, typed: Sequence[str]) -> list[str]:
    """A move's English words as the table types them in the language in use."""
    if language() == SOURCE:
        return list(typed)
    return _said(game, typed, english=False)


def english(game: SomeGame, typed: Sequence[str], names: Iterable[str] | None = None
            ) -> list[str]:
    """Words typed in the language in use or English as the game's English words (the first
    one of the commands ``names``, the game's by default)."""
    return _said(game, typed, english=True, names=names)


def local_line(game: SomeGame, words: str) -> str:
    """A move's words (one string, as ``LegalMove.words``) in the language in use."""
    if language() == SOURCE:
        return words
    return " ".join(map(quoted, local(game, split(words))))


def local_group(game: SomeGame, group: str) -> str:
    """A group of legal moves (``buy base``, ``genie: buy base``: each part begins with a
    command word) in the language in use."""
    return ": ".join(local_line(game, part) for part in group.split(": "))


def quoted(word: str) -> str:
    """``word`` as a shell reads it back: as it is when it is letters (umlauts too), digits
    and a few signs, else quoted (``shlex.quote`` quotes every letter beyond ASCII)."""
    import shlex

    if word and all(c.isalnum() or c in "-_.:/=@%+," for c in word):
        return word
    return shlex.quote(word)


def local_next(game: SomeGame, typed: Sequence[str], word: str) -> str:
    """The word that comes after the English words ``typed``, in the language in use (a
    completion's candidate)."""
    if language() == SOURCE:
        return word
    return local(game, [*typed, word])[len(typed)]
