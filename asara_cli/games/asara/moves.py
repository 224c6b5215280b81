"""The legal moves of the player to move, in the words of the one-shot commands (``buy base
black -c blue``), each with the event it makes (``games/base.py``: ``LegalMoves``).

They are the referee's sampler's candidates (``rules/sampler.py``, ``every=True``: of an
area's free spaces alike but for their gifts, the first without a gift and each with one),
checked. A buyer's colour and a lighted window kept may be secret, so they are offered with
every colour that may come into play, or listed secret with a note (R3.7); a number the board
profile does not know is never made up (:data:`PLACEHOLDER`).
"""

from __future__ import annotations

import shlex
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from functools import cache, lru_cache
from typing import Any

from asara_cli.cli.lines import split
from asara_cli.core.i18n import N_, _
from asara_cli.games.asara.deal import deal_due
from asara_cli.games.asara.rules import events as ev
from asara_cli.games.asara.rules import gifts
from asara_cli.games.asara.rules.areas import kind_of
from asara_cli.games.asara.rules.areas.bank import known_value
from asara_cli.games.asara.rules.areas.tent import printed_cost
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.engine import check, errors
from asara_cli.games.asara.rules.gifts import use_text
from asara_cli.games.asara.rules.labels import check_label
from asara_cli.games.asara.rules.sampler import Run, candidate_runs
from asara_cli.games.asara.rules.state import GameState
from asara_cli.games.asara.rules.table import Table, thaw
from asara_cli.games.asara.rules.turn import Findings
from asara_cli.games.base import LegalMove, MoveGroup

#: The word a listed move says for a number to read off the board (a bank space's Asari, a
#: tent space's cost) that the board profile does not know: the move is listed once, with
#: no event (``LegalMove.event`` is ``None``) and a note saying what the number is.
PLACEHOLDER = "N"

#: Buyer colours offered where none is declared (``asara new --buyers``) or in play yet.
COLOURS = ("blue", "green", "orange", "violet", "yellow", "grey")

_KEPT = N_("--keep COLOUR names a lighted window kept, once for each (or they stay "
           "secret) [R3.7]")
_GIFT_KEPT = N_("--gift 'lighted: COLOUR' names the lighted window the gift buys (or it "
                "stays secret) [R6.1]")
_HIDDEN = N_("the buyer's colour is the player's secret: every colour that may come into "
             "play")


#: What :meth:`Listing._said` makes of a group.
_Heads = tuple["_Said", dict[tuple[str, ...], list[int]]]


class Listing:
    """The legal turns of the player to move, in words; none when the game is over or the
    Caliph's deal is due first. A group's turns are checked when it is first asked for, and
    words are made as they are asked for: ``--all`` streams, and the grouped listing makes
    only the moves it shows."""

    def __init__(self, board: Board, state: GameState) -> None:
        self.board, self.state = board, state
        self._rank: dict[str | None, int] = {}  # the buyers, by first appearance
        # a group's legal turns, and its words, made once when first asked for
        self._turns, self._heads = cache(self._legal), cache(self._said)
        self._hidden = _(_HIDDEN)
        self._secret = {ev.Lighted: _(_KEPT), ev.GiftKind.LIGHTED: _(_GIFT_KEPT)}
        #: each group's command word (``buy``), in the groups' order
        self._commands: dict[str, str] = {}
        self._groups = self._grouped()

    def _grouped(self) -> dict[str, list[Run]]:
        """The candidate turns of each group, unchecked, in order, as runs: a run's turns
        are made only when its group is asked for (the first Tab needs a legal turn of each
        command, not the thousands of ways to claim gifts piled on one space)."""
        board, state, rank = self.board, self.state, self._rank
        offered: dict[str, list[Run]] = {}
        if state.turn is None or deal_due(board, state) is not None:
            return offered
        self._legal_turn = _Checker(board, thaw(state))
        action: object = None  # a run of turns shares its action (the ways of claiming gifts)
        for run in candidate_runs(board, state, state.setup.buyers or COLOURS, every=True):
            if run[1] is not action:
                action, bare = run[1], ev.Turn(run[0], run[1])
                name = group(bare)
                bucket = offered.setdefault(name, [])
                self._commands.setdefault(name, kind_of(bare.carried_out).log_type)
            bucket.append(run)
            rank.setdefault(run[0].buyer, len(rank))
        return offered

    def _candidates(self, name: str) -> Iterator[ev.Turn]:
        """The candidate turns of group ``name``, unchecked, in order, made as asked for."""
        for placement, action, claims in self._groups[name]:
            for claim in claims:
                yield ev.Turn(placement, action, claim)

    def _legal(self, name: str) -> list[ev.Turn]:
        """The legal turns of group ``name``, one buyer's first."""
        legal, rank = self._legal_turn, self._rank
        return sorted((t for t in self._candidates(name) if legal(t)),
                      key=lambda t: rank[t.placement.buyer])

    def _notes(self, turn: ev.Turn, unknown: str | None) -> list[str]:
        buyer = turn.placement.buyer
        fresh = buyer not in (None, ev.PAIR) and buyer not in self.state.labels
        return [x for x in (unknown, self._hidden * fresh,
                            self._secret.get(type(turn.carried_out), ""),
                            *(self._secret[ev.GiftKind.LIGHTED] for u in turn.gifts
                              if u.gift.kind == ev.GiftKind.LIGHTED and u.taken)) if x]

    def _move(self, turn: ev.Turn, name: str) -> LegalMove[ev.Event]:
        unknown = unread(self.board, self.state, turn)
        note = "\n".join(self._notes(turn, unknown))
        if unknown is not None:  # one entry, the number to read off the board
            return LegalMove(turn_words(turn, PLACEHOLDER), None, name, note)
        return LegalMove(turn_words(turn), turn, name, note)

    def __iter__(self) -> Iterator[LegalMove[ev.Event]]:
        for name in self._groups:
            for turn in self._turns(name):
                yield self._move(turn, name)

    def example(self, name: str) -> LegalMove[ev.Event]:
        """The move the session's brief listing shows of group ``name``: its first that buys
        or takes a tile where one does (a market lists the buy of nothing first, R3.1)."""
        turns = self._turns(name)
        buys = (t for t in turns if not isinstance(t.carried_out, (ev.Buy, ev.Bribe))
                or t.carried_out.colour is not None)
        return self._move(next(buys, turns[0]), name)

    def _said(self, name: str) -> _Heads:
        """The candidate turns of group ``name``, each with the words of its action and
        buyer (made once for all its gifts' claims); and where each such words' turns are."""
        heads = _Said()
        by_head: dict[tuple[str, ...], list[int]] = {}
        words: dict[tuple[ev.Placement, int], tuple[str, ...]] = {}
        rank = self._rank
        # a run's turns share their buyer: the runs sorted, their turns are sorted alike
        for placement, action, claims in sorted(self._groups[name],
                                                key=lambda r: rank[r[0].buyer]):
            key = (placement, id(action))
            typed = words.get(key)
            if typed is None:
                bare = ev.Turn(placement, action)
                # a placeholder for a number to read off the board is not typed: asked
                said = unread(self.board, self.state, bare) and PLACEHOLDER
                typed = words[key] = tuple(w for w in split(turn_words(bare, said))
                                           if not said or w != said)
            by_head.setdefault(typed, []).extend(range(heads.size, heads.size + len(claims)))
            heads.add((placement, action, claims), typed)
        return heads, by_head

    def begin_with(self, want: list[str]) -> Iterator[LegalMove[ev.Event]]:
        """The legal moves whose typed words begin with ``want``; the gifts' words are made
        only where ``want`` reaches them."""
        n, said = len(want), tuple(want)
        for name in self._groups:
            if self._commands[name] != want[0]:
                continue
            heads, by_head = self._heads(name)
            for i in sorted(i for h, at in by_head.items() if h[:n] == said[:len(h)] for i in at):
                turn, head = heads[i]
                if (n < len(head) or _typed(turn, head)[:n] == said) and self._legal_turn(turn):
                    yield self._move(turn, name)

    def next_words(self, want: list[str]) -> list[str]:
        groups = self._groups
        if not want:  # each command with a legal move, found by its first legal move
            found: dict[str, None] = {}
            for name in groups:
                first = self._commands[name]
                if first not in found and any(map(self._legal_turn, self._candidates(name))):
                    found[first] = None
            return list(found)
        # each word at the first legal turn that says it (the group's place, the turn's),
        # in that order: the turns of one action and buyer say the same word until the
        # gifts' words, so a turn is checked only where it may say a word first
        n, said = len(want), tuple(want)
        met: dict[str, tuple[int, int]] = {}
        never = (len(groups), 0)
        for place, name in enumerate(groups):
            if self._commands[name] != want[0]:
                continue
            heads, by_head = self._heads(name)
            for head, at in by_head.items():
                if len(head) > n:
                    if head[:n] != said:
                        continue
                    word = head[n]
                    for i in at:  # in order: the first legal one
                        if (place, i) >= met.get(word, never):
                            break
                        if self._legal_turn(heads[i][0]):
                            met[word] = (place, i)
                            break
                elif head == said[:len(head)]:
                    for i in at:
                        words = _typed(*heads[i])
                        if len(words) > n and words[:n] == said and (place, i) < met.get(
                                words[n], never) and self._legal_turn(heads[i][0]):
                            met[words[n]] = (place, i)
        return sorted(met, key=met.__getitem__)

    def groups(self, shown: int, every: bool = True) -> Iterator[MoveGroup[ev.Event]]:
        """Each group counted, its first ``shown`` moves made, each note once; ASARA leaves
        no move out (``every`` is the same)."""
        board, state = self.board, self.state
        for name in self._groups:
            turns = self._turns(name)
            if not turns:
                continue
            notes: dict[str, None] = {}
            for turn in turns:
                notes.update(dict.fromkeys(self._notes(turn, unread(board, state, turn))))
            yield MoveGroup(name, len(turns), tuple(self._move(t, name)
                                                    for t in turns[:shown]), tuple(notes))


class _Said:
    """A group's candidate turns in order, each with the typed words of its action and buyer,
    kept as runs: turn ``i`` is made when asked for. Thousands of turns made at once (gifts
    piled on one space) would set off the collector's full pass, most of a Tab's time."""

    def __init__(self) -> None:
        self.size = 0  # the turns
        self._starts: list[int] = []  # each run's first turn
        self._runs: list[tuple[Run, tuple[str, ...]]] = []

    def add(self, run: Run, typed: tuple[str, ...]) -> None:
        self._starts.append(self.size)
        self._runs.append((run, typed))
        self.size += len(run[2])

    def __getitem__(self, i: int) -> tuple[ev.Turn, tuple[str, ...]]:
        k = bisect_right(self._starts, i) - 1
        (placement, action, claims), typed = self._runs[k]
        return ev.Turn(placement, action, claims[i - self._starts[k]]), typed


def _typed(turn: ev.Turn, head: tuple[str, ...]) -> tuple[str, ...]:
    """A turn's typed words: those of its action and buyer, ``head``, and its gifts'."""
    return head + tuple(w for u in turn.gifts if u.gift.kind in _CHOSEN
                        for w in ("--gift", _use_text(u)))


class _Checker:
    """Whether a candidate turn passes the referee's check, without checking every
    combination of its parts: the check reads the placement, the claim, and the action after
    the claim (which reads no buyer placed) apart, so once one turn of an action on a space
    has passed, each other placement and each other claim there takes one check. A buyer
    gift's colour is checked alone (it changes nothing the action reads), and a claim's own
    check once per space. Piled gifts on one space: 14,425 moves, a few hundred checks."""

    def __init__(self, board: Board, table: Table) -> None:
        self.board, self.table = board, table
        self._check, self._label = cache(self._checked), cache(self._label_passes)
        self._gifts: dict[tuple[str, int | None, tuple[ev.GiftUse, ...]], bool] = {}
        # for each action on a space: a placement and a claim that passed together; each
        # other placement and claim there is checked with the other of that pair
        self._passed: dict[tuple[str, int | None, object],
                           tuple[ev.Placement, tuple[ev.GiftUse, ...]]] = {}

    def __call__(self, turn: ev.Turn) -> bool:
        unsaid = turn.gifts
        if any(u.buyer is not None for u in turn.gifts):
            for u in turn.gifts:
                if u.buyer is not None and not self._label(u.buyer):
                    return False
            unsaid = tuple(ev.GiftUse(u.gift, None, u.colour, u.gold, u.taken)
                           if u.buyer is not None else u for u in turn.gifts)
        p, action = turn.placement, turn.action
        if unsaid and not self._claim_alone(ev.Turn(p, action, unsaid)):
            return False
        at = (p.player, p.space, action)
        passed = self._passed.get(at)
        if passed is None:
            if not self._check(p, action, unsaid):
                return False
            self._passed[at] = (p, unsaid)
            return True
        return self._check(p, action, passed[1]) and self._check(passed[0], action, unsaid)

    def _claim_alone(self, turn: ev.Turn) -> bool:
        """Whether the gifts claimed pass their own check (``gifts.check_claim``, part of
        the referee's), once for every placement and action on the space."""
        area = kind_of(turn.action).area(self.board, turn.action)
        key = (area.key, turn.placement.space, turn.gifts)
        ok = self._gifts.get(key)
        if ok is None:
            found = Findings([])
            found.name, found.number = turn.placement.player, self.table.events + 1
            gifts.check_claim(self.board, self.table, self.table.turn or 0, area, turn,
                              found.number, found)
            ok = self._gifts[key] = not errors(found.out or ())
        return ok

    def _checked(self, placement: ev.Placement, action: Any, gifts: tuple[ev.GiftUse, ...]
                 ) -> bool:
        return not errors(check(self.board, self.table, ev.Turn(placement, action, gifts)))

    def _label_passes(self, label: str) -> bool:
        found = Findings([])
        check_label(self.board, self.table, label, found)
        return not errors(found.out or ())


def begin_with(board: Board, state: GameState, typed: Sequence[str]
               ) -> Iterable[LegalMove[ev.Event]]:
    """The legal moves whose words as typed (a placeholder left out) begin with ``typed``: all
    (none typed) as the position's :class:`Listing`, kept for the next question."""
    listing = _listing(board, state)
    return listing if not typed else tuple(listing.begin_with(list(typed)))


def next_words(board: Board, state: GameState, typed: Sequence[str]) -> list[str]:
    """For completion: each word typed next after ``typed`` in some legal move, once, in the
    order of the list; a move is checked only where its next word is not found yet."""
    return _listing(board, state).next_words(list(typed))


#: The listing of the last position asked about: a session asks about one position at
#: every Tab (a position is never changed: a move makes a new one).
_LISTED: list[Listing] = []


def _listing(board: Board, state: GameState) -> Listing:
    if not (_LISTED and _LISTED[0].board is board and _LISTED[0].state is state):
        _LISTED[:] = [Listing(board, state)]
    return _LISTED[0]


def unread(board: Board, state: GameState, turn: ev.Turn) -> str | None:
    """The note of :data:`PLACEHOLDER` for a number of ``turn`` neither the board profile nor
    this log knows (a bank space's Asari, a tent space's cost); ``None`` where all is known."""
    action = turn.carried_out
    space = turn.action.space if isinstance(turn.action, ev.Genie) else turn.placement.space
    if isinstance(action, ev.Bank) and space is not None and known_value(
            board, state, space) is None:
        return _("{n}: the Asari printed on the bank space the move names (the board profile "
                 "does not know them: read them off the board; left out, they are asked for)"
                 ).format(n=PLACEHOLDER)  # one note for every space: the move says which
    if isinstance(action, ev.Recruit) and printed_cost(board, space) is None:
        return _("{n}: the cost printed on the tent's space (the board profile does not "
                 "know it: read it off the board; left out, it is asked)").format(
                     n=PLACEHOLDER)
    return None


def moves_note(board: Board, state: GameState) -> str | None:
    due = deal_due(board, state)
    if due is None and state.turn is None:
        return _("the game is over: no more moves [R5]")
    return due


def group(turn: ev.Turn) -> str:
    """The group a turn is shown in: its command, and the market or pile where it has one."""
    action = turn.action
    if isinstance(action, ev.Genie) and action.move is not None:
        return f"genie: {group(ev.Turn(turn.placement, action.move))}"
    if isinstance(action, ev.Buy):
        return f"buy {action.section}"
    if isinstance(action, ev.Bribe):
        return f"bribe {action.pile}"
    return kind_of(action).log_type


def turn_words(turn: ev.Turn, amount: str | None = None) -> str:
    """The words of the command that records ``turn`` (without ``asara``); ``amount``: a
    placeholder said for the bank's or tent's number. Each part is made once (cached)."""
    placement, action = turn.placement, turn.action
    space, buyer = placement.space, placement.buyer
    said = "" if buyer is None else _said(("--pair",) if buyer == ev.PAIR else ("-c", buyer))
    if isinstance(action, ev.Genie):
        if action.move is None:
            return (_action_words(action, space, None) + said)[1:]
        said = _action_words(action.move, action.space, amount) + said + _said(
            ("--genie", str(space)))
    else:
        said = _action_words(action, space, amount) + said
    for use in turn.gifts:  # the gifts that need a choice; the others resolve themselves
        if use.gift.kind in _CHOSEN:
            said += _said(("--gift", _use_text(use)))
    return said[1:]


#: The gifts whose use the words say (:func:`turn_words`): the others resolve themselves.
_CHOSEN = (ev.GiftKind.BUY, ev.GiftKind.BUYER, ev.GiftKind.LIGHTED)
_use_text = lru_cache(maxsize=1024)(use_text)


@lru_cache(maxsize=4096)
def _said(words: tuple[str, ...]) -> str:
    """Words as a shell reads them back, each after a space."""
    return "".join(f" {shlex.quote(w)}" for w in words)


@lru_cache(maxsize=4096)
def _action_words(action: ev.Action, space: int | None, amount: str | None) -> str:
    from asara_cli.games.asara.commands import KINDS

    return _said(tuple(KINDS[kind_of(action).log_type].say(action, space, amount)))
