"""The legal moves of the player to move, in the words of the one-shot commands (``goods
chest chest8 N2``, ``supervisor barrel E2 --camel bag3``), each with its event.

A move is a turn's first steps: each set of cards the mover may play before the row
(``--play``, in the first order the referee's steps allow), then the row's action (every
set of shops, each cell the supervisor can be paid to, each owner's camel choice and order
of cubes sent, a card drawn), alone or with a card discarded for a die (``--discard``).
Cards played after the action and the building are options, not listed. A card the table
has not named is drawn ``hidden``; a secret hand plays or discards each kind it may hold.
The cards' steps and each action's ``check`` are the referee's own (``rules/engine.py``),
on scratch tables.

A secret hand of three cards makes millions of moves: :class:`Listing` counts the groups
without making each move (the souk cards counted apart, :class:`_Souks`) and makes moves
only as asked; :func:`next_words` (completion) makes one move per word that may come next.
"""

from __future__ import annotations

import gc
import shlex
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import cached_property, lru_cache, partial
from itertools import islice, permutations, product, tee
from weakref import proxy

from asara_cli.core.i18n import N_, _
from asara_cli.games.base import LegalMove, MoveGroup
from asara_cli.games.yspahan.codec import play_text
from asara_cli.games.yspahan.commands import CAMELS, DRAW, GOLD, GOODS, SUPERVISOR, shop_words
from asara_cli.games.yspahan.rules import events as ev
from asara_cli.games.yspahan.rules.board import CAMELS_ROW, GOLD_ROW, Board
from asara_cli.games.yspahan.rules.engine import BEFORE_ROW, Walker, check, errors
from asara_cli.games.yspahan.rules.sampler import shops_open_to
from asara_cli.games.yspahan.rules.state import OVER, ROLL, SECRET, GameState, Table, thaw

_SECRET_CARD = N_("the card drawn is the player's secret (hands secret): drawn hidden")
_SECRET_HAND = N_("the hand is secret: each kind of card it may hold")
_ANY_CARD = N_("the card drawn is not known yet: each kind that may come")

#: A set of cards played before the row, with the table after them.
First = tuple[tuple[ev.Play, ...], Table]
Firsts = list[First]


class _Want:
    """Which moves a walk makes: those whose words begin with ``typed``; completing
    (``seen`` given), none whose next word is found already."""

    __slots__ = ("rest", "seen", "typed")

    def __init__(self, typed: Sequence[str], seen: dict[str, None] | None = None) -> None:
        self.typed = tuple(typed)
        self.seen = seen
        #: the words typed from the first --play on: the cards played first come last
        self.rest = self.typed[self.typed.index("--play"):] if "--play" in typed else None

    def tail_fits(self, tail: Sequence[str]) -> bool:
        """Whether the words of the cards played first may end a wanted move."""
        rest = self.rest
        if rest is None:
            return True
        n = len(rest)
        return tuple(tail[:n]) == rest and (
            self.seen is None or (len(tail) > n and tail[n] not in self.seen))

    def fits(self, words: Sequence[str]) -> bool:
        """Whether a move whose words begin with ``words`` may be wanted."""
        n = len(self.typed)
        common = min(len(words), n)
        return tuple(words[:common]) == self.typed[:common] and (
            self.seen is None or len(words) <= n or words[n] not in self.seen)

    def word(self, at: int) -> str | None:
        """The word typed at ``at`` (``None``: not typed yet)."""
        return self.typed[at] if at < len(self.typed) else None

    def found(self, words: Sequence[str]) -> None:
        if self.seen is not None and len(words) > len(self.typed):
            self.seen[words[len(self.typed)]] = None


class _Head:
    """A row's action as a group of moves (``row`` ``None``: no row left)."""

    __slots__ = ("command", "dice", "discarding", "row", "value", "words")

    def __init__(self, row: str | None, value: int, dice: int, command: str,
                 discarding: bool) -> None:
        self.row, self.value, self.dice = row, value, dice
        self.command, self.discarding = command, discarding
        self.words = [command] if command in ("camels", "gold", "draw") or row is None \
            else [command, row]

    def name(self, kinds: Sequence[str]) -> str:
        name = self.command if self.command in ("camels", "gold") or self.row is None \
            else f"{self.command} {self.row}"
        if self.discarding:
            name += " --discard"
        return f"--play {' '.join(kinds)}: {name}" if kinds else name


class _Mover:
    """The player to move on the thawed table (every step is taken on a copy), and what
    their moves read, found when first asked for."""

    def __init__(self, board: Board, state: GameState) -> None:
        self.board, self.state = board, state
        self.t = t = thaw(board, state)
        self.seat = t.order[t.done]
        self.name = t.names[self.seat]
        self._distinct: dict[tuple[str, str | None, str | None], Firsts] = {}
        #: the words of each set of cards played first (:func:`_tail`)
        self.tails: dict[tuple[ev.Play, ...], list[str]] = {}
        self._split: dict[bool, list[tuple[tuple[str, ...], list[Pair]]]] = {}
        self._souks: _Souks | None = None
        #: what :func:`_count_split` found of an action on a table that reads so
        self.tallies: dict[tuple[object, ...], Tally] = {}
        self._costs: dict[tuple[int, int], dict[str, int]] = {}
        #: the most cards one move draws: a caravanserai's for each cube sent
        self.drawn = max(map(len, board.faces.values())) * max(
            1, board.buildings["caravanserai"].bonus)

    def costs(self, value: int, free: int) -> dict[str, int]:
        """The gold the supervisor's walk to each cell costs with a die's ``value``, ``free``
        steps paid by the bath (:meth:`Board.walk`; no card moves the supervisor)."""
        if (value, free) not in self._costs:
            self._costs[value, free] = {to: self.board.walk(self.t.supervisor, to, value, free)[2]
                                        for to in self.board.cells}
        return self._costs[value, free]

    def heads(self, every: bool = False) -> list[_Head]:
        """Each row's groups in the order shown: its own action (alone, then with a card
        discarded), the supervisor, a card drawn. ``every``: the supervisor and a card drawn with
        a card discarded too (legal, the die does nothing: Y6.9)."""
        t = self.t
        found: list[_Head] = []
        for name, row in zip(self.board.rows, t.tower, strict=True):
            if row is None or not row[1]:
                continue
            own = "camels" if name == CAMELS_ROW else "gold" if name == GOLD_ROW else "goods"
            for command, discarding in ((own, False), (own, True), ("supervisor", False),
                                        ("supervisor", True), ("draw", False), ("draw", True)):
                if every or not discarding or command == own:
                    found.append(_Head(name, row[0], row[1], command, discarding))
        return found or [_Head(None, 0, 0, "draw", False)]

    def distinct(self, head: _Head, cell: str | None = None) -> Firsts:
        """One set of cards played first for each table ``head``'s moves read
        differently after it (the supervisor sent to ``cell``: what faces it)."""
        key = (head.command, head.row, cell)
        if key not in self._distinct:
            groups, souks = self.split()[1:], self.souks()
            if cell in souks.on_street:  # the cells' sets of every number at once
                souks.cells(max((n for _kinds, pairs in groups for *_, n in pairs), default=0))
            self._distinct[key] = list(souks.distinct(groups, head, cell))
        return self._distinct[key]

    @cached_property
    def singles(self) -> Firsts:
        """Each card the mover may play first alone."""
        t, seat = self.t, self.seat
        return [((play,), after) for kind in _kinds(self.board, t, seat)
                for play in _plays(self.board, t, seat, kind, False)
                if (after := _step(self.board, t, seat, play)) is not None]

    def souks(self) -> _Souks:
        """The souk cards counted apart when the game has one kind of them."""
        if self._souks is None:
            kinds = [k for k, c in self.board.cards.items() if c.effect == "souk"]
            self._souks = _Souks(self, kinds[0] if len(kinds) == 1 else None)
        return self._souks

    def split(self, every: bool = False) -> list[tuple[tuple[str, ...], list[Pair]]]:
        """The sets of cards played first by their kinds, as :class:`_Souks` counts
        them: each set without a souk card, with each number of souk cards after it."""
        if every not in self._split:
            seat, souks = self.seat, self.souks()
            kind, most = souks.kind, souks.most
            by: dict[tuple[str, ...], list[Pair]] = {}
            for held, firsts in _firsts(self.board, self.t, seat, every, kind):
                for plays, after in firsts:
                    for n in range(1 + max(0, min(most - len(plays), after.hidden[seat]
                                                  + after.hand[seat].get(kind, 0)))):
                        by.setdefault(tuple(sorted((*held, *(kind,) * n))), []).append(
                            (plays, after, n))
            self._split[every] = sorted(by.items(), key=lambda kv: (len(kv[0]), kv[0]))
        return self._split[every]

    def fitting(self, want: _Want, head: _Head) -> Iterable[First]:
        """The sets of cards played first whose words may end a move ``want`` wants:
        one for each word that may come next and table ``head`` reads differently after it."""
        split, souks = self.split(), self.souks()
        rest = want.rest or ()
        board, row, cell = self.board, head.row or "", want.word(2)
        quarter = list(souks.parts).index(row) if head.command == "goods" and row else -1
        read = [row] if quarter >= 0 else board.quarters \
            if head.command == "supervisor" and cell in board.cells else []
        met: set[tuple[object, ...]] = set()
        fixed: dict[str, list[Pair]] = {}  # by the word wanted, when the set's own words hold it
        for _kinds, pairs in split[1:]:
            for plays, first, n in pairs:
                tail = _tail(self.tails, plays)
                common = min(len(rest), len(tail))
                if tail[:common] != list(rest[:common]) or (reads := souks.reads(first, n)) is None:
                    continue
                if len(tail) > len(rest):  # the souk cards' words come after it
                    if want.tail_fits(tail):
                        fixed.setdefault(tail[len(rest)], []).append((plays, first, n))
                    continue
                for more, tables in souks.walk(n, None, rest[len(tail):], want.seen, read):
                    shops = souks.quarter(souks.own(tables[quarter], first), row) \
                        if quarter >= 0 else tuple(sorted(s for s in souks.shops(more) if cell
                                                          in souks.facing.get(s, ()))) \
                        if read else ()
                    key = (*tail, *_tail(self.tails, more))[len(rest)], \
                        souks.key(head, cell, reads, shops)
                    if key not in met:
                        met.add(key)
                        yield (*plays, *more), souks.table(first, n, tables)
        for then, pairs in fixed.items():  # one set for each table read, as without --play
            if want.seen is None or then not in want.seen:
                for found in souks.distinct([((), pairs)], head, cell):
                    if then in (want.seen or ()):
                        break
                    yield found

    def sets(self, every: bool = False) -> Iterator[tuple[tuple[str, ...], Firsts]]:
        """Every set of cards played before the row by their kinds, each in the first
        order the referee allows, with the table after it; no card first, before the others are
        found (``--all``'s first line waits for none). ``every``: a cost card too (Y6.12)."""
        yield (), [((), self.t)]  # as :func:`_firsts` and :meth:`split` put it first
        for kinds, pairs in self.split(every)[1:]:  # made group by group, none kept
            for kept in (self.souks().keyed, self.tails):  # what the last group's tables read
                kept.clear()
            yield kinds, list(self.souks().firsts(pairs))


def _tail(tails: dict[tuple[ev.Play, ...], list[str]], plays: tuple[ev.Play, ...]
          ) -> list[str]:
    """The words of the cards played first (``--play 'souk bag3 N2'``), kept in ``tails``."""
    words = tails.get(plays)
    if words is None:
        words = tails[plays] = [w for p in plays for w in ("--play", play_text(p))]
    return words


_LAST: list[_Mover] = []  # the last position asked about: completion asks at every word


def _mover(board: Board, state: GameState) -> _Mover:
    if not _LAST or _LAST[0].state is not state or _LAST[0].board is not board:
        _LAST[:] = [_Mover(board, state)]
    return _LAST[0]


class Listing:
    """The moves of the player to move whose words begin with ``typed``, made group by
    group as asked for, again at each walk."""

    def __init__(self, board: Board, state: GameState, typed: Sequence[str] = ()) -> None:
        self.board, self.state, self.typed = board, state, tuple(typed)

    def __iter__(self) -> Iterator[LegalMove[ev.Event]]:
        return (move for group in self._made(True) for move in group)

    def _made(self, every: bool) -> Iterator[Iterator[LegalMove[ev.Event]]]:
        if self.state.phase in (ROLL, OVER) or self.state.to_move is None:
            return
        mover = _mover(self.board, self.state)
        want = _Want(self.typed)
        heads = mover.heads(every)
        for kinds, firsts in mover.sets(every):
            for head in heads:
                if want.fits(head.words):
                    yield _group(mover, kinds, firsts, head, want)

    def groups(self, shown: int, every: bool = True) -> Iterator[MoveGroup[ev.Event]]:
        """Each group counted, with its first ``shown`` moves; not ``every``: the
        moves that waste a card left out (:func:`moves_note`)."""
        if not self.typed and shown <= KEPT and self.state.phase not in (ROLL, OVER) and \
                self.state.to_move is not None:  # counted, not made
            mover = _mover(self.board, self.state)
            heads = mover.heads(every)
            with _uncollected():
                for kinds, pairs in mover.split(every):
                    for head in heads:
                        count, notes, first = _count_split(mover, kinds, pairs, head, shown)
                        if count:
                            yield MoveGroup(head.name(kinds), count, tuple(first),
                                            _notes(notes))
            return
        for group in self._made(every):
            made = list(group)
            if made:
                yield MoveGroup(made[0].group, len(made), tuple(made[:shown]),
                                _notes(dict.fromkeys(m.note for m in made if m.note)))


@contextmanager
def _uncollected() -> Iterator[None]:
    """The cycle collector paused: the count keeps many objects and makes no cycle;
    the collector's passes over them cost a third of it (issue 35)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _notes(notes: Iterable[str]) -> tuple[str, ...]:
    """A group's notes, the secret hand's first (the others as found)."""
    return tuple(sorted(notes, key=lambda note: note != _(_SECRET_HAND)))


legal_moves = Listing


def next_words(board: Board, state: GameState, typed: Sequence[str]) -> list[str]:
    """Each word that comes next after ``typed`` in some listed move, once."""
    if state.phase in (ROLL, OVER) or state.to_move is None:
        return []
    want = _Want(typed, {})
    row = typed[typed.index("--row") + 1] if "--row" in typed[:-1] else None  # a card drawn
    with _uncollected():
        mover = _mover(board, state)
        for head in mover.heads():
            if not want.fits(head.words) or (("--discard" in typed) != head.discarding and (
                    want.rest is not None or not head.discarding)) or row not in (None, head.row):
                continue  # a card discarded or none, as typed (--discard comes before --play)
            for plays, after in _trying(mover, head, want):
                if not want.fits(head.words):
                    break
                for _move in _group(mover, (), [(plays, after)], head, want):
                    pass
    return list(want.seen or ())


def _trying(mover: _Mover, head: _Head, want: _Want) -> Iterable[First]:
    """The sets of cards played first :func:`next_words` tries in turn: none (most words
    come so), each card alone (cheap, often enough), then one set for each table the action
    reads differently, none once every word that may come is found."""
    yield (), mover.t
    seen = want.seen if want.seen is not None else {}
    if head.command == "goods" and Walker(mover.board, mover.t, 0, None).capacity(
            mover.seat, head.words[1]) == 0:
        return  # a card played first fills shops, never frees one
    if want.rest in (None, ("--play",)):
        yield from mover.singles
    coming = _coming(mover, head, list(want.typed), want.rest)
    if coming is not None and all(w in seen for w in coming):
        return
    # while no --play is typed, a set adds a word only through the table it leaves
    yield from mover.distinct(head, want.word(2) if head.command == "supervisor" else None) \
        if want.rest is None else mover.fitting(want, head)


def _coming(mover: _Mover, head: _Head, typed: list[str],
            rest: tuple[str, ...] | None) -> Sequence[str] | None:
    """Every word that may come next after ``typed`` in ``head``'s moves where no card
    played first changes it (``None``: not known so)."""
    board, fixed, n = mover.board, head.words, len(typed)
    if n < len(fixed) and typed == fixed[:n]:  # the words of the row and command
        return fixed[n:n + 1]
    if head.command in ("camels", "gold") and typed == fixed:
        return ["--play", *(["--discard"] if head.discarding else [])]
    if head.command in ("camels", "gold") and typed == [*fixed, "--discard"]:
        return list(board.cards)
    if head.command == "supervisor" and n == 2:
        return board.cells
    if head.command == "supervisor" and n == 3 and typed[2] in board.cells and rest is None \
            and not _faced(mover, typed[2]):  # no cube sent, so none named (--order, --camel)
        return ["--discard" if head.discarding else "--play"]
    if n > 1 and typed[-2] == "--discard" and rest is None:  # only cards played first follow
        return ["--play"]
    if rest == ("--play",):  # each set of cards played first begins with a card alone
        return [play_text(plays[0]) for plays, _ in mover.singles]
    return None


def _faced(mover: _Mover, cell: str) -> bool:
    """Whether a cube may face ``cell`` after some set of cards played first: one does now,
    or a souk card may fill a shop facing it. Only a souk card puts a cube in a shop (Y3.9);
    with no one kind of them counted apart, cards played first are not known so: yes."""
    board, t, souks = mover.board, mover.t, mover.souks()
    if not souks.kind or any(t.street[s][i] for s, i in board.faces[cell]):
        return True
    return any(cell in souks.facing.get(shop, ()) for made in souks.parts.values()
               for sets in made for plays, _table in sets for shop in souks.shops(plays))


def _reads(board: Board, head: _Head, seat: int, t: Table) -> tuple[object, ...]:
    """What ``head``'s moves but the supervisor's read of the table after the cards
    played first: the kinds in hand (a card discarded), the row's quarter, the cards to draw."""
    # the hand only as the kinds a card discarded may be (:func:`_kinds`)
    hand = (tuple(sorted(k for k, c in t.hand[seat].items() if c > 0)), t.hidden[seat] > 0
            ) if head.discarding else ()
    if head.command in ("camels", "gold"):
        return hand
    if head.command == "goods" and head.row is not None:
        # not the cubes at home: one short is a warning, never a refusal (Y6.14)
        return (hand, *_quarter_read(board, head.row, t))
    return (hand, _draws_read(t, 1))


def _street(t: Table) -> tuple[object, ...]:
    return tuple(map(tuple, t.street)), tuple(t.inner), tuple(t.owner)


def _quarter_read(board: Board, quarter: str, t: Table) -> Iterator[tuple[object, ...]]:
    """The souks of ``quarter`` as a goods action reads them."""
    return ((tuple(t.street[s]), t.inner[s], t.filled[s], t.owner[s])
            for s in board.souks_of(quarter))


_quoted = lru_cache(maxsize=8192)(shlex.quote)


def _join(words: Sequence[str]) -> str:
    """``shlex.join(words)``, each word quoted once."""
    return " ".join(map(_quoted, words))


def _group(mover: _Mover, kinds: tuple[str, ...], firsts: Firsts, head: _Head, want: _Want
           ) -> Iterator[LegalMove[ev.Event]]:
    """The moves of ``head`` after each set of cards played first (every move: the actions
    the referee passed on a table that reads so)."""
    board, t, seat = mover.board, mover.t, mover.seat
    group = head.name(kinds)
    everything = not want.typed and want.seen is None
    for plays, after in firsts:
        tail = _tail(mover.tails, plays)
        if not want.tail_fits(tail):
            continue
        for discard, action, words, note in _passing(mover, head, after) if everything \
                else _actions(board, after, seat, head, want):
            full = [*words, *(["--discard", discard] if discard is not None else []), *tail]
            if not everything:
                # the cards played first passed the referee's own steps one by one (their
                # walk): the action is checked on the table they leave, as the whole turn's
                # check would go on after them
                if len(full) < len(want.typed) or not want.fits(full) or errors(check(
                        board, after, ev.Turn(mover.name, head.row, action, discard))):
                    continue
                want.found(full)
            turn = ev.Turn(mover.name, head.row, action, discard, before=plays)
            yield LegalMove(_join(full), turn, group, note or _secret(t, seat, plays, discard))


#: The most moves of a group shown when it is counted (more: each move made).
KEPT = 4
#: What the actions of a row make on a table: how many pass the referee's check, each of
#: their (note, card discarded) once, and all of them (the supervisor's of one cell).
Tally = tuple[int, tuple[tuple[str, str | None], ...],
              tuple[tuple[str | None, ev.Action, list[str], str], ...]]


def _tally(mover: _Mover, key: tuple[object, ...], head: _Head,
           table: Table | Callable[[], Table | None], want: _Want = _Want(())) -> Tally:
    """:data:`Tally` of ``head``'s actions on the table (made when first asked for) that
    ``want`` wants, kept by ``key``."""
    if key not in mover.tallies:
        after = table() if callable(table) else table
        assert after is not None  # the cards of a set that can be played, other shops
        kept = [(discard, action, words, note) for discard, action, words, note in _actions(
            mover.board, after, mover.seat, head, want) if not errors(check(
                mover.board, after, ev.Turn(mover.name, head.row, action, discard)))]
        mover.tallies[key] = len(kept), tuple(dict.fromkeys((k[3], k[0]) for k in kept)), \
            tuple(kept)
    return mover.tallies[key]


def _passing(mover: _Mover, head: _Head, after: Table
             ) -> Iterator[tuple[str | None, ev.Action, list[str], str]]:
    """Every action of ``head`` on ``after`` that passes, from the tallies."""
    board, seat = mover.board, mover.seat
    if head.command != "supervisor":
        key = (head.command, head.row, head.discarding, _reads(board, head, seat, after))
        yield from _tally(mover, key, head, after)[2]
        return
    wasted = _kinds(board, after, seat) if head.discarding else [None]
    for _ways, found in _cell_tallies(mover, head, after, after, 0):
        for _d, a, w, note in found[2]:
            for discard in wasted:
                yield discard, a, ["supervisor", head.words[1], *w[2:]], note


def _draws_read(t: Table, most: int) -> tuple[object, ...]:
    """The cards to draw as far as a move draws (``most``): with hands secret how many,
    with hands open each kind's."""
    if not t.open_hands:
        return (min(t.deck + t.discard_size(), most),)
    if t.deck >= most:  # the discard pile is not reshuffled: each kind as far as drawn
        return (tuple(sorted((k, min(c, most)) for k, c in t.deck_kinds.items() if c > 0)),)
    return t.deck, tuple(sorted(t.deck_kinds.items())), tuple(sorted(t.discard.items()))


def _cell_key(board: Board, to: str, first: Table, deck: Table,
              placed: Sequence[tuple[int, int]], seat: int) -> tuple[object, ...]:
    """The key of the supervisor's tally at ``to``: the cubes facing it on ``first`` (with
    those ``placed`` by ``seat``), their owners' camels and caravanserais, the cards they draw."""
    most = len(board.faces[to])
    cubes = tuple((s, i, o, min(first.camels[o], most), "caravanserai" in first.built[o])
                  for s, i in board.faces[to] if first.street[s][i] or (s, i) in placed
                  for o in ((seat if (s, i) in placed else first.owner[s]),))
    drawn = sum(c[4] for c in cubes) * max(1, board.buildings["caravanserai"].bonus)
    return to, cubes, _draws_read(deck, drawn) if drawn else ()


def _firsts(board: Board, t: Table, seat: int, every: bool, but: str | None = None
            ) -> list[tuple[tuple[str, ...], Firsts]]:
    """See :meth:`_Mover.sets` (``but``: a kind left out), walked by :func:`_walk`."""
    by_kinds: dict[tuple[str, ...], Firsts] = {}
    for plays, table in _walk(board, seat, _longest(board, t, seat), lambda table: (
            play for kind in _kinds(board, table, seat) if kind != but
            for play in _plays(board, table, seat, kind, every)), t):
        by_kinds.setdefault(tuple(sorted(p.kind for p in plays)), []).append((plays, table))
    return sorted(by_kinds.items(), key=lambda kv: (len(kv[0]), kv[0]))


def _walk(board: Board, seat: int, most: int, plays: Callable[[Table], Iterable[ev.Play]],
          table: Table, found: dict[tuple[tuple[object, ...], ...], First] | None = None,
          played: tuple[ev.Play, ...] = (), key: tuple[tuple[object, ...], ...] = ()
          ) -> Iterable[First]:
    """Each set of up to ``most`` cards played on ``table``, those ``plays`` offers on the
    table so far, by the referee's steps, with the table after it, in the order met: every
    order is tried (a card drawn or camels gained may be what a later card needs); a set met
    again (in ``found``, by its key) is not walked. A function of the module, not a closure
    that calls itself: that would be a reference cycle, left for the collector."""
    found = {} if found is None else found
    found[key] = (played, table)
    for play in plays(table) if len(played) < most else ():
        more = tuple(sorted((*key, _play_key(board, play))))  # _plays_key, one card more
        if more not in found and (after := _step(board, table, seat, play)) is not None:
            _walk(board, seat, most, plays, after, found, (*played, play), more)
    return found.values()


def _longest(board: Board, t: Table, seat: int) -> int:
    """The most cards played first: the hand and the game's caravan cards."""
    return t.hand_size(seat) + sum(c.copies for c in board.cards.values()
                                   if c.effect == "caravan")


def _step(board: Board, t: Table, seat: int, play: ev.Play) -> Table | None:
    """The table after ``play`` before the row, by the referee's step (``None``: refused)."""
    run = Walker(board, t.copy(), t.events + 1, [])
    run.play(seat, play, BEFORE_ROW)
    if run.out and errors(run.out):
        return None
    return _sharing(t, run.t)


#: The lists of a table a card may leave as they were (:func:`_sharing`).
_SHARED = ("street", "tower", "built", "owner", "filled", "inner", "cubes", "taken", "order",
           "caravan", "credit_camels", "credit_gold")


def _sharing(t: Table, after: Table) -> Table:
    """``after``, a copy of ``t`` a card was played on, holding the lists of ``t`` the card
    left as they were: the walks keep a table for every set of cards (977 at the heaviest
    known position), each some 55 lists and dicts the collector walks through, most of them
    the same as the table's before. No table of the walks is changed in place (each step
    is taken on a copy)."""
    for name in _SHARED:
        if getattr(after, name) == (before := getattr(t, name)):
            setattr(after, name, before)
    return after


def _plays_key(board: Board, plays: Sequence[ev.Play]) -> tuple[tuple[object, ...], ...]:
    """The cards played as a set (a corner shop once)."""
    return tuple(sorted([_play_key(board, p) for p in plays]))


def _play_key(board: Board, p: ev.Play) -> tuple[object, ...]:
    """One card of :func:`_plays_key`."""
    return p.kind, p.k or 0, p.into or "", _canonical(board, p.shop) if p.shop else ("", 0), \
        p.card or ""


def _secret(t: Table, seat: int, plays: Sequence[ev.Play], discard: str | None) -> str:
    """The note of a move with a card whose kind the table has not been told."""
    if not t.hidden[seat] or (not plays and discard is None):
        return ""
    if not any(t.hand[seat].values()):  # every card of the hand is secret
        return _(_SECRET_HAND)
    used = Counter([p.kind for p in plays] + ([discard] if discard is not None else []))
    hand = t.hand[seat]
    return "" if all(hand.get(k, 0) >= n for k, n in used.items()) else _(_SECRET_HAND)


def _kinds(board: Board, t: Table, seat: int) -> list[str]:
    """The kinds of card the mover may hold (a secret card: every kind)."""
    if t.hidden[seat] > 0:
        return sorted(board.cards)
    return sorted(k for k, c in t.hand[seat].items() if c > 0)


def _plays(board: Board, t: Table, seat: int, kind: str, every: bool) -> list[ev.Play]:
    """Every way to play a card of ``kind`` before the row (``every``: a cost card too)."""
    ck = board.cards[kind]
    effect = ck.effect
    if effect in ("camels", "gold") or (every and effect in ("nocamels", "nogold")):
        return [ev.Play(kind)]
    if effect == "caravan":
        if "caravanserai" in t.built[seat] and board.caravanserai_on_card:
            return [ev.Play(kind, card=c) for c, _ in _cards(t, 0, kind)]
        return [ev.Play(kind)]
    if effect == "souk":
        return _souk_plays(board, seat, kind, board.quarters, t)
    if effect in ("goldvp", "camelvp"):
        have = t.gold[seat] if effect == "goldvp" else t.camels[seat]
        return [ev.Play(kind, k=k) for k in range(1, min(have, ck.cap or have) + 1)]
    if effect == "exchange":
        return [ev.Play(kind, k=k, into=into) for into in (ev.INTO_GOLD, ev.INTO_CAMELS)
                for k in range(1, (t.camels[seat] if into == ev.INTO_GOLD else t.gold[seat]) + 1)]
    return []


def _souk_plays(board: Board, seat: int, kind: str, quarters: Sequence[str], t: Table
                ) -> list[ev.Play]:
    """Each shop of ``quarters`` a souk card may fill (Y3.9)."""
    run = Walker(board, t, t.events + 1, None)  # read only
    return [ev.Play(kind, shop=s) for q in quarters for s in shops_open_to(run, seat, q)]


def moves_note(board: Board, state: GameState) -> str | None:
    if state.phase == OVER or state.to_move is None:
        return _("the game is over: no more moves [Y4.6]")
    if state.phase == ROLL:
        who = state.setup.players[state.to_move]
        return _("{player} rolls the dice: record what they show, e.g. asara roll 1 1 3 3 5 5 "
                 "6 6 6 (--yellow for the yellow dice bought) [Y2.3]").format(player=who)
    return _("cards played after the action (--after, --last) and a building with its cost "
             "cards (--build) are added to the words; a move that wastes a card (a cost card "
             "played before the row, a card discarded for the supervisor or a card drawn) "
             "is listed with --all only")


def _actions(board: Board, t: Table, seat: int, head: _Head, want: _Want
             ) -> Iterator[tuple[str | None, ev.Action, list[str], str]]:
    """Each action of ``head`` on ``t``: the card discarded for a die (Y2.5), the action,
    its words and note; words ``want`` does not want are cut off as soon as known."""
    row = head.row or ""  # none: no row left, a card drawn (Y3.7)
    run = Walker(board, t, t.events + 1, None)  # read only: each step is taken on a copy
    wasted = _kinds(board, t, seat) if head.discarding else [None]  # Y6.9
    if head.command in ("supervisor", "draw"):
        for action, words, note in _supervisor(board, run, seat, row, head.value, want) \
                if head.command == "supervisor" else (
                    (drawn, DRAW.say(drawn, head.row, t), note)
                    for card, note in _cards(t, 0) for drawn in (ev.Draw(card),)):
            for discard in wasted:
                yield discard, action, words, note
        return
    placed: dict[int, Iterator[tuple[ev.Shop, ...]]] = {}
    for discard in wasted:
        if not want.fits([*head.words, *(["--discard", discard] if discard else [])]
                         if head.command != "goods" else head.words):
            continue
        if head.command == "camels":
            yield discard, ev.Camels(), CAMELS.say(ev.Camels(), row, t), ""
        elif head.command == "gold":
            yield discard, ev.Gold(), GOLD.say(ev.Gold(), row, t), ""
        elif run.capacity(seat, row) > 0:
            for shops in _goods(board, run, seat, row, head.dice, discard, want, placed):
                goods = ev.Goods(shops)
                yield discard, goods, GOODS.say(goods, row, t), ""


def _goods(board: Board, run: Walker, seat: int, row: str, dice: int, discard: str | None,
           want: _Want, placed: dict[int, Iterator[tuple[ev.Shop, ...]]]
           ) -> Iterable[tuple[ev.Shop, ...]]:
    """The shops the goods action may fill with ``discard`` discarded (none when ``want``
    wants another); ``placed`` keeps the placings by their number of cubes."""
    t = run.t
    hoist = board.buildings["hoist"].bonus if "hoist" in t.built[seat] else 0
    cubes = min(dice + (discard is not None) + hoist, run.capacity(seat, row))
    said = want.word(2 + 2 * cubes)  # the word after the shops, when typed
    if (said is not None and (said == "--discard") != (discard is not None)) or (
            said == "--discard" and want.word(3 + 2 * cubes) not in (None, discard)):
        return ()  # another card discarded, or none
    # the card discarded changes no shop: the same placings for each kind, made lazily
    # (when completing, as few as may be) and once
    kept, made = tee(placed.get(cubes) or _placing(board, run, seat, row, cubes, want, set()))
    placed[cubes] = kept
    return made


def _placing(board: Board, r: Walker, seat: int, row: str, cubes: int, want: _Want,
             seen: set[tuple[tuple[str, int], ...]], placed: tuple[ev.Shop, ...] = ()
             ) -> Iterator[tuple[ev.Shop, ...]]:
    """Every set of ``cubes`` shops the cubes may go to after those ``placed`` on ``r``'s
    table, each set once (Y3.4), the sets ``seen`` left out (no closure that calls itself: a
    reference cycle)."""
    words = ["goods", row, *shop_words(placed)]
    for shop in shops_open_to(r, seat, row):
        if not want.fits([*words, shop.souk, shop.cell]):
            continue  # not wanted
        key = tuple(sorted(_canonical(board, s) for s in (*placed, shop)))
        if key in seen:
            continue  # the same cubes in another order: the same table
        seen.add(key)
        if len(placed) + 1 == cubes:  # the last cube: no table after it is read
            yield (*placed, shop)
            continue
        nxt = Walker(board, r.t.copy(), r.number, None)
        nxt.place(seat, shop, row)
        yield from _placing(board, nxt, seat, row, cubes, want, seen, (*placed, shop))


def _canonical(board: Board, shop: ev.Shop) -> tuple[str, int]:
    """A shop as its souk and its place there (a corner shop faces two cells: one shop)."""
    souk = board.souk(shop.souk)
    assert souk is not None
    if shop.cell == ev.INNER:
        return shop.souk, -1
    return shop.souk, next(i for i, cells in enumerate(souk.street) if shop.cell in cells)


def _cards(t: Table, drawn: int, played: str = "") -> list[tuple[str | None, str]]:
    """The cards a draw may bring (``drawn`` earlier in the move; ``played``: a card put
    on the discard pile before it), each with its note."""
    discard = {**t.discard, played: t.discard.get(played, 0) + 1} if played else t.discard
    if t.setup.hands == SECRET:
        left = t.deck + sum(discard.values()) - drawn
        return [(ev.HIDDEN, _(_SECRET_CARD))] if left > 0 else [(None, "")]
    pool = discard if t.deck == 0 else t.deck_kinds
    kinds = sorted(k for k, c in pool.items() if c > 0)
    if not kinds:
        return [(None if t.deck == 0 else ev.HIDDEN, "")]
    note = _(_ANY_CARD)
    return [(k, note) for k in kinds]


def _supervisor(board: Board, run: Walker, seat: int, row: str, value: int, want: _Want
                ) -> Iterator[tuple[ev.Action, list[str], str]]:
    """The supervisor to every cell the mover can pay for; the cubes facing it sent
    in each order, each owner keeping it for a camel or not, each caravanserai's card."""
    t = run.t
    free = board.free_steps(t.built[seat])
    typed = want.word(2)  # the cell, when typed: the others are not wanted
    for to in board.cells if typed is None else [c for c in board.cells if c == typed]:
        if not want.fits(["supervisor", row, to]) or \
                board.walk(t.supervisor, to, value, free)[2] > t.gold[seat]:
            continue
        waiting = [s for s, i in board.faces[to] if t.street[s][i]]
        for order in permutations(waiting):
            camels = [(False, True) if t.camels[t.owner[s]] > 0 else (False,) for s in order]
            drawing = ["caravanserai" in t.built[t.owner[s]] for s in order]
            cards = [_cards(t, sum(drawing[:at])) if draws else [(None, "")]
                     for at, draws in enumerate(drawing)]  # the caravanserais' cards
            for kept, drawn in product(product(*camels), product(*cards)):
                sends = tuple(ev.Send(board.souks[s].id, k, c)
                              for s, k, (c, _) in zip(order, kept, drawn, strict=True))
                note = next((n for _, n in drawn if n), "")
                sent = ev.Supervisor(to, sends)
                yield sent, SUPERVISOR.say(sent, row, t), note


def core(board: Board, event: object) -> object | None:
    """A played turn as listed, to compare: player, row, the cards played first as a set,
    discard, action, a goods action's shops as a set (``None``: not a turn)."""
    if not isinstance(event, ev.Turn):
        return None
    action = event.action
    before = _plays_key(board, event.before)
    if isinstance(action, ev.Goods):
        return (event.player, event.row, before, event.discard,
                sorted(_canonical(board, s) for s in action.shops))
    return event.player, event.row, before, event.discard, action


#: A set of cards played first without a souk card, the table after it, and how many souk
#: cards are played after it.
Pair = tuple[tuple[ev.Play, ...], Table, int]
#: How many sets of souk cards fill the same shops facing a cell, and the first of them.
Ways = tuple[int, tuple[ev.Play, ...]]
#: By the number of souk cards and the shops facing a cell they fill: :data:`Ways`, with
#: the first set's place in each quarter's sets (by number, index).
Combos = dict[tuple[int, tuple[tuple[int, int], ...]],
              tuple[int, tuple[tuple[int, int], ...], tuple[ev.Play, ...]]]


class _Souks:
    """The souk cards among the cards played first, counted apart: a souk card only puts a
    cube in a shop (Y3.9), which no other card reads, so each set of cards played first is a
    set without a souk card and souk cards after it; a cube in one quarter changes no shop open
    in another (Y3.4.1), so each quarter's souk cards are walked apart by the referee's steps
    and combined by counting. A group is counted per table its action reads, times the sets of
    souk cards that leave it (issue 35). No kind: none counted apart."""

    def __init__(self, mover: _Mover, kind: str | None) -> None:
        board, t, seat = mover.board, mover.t, mover.seat
        # the mover's parts, not the mover: it keeps this (no reference cycle, so that an
        # old position is freed as soon as another is asked about, without the collector)
        self.board, self.seat, self.drawn, self.tails = board, seat, mover.drawn, mover.tails
        self.kind = kind or ""  # none: no souk card counted apart
        self.most = most = _longest(board, t, seat) if kind else 0
        scratch = t.copy()  # the cards held: this walk asks only where the cubes may go
        scratch.hand[seat] = {**scratch.hand[seat], self.kind: most}
        #: each quarter's sets of souk cards by their number: the plays, the table after
        self.parts: dict[str, list[list[First]]] = {
            q: [[] for _ in range(most + 1)] for q in board.quarters}
        for q, by_size in self.parts.items():
            for first in _walk(board, seat, most,
                               partial(_souk_plays, board, seat, self.kind, [q]), scratch):
                by_size[len(first[0])].append(first)
        self.scratch = scratch
        self._ways: dict[tuple[int, str | None], int] = {}
        self._reps: dict[tuple[object, ...], Table | None] = {}
        self._by_table: dict[tuple[Table, int], Table | None] = {}
        self._read: dict[tuple[Table, int], tuple[object, ...] | None] = {}
        self._quarters: dict[tuple[Table, str], tuple[object, ...]] = {}
        self._some: dict[tuple[Table, int], Iterator[First]] = {}
        self._cells: dict[int, dict[str, dict[tuple[tuple[int, int], ...], Ways]]] = {}
        self.counted: dict[tuple[object, ...], tuple[int, tuple[tuple[str, str | None], ...]]] = {}
        #: each cell's choices of the shops facing it (:meth:`cells`), each with its key
        self.keyed: dict[tuple[object, ...], list[tuple[str, list[tuple[
            int, tuple[ev.Play, ...], tuple[object, ...]]]]]] = {}
        self.on_street = frozenset(board.cells)  # (a property, made at each call)
        #: the cells each street shop faces
        self.facing = {shop: [to for to, faced in board.faces.items() if shop in faced]
                       for shops in board.faces.values() for shop in shops}

    def ways(self, n: int, but: str | None = None) -> int:
        """How many sets of ``n`` souk cards (``but``: none in that quarter)."""
        key = (n, but)
        if key not in self._ways:
            counts = [1]  # by the number of cards: the sets of the quarters so far
            for by_size in (parts for q, parts in self.parts.items() if q != but):
                counts = [sum(counts[k - i] * len(sets) for i, sets in enumerate(by_size)
                              if 0 <= k - i < len(counts)) for k in range(self.most + 1)]
            self._ways[key] = counts[n] if n < len(counts) else 0
        return self._ways[key]

    def sets(self, n: int, but: str | None = None) -> Iterator[tuple[ev.Play, ...]]:
        return (plays for plays, _tables in self.walk(n, but))

    def walk(self, n: int, but: str | None = None, typed: Sequence[str] | None = None,
             seen: dict[str, None] | None = None, read: Sequence[str] = ()
             ) -> Iterator[tuple[tuple[ev.Play, ...], tuple[Table, ...]]]:
        """The sets of ``n`` souk cards, with the table each quarter's walk left;
        ``typed`` given, those whose words begin with it and go on with a word not ``seen`` (a
        branch left once its word is seen), then one set of each quarter not ``read``."""
        quarters = [q for q in self.parts if q != but]
        room = [0] * (len(quarters) + 1)  # the most cards the quarters from each on take
        for at in range(len(quarters) - 1, -1, -1):
            room[at] = room[at + 1] + max(i for i, by in enumerate(self.parts[quarters[at]]) if by)
        met = seen if seen is not None else {}
        return self._walk_at(quarters, room, met, read, 0, n, typed, None)

    def _walk_at(self, quarters: Sequence[str], room: Sequence[int], met: dict[str, None],
                 read: Sequence[str], at: int, left: int, typed: Sequence[str] | None,
                 then: str | None) -> Iterator[tuple[tuple[ev.Play, ...], tuple[Table, ...]]]:
        """:meth:`walk` from the quarter ``at`` on, ``left`` cards to play (a method, not a
        closure that calls itself: that would be a reference cycle, left for the collector)."""
        if at == len(quarters):
            if typed is None or then is not None:  # else no word follows those typed
                yield (), ()
            return
        by_size = self.parts[quarters[at]]
        for i in range(max(0, left - room[at + 1]), min(left, len(by_size) - 1) + 1):
            for plays, table in by_size[i]:
                if then in met:
                    return
                rest, word = typed, then
                if typed is not None and then is None and plays:
                    words = _tail(self.tails, plays)
                    common = min(len(words), len(typed))
                    if words[:common] != list(typed[:common]):
                        continue
                    if len(words) > len(typed):
                        word = words[len(typed)]
                        if word in met:
                            continue
                    rest = typed[common:]
                for more, tables in self._walk_at(quarters, room, met, read, at + 1, left - i,
                                                  rest, word):
                    yield plays + more, (table, *tables)
                if then is not None and quarters[at] not in read:
                    return

    def some(self, pair: Pair) -> Iterator[First]:
        """:meth:`firsts` of one pair, the sets made kept for the next group."""
        _plays, first, n = pair
        # the sets are made through a weak reference: a generator that held this, kept
        # here, would be a reference cycle
        kept, made = tee(self._some.get((first, n)) or _Souks.firsts(proxy(self), [pair]))
        self._some[first, n] = kept
        return made

    def firsts(self, pairs: Sequence[Pair]) -> Iterator[First]:
        """Each set of cards played first of ``pairs``, with the table after it."""
        for plays, first, n in pairs:
            if self.rep(first, n) is not None:
                for more, tables in self.walk(n):
                    yield (*plays, *more), self.table(first, n, tables)

    def table(self, first: Table, n: int, tables: Sequence[Table]) -> Table:
        """The table after ``first`` and ``n`` souk cards whose quarters' walks left
        ``tables``: the hand, discard pile and cubes of :meth:`rep`, each quarter's souks."""
        if not n:
            return first
        souks_of, seat = self.board.souks_of, self.seat
        rep = self.rep(first, n)
        assert rep is not None
        t = first.copy()
        t.hand[seat], t.hidden[seat] = dict(rep.hand[seat]), rep.hidden[seat]
        t.discard, t.cubes[seat] = dict(rep.discard), rep.cubes[seat]
        for q, source in zip(self.parts, tables, strict=True):
            for s in souks_of(q) if source is not self.scratch else ():
                t.street[s] = list(source.street[s])
                t.inner[s], t.filled[s], t.owner[s] = \
                    source.inner[s], source.filled[s], source.owner[s]
        return t

    def quarter(self, table: Table, quarter: str) -> tuple[object, ...]:
        """:func:`_quarter_read` of ``table``, made once."""
        known = self._quarters.get((table, quarter))
        if known is None:
            known = self._quarters[table, quarter] = tuple(
                _quarter_read(self.board, quarter, table))
        return known

    def distinct(self, groups: Sequence[tuple[tuple[str, ...], list[Pair]]], head: _Head,
                 cell: str | None) -> Iterator[First]:
        """:meth:`_Mover.distinct` of ``groups``: a set for each hand (a card
        discarded) and what ``head`` reads of the street and the cards to draw."""
        met: dict[tuple[object, ...], tuple[Pair, tuple[ev.Play, ...] | None, int]] = {}
        tried: set[tuple[object, ...]] = set()
        for _kinds, pairs in groups:
            for pair in pairs:
                _plays, first, n = pair
                reads = self.reads(first, n)
                if reads is None or reads in tried:
                    continue  # a table that reads as one met: the same keys
                tried.add(reads)
                if head.command == "goods" and head.row is not None:
                    row = head.row
                    for i, parts in enumerate(self.parts[row][:n + 1]):
                        for more, table in parts if self.ways(n - i, row) else ():
                            met.setdefault(self.key(head, cell, reads, self.quarter(
                                self.own(table, first), row)), (pair, more, i))
                elif head.command == "supervisor" and cell in self.on_street:
                    assert cell is not None
                    for placed, (_ways, example) in self.cells(n)[cell].items():
                        met.setdefault(self.key(head, cell, reads, placed),
                                       (pair, example, n))
                else:  # the cells the supervisor can pay for, or the cards to draw
                    met.setdefault(self.key(head, cell, reads, ()), (pair, None, 0))
        for (plays, first, n), chosen, i in met.values():
            if head.command == "goods" and head.row is not None:
                assert chosen is not None
                chosen = (*chosen, *next(self.sets(n - i, head.row)))
            elif chosen is None:
                chosen = next(self.sets(n))
            after = self.after(first, chosen)
            if after is not None:
                yield (*plays, *chosen), after

    def key(self, head: _Head, cell: str | None, reads: tuple[object, ...],
            shops: object) -> tuple[object, ...]:
        """What ``head``'s moves read of a table (its :meth:`reads`): the hand when a card is
        discarded, and the row's quarter (``shops``), the supervisor's gold, camels, cards to
        draw and street with the shops facing ``cell`` (``shops``), or the cards to draw."""
        hand = reads[5:] if head.discarding else ()
        if head.command == "goods" and head.row is not None:
            return hand, shops
        if head.command == "supervisor":
            return (hand, *reads[1:5], shops) if cell in self.on_street else (
                hand, *reads[1:4])
        return hand, reads[3]

    def after(self, t: Table, plays: Sequence[ev.Play]) -> Table | None:
        """The table after ``plays`` on ``t`` (``None``: refused)."""
        for play in plays:
            stepped = _step(self.board, t, self.seat, play)
            if stepped is None:
                return None
            t = stepped
        return t

    def rep(self, first: Table, n: int) -> Table | None:
        """A table after ``first`` and ``n`` souk cards (``None``: they cannot be played):
        its hand, discard pile, cubes at home and deck are those of every such set."""
        if not n:
            return first
        asked = (first, n)
        if asked in self._by_table:
            return self._by_table[asked]
        seat = self.seat
        key = (n, tuple(sorted(first.hand[seat].items())), first.hidden[seat],
               tuple(sorted(first.discard.items())), first.cubes[seat], first.deck)
        if key not in self._reps:
            self._reps[key] = self.after(first, next(self.sets(n), ())) if self.ways(n) else None
        self._by_table[asked] = self._reps[key]
        return self._reps[key]

    def reads(self, first: Table, n: int) -> tuple[object, ...] | None:
        """What an action reads of the tables ``first`` and ``n`` souk cards leave but
        their shops (``None``: cannot be played)."""
        key = (first, n)
        if key not in self._read:
            rep, seat = self.rep(first, n), self.seat
            self._read[key] = None if rep is None else (
                n, first.gold[seat], tuple(first.camels), _draws_read(rep, self.drawn),
                self.street(first), tuple(sorted(k for k, c in rep.hand[seat].items() if c > 0)),
                rep.hidden[seat] > 0)
        return self._read[key]

    def street(self, first: Table) -> tuple[object, ...]:
        """The street as the cards but the souk cards left it, when those are walked
        with the others (else unchanged)."""
        return () if self.kind else _street(first)

    def own(self, table: Table, first: Table) -> Table:
        return first if table is self.scratch else table

    def shops(self, plays: Sequence[ev.Play]) -> Iterator[tuple[int, int]]:
        """The street shops (souk and index) the souk cards ``plays`` fill."""
        board = self.board
        for play in plays:
            assert play.shop is not None
            souk, index = _canonical(board, play.shop)
            if index >= 0:
                yield board.souk_index(souk) or 0, index

    def cells(self, n: int) -> dict[str, dict[tuple[tuple[int, int], ...], Ways]]:
        """For each cell, each choice of the shops facing it that the sets of ``n`` souk
        cards fill (none last): how many sets, and the first :meth:`walk` makes. Counted
        quarter by quarter (a set is one set of each quarter's), no set made whole."""
        if n not in self._cells:  # and those of fewer cards
            self._cells.update({k: {to: {} for to in self.board.cells}
                                for k in range(n + 1)})
            for to, found in self._combined(n).items():
                for (k, shops), (ways, _first, plays) in sorted(
                        found.items(), key=lambda kv: (not kv[0][1], kv[1][1])):
                    self._cells[k][to][shops] = ways, plays
        return self._cells[n]

    def _combined(self, most: int) -> dict[str, Combos]:
        """For each cell, by the number of souk cards (up to ``most``) and the shops facing
        it they fill: how many sets, and the first in :meth:`walk`'s order (its place in each
        quarter)."""
        combos: dict[str, Combos] = {to: {(0, ()): (1, (), ())} for to in self.on_street}
        for q in reversed(self.parts):  # the quarters after each, combined before it
            mine: dict[str, Combos] = {to: {} for to in combos}
            for i, made in enumerate(self.parts[q][:most + 1]):
                for at, (plays, _table) in enumerate(made):
                    near: dict[str, list[tuple[int, int]]] = {}
                    for shop in self.shops(plays):
                        for to in self.facing.get(shop, ()):
                            near.setdefault(to, []).append(shop)
                    for to, found in mine.items():
                        key = (i, tuple(near.get(to, ())))
                        count, first, example = found.get(key, (0, ((i, at),), plays))
                        found[key] = count + 1, first, example
            for to, found in mine.items():
                joined: Combos = {}
                for ((i, shops), (count, first, plays)), ((k, rest), (ways, order, more)) in \
                        product(found.items(), combos[to].items()):
                    if i + k <= most:
                        key, made_first = (i + k, tuple(sorted((*shops, *rest)))), (
                            (*first, *order), (*plays, *more))
                        had = joined.get(key, (0, *made_first))
                        joined[key] = had[0] + count * ways, *min(had[1:], made_first)
                combos[to] = joined
        return combos


def _count_split(mover: _Mover, kinds: tuple[str, ...], pairs: list[Pair], head: _Head,
                 shown: int) -> tuple[int, dict[str, None], list[LegalMove[ev.Event]]]:
    """How many moves ``head`` makes after ``pairs``, their notes and the first
    ``shown``: each action checked once per table that reads so, counted for each set of cards
    that leaves it."""
    t, seat, souks = mover.t, mover.seat, mover.souks()
    total = 0
    notes: dict[str, None] = {}
    first: list[LegalMove[ev.Event]] = []
    secret = _(_SECRET_HAND)
    which = (head.command, head.row, head.discarding, head.value)
    counted = souks.counted
    for plays, table, n in pairs:
        reads = souks.reads(table, n)
        if reads is None:
            continue
        key = (which, reads)  # what the action reads of any of these sets
        found = counted.get(key)
        if found is None:
            rep = souks.rep(table, n)
            assert rep is not None
            found = counted[key] = _split_tally(mover, souks, head, table, rep, n)
        count, met = found
        if not count:
            continue
        total += count
        for note, discard in met:
            if note:
                notes[note] = None
            elif secret not in notes:  # the kinds played, for the note
                notes[_secret(t, seat, (*plays, *(ev.Play(souks.kind),) * n), discard)] = None
        for made in souks.some((plays, table, n)) if len(first) < shown else ():
            first += islice(_group(mover, kinds, [made], head, _Want(())), shown - len(first))
            if len(first) >= shown:
                break
    notes.pop("", None)
    return total, notes, first


def _split_tally(mover: _Mover, souks: _Souks, head: _Head, first: Table, rep: Table, n: int
                 ) -> tuple[int, tuple[tuple[str, str | None], ...]]:
    """How many moves ``head`` makes after the set that left ``first`` and each set
    of ``n`` souk cards (``rep``: after one of them), and their (note, card discarded)."""
    board, seat = mover.board, mover.seat
    if head.command == "supervisor":
        key: tuple[object, ...] = ("supervisor", head.value, board.free_steps(
            first.built[seat]), first.gold[seat], tuple(first.camels),
            _draws_read(rep, mover.drawn), n, souks.street(first))
        if key not in souks.counted:
            souks.counted[key] = _summed(_cell_tallies(mover, head, first, rep, n))
        count, pairs = souks.counted[key]
        if head.discarding:  # each move with each card the hand may hold (Y6.9)
            wasted = _kinds(board, rep, seat)
            return count * len(wasted), tuple(dict.fromkeys(
                (note, d) for note, _ in pairs for d in wasted))
        return count, pairs
    reads = _reads(board, head, seat, rep)
    if head.command != "goods" or head.row is None:  # the street is not read
        found = _tally(mover, (head.command, head.row, head.discarding, reads), head, rep)
        return found[0] * souks.ways(n), found[1]
    row = head.row
    key = ("goods", row, head.discarding, reads[0], n, souks.street(first))  # the hand
    if key not in souks.counted:  # ``ways``: the souk cards played in the other quarters
        souks.counted[key] = _summed((ways, _tally(mover, (head.command, row, head.discarding, (
            reads[0], *_quarter_read(board, row, souks.own(table, first)))), head, partial(
                souks.after, first, (*plays, *others))))
            for i, parts in enumerate(souks.parts[row][:n + 1]) if (ways := souks.ways(n - i, row))
            for others in (next(souks.sets(n - i, row)),) for plays, table in parts)
    return souks.counted[key]


def _summed(tallies: Iterable[tuple[int, Tally]]
            ) -> tuple[int, tuple[tuple[str, str | None], ...]]:
    """How many moves ``tallies`` make, each counted its number of ways, and their (note,
    card discarded) once."""
    count = 0
    met: dict[tuple[str, str | None], None] = {}
    for ways, found in tallies:
        count += ways * found[0]
        met.update(dict.fromkeys(found[1]))
    return count, tuple(met)


def _cell_tallies(mover: _Mover, head: _Head, first: Table, rep: Table, n: int
                  ) -> Iterator[tuple[int, Tally]]:
    """The supervisor's tally at each cell the mover can pay for after ``first`` and ``n``
    souk cards (``rep``: after one set of them), one for each choice of the shops facing the
    cell those fill, with how many sets fill so: each made once, kept by its key."""
    board, seat, souks = mover.board, mover.seat, mover.souks()
    costs = mover.costs(head.value, board.free_steps(first.built[seat]))
    # the street as ``first`` leaves it, but where souk cards are walked apart
    facts = (tuple(first.camels), _draws_read(rep, mover.drawn), n, () if n else _street(first))
    if facts not in souks.keyed:
        souks.keyed[facts] = [(to, [(ways, example, _cell_key(board, to, first, rep, placed,
                                                                 seat))
                                    for placed, (ways, example) in choices.items()])
                              for to, choices in souks.cells(n).items()]
    plain = _Head(head.row, head.value, head.dice, head.command, False)
    for to, keyed in souks.keyed[facts]:
        for ways, example, key in keyed if costs[to] <= first.gold[seat] else ():
            yield ways, _tally(mover, key, plain, partial(souks.after, first, example),
                               _Want(["supervisor", head.words[1], to]))
