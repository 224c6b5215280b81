"""The words a player types at a Yspahan table (rows, quarters, souks, cells, buildings,
cards, colours, answers, player names), by unique prefix, in English and in the language in
use (its catalogue's words: :func:`_spoken`); the log keeps the English words. A word not
understood raises :class:`WordError`, naming the candidates or the closest word.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Mapping, Sequence

from asara_cli.cli import recording
from asara_cli.core.i18n import NP_, _, pgettext
from asara_cli.core.words import bare, either, fold, per_language, read_back
from asara_cli.games.yspahan.rules import events as ev
from asara_cli.games.yspahan.rules import terms
from asara_cli.games.yspahan.rules.board import Board


class WordError(recording.WordError):
    """A word that cannot be understood: unknown, or an ambiguous prefix."""


def _same(word: str) -> str:
    return word


def pick(word: str, vocabulary: Mapping[str, str], what: str,
         shown: Callable[[str], str] = _same, aliases: Mapping[str, str] | None = None
         ) -> str:
    """The value of ``word`` in ``vocabulary``: an exact word, else a unique prefix; the
    prefixes of ``aliases`` only where no word of ``vocabulary`` begins so (an English
    prefix means what it always meant). ``what`` and ``shown`` say it in messages."""
    w = fold(word)
    if not w:
        raise WordError(_("empty {what}").format(what=what))
    aliases = dict(aliases or {})
    if shown is not _same:  # a game's word: the language in use's too (the catalogue's)
        back = _spoken()[1]
        aliases.update({f: en for f, en in back.items() if en in vocabulary.values()
                        and f not in vocabulary and f not in aliases})
        typed = english_word(word)
        if typed != word and typed in vocabulary.values():
            return typed
    if w in vocabulary:
        return vocabulary[w]
    if w in aliases:
        return aliases[w]
    found: dict[str, list[str]] = {}
    for words in (vocabulary, aliases):
        for key, value in words.items():
            if key.startswith(w):
                found.setdefault(value, []).append(key)
        if found:
            break
    if len(found) == 1:
        return next(iter(found))
    known = list(dict.fromkeys(vocabulary.values()))
    if not found:
        close = (difflib.get_close_matches(w, list(vocabulary), n=1, cutoff=0.6)
                 or difflib.get_close_matches(w, list(aliases), n=1, cutoff=0.6))
        hint = ("" if not close else _("did you mean {word}? ").format(
            word=shown(vocabulary.get(close[0]) or aliases[close[0]])))
        raise WordError(_("{word!r} is not a {what} ({hint}known: {known})").format(
            word=word, what=what, hint=hint, known=", ".join(map(shown, known))))
    raise WordError(_("{word!r} is ambiguous: {words}? Type more letters").format(
        word=word, words=either([shown(v) for v in found])))


_SOUK = re.compile(r"^([^\W\d_]+)([0-9]+)$")  # a quarter's word in any alphabet

#: The words of a card's effect ("exchange 2 into gold", "caravan draws gold3") and answers.
_TYPED = (NP_("typed word", "into"), NP_("typed word", "draws"), NP_("typed word", "yes"),
          NP_("typed word", "no"), NP_("typed word", "none"), NP_("typed word", "nothing"))


@per_language
def _spoken() -> tuple[dict[str, str], dict[str, str]]:
    """Each typed word's word in the language in use (English -> it) and back (folded ->
    English)."""
    said: dict[str, str] = {}
    for table, shown in ((terms._ROWS, terms.row), (terms._QUARTERS, terms.quarter),
                         (terms._BUILDINGS, terms.building), (terms._CARDS, terms.card),
                         (terms._COLOURS, terms.colour)):
        said.update({k: shown(k) for k in table if k not in said})
    said["hidden"] = terms.card("hidden")
    said["inner"] = terms.cell("inner")
    said.update({k: pgettext("typed word", k) for k in _TYPED})
    return said, {typed: names[0] for typed, names in read_back(said).items()}


#: Options whose value is a player's name, never translated (``--camel`` names a souk,
#: ``bag3``, or a player: a name is no typed word, and is kept as it is).
_NAMED = ("--player", "-p")


def spoken_word(word: str, option: str | None = None) -> str:
    """A typed English word (as a legal move says it) in the language in use: ``bag`` ->
    ``Sack``, ``chest8`` -> ``Truhe8``, ``goldvp`` -> ``Goldpunkte``; numbers, cells and
    players' names as they are."""
    if option in _NAMED:
        return word
    said = _spoken()[0]
    m = _SOUK.match(word)
    if word not in said and m is not None and m.group(1) in terms._QUARTERS:
        return terms.souk(word)
    return said.get(word, word)


def english_word(word: str, option: str | None = None) -> str:
    """A word typed in the language in use as the English word it stands for (``Truhe8`` ->
    ``chest8``); any other word as it is."""
    if option in _NAMED:
        return word
    back = _spoken()[1]
    w = fold(word)
    if w in back:
        return back[w]
    m = _SOUK.match(w)
    if m is not None and back.get(m.group(1)) in terms._QUARTERS:
        return back[m.group(1)] + m.group(2)
    return word


def _own(words: Sequence[str]) -> dict[str, str]:
    """``words`` by themselves and by their words in the language in use (German ``sack``
    for bag), alike: a prefix of both names both."""
    vocabulary = {fold(w): w for w in words}
    for f, en in _spoken()[1].items():
        if en in words:
            vocabulary.setdefault(f, en)
    return vocabulary


def row(word: str, board: Board) -> str:
    return pick(word, _own(board.rows), _("row of the tower"), terms.row)


def quarter(word: str, board: Board) -> str:
    return pick(word, _own(board.quarters), _("quarter"), terms.good)


def building(word: str, board: Board) -> str:
    return pick(word, _own(list(board.buildings)), _("building"), terms.building)


def card(word: str, board: Board) -> str:
    """A card kind: its English word first (``gold``: gold3 or goldvp), then its word in
    the language in use (``goldf``: Goldfrei, nogold)."""
    return pick(word, {fold(k): k for k in board.cards}, _("card kind"), terms.card)


def souk(word: str, board: Board) -> str:
    """A souk by its id (``chest8``) or by its quarter's word in the language in use and the
    souk's value (``Truhe8``)."""
    said = _spoken()[0]
    aliases = {}
    for s in board.souks:
        m = _SOUK.match(s.id)
        if m is not None and m.group(1) in said:
            aliases[fold(said[m.group(1)]) + m.group(2)] = s.id
    return pick(word, {fold(s.id): s.id for s in board.souks}, _("souk"), terms.souk, aliases)


def cell(word: str, board: Board) -> str:
    """A street cell as the board names it (``W5``, ``C``), any case; exact only."""
    cells = {fold(c): c for c in board.cells}
    w = fold(word)
    if w in cells:
        return cells[w]
    close = difflib.get_close_matches(w, list(cells), n=1, cutoff=0.5)
    hint = _("did you mean {word}? ").format(word=cells[close[0]]) if close else ""
    arms = ", ".join(f"{a}1-{a}{n}" for a, n in board.arms)
    raise WordError(_("{word!r} is not a street cell ({hint}cells: {centre}, {arms})").format(
        word=word, hint=hint, centre=board.centre, arms=arms))


def player(word: str, names: Sequence[str]) -> str:
    """A player's name from the log header by unique prefix, case-insensitively (never
    read as a typed word of a language)."""
    return pick(word, {fold(n): n for n in names}, _("player"))


#: Player colours (Y1).
COLOURS = ("blue", "red", "green", "yellow")


def colour(word: str) -> str:
    return pick(word, _own(COLOURS), _("player colour"), terms.colour)


def yes_no(word: str) -> bool | None:
    """A typed answer: ``True`` for yes, ``False`` for no (in either language, or a first
    letter the other answer's words do not begin with), ``None`` for any other word."""
    said = _spoken()[0]
    w = fold(word)
    answers = {meant: {meant, fold(said[meant]), bare(said[meant])} for meant in ("yes", "no")}
    for meant, other in (("yes", "no"), ("no", "yes")):
        if w in answers[meant] or (len(w) == 1 and any(a.startswith(w) for a in answers[meant])
                                   and not any(a.startswith(w) for a in answers[other])):
            return meant == "yes"
    return None


def exchange(typed: Sequence[str]) -> list[str]:
    """An exchange card's words as the log says them (``2 into gold``): a direction (or its
    prefix, in either language) as ``into gold`` or ``into camels``, ``into`` left out."""
    said = _spoken()[0]
    into = {"into", "to", "in", fold(said["into"])}
    out: list[str] = []
    for word in typed:
        w = fold(word)
        if w in into:
            continue
        way = next((d for d in (ev.INTO_GOLD, ev.INTO_CAMELS)
                    if w and not w.isdigit() and any(x.startswith(w) for x in
                                                     (d, fold(said[d]), bare(said[d])))),
                   None)
        out.append(word if way is None else f"into {way}")
    return out
