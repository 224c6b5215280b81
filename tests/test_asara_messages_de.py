"""German messages of ASARA's words (issue 31): an ambiguous or unknown area lists the German
words one types, never the log's keys; English unchanged."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from asara_cli import language
from asara_cli.games.asara import words
from asara_cli.games.asara.words import WordError

KEYS = {k: k for k in ("base", "trunk", "window", "turret", "circle", "bank", "coloured",
                       "spies", "caliph", "tent", "lighted", "genie")}


@pytest.fixture
def de() -> Iterator[None]:
    language.use("de")
    yield
    language.use("en")


@pytest.mark.parametrize(("typed", "names"), [
    ("b", "Basis oder Bank oder Baukreis oder bunt"),
    ("ba", "Basis oder Bank oder Baukreis"),
    ("s", "Spione oder Spitze"),
])
def test_an_ambiguous_area_names_the_german_words(de: None, typed: str, names: str) -> None:
    with pytest.raises(WordError) as caught:
        words.area(typed, KEYS)
    assert f"'{typed}' ist mehrdeutig: {names}?" in str(caught.value)


def test_an_unknown_area_lists_the_german_words(de: None) -> None:
    with pytest.raises(WordError) as caught:
        words.area("xyz", KEYS)
    assert ("bekannt: Basis, Mittelteil, Fenster, Spitze, Baukreis, Bank, bunt, Spione, Kalif, "
            "Zelt, leuchtend, Dschinn)") in str(caught.value)
    for key in ("circle", "coloured", "spies", "caliph", "genie"):
        assert key not in str(caught.value)


def test_the_german_words_read_as_the_keys(de: None) -> None:
    assert words.area("Baukr", KEYS) == "circle"
    assert words.area("bun", KEYS) == "coloured"


def test_english_areas_unchanged() -> None:
    with pytest.raises(WordError, match=r"'b' is ambiguous: base or bank or circle or coloured\?"):
        words.area("b", KEYS)
