"""A turn, the same for every area (RULES.md R2): whose turn it is, the buyer or pair from
the hand, follow suit, a free space; then the Caliph's gifts on that space (R6.1) and the
area's own action, which its kind checks and carries out (``rules/areas``)."""

from __future__ import annotations

from typing import Any

from asara_cli.core.findings import ERROR, NOTE, CannotApply, Report, Violation
from asara_cli.core.i18n import Text, _, ngettext
from asara_cli.games.asara.rules import gifts, terms
from asara_cli.games.asara.rules.areas import Kind, Move, kind_by_type, kind_of
from asara_cli.games.asara.rules.areas.base import Notes
from asara_cli.games.asara.rules.board import AreaSpec, Board
from asara_cli.games.asara.rules.events import PAIR, Placement, Turn
from asara_cli.games.asara.rules.labels import check_label
from asara_cli.games.asara.rules.table import EMPTY_SPOT, Hand, Spot, Table


def check_turn(board: Board, state: Table, event: Turn, number: int
               ) -> tuple[Violation, ...]:
    """Everything wrong (and noteworthy) about the turn; ``state`` is left as it was."""
    found = Findings([])
    play_turn(board, state, event, number, found, False)
    return tuple(found.out or ())


def apply_turn(board: Board, state: Table, event: Turn) -> int:
    """Carry out the turn's placement, gifts and action on ``state``, before any year end;
    the mover's seat. Raises :class:`CannotApply`, leaving ``state`` as it was, when the turn
    cannot be carried out at all."""
    seat = play_turn(board, state, event, state.events + 1, Findings(None), True)
    if seat is None:
        raise CannotApply(f"no turn for {event.placement.player!r}")
    return seat


class Findings:
    """Where a turn's checks report (a :class:`~asara_cli.core.findings.Report`): into
    ``out``, as findings of event ``number`` by ``name``; nowhere when ``out`` is ``None``
    (the turn is only carried out). A replay keeps one for all its turns. ``notes`` are the
    notes of the move last checked, for carrying it out (:func:`_check_turn`)."""

    __slots__ = ("name", "notes", "number", "out")

    def __init__(self, out: list[Violation] | None) -> None:
        self.out = out
        self.number = 0
        self.name = ""
        self.notes: Notes | None = None

    def __call__(self, rule: str, message: Text, severity: str = ERROR, /) -> None:
        if self.out is not None:
            self.out.append(Violation(self.number, self.name, rule, message, severity))


def play_turn(board: Board, state: Table, event: Turn, number: int, bad: Findings,
              carry: bool) -> int | None:
    """Check the turn, its findings going to ``bad``; then, with ``carry``, carry it out on
    ``state``, before any year end. The mover's seat; ``None`` when the turn cannot be
    carried out at all (then ``state`` is left as it was).

    One walk: a replay works out the seat, the area and the price once, every check reads
    the table before anything changes it, and carrying out here saves a call a turn (2%)."""
    placement = event.placement
    name = bad.name = placement.player
    bad.number = number
    turn = state.turn
    if turn is None:
        bad("R5", _("the game is over after year {year}; no more turns").format(
            year=board.years))
        return None
    seat = state.seats.get(name)  # the name as the header writes it, nearly always
    if seat is None:
        seat = state.seat(name)
        if seat is None:
            _no_player(state, name, bad)
            return None
    action = event.action
    kind = kind_by_type(type(action)) or kind_of(action)
    spec = kind.area(board, action)
    space = placement.space
    m: Move[Any] | None = None
    notes: Notes | None = None
    if bad.out is None:
        pass
    elif seat != turn:  # a turn out of order: nothing else about it can be trusted
        bad("R2", _("it is {mover}'s turn, not {player}'s").format(
            mover=state.players[turn].name, player=name))
    elif not (state.playing.get(spec.key) or state.in_play(board, spec.key)):
        _not_in_play(state, spec, bad)
    else:
        price = kind.price(board, space, action)
        m, notes = _check_turn(board, state, event, seat, kind, spec, price, bad), bad.notes
    if not carry:
        return seat
    if m is None:
        price = kind.price(board, space, action)
        m = Move(board, state, seat, space, action, number, state.players[seat])
    if kind.may_fail and kind.refuses(m):
        return None
    earned = (kind.income(board, space, action) if kind.earns else 0) - price
    if event.gifts or state.gifts or (state.gifts_on and gifts.undealt(state)):
        # the gifts on the space resolve between the placement and the action (R6.1): what
        # they change (a display, a lighted window) is what the notes read
        _place(board, state, seat, placement, spec, number, 0)
        gifts.apply_claim(board, state, seat, spec, event, number)
        _note(state, kind.notes(m))
        state.players[seat].money += earned
    else:  # the notes read neither the placement nor the payment
        notes = kind.notes(m) if notes is None else notes
        if notes:
            _note(state, notes)
        _place(board, state, seat, placement, spec, number, earned)
    kind.apply(m)
    return seat


def _no_player(state: Table, name: str, bad: Findings) -> None:
    bad("R2", _("no player is named {name} (players: {names})").format(
        name=repr(name), names=", ".join(p.name for p in state.players)))


def _not_in_play(state: Table, spec: AreaSpec, bad: Findings) -> None:
    if spec.expansion is not None and spec.expansion not in state.setup.expansions:
        bad(spec.rule, _("the {area} is an expansion this game does not use (the "
                         "header's expansions: {expansions})").format(
            area=terms.area(spec.name),
            expansions=", ".join(state.setup.expansions) or _("none")))
    else:
        bad(spec.rule, _("the {area} is only in the pro game").format(
            area=terms.area(spec.name)))


def _check_turn(board: Board, state: Table, event: Turn, seat: int, kind: Kind[Any],
                spec: AreaSpec, price: int, bad: Findings) -> Move[Any] | None:
    """What is wrong with the placement, the gifts claimed and the action of the player in
    ``seat`` (whose turn it is, in an area in play), into ``bad``. The move as checked, its
    notes in ``bad.notes``, for :func:`play_turn` to carry out (no tuple made a turn);
    ``None`` for both where the gifts moved the position the action was checked in."""
    placement = event.placement
    space = placement.space
    here = state.areas.get(spec.key, EMPTY_SPOT)
    # the placement (R1, R2, R2.1, R2.2), written out here: every turn passes here
    label = placement.buyer
    player = state.players[seat]
    if kind.face_down:
        if label is not None:
            _wrong_face(label, spec, bad)
    elif label is None:
        _wrong_face(label, spec, bad)
    # R2: a turn places one buyer, or two face down; the hand (R1) must hold them.
    if label == PAIR:
        if player.buyers < 2:
            _short_hand(player, bad)
    else:
        if player.buyers < 1:
            _short_hand(player, bad)
        if label is not None and (
                # _check_face_up's tests first; it says what is wrong (a colour placed this
                # year is one of the game's: a dict's test spares most walks of the list)
                state.setup.buyers
                or (label not in state.label_counts and label not in state.labels)
                or (board.buyers_per_colour is not None
                    and state.label_counts.get(label, 0) >= board.buyers_per_colour)
                or (spec.follow_suit and here.colour is not None and here.colour != label)):
            _check_face_up(board, state, label, player.name, spec, here, bad)
    if not spec.unlimited:
        if space is None or space not in (spec.spaces or (space,)) or space < 1:
            _check_space(state, placement, spec, here, kind, bad)
        else:
            for s, who in here.taken:
                if s == space:
                    _taken(state, spec, space, who, bad)
    action = event.action
    if event.gifts or state.gifts_on:
        moving = gifts.check_claim(board, state, seat, spec, event, bad.number, bad)
        m = Move(board, moving, seat, space, action, bad.number, moving.players[seat])
    else:
        moving = state
        m = Move(board, state, seat, space, action, bad.number, player)
    if price > m.player.money:
        _unaffordable(m, kind, bad)
    kind.check(m, bad)
    notes = kind.notes(m)
    if notes:
        _report_notes(state, notes, bad)
    # None where the gifts moved the position the action was checked in
    bad.notes = notes if moving is state else None
    return m if moving is state else None


def _wrong_face(label: str | None, spec: AreaSpec, bad: Report) -> None:
    if label is None:
        bad("R2", _("a buyer in the {area} is placed face up (its colour) or as a "
                    "face-down pair").format(area=terms.area(spec.name)))
    else:
        bad(spec.rule, _("the {area} takes one face-down buyer, not {buyer}").format(
            area=terms.area(spec.name),
            buyer=_("a pair") if label == PAIR else terms.buyer(label)))


def _unaffordable(m: Move[Any], kind: Kind[Any], bad: Findings) -> None:
    bad("R2.3", _("{player} has {money} Asari; {cost}").format(
        player=bad.name, money=m.player.money,
        cost=kind.cost(m.board, m.space, m.action)[1]))


def _short_hand(player: Hand, bad: Report) -> None:
    bad("R2", ngettext("{player} holds {n} buyer; a pair needs 2",
                       "{player} holds {n} buyers; a pair needs 2",
                       player.buyers).format(player=player.name, n=player.buyers))


def _check_face_up(board: Board, state: Table, label: str, name: str, spec: AreaSpec,
                   here: Spot, bad: Report) -> None:
    """A buyer placed face up: a colour of this game (R1), not one too many (R1), following
    the area's colour (R2.1)."""
    if state.setup.buyers or label not in state.labels:  # else a colour in play: fine
        check_label(board, state, label, bad)
    per_colour = board.buyers_per_colour
    used = state.label_counts.get(label, 0)
    if per_colour is not None and used >= per_colour:
        bad("R1", ngettext("the {n} {label} buyer is already face up this year",
                           "all {n} {label} buyers are already face up this year",
                           per_colour).format(
            n=per_colour, label=terms.buyer_colour(label)))
    colour = here.colour
    if spec.follow_suit and colour is not None and colour != label:
        bad("R2.1", _("the {area} follows {colour} this year; {player} placed {buyer} (a "
                      "face-down pair would do)").format(
            area=terms.area(spec.name), colour=terms.buyer_colour(colour), player=name,
            buyer=terms.buyer(label)))


def _check_space(state: Table, placement: Placement, spec: AreaSpec, here: Spot,
                 kind: Kind[Any], bad: Report) -> None:
    """The space is one of the area's, and free (an unlimited area's is not asked)."""
    space = placement.space
    spaces = spec.spaces
    if space is None:
        if kind.needs_space:
            bad("R2.2", _("the {area} needs its {space_word} named").format(
                area=terms.area(spec.name), space_word=terms.space_word(spec.kind)))
        elif spaces is not None and all(here.occupied(s) for s in spaces):
            holders = ", ".join(state.players[h].name for _s, h in here.taken)
            bad("R2.2", _("every space of the {area} is taken this year ({players})").format(
                area=terms.area(spec.name), players=holders))
        return
    if spaces is not None and space not in spaces:
        listed = ", ".join(str(s) for s in spaces)
        bad("R2.2", _("the {area} has no {space_word} {space} ({spaces})").format(
            area=terms.area(spec.name), space_word=terms.space_word(spec.kind), space=space,
            spaces=listed))
        return
    if spaces is None and space < 1:
        bad("R2.2", _("{space_word} numbers start at 1").format(
            space_word=terms.space_word(spec.kind)))
        return
    for s, who in here.taken:
        if s == space:
            _taken(state, spec, space, who, bad)


def _taken(state: Table, spec: AreaSpec, space: int, who: int, bad: Report) -> None:
    bad("R2.2", _("{space_word} {space} of the {area} is taken by {player} this year").format(
        space_word=terms.space_word(spec.kind), space=space, area=terms.area(spec.name),
        player=state.players[who].name))


def _report_notes(state: Table, notes: Notes, bad: Report) -> None:
    for key, rule, message in notes:
        if (state.year, key) not in state.noted_keys:
            bad(rule, message, NOTE)


def _note(state: Table, notes: Notes) -> None:
    """This move's relaxed checks, each noted once a year."""
    for key, _rule, _text in notes:
        state.note(key)


def _place(board: Board, state: Table, seat: int, p: Placement, spec: AreaSpec,
           number: int, earned: int) -> None:
    """The buyer goes onto its space and the player gains ``earned`` Asari (less when
    paying); the area's colour and the buyer labels follow; the event is counted; the turn
    passes to the next player holding buyers (R2), when another does."""
    buyer = p.buyer
    key = spec.key
    here = state.areas.get(key)
    if here is None:
        here = state.areas[key] = Spot(None, [], 0)
    players = state.players
    player = players[seat]
    if buyer == PAIR:
        left = player.buyers - 2
    else:
        left = player.buyers - 1
        if buyer is not None:  # face up
            if here.colour is None and spec.follow_suit and not spec.unlimited:
                here.colour = buyer
            counts = state.label_counts
            used = counts.get(buyer)
            if used is None:  # its first this year: perhaps its first in the game
                counts[buyer] = 1
                if buyer not in state.labels:
                    state.labels.append(buyer)
            else:
                counts[buyer] = used + 1
    player.buyers = left if left > 0 else 0
    player.money += earned
    if spec.unlimited:
        here.placed += 1
    else:
        space = p.space
        if space is None:
            free = state.free_spaces(board, key)
            space = free[0] if free else max((s for s, _ in here.taken), default=0) + 1
        here.taken.append((space, seat))
    state.events = number
    # No action changes another player's hand, so the next of them holding buyers moves
    # next, whatever the action does. When none does, the turn stays with the mover and
    # the engine asks next_turn, which sees the mover's hand after the action (a recruit)
    # and ends the year when it is empty.
    after = state.after[seat]
    if after and players[after[0]].buyers > 0:  # the next seat clockwise: most turns, no walk
        state.turn = after[0]
        return
    turn = seat
    for other in after:
        if players[other].buyers > 0:
            turn = other
            break
    state.turn = turn
