"""The sampler asks the area registry for moves: every kind offers its own (Kind.samples,
Kind.offer), and over a few games every kind's moves are offered and taken."""

from __future__ import annotations

from collections import Counter

from asara_cli.games.asara.rules.areas import KINDS, kind_of
from asara_cli.games.asara.rules.areas.base import Kind
from asara_cli.games.asara.rules.engine import replay
from asara_cli.games.asara.rules.sampler import candidate_moves
from asara_cli.games.asara.simulate import LABELS, simulate_game
from asara_cli.logfile.board import load_board


def test_every_kind_offers_its_own_moves() -> None:
    """No kind relies on the base's empty sample: a kind added without one would never be
    played by simulations and property tests."""
    for kind in KINDS:
        assert (type(kind).samples is not Kind.samples
                or type(kind).offer is not Kind.offer), kind.kind


def test_over_a_few_games_every_kind_is_offered() -> None:
    board = load_board()
    offered: Counter[str] = Counter()
    wished: Counter[str] = Counter()
    for seed in range(3):
        game = simulate_game(board, seed, 2 + seed, pro=True, expansions=("gifts", "genie"))
        states = [s for i, s in enumerate(replay(board, game.setup, game.events).states)
                  if i % 5 == 0]
        for state in states:
            for move in candidate_moves(board, state, LABELS):
                offered[kind_of(move.action).kind] += 1
                if move.carried_out is not move.action:
                    wished[kind_of(move.carried_out).kind] += 1
    assert set(offered) == {k.kind for k in KINDS}
    # every kind the genie grants but the coloured building (never offered as a wish)
    assert set(wished) == {k.kind for k in KINDS if k.copyable and k.kind != "coloured"}


def test_the_simulated_player_s_taste_names_real_kinds() -> None:
    """The plain player weighs moves by their kind's name: a renamed kind would silently
    weigh 1."""
    from asara_cli.games.asara.simulate import TASTE

    assert set(TASTE) <= {k.kind for k in KINDS}
