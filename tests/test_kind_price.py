"""Each area kind's ``price`` (what a replay asks, without words) is the number its ``cost``
says (what a refusal shows): R2.3, for every move the sampler offers over whole games."""

from __future__ import annotations

from asara_cli.games.asara import GAME as ASARA
from asara_cli.games.asara.rules.areas import kind_of
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.engine import replay
from asara_cli.games.asara.rules.events import Turn
from asara_cli.games.asara.rules.sampler import candidate_moves


def test_price_is_the_number_cost_says(board: Board) -> None:
    seen: set[str] = set()
    for seed, flags in ((1, frozenset()), (2, frozenset({"pro", "gifts", "genie"})),
                        (3, frozenset({"pro"}))):
        setup, events = ASARA.simulate(board, seed, 4, flags, ("A", "B", "C", "D"))
        for state in replay(board, setup, events, states=True).states[::3]:
            for move in candidate_moves(board, state, ("blue", "green")):
                assert isinstance(move, Turn)
                kind, space, action = kind_of(move.action), move.placement.space, move.action
                assert kind.price(board, space, action) == kind.cost(board, space, action)[0]
                seen.add(kind.kind)
    # every kind was asked (the genie's wishes ask the others through it)
    assert seen == {"market", "building", "bank", "coloured", "spies", "caliph", "tent",
                    "lighted", "genie"}
