"""Two rulings a table may have learned on Boardspace, where the rulebook is silent
(docs/rulings.md Y-R13, Y-R14): the board profile's switches ``cost_card_credit_kept`` and
``vp_card_caps``, each off (the default: the referee as before) and on. The position is
yspahan_helpers' day 1 of a 4-player game after the rulebook's roll (camels: 3 dice of 1,
one of them yellow; gold: 3 dice of 6), Ann the start player with 2 gold, no camels."""

from __future__ import annotations

import pytest
from yspahan_helpers import give, profile, rules, run, table

from asara_cli.core.findings import ERROR, WARNING
from asara_cli.games.yspahan.rules.board import Board, board_from_mapping
from asara_cli.games.yspahan.rules.events import Build, Camels, Gold, Play, Turn
from asara_cli.games.yspahan.rules.state import Table, snapshot, thaw

ANN = 0


def _board(**switches: bool) -> Board:
    data = profile()
    data["switches"].update(switches)
    return board_from_mapping(data)


def _again(t: Table) -> None:
    """Ann to move once more (her turn is the day's first: a second turn laid out by hand,
    the rows she left on the tower); the table thawed from its frozen state, as the table
    session keeps a position between moves."""
    t2 = thaw(t.board, snapshot(t))
    t2.done = 0
    for name in Table.__slots__:
        setattr(t, name, getattr(t2, name))


def test_the_packaged_profile_keeps_both_switches_off() -> None:
    from yspahan_helpers import board

    assert (board().cost_card_credit_kept, board().vp_card_caps) == (False, False)


# --- cost_card_credit_kept (Y6.12) -------------------------------------------------------------


@pytest.mark.parametrize(("kept", "first", "camels_after", "credit_left"), [
    # off: the nocamels card played without a building is wasted (a Y6.12 warning); the
    # pasture later costs its 2 camels (2 from the camels row, the yellow die gone: 0 left)
    (False, [("Y6.12", WARNING)], 0, False),
    # on: no warning; the credit waits in the frozen state and the pasture costs no camels;
    # the credit is spent by it
    (True, [], 2, False),
])
def test_a_cost_card_without_a_building(kept: bool, first: list[tuple[str, str]],
                                         camels_after: int, credit_left: bool) -> None:
    t = table(b=_board(cost_card_credit_kept=kept))
    give(t, ANN, "nocamels")
    assert rules(run(t, Turn("Ann", "gold", Gold(), after=(Play("nocamels"),)))) == first
    assert t.credit_camels[ANN] == kept and not t.credit_gold[ANN]
    _again(t)
    assert t.credit_camels[ANN] == kept  # kept through the frozen state
    assert rules(run(t, Turn("Ann", "camels", Camels(), build=Build("pasture")))) == []
    assert t.camels[ANN] == camels_after and t.built[ANN] == ["pasture"]
    assert t.credit_camels[ANN] == credit_left


@pytest.mark.parametrize(("kept", "found", "credit"), [
    # off: played after this turn's building, it waives nothing (Y6.12, as before)
    (False, [("Y6.12", WARNING)], False),
    # on: its credit is kept for the next building
    (True, [], True),
])
def test_a_cost_card_after_the_building(kept: bool, found: list[tuple[str, str]],
                                        credit: bool) -> None:
    t = table(b=_board(cost_card_credit_kept=kept))
    give(t, ANN, "nogold")
    t.camels[ANN] = 2
    assert rules(run(t, Turn("Ann", "gold", Gold(), build=Build("pasture"),
                             last=(Play("nogold"),)))) == found
    assert t.credit_gold[ANN] == credit and not t.credit_camels[ANN]


def test_a_kept_credit_is_said_in_the_move_s_flows() -> None:
    from asara_cli.games.yspahan.rules.engine import moved

    t = table(b=_board(cost_card_credit_kept=True))
    give(t, ANN, "nocamels")
    flows = moved(t.board, t, Turn("Ann", "gold", Gold(), after=(Play("nocamels"),)))
    assert "kept for a later building: no camels (cost_card_credit_kept)" in [
        f.why for f in flows]


# --- vp_card_caps (Y1.5) -----------------------------------------------------------------------


@pytest.mark.parametrize(("caps", "card", "k", "found"), [
    # off: the caps (10 gold, 4 camels: cards.kinds.*.cap) are card data of low certainty,
    # a warning beyond them, and the points are scored
    (False, "goldvp", 11, [("Y1.5", WARNING)]),
    (False, "camelvp", 5, [("Y1.5", WARNING)]),
    # on: Boardspace's caps are rules: refused beyond them
    (True, "goldvp", 11, [("Y1.5", ERROR)]),
    (True, "camelvp", 5, [("Y1.5", ERROR)]),
    # at the cap: legal either way
    (True, "goldvp", 10, []),
    (True, "camelvp", 4, []),
    (False, "goldvp", 10, []),
])
def test_the_point_cards_caps(caps: bool, card: str, k: int, found: list[tuple[str, str]]
                              ) -> None:
    t = table(b=_board(vp_card_caps=caps))
    give(t, ANN, card)
    t.gold[ANN], t.camels[ANN] = 11, 5
    assert rules(run(t, Turn("Ann", "gold", Gold(), after=(Play(card, k=k),)))) == found


@pytest.mark.parametrize("kept", [False, True])
def test_the_status_shows_a_kept_credit(kept: bool) -> None:
    """Ann played nocamels and built nothing: with the switch on, the status says what her
    next building is spared (text and JSON); off, nothing is kept and nothing said."""
    import io

    from rich.console import Console

    from asara_cli.games.yspahan.screens import status_dict, status_view

    t = table(b=_board(cost_card_credit_kept=kept))
    give(t, ANN, "nocamels")
    run(t, Turn("Ann", "gold", Gold(), after=(Play("nocamels"),)))
    state = snapshot(t)
    ann = status_dict(t.board, state)["players"][ANN]
    assert ann.get("kept_for_a_building") == ("no camels" if kept else None)
    shown = io.StringIO()
    Console(file=shown, width=80).print(status_view(t.board, state, "status"))
    assert ("kept for a building: no camels" in " ".join(shown.getvalue().split())) == kept
