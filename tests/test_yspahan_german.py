"""YSPAHAN's referee in German: the rulebook's words for the game's nouns, refusals that
name the rule id and the facts, and the ledger's reasons (issue 31). The ``german``
fixture (tests/conftest.py) speaks German for one test and English again after it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from asara_cli.games.yspahan.rules import terms

Term = Callable[[str], str]


@pytest.mark.parametrize(("term", "word", "expected"), [
    (terms.quarter, "bag", "Sack"),
    (terms.quarter, "barrel", "Fass"),
    (terms.quarter, "chest", "Truhe"),
    (terms.quarter, "vase", "Amphore"),
    (terms.good, "vase", "Amphore"),
    (terms.row, "camels", "Kamele"),
    (terms.row, "chest", "Truhe"),
    (terms.row, "gold", "Gold"),
    (terms.souk, "chest6", "Truhe6"),
    (terms.souk, "vase12", "Amphore12"),
    (terms.building, "pasture", "Weide"),
    (terms.building, "shop", "Geschäft"),
    (terms.building, "bath", "Badehaus"),
    (terms.building, "caravanserai", "Karawanserei"),
    (terms.building, "market", "Markt"),
    (terms.building, "hoist", "Lastenaufzug"),
    (terms.card, "goldvp", "Goldpunkte"),
    (terms.card, "nocamels", "Kamelfrei"),
    (terms.caravan_row, "bottom", "unten"),
    (terms.colour, "blue", "blau"),
])
def test_the_rulebooks_words(german: None, term: Term, word: str, expected: str) -> None:
    assert term(word) == expected


@pytest.mark.parametrize("term", [terms.quarter, terms.row, terms.souk, terms.building,
                                  terms.card, terms.caravan_row, terms.colour])
def test_english_words_and_unknown_ids_are_shown_as_they_are(term: Term) -> None:
    for word in ("bag", "chest6", "hoist", "goldvp", "bottom", "blue", "tent7", "spice"):
        assert term(word) == word


def test_an_id_of_a_tables_own_profile_is_shown_as_it_is(german: None) -> None:
    assert terms.souk("spice4") == "spice4"
    assert terms.building("tent") == "tent"
    assert terms.row("spice") == "spice"
