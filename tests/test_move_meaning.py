"""What a move means on the board is the referee's to say (games/asara/rules/), not the
command layer's: which bank space an amount takes, the tent's cost, a lighted window laid
on gold, the gifts a move claims. And the bug that decision hid in the command layer: a bank
of two equal values (the genie's option taken for the move's own function)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from asara_cli.cli import run
from asara_cli.games.asara.rules.areas.bank import space_for
from asara_cli.games.asara.rules.areas.lighted import lights_gold
from asara_cli.games.asara.rules.areas.tent import printed_cost
from asara_cli.games.asara.rules.board import Board, board_from_mapping
from asara_cli.games.asara.rules.engine import replay
from asara_cli.games.asara.rules.events import (
    Bank,
    Coloured,
    Gift,
    GiftKind,
    GiftsDealt,
    GiftUse,
    Placement,
    Turn,
)
from asara_cli.games.asara.rules.gifts import claim
from asara_cli.games.asara.rules.model import Colour, Section, Tower, Variant
from asara_cli.games.asara.rules.state import GameState, Setup
from asara_cli.logfile.game import read_log

runner = CliRunner()


def _board(standard_profile: dict[str, Any], **bank: object) -> Board:
    data = dict(standard_profile)
    data["bank"] = {**standard_profile["bank"], **bank}
    return board_from_mapping(data)


def _after(board: Board, events: list[Turn]) -> GameState:
    result = replay(board, Setup(("Ann", "Ben"), 0, Variant.BASIC), events)
    assert result.valid, result.violations
    return result.state


# --- the bank (R3.3) ------------------------------------------------------------------------


@pytest.mark.parametrize(("values", "taken", "amount", "wished", "space", "known"), [
    ([12, 8, 8, 6], [], 8, False, 2, True),  # the first free space that pays it
    ([12, 8, 8, 6], [2], 8, False, 3, True),  # the next one when that is taken
    ([12, 8, 8, 6], [2, 3], 8, False, 2, False),  # both taken: the first (the referee says)
    ([12, 8, 8, 6], [2], 8, True, 2, True),  # the genie grants any space, taken or not
    ([12, 8, 8, 6], [], 5, False, 1, False),  # none pays 5: space 1 (refused: R3.3)
    ([12, "unknown", "unknown", 6], [], 8, False, 2, False),  # a space of unknown value
    # this log showed space 2 to pay 8: that space again, though taken (the referee says)
    ([12, "unknown", "unknown", 6], [2], 8, False, 2, False),
])
def test_the_bank_space_an_amount_takes(standard_profile: dict[str, Any],
                                        values: list[object], taken: list[int], amount: int,
                                        wished: bool, space: int, known: bool) -> None:
    board = _board(standard_profile, values=values)
    events = [Turn(Placement(("Ann", "Ben")[i % 2], "red", s), Bank(v if isinstance(v, int)
                                                                     else 8))
              for i, s in enumerate(taken) for v in [values[s - 1]]]
    state = _after(board, events)
    assert space_for(board, state, amount, wished=wished) == (space, known)


def test_a_space_of_unknown_value_is_known_once_the_log_shows_it(
        standard_profile: dict[str, Any]) -> None:
    board = _board(standard_profile, values=[12, "unknown", "unknown", "unknown"])
    # Ann took 10 from space 3 (year 1); in year 2 `bank 10` means space 3 again
    state = _after(board, [Turn(Placement("Ann", "red", 3), Bank(10))])
    assert space_for(board, state, 10) == (3, False)  # taken this year: refused, R2.2
    assert space_for(board, state, 7) == (2, False)  # a free space of unknown value
    year_two = _after(board, [Turn(Placement("Ann", "red", 3), Bank(10))]
                      + [Turn(Placement(n, None), Coloured())
                         for n in ["Ben", "Ann"] * 8 + ["Ben"]])
    assert year_two.year == 2
    assert space_for(board, year_two, 10) == (3, True)


def test_two_equal_bank_values_each_take_their_own_space(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Ann's `bank 8` takes space 2 and Ben's space 3 (the command once offered space 2
    again, as if every move wished through the genie: refused, R2.2)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ASARA_LOG", raising=False)
    monkeypatch.setenv("COLUMNS", "80")
    (tmp_path / "b.toml").write_text('profile = "eights"\ndescription = "two 8s"\n\n'
                                     '[bank]\nvalues = [12, 8, 8, 6]\n', "utf-8")
    assert run(["new", "g.toml", "-p", "Ann", "-p", "Ben", "--board", "b.toml"]) == 0
    assert run(["bank", "8", "--card", "red"]) == 0
    assert run(["bank", "8", "--card", "red"]) == 0, capsys.readouterr().err
    said = capsys.readouterr()
    assert "Ben takes 8 from the bank (a red buyer, space 3)" in said.out
    events = read_log(tmp_path / "g.toml").events
    assert [e.placement.space for e in events if isinstance(e, Turn)] == [2, 3]


# --- the tent (R3.6) ------------------------------------------------------------------------


@pytest.mark.parametrize(("costs", "space", "cost"), [
    ([1, 2, 3], 2, 2), ([1, 2, 3], None, None), ([1, 2, 3], 4, None), (None, 1, None),
])
def test_the_tent_space_costs_what_the_profile_prints(
        board: Board, costs: list[int] | None, space: int | None, cost: int | None) -> None:
    from msgspec.structs import replace

    with_costs = replace(board, tent_costs=None if costs is None else tuple(costs))
    assert printed_cost(with_costs, space) == cost


# --- a lighted window (R3.7) ----------------------------------------------------------------


@pytest.mark.parametrize(("windows", "gold", "lighted", "on_gold", "lit", "expected"), [
    (2, 0, 0, 0, 0, False),  # plain windows free
    (2, 1, 0, 0, 0, False),  # one plain, one gold: the plain one first
    (2, 1, 0, 0, 1, True),  # that plain one lit by this move: the gold one
    (2, 1, 1, 0, 0, True),  # the plain one lit before
    (2, 2, 0, 0, 0, True),  # only gold windows
    (2, 2, 2, 2, 0, False),  # none free at all: the referee refuses
])
def test_a_lighted_window_goes_on_gold_only_when_no_plain_one_is_free(
        board: Board, windows: int, gold: int, lighted: int, on_gold: int, lit: int,
        expected: bool) -> None:
    from msgspec.structs import replace

    state = _after(board, [])
    tower = Tower(Colour.RED, windows=windows, gold_windows=gold, lighted=lighted,
                  lighted_on_gold=on_gold)
    ann = state.players[0]
    state = replace(state, players=(replace(ann, towers=(tower,)), *state.players[1:]))
    assert lights_gold(state, "Ann", Colour.RED, 1, lit) is expected
    assert lights_gold(state, "Ann", Colour.RED, 2, lit) is False  # no second red tower


# --- the Caliph's gifts (R6.1) ----------------------------------------------------------------


def test_the_gifts_a_move_claims(board: Board) -> None:
    setup = Setup(("Ann", "Ben"), 0, Variant.BASIC, ("gifts",))
    deal = GiftsDealt((("base", 1, Gift(GiftKind.BUYER)),
                       ("base", 2, Gift(GiftKind.BUY, section=Section.TURRET)),
                       ("trunk", 1, Gift(GiftKind.ASARI, amount=6)),
                       ("window", 1, Gift(GiftKind.BUYER)),
                       ("turret", 1, Gift(GiftKind.PRESTIGE))))
    result = replay(board, setup, [deal])
    assert result.valid, result.violations
    state = result.state
    market = board.area("base")
    # a gift with no choice resolves by itself
    asari = claim(board, state, board.area("trunk"), 1, [])
    assert asari.undecided is None and [u.gift.kind for u in asari.uses] == [GiftKind.ASARI]
    # a purchase gift needs the player's word while its display holds a tile
    bought = claim(board, state, market, 2, [])
    assert bought.undecided == Gift(GiftKind.BUY, section=Section.TURRET) and bought.uses == ()
    said = GiftUse(Gift(GiftKind.BUY, section=Section.TURRET), colour=Colour.RED)
    bought = claim(board, state, market, 2, [said])
    assert bought.undecided is None and bought.uses == (said,)
    # a gift given that lies nowhere there is kept for the referee to refuse
    stray = GiftUse(Gift(GiftKind.PRESTIGE))
    nothing = claim(board, state, market, 3, [stray])
    assert nothing.lying == () and nothing.uses == (stray,)
    # a buyer gift is the player's pick from the deck: asked while the deck holds a card
    picked = claim(board, state, market, 1, [])
    assert picked.undecided == Gift(GiftKind.BUYER) and picked.uses == ()
    given = GiftUse(Gift(GiftKind.BUYER), buyer="green")
    assert claim(board, state, market, 1, [given]).uses == (given,)
    from msgspec.structs import replace

    empty = replace(state, draw_pile=0)  # void when the deck is empty (X4): nothing to ask
    void = claim(board, empty, market, 1, [])
    assert void.undecided is None and void.uses == (GiftUse(Gift(GiftKind.BUYER), taken=False),)


def test_a_lighted_window_gift_is_asked_while_the_stack_holds_one(board: Board) -> None:
    setup = Setup(("Ann", "Ben"), 0, Variant.PRO, ("gifts",))
    deal = GiftsDealt((("base", 1, Gift(GiftKind.LIGHTED)),
                       ("base", 2, Gift(GiftKind.ASARI, amount=6)),
                       ("trunk", 1, Gift(GiftKind.ASARI, amount=6)),
                       ("window", 1, Gift(GiftKind.ASARI, amount=6)),
                       ("turret", 1, Gift(GiftKind.PRESTIGE)),
                       ("lighted", 1, Gift(GiftKind.PRESTIGE))))
    result = replay(board, setup, [deal])
    assert result.valid, result.violations
    from msgspec.structs import replace

    state, market = result.state, board.area("base")
    assert state.lighted_stack > 0
    assert claim(board, state, market, 1, []).undecided == Gift(GiftKind.LIGHTED)
    # the stack is empty: nothing can be bought, so nothing is asked
    gone = claim(board, replace(state, lighted_stack=0), market, 1, [])
    assert gone.undecided is None
    assert gone.uses == (GiftUse(Gift(GiftKind.LIGHTED), taken=False),)
