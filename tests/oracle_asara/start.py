"""The start of a game as the frozen referee made it, before issue 22 (the oracle's own, so
that the table's start is checked against it)."""

from __future__ import annotations

from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.model import Section, Variant
from asara_cli.games.asara.rules.state import GameState, Market, PlayerState, Setup


def start_state(board: Board, setup: Setup) -> GameState:
    """Year 1 before the first turn: money by seat from the start player (R1), hands dealt,
    displays filled from the piles."""
    n = len(setup.players)
    hand = board.hand_size.get(n, 0)
    players = tuple(
        PlayerState(name=name, money=board.start_money[(seat - setup.start) % n], buyers=hand)
        for seat, name in enumerate(setup.players)
    )
    markets = []
    for section in Section:
        shown = min(board.display[section], board.tiles[section])
        markets.append(Market(section, shown, board.tiles[section] - shown))
    gifts = "gifts" in setup.expansions
    pro = setup.variant == Variant.PRO
    return GameState(
        setup=setup,
        players=players,
        year=1,
        turn=setup.start,
        caliph=setup.start,
        areas=(),
        markets=tuple(markets),
        draw_pile=board.buyers_total - hand * n,
        lighted_stack=board.lighted_window_tiles if pro else 0,
        gift_deck=(board.gift_cards_pro if pro else board.gift_cards) if gifts else 0,
    )
