"""A sampler of legal turns, for simulated games and property tests (RULES.md R2-R3).

It offers every kind of move that is possible with a few choices each, not every
combination; each offered move has passed :func:`~asara_cli.rules.engine.check`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from asara_cli.rules.board import Board
from asara_cli.rules.engine import check, errors
from asara_cli.rules.events import (
    PAIR,
    Addition,
    Area,
    Bank,
    Bribe,
    Build,
    Buy,
    Caliph,
    Coloured,
    LightedWindow,
    NewTower,
    Part,
    Placement,
    Recruit,
    Tile,
    Turn,
    market_area,
)
from asara_cli.rules.events import Lighted as LightedMove
from asara_cli.rules.model import Colour, Section, Variant
from asara_cli.rules.state import GameState, PlayerState


def legal_moves(board: Board, state: GameState, labels: Sequence[str] = ()) -> tuple[Turn, ...]:
    """A sample of legal turns for the player to move: every kind of move that is possible,
    with a few tile and build choices each (not every combination). ``labels`` are buyer
    colour labels to use when a new one may enter play. Always non-empty while the game runs
    (the coloured building has unlimited room)."""
    if state.turn is None:
        return ()
    seat = state.turn
    player = state.players[seat]
    name = player.name
    pool = list(state.labels) + [x for x in labels if x not in state.labels]
    pool = pool[: board.buyer_colours]
    moves: list[Turn] = [Coloured(Placement(name, None))]

    def buyers_for(area: Area) -> list[str]:
        colour = state.area(area).colour
        if colour is not None:
            out = [colour]
        else:  # one label, rotating; none when the caller gave none and none is in play
            out = pool[state.events % len(pool):][:1] if pool else []
        if player.buyers >= 2:
            out.append(PAIR)
        return out

    def spaces_for(area: Area) -> list[int | None]:
        free = state.free_spaces(board, area)
        if free is None:
            taken = state.area(area).spaces()
            return [max(taken, default=0) + 1]
        return list(free[:1]) if area not in (Area.CIRCLE, Area.BANK, Area.SPIES) else list(
            free)

    money = player.money
    for section in Section:
        area = market_area(section)
        spaces = spaces_for(area)
        if not spaces:
            continue
        m = state.market(section)
        tiles: list[Tile | None] = [None]
        if m.count > 0:
            choices = set(m.shown) if m.shown is not None else {
                Tile(section, c, g) for c in Colour for g in (False, True)}
            affordable: list[Tile] = sorted(
                (t for t in choices if board.price(t.colour) <= money),
                key=lambda t: (board.price(t.colour), t.gold))
            # a sample keeps this cheap: the cheapest, a middle one and the dearest
            picks = {0, len(affordable) // 2, len(affordable) - 1}
            tiles.extend(t for i, t in enumerate(affordable) if i in picks)
        for b in buyers_for(area):
            for t in tiles:
                moves.append(Buy(Placement(name, b, spaces[0]), section,
                                 None if t is None else t.colour,
                                 False if t is None else t.gold))
    for plot in spaces_for(Area.CIRCLE):
        if plot is None or plot > money:
            continue
        taken = state.area(Area.CIRCLE)
        for k in range(plot, 0, -1):
            if k < plot and not taken.occupied(k):
                break
            for build in _some_builds(state, player, k):
                for b in buyers_for(Area.CIRCLE):
                    moves.append(Build(Placement(name, b), plot, *build))
    for space in spaces_for(Area.BANK):
        if space is None:
            continue
        value = board.bank_values[space - 1]
        amount = value if value is not None else min(board.bank_max_value, 2 + 2 * space)
        for b in buyers_for(Area.BANK):
            moves.append(Bank(Placement(name, b, space), amount))
    for fee in spaces_for(Area.SPIES):
        if fee is None or fee > money:
            continue
        for b in buyers_for(Area.SPIES):
            moves.append(Bribe(Placement(name, b, fee), Section.BASE))
            for i, section in enumerate(Section):
                if state.market(section).pile < 1:
                    continue
                # one colour per pile, rotating, so every colour turns up over a game
                c = list(Colour)[(state.events + i) % len(Colour)]
                if fee + board.price(c) <= money:
                    moves.append(Bribe(Placement(name, b, fee), section, c, c == Colour.RED))
    for _space in spaces_for(Area.CALIPH):
        for b in buyers_for(Area.CALIPH):
            moves.append(Caliph(Placement(name, b)))
    if state.setup.variant == Variant.PRO:
        if state.draw_pile >= board.recruit_draw:
            for space in spaces_for(Area.TENT):
                cost = 1 if board.tent_costs is None or space is None else board.tent_costs[
                    space - 1]
                if cost <= money:
                    for b in buyers_for(Area.TENT):
                        moves.append(Recruit(Placement(name, b, space), cost))
        for space in spaces_for(Area.LIGHTED):
            for offer in board.lighted_offers:
                if offer.pay <= money and state.lighted_stack >= offer.keep:
                    kept = tuple(list(Colour)[(state.events + i) % 5] for i in range(offer.keep))
                    for b in buyers_for(Area.LIGHTED):
                        moves.append(LightedMove(Placement(name, b, space), offer.pay, kept))
                        moves.append(LightedMove(Placement(name, b, space), offer.pay))
    return tuple(m for m in moves if not errors(check(board, state, m)))


def _some_builds(state: GameState, player: PlayerState, k: int
                 ) -> list[tuple[tuple[NewTower, ...], tuple[Addition, ...],
                                 tuple[LightedWindow, ...]]]:
    """A few ways to place exactly ``k`` sections from behind the screen (tower law kept)."""
    screen = Counter(player.screen)
    singles: list[tuple[str, Colour, int, Part | bool]] = []
    # lighted windows onto uncovered windows of standing towers
    if state.setup.variant == Variant.PRO:
        hidden = Counter(player.lighted_known)
        unknown = player.lighted_unknown
        seen: Counter[Colour] = Counter()
        for t in player.towers:
            seen[t.colour] += 1
            for on_gold, free in ((False, t.free_plain_windows), (True, t.free_gold_windows)):
                for _ in range(free):
                    if hidden[t.colour] > 0:
                        hidden[t.colour] -= 1
                    elif unknown > 0:
                        unknown -= 1
                    else:
                        break
                    singles.append(("lighted", t.colour, seen[t.colour], on_gold))
    # trunks and windows onto standing towers
    first: dict[Colour, int] = {}
    for i, t in enumerate(player.towers):
        first.setdefault(t.colour, sum(1 for u in player.towers[: i + 1]
                                       if u.colour == t.colour))
    stock = Counter(screen)
    for tile, count in sorted(stock.items(), key=lambda x: str(x[0])):
        if tile.section in (Section.TRUNK, Section.WINDOW) and tile.colour in first:
            for _ in range(count):
                singles.append(("add", tile.colour, first[tile.colour],
                                Part(tile.section, tile.gold)))
    results = []
    for order in (1, -1):
        left = Counter(screen)
        chosen = singles[::order][:k]
        for kind, colour, _n, part in chosen:
            if kind == "add" and isinstance(part, Part):
                left[Tile(part.section, colour, part.gold)] -= 1
        new: list[NewTower] = []
        need = k - len(chosen)
        for colour in Colour:
            if need < 2:
                break
            bases = [t for t in left if t.section == Section.BASE and t.colour == colour
                     and left[t] > 0]
            turrets = [t for t in left if t.section == Section.TURRET and t.colour == colour
                       and left[t] > 0]
            if not bases or not turrets:
                continue
            parts = [Part(Section.BASE, bases[0].gold), Part(Section.TURRET, turrets[0].gold)]
            left[bases[0]] -= 1
            left[turrets[0]] -= 1
            for tile in sorted(left, key=str):
                while (tile.colour == colour and tile.section in (Section.TRUNK, Section.WINDOW)
                       and left[tile] > 0 and len(parts) < need):
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
