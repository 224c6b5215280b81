"""One word per concept: Yspahan's terms (``rules/terms.py``) name each noun of the board
for the referee and the views alike, in English and in German; an id the module does not
know (a table's own profile) is shown as written."""

from __future__ import annotations

import io

import pytest
from yspahan_helpers import board as load_board

from asara_cli.core.i18n import language
from asara_cli.games.yspahan.rules import terms
from asara_cli.games.yspahan.rules.board import Board


def _ids(board: Board) -> dict[str, list[str]]:
    quarters = list(board.quarters)
    return {
        "quarter": quarters, "good": quarters, "row": list(board.rows),
        "souk": [s.id for s in board.souks], "cell": [*board.cells, "inner"],
        "building": list(board.buildings), "caravan_row": ["bottom", "middle", "top"],
        "colour": ["blue", "red", "green", "yellow", "pink"], "card": list(board.cards),
    }


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_noun_of_the_board_has_a_word_and_an_unknown_id_is_shown_as_written(
        lang: str, request: pytest.FixtureRequest) -> None:
    if lang == "de":
        request.getfixturevalue("german")
    assert language() == lang
    for name, ids in _ids(load_board()).items():
        for word in ids:
            assert getattr(terms, name)(word).strip(), (name, word)
        assert getattr(terms, name)("unknown-id") == "unknown-id", name


def test_the_views_own_words_in_english_and_german(german: None) -> None:
    assert terms.card("hidden") == "verdeckt"
    assert terms.souk("chest8") == "Truhe8" and terms.row("camels") == "Kamele"
    assert terms.cards(["goldvp", "hidden"]) == [terms.card("goldvp"), "verdeckt"]
    assert terms.buildings(["caravanserai"]) == ["Karawanserei"]
    assert terms.certainty("medium") == "mittel"
    assert terms.effect("unknown-id") == "unknown-id"


def test_the_views_own_words_in_english() -> None:
    assert language() == "en"
    assert terms.card("hidden") == "hidden" and terms.souk("chest8") == "chest8"
    assert terms.certainty("medium") == "medium" and terms.effect("goldvp") == "goldvp"
    assert terms.buildings(["caravanserai"]) == ["caravanserai"]


def test_the_packaged_profile_describes_itself_in_german(german: None) -> None:
    """The packaged profile's description is in the catalogue: the screen's constant is the
    file's text, so a change to one shows in the other."""
    from rich.console import Console

    from asara_cli.games.yspahan.screens import STANDARD_DESCRIPTION, board_view

    board = load_board()
    assert board.description == STANDARD_DESCRIPTION
    console = Console(width=80, record=True, file=io.StringIO())
    console.print(board_view(board))
    text = " ".join(console.export_text().split())
    assert ("Spielplanprofil standard: Yspahan, 3\u20134 Spieler: Spielplan, Straße und "
            "Kartenblatt, wie die Regelübersicht (Y1) sie liest") in text
    assert "card sheet" not in text
