"""The referee: ``check`` says whether an event is legal in a state, ``apply`` performs it,
``replay`` folds a whole log (RULES.md R2-R5).

``check`` and ``apply`` are kept apart on purpose (as a chess library keeps "is it legal?"
apart from "push it"): a validator collects violations, a recorder refuses, and a replay can
keep going past an illegal event to list later problems without trusting them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from asara_cli.rules.board import Board
from asara_cli.rules.events import (
    PAIR,
    Area,
    Bank,
    Bribe,
    Build,
    Buy,
    Caliph,
    Checkpoint,
    Coloured,
    Display,
    Event,
    LightedWindow,
    Part,
    Placement,
    Recruit,
    Tile,
    Turn,
    area_of,
)
from asara_cli.rules.events import (
    Lighted as LightedMove,
)
from asara_cli.rules.model import Colour, Section, Tower, Variant
from asara_cli.rules.scoring import (
    FinalEvaluation,
    FinalPosition,
    build_prestige,
    final_evaluation,
    winners,
    year_evaluation,
)
from asara_cli.rules.state import (
    KNOWN_EXPANSIONS,
    SUPPORTED_EXPANSIONS,
    AreaState,
    GameState,
    LedgerEntry,
    Market,
    PlayerState,
    Setup,
    missing,
    sorted_tiles,
    spaces_of,
    start_state,
    without,
)

ERROR = "error"
WARNING = "warning"
NOTE = "note"

CHECKPOINT = "checkpoint"

MARKET_AREAS = (Area.BASE, Area.TRUNK, Area.WINDOW, Area.TURRET)

AREA_NAMES: dict[Area, str] = {
    Area.BASE: "base market",
    Area.TRUNK: "trunk market",
    Area.WINDOW: "window market",
    Area.TURRET: "turret market",
    Area.CIRCLE: "building circle",
    Area.BANK: "bank",
    Area.COLOURED: "coloured building",
    Area.SPIES: "House of Spies",
    Area.CALIPH: "Caliph's patronage",
    Area.TENT: "tent",
    Area.LIGHTED: "House of the lighted windows",
}


@dataclass(frozen=True, slots=True)
class Violation:
    """A finding about one event: ``severity`` is ``error`` (the event is illegal, or a
    checkpoint disagrees), ``warning`` (legal but probably a slip) or ``note`` (a check was
    relaxed because an optional fact is missing). ``event`` counts log events from 1 (0 is the
    header); ``later`` marks errors found after the first illegal event, on a state that
    already trusts it, so they may be consequences."""

    event: int
    player: str | None
    rule: str
    message: str
    severity: str = ERROR
    later: bool = False

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR


class CannotApply(ValueError):
    """The event cannot even be carried out on this state (e.g. it names a missing tower)."""


# --- small helpers ------------------------------------------------------------------------


def plural(n: int, word: str) -> str:
    """``1 buyer``, ``2 buyers``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def tower_name(colour: Colour, n: int) -> str:
    return f"{colour} tower" if n == 1 else f"{_ordinal(n)} {colour} tower"


def _find_tower(player: PlayerState, colour: Colour, n: int) -> int | None:
    """Index in ``player.towers`` of the n-th tower of ``colour`` (1-based), if it stands."""
    seen = 0
    for i, t in enumerate(player.towers):
        if t.colour == colour:
            seen += 1
            if seen == n:
                return i
    return None


def _tiles_of_build(build: Build) -> list[Tile]:
    tiles = [Tile(p.section, t.colour, p.gold) for t in build.new for p in t.parts]
    tiles += [Tile(p.section, a.colour, p.gold) for a in build.add for p in a.parts]
    return tiles


def _set(pairs: tuple[tuple[Area, AreaState], ...], area: Area, value: AreaState
         ) -> tuple[tuple[Area, AreaState], ...]:
    return (*((a, s) for a, s in pairs if a != area), (area, value))


def _set_player(state: GameState, seat: int, player: PlayerState) -> tuple[PlayerState, ...]:
    return tuple(player if i == seat else p for i, p in enumerate(state.players))


def _set_market(state: GameState, market: Market) -> tuple[Market, ...]:
    return tuple(market if m.section == market.section else m for m in state.markets)


def _cost(board: Board, event: Turn) -> tuple[int, str]:
    """What a turn costs and how to say it (R2.3)."""
    if isinstance(event, Buy):
        tile = event.tile
        if tile is None:
            return 0, ""
        price = board.price(tile.colour)
        return price, f"the {tile} costs {price}"
    if isinstance(event, Build):
        return event.plot, f"plot {event.plot} costs {event.plot}"
    if isinstance(event, Bribe):
        fee = event.placement.space or 0
        tile = event.tile
        if tile is None:
            return fee, f"bribery at {fee} costs {fee}"
        price = board.price(tile.colour)
        return fee + price, (f"bribery at {fee} and the {tile} at {price} cost "
                             f"{fee + price}")
    if isinstance(event, Recruit):
        return event.cost, f"recruiting at the tent costs {event.cost}"
    if isinstance(event, LightedMove):
        return event.pay, f"the lighted windows cost {event.pay}"
    return 0, ""


def _income(board: Board, event: Turn) -> int:
    if isinstance(event, Bank):
        return event.amount
    if isinstance(event, Coloured):
        return board.coloured_building_income
    return 0


# --- relaxed checks (notes) -----------------------------------------------------------------


def _relaxations(board: Board, state: GameState, event: Event) -> list[tuple[str, str, str]]:
    """Checks this event would need a missing optional fact for: (key, rule, message).

    A key is noted once per year, so a log without displays gets one note per area a year
    rather than one per purchase.
    """
    out: list[tuple[str, str, str]] = []
    if isinstance(event, Buy) and event.tile is not None:
        market = state.market(event.section)
        if market.shown is None:
            out.append((f"display {event.section}", "R3.1",
                        f"the {event.section} display of year {state.year} is not recorded; "
                        f"bought tiles are checked against its count only"))
    if isinstance(event, Build):
        seat = state.seat(event.placement.player)
        if seat is not None and event.lighted:
            p = state.players[seat]
            known = Counter(p.lighted_known)
            for lw in event.lighted:
                if known[lw.colour] > 0:
                    known[lw.colour] -= 1
                elif p.lighted_unknown > 0:
                    out.append((f"lighted colour {p.name} {state.events + 1}", "R3.7",
                                f"the colours of {p.name}'s kept lighted windows are not "
                                f"recorded; the {lw.colour} lighted window is trusted"))
                    break
    if isinstance(event, Bank):
        space = event.placement.space
        if space is not None and 1 <= space <= len(board.bank_values) and (
                board.bank_values[space - 1] is None):
            out.append((f"bank {space}", "R3.3",
                        f"the value of bank space {space} is unknown to the board profile; "
                        f"the amount taken is trusted up to {board.bank_max_value}"))
    if isinstance(event, Recruit) and board.tent_costs is None:
        out.append(("tent", "R3.6", "the tent's spaces and costs are unknown to the board "
                    "profile; the cost paid is trusted"))
    return out


# --- check ----------------------------------------------------------------------------------


def check(board: Board, state: GameState, event: Event) -> tuple[Violation, ...]:
    """Everything wrong (and noteworthy) about ``event`` in ``state``; empty when clean."""
    number = state.events + 1
    if isinstance(event, Display):
        return _check_display(state, event, number)
    if isinstance(event, Checkpoint):
        return _check_checkpoint(state, event, number)
    return _check_turn(board, state, event, number)


def errors(findings: Iterable[Violation]) -> tuple[Violation, ...]:
    return tuple(v for v in findings if v.is_error)


def _check_display(state: GameState, event: Display, number: int) -> tuple[Violation, ...]:
    out = []
    for section, tiles in event.areas:
        market = state.market(section)
        wrong = [t for t in tiles if t.section != section]
        if wrong:
            out.append(Violation(number, None, "R3.1",
                                 f"the {section} display cannot show a {wrong[0]}"))
            continue
        if len(tiles) != market.count:
            out.append(Violation(number, None, "R3.1",
                                 f"the {section} display should hold "
                                 f"{plural(market.count, 'tile')}; the log lists {len(tiles)}"))
            continue
        if market.shown is not None:
            if Counter(market.shown) != Counter(tiles):
                shown = ", ".join(str(t) for t in market.shown) or "nothing"
                out.append(Violation(number, None, "R3.1",
                                     f"the {section} display is known to show {shown}"))
            continue
        gone = missing(tiles, market.carried)
        if gone:
            out.append(Violation(number, None, "R3.1",
                                 f"the {section} display still holds the unsold {gone[0]} "
                                 f"from last year; the log leaves it out"))
    return tuple(out)


def _check_checkpoint(state: GameState, event: Checkpoint, number: int
                      ) -> tuple[Violation, ...]:
    out = []
    for what, pairs in (("prestige", event.prestige), ("money", event.money)):
        for name, shown in pairs:
            seat = state.seat(name)
            if seat is None:
                out.append(Violation(number, name, CHECKPOINT, f"no player is named {name!r}"))
                continue
            if what == "prestige":
                have = state.prestige(seat)
                if have != shown:
                    out.append(Violation(
                        number, name, CHECKPOINT,
                        f"the prestige track shows {name} at {shown}; the log gives {have} "
                        f"(a difference of {shown - have:+d})"))
            else:
                have = state.players[seat].money
                if have != shown:
                    out.append(Violation(
                        number, name, CHECKPOINT,
                        f"{name} counts {shown} Asari; the log gives {have} "
                        f"(a difference of {shown - have:+d})"))
    return tuple(out)


def _check_turn(board: Board, state: GameState, event: Turn, number: int
                ) -> tuple[Violation, ...]:
    name = event.placement.player
    out: list[Violation] = []

    def bad(rule: str, message: str, severity: str = ERROR) -> None:
        out.append(Violation(number, name, rule, message, severity))

    if state.over:
        bad("R5", f"the game is over after year {board.years}; no more turns")
        return tuple(out)
    seat = state.seat(name)
    if seat is None:
        names = ", ".join(p.name for p in state.players)
        bad("R2", f"no player is named {name!r} (players: {names})")
        return tuple(out)
    player = state.players[seat]
    area = area_of(event)
    if state.turn is not None and seat != state.turn:
        bad("R2", f"it is {state.players[state.turn].name}'s turn, not {name}'s")
        return tuple(out)  # a turn out of order: nothing else about it can be trusted

    pro_only = {Area.TENT: "R3.6", Area.LIGHTED: "R3.7"}
    if area in pro_only and state.setup.variant != Variant.PRO:
        bad(pro_only[area], f"the {AREA_NAMES[area]} is only in the pro game")
        return tuple(out)

    _check_buyers(board, state, event, player, area, bad)
    _check_space(board, state, event, area, bad)

    cost, what = _cost(board, event)
    if cost > player.money:
        bad("R2.3", f"{name} has {player.money} Asari; {what}")

    if isinstance(event, Buy):
        _check_buy(state, event, bad)
    elif isinstance(event, Build):
        _check_build(board, state, event, player, bad)
    elif isinstance(event, Bank):
        _check_bank(board, event, bad)
    elif isinstance(event, Bribe):
        if event.tile is not None and state.market(event.pile).pile < 1:
            bad("R3.4", f"the face-down {event.pile} pile is empty")
    elif isinstance(event, Recruit):
        if event.cost < 0:
            bad("R3.6", "a recruiting cost cannot be negative")
        if state.draw_pile < board.recruit_draw:
            bad("R3.6", f"the buyer deck holds {plural(state.draw_pile, 'card')}; "
                        f"recruiting draws {board.recruit_draw}")
    elif isinstance(event, LightedMove):
        _check_lighted(board, state, event, bad)

    for key, rule, message in _relaxations(board, state, event):
        if (state.year, key) not in state.noted:
            bad(rule, message, NOTE)
    return tuple(out)


def _check_buyers(board: Board, state: GameState, event: Turn, player: PlayerState,
                  area: Area, bad: _Bad) -> None:
    p = event.placement
    if area == Area.COLOURED:
        if p.buyer is not None:
            bad("R3.3", "the coloured building takes one face-down buyer, not "
                        f"{'a pair' if p.buyer == PAIR else 'a ' + p.buyer + ' buyer'}")
    elif p.buyer is None:
        bad("R2", f"a buyer in the {AREA_NAMES[area]} is placed face up (its colour) "
                  "or as a face-down pair")
    if p.cards > player.buyers:
        # R2: a turn places one buyer, or two face down; the hand (R1) must hold them.
        bad("R2", f"{player.name} holds {plural(player.buyers, 'buyer')}; "
                  f"a pair needs 2")
    if not p.face_up or p.buyer is None:
        return
    label = p.buyer
    if label not in state.labels and len(state.labels) >= board.buyer_colours:
        bad("R1", f"buyers come in {board.buyer_colours} colours and "
                  f"{', '.join(state.labels)} are already in play; {label!r} would be a "
                  f"{_ordinal(board.buyer_colours + 1)}")
    per_colour = board.buyers_per_colour
    used = dict(state.label_counts).get(label, 0)
    if per_colour is not None and used >= per_colour:
        bad("R1", f"all {per_colour} {label} buyers are already face up this year")
    colour = state.area(area).colour
    if colour is not None and colour != label:
        bad("R2.1", f"the {AREA_NAMES[area]} follows {colour} this year; {player.name} "
                    f"placed a {label} buyer (a face-down pair would do)")


def _check_space(board: Board, state: GameState, event: Turn, area: Area, bad: _Bad) -> None:
    if area == Area.COLOURED:
        return  # unlimited room
    space = event.plot if isinstance(event, Build) else event.placement.space
    spaces = spaces_of(board, area)
    here = state.area(area)
    label = "plot" if area == Area.CIRCLE else "space"
    if space is None:
        if area in (Area.BANK, Area.SPIES):
            bad("R2.2", f"the {AREA_NAMES[area]} needs its space named")
        elif spaces is not None and all(here.occupied(s) for s in spaces):
            holders = ", ".join(state.players[h].name for _, h in here.taken)
            bad("R2.2", f"every space of the {AREA_NAMES[area]} is taken this year ({holders})")
        return
    if spaces is not None and space not in spaces:
        listed = ", ".join(str(s) for s in spaces)
        bad("R2.2", f"the {AREA_NAMES[area]} has no {label} {space} ({listed})")
        return
    if spaces is None and space < 1:
        bad("R2.2", f"{label} numbers start at 1")
        return
    for s, who in here.taken:
        if s == space:
            bad("R2.2", f"{label} {space} of the {AREA_NAMES[area]} is taken by "
                        f"{state.players[who].name} this year")


def _check_buy(state: GameState, event: Buy, bad: _Bad) -> None:
    tile = event.tile
    if tile is None:
        bad("R3.1", f"a buyer in the {event.section} market but nothing bought", WARNING)
        return
    market = state.market(event.section)
    if market.count < 1:
        bad("R3.1", f"the {event.section} display is empty this year")
    elif market.shown is not None and tile not in market.shown:
        shown = ", ".join(str(t) for t in market.shown)
        bad("R3.1", f"the {event.section} display shows no {tile} (it shows {shown})")


def _check_bank(board: Board, event: Bank, bad: _Bad) -> None:
    space = event.placement.space
    if space is None or not 1 <= space <= len(board.bank_values):
        return  # reported by the space check
    value = board.bank_values[space - 1]
    if value is not None and event.amount != value:
        bad("R3.3", f"bank space {space} pays {value}; the log takes {event.amount}")
    elif value is None and not 1 <= event.amount <= board.bank_max_value:
        bad("R3.3", f"no bank space pays {event.amount}; the values run up to "
                    f"{board.bank_max_value}")


def _check_lighted(board: Board, state: GameState, event: LightedMove, bad: _Bad) -> None:
    offers = {o.pay: o for o in board.lighted_offers}
    offer = offers.get(event.pay)
    if offer is None:
        ways = " or ".join(f"pay {o.pay}, keep {o.keep}" for o in board.lighted_offers)
        bad("R3.7", f"the lighted windows cost {event.pay} nowhere ({ways})")
        return
    if len(event.kept) > offer.keep:
        bad("R3.7", f"paying {offer.pay} keeps {plural(offer.keep, 'lighted window')}; "
                    f"the log keeps {len(event.kept)}")
    if state.lighted_stack < offer.keep:
        bad("R3.7", f"the lighted-window stack holds "
                    f"{plural(state.lighted_stack, 'window')}; paying {offer.pay} keeps "
                    f"{offer.keep}")


def _check_build(board: Board, state: GameState, event: Build, player: PlayerState,
                 bad: _Bad) -> None:
    plot = event.plot
    if not 1 <= plot <= board.plots:
        return  # reported by the space check
    k = event.sections
    if k == 0:
        bad("R3.2", f"plot {plot} builds {plural(plot, 'section')}; the log builds none")
    elif k > plot:
        bad("R3.2", f"plot {plot} builds {plural(plot, 'section')}; the log builds {k}")
    elif k < plot:
        here = state.area(Area.CIRCLE)
        vacant = [n for n in range(k, plot) if not here.occupied(n)]
        if vacant:
            bad("R3.2", f"{plural(k, 'section')} on plot {plot} needs plots "
                        f"{k}..{plot - 1} occupied; plot {vacant[0]} is vacant")

    # Tower law: shape of each new tower and addition.
    for t in event.new:
        kinds = Counter(p.section for p in t.parts)
        if kinds[Section.BASE] != 1 or kinds[Section.TURRET] != 1:
            bad("R3.2", f"a new {t.colour} tower needs exactly one base and one turret in "
                        f"the same build; the log gives {plural(kinds[Section.BASE], 'base')} "
                        f"and {plural(kinds[Section.TURRET], 'turret')}")
    for a in event.add:
        if _find_tower(player, a.colour, a.tower) is None:
            bad("R3.2", f"{player.name} has no {tower_name(a.colour, a.tower)} to add to")
        extra = [p for p in a.parts if p.section in (Section.BASE, Section.TURRET)]
        if extra:
            bad("R3.2", f"a standing {a.colour} tower already has its {extra[0].section}; "
                        f"only trunks and windows can be added")

    short = missing(player.screen, _tiles_of_build(event))
    if short:
        bad("R3.2", f"{player.name} has no {short[0]} behind the screen"
                    + (f" (and {len(short) - 1} more missing)" if len(short) > 1 else ""))

    if event.lighted:
        if state.setup.variant != Variant.PRO:
            bad("R3.7", "lighted windows are only in the pro game")
            return
        _check_lighted_build(event.lighted, player, bad)


def _check_lighted_build(lighted: Sequence[LightedWindow], player: PlayerState, bad: _Bad
                         ) -> None:
    on: Counter[tuple[Colour, int, bool]] = Counter(
        (lw.colour, lw.tower, lw.on_gold) for lw in lighted)
    for (colour, n, gold), count in sorted(on.items()):
        i = _find_tower(player, colour, n)
        name = tower_name(colour, n)
        if i is None:
            bad("R3.7", f"{player.name} has no {name} for a lighted window")
            continue
        t = player.towers[i]
        if gold:
            free = t.free_gold_windows
            kind = "gold windows"
        else:
            free = t.free_plain_windows
            kind = "plain windows without gold"
        if count > free:
            bad("R3.7", f"{player.name}'s {name} has {free} uncovered {kind}; the log lays "
                        f"{plural(count, 'lighted window')} on them")
    have = Counter(player.lighted_known)
    unknown = player.lighted_unknown
    for lw in lighted:
        if have[lw.colour] > 0:
            have[lw.colour] -= 1
        elif unknown > 0:
            unknown -= 1
        else:
            kept = ", ".join(player.lighted_known) or "none"
            bad("R3.7", f"{player.name} has no {lw.colour} lighted window behind the screen "
                        f"(kept: {kept})")
            return


class _Bad(Protocol):
    """The shape of the small reporting callback the turn checks share."""

    def __call__(self, rule: str, message: str, severity: str = ERROR, /) -> None: ...


# --- apply ----------------------------------------------------------------------------------


def apply(board: Board, state: GameState, event: Event) -> GameState:
    """The state after ``event``. Does not check legality (call :func:`check` first); raises
    :class:`CannotApply` only when the event cannot be carried out at all."""
    if isinstance(event, Checkpoint):
        return replace(state, events=state.events + 1)
    if isinstance(event, Display):
        markets = state.markets
        for section, tiles in event.areas:
            m = next(x for x in markets if x.section == section)
            m = replace(m, shown=sorted_tiles(tiles), carried=())
            markets = tuple(m if x.section == section else x for x in markets)
        return replace(state, markets=markets, events=state.events + 1)
    return _apply_turn(board, state, event)


def _apply_turn(board: Board, state: GameState, event: Turn) -> GameState:
    name = event.placement.player
    seat = state.seat(name)
    if seat is None or state.over:
        raise CannotApply(f"no turn for {name!r}")
    number = state.events + 1
    noted = state.noted + tuple(
        (state.year, key) for key, _, _ in _relaxations(board, state, event)
        if (state.year, key) not in state.noted)
    state = replace(state, events=number, noted=noted)
    state = _place(board, state, seat, event)
    player = state.players[seat]
    cost, _ = _cost(board, event)
    player = replace(player, money=player.money - cost + _income(board, event))
    ledger = state.ledger

    if isinstance(event, Buy | Bribe) and event.tile is not None:
        player = replace(player, screen=sorted_tiles((*player.screen, event.tile)))
        section = event.section if isinstance(event, Buy) else event.pile
        m = state.market(section)
        if isinstance(event, Buy):
            shown = None if m.shown is None else without(m.shown, [event.tile])
            m = replace(m, count=max(0, m.count - 1), shown=shown,
                        carried=without(m.carried, [event.tile]))
        else:
            m = replace(m, pile=max(0, m.pile - 1))
        state = replace(state, markets=_set_market(state, m))
    elif isinstance(event, Build):
        player = _build(player, event)
        k = event.sections
        ledger += (LedgerEntry(seat, build_prestige(board, k), "build", state.year, number,
                               f"built {plural(k, 'section')} on plot {event.plot}"),)
    elif isinstance(event, Caliph):
        state = replace(state, caliph=seat)
    elif isinstance(event, Recruit):
        drawn = min(board.recruit_draw, state.draw_pile)
        player = replace(player, buyers=player.buyers + drawn)
        state = replace(state, draw_pile=state.draw_pile - drawn)
    elif isinstance(event, LightedMove):
        keep = next((o.keep for o in board.lighted_offers if o.pay == event.pay), 0)
        keep = min(keep, state.lighted_stack)
        known = event.kept[:keep]
        player = replace(player, lighted_known=(*player.lighted_known, *known),
                         lighted_unknown=player.lighted_unknown + keep - len(known))
        state = replace(state, lighted_stack=state.lighted_stack - keep)

    state = replace(state, players=_set_player(state, seat, player), ledger=ledger)
    return _next_turn(board, state, seat)


def _place(board: Board, state: GameState, seat: int, event: Turn) -> GameState:
    """The buyer goes onto its space; the area's colour and the buyer labels follow."""
    p: Placement = event.placement
    area = area_of(event)
    here = state.area(area)
    player = state.players[seat]
    player = replace(player, buyers=max(0, player.buyers - p.cards))
    if area == Area.COLOURED:
        here = replace(here, placed=here.placed + 1)
    else:
        space = event.plot if isinstance(event, Build) else p.space
        if space is None:
            free = state.free_spaces(board, area)
            space = free[0] if free else max((s for s, _ in here.taken), default=0) + 1
        colour = here.colour
        if colour is None and p.face_up:
            colour = p.buyer
        here = replace(here, colour=colour, taken=(*here.taken, (space, seat)))
    labels, counts = state.labels, state.label_counts
    if p.face_up and p.buyer is not None:
        if p.buyer not in labels:
            labels = (*labels, p.buyer)
        c = dict(counts)
        c[p.buyer] = c.get(p.buyer, 0) + 1
        counts = tuple(sorted(c.items()))
    return replace(state, areas=_set(state.areas, area, here),
                   players=_set_player(state, seat, player),
                   labels=labels, label_counts=counts)


def _build(player: PlayerState, event: Build) -> PlayerState:
    towers = list(player.towers)
    for a in event.add:
        i = _find_tower(player, a.colour, a.tower)
        if i is None:
            raise CannotApply(f"no {tower_name(a.colour, a.tower)}")
        towers[i] = _grow(towers[i], a.parts)
    for lw in event.lighted:
        i = _find_tower(player, lw.colour, lw.tower)
        if i is None:
            raise CannotApply(f"no {tower_name(lw.colour, lw.tower)}")
        t = towers[i]
        towers[i] = replace(t, lighted=t.lighted + 1,
                            lighted_on_gold=t.lighted_on_gold + lw.on_gold)
    for nt in event.new:
        towers.append(_grow(Tower(nt.colour), [p for p in nt.parts
                                               if p.section not in (Section.BASE,
                                                                    Section.TURRET)],
                            gold_ends=sum(p.gold for p in nt.parts
                                          if p.section in (Section.BASE, Section.TURRET))))
    known = list(player.lighted_known)
    unknown = player.lighted_unknown
    for lw in event.lighted:
        if lw.colour in known:
            known.remove(lw.colour)
        else:
            unknown = max(0, unknown - 1)
    return replace(player, towers=tuple(towers),
                   screen=without(player.screen, _tiles_of_build(event)),
                   lighted_known=tuple(known), lighted_unknown=unknown)


def _grow(tower: Tower, parts: Iterable[Part], gold_ends: int = 0) -> Tower:
    parts = list(parts)
    trunks = sum(p.section == Section.TRUNK for p in parts)
    windows = [p for p in parts if p.section == Section.WINDOW]
    gold_windows = sum(p.gold for p in windows)
    gold = sum(p.gold for p in parts) + gold_ends
    return replace(tower, trunks=tower.trunks + trunks, windows=tower.windows + len(windows),
                   gold=tower.gold + gold, gold_windows=tower.gold_windows + gold_windows)


def _next_turn(board: Board, state: GameState, seat: int) -> GameState:
    """Clockwise to the next player holding buyers; when nobody does, the year ends (R2, R4)."""
    n = len(state.players)
    for step in range(1, n + 1):
        nxt = (seat + step) % n
        if state.players[nxt].buyers > 0:
            return replace(state, turn=nxt)
    return _end_year(board, state)


def _end_year(board: Board, state: GameState) -> GameState:
    """End-of-year evaluation (R4); then the next year, or the final evaluation (R5)."""
    scores = year_evaluation(board, [p.towers for p in state.players], state.caliph)
    ledger = state.ledger + tuple(
        LedgerEntry(s.player, s.points, "year", state.year, state.events,
                    f"end of year {state.year}: {s.explanation}")
        for s in scores if s.points)
    state = replace(state, ledger=ledger, year_scores=(*state.year_scores, scores))
    if state.year >= board.years:
        final = final_evaluation(
            board, [FinalPosition(p.towers, max(0, p.money)) for p in state.players],
            pro=state.setup.variant == Variant.PRO)
        ledger = state.ledger + tuple(
            LedgerEntry(a.player, a.points, "final", state.year, state.events,
                        a.explanation, a.category)
            for a in final.awards if a.points)
        return replace(state, ledger=ledger, final=final, turn=None)
    n = len(state.players)
    hand = board.hand_size[n]
    markets = []
    for m in state.markets:
        fill = min(board.display[m.section] - m.count, m.pile)
        if fill > 0:
            carried = m.shown if m.shown is not None else m.carried
            m = replace(m, count=m.count + fill, pile=m.pile - fill, shown=None,
                        carried=carried)
        markets.append(m)
    players = tuple(replace(p, money=p.money + board.yearly_money, buyers=hand)
                    for p in state.players)
    return replace(state, year=state.year + 1, turn=state.caliph, areas=(),
                   markets=tuple(markets), players=players,
                   draw_pile=board.buyers_total - hand * n, label_counts=())


# --- setup and replay -----------------------------------------------------------------------


def check_setup(board: Board, setup: Setup) -> tuple[Violation, ...]:
    """Problems with the players, start player or expansions (event 0, the header)."""
    out = []
    n = len(setup.players)
    if not board.min_players <= n <= board.max_players:
        out.append(Violation(0, None, "R1", f"ASARA is for {board.min_players} to "
                                            f"{board.max_players} players; the log names {n}"))
    dupes = sorted({p for p in setup.players if setup.players.count(p) > 1})
    if dupes:
        out.append(Violation(0, dupes[0], "R1", f"two players are named {dupes[0]!r}"))
    if n and not 0 <= setup.start < n:
        out.append(Violation(0, None, "R1", "the start player is not one of the players"))
    for x in setup.expansions:
        if x not in SUPPORTED_EXPANSIONS:
            what = KNOWN_EXPANSIONS.get(x)
            rule = "R6.1" if x == "gifts" else "R6.2" if x == "genie" else "R6"
            out.append(Violation(0, None, rule,
                                 f"the expansion {what or repr(x)} is not supported yet"))
        if x == "genie" and setup.variant != Variant.PRO:
            out.append(Violation(0, None, "R6.2", "the Bottle Genie is only in the pro game"))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Replay:
    """The result of replaying a log.

    ``states[i]`` is the state after event ``i`` (``states[0]`` before any event), for the
    legal prefix only: the list stops before the first illegal event (``stopped``).
    ``violations`` are the errors, the first ones with ``later=False``; ``notes`` are warnings
    and relaxed-check notes from the legal prefix."""

    states: tuple[GameState, ...]
    violations: tuple[Violation, ...]
    notes: tuple[Violation, ...]
    stopped: int | None

    @property
    def state(self) -> GameState:
        return self.states[-1]

    @property
    def valid(self) -> bool:
        return not self.violations

    @property
    def complete(self) -> bool:
        """The game reached its final evaluation without an illegal event."""
        return self.stopped is None and self.state.over

    @property
    def ledger(self) -> tuple[LedgerEntry, ...]:
        return self.state.ledger

    @property
    def final(self) -> FinalEvaluation | None:
        return self.state.final

    def at(self, n: int) -> GameState:
        """The state after event ``n`` (0: before any), or the last legal one before it."""
        return self.states[max(0, min(n, len(self.states) - 1))]

    def totals(self) -> tuple[int, ...]:
        return self.state.prestige_all()

    def winners(self) -> tuple[int, ...]:
        return winners(self.totals()) if self.complete else ()


def replay(board: Board, setup: Setup, events: Sequence[Event]) -> Replay:
    """Fold ``events`` over the start state.

    The state stops at the first illegal event. Checking goes on past it on a shadow state
    that carries out the illegal event anyway; what it finds is marked ``later``. A checkpoint
    that disagrees is an error but not an illegal move, so the state goes on past it.
    """
    problems = check_setup(board, setup)
    state0 = start_state(board, setup) if not any(
        v.rule == "R1" for v in problems) else None
    if problems or state0 is None:
        empty = state0 or _empty_state(setup)
        return Replay((empty,), problems, (), 0)
    states = [state0]
    found: list[Violation] = []
    notes: list[Violation] = []
    stopped: int | None = None
    state = state0
    for event in events:
        number = state.events + 1
        findings = check(board, state, event)
        errs = errors(findings)
        if stopped is None:
            notes.extend(v for v in findings if not v.is_error)
            found.extend(errs)
            if any(v.rule != CHECKPOINT for v in errs):
                stopped = number
        else:
            found.extend(replace(v, later=True) for v in errs)
        try:
            state = apply(board, state, event)
        except CannotApply:
            state = replace(state, events=number)
        if stopped is None:
            states.append(state)
    return Replay(tuple(states), tuple(found), tuple(notes), stopped)


def _empty_state(setup: Setup) -> GameState:
    return GameState(setup=setup, players=tuple(PlayerState(n, 0, 0) for n in setup.players),
                     year=1, turn=None, caliph=0, areas=(), markets=(), draw_pile=0,
                     lighted_stack=0)
