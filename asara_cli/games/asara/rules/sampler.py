"""A sampler of legal turns, for simulated games and property tests (RULES.md R2-R3, R6).

It offers every kind of move that is possible with a few choices each, not every
combination; each offered move has passed :func:`~asara_cli.games.asara.rules.engine.check`. A buyer
placed on a space with the Caliph's gifts claims them, resolved as a plain player would.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Any

from asara_cli.games.asara.rules import events as ev
from asara_cli.games.asara.rules.areas import KINDS, Kind
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.engine import check, errors
from asara_cli.games.asara.rules.model import Colour, Section, Variant
from asara_cli.games.asara.rules.state import GameState, PlayerState, in_play
from asara_cli.games.asara.rules.table import thaw


def legal_moves(board: Board, state: GameState, labels: Sequence[str] = (),
                every: bool = False) -> tuple[ev.Turn, ...]:
    """A sample of legal turns for the player to move: every kind of move that is possible,
    with a few tile and build choices each (not every combination). ``labels`` are buyer
    colour labels to use when a new one may enter play; ``every``: an area without a colour
    yet is offered with each of them (which buyers a hand holds is secret), not one. Always
    non-empty while the game runs (the coloured building has unlimited room)."""
    table = thaw(state)  # every check reads one table, which none of them changes
    return tuple(m for m in candidate_moves(board, state, labels, every)
                 if not errors(check(board, table, m)))


def candidate_moves(board: Board, state: GameState, labels: Sequence[str] = (),
                    every: bool = False) -> tuple[ev.Turn, ...]:
    """The turns :func:`legal_moves` offers, before they are checked. Nearly all of them are
    legal, so a player choosing one move need only check the move chosen, not all of
    them (checking is most of the cost). Each area kind offers its own moves
    (``Kind.samples``, ``Kind.offer``); this places them with the buyers that may go."""
    return tuple(ev.Turn(placement, action, claim)
                 for placement, action, claims in candidate_runs(board, state, labels, every)
                 for claim in claims)


#: A placement and action with each way of claiming the gifts on its space: its turns.
Run = tuple[ev.Placement, Any, list[tuple[ev.GiftUse, ...]]]


def candidate_runs(board: Board, state: GameState, labels: Sequence[str] = (),
                   every: bool = False) -> list[Run]:
    """:func:`candidate_moves` as runs, in its order: a run's turns are made only when
    asked for (with ``every``, the ways of claiming gifts piled on one space are thousands)."""
    if state.turn is None:
        return []
    offers = _Offers(board, state, labels, every)
    for kind in _ORDER:
        kind.offer(offers)
    return offers.runs


#: The kinds in the order the sampler asks them (``Kind.sample_rank``, then the registry's).
_ORDER = tuple(sorted(KINDS, key=lambda k: k.sample_rank))


class _Offers:
    """One turn's candidate moves as they are gathered (``areas.base.Sampling``): each area's
    free spaces and buyers, worked out once, and the gifts on each space claimed once."""

    def __init__(self, board: Board, state: GameState, labels: Sequence[str],
                 every: bool = False) -> None:
        assert state.turn is not None
        self.board, self.state, self.every = board, state, every
        self.player = state.players[state.turn]
        pool = list(state.labels) + [x for x in labels if x not in state.labels]
        # every colour that may come into play: the referee refuses one too many itself
        self.pool = pool if every and len(state.labels) < board.buyer_colours else (
            pool[: board.buyer_colours])
        self.runs: list[Run] = []
        self._claims: dict[tuple[str, int | None], list[tuple[ev.GiftUse, ...]]] = {}
        # each area's spaces and buyers, the same for every action offered there
        self._places: dict[str, tuple[list[int | None], list[str | None]] | None] = {}

    def turn(self, area: str, buyer: str | None, space: int | None, action: Any) -> None:
        claims = self._claims.get((area, space))
        if claims is None:
            at = (self.board, self.state, self.player, area, space)
            claims = self._claims[area, space] = (
                _every_claim(*at, self.pool) if self.every else [_claim(*at, self.pool[:1])])
        if claims:
            self.runs.append((ev.Placement(self.player.name, buyer, space), action, claims))

    def in_play(self, area: str) -> bool:
        return in_play(self.board, self.state.setup, area)

    def buyers(self, kind: Kind[Any], area: str) -> list[str | None]:
        if kind.face_down:
            return [None]
        colour = self.state.area(area).colour
        out: list[str | None]
        if colour is not None:
            out = [colour]
        else:  # one label, rotating; none when the caller gave none and none is in play
            pool = self.pool
            out = list(pool) if self.every else (
                list(pool[self.state.events % len(pool):][:1]) if pool else [])
        if self.player.buyers >= 2:
            out.append(ev.PAIR)
        return out

    def spaces(self, kind: Kind[Any], area: str) -> list[int | None]:
        free = self.state.free_spaces(self.board, area)
        if free is None:
            taken = self.state.area(area).spaces()
            return [max(taken, default=0) + 1]
        if kind.needs_space:  # a printed number depends on the space: every free one
            return list(free)
        if not self.every:
            return list(free[:1])
        # the spaces are alike but for the Caliph's gifts on them (R6.1): the first free
        # space without a gift, and each free space with one
        gifted = [s for s in free if self.state.gifts_at(area, s)]
        plain = [s for s in free if s not in gifted][:1]
        return [*plain, *gifted]

    def place(self, kind: Kind[Any], action: Any, space: int | None) -> None:
        key = kind.area(self.board, action).key
        if key not in self._places:
            self._places[key] = (self.spaces(kind, key), self.buyers(kind, key)) if (
                self.in_play(key)) else None
        place = self._places[key]
        if place is None:
            return
        spaces, buyers = place
        if kind.needs_space:
            spaces = [space] if space in spaces else []
        elif not kind.names_space:
            spaces = [None] if spaces else []
        for at in spaces:
            for b in buyers:
                self.turn(key, b, at, action)

    def wishes(self) -> list[tuple[Any, int | None]]:
        return [w for k in _ORDER if k.copyable for w in k.samples(self, wish=True)]


def _claim(board: Board, state: GameState, player: PlayerState, area: str,
           space: int | None, pool: Sequence[str]) -> tuple[ev.GiftUse, ...]:
    """The gifts on the space, resolved as a plain player would (R6.1)."""
    if space is None:
        return ()
    money = player.money
    uses = []
    for gift in state.gifts_at(area, space):
        if gift.kind == ev.GiftKind.BUYER:
            if state.draw_pile < 1:  # the deck is empty: the gift is void (X4)
                uses.append(ev.GiftUse(gift, taken=False))
            else:
                uses.append(ev.GiftUse(gift, buyer=pool[0] if pool else None))
        elif gift.kind == ev.GiftKind.ASARI:
            money += gift.amount or 0
            uses.append(ev.GiftUse(gift))
        elif gift.kind == ev.GiftKind.BUY and gift.section is not None:
            m = state.market(gift.section)
            shown = m.shown if m.shown is not None else tuple(
                ev.Tile(gift.section, c) for c in Colour) if m.count else ()
            fits = sorted((t for t in shown if board.price(t.colour) <= money),
                          key=lambda t: board.price(t.colour))
            if fits:
                money -= board.price(fits[0].colour)
                uses.append(ev.GiftUse(gift, colour=fits[0].colour, gold=fits[0].gold))
            else:
                uses.append(ev.GiftUse(gift))
        elif gift.kind == ev.GiftKind.LIGHTED:
            take = money >= board.gift_lighted_cost and state.lighted_stack >= 1
            money -= board.gift_lighted_cost if take else 0
            uses.append(ev.GiftUse(gift, taken=take))
        else:
            uses.append(ev.GiftUse(gift))
    return tuple(uses)


def _every_claim(board: Board, state: GameState, player: PlayerState, area: str,
                 space: int | None, pool: Sequence[str]) -> list[tuple[ev.GiftUse, ...]]:
    """Every way to resolve the gifts on the space (R6.1), for the legal moves listed: a
    buyer gift's colour each one that may come or unsaid (void: the deck is empty, X4); a
    purchase gift's tile each one shown that the player may pay, else nothing; a lighted
    window bought (its colour secret: the moves listed say it may be named), else not.
    Choices the player's money rules out are left out (the money gifts on the space
    counted in); the referee's check refuses the rest that cannot be."""
    if space is None:
        return [()]
    lying = state.gifts_at(area, space)
    most = player.money + sum(g.amount or 0 for g in lying if g.kind == ev.GiftKind.ASARI)
    ways: list[list[ev.GiftUse]] = []
    for gift in lying:
        if gift.kind == ev.GiftKind.BUYER:
            ways.append([ev.GiftUse(gift, buyer=x) for x in pool] + [ev.GiftUse(gift)]
                        if state.draw_pile >= 1 else [ev.GiftUse(gift, taken=False)])
        elif gift.kind == ev.GiftKind.BUY and gift.section is not None:
            m = state.market(gift.section)
            shown = dict.fromkeys(m.shown) if m.shown is not None else [
                ev.Tile(gift.section, c, g) for c in Colour for g in (False, True)] if (
                    m.count) else []
            ways.append([ev.GiftUse(gift, colour=t.colour, gold=t.gold) for t in shown
                         if board.price(t.colour) <= most] + [ev.GiftUse(gift)])
        elif gift.kind == ev.GiftKind.LIGHTED:
            ways.append([ev.GiftUse(gift)] + [ev.GiftUse(gift, taken=False)] * any(
                            g.kind == ev.GiftKind.BUY for g in lying)  # bought first: maybe poor
                        if most >= board.gift_lighted_cost and state.lighted_stack >= 1
                        else [ev.GiftUse(gift, taken=False)])
        else:
            ways.append([ev.GiftUse(gift)])
    return list(dict.fromkeys(product(*ways)))


def simulated_gift_deck(board: Board, pro: bool) -> list[ev.Gift]:
    """A gift deck for simulated games only. How many cards of each kind the box holds and
    what the money cards show are unknown (RULES.md R6.1); the referee never relies on this
    split, it only lets a simulator deal something plausible."""
    size = board.gift_cards_pro if pro else board.gift_cards
    base = [ev.Gift(ev.GiftKind.BUYER), ev.Gift(ev.GiftKind.PRESTIGE),
            ev.Gift(ev.GiftKind.ASARI, amount=5), ev.Gift(ev.GiftKind.ASARI, amount=10),
            *(ev.Gift(ev.GiftKind.BUY, section=s) for s in Section)]
    deck = [base[i % len(base)] for i in range(board.gift_cards)]
    if pro:
        deck += [ev.Gift(ev.GiftKind.LIGHTED)] * (size - len(deck))
    return deck[:size]


def deal_gifts(board: Board, state: GameState, deck: Sequence[ev.Gift]) -> ev.GiftsDealt | None:
    """The next gifts from ``deck`` (cards not yet dealt are ``deck[-state.gift_deck:]``)
    onto the chest spaces: the same spaces every year (R6.1). ``None`` when the deck is out
    or this year's gifts are dealt."""
    if state.gift_deck <= 0 or state.gifts_year == state.year or state.over:
        return None
    chests = list(state.chests)
    if not chests:
        pro = state.setup.variant == Variant.PRO
        markets = [a for a in board.areas if a.kind == "market"]
        for i in range(board.gifts_dealt_pro - 1 if pro else board.gifts_dealt):
            area = markets[i % len(markets)]
            spaces = area.spaces or (1,)
            chests.append((area.key, spaces[(i // len(markets)) % len(spaces)]))
        if pro:
            chests.append((board.by_kind["lighted"].key, 1))
    left = list(deck[len(deck) - state.gift_deck:])
    return ev.GiftsDealt(tuple((a, s, g) for (a, s), g in zip(chests, left, strict=False)))
