"""A sampler of legal turns, for simulated games and property tests (RULES.md R2-R3, R6).

It offers every kind of move that is possible with a few choices each, not every
combination; each offered move has passed :func:`~asara_cli.games.asara.rules.engine.check`. A buyer
placed on a space with the Caliph's gifts claims them, resolved as a plain player would.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from asara_cli.games.asara.rules.areas import area_of
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.engine import check, errors
from asara_cli.games.asara.rules.events import (
    PAIR,
    Action,
    Addition,
    Area,
    Bank,
    Bribe,
    Build,
    Buy,
    Caliph,
    Coloured,
    Genie,
    Gift,
    GiftKind,
    GiftsDealt,
    GiftUse,
    Lighted,
    LightedWindow,
    NewTower,
    Part,
    Placement,
    Recruit,
    Tile,
    Turn,
)
from asara_cli.games.asara.rules.model import Colour, Section, Variant
from asara_cli.games.asara.rules.state import GameState, PlayerState, in_play

# iterating an enum class is slow; the sampler does it thousands of times a game
_COLOURS = tuple(Colour)
_SECTIONS = tuple(Section)


def legal_moves(board: Board, state: GameState, labels: Sequence[str] = ()) -> tuple[Turn, ...]:
    """A sample of legal turns for the player to move: every kind of move that is possible,
    with a few tile and build choices each (not every combination). ``labels`` are buyer
    colour labels to use when a new one may enter play. Always non-empty while the game runs
    (the coloured building has unlimited room)."""
    return tuple(m for m in candidate_moves(board, state, labels)
                 if not errors(check(board, state, m)))


def candidate_moves(board: Board, state: GameState, labels: Sequence[str] = ()
                    ) -> tuple[Turn, ...]:
    """The turns :func:`legal_moves` offers, before they are checked. Nearly all of them are
    legal, so a player choosing one move need only check the move chosen, not all of
    them (checking is most of the cost)."""
    if state.turn is None:
        return ()
    seat = state.turn
    player = state.players[seat]
    name = player.name
    pool = list(state.labels) + [x for x in labels if x not in state.labels]
    pool = pool[: board.buyer_colours]
    moves: list[Turn] = []

    claims: dict[tuple[str, int | None], tuple[GiftUse, ...]] = {}

    def turn(area: str, buyer: str | None, space: int | None, action: Action) -> None:
        placement = Placement(name, buyer, space)
        claim = claims.get((area, space))
        if claim is None:
            claim = claims[area, space] = _claim(board, state, player, area, space, pool)
        moves.append(Turn(placement, action, claim))

    def buyers_for(area: str) -> list[str]:
        colour = state.area(area).colour
        if colour is not None:
            out = [colour]
        else:  # one label, rotating; none when the caller gave none and none is in play
            out = pool[state.events % len(pool):][:1] if pool else []
        if player.buyers >= 2:
            out.append(PAIR)
        return out

    def spaces_for(area: str) -> list[int | None]:
        free = state.free_spaces(board, area)
        if free is None:
            taken = state.area(area).spaces()
            return [max(taken, default=0) + 1]
        return list(free[:1]) if area not in (Area.CIRCLE, Area.BANK, Area.SPIES) else list(
            free)

    # each area's spaces and buyers, the same for every action offered there
    places: dict[str, tuple[list[int | None], list[str]] | None] = {}
    turn(Area.COLOURED, None, None, Coloured())
    money = player.money
    for action, space in _actions(board, state, player):
        key = area_of(board, action).key
        if key not in places:
            places[key] = (spaces_for(key), buyers_for(key)) if in_play(
                board, state.setup, key) else None
        place = places[key]
        if place is None:
            continue
        spaces, buyers = place
        if isinstance(action, Build | Bank | Bribe):
            if space not in spaces:
                continue
            chosen: int | None = space
        else:
            if not spaces:
                continue
            # the Caliph's one space goes unnamed, as the table records it
            chosen = None if isinstance(action, Caliph) else spaces[0]
        for b in buyers:
            turn(key, b, chosen, action)
    if in_play(board, state.setup, Area.GENIE):
        for fee in spaces_for(Area.GENIE):
            if fee is None or fee > money:
                continue
            wishes = [(a, s) for a, s in _actions(board, state, player, genie=True)
                      if not isinstance(a, Caliph)]
            wishes = wishes[state.events % 3::3] or wishes[:1]
            for b in buyers_for(Area.GENIE):
                for action, space in wishes:
                    turn(Area.GENIE, b, fee, Genie(action, space))
    return tuple(moves)


def _actions(board: Board, state: GameState, player: PlayerState, genie: bool = False
             ) -> list[tuple[Action, int | None]]:
    """Actions worth offering, each with the space whose printed number it uses."""
    money = player.money
    found: list[tuple[Action, int | None]] = []
    for section in _SECTIONS:
        m = state.market(section)
        tiles: list[Tile | None] = [None] if not genie else []
        if m.count > 0:
            # in a fixed order (tiles hash by identity), so a seed gives the same game
            choices = dict.fromkeys(m.shown) if m.shown is not None else [
                Tile(section, c, g) for c in _COLOURS for g in (False, True)]
            affordable: list[Tile] = sorted(
                (t for t in choices if board.price(t.colour) <= money),
                key=lambda t: (board.price(t.colour), t.gold))
            # a sample keeps this cheap: the cheapest, a middle one and the dearest
            picks = {0, len(affordable) // 2, len(affordable) - 1}
            tiles.extend(t for i, t in enumerate(affordable) if i in picks)
        for t in tiles:
            found.append((Buy(section, None if t is None else t.colour,
                              False if t is None else t.gold), None))
    circle = state.area(Area.CIRCLE)
    builds: dict[int, list[_BuildParts]] = {}  # by sections: the same on every plot
    screen: _Screen | None = None
    for plot in board.area(Area.CIRCLE).spaces or ():
        if plot > money:
            continue
        for k in range(plot, 0, -1):
            if k < plot and not circle.occupied(k):
                break
            if k not in builds:
                screen = screen or _Screen(state, player)
                builds[k] = screen.builds(k)
            for build in builds[k]:
                found.append((Build(*build), plot))
    for space in board.area(Area.BANK).spaces or ():
        value = board.bank_values[space - 1]
        amount = value if value is not None else min(board.bank_max_value, 2 + 2 * space)
        found.append((Bank(amount), space))
    for fee in board.area(Area.SPIES).spaces or ():
        if fee > money:
            continue
        # searching and taking nothing: from a pile that holds tiles (an empty one is legal
        # but pointless, G7: no player would pay for it)
        searched = next((s for s in _SECTIONS if state.market(s).pile > 0), None)
        if searched is not None:
            found.append((Bribe(searched), fee))
        for i, section in enumerate(_SECTIONS):
            if state.market(section).pile < 1:
                continue
            # one colour per pile, rotating, so every colour turns up over a game
            c = _COLOURS[(state.events + i) % len(_COLOURS)]
            if fee + board.price(c) <= money:
                found.append((Bribe(section, c, c == Colour.RED), fee))
    if not genie:
        found.append((Caliph(), None))
    if state.setup.variant == Variant.PRO:
        if state.draw_pile >= board.recruit_draw:
            tent = board.area(Area.TENT).spaces
            for tent_space in tent or (None,):
                cost = 1 if board.tent_costs is None or tent_space is None else board.tent_costs[
                    tent_space - 1]
                if cost <= money:
                    found.append((Recruit(cost), tent_space))
        for offer in board.lighted_offers:
            if offer.pay <= money and state.lighted_stack >= offer.keep:
                kept = tuple(_COLOURS[(state.events + i) % 5] for i in range(offer.keep))
                found.append((Lighted(offer.pay, kept), None))
                found.append((Lighted(offer.pay), None))
    return found


def _claim(board: Board, state: GameState, player: PlayerState, area: str,
           space: int | None, pool: Sequence[str]) -> tuple[GiftUse, ...]:
    """The gifts on the space, resolved as a plain player would (R6.1)."""
    if space is None:
        return ()
    money = player.money
    uses = []
    for gift in state.gifts_at(area, space):
        if gift.kind == GiftKind.BUYER:
            if state.draw_pile < 1:  # the deck is empty: the gift is void (X4)
                uses.append(GiftUse(gift, taken=False))
            else:
                uses.append(GiftUse(gift, buyer=pool[0] if pool else None))
        elif gift.kind == GiftKind.ASARI:
            money += gift.amount or 0
            uses.append(GiftUse(gift))
        elif gift.kind == GiftKind.BUY and gift.section is not None:
            m = state.market(gift.section)
            shown = m.shown if m.shown is not None else tuple(
                Tile(gift.section, c) for c in Colour) if m.count else ()
            fits = sorted((t for t in shown if board.price(t.colour) <= money),
                          key=lambda t: board.price(t.colour))
            if fits:
                money -= board.price(fits[0].colour)
                uses.append(GiftUse(gift, colour=fits[0].colour, gold=fits[0].gold))
            else:
                uses.append(GiftUse(gift))
        elif gift.kind == GiftKind.LIGHTED:
            take = money >= board.gift_lighted_cost and state.lighted_stack >= 1
            money -= board.gift_lighted_cost if take else 0
            uses.append(GiftUse(gift, taken=take))
        else:
            uses.append(GiftUse(gift))
    return tuple(uses)


#: A build's arguments: the new towers, the additions, the lighted windows.
_BuildParts = tuple[tuple[NewTower, ...], tuple[Addition, ...], tuple[LightedWindow, ...]]


class _Screen:
    """What every way to build from one player's screen starts from, worked out once a
    turn: the tiles held, the single sections that go onto standing towers, and the tiles
    of each colour in the orders the choices below take them."""

    def __init__(self, state: GameState, player: PlayerState) -> None:
        screen = Counter(player.screen)
        self.screen = screen
        singles: list[tuple[str, Colour, int, Part | bool]] = []
        # lighted windows onto uncovered windows of standing towers
        if state.setup.variant == Variant.PRO:
            hidden = Counter(player.lighted_known)
            unknown = player.lighted_unknown
            seen: Counter[Colour] = Counter()
            for t in player.towers:
                seen[t.colour] += 1
                for on_gold, free in ((False, t.free_plain_windows),
                                      (True, t.free_gold_windows)):
                    for _ in range(free):
                        if hidden[t.colour] > 0:
                            hidden[t.colour] -= 1
                        elif unknown > 0:
                            unknown -= 1
                        else:
                            break
                        singles.append(("lighted", t.colour, seen[t.colour], on_gold))
        # trunks and windows onto standing towers (the first tower of their colour)
        first: dict[Colour, int] = {}
        for i, t in enumerate(player.towers):
            first.setdefault(t.colour, sum(1 for u in player.towers[: i + 1]
                                           if u.colour == t.colour))
        by_name = sorted(screen, key=str)
        for tile in by_name:
            if tile.section in (Section.TRUNK, Section.WINDOW) and tile.colour in first:
                singles += [("add", tile.colour, first[tile.colour],
                             Part(tile.section, tile.gold))] * screen[tile]
        self.singles = singles
        # per colour: bases and turrets in the screen's order, trunks and windows by name
        self.bases = {c: [t for t in screen if t.section == Section.BASE and t.colour == c]
                      for c in _COLOURS}
        self.turrets = {c: [t for t in screen if t.section == Section.TURRET
                            and t.colour == c] for c in _COLOURS}
        self.middles = {c: [t for t in by_name if t.colour == c
                            and t.section in (Section.TRUNK, Section.WINDOW)]
                        for c in _COLOURS}

    def builds(self, k: int) -> list[_BuildParts]:
        """A few ways to place exactly ``k`` sections (tower law kept): the first ``k``
        singles, or the last ``k``, and new towers from what is left."""
        results = []
        for order in (1, -1):
            left = Counter(self.screen)
            chosen = self.singles[::order][:k]
            for kind, colour, _n, part in chosen:
                if kind == "add" and isinstance(part, Part):
                    left[Tile(part.section, colour, part.gold)] -= 1
            new: list[NewTower] = []
            need = k - len(chosen)
            for colour in _COLOURS:
                if need < 2:
                    break
                base = next((t for t in self.bases[colour] if left[t] > 0), None)
                turret = next((t for t in self.turrets[colour] if left[t] > 0), None)
                if base is None or turret is None:
                    continue
                parts = [Part(Section.BASE, base.gold), Part(Section.TURRET, turret.gold)]
                left[base] -= 1
                left[turret] -= 1
                for tile in self.middles[colour]:
                    while left[tile] > 0 and len(parts) < need:
                        parts.append(Part(tile.section, tile.gold))
                        left[tile] -= 1
                new.append(NewTower(colour, tuple(parts)))
                need -= len(parts)
            if need != 0:
                continue
            adds: dict[tuple[Colour, int], list[Part]] = {}
            lighted = []
            for kind, colour, n, part in chosen:
                if kind == "add" and isinstance(part, Part):
                    adds.setdefault((colour, n), []).append(part)
                else:
                    lighted.append(LightedWindow(colour, n, bool(part)))
            results.append((tuple(new),
                            tuple(Addition(c, n, tuple(ps)) for (c, n), ps in adds.items()),
                            tuple(lighted)))
        return results


def simulated_gift_deck(board: Board, pro: bool) -> list[Gift]:
    """A gift deck for simulated games only. How many cards of each kind the box holds and
    what the money cards show are unknown (RULES.md R6.1); the referee never relies on this
    split, it only lets a simulator deal something plausible."""
    size = board.gift_cards_pro if pro else board.gift_cards
    base = [Gift(GiftKind.BUYER), Gift(GiftKind.PRESTIGE), Gift(GiftKind.ASARI, amount=5),
            Gift(GiftKind.ASARI, amount=10), *(Gift(GiftKind.BUY, section=s) for s in Section)]
    deck = [base[i % len(base)] for i in range(board.gift_cards)]
    if pro:
        deck += [Gift(GiftKind.LIGHTED)] * (size - len(deck))
    return deck[:size]


def deal_gifts(board: Board, state: GameState, deck: Sequence[Gift]) -> GiftsDealt | None:
    """The next gifts from ``deck`` (cards not yet dealt are ``deck[-state.gift_deck:]``)
    onto the chest spaces: the same spaces every year (R6.1). ``None`` when the deck is out
    or this year's gifts are dealt."""
    if state.gift_deck <= 0 or state.gifts_year == state.year or state.over:
        return None
    chests = list(state.chests)
    if not chests:
        markets = [a for a in board.areas if a.kind == "market"]
        per = board.gifts_dealt_pro if state.setup.variant == Variant.PRO else board.gifts_dealt
        want = per - (1 if state.setup.variant == Variant.PRO else 0)
        for i in range(want):
            area = markets[i % len(markets)]
            spaces = area.spaces or (1,)
            chests.append((area.key, spaces[(i // len(markets)) % len(spaces)]))
        if state.setup.variant == Variant.PRO:
            chests.append((board.area_of_kind("lighted").key, 1))
    left = list(deck[len(deck) - state.gift_deck:])
    return GiftsDealt(tuple((a, s, g) for (a, s), g in zip(chests, left, strict=False)))
