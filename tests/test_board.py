"""The packaged board profile against RULES.md R1 (and the point tables of R3.2, R4, R5, R6).

Every expected number below is typed from RULES.md, not read from the profile. Values RULES.md
marks unknown must load as ``None`` — never a guessed number.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from asara_cli.games.asara.rules.board import (
    Board,
    BoardError,
    LightedOffer,
    Places,
    board_from_mapping,
)
from asara_cli.games.asara.rules.model import Colour, Section


def test_packaged_profile_loads(board: Board) -> None:
    assert isinstance(board, Board)
    assert board.profile == "standard"
    assert board.description


def test_board_is_frozen(board: Board) -> None:
    with pytest.raises(AttributeError):
        board.plots = 8  # type: ignore[misc]


# --- R1: every certain number --------------------------------------------------------------


def test_r1_players_and_years(board: Board) -> None:
    assert (board.min_players, board.max_players) == (2, 4)  # R1: 2-4 players
    assert board.years == 4  # R1: 4 years


@pytest.mark.parametrize(
    ("colour", "price"),
    [
        (Colour.BROWN, 3),
        (Colour.GREEN, 4),
        (Colour.RED, 5),
        (Colour.BLACK, 6),
        (Colour.WHITE, 8),
    ],
    ids=["R1-brown-3", "R1-green-4", "R1-red-5", "R1-black-6", "R1-white-8"],
)
def test_r1_section_prices(board: Board, colour: Colour, price: int) -> None:
    assert board.prices[colour] == price
    assert board.price(colour) == price


def test_r1_tiles(board: Board) -> None:
    # R1: 20 bases, 20 trunks, 25 windows, 20 turrets (= 85) + 15 lighted windows (pro)
    assert dict(board.tiles) == {
        Section.BASE: 20,
        Section.TRUNK: 20,
        Section.WINDOW: 25,
        Section.TURRET: 20,
    }
    assert sum(board.tiles.values()) == 85
    assert board.lighted_window_tiles == 15


def test_r1_market(board: Board) -> None:
    assert board.market_spaces == 4  # 4 buyer spaces per area
    # display: 7 bases, 7 trunks, 8 windows, 7 turrets
    assert dict(board.display) == {
        Section.BASE: 7,
        Section.TRUNK: 7,
        Section.WINDOW: 8,
        Section.TURRET: 7,
    }


def test_r1_building_circle(board: Board) -> None:
    assert board.plots == 7


def test_r1_bank_four_spaces_only_12_known(board: Board) -> None:
    assert board.bank_spaces == 4
    assert board.bank_max_value == 12
    assert board.bank_values == (12, None, None, None)  # one +12, the other three unknown


def test_r1_other_areas(board: Board) -> None:
    assert board.coloured_building_income == 5  # R3.3: +5
    assert board.spies_costs == (3, 5)  # R3.4: House of Spies 3 and 5
    assert board.caliph_spaces == 1  # R3.5
    assert board.recruit_draw == 2  # R3.6: draw 2 buyers
    # R3.7: pay 4 draw 3 keep 1; pay 10 draw 5 keep 2; at least 2 spaces
    assert board.lighted_offers == (LightedOffer(4, 3, 1), LightedOffer(10, 5, 2))
    assert board.lighted_min_spaces == 2


def test_r1_buyers_and_hand_sizes(board: Board) -> None:
    assert board.buyers_total == 45
    assert board.buyer_colours == 5
    assert dict(board.hand_size) == {2: 9, 3: 8, 4: 7}


def test_r1_money(board: Board) -> None:
    assert board.start_money == (20, 21, 22, 23)  # start player 20, then 21, 22, 23
    assert board.yearly_money == 20


def test_r1_unknown_values_are_none_not_guessed(board: Board) -> None:
    # RULES.md R1 marks these unknown; the 4/4/5/4 and 9-per-colour splits are only estimates.
    assert board.tiles_per_colour is None
    assert board.gold_tiles is None
    assert board.tent_spaces is None
    assert board.tent_costs is None
    assert board.lighted_spaces is None
    assert board.buyers_per_colour is None
    assert board.bank_values[1:] == (None, None, None)


def test_r3_2_and_r4_point_values(board: Board) -> None:
    assert board.build_per_section == 1  # R3.2: +1 per section
    # R4: +1 per tower, visible gold, lighted window, Caliph
    assert (board.year_tower, board.year_gold, board.year_lighted_window, board.year_caliph) == (
        1, 1, 1, 1)


@pytest.mark.parametrize(
    ("colour", "first", "second"),
    [
        (Colour.BROWN, 4, 2),
        (Colour.GREEN, 6, 3),
        (Colour.RED, 8, 4),
        (Colour.BLACK, 10, 5),
        (Colour.WHITE, 12, 6),
    ],
    ids=["R5-brown-4/2", "R5-green-6/3", "R5-red-8/4", "R5-black-10/5", "R5-white-12/6"],
)
def test_r5_final_colour_tables(board: Board, colour: Colour, first: int, second: int) -> None:
    assert board.final_colour[colour] == Places(first, second)


def test_r5_final_other_tables(board: Board) -> None:
    # Overall is 8/4: the English text's dropped "8" is a misprint (RULES.md R5).
    assert board.final_overall == Places(8, 4)
    assert board.final_most_towers == Places(12, 6)
    assert board.money_per_point == 10


def test_r6_expansion_numbers(board: Board) -> None:
    assert (board.gift_cards, board.gift_cards_pro) == (20, 24)
    assert (board.gifts_dealt, board.gifts_dealt_pro) == (5, 6)
    assert board.genie_costs == (3, 5, 7)


# --- a table's own profile ----------------------------------------------------------------


def test_known_bank_values_load_strictly(standard_profile: dict[str, Any]) -> None:
    standard_profile["bank"]["values"] = [12, 8, 6, 4]
    assert board_from_mapping(standard_profile).bank_values == (12, 8, 6, 4)


def test_known_tent_loads(standard_profile: dict[str, Any]) -> None:
    standard_profile["tent"]["spaces"] = 2
    standard_profile["tent"]["costs"] = [1, 2]
    b = board_from_mapping(standard_profile)
    assert (b.tent_spaces, b.tent_costs) == (2, (1, 2))


# --- broken profiles: BoardError naming the dotted key -----------------------------------------

Edit = Callable[[dict[str, Any]], None]


def _delete(*path: str | int) -> Edit:
    def edit(d: dict[str, Any]) -> None:
        node: Any = d
        for p in path[:-1]:
            node = node[p]
        del node[path[-1]]

    return edit


def _set(value: Any, *path: str | int) -> Edit:
    def edit(d: dict[str, Any]) -> None:
        node: Any = d
        for p in path[:-1]:
            node = node[p]
        node[path[-1]] = value

    return edit


BROKEN: list[Any] = [
    # missing keys
    pytest.param(_delete("prices", "white"), "prices.white", id="missing-prices.white"),
    pytest.param(_delete("scoring", "final", "overall"), "scoring.final.overall",
                 id="missing-scoring.final.overall"),
    pytest.param(_delete("scoring", "final", "colour", "red"), "scoring.final.colour.red",
                 id="missing-scoring.final.colour.red"),
    pytest.param(_delete("money", "yearly"), "money.yearly", id="missing-money.yearly"),
    pytest.param(_delete("buyers", "hand", "3"), "buyers.hand.3", id="missing-buyers.hand.3"),
    pytest.param(_delete("profile"), "profile", id="missing-profile"),
    pytest.param(_delete("bank"), "bank", id="missing-whole-bank-table"),
    pytest.param(_delete("lighted_windows", "offers", 1, "keep"),
                 "lighted_windows.offers[1].keep", id="missing-offers[1].keep"),
    # wrong types
    pytest.param(_set("5", "prices", "red"), "prices.red", id="type-prices.red-text"),
    pytest.param(_set(True, "prices", "red"), "prices.red", id="type-prices.red-bool"),
    pytest.param(_set(8.5, "buyers", "hand", "3"), "buyers.hand.3", id="type-hand-float"),
    pytest.param(_set("unknown", "prices", "green"), "prices.green",
                 id="type-prices.green-unknown-not-allowed"),
    pytest.param(_set(12, "bank", "values"), "bank.values", id="type-bank.values-not-list"),
    pytest.param(_set([8], "scoring", "final", "overall"), "scoring.final.overall",
                 id="type-overall-one-value"),
    pytest.param(_set([10, "5"], "scoring", "final", "colour", "black"),
                 "scoring.final.colour.black[1]", id="type-black-2nd-text"),
    pytest.param(_set(42, "profile"), "profile", id="type-profile-not-text"),
    # values out of range
    pytest.param(_set(0, "prices", "brown"), "prices.brown", id="range-price-0"),
    pytest.param(_set(-1, "money", "yearly"), "money.yearly", id="range-negative-yearly"),
    pytest.param(_set([20, 21, 22], "money", "start"), "money.start",
                 id="range-start-money-3-for-4-seats"),
    # 2nd worth more than 1st
    pytest.param(_set([5, 10], "scoring", "final", "colour", "black"),
                 "scoring.final.colour.black", id="2nd>1st-black"),
    pytest.param(_set([4, 8], "scoring", "final", "overall"), "scoring.final.overall",
                 id="2nd>1st-overall"),
    pytest.param(_set([6, 12], "scoring", "final", "most_towers"),
                 "scoring.final.most_towers", id="2nd>1st-most_towers"),
    # bank
    pytest.param(_set([12, 13, "unknown", "unknown"], "bank", "values"), "bank.values[1]",
                 id="bank-value-13-above-max-12"),
    pytest.param(_set([12, "unknown", "unknown"], "bank", "values"), "bank.values",
                 id="bank-3-values-for-4-spaces"),
    pytest.param(_set({"pay": 4, "draw": 1, "keep": 2}, "lighted_windows", "offers", 0),
                 "lighted_windows.offers[0]", id="offer-keeps-more-than-drawn"),
    # the log's pay is the only name an offer has (docs/rulings.md G18)
    pytest.param(_set({"pay": 4, "draw": 2, "keep": 1}, "lighted_windows", "offers", 1),
                 "lighted_windows.offers[1].pay", id="two-offers-at-one-price"),
]


@pytest.mark.parametrize(("edit", "key"), BROKEN)
def test_broken_profile_raises_board_error_naming_key(
    standard_profile: dict[str, Any], edit: Edit, key: str
) -> None:
    edit(standard_profile)
    with pytest.raises(BoardError) as info:
        board_from_mapping(standard_profile)
    assert info.value.key == key
    assert str(info.value).startswith(f"{key}:")


def test_board_error_is_a_value_error() -> None:
    assert issubclass(BoardError, ValueError)


# --- a profile saved before the game grew: what it leaves out comes from the packaged one ------


def _saved_before_the_genie(profile: dict[str, Any]) -> dict[str, Any]:
    """The standard profile as a table saved it before the genie's house (R6.2) and the
    prestige gift's number existed: no ``[genie]``, no ``[areas.genie]``, no
    ``gifts.prestige``."""
    del profile["genie"]
    del profile["areas"]["genie"]
    del profile["gifts"]["prestige"]
    profile["profile"] = "ours"
    profile["description"] = "our copy, saved in 2025"
    return profile


#: The table ASARA takes whole (games/asara/__init__.py): a hand size per player count.
ASARA_WHOLE = ("buyers.hand",)


def test_with_defaults_fills_what_is_left_out_and_names_it(
        standard_profile: dict[str, Any], _standard_profile: dict[str, Any]) -> None:
    from asara_cli.core.profile import with_defaults

    merged, taken = with_defaults(_saved_before_the_genie(standard_profile), _standard_profile,
                                  whole=ASARA_WHOLE)
    assert set(taken) == {"genie.costs", "areas.genie", "gifts.prestige"}
    assert merged["genie"] == {"costs": [3, 5, 7]}  # R6.2: spaces 3, 5, 7
    assert merged["areas"]["genie"]["kind"] == "genie"
    assert merged["gifts"]["prestige"] == 2
    assert merged["profile"] == "ours"  # its own name is never replaced


def test_with_defaults_keeps_every_value_the_profile_gives(
        standard_profile: dict[str, Any], _standard_profile: dict[str, Any]) -> None:
    from asara_cli.core.profile import with_defaults

    standard_profile["prices"]["white"] = "eight"  # wrong, and still the profile's own
    standard_profile["buyers"]["hand"] = {"3": 8, "4": 7}  # a 3-4 player table
    standard_profile["players"]["min"] = 3
    merged, taken = with_defaults(standard_profile, _standard_profile,
                                  whole=ASARA_WHOLE)
    assert taken == ()
    assert merged["prices"]["white"] == "eight"
    assert merged["buyers"]["hand"] == {"3": 8, "4": 7}  # taken whole or not at all


def test_with_defaults_takes_an_area_kind_not_an_area_key(
        standard_profile: dict[str, Any], _standard_profile: dict[str, Any]) -> None:
    from asara_cli.core.profile import with_defaults

    # The table renamed its genie area: it has the kind, so nothing is added.
    standard_profile["areas"]["bottle"] = standard_profile["areas"].pop("genie")
    merged, taken = with_defaults(standard_profile, _standard_profile,
                                  whole=ASARA_WHOLE)
    assert taken == ()
    assert "genie" not in merged["areas"]


def _write(tmp_path: Any, profile: dict[str, Any], name: str = "old.toml") -> Any:
    import tomli_w

    path = tmp_path / name
    path.write_text(tomli_w.dumps(profile), "utf-8")
    return path


def test_an_old_profile_loads_with_the_packaged_genie(
        tmp_path: Any, standard_profile: dict[str, Any]) -> None:
    from asara_cli.logfile.board import load_board

    path = _write(tmp_path, _saved_before_the_genie(standard_profile))
    old = load_board(path)
    assert old.profile == "ours"
    assert old.genie_costs == (3, 5, 7)
    assert old.area("genie").spaces == (3, 5, 7)
    assert old.gift_prestige == 2
    assert set(old.defaulted) == {"genie.costs", "areas.genie", "gifts.prestige"}
    assert load_board().defaulted == ()


def test_the_genie_works_in_a_game_on_an_old_profile(
        tmp_path: Any, standard_profile: dict[str, Any]) -> None:
    """R6.2, X8 with the log naming the old profile: Tina +5 at the coloured building, Paul
    takes bank space 1 (+12), Tina pays the genie 3 and wishes for the +12 space: 20 + 5 - 3
    + 12 = 34; Paul 21 + 12 = 33."""
    import json

    from typer.testing import CliRunner

    from asara_cli.cli import app
    from asara_cli.games.asara.rules.events import Bank, Coloured, Genie, Placement, Turn
    from asara_cli.games.asara.rules.model import Variant
    from asara_cli.games.asara.rules.state import Setup
    from asara_cli.logfile.game import LogHeader, log_to_text

    _write(tmp_path, _saved_before_the_genie(standard_profile))
    setup = Setup(("Tina", "Paul"), 0, Variant.PRO, ("genie",))
    events = [Turn(Placement("Tina", None, None), Coloured()),
              Turn(Placement("Paul", "blue", 1), Bank(12)),
              Turn(Placement("Tina", "red", 3), Genie(Bank(12), 1))]
    log = tmp_path / "game.toml"
    log.write_text(log_to_text(LogHeader(setup, board="old.toml"), events), "utf-8")
    result = CliRunner().invoke(app, ["status", "--json", str(log)])
    assert result.exit_code == 0, result.stderr
    money = {p["name"]: p["money"] for p in json.loads(result.stdout)["players"]}
    assert money == {"Tina": 34, "Paul": 33}


def test_asara_board_names_the_defaults_taken(
        tmp_path: Any, standard_profile: dict[str, Any]) -> None:
    import json

    from typer.testing import CliRunner

    from asara_cli.cli import app

    path = _write(tmp_path, _saved_before_the_genie(standard_profile))
    shown = CliRunner().invoke(app, ["board", "--board", str(path)])
    assert shown.exit_code == 0, shown.stderr
    from wrapped import messages

    note = messages(shown.stdout.strip())[-1]
    assert note.startswith("note: the profile does not name ")
    for key in ("genie.costs", "areas.genie", "gifts.prestige"):
        assert key in note
    data = json.loads(CliRunner().invoke(app, ["board", "--json", "--board", str(path)]).stdout)
    assert set(data["defaulted"]) == {"genie.costs", "areas.genie", "gifts.prestige"}
    assert data["genie_costs"] == [3, 5, 7]
    whole = CliRunner().invoke(app, ["board"])
    assert "note:" not in whole.stdout


@pytest.mark.parametrize(("edit", "key", "words"), [
    (_set({"kind": "dragon", "name": "dragon's lair"}, "areas", "lair"), "areas.lair.kind",
     "expected one of market"),
    (_set("eight", "prices", "white"), "prices.white", "expected a whole number"),
    (_set(5, "genie"), "genie.costs", "missing"),
    (_delete("profile"), "profile", "missing"),
], ids=["unknown-kind", "malformed-price", "genie-not-a-table", "no-own-name"])
def test_a_broken_profile_is_still_refused(
        tmp_path: Any, standard_profile: dict[str, Any], edit: Edit, key: str,
        words: str) -> None:
    from typer.testing import CliRunner

    from asara_cli.cli import app

    edit(standard_profile)
    path = _write(tmp_path, standard_profile, "mine.toml")
    result = CliRunner().invoke(app, ["board", "--board", str(path)])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ")
    said = " ".join(result.stderr.split())  # the temporary path moves where the lines break
    assert f"{key}: board profile: " in said
    assert words in said
    assert "Traceback" not in result.output
