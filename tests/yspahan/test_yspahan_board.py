"""The packaged Yspahan board profile (YSPAHAN.md Y1) and the checks on a profile's shape:
the counts Y1.1-Y1.5 state, worked out from the tables there, and one broken profile per
check, each refused naming its key."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from yspahan_helpers import board, profile

from asara_cli.games.yspahan.rules.board import BoardError, board_from_mapping


def test_quarters_and_souks() -> None:
    """Y1.1: 47 shops, 27 street-side; 18 / 14 / 9 / 6 shops per quarter; 14 souks."""
    b = board()
    assert sum(s.shops for s in b.souks) == 47
    assert sum(len(s.street) for s in b.souks) == 27
    per_quarter = {q: sum(b.souks[i].shops for i in b.souks_of(q)) for q in b.quarters}
    assert per_quarter == {"bag": 18, "barrel": 14, "chest": 9, "vase": 6}
    assert len(b.souks) == 14
    assert {s.id: s.value for s in b.souks if s.quarter == "vase"} == {
        "vase4": 4, "vase6": 6, "vase12": 12}
    # the rulebook's chest example: yellow 3-shop souk = 6, blue 2-shop = 4, pink 4-shop
    chest = {s.colour: (s.shops, s.value) for s in b.souks if s.quarter == "chest"}
    assert chest == {"yellow": (3, 6), "blue": (2, 4), "pink": (4, 8)}


def test_street() -> None:
    """Y1.2: 29 cells; every cell but C faces one shop, E1 and S1 face two; three corner
    shops face two cells."""
    b = board()
    assert len(b.cells) == 29
    assert b.faces["C"] == ()
    two = sorted(c for c in b.cells if len(b.faces[c]) == 2)
    assert two == ["E1", "S1"]
    assert all(len(b.faces[c]) == 1 for c in b.cells if c not in ("C", "E1", "S1"))
    corners = sorted(s.id for s in b.souks for cells in s.street if len(cells) == 2)
    assert corners == ["bag3", "barrel3", "vase4"]
    assert dict(b.arms) == {"W": 10, "E": 7, "N": 4, "S": 7}
    assert [b.souks[s].id for s, _ in b.faces["W9"]] == ["bag8"]


@pytest.mark.parametrize(("a", "b", "d"), [
    ("C", "C", 0), ("C", "W10", 10), ("W3", "W7", 4), ("W7", "W3", 4), ("W3", "S2", 5),
    ("E7", "N4", 11), ("S1", "E1", 2), ("N2", "N2", 0)])
def test_distance(a: str, b: str, d: int) -> None:
    """Y1.2: |i - j| along one arm, i + j across arms (C = 0)."""
    assert board().distance(a, b) == d


def test_caravan_buildings_cards_dice() -> None:
    b = board()
    assert b.caravan_size(3) == 9 and b.caravan_size(4) == 12  # Y1.3, Y5.1
    assert b.caravan_points == (2, 1, 0) and b.caravan_factors == (1, 2, 3)
    assert sum(b.building_points) == 25  # Y1.4
    assert {k: (x.camels, x.gold) for k, x in b.buildings.items()} == {
        "pasture": (2, 0), "shop": (2, 2), "bath": (2, 2), "caravanserai": (3, 3),
        "market": (4, 4), "hoist": (4, 4)}
    assert b.deck == 18 and len(b.cards) == 9  # Y1.5
    assert all(c.copies == 2 and not c.confirmed for c in b.cards.values())
    assert (b.cards["goldvp"].cap, b.cards["camelvp"].cap) == (10, 4)
    assert (b.white_dice, b.yellow_dice, b.start_gold, b.start_camels) == (9, 3, 2, 0)
    assert b.cube_supply is None and b.gold_supply is None and b.camel_supply is None
    assert b.caravanserai_on_card


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        *head, last = path.split(".")
        node = data
        for part in head:
            node = node[part]
        if value is _DELETE:
            del node[last]
        else:
            node[last] = value
    return change


_DELETE = object()

BROKEN: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("two-players", _set("players.min", 2), "players.min"),
    ("five-players", _set("players.max", 5), "players.max"),
    ("no-profile-name", _set("profile", _DELETE), "profile"),
    ("shop-count", _set("quarters.bag.souks.bag3.shops", 4), "quarters.bag.souks.bag3"),
    ("street-side-disagrees", _set("street.arms.W.faces", [["bag4"], *profile()["street"][
        "arms"]["W"]["faces"][1:]]), "street.arms.W.faces"),
    ("souk-faces-no-cell", _set("quarters.bag.souks.bag3.street", [["W3"], ["W1", "S1"],
                                                                     ["S9"]]),
     "quarters.bag.souks.bag3.street"),
    ("arm-length", _set("street.arms.W.length", 11), "street.arms.W.faces"),
    ("deck-size", _set("cards.deck", 20), "cards.kinds"),
    ("unknown-effect", _set("cards.kinds.gold3.effect", "silk"), "cards.kinds.gold3.effect"),
    ("certainty-word", _set("cards.kinds.gold3.certainty", "sure"),
     "cards.kinds.gold3.certainty"),
    ("three-player-caravan", _set("caravan.camels", {"4": 4}), "caravan.camels.3"),
    ("caravan-points", _set("caravan.points", [2, 1]), "caravan.points"),
    ("tower-rows", _set("tower.rows", ["bag", "barrel", "chest", "vase", "gold"]),
     "tower.rows"),
    ("quarter-order", _set("tower.rows", ["camels", "barrel", "bag", "chest", "vase", "gold"]),
     "quarters"),
    ("extra-building", _set("buildings.palace", {"camels": 1, "gold": 1, "bonus": 1}),
     "buildings.palace"),
    ("building-points", _set("buildings.points", [0, 0, 5, 5, 5]), "buildings.points"),
    ("absurd-number", _set("dice.white", 10**6), "dice.white"),
    ("flag-as-number", _set("start.gold", True), "start.gold"),
    ("supply-word", _set("supplies.cubes", "lots"), "supplies.cubes"),
    ("same-value-twice", _set("quarters.vase.souks.vase6.value", 4),
     "quarters.vase.souks.vase6.value"),
    ("switch-not-a-flag", _set("switches.caravanserai_on_card", "yes"),
     "switches.caravanserai_on_card"),
    ("control-characters", _set("description", "a\x1b[31mred"), "description"),
    ("hidden-as-a-kind", _set("cards.kinds.hidden", {"copies": 1}), "cards.kinds.hidden"),
]


@pytest.mark.parametrize(("change", "key"), [c[1:] for c in BROKEN], ids=[c[0] for c in BROKEN])
def test_broken_profile(change: Callable[[dict[str, Any]], None], key: str) -> None:
    data = profile()
    change(data)
    with pytest.raises(BoardError) as caught:
        board_from_mapping(data)
    assert caught.value.key == key, caught.value
    assert str(caught.value).startswith(key + ": ")
