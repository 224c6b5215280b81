"""The words a player types at a Yspahan table: rows and quarters, souks and street cells,
buildings, card kinds, colours and player names, by unique prefix, case-insensitively, with
the German edition's names as aliases (Sack, Fass, Truhe, Amphore; Weide, Geschäft ...).

Every function returns the canonical word or raises :class:`WordError` with one line that
names the candidates of an ambiguous prefix, or the closest word ("did you mean ...?") and
the words that would have been understood.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Mapping, Sequence

from asara_cli.cli import recording
from asara_cli.games.yspahan.rules.board import Board


class WordError(recording.WordError):
    """A word that cannot be understood: unknown, or an ambiguous prefix."""


def fold(word: str) -> str:
    """Lower case, ``ß`` -> ``ss`` and umlauts spelt out, so ``Geschäft`` meets
    ``geschaeft``."""
    w = unicodedata.normalize("NFC", word.strip().casefold())
    return w.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue")


def pick(word: str, vocabulary: Mapping[str, str], what: str) -> str:
    """The value of ``word`` in ``vocabulary``: an exact word, else a unique prefix (several
    words of one value are one candidate)."""
    w = fold(word)
    if not w:
        raise WordError(f"empty {what}")
    if w in vocabulary:
        return vocabulary[w]
    found: dict[str, list[str]] = {}
    for key, value in vocabulary.items():
        if key.startswith(w):
            found.setdefault(value, []).append(key)
    if len(found) == 1:
        return next(iter(found))
    known = list(dict.fromkeys(vocabulary.values()))
    if not found:
        close = difflib.get_close_matches(w, list(vocabulary), n=1, cutoff=0.6)
        hint = f"did you mean {vocabulary[close[0]]}? " if close else ""
        raise WordError(f"{word!r} is not a {what} ({hint}known: {', '.join(known)})")
    raise WordError(f"{word!r} is ambiguous: {' or '.join(found)}? Type more letters")


#: The German edition's names of the rows and quarters (YSPAHAN.md Y1) and buildings (Y1.4).
GERMAN = {
    "sack": "bag", "fass": "barrel", "truhe": "chest", "amphore": "vase", "kamele": "camels",
    "weide": "pasture", "geschaeft": "shop", "badehaus": "bath",
    "karawanserei": "caravanserai", "markt": "market", "lastenaufzug": "hoist",
}


def _with_german(words: Sequence[str]) -> dict[str, str]:
    vocabulary = {fold(w): w for w in words}
    for de, en in GERMAN.items():
        if en in words:
            vocabulary.setdefault(de, en)
    return vocabulary


def row(word: str, board: Board) -> str:
    return pick(word, _with_german(board.rows), "row of the tower")


def quarter(word: str, board: Board) -> str:
    return pick(word, _with_german(board.quarters), "quarter")


def building(word: str, board: Board) -> str:
    return pick(word, _with_german(list(board.buildings)), "building")


def card(word: str, board: Board) -> str:
    return pick(word, {fold(k): k for k in board.cards}, "card kind")


def souk(word: str, board: Board) -> str:
    return pick(word, {fold(s.id): s.id for s in board.souks}, "souk")


def cell(word: str, board: Board) -> str:
    """A street cell as the board names it (``W5``, ``C``), any case; exact only."""
    cells = {fold(c): c for c in board.cells}
    w = fold(word)
    if w in cells:
        return cells[w]
    close = difflib.get_close_matches(w, list(cells), n=1, cutoff=0.5)
    hint = f"did you mean {cells[close[0]]}? " if close else ""
    arms = ", ".join(f"{a}1-{a}{n}" for a, n in board.arms)
    raise WordError(f"{word!r} is not a street cell ({hint}cells: {board.centre}, {arms})")


def player(word: str, names: Sequence[str]) -> str:
    """A player's name from the log header by unique prefix, case-insensitively."""
    return pick(word, {fold(n): n for n in names}, "player")


#: Player colours (Y1) and their German names.
COLOURS = {"blue": "blue", "blau": "blue", "red": "red", "rot": "red", "green": "green",
           "gruen": "green", "grun": "green", "yellow": "yellow", "gelb": "yellow"}


def colour(word: str) -> str:
    return pick(word, COLOURS, "player colour")
