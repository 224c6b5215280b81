"""Value words read and shown in the language in use, whatever the language (found when five
languages were added): buyer colours declared with ``--buyers``, a souk in any alphabet, the
group headings of ``asara moves``, the board's expansions, its packaged description, the
street's word for an inner shop, and ``on`` in ``--light``."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from languages import SHIPPED
from pseudo import CODE, make, turned
from typer.testing import CliRunner

from asara_cli import commandwords, language
from asara_cli.cli import app
from asara_cli.games.asara import words
from asara_cli.games.yspahan import words as ysp_words

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


@pytest.fixture
def pseudo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The test speaks the pseudo-language (every message turned by ROT13)."""
    monkeypatch.setenv(language.ENV_DIR, str(make(tmp_path)))
    commandwords._catalogues.cache_clear()
    commandwords._aliases.cache_clear()
    language.use(CODE)
    try:
        yield
    finally:
        language.use("en")
        monkeypatch.delenv(language.ENV_DIR)
        commandwords._catalogues.cache_clear()
        commandwords._aliases.cache_clear()


def test_buyers_are_declared_in_the_colour_words_of_any_language(pseudo: None) -> None:
    said = " ".join(turned(c) for c in ("blue", "green", "orange"))  # ROT13: oyhr ...
    assert words.buyer_colours(said) == ("blue", "green", "orange")
    # and a buyer played is named by a prefix of its word in the language
    assert words.buyer(turned("green")[:3], ("blue", "green"), ()) == "green"


def test_a_souk_is_read_in_any_alphabet() -> None:
    chest = "\u0441\u0443\u043d\u0434\u0443\u043a"  # Russian for chest, in Cyrillic
    m = ysp_words._SOUK.match(f"{chest}8")
    assert m is not None and m.groups() == (chest, "8")
    assert ysp_words._SOUK.match("chest") is None and ysp_words._SOUK.match("8") is None


def _screen(lang: str, *args: str, width: int = 80) -> str:
    language.use(lang)
    try:
        result = runner.invoke(app, list(args), env={"COLUMNS": str(width)})
    finally:
        language.use("en")
    assert result.exit_code == 0, result.output
    return result.output


def test_moves_heads_each_group_in_the_language(tmp_path: Path) -> None:
    log = tmp_path / "g.toml"
    assert runner.invoke(app, ["new", str(log), "-p", "A", "-p", "B", "-p", "C",
                               "--no-use"]).exit_code == 0
    heads = [line for line in _screen("de", "moves", str(log), "--all").splitlines()
             if re.match(r"\S.* \(\d+\)$", line)]
    assert heads and all(not line.startswith(("buy ", "build ", "coloured"))
                         for line in heads), heads
    assert any(line.startswith("kaufen Basis (") for line in heads), heads
    english = _screen("en", "moves", str(log), "--all")
    assert re.search(r"^buy base \(\d+\)$", english, re.M)


def test_the_board_names_its_expansions_and_describes_itself_in_the_language() -> None:
    german = " ".join(_screen("de", "board", width=200).split())
    assert "Dschinn (Profi)" in german and "genie" not in german
    assert "ASARA wie gedruckt" in german and "as printed" not in german
    english = " ".join(_screen("en", "board", width=200).split())
    assert "genie (pro)" in english and "ASARA as printed" in english


def test_the_street_names_an_inner_shop_by_the_word_typed_in_the_language(pseudo: None
                                                                          ) -> None:
    said = " ".join(_screen(CODE, "board", "--game", "yspahan", width=200).split())
    assert f"{turned('and')} {turned('inner')})" in said  # the pseudo-language's word
    assert " inner" not in said


@pytest.mark.parametrize(("lang", "spec"), [("en", "red on gold"), ("de", "rot auf gold")])
def test_on_in_a_lighted_window_is_a_word_of_the_language(lang: str, spec: str) -> None:
    language.use(lang)
    try:
        assert [words.english_word(w) for w in words.tokens([spec])] == ["red", "on", "gold"]
    finally:
        language.use("en")


def test_a_colour_agrees_with_the_tower_or_part_it_is_said_of(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each noun a colour is said of has its own forms (French ``tour noire``,
    ``intermédiaire noir``): a tile's colour is its part's, a tower's the tower's."""
    from asara_cli.games.asara.rules import terms

    monkeypatch.setattr(terms, "_coloured",
                        lambda: {"trunk black": "black-of-trunk", "tower red": "red-of-tower"})
    assert terms.tile("trunk", "black") == "black-of-trunk trunk"
    assert terms.tile("base", "black") == "black base"
    assert terms.tower("red", 2) == "2nd red-of-tower tower"
    assert terms.tower("black") == "black tower"


@pytest.mark.parametrize("lang", SHIPPED)
def test_a_colour_is_read_in_each_form_that_agrees_with_a_tower_or_part(lang: str) -> None:
    """A table types the colour as its sentence says it (Spanish ``base negra``, ``tronco
    negro``): every agreeing form reads as the colour, and a tile typed so is that tile."""
    from asara_cli.games.asara.rules import terms
    from asara_cli.games.asara.rules.model import Colour, Section

    language.use(lang)
    try:
        for c in Colour:
            for noun in ("tower", *map(str, Section)):
                assert words.english_word(terms.coloured(c, noun)) == str(c), (lang, c, noun)
            assert words.tile([terms.coloured(c, "base")]) == (c, False)
    finally:
        language.use("en")


# --- a language is its catalogue: the pseudo-language's value words, and no German one -------


def test_a_pseudo_table_records_what_it_types_in_its_own_value_words(
        pseudo: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One-shot commands typed in the pseudo-language's value words (its catalogue's, ROT13)
    record the English events: ``today`` (``gbqnl``) is the day, ``pair`` (``cnve``) the pair
    face down, a window and a colour their section and colour; a YSPAHAN card by its name."""
    import datetime

    from asara_cli.logfile.game import read_log

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ASARA_LOG", raising=False)
    before = datetime.date.today().isoformat()
    made = runner.invoke(app, ["new", "g.toml", "-p", "Ann", "-p", "Ben", "--date",
                               turned("today"), "--no-use"])
    assert made.exit_code == 0, made.output
    log = read_log(tmp_path / "g.toml")
    assert log.header.date in (before, datetime.date.today().isoformat())  # midnight
    bought = runner.invoke(app, ["buy", turned("window"), turned("black"), "--card",
                                 turned("pair"), "-l", "g.toml"])
    assert bought.exit_code == 0, bought.output
    turn = read_log(tmp_path / "g.toml").events[-1]
    assert turn.placement.buyer == "pair" and str(turn.action.section) == "window"
    assert str(turn.action.colour) == "black"
    # YSPAHAN (its commands: through the one entry point, at the pseudo-language's table):
    # a card and a row by their names in the language
    from asara_cli.cli import run
    from asara_cli.games.yspahan.rules import terms as ysp_terms

    at = ["--lang", CODE]
    assert run([*at, "new", "y.toml", "--game", "yspahan", "-p", "Ann", "-p", "Ben", "-p",
                "Cid", "--no-use"]) == 0
    assert run([*at, "roll", "122222345", "-l", "y.toml"]) == 0
    assert ysp_terms.card("goldvp") == turned("goldvp")  # the pseudo-language's word
    assert run([*at, "draw", ysp_terms.card("goldvp"), "--row", ysp_terms.row("gold"), "-l",
                "y.toml"]) == 0
    event = read_log(tmp_path / "y.toml").events[-1]
    assert (event.row, event.action.card) == ("gold", "goldvp")


def test_the_pseudo_languages_answers_and_typed_words_are_read(pseudo: None) -> None:
    """``nothing``, ``unsaid``, ``gold``, ``plain``, the ``gifts`` lead, yes and no: the
    pseudo-language's words, read as the English ones."""
    from asara_cli.games.yspahan.commands import _camel_question

    assert words.gift_text(f"{turned('buy')} {turned('base')}: {turned('nothing')}") == (
        "buy base: nothing")
    for meant in ("pair", "unsaid", "gold", "plain"):
        assert words.means(turned(meant), meant) and words.means(meant, meant), meant
    assert words.lead_off([commandwords.local("gifts"), "base", "2"], "gifts") == ["base", "2"]
    asked = _camel_question("Ann", "barrel3", 1)
    assert asked.words(turned("yes")) == asked.words("yes") == ["--camel", "barrel3"]
    assert asked.words(turned("no")[0]) == ["--no-camel", "barrel3"]  # its first letter
    assert ysp_words.english_word(turned("inner")) == "inner"


#: German value words once written in Python (issue 35, point 5): at the pseudo-language's
#: table none of them is read, each reader's word in turn
GERMAN: list[tuple[str, str]] = [
    ("colour", "rot"), ("colour", "Schwarz"), ("colour", "grün"), ("colour", "grun"),
    ("section", "Basis"), ("section", "Mittelteil"), ("tile", "Goldverzierung"),
    ("area", "Baukreis"), ("area", "Dschinn"), ("buyer", "blau"), ("buyer", "grau"),
    ("pair", "Paar"), ("unsaid", "ungesagt"), ("plain", "schlicht"), ("nothing", "nichts"),
    ("gifts", "geschenke"), ("date", "heute"), ("yes", "ja"), ("yes", "j"), ("no", "nein"),
    ("inner", "innen"), ("row", "Sack"), ("row", "Kamele"), ("building", "Weide"),
    ("card", "Kamele3"), ("card", "Goldpunkte"), ("souk", "Truhe8"), ("player colour", "gelb"),
]


def _read_german(kind: str, word: str) -> object:
    """What the reader of ``kind`` makes of ``word``: the value read, else the reader's
    refusal (a WordError) or ``None`` for a word it does not take."""
    from asara_cli.cli.recording import played_on
    from asara_cli.core.words import fold
    from asara_cli.games.asara.colour_words import english
    from asara_cli.logfile.board import load_board

    board = load_board(None, "yspahan")
    readers: dict[str, Callable[[], object]] = {
        "colour": lambda: words.colour(word), "section": lambda: words.section(word),
        "tile": lambda: words.tile(["red", word]),
        "area": lambda: words.area(word, words.AREA_WORDS),
        "buyer": lambda: english(fold(word)),
        "gifts": lambda: words.lead_off([word, "base"], "gifts") == ["base"] or None,
        "date": lambda: played_on(word), "row": lambda: ysp_words.row(word, board),
        "yes": lambda: ysp_words.yes_no(word) is True or None,
        "no": lambda: ysp_words.yes_no(word) is False or None,
        "inner": lambda: ysp_words.english_word(word) == "inner" or None,
        "building": lambda: ysp_words.building(word, board),
        "card": lambda: ysp_words.card(word, board), "souk": lambda: ysp_words.souk(word, board),
        "player colour": lambda: ysp_words.colour(word),
    }
    if kind in readers:
        return readers[kind]()
    if kind == "nothing":
        return words.gift_text(f"buy base: {word}") == "buy base: nothing" or None
    return words.means(word, kind) or None


@pytest.mark.parametrize(("kind", "word"), GERMAN)
def test_no_german_word_is_read_at_the_pseudo_languages_table(pseudo: None, kind: str,
                                                              word: str) -> None:
    from asara_cli.errors import WordError

    try:
        read = _read_german(kind, word)
    except WordError:
        return
    assert read is None, (kind, word, read)


@pytest.mark.parametrize(("kind", "word"), GERMAN)
def test_each_of_them_is_read_at_a_german_table(kind: str, word: str) -> None:
    """The same words at a German table: its catalogue brings them."""
    language.use("de")
    try:
        assert _read_german(kind, word) not in (None, False), (kind, word)
    finally:
        language.use("en")


def test_no_german_word_the_catalogue_has_is_read_where_it_is_no_word(pseudo: None) -> None:
    """Every value word of the German catalogue (each game's, folded), at the pseudo-language's
    table: none is read, but where it is an English word too (``bank``, ``gold``)."""
    from asara_cli.games.asara.colour_words import said

    english: set[str] = set()
    german: set[str] = set()
    for code, found in (("en", english), ("de", german)):
        language.use(code)
        found.update(words._spoken()[1], ysp_words._spoken()[1], said())
    language.use(CODE)
    read = {*words._spoken()[1], *ysp_words._spoken()[1], *said(), *words.COLOUR_WORDS,
            *words.SECTION_WORDS, *words.AREA_WORDS, *words.GIFT_WORDS}
    assert len(german) > 60
    assert sorted((german - english) & read) == []


#: The German words (folded) that were written in the package's Python and must not come
#: back: a language's words are its catalogue's (issue 35, point 5)
REMOVED = frozenset({"heute", "nichts", "paar", "ungesagt", "geschenke", "goldverzierung",
    "schlicht", "innen", "ja", "j", "nein", "keine", "neu", "basis", "mittelteil", "fenster",
    "spitze", "baukreis", "bunt", "spione", "kalif", "zelt", "leuchtend", "dschinn", "einkaeufer",
    "einkäufer", "kauf", "kaufen", "braun", "gruen", "grün", "grun", "rot", "schwarz", "weiss",
    "weiß", "blau", "gelb", "grau", "violett", "lila", "flieder", "rosa", "silber", "tuerkis",
    "türkis", "turkis", "sack", "fass", "truhe", "amphore", "kamele", "weide", "geschaeft",
    "geschäft", "badehaus", "karawanserei", "markt", "lastenaufzug", "kamele3", "kamelfrei",
    "goldfrei", "karawane", "basar", "goldpunkte", "kamelpunkte", "tausch", "zu", "kamel", "k"})


def test_no_german_value_word_is_written_in_the_package() -> None:
    """No string in the package's Python is one of :data:`REMOVED` (messages and docstrings
    may name them; a word a reader compares with may not)."""
    import ast

    found = []
    for path in sorted((ROOT / "asara_cli").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and node.value.strip().casefold() in REMOVED:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
    assert found == []


@pytest.mark.parametrize(("lang", "typed", "read"), [
    ("en", "2 into gold", "2 into gold"), ("en", "2 gold", "2 into gold"),
    ("en", "1 to c", "1 into camels"), ("en", "3 in camel", "3 into camels"),
    ("de", "2 in Gold", "2 into gold"), ("de", "2 Kamele", "2 into camels"),
    ("de", "1 in k", "1 into camels"), ("de", "2 into g", "2 into gold"),
    ("en", "2 in kamele", "2 kamele"),  # a German word at an English table: as typed
])
def test_an_exchange_is_typed_in_english_or_the_language_in_use(lang: str, typed: str,
                                                                 read: str) -> None:
    language.use(lang)
    try:
        assert " ".join(ysp_words.exchange(typed.split())) == read
    finally:
        language.use("en")


def test_an_exchange_in_the_pseudo_language(pseudo: None) -> None:
    typed = ["2", turned("into"), turned("camels")[:3]]
    assert ysp_words.exchange(typed) == ["2", "into camels"]
    assert ysp_words.exchange(["2", "Kamele"]) == ["2", "Kamele"]


@pytest.mark.parametrize(("lang", "typed", "meant"), [
    ("it", "sì", True), ("it", "si", True), ("it", "s", True), ("it", "y", True),
    ("it", "no", False), ("es", "si", True), ("ru", "да", True), ("ru", "нет", False),
    ("ru", "н", False), ("de", "j", True), ("de", "nein", False), ("en", "ja", None),
    ("en", "maybe", None),
])
def test_yes_and_no_in_english_and_the_language_in_use(lang: str, typed: str,
                                                      meant: bool | None) -> None:
    language.use(lang)
    try:
        assert ysp_words.yes_no(typed) is meant
    finally:
        language.use("en")
