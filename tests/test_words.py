"""The words a player types: unique prefixes, any case, at a German table its words too (the
catalogue's); an ambiguous prefix is refused naming the candidates (issue 4)."""

from __future__ import annotations

import pytest

from asara_cli.games.asara import words
from asara_cli.games.asara.rules.events import PAIR
from asara_cli.games.asara.rules.model import Colour, Section
from asara_cli.games.asara.words import WordError


@pytest.mark.parametrize("typed,colour", [
    ("black", Colour.BLACK), ("BL", Colour.BLACK), ("schwarz", Colour.BLACK),
    ("Schw", Colour.BLACK), ("br", Colour.BROWN), ("braun", Colour.BROWN),
    ("gr", Colour.GREEN), ("grün", Colour.GREEN), ("Grün", Colour.GREEN),
    ("gruen", Colour.GREEN), ("GRUEN", Colour.GREEN), ("r", Colour.RED), ("rot", Colour.RED),
    ("ro", Colour.RED), ("w", Colour.WHITE), ("weiß", Colour.WHITE), ("WEISS", Colour.WHITE),
    ("weiss", Colour.WHITE), ("wei", Colour.WHITE),
])
def test_colours_by_prefix_and_german_name(typed: str, colour: Colour, german: None) -> None:
    assert words.colour(typed) == colour


@pytest.mark.parametrize("typed,section", [
    ("base", Section.BASE), ("b", Section.BASE), ("Basis", Section.BASE),
    ("bases", Section.BASE), ("tr", Section.TRUNK), ("Mittelteil", Section.TRUNK),
    ("mi", Section.TRUNK), ("w", Section.WINDOW), ("Fenster", Section.WINDOW),
    ("f", Section.WINDOW), ("tu", Section.TURRET), ("Spitze", Section.TURRET),
    ("SP", Section.TURRET),
])
def test_section_types_by_prefix_and_german_name(typed: str, section: Section,
                                                 german: None) -> None:
    assert words.section(typed) == section


@pytest.mark.parametrize("fn,typed,candidates", [
    (words.colour, "b", ("brown", "black")),
    (words.section, "t", ("trunk", "turret")),
    (words.section, "T", ("trunk", "turret")),
])
def test_an_ambiguous_prefix_is_refused_naming_the_candidates(fn, typed: str,  # type: ignore[no-untyped-def]
                                                              candidates: tuple[str, ...]) -> None:
    with pytest.raises(WordError) as e:
        fn(typed)
    message = str(e.value)
    assert "ambiguous" in message
    for c in candidates:
        assert c in message


def test_unknown_words_name_what_would_be_understood() -> None:
    with pytest.raises(WordError, match=r"'purple' is not a tower colour \(known: brown, "):
        words.colour("purple")
    with pytest.raises(WordError, match="empty"):
        words.section(" ")


def test_tiles_and_parts() -> None:
    assert words.tile(["gold", "red"]) == (Colour.RED, True)
    assert words.tile(["gold-red"]) == (Colour.RED, True)
    with pytest.raises(WordError, match="ambiguous: green or gold"):
        words.tile(["g"])
    with pytest.raises(WordError, match="one colour"):
        words.tile(["red", "black"])
    assert words.parts(["base", "gold", "window", "2", "trunk", "turret"]) == [
        (Section.BASE, False), (Section.WINDOW, True), (Section.TRUNK, False),
        (Section.TRUNK, False), (Section.TURRET, False)]
    assert words.parts(["base, window, turret"]) == [
        (Section.BASE, False), (Section.WINDOW, False), (Section.TURRET, False)]
    with pytest.raises(WordError, match="before a section"):
        words.parts(["window", "gold"])


def test_tiles_and_parts_in_german(german: None) -> None:
    assert words.tile(["gold-rot"]) == (Colour.RED, True)
    assert words.tile(["Schwarz"]) == (Colour.BLACK, False)
    assert words.parts(["Basis", "gold", "Fenster", "2", "trunk", "turret"]) == [
        (Section.BASE, False), (Section.WINDOW, True), (Section.TRUNK, False),
        (Section.TRUNK, False), (Section.TURRET, False)]
    assert words.display(["Fenster", "braun", "gold", "rot", "trunk:", "white"]) == [
        (Section.WINDOW, [(Colour.BROWN, False), (Colour.RED, True)]),
        (Section.TRUNK, [(Colour.WHITE, False)])]
    assert words.split_tower(["rot", "trunk"]) == (Colour.RED, None, ["trunk"])


def test_an_english_table_reads_no_german_word() -> None:
    for typed in ("rot", "Schwarz", "Basis", "Fenster"):
        with pytest.raises(WordError):
            words.display([typed])


def test_a_display_is_areas_each_followed_by_its_tiles() -> None:
    got = words.display(["window", "brown", "gold", "red", "trunk:", "white"])
    assert got == [(Section.WINDOW, [(Colour.BROWN, False), (Colour.RED, True)]),
                   (Section.TRUNK, [(Colour.WHITE, False)])]
    with pytest.raises(WordError, match="name the area"):
        words.display(["red", "window"])
    with pytest.raises(WordError, match="twice"):
        words.display(["window", "red", "window", "red"])


def test_players_by_prefix_any_case() -> None:
    names = ("Tina", "Tim", "Paul")
    assert words.player("pa", names) == "Paul"
    assert words.player("TIN", names) == "Tina"
    assert words.player("tim", names) == "Tim"
    with pytest.raises(WordError, match="ambiguous: Tina or Tim"):
        words.player("ti", names)
    with pytest.raises(WordError, match="not a player"):
        words.player("Zoe", names)


def test_buyer_colours_in_play_by_prefix_new_ones_in_full() -> None:
    in_play = ("blue", "black-ish", "yellow")
    assert words.buyer("y", in_play) == "yellow"
    assert words.buyer("BLU", in_play) == "blue"
    assert words.buyer("pair", in_play) == PAIR
    assert words.buyer("violet", in_play) == "violet"
    with pytest.raises(WordError, match="ambiguous: blue or black-ish"):
        words.buyer("bl", in_play)
    with pytest.raises(WordError, match="not a buyer colour in play"):
        words.buyer("v", in_play)
    with pytest.raises(WordError, match="not a buyer colour in play"):
        words.buyer("r2d2", in_play)


def test_towers_named_as_the_log_names_them() -> None:
    assert words.split_tower(["black 2 window"]) == (Colour.BLACK, 2, ["window"])
    assert words.split_tower(["red", "trunk"]) == (Colour.RED, None, ["trunk"])


@pytest.mark.parametrize(("typed", "folded", "bare"), [
    ("Grün", "gruen", "grun"),
    ("gru\u0308n", "gruen", "grun"),  # the umlaut typed as u and a combining diaeresis
    ("WEISS", "weiss", "weiss"),
    ("weiß", "weiss", "weiss"),
    (" Intérieur ", "intérieur", "interieur"),
    ("Ёлка", "ёлка", "елка"),
])
def test_one_fold_for_every_game(typed: str, folded: str, bare: str) -> None:
    """Both games read a typed word through core/words.fold and .bare (one place)."""
    from asara_cli.core import words as core

    assert core.fold(typed) == folded
    assert core.bare(typed) == bare


def test_read_back_takes_a_word_folded_before_one_without_its_accents() -> None:
    from asara_cli.core.words import read_back

    # "grun" is b's word folded and a's word without its accent: b's first, then a's
    assert read_back({"a": "grün", "b": "grun"}) == {"gruen": ("a",), "grun": ("b", "a")}
