"""A turn, the same for every area (RULES.md R2): whose turn it is, the buyer or pair from
the hand, follow suit, a free space; then the Caliph's gifts on that space (R6.1) and the
area's own action, which its kind checks and carries out (``rules/areas``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from asara_cli.core.findings import ERROR, NOTE, CannotApply, Report, Violation
from asara_cli.core.values import copier, evolve
from asara_cli.games.asara.rules.board import AreaSpec, Board
from asara_cli.games.asara.rules.events import PAIR, Turn
from asara_cli.games.asara.rules.state import EMPTY_AREA, AreaState, GameState, PlayerState, in_play
from asara_cli.games.asara.rules.text import a_buyer, plural
from tests.oracle_asara import gifts
from tests.oracle_asara.areas import Kind, Move, kind_of
from tests.oracle_asara.labels import check_label

# one of each per turn: called directly (rules/values.py, copier)
_new_state = copier(GameState)
_new_player = copier(PlayerState)


@dataclass(slots=True)
class Prepared:
    """What checking a turn worked out that carrying it out needs again: a replay checks
    and then applies each turn in the same state, and need not work it out twice. ``notes``
    is ``None`` when the Caliph's gifts changed the position the action is checked in."""

    seat: int
    kind: Kind[Any]
    spec: AreaSpec
    notes: list[tuple[str, str, str]] | None


def check_turn(board: Board, state: GameState, event: Turn, number: int
               ) -> tuple[Violation, ...]:
    return examine_turn(board, state, event, number)[0]


def examine_turn(board: Board, state: GameState, event: Turn, number: int
                 ) -> tuple[tuple[Violation, ...], Prepared | None]:
    """:func:`check_turn`, and what :func:`apply_turn` can take from it (``None`` when the
    check stopped early)."""
    name = event.placement.player
    out: list[Violation] = []

    def bad(rule: str, message: str, severity: str = ERROR, /) -> None:
        out.append(Violation(number, name, rule, message, severity))

    if state.over:
        bad("R5", f"the game is over after year {board.years}; no more turns")
        return tuple(out), None
    seat = state.seat(name)
    if seat is None:
        names = ", ".join(p.name for p in state.players)
        bad("R2", f"no player is named {name!r} (players: {names})")
        return tuple(out), None
    if state.turn is not None and seat != state.turn:
        bad("R2", f"it is {state.players[state.turn].name}'s turn, not {name}'s")
        return tuple(out), None  # a turn out of order: nothing else about it can be trusted
    kind = kind_of(event.action)
    spec = kind.area(board, event.action)
    if not in_play(board, state.setup, spec.key):
        if spec.expansion is not None and spec.expansion not in state.setup.expansions:
            bad(spec.rule, f"the {spec.name} is an expansion this game does not use (the "
                           f"header's expansions: "
                           f"{', '.join(state.setup.expansions) or 'none'})")
        else:
            bad(spec.rule, f"the {spec.name} is only in the pro game")
        return tuple(out), None

    player = state.players[seat]
    here = state.area(spec.key)
    _check_buyers(board, state, event, player, spec, here, kind, bad)
    _check_space(state, event, spec, here, kind, bad)
    moving = gifts.check_claim(board, state, seat, spec, event, number, bad)

    space = event.placement.space
    m = Move(board, moving, seat, space, event.action, number)
    if kind.price(board, space, event.action) > m.player.money:
        _, what = kind.cost(board, space, event.action)
        bad("R2.3", f"{name} has {m.player.money} Asari; {what}")
    kind.check(m, bad)
    notes = kind.notes(m)
    for key, rule, message in notes:
        if (state.year, key) not in state.noted:
            bad(rule, message, NOTE)
    return tuple(out), Prepared(seat, kind, spec, notes if moving is state else None)


def _check_buyers(board: Board, state: GameState, event: Turn, player: PlayerState,
                  spec: AreaSpec, here: AreaState, kind: Kind[Any], bad: Report) -> None:
    p = event.placement
    if kind.face_down:
        if p.buyer is not None:
            bad(spec.rule, f"the {spec.name} takes one face-down buyer, not "
                           f"{'a pair' if p.buyer == PAIR else a_buyer(p.buyer)}")
    elif p.buyer is None:
        bad("R2", f"a buyer in the {spec.name} is placed face up (its colour) or as a "
                  f"face-down pair")
    if p.cards > player.buyers:
        # R2: a turn places one buyer, or two face down; the hand (R1) must hold them.
        bad("R2", f"{player.name} holds {plural(player.buyers, 'buyer')}; a pair needs 2")
    if not p.face_up or p.buyer is None:
        return
    label = p.buyer
    check_label(board, state, label, bad)
    per_colour = board.buyers_per_colour
    used = state.label_count(label)
    if per_colour is not None and used >= per_colour:
        bad("R1", f"all {per_colour} {label} buyers are already face up this year")
    colour = here.colour
    if spec.follow_suit and colour is not None and colour != label:
        bad("R2.1", f"the {spec.name} follows {colour} this year; {player.name} placed "
                    f"{a_buyer(label)} (a face-down pair would do)")


def _check_space(state: GameState, event: Turn, spec: AreaSpec, here: AreaState,
                 kind: Kind[Any], bad: Report) -> None:
    if spec.unlimited:
        return
    space = event.placement.space
    spaces = spec.spaces
    word = spec.space_word
    if space is None:
        if kind.needs_space:
            bad("R2.2", f"the {spec.name} needs its {word} named")
        elif spaces is not None and all(here.occupied(s) for s in spaces):
            holders = ", ".join(state.players[h].name for _, h in here.taken)
            bad("R2.2", f"every space of the {spec.name} is taken this year ({holders})")
        return
    if spaces is not None and space not in spaces:
        listed = ", ".join(str(s) for s in spaces)
        bad("R2.2", f"the {spec.name} has no {word} {space} ({listed})")
        return
    if spaces is None and space < 1:
        bad("R2.2", f"{word} numbers start at 1")
        return
    for s, who in here.taken:
        if s == space:
            bad("R2.2", f"{word} {space} of the {spec.name} is taken by "
                        f"{state.players[who].name} this year")


def apply_turn(board: Board, state: GameState, event: Turn, prepared: Prepared | None = None
               ) -> tuple[GameState, int]:
    """The state after the turn's placement, gifts and action, before any year end, and the
    mover's seat. ``prepared`` is what :func:`examine_turn` gave for this state and turn."""
    action = event.action
    if prepared is None:
        found = state.seat(event.placement.player)
        kind = kind_of(action)
        prepared = None if found is None else Prepared(found, kind, kind.area(board, action),
                                                       None)
    if prepared is None or state.over:
        raise CannotApply(f"no turn for {event.placement.player!r}")
    seat, kind, spec = prepared.seat, prepared.kind, prepared.spec
    number = state.events + 1
    space = event.placement.space
    earned = kind.income(board, space, action) - kind.price(board, space, action)
    if event.gifts or state.gifts or gifts.undealt(state):
        # The gifts on the space are resolved between the placement and the action (R6.1);
        # what they change (a display, a lighted window) is what the notes read.
        state = _place(board, state, seat, event, spec, number, 0, state.noted)
        state = gifts.apply_claim(board, state, seat, spec, event, number)
        noted = _noted(state, kind.notes(Move(board, state, seat, space, action, number)))
        if earned or noted is not state.noted:
            player = state.players[seat]
            state = evolve(state, noted=noted, players=state.players_with(
                seat, evolve(player, money=player.money + earned)))
    else:
        # One new state for the placement and the payment: the notes read neither.
        notes = prepared.notes
        if notes is None:
            notes = kind.notes(Move(board, state, seat, space, action, number))
        noted = _noted(state, notes)
        state = _place(board, state, seat, event, spec, number, earned, noted)
    return kind.apply(Move(board, state, seat, space, action, number)), seat


def _noted(state: GameState, notes: list[tuple[str, str, str]]) -> tuple[tuple[int, str], ...]:
    """The state's noted relaxations with this move's ``notes``, each noted once a year."""
    noted = state.noted
    year = state.year
    for key, _, _ in notes:
        if (year, key) not in noted:
            noted = (*noted, (year, key))
    return noted


def _place(board: Board, state: GameState, seat: int, event: Turn, spec: AreaSpec,
           number: int, earned: int, noted: tuple[tuple[int, str], ...]) -> GameState:
    """The buyer goes onto its space and the player gains ``earned`` Asari (less when
    paying); the area's colour and the buyer labels follow; the event is counted; the turn
    passes to the next player holding buyers (R2), when another does. One new state, since
    a replay makes one per event."""
    p = event.placement
    areas, at = state.areas, len(state.areas)
    for i, (key, _) in enumerate(areas):
        if key == spec.key:
            at = i
            break
    here = areas[at][1] if at < len(areas) else EMPTY_AREA
    player = state.players[seat]
    player = _new_player(player, buyers=max(0, player.buyers - p.cards),
                    money=player.money + earned)
    if spec.unlimited:
        here = AreaState(here.colour, here.taken, here.placed + 1)
    else:
        space = p.space
        if space is None:
            free = state.free_spaces(board, spec.key)
            space = free[0] if free else max((s for s, _ in here.taken), default=0) + 1
        colour = here.colour
        if colour is None and p.face_up and spec.follow_suit:
            colour = p.buyer
        here = AreaState(colour, (*here.taken, (space, seat)), here.placed)
    labels, counts = state.labels, state.label_counts
    if p.face_up and p.buyer is not None:
        if p.buyer not in labels:
            labels = (*labels, p.buyer)
        for i, (label, count) in enumerate(counts):
            if label == p.buyer:
                counts = (*counts[:i], (label, count + 1), *counts[i + 1:])
                break
        else:
            counts = tuple(sorted((*counts, (p.buyer, 1))))
    areas = (*areas[:at], (spec.key, here), *areas[at + 1:])
    players = state.players_with(seat, player)
    # No action changes another player's hand, so the next of them holding buyers moves
    # next, whatever the action does. When none does, the turn stays with the mover and
    # engine.apply asks next_turn, which sees the mover's hand after the action (a recruit)
    # and ends the year when it is empty.
    turn, n = seat, len(players)
    for step in range(1, n):
        if players[(seat + step) % n].buyers > 0:
            turn = (seat + step) % n
            break
    return _new_state(state, events=number, areas=areas, players=players, labels=labels,
                  label_counts=counts, noted=noted, turn=turn)
