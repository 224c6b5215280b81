"""The words a player types at the table: colours, section types, market areas, buyer colours
and player names, by unique prefix, case-insensitively, with the German edition's names as
aliases (braun, grün, rot, schwarz, weiß; Basis, Mittelteil, Fenster, Spitze).

Every function returns the canonical value or raises :class:`WordError` with one line that
names the candidates of an ambiguous prefix or the words that would have been understood.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

from asara_cli import errors
from asara_cli.core.words import number
from asara_cli.games.asara.rules.events import PAIR
from asara_cli.games.asara.rules.model import Colour, Section

T = TypeVar("T")

GOLD = "gold"


class WordError(errors.WordError):
    """A word that cannot be understood: unknown, or an ambiguous prefix."""


def fold(word: str) -> str:
    """Lower case, ``ß`` -> ``ss`` and umlauts spelt out (``grün`` -> ``gruen``), so ``weiß``,
    ``weiss``, ``WEISS`` and ``grün``/``gruen``/``grun`` all meet."""
    w = word.strip().casefold()  # casefold turns ß into ss
    w = w.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue")
    return unicodedata.normalize("NFC", w)


#: Tower colours and their German names (the German edition prints braun, grün, rot, schwarz,
#: weiß). ``grun`` (ü without its dots) is accepted too.
COLOUR_WORDS: dict[str, Colour] = {
    "brown": Colour.BROWN, "braun": Colour.BROWN,
    "green": Colour.GREEN, "gruen": Colour.GREEN, "grun": Colour.GREEN,
    "red": Colour.RED, "rot": Colour.RED,
    "black": Colour.BLACK, "schwarz": Colour.BLACK,
    "white": Colour.WHITE, "weiss": Colour.WHITE,
}

#: Section types (the four market areas and face-down piles), with plurals, the German names
#: (Basis, Mittelteil, Fenster, Spitze) and "mid-section" for the trunk.
SECTION_WORDS: dict[str, Section] = {
    "base": Section.BASE, "bases": Section.BASE, "basis": Section.BASE,
    "trunk": Section.TRUNK, "trunks": Section.TRUNK, "mittelteil": Section.TRUNK,
    "mid-section": Section.TRUNK, "middle": Section.TRUNK,
    "window": Section.WINDOW, "windows": Section.WINDOW, "fenster": Section.WINDOW,
    "turret": Section.TURRET, "turrets": Section.TURRET, "spitze": Section.TURRET,
}


def pick(word: str, vocabulary: Mapping[str, T], what: str) -> T:
    """The value of ``word`` in ``vocabulary``: an exact word, else a unique prefix (several
    words of one value, like ``br`` for brown and braun, are one candidate)."""
    w = fold(word)
    if not w:
        raise WordError(f"empty {what}")
    if w in vocabulary:
        return vocabulary[w]
    found: dict[T, list[str]] = {}
    for key, value in vocabulary.items():
        if key.startswith(w):
            found.setdefault(value, []).append(key)
    if len(found) == 1:
        return next(iter(found))
    if not found:
        known = ", ".join(_firsts(vocabulary))
        close = _closest(w, vocabulary)
        hint = f"did you mean {vocabulary[close]}? " if close else ""
        raise WordError(f"{word!r} is not a {what} ({hint}known: {known})")
    names = " or ".join(str(value) for value in found)
    raise WordError(f"{word!r} is ambiguous: {names}? Type more letters")


def _firsts(vocabulary: Mapping[str, T]) -> list[str]:
    return list(dict.fromkeys(str(value) for value in vocabulary.values()))


def colour(word: str) -> Colour:
    return pick(word, COLOUR_WORDS, "tower colour")


def section(word: str) -> Section:
    return pick(word, SECTION_WORDS, "section type")


#: A tile or part in a token stream: a colour, a section type or ``gold``.
_TILE_WORDS: dict[str, str | Colour] = {**COLOUR_WORDS, GOLD: GOLD}
_PART_WORDS: dict[str, str | Section] = {**SECTION_WORDS, GOLD: GOLD}
_DISPLAY_WORDS: dict[str, str | Colour | Section] = {**COLOUR_WORDS, **SECTION_WORDS,
                                                       GOLD: GOLD}


def tokens(texts: Iterable[str]) -> list[str]:
    """Split arguments into words: spaces, commas, colons, ``+`` and ``-`` between words
    (``gold-red`` is ``gold red``); ``mid-section`` stays one word."""
    out: list[str] = []
    for text in texts:
        for w in re.split(r"[\s,:;+]+", text):
            if not w:
                continue
            if fold(w) in SECTION_WORDS:
                out.append(w)
            else:
                out.extend(x for x in w.split("-") if x)
    return out


def tile(words: Sequence[str]) -> tuple[Colour, bool]:
    """``["gold", "red"]`` -> (red, True); ``["black"]`` -> (black, False)."""
    gold = False
    found: Colour | None = None
    for w in tokens(words):
        v = pick(w, _TILE_WORDS, "tile colour")
        if v == GOLD:
            gold = True
        elif found is not None:
            raise WordError(f"one tile has one colour; got {found} and {v}")
        else:
            found = Colour(v)
    if found is None:
        raise WordError("a tile needs its colour (e.g. black, gold red)")
    return found, gold


def parts(words: Sequence[str]) -> list[tuple[Section, bool]]:
    """``base gold window turret`` -> [(base, False), (window, True), (turret, False)]; a
    number repeats the next part (``2 window``)."""
    out: list[tuple[Section, bool]] = []
    gold = False
    times = 1
    for w in tokens(words):
        repeat = number(w)
        if repeat is not None:
            times = repeat
            if not 1 <= times <= 7:
                raise WordError(f"{w} sections of one kind? (at most 7 in one build)")
            continue
        v = pick(w, _PART_WORDS, "section type")
        if v == GOLD:
            gold = True
            continue
        out.extend([(Section(v), gold)] * times)
        gold, times = False, 1
    if gold:
        raise WordError("'gold' must come before a section type (e.g. gold window)")
    return out


def display(words: Sequence[str]) -> list[tuple[Section, list[tuple[Colour, bool]]]]:
    """``base brown gold green trunk red ...``: each section type starts its area's list."""
    areas: list[tuple[Section, list[tuple[Colour, bool]]]] = []
    gold = False
    for w in tokens(words):
        v = pick(w, _DISPLAY_WORDS, "section type or tile colour")
        if v == GOLD:
            gold = True
        elif isinstance(v, Section):
            if gold:
                raise WordError("'gold' must come before a colour (e.g. gold red)")
            if any(s == v for s, _ in areas):
                raise WordError(f"the {v} display is listed twice")
            areas.append((v, []))
        else:
            if not areas:
                raise WordError(f"name the area before its tiles (e.g. window {w} ...)")
            areas[-1][1].append((Colour(v), gold))
            gold = False
    if gold:
        raise WordError("'gold' must come before a colour (e.g. gold red)")
    if not areas:
        raise WordError("name at least one area and its tiles (e.g. window brown gold red)")
    return areas


def player(word: str, names: Sequence[str]) -> str:
    """A player's name from the log header by unique prefix, case-insensitively."""
    return pick(word, {fold(n): n for n in names}, "player")


_LABEL = re.compile(r"^[a-z][a-z-]*$")
#: How alike a new buyer colour may be to one in play before it is taken for a typo.
NEAR_MISS = 0.75


def buyer(word: str, labels: Sequence[str], declared: Sequence[str] = ()) -> str:
    """A face-up buyer's colour label. With ``declared`` colours (the log's ``buyers``): one
    of them by unique prefix. Otherwise a label already in play by unique prefix, else a new
    label as typed: lower case, at least 3 letters, and not a near miss of one in play
    (``gren`` beside ``green``) unless written ``new gren``."""
    w = fold(word)
    if w in ("pair", "paar"):
        return PAIR
    forced = w.startswith(("new ", "new:"))
    if forced:
        w = w[4:].strip()
    if declared:
        known = _label_of(word, w, declared)
        if known is not None:
            return known
        close = _closest(w, declared)
        raise WordError(f"{word!r} is not one of this game's buyer colours "
                        f"({', '.join(declared)})"
                        + (f"; did you mean {close}?" if close else ""))
    if not forced:
        known = _label_of(word, w, labels)
        if known is not None:
            return known
    if not _LABEL.match(w) or len(w) < 3:
        in_play = f" (in play: {', '.join(labels)})" if labels else ""
        raise WordError(f"{word!r} is not a buyer colour in play{in_play}; a new one is "
                        "written in full, in letters (e.g. blue)")
    from asara_cli.games.asara.colour_words import COLOUR_NAMES

    # a near miss of a label in play or of a colour word is a typo, even when that colour
    # has not been played yet; a colour word is one only beside another in play (gray,
    # grey), never beside a word forced in with "new" (G15)
    if w in COLOUR_NAMES:
        close = _closest(w, [x for x in labels if x in COLOUR_NAMES], NEAR_MISS)
    else:
        close = _closest(w, labels, NEAR_MISS) or _closest(w, sorted(COLOUR_NAMES), NEAR_MISS)
    if close and not forced:
        what = "a buyer colour in play" if close in labels else "a known colour word"
        raise WordError(f"{word!r} is not {what}; did you mean {close}? "
                        f"(if {w} is a new colour, type --card \"new {w}\")")
    return w


def _label_of(word: str, w: str, labels: Sequence[str]) -> str | None:
    """The label ``w`` (folded ``word``) names: itself or a unique prefix; ``None`` if none
    starts so; an ambiguous prefix is an error."""
    if w in labels:
        return w
    found = [x for x in labels if x.startswith(w)]
    if len(found) > 1:
        raise WordError(f"buyer colour {word!r} is ambiguous: {' or '.join(found)}? "
                        "Type more letters")
    return found[0] if found else None


def buyer_colours(text: str) -> tuple[str, ...]:
    """The buyer colours a game declares: words separated by spaces or commas."""
    out: list[str] = []
    for w in (fold(x) for x in re.split(r"[\s,;]+", text) if x):
        if not _LABEL.match(w) or not 3 <= len(w) <= 30:
            raise WordError(f"--buyers: {w!r} is not a colour word (letters, at least 3)")
        if w in out:
            raise WordError(f"--buyers: {w} is named twice")
        out.append(w)
    return tuple(out)


def _closest(word: str, candidates: Iterable[str], cutoff: float = 0.6) -> str | None:
    """The candidate most like ``word`` when one is alike enough (a likely typo)."""
    close = difflib.get_close_matches(word, list(candidates), n=1, cutoff=cutoff)
    return close[0] if close else None


def split_tower(words: Sequence[str]) -> tuple[Colour, int | None, list[str]]:
    """``black 2 window trunk`` -> (black, 2, ["window", "trunk"]): a colour, an optional
    number (the player's n-th tower of that colour), then the rest."""
    ws = tokens(words)
    if not ws:
        raise WordError("a tower needs its colour (e.g. black window)")
    c = colour(ws[0])
    rest = ws[1:]
    n = number(rest[0]) if rest else None
    if n is not None:
        if n < 1:
            raise WordError("towers are counted from 1")
        rest = rest[1:]
    return c, n, rest
