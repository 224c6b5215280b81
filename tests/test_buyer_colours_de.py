"""Buyer colours at a German table (issue 31): shown in German where they are colour words
(``blue`` -> ``Blau``, the rulebook's "blauer Einkäufer"), typed in either language, written to
the log in English. German and English colour words share prefixes (``bl``: blue, blau; ``gr``:
grey, grau, green, grün): those of the language in use are tried first, and a word of one
language is never refused as a typo of the other's. The German words are the catalogue's
(colour_words.said): at an English table they are no colour words."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from asara_cli import language
from asara_cli.games.asara import words
from asara_cli.games.asara.colour_words import COLOUR_NAMES, said
from asara_cli.games.asara.rules import terms
from asara_cli.games.asara.words import WordError

IN_PLAY = ["blue", "grey", "green", "yellow", "violet"]


@pytest.fixture
def de() -> Iterator[None]:
    language.use("de")
    yield
    language.use("en")


@pytest.mark.parametrize(("label", "german", "buyer"), [
    ("blue", "Blau", "blauer Einkäufer"), ("yellow", "Gelb", "gelber Einkäufer"),
    ("grey", "Grau", "grauer Einkäufer"), ("gray", "Grau", "grauer Einkäufer"),
    ("violet", "Violett", "violetter Einkäufer"), ("orange", "Orange", "orangefarbener Einkäufer"),
    ("purple", "Lila", "lilafarbener Einkäufer"), ("pink", "Rosa", "rosafarbener Einkäufer"),
    ("lindgrün", "lindgrün", "Einkäufer in lindgrün"),  # no colour word: shown as typed
])
def test_a_buyer_colour_is_shown_in_german(de: None, label: str, german: str,
                                            buyer: str) -> None:
    """The rulebook's "einen blauen Einkäufer": the colour agrees with the buyer (review 17)."""
    assert terms.buyer_colour(label) == german
    assert terms.buyer(label) == buyer


def test_every_colour_word_has_its_german_word(de: None) -> None:
    for label in COLOUR_NAMES:
        shown = terms.buyer_colour(label)
        assert shown != label and shown[0].isupper(), label


def test_english_shows_the_log_word() -> None:
    assert terms.buyer_colour("blue") == "blue"
    assert terms.buyer("orange") == "an orange buyer"
    assert terms.buyer_colours(["blue", "grey"]) == "blue, grey"


@pytest.mark.parametrize(("typed", "in_play", "expected"), [
    ("blau", IN_PLAY, "blue"), ("Blau", [], "blue"), ("GELB", IN_PLAY, "yellow"),
    ("grau", IN_PLAY, "grey"), ("grau", ["gray"], "gray"), ("grau", [], "grey"),
    ("grün", IN_PLAY, "green"), ("gruen", IN_PLAY, "green"), ("violett", IN_PLAY, "violet"),
    ("lila", ["lilac"], "purple"),  # lila is purple, never a prefix of lilac
    ("rosa", [], "pink"), ("weiß", [], "white"),
    # shared prefixes: blue/blau, violet/violett, yellow by gelb
    ("bl", IN_PLAY, "blue"), ("bla", IN_PLAY, "blue"), ("blu", IN_PLAY, "blue"),
    ("vio", IN_PLAY, "violet"), ("viole", IN_PLAY, "violet"), ("ge", IN_PLAY, "yellow"),
    ("ye", IN_PLAY, "yellow"), ("gra", IN_PLAY, "grey"), ("gre", IN_PLAY, "grey|green"),
])
def test_a_german_colour_word_reads_as_the_log_word(de: None, typed: str, in_play: list[str],
                                                     expected: str) -> None:
    if "|" in expected:
        with pytest.raises(WordError, match=r"mehrdeutig"):
            words.buyer(typed, in_play)
    else:
        assert words.buyer(typed, in_play) == expected


@pytest.mark.parametrize(("typed", "in_play", "expected"), [
    ("blue", IN_PLAY, "blue"), ("bl", IN_PLAY, "blue"),
    ("rosa", [], "rosa"), ("blau", [], "blue?"),  # German words: a colour of its own, a typo
])
def test_an_english_table_reads_its_own_colour_words(typed: str, in_play: list[str],
                                                     expected: str) -> None:
    if expected.endswith("?"):
        with pytest.raises(WordError, match=f"did you mean {expected}"):
            words.buyer(typed, in_play)
    else:
        assert words.buyer(typed, in_play) == expected


@pytest.mark.parametrize(("typed", "lang", "names"), [
    ("g", "en", "grey or green"),  # English words first at an English table
    ("g", "de", "Grau oder Grün oder Gelb"),  # German words first at a German table
    ("gr", "de", "Grau oder Grün"), ("gr", "en", "grey or green"),
])
def test_an_ambiguous_prefix_names_the_candidates_in_the_language(typed: str, lang: str,
                                                                  names: str) -> None:
    language.use(lang)
    try:
        with pytest.raises(WordError) as caught:
            words.buyer(typed, IN_PLAY)
    finally:
        language.use("en")
    assert names in str(caught.value)


def test_no_german_word_is_a_typo_of_an_english_one(de: None) -> None:
    """``grau`` is alike ``gray``, ``violett`` ``violet``: each reads as its English word."""
    assert {"blau", "grau", "gruen", "grun", "weiss", "lila", "tuerkis", "turkis"} <= set(said())
    for german, english in said().items():
        for in_play in ([], ["gray"], ["violet", "grey"], sorted(COLOUR_NAMES)[:5]):
            assert words.buyer(german, in_play) in english, german


@pytest.mark.parametrize("english", sorted(COLOUR_NAMES - {"gray", "grey"}))
def test_no_english_word_is_a_typo_of_a_german_one(english: str) -> None:
    assert words.buyer(english, []) == english
    assert words.buyer(english, ["blue"]) == english or english == "blue"


@pytest.mark.parametrize(("typed", "close"), [("gelbb", "Gelb"), ("blaau", "Blau"),
                                              ("gren", "Grün")])
def test_a_near_miss_of_a_german_word_is_a_typo(de: None, typed: str, close: str) -> None:
    with pytest.raises(WordError, match=f"{close}\\?"):
        words.buyer(typed, [])


def test_declared_colours_in_german(de: None) -> None:
    declared = ("blue", "yellow", "grey")
    assert words.buyer("blau", [], declared) == "blue"
    assert words.buyer("ge", [], declared) == "yellow"
    with pytest.raises(WordError) as caught:
        words.buyer("rosa", [], declared)
    assert "(Blau, Gelb, Grau)" in str(caught.value)
    assert words.buyer_colours("blau gelb, grau") == ("blue", "yellow", "grey")


def test_a_gift_buyer_colour_in_german_is_written_in_english(de: None) -> None:
    assert words.gift_text("einkäufer blau") == "buyer blue"
    assert words.gift_text("einkäufer grau", ["gray"]) == "buyer gray"
    assert words.gift_text("buyer lindgrün") == "buyer lindgrün"


def test_a_colour_declared_twice_in_two_languages_is_named_in_german(de: None) -> None:
    with pytest.raises(WordError, match="--buyers: Blau ist zweimal genannt"):
        words.buyer_colours("blau blue")


def test_a_colour_declared_twice_in_english() -> None:
    with pytest.raises(WordError, match="--buyers: blue is named twice"):
        words.buyer_colours("blue Blue")
