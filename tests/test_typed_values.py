"""Value words read and shown in the language in use, whatever the language (found when five
languages were added): buyer colours declared with ``--buyers``, a souk in any alphabet, the
group headings of ``asara moves``, the board's expansions, its packaged description, the
street's word for an inner shop, and ``on`` in ``--light``."""

from __future__ import annotations

import re
from collections.abc import Iterator
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

    monkeypatch.setitem(terms._made, ("colour of a trunk", "en"), {"black": "black-of-trunk"})
    monkeypatch.setitem(terms._made, ("colour of a tower", "en"), {"red": "red-of-tower"})
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
