"""One word per concept: the views' Yspahan terms (``games/yspahan/terms.py``) are the
referee's (``rules/terms.py``), in English and in German, and add only what the referee has
no use for (a card drawn hidden, card effects, certainties, lists)."""

from __future__ import annotations

import io

import pytest
from yspahan_helpers import board as load_board

from asara_cli.core.i18n import language
from asara_cli.games.yspahan import terms as views
from asara_cli.games.yspahan.rules import terms as referee
from asara_cli.games.yspahan.rules.board import Board


def _ids(board: Board) -> dict[str, list[str]]:
    quarters = list(board.quarters)
    return {
        "quarter": quarters, "good": quarters, "row": list(board.rows),
        "souk": [s.id for s in board.souks], "cell": [*board.cells, "inner"],
        "building": list(board.buildings), "caravan_row": ["bottom", "middle", "top"],
        "colour": ["blue", "red", "green", "yellow", "pink"],
    }


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_views_say_each_noun_as_the_referee_does(lang: str, request: pytest.FixtureRequest
                                                    ) -> None:
    if lang == "de":
        request.getfixturevalue("german")
    assert language() == lang
    board = load_board()
    for name, ids in _ids(board).items():
        for word in [*ids, "unknown-id"]:
            assert getattr(views, name)(word) == getattr(referee, name)(word), (name, word)
    for kind in [*board.cards, "unknown-id"]:
        assert views.card(kind) == referee.card(kind), kind
    for n in range(1, 25):
        assert views.ordinal(n, "card") == referee.ordinal(n, "card")


def test_the_views_own_words_in_english_and_german(german: None) -> None:
    assert views.card("hidden") == "verdeckt"
    assert views.souk("chest8") == "Truhe8" and views.row("camels") == "Kamele"
    assert views.cards(["goldvp", "hidden"]) == [views.card("goldvp"), "verdeckt"]
    assert views.buildings(["caravanserai"]) == ["Karawanserei"]
    assert views.certainty("medium") == "mittel"
    assert views.effect("unknown-id") == "unknown-id"


def test_the_views_own_words_in_english() -> None:
    assert language() == "en"
    assert views.card("hidden") == "hidden" and views.souk("chest8") == "chest8"
    assert views.certainty("medium") == "medium" and views.effect("goldvp") == "goldvp"
    assert views.buildings(["caravanserai"]) == ["caravanserai"]


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
