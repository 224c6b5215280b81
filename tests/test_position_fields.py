"""One source of truth for a position's fields: each game's mutable table holds every field
of its frozen state under the same name, and a snapshot of a thawed state is that state.
A field added to one and not the other fails here (or at import: the table reads the
state's fields)."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from asara_cli.games.asara import GAME as ASARA
from asara_cli.games.yspahan import GAME as YSPAHAN
from asara_cli.logfile.board import load_board


def test_asara_table_holds_every_field_of_the_state_and_nothing_else() -> None:
    from asara_cli.games.asara.rules.state import GameState
    from asara_cli.games.asara.rules.table import TABLE_ONLY, Table

    state_fields = set(GameState.__struct_fields__)
    assert set(Table.__annotations__) == state_fields | set(TABLE_ONLY)
    assert set(Table.__slots__) == set(Table.__annotations__)
    assert not state_fields & set(TABLE_ONLY)


@pytest.mark.parametrize("flags, seed", [
    (frozenset(), 3), (frozenset({"pro"}), 4), (frozenset({"gifts"}), 5),
    (frozenset({"pro", "gifts", "genie"}), 6)])
def test_asara_snapshot_of_a_thawed_state_is_that_state(flags: frozenset[str],
                                                        seed: int) -> None:
    from asara_cli.games.asara.rules.engine import replay
    from asara_cli.games.asara.rules.state import GameState
    from asara_cli.games.asara.rules.table import snapshot, thaw

    board = load_board()
    setup, events = ASARA.simulate(board, seed, 4, flags, ("A", "B", "C", "D"))
    done = replay(board, setup, events, states=True)
    states: list[GameState] = list(done.states)
    assert len(states) == len(events) + 1
    for state in [*states[::max(1, len(states) // 12)], states[-1]]:
        assert snapshot(thaw(state)) == state
    # every field changed from its start somewhere in the game, or it would go untested
    start, last = states[0], states[-1]
    moved = {name for name in GameState.__struct_fields__
             if any(getattr(s, name) != getattr(start, name) for s in states)}
    assert {"players", "year", "areas", "markets", "ledger", "events"} <= moved
    assert last.over


def test_asara_thawed_fields_are_the_tables_own() -> None:
    # a list or dict on the table is a fresh one: changing it leaves the state as it was
    from asara_cli.games.asara.rules.state import Setup, start_state
    from asara_cli.games.asara.rules.table import snapshot, thaw

    board = load_board()
    state = start_state(board, Setup(("Ann", "Ben")))
    state = replace(state, noted=((1, "x"),), labels=("red",), label_counts=(("red", 1),))
    t = thaw(state)
    t.noted.append((2, "y"))
    t.labels.append("blue")
    t.label_counts["blue"] = 2
    assert (state.noted, state.labels, state.label_counts) == (
        ((1, "x"),), ("red",), (("red", 1),))
    assert snapshot(t).label_counts == (("blue", 2), ("red", 1))




def test_yspahan_table_holds_each_field_of_the_state_once() -> None:
    from asara_cli.games.yspahan.rules import state as ysp

    fields = set(ysp.GameState.__struct_fields__)
    table = set(ysp.Table.__annotations__)
    own = set(ysp._OWN)  # held otherwise: by seat, by souk, as counts
    assert own <= fields and fields <= table | own
    # the table's own: by seat, by souk, and what a state does not keep
    assert table - fields == {"board", "names", "seats", "n", "gold", "camels", "hand",
                              "hidden", "built", "score", "cubes", "owner", "filled",
                              "street", "inner", "turn_built"}
    assert len(fields - own) == 21  # setup, events, week, day, phase, ... taken, credit_gold
    assert set(ysp.Table.__slots__) == set(ysp.Table.__annotations__)


@pytest.mark.parametrize("seed, players", [(1, 3), (2, 3), (3, 4)])
def test_yspahan_snapshot_of_a_thawed_state_is_that_state(seed: int, players: int) -> None:
    from asara_cli.games.yspahan.rules.engine import replay
    from asara_cli.games.yspahan.rules.state import snapshot, thaw

    board = load_board(None, "yspahan")
    names = ("A", "B", "C", "D")[:players]
    setup, events = YSPAHAN.simulate(board, seed, players, frozenset(), names)
    states = list(replay(board, setup, events, states=True).states)
    assert len(states) == len(events) + 1 and states[-1].over
    for state in [*states[::max(1, len(states) // 12)], states[-1]]:
        assert snapshot(thaw(board, state)) == state


def test_yspahan_copy_sets_every_field_and_shares_nothing_that_changes() -> None:
    # Table.copy names each field (a field added to the table and not to copy fails here)
    from asara_cli.games.yspahan.rules.engine import replay
    from asara_cli.games.yspahan.rules.state import Table, snapshot, thaw

    board = load_board(None, "yspahan")
    setup, events = YSPAHAN.simulate(board, 2, 4, frozenset(), ("A", "B", "C", "D"))
    states = replay(board, setup, events[:len(events) // 2], states=True).states
    t = thaw(board, states[-1])
    c = t.copy()
    assert all(hasattr(c, name) for name in Table.__slots__)
    assert snapshot(c) == snapshot(t)
    for name in Table.__slots__:
        value, copied = getattr(t, name), getattr(c, name)
        if isinstance(value, list | dict) and name != "seats":  # seats: never changed
            assert copied is not value, name
            if isinstance(value, list):
                inner = [(a, b) for a, b in zip(value, copied, strict=True)
                         if isinstance(a, list | dict)]
                assert all(a is not b for a, b in inner), name
