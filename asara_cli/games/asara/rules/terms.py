"""The game's nouns in the language people read (docs/glossary.md): tower colours, tower
parts, tiles, areas, towers, buyers, gifts, places. Every message of the referee and every
screen of ASARA shows a game term through these, so each concept has one word.

Each term is translated with a context (``pgettext("tower colour", "red")``), so the same English
word may have two translations. English gives back the words the referee always wrote.
A buyer colour (``blue``) is a label the log writes in English; it is shown in the language in
use when it is a colour word (``Blau``), else as typed; player names are shown as written.
"""

from __future__ import annotations

from collections.abc import Iterable

from asara_cli.core.i18n import NP_, ngettext, pgettext
from asara_cli.core.words import ordinal, per_language
from asara_cli.games.asara.rules.model import Colour, Section

__all__ = ["a_tile", "area", "buyer", "buyer_colour", "buyer_colours", "category", "colour",
           "coloured", "expansion", "expansion_short", "gift", "ordinal", "part", "section",
           "sections", "space_word", "the_tile", "tile", "tower", "tower_named", "tower_word"]


def colour(c: Colour | str) -> str:
    """A tower colour: ``red``, ``Rot``."""
    return _colours().get(str(c), str(c))


def coloured(c: Colour | str, noun: str) -> str:
    """A tower colour said of ``noun`` (``tower`` or a tower part: ``base``, ``trunk``,
    ``window``, ``turret``), agreeing with it where the language asks for it (French
    ``tour noire``, ``intermédiaire noir``); the colour word itself for another noun."""
    return _coloured().get(f"{noun} {c}") or colour(c)


def section(s: Section | str) -> str:
    """A tower part (section type): ``base``, ``Basis``."""
    return _sections().get(str(s), str(s))


def sections(s: Section | str, n: int) -> str:
    """``3 bases``, ``3 Basen``: a count of one tower part."""
    match str(s):
        case "base":
            text = ngettext("{n} base", "{n} bases", n)
        case "trunk":
            text = ngettext("{n} trunk", "{n} trunks", n)
        case "window":
            text = ngettext("{n} window", "{n} windows", n)
        case "turret":
            text = ngettext("{n} turret", "{n} turrets", n)
        case other:
            return f"{n} {other}"
    return text.format(n=n)


def tile(s: Section | str, c: Colour | str, gold: bool = False) -> str:
    """A tile: ``red base``, ``gold red base``; German ``Basis in Rot``, ``Basis in Rot mit
    Goldverzierung``."""
    if gold:
        text = pgettext("tile", "gold {colour} {section}")
    else:
        text = pgettext("tile", "{colour} {section}")
    return text.format(colour=coloured(c, str(s)), section=section(s))


def a_tile(s: Section | str, c: Colour | str, gold: bool = False) -> str:
    """``a red base``, ``a gold red base``: one tile with its indefinite article, a whole
    message per tower part, so that the article agrees with the part (Spanish ``una base``,
    ``un tronco``)."""
    text = _a_tiles().get(f"gold {s}" if gold else str(s))
    return text.format(colour=coloured(c, str(s))) if text else tile(s, c, gold)


def the_tile(s: Section | str, c: Colour | str, gold: bool = False) -> str:
    """``the red base``, ``the gold red base``: one tile with its definite article (French
    ``la base rouge``, ``le tronc rouge``)."""
    text = _the_tiles().get(f"gold {s}" if gold else str(s))
    return text.format(colour=coloured(c, str(s))) if text else tile(s, c, gold)


def area(name: str) -> str:
    """An area of the board by its name in the board profile (``House of Spies``); a name
    the packaged profile does not give is shown as the table's profile writes it."""
    return _areas().get(name, name)


def space_word(kind: str) -> str:
    """What a space of an area is called: a plot in the building circle."""
    return pgettext("area", "plot") if kind == "building" else pgettext("area", "space")


def tower(c: Colour | str, n: int = 1) -> str:
    """``red tower``, ``2nd red tower``: a player's n-th tower of a colour."""
    if n == 1:
        return pgettext("tower", "{colour} tower").format(colour=coloured(c, "tower"))
    return pgettext("tower", "{nth} {colour} tower").format(nth=ordinal(n, "tower"),
                                                            colour=coloured(c, "tower"))


def part(s: Section | str, gold: bool = False) -> str:
    """A tower part placed in a build: ``window``, ``gold window``."""
    if gold:
        return pgettext("part", "gold {section}").format(section=section(s))
    return section(s)


def tower_word(c: Colour | str, n: int = 1) -> str:
    """A tower as the build command names it, in the language in use: ``red``, ``red 2``
    (German ``Rot``, ``Rot 2``: the German colour words are typed as well)."""
    return colour(c) if n == 1 else f"{colour(c)} {n}"


def tower_named(label: str) -> str:
    """A tower's name as the build command writes it (``red 2``), in the language in use."""
    word, _sep, n = label.partition(" ")
    return f"{colour(word)} {n}" if n else colour(word)


def buyer(label: str) -> str:
    """``a blue buyer``: one buyer card, a whole message per colour word, so that a language
    makes its colour agree (German ``blauer Einkäufer``). A label that is no colour word is
    shown as typed, with the English article its first letter asks for."""
    said = _buyers().get(label)
    if said is not None:
        return said
    if label[:1] in "aeiou":
        return pgettext("buyer", "an {label} buyer").format(label=label)
    return pgettext("buyer", "a {label} buyer").format(label=label)


def buyer_colour(label: str) -> str:
    """A buyer card's colour (R1), the log's label: ``blue``, German ``Blau``; a label that is
    no colour word of colour_words.py is shown as typed."""
    return _buyer_colours().get(label, label)


def buyer_colours(labels: Iterable[str]) -> str:
    """``blue, yellow``: buyer colours listed in the language in use."""
    return ", ".join(buyer_colour(x) for x in labels)


def gift(kind: str, amount: int | None = None, s: Section | str | None = None) -> str:
    """A gift card of the Caliph (R6.1) as the table reads it: ``asari 4``, ``buy base``."""
    match kind:
        case "asari":
            return pgettext("gift", "asari {amount}").format(amount=amount)
        case "buy":
            return pgettext("gift", "buy {section}").format(section=section(s or ""))
        case "buyer":
            return pgettext("gift", "buyer")
        case "prestige":
            return pgettext("gift", "prestige")
        case "lighted":
            return pgettext("gift", "lighted")
    return kind


def expansion_short(key: str) -> str:
    """An expansion's short name, where a column has little room: ``genie``."""
    match key:
        case "gifts":
            return pgettext("expansion, short", "gifts")
        case "genie":
            return pgettext("expansion, short", "genie")
    return key


def expansion(key: str) -> str:
    """An expansion by its key in the log: ``Gifts of the Caliph (R6.1)``."""
    match key:
        case "gifts":
            return pgettext("expansion", "Gifts of the Caliph (R6.1)")
        case "genie":
            return pgettext("expansion", "House of the Bottle Genie (R6.2)")
    return key


def category(key: str) -> str:
    """A final-evaluation category (R5): a colour, ``highest tower overall``, ``most
    towers``, ``money``."""
    match key:
        case "overall":
            return pgettext("category", "highest tower overall")
        case "most_towers":
            return pgettext("category", "most towers")
        case "money":
            return pgettext("category", "money")
    return colour(key)


# --- the tables, made once per language --------------------------------------------------------


def _words(context: str, *marked: str) -> dict[str, str]:
    """Each English word of a table (marked with ``NP_`` for the catalogue, in the
    ``context`` given there) to its words in the language in use."""
    return {word: pgettext(context, word) for word in marked}


@per_language
def _colours() -> dict[str, str]:
    return _words("tower colour", NP_("tower colour", "brown"), NP_("tower colour", "green"),
                  NP_("tower colour", "red"), NP_("tower colour", "black"),
                  NP_("tower colour", "white"))


@per_language
def _sections() -> dict[str, str]:
    return _words("tower part", NP_("tower part", "base"), NP_("tower part", "trunk"),
                  NP_("tower part", "window"), NP_("tower part", "turret"))


@per_language
def _areas() -> dict[str, str]:
    """The packaged board profile's area names (rules/board.py DEFAULT_AREAS)."""
    return _words(
        "area", NP_("area", "base market"), NP_("area", "trunk market"),
        NP_("area", "window market"), NP_("area", "turret market"),
        NP_("area", "building circle"), NP_("area", "bank"), NP_("area", "coloured building"),
        NP_("area", "House of Spies"), NP_("area", "Caliph's patronage"), NP_("area", "tent"),
        NP_("area", "House of the lighted windows"), NP_("area", "House of the Bottle Genie"))


@per_language
def _buyer_colours() -> dict[str, str]:
    """The colour words of colour_words.py, as a buyer card's colour."""
    return _words(
        "buyer colour", NP_("buyer colour", "beige"), NP_("buyer colour", "black"),
        NP_("buyer colour", "blue"), NP_("buyer colour", "brown"), NP_("buyer colour", "cyan"),
        NP_("buyer colour", "gold"), NP_("buyer colour", "gray"), NP_("buyer colour", "green"),
        NP_("buyer colour", "grey"), NP_("buyer colour", "lilac"),
        NP_("buyer colour", "magenta"), NP_("buyer colour", "orange"),
        NP_("buyer colour", "pink"), NP_("buyer colour", "purple"), NP_("buyer colour", "red"),
        NP_("buyer colour", "silver"), NP_("buyer colour", "turquoise"),
        NP_("buyer colour", "violet"), NP_("buyer colour", "white"),
        NP_("buyer colour", "yellow"))


@per_language
def _buyers() -> dict[str, str]:
    """One buyer of each colour word of colour_words.py, as a move's line names it."""
    return {
        "beige": pgettext("buyer", "a beige buyer"),
        "black": pgettext("buyer", "a black buyer"),
        "blue": pgettext("buyer", "a blue buyer"),
        "brown": pgettext("buyer", "a brown buyer"),
        "cyan": pgettext("buyer", "a cyan buyer"),
        "gold": pgettext("buyer", "a gold buyer"),
        "gray": pgettext("buyer", "a gray buyer"),
        "green": pgettext("buyer", "a green buyer"),
        "grey": pgettext("buyer", "a grey buyer"),
        "lilac": pgettext("buyer", "a lilac buyer"),
        "magenta": pgettext("buyer", "a magenta buyer"),
        "orange": pgettext("buyer", "an orange buyer"),
        "pink": pgettext("buyer", "a pink buyer"),
        "purple": pgettext("buyer", "a purple buyer"),
        "red": pgettext("buyer", "a red buyer"),
        "silver": pgettext("buyer", "a silver buyer"),
        "turquoise": pgettext("buyer", "a turquoise buyer"),
        "violet": pgettext("buyer", "a violet buyer"),
        "white": pgettext("buyer", "a white buyer"),
        "yellow": pgettext("buyer", "a yellow buyer"),
    }


#: A tower colour said of a tower or a tower part: each form, marked for the catalogue in
#: the context ``colour of a NOUN`` that :func:`_coloured` asks for.
_AGREEING = (
    NP_("colour of a tower", "brown"), NP_("colour of a tower", "green"),
    NP_("colour of a tower", "red"), NP_("colour of a tower", "black"),
    NP_("colour of a tower", "white"), NP_("colour of a base", "brown"),
    NP_("colour of a base", "green"), NP_("colour of a base", "red"),
    NP_("colour of a base", "black"), NP_("colour of a base", "white"),
    NP_("colour of a trunk", "brown"), NP_("colour of a trunk", "green"),
    NP_("colour of a trunk", "red"), NP_("colour of a trunk", "black"),
    NP_("colour of a trunk", "white"), NP_("colour of a window", "brown"),
    NP_("colour of a window", "green"), NP_("colour of a window", "red"),
    NP_("colour of a window", "black"), NP_("colour of a window", "white"),
    NP_("colour of a turret", "brown"), NP_("colour of a turret", "green"),
    NP_("colour of a turret", "red"), NP_("colour of a turret", "black"),
    NP_("colour of a turret", "white"))


@per_language
def _coloured() -> dict[str, str]:
    """A tower colour said of a tower or a tower part, by ``noun colour`` (``base red``)."""
    return {f"{noun} {colour}": pgettext(f"colour of a {noun}", colour)
            for noun in ("tower", *(s.value for s in Section)) for colour in _colours()}


@per_language
def _a_tiles() -> dict[str, str]:
    """One tile with its indefinite article, by its text in the log (``gold base``)."""
    return {
        "base": pgettext("a tile", "a {colour} base"),
        "trunk": pgettext("a tile", "a {colour} trunk"),
        "window": pgettext("a tile", "a {colour} window"),
        "turret": pgettext("a tile", "a {colour} turret"),
        "gold base": pgettext("a tile", "a gold {colour} base"),
        "gold trunk": pgettext("a tile", "a gold {colour} trunk"),
        "gold window": pgettext("a tile", "a gold {colour} window"),
        "gold turret": pgettext("a tile", "a gold {colour} turret"),
    }


@per_language
def _the_tiles() -> dict[str, str]:
    """One tile with its definite article, by its text in the log (``gold base``)."""
    return {
        "base": pgettext("the tile", "the {colour} base"),
        "trunk": pgettext("the tile", "the {colour} trunk"),
        "window": pgettext("the tile", "the {colour} window"),
        "turret": pgettext("the tile", "the {colour} turret"),
        "gold base": pgettext("the tile", "the gold {colour} base"),
        "gold trunk": pgettext("the tile", "the gold {colour} trunk"),
        "gold window": pgettext("the tile", "the gold {colour} window"),
        "gold turret": pgettext("the tile", "the gold {colour} turret"),
    }
