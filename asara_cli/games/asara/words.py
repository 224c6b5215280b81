"""The words a player types at an ASARA table (colours, section types, areas, buyer colours,
player names), by unique prefix, in English and in the language in use (its catalogue's
words: :func:`_spoken`); the log keeps the English word. A word not understood raises
:class:`WordError`, naming the candidates or the words that would have been understood.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

from asara_cli import errors
from asara_cli.core.i18n import NP_, _, pgettext
from asara_cli.core.words import fold, number, per_language, read_back
from asara_cli.games.asara import colour_words
from asara_cli.games.asara.rules import terms
from asara_cli.games.asara.rules.events import PAIR
from asara_cli.games.asara.rules.model import Colour, Section

T = TypeVar("T")

GOLD = "gold"


class WordError(errors.WordError):
    """A word that cannot be understood: unknown, or an ambiguous prefix."""


#: Tower colours (the language in use's words: :func:`_spoken`).
COLOUR_WORDS: dict[str, Colour] = {str(c): c for c in Colour}

#: Section types (the four market areas and face-down piles), with plurals and
#: "mid-section" for the trunk.
SECTION_WORDS: dict[str, Section] = {
    "base": Section.BASE, "bases": Section.BASE,
    "trunk": Section.TRUNK, "trunks": Section.TRUNK,
    "mid-section": Section.TRUNK, "middle": Section.TRUNK,
    "window": Section.WINDOW, "windows": Section.WINDOW,
    "turret": Section.TURRET, "turrets": Section.TURRET,
}


#: The areas of the packaged board but the markets, by their keys in the log (marked here,
#: translated as typed: :func:`area_word`).
_AREAS = (
    NP_("area word", "circle"), NP_("area word", "bank"), NP_("area word", "coloured"),
    NP_("area word", "spies"), NP_("area word", "caliph"), NP_("area word", "tent"),
    NP_("area word", "lighted"), NP_("area word", "genie"))
#: Every area of the packaged board: where a gift is dealt (``asara gifts bank 1 ...``).
AREA_WORDS: dict[str, str] = {k: k for k in (*map(str, Section), *_AREAS)}

#: The gifts' words (R6.1; ``lighted`` is its area's word).
GIFT_WORDS: dict[str, str] = {k: k for k in (
    NP_("typed word", "buyer"), NP_("typed word", "prestige"), "lighted",
    NP_("typed word", "asari"), NP_("typed word", "buy"))}

#: The typed words that are no term of the referee: a gift's kind, ``nothing``, a lighted
#: window laid ``plain`` (or ``on`` a gold window), the ``pair``, a ``new`` buyer colour, a
#: gift's colour left ``unsaid``.
_TYPED_ONLY = (*GIFT_WORDS, NP_("typed word", "nothing"), NP_("typed word", "plain"),
               NP_("typed word", "pair"), NP_("typed word", "on"), NP_("typed word", "new"),
               NP_("typed word", "unsaid"))


@per_language
def _spoken() -> tuple[dict[str, str], dict[str, str]]:
    """Every typed word's word in the language in use (English -> it), and back (folded ->
    English)."""
    said: dict[str, str] = {str(c): terms.colour(c) for c in Colour}
    said.update({str(s): terms.section(s) for s in Section})
    said[GOLD] = pgettext("word", "gold")
    said.update({k: area_word(k) for k in AREA_WORDS.values() if k not in said})
    said.update({k: pgettext("typed word", k) for k in _TYPED_ONLY if k not in said})
    said.update({k: w for k, w in colour_words.spoken().items() if k not in said})
    back = {typed: names[0] for typed, names in read_back(said).items()}
    # a tower colour as it agrees with a tower or a part reads the same (Spanish negra,
    # negro; French noire, noir): a table types the form its sentence asks for
    for c in Colour:
        for noun in ("tower", *map(str, Section)):
            back.setdefault(fold(terms.coloured(c, noun)), str(c))
    return said, back


def spoken_word(word: str, option: str | None = None) -> str:
    """A typed English word (as a legal move says it) in the language in use: ``base`` ->
    ``Basis``; ``-c``'s buyer colour as the buyer colour's word; any other word as it is."""
    if option in ("-c", "--card"):
        return terms.buyer_colour(word)
    return _spoken()[0].get(word, word)


def english_word(word: str, option: str | None = None) -> str:
    """A word typed in the language in use as the English word it stands for (``Basis`` ->
    ``base``, ``-c grau``: grey); any other word as it is."""
    if option in ("-c", "--card"):
        found = colour_words.english(fold(word))
        if found is not None:
            return found
    return _spoken()[1].get(fold(word), word)


def means(word: str, meant: str) -> bool:
    """Whether ``word`` (a word or an answer, as typed) is the typed word ``meant``
    (``pair``, ``unsaid``, ``gold``, ``plain``), in English or in the language in use."""
    return fold(english_word(word)) == meant


def lead_off(said: Sequence[str], command: str) -> list[str]:
    """Typed words without the words a table types before them by habit: ``asara`` and the
    command's word, in English or in the language in use (``asara gifts``, ``geschenke``)."""
    from asara_cli.commandwords import local

    out = list(said)
    for lead in (("asara",), (command, fold(local(command)))):
        if out and fold(out[0]) in lead:
            out = out[1:]
    return out


#: What a word was taken for (``tower colour``): marked here, translated when shown.
_WHATS = frozenset((
    NP_("word", "tower colour"), NP_("word", "section type"), NP_("word", "tile colour"),
    NP_("word", "section type or tile colour"), NP_("word", "player"), NP_("word", "board area"),
    NP_("word", "gift"), NP_("word", "word")))


def _what(what: str) -> str:
    return pgettext("word", what) if what in _WHATS else what


def area_word(key: str) -> str:
    """An area's key as a person types it, in the language in use (``circle``, ``Baukreis``)."""
    if key in ("base", "trunk", "window", "turret"):
        return _shown(Section(key))
    return pgettext("area word", key) if key in _AREAS else key


def _shown(value: object, what: str = "") -> str:
    """A value as a person reads it: a tower colour, section type or ``gold`` as the language
    in use types it (:func:`_spoken`), an area's key as its word, anything else as it is."""
    if what == "board area" and isinstance(value, str):
        return area_word(value)
    if isinstance(value, (Colour, Section)) or value == GOLD:
        return _spoken()[0][str(value)]
    return str(value)


def pick(word: str, vocabulary: Mapping[str, T], what: str) -> T:
    """The value of ``word`` in ``vocabulary``: an exact word, else a unique prefix (several
    words of one value, like ``br`` for brown and braun, are one candidate)."""
    w = fold(word)
    if not w:
        raise WordError(_("empty {what}").format(what=_what(what)))
    if w in vocabulary:
        return vocabulary[w]
    if what != "player":  # the language in use's words too (the catalogue's: Basis, Rot)
        back = _spoken()[1]
        vocabulary = {**vocabulary, **{w2: vocabulary[en] for w2, en in back.items()
                                       if en in vocabulary and w2 not in vocabulary}}
        if w in vocabulary:
            return vocabulary[w]
    found: dict[T, list[str]] = {}
    for key, value in vocabulary.items():
        if key.startswith(w):
            found.setdefault(value, []).append(key)
    if len(found) == 1:
        return next(iter(found))
    if not found:
        known = ", ".join(dict.fromkeys(_shown(v, what) for v in vocabulary.values()))
        close = _closest(w, vocabulary)
        if close:
            raise WordError(_("{word!r} is not a {what} (did you mean {close}? known: {known})"
                              ).format(word=word, what=_what(what),
                                       close=_shown(vocabulary[close], what), known=known))
        raise WordError(_("{word!r} is not a {what} (known: {known})").format(
            word=word, what=_what(what), known=known))
    names = _(" or ").join(_shown(value, what) for value in found)
    raise WordError(_("{word!r} is ambiguous: {names}? Type more letters").format(
        word=word, names=names))


def area(word: str, keys: Mapping[str, str]) -> str:
    """An area's key (``circle``) from its key or its word (``Baukreis``), by unique
    prefix; ``keys``: the board's area keys. A section type names its market area."""
    vocabulary = {**keys, **{w: sec.value for w, sec in SECTION_WORDS.items()}}
    return pick(word, vocabulary, "board area")


def gift_word(word: str) -> str:
    """A gift's kind as typed (``Einkäufer``, ``buyer``, the command ``kaufen``) as the log's
    word, folded; a word that is none as it is, folded."""
    from asara_cli.commandwords import local

    w = fold(word)
    commands = {fold(local(k)): k for k in GIFT_WORDS}
    return GIFT_WORDS.get(w) or GIFT_WORDS.get(fold(english_word(word))) or commands.get(w, w)


def gift_text(text: str, labels: Sequence[str] = ()) -> str:
    """A gift or its use as typed, the language in use's words read as the log's English
    ones (``kauf basis: goldverzierung rot`` -> ``buy base: gold red``; a buyer's colour as
    typed unless a colour word, the one among ``labels`` first); others as they are."""
    pieces = re.split(r"(\s+|:\s*)", text.strip())
    if not pieces or not pieces[0]:
        return text
    head = gift_word(pieces[0])
    out = [head if head in GIFT_WORDS.values() else pieces[0]]
    for piece in pieces[1:]:
        if not piece.strip() or piece.strip() == ":":
            out.append(piece)
            continue
        w = fold(english_word(piece))
        if w in ("nothing", GOLD):
            out.append(w)
        elif w in SECTION_WORDS:
            out.append(SECTION_WORDS[w].value)
        elif head == "buyer":  # a label: as typed; a colour word of the language in English
            out.append(colour_words.english(fold(piece), labels)
                       or (w if w != fold(piece) else piece))
        elif w in COLOUR_WORDS:
            out.append(COLOUR_WORDS[w].value)
        else:
            out.append(piece)
    return "".join(out)


def colour(word: str) -> Colour:
    return pick(word, COLOUR_WORDS, "tower colour")


def section(word: str) -> Section:
    return pick(word, SECTION_WORDS, "section type")


#: A tile or part in a token stream: a colour, a section type or ``gold`` (a build's: any).
_TILE_WORDS: dict[str, str | Colour] = {**COLOUR_WORDS, GOLD: GOLD}
_PART_WORDS: dict[str, str | Section] = {**SECTION_WORDS, GOLD: GOLD}
DISPLAY_WORDS: dict[str, str | Colour | Section] = {**COLOUR_WORDS, **SECTION_WORDS, GOLD: GOLD}


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


def tile(words: Sequence[str] | None, gold: bool = False) -> tuple[Colour | None, bool]:
    """``["gold", "red"]`` -> (red, True); ``["black"]`` -> (black, False); no words, no
    tile (``gold``: --gold given, which needs a tile)."""
    if not words:
        if gold:
            raise WordError(_("--gold needs the tile's colour (e.g. gold red)"))
        return None, False
    found: Colour | None = None
    for w in tokens(words):
        v = pick(w, _TILE_WORDS, "tile colour")
        if v == GOLD:
            gold = True
        elif found is not None:
            raise WordError(_("one tile has one colour; got {first} and {second}").format(
                first=_shown(found), second=_shown(Colour(v))))
        else:
            found = Colour(v)
    if found is None:
        raise WordError(_("a tile needs its colour (e.g. black, gold red)"))
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
                raise WordError(_("{n} sections of one kind? (at most 7 in one build)").format(
                    n=w))
            continue
        v = pick(w, _PART_WORDS, "section type")
        if v == GOLD:
            gold = True
            continue
        out.extend([(Section(v), gold)] * times)
        gold, times = False, 1
    if gold:
        raise WordError(_("'gold' must come before a section type (e.g. gold window)"))
    return out


def display(words: Sequence[str]) -> list[tuple[Section, list[tuple[Colour, bool]]]]:
    """``base brown gold green trunk red ...``: each section type starts its area's list."""
    areas: list[tuple[Section, list[tuple[Colour, bool]]]] = []
    gold = False
    for w in tokens(words):
        v = pick(w, DISPLAY_WORDS, "section type or tile colour")
        if v == GOLD:
            gold = True
        elif isinstance(v, Section):
            if gold:
                raise WordError(_("'gold' must come before a colour (e.g. gold red)"))
            if any(s == v for s, _tiles in areas):
                raise WordError(_("the {section} display is listed twice").format(
                    section=_shown(v)))
            areas.append((v, []))
        else:
            if not areas:
                raise WordError(_("name the area before its tiles (e.g. window {tile} ...)"
                                  ).format(tile=w))
            areas[-1][1].append((Colour(v), gold))
            gold = False
    if gold:
        raise WordError(_("'gold' must come before a colour (e.g. gold red)"))
    if not areas:
        raise WordError(_("name at least one area and its tiles (e.g. window brown gold red)"))
    return areas


def player(word: str, names: Sequence[str]) -> str:
    """A player's name from the log header by unique prefix, case-insensitively."""
    return pick(word, {fold(n): n for n in names}, "player")


_LABEL = re.compile(r"^[a-z][a-z-]*$")
#: How alike a new buyer colour may be to one in play before it is taken for a typo.
NEAR_MISS = 0.75


def buyer(word: str, labels: Sequence[str], declared: Sequence[str] = ()) -> str:
    """A face-up buyer's colour label: one of the ``declared`` colours, else one in play,
    by unique prefix, else a new label (letters, at least 3, no near miss of one in play
    unless written ``new gren``). A colour word of the language in use is its English label."""
    w = fold(word)
    if means(w, PAIR):
        return PAIR
    new = fold(_spoken()[0]["new"])
    forced = w.startswith(("new ", "new:", new + " ", new + ":"))
    if forced:
        w = re.split(r"[ :]", w, maxsplit=1)[1].strip()
    typed = english_word(w)
    said = colour_words.english(w, [*declared, *labels]) or (
        typed if typed != w and typed in colour_words.COLOUR_NAMES else None)
    if declared:
        return _declared(word, w, said, declared)
    if said is not None:
        # a colour word of the language is its English label, in play or new (never a typo)
        if said in labels or forced:
            return said
        w = said
    elif not forced:
        known = _label_of(word, w, labels)
        if known is not None:
            return known
    if not _LABEL.match(w) or len(w) < 3:
        if labels:
            raise WordError(_("{word!r} is not a buyer colour in play (in play: {labels}); a "
                              "new one is written in full, in letters (e.g. blue)").format(
                                  word=word, labels=terms.buyer_colours(labels)))
        raise WordError(_("{word!r} is not a buyer colour in play; a new one is written in "
                          "full, in letters (e.g. blue)").format(word=word))
    if not forced:  # a word forced in with "new" is never a typo (G15)
        _not_a_typo(word, w, labels)
    return w


def _declared(word: str, w: str, said: str | None, declared: Sequence[str]) -> str:
    """One of the game's declared buyer colours (``said``: a colour word of the language
    read as its English label), by unique prefix; a near miss or another word refused."""
    known = said if said in declared else _label_of(word, w, declared)
    if known is not None:
        return known
    close = _closest(w, declared) or _alias_close(w, declared)
    if close:
        raise WordError(_("{word!r} is not one of this game's buyer colours ({colours}); "
                          "did you mean {close}?").format(
                              word=word, colours=terms.buyer_colours(declared),
                              close=terms.buyer_colour(close)))
    raise WordError(_("{word!r} is not one of this game's buyer colours ({colours})"
                      ).format(word=word, colours=terms.buyer_colours(declared)))


def _not_a_typo(word: str, w: str, labels: Sequence[str]) -> None:
    """A new label ``w`` refused as a typo where it is a near miss of a label in play or of
    a colour word (a colour word itself only of another in play: gray, grey)."""
    names = colour_words.COLOUR_NAMES
    if w in names:
        close = _closest(w, [x for x in labels if x in names], NEAR_MISS)
    else:
        close = (_closest(w, labels, NEAR_MISS) or _closest(w, sorted(names), NEAR_MISS)
                 or _alias_close(w, sorted(names), NEAR_MISS))
    if not close:
        return
    if close in labels:
        text = _("{word!r} is not a buyer colour in play; did you mean {close}? (if {new} "
                 "is a new colour, type --card \"new {new}\")")
    else:
        text = _("{word!r} is not a known colour word; did you mean {close}? (if {new} "
                 "is a new colour, type --card \"new {new}\")")
    raise WordError(text.format(word=word, close=terms.buyer_colour(close), new=w))


def _alias_close(w: str, labels: Sequence[str], cutoff: float = 0.6) -> str | None:
    """The label whose colour word in the language in use ``w`` is a near miss of
    (``gelbb``: yellow)."""
    aliases = {g: en for g, ens in colour_words.said().items() for en in ens if en in labels}
    close = _closest(w, aliases)
    return aliases[close] if close is not None and _closest(w, [close], cutoff) else None


def _label_of(word: str, w: str, labels: Sequence[str]) -> str | None:
    """The label ``w`` (folded ``word``) names, by a prefix of its word in the language in
    use, then of itself; ``None`` if none starts so; an ambiguous prefix is an error."""
    if w in labels:
        return w
    local = [x for x in labels
             if any(g.startswith(w) and x in ens for g, ens in colour_words.said().items())]
    english = [x for x in labels if x.startswith(w)]
    found = next((t for t in (local, english) if t), [])
    if len(found) > 1:
        raise WordError(_("buyer colour {word!r} is ambiguous: {names}? Type more letters"
                          ).format(word=word,
                                   names=_(" or ").join(terms.buyer_colour(x) for x in found)))
    return found[0] if found else None


def buyer_colours(text: str) -> tuple[str, ...]:
    """The buyer colours a game declares: words separated by spaces or commas."""
    out: list[str] = []

    for w in (fold(x) for x in re.split(r"[\s,;]+", text) if x):
        said = english_word(w)  # a colour word of the language in use
        w = colour_words.english(w, out) or (said if said in colour_words.COLOUR_NAMES else w)
        if not _LABEL.match(w) or not 3 <= len(w) <= 30:
            raise WordError(_("--buyers: {word!r} is not a colour word (letters, at least 3)"
                              ).format(word=w))
        if w in out:
            raise WordError(_("--buyers: {word} is named twice").format(
                word=terms.buyer_colour(w)))
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
        raise WordError(_("a tower needs its colour (e.g. black window)"))
    c = colour(ws[0])
    rest = ws[1:]
    n = number(rest[0]) if rest else None
    if n is not None:
        if n < 1:
            raise WordError(_("towers are counted from 1"))
        rest = rest[1:]
    return c, n, rest
