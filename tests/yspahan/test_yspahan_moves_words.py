"""Yspahan's listed moves typed back (issue 35): the words of every move ``asara moves``
lists, read by the very command that records them (the one-shot command's maker, as the
session takes it), make exactly the listed event, and the event each simulated player played
is listed in the position before it.

The default run reads a few positions' moves; the slow sweep (``-m slow``) every move of
every position of whole simulated games, with hands open and secret."""

from __future__ import annotations

import os
import random
import shlex
import shutil
from collections import Counter
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import msgspec
import pytest

from asara_cli.cli import recording, run
from asara_cli.cli.session import Session, _commands
from asara_cli.cli.transaction import Position, Typed
from asara_cli.games import game
from asara_cli.games.base import SIM_NAMES, LegalMove, move_groups
from asara_cli.games.yspahan.moves import (
    _actions,
    _firsts,
    _Mover,
    _plays_key,
    _Souks,
    _Want,
    core,
)
from asara_cli.games.yspahan.rules.board import Board
from asara_cli.games.yspahan.rules.events import Turn
from asara_cli.games.yspahan.rules.state import OVER, ROLL, GameState
from asara_cli.logfile.board import load_board
from asara_cli.logfile.game import GameLog, LogHeader, parse_log

POSITIONS = Path(__file__).parent / "positions"
#: Whole simulated games per player count and flag set in the slow sweep.
SWEEP = int(os.environ.get("ASARA_MOVES_GAMES", "3"))


@cache
def _board() -> Board:
    board = load_board(None, "yspahan")
    assert isinstance(board, Board)
    return board


@cache
def _command() -> Any:
    return _commands(game("yspahan"))


def typed(words: str, position: Position) -> Any:
    """The event the move command makes of ``words`` against ``position``: the same
    Typer command and maker the one-shot command and the session run, nothing written."""
    move = _command().main(args=shlex.split(words), prog_name="", standalone_mode=False)
    assert isinstance(move, recording.Move), words
    made = move.make(position)
    return made.event if isinstance(made, Typed) else made


def _position(header: LogHeader, state: object) -> Position:
    return Position(Path("game.toml"), GameLog("game.toml", header, ()), "", _board(), state)


def _games(flags: frozenset[str], seeds: range, players: tuple[int, ...]
           ) -> Iterator[tuple[LogHeader, object, object]]:
    """(header, position, the event played there) through simulated games."""
    g = game("yspahan")
    rules = g.recording()
    for seed in seeds:
        for n in players:
            setup, events = g.simulate(_board(), seed, n, flags, SIM_NAMES)
            header = LogHeader(setup, game="yspahan")
            state = rules.position(g.replay(_board(), setup, ()))
            for event in events:
                yield header, state, event
                state = rules.after(rules.apply(_board(), state, event))


def _round_trip(header: LogHeader, state: object, moves: list[LegalMove[Any]]) -> int:
    rules = game("yspahan").recording()
    position = _position(header, state)
    for move in moves:
        assert typed(move.words, position) == move.event, move.words
        assert not [v for v in rules.check(_board(), state, move.event) if v.is_error]
    return len(moves)


# --- the regression: a souk card played first, then the supervisor to a cell its cube faces --


@pytest.mark.parametrize(("name", "words", "sent"), [
    # the cube the card put in barrel8 faces S5: it is sent too (Y3.5)
    ("souk-card-then-supervisor",
     "supervisor camels S5 --no-camel barrel8 --play 'souk barrel8 S5'", ("barrel8", None)),
    # ... and the mover's caravanserai draws for it (Y6.5): --draws is taken
    ("souk-card-then-supervisor-caravanserai",
     "supervisor camels W3 --no-camel bag3 --draws camels3 --play 'souk bag3 W3'",
     ("bag3", "camels3")),
])
def test_a_souk_card_played_first_then_its_cube_sent_records_the_listed_move(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, words: str,
        sent: tuple[str, str | None]) -> None:
    """The command applies the card played first before it reads the cubes facing the
    supervisor's cell: the listed words record exactly the listed event (they were refused
    under Y3.5, or --draws rejected with exit code 2)."""
    path = tmp_path / "game.toml"
    shutil.copy(POSITIONS / f"{name}.toml", path)
    log = parse_log(path.read_text("utf-8"))
    g = game("yspahan")
    state = g.recording().position(g.replay(_board(), log.header.setup, log.events))
    listed = {m.words: m.event for m in g.legal_moves(_board(), state, shlex.split(words)[:3])}
    assert words in listed
    event = listed[words]
    assert isinstance(event, Turn)
    assert [(s.souk, s.card) for s in event.action.sends] == [sent]  # type: ignore[union-attr]
    assert run([*shlex.split(words), "--log", str(path)]) == 0, capsys.readouterr()
    assert parse_log(path.read_text("utf-8")).events[-1] == event


@pytest.mark.parametrize("word", ["supervisor", "aufseher"])
def test_the_session_records_the_same_move_in_either_language(tmp_path: Path, word: str
                                                              ) -> None:
    path = tmp_path / "game.toml"
    shutil.copy(POSITIONS / "souk-card-then-supervisor-caravanserai.toml", path)
    words = "camels W3 --no-camel bag3 --draws camels3 --play 'souk bag3 W3'"
    session = Session(path)
    assert session.position is not None
    wanted = next(m.event for m in game("yspahan").legal_moves(
        _board(), session.position.state, ["supervisor", "camels", "W3"])
        if m.words == f"supervisor {words}")
    assert session.line(f"{word} {words}") == 0
    assert parse_log(path.read_text("utf-8")).events[-1] == wanted


# --- the round trip over simulated games ------------------------------------------------------


@pytest.mark.parametrize("flags", [frozenset(), frozenset({"secret"})])
def test_listed_moves_read_back_into_their_events(flags: frozenset[str]) -> None:
    """A 3-player game (hands open, and secret: a caravan card played first draws
    ``hidden`` only for a caravanserai): in every 3rd position, the first and the last move
    of each group, and a few at random, typed back."""
    g = game("yspahan")
    rng = random.Random(35)
    read = 0
    for i, (header, state, _event) in enumerate(_games(flags, range(1), (3,))):
        if i % 3:
            continue
        groups: dict[str, list[LegalMove[Any]]] = {}
        for move in g.legal_moves(_board(), state):
            groups.setdefault(move.group, []).append(move)
        chosen = [m for ms in groups.values() for m in {ms[0].words: ms[0],
                                                         ms[-1].words: ms[-1]}.values()]
        everything = [m for ms in groups.values() for m in ms]
        chosen += rng.sample(everything, min(3, len(everything)))
        read += _round_trip(header, state, chosen)
    assert read > 300, read


@pytest.mark.slow
@pytest.mark.parametrize("flags", [frozenset(), frozenset({"secret"})])
def test_every_listed_move_reads_back_and_every_played_move_is_listed(
        flags: frozenset[str]) -> None:
    """Whole simulated games (3 and 4 players): every move listed in every position reads
    back into its event and passes the check; the event played next is listed."""
    g = game("yspahan")
    read = played = 0
    for header, state, event in _games(flags, range(SWEEP), (3, 4)):
        moves = list(g.legal_moves(_board(), state))
        read += _round_trip(header, state, moves)
        wanted = core(_board(), event)
        if moves and wanted is not None:
            assert wanted in [core(_board(), m.event) for m in moves], event
            played += 1
    assert read > 10_000 and played > 100, (read, played)


# --- counting without making every move --------------------------------------------------------


def _counted_as_walked(state: object) -> int:
    """The groups as ``asara moves`` counts them are the moves as made and checked one by
    one (the listing of the moves that begin with each first word), group by group, each
    group's first moves the first it makes and its notes theirs; and every move listed is
    one of those, in the same order."""
    g = game("yspahan")
    listing = g.legal_moves(_board(), state)
    checked: dict[str, list[LegalMove[Any]]] = {}
    for word in ("camels", "gold", "goods", "supervisor", "draw"):
        for move in g.legal_moves(_board(), state, [word]):
            checked.setdefault(move.group, []).append(move)
    counted = list(move_groups(listing, 4))
    assert {c.group: c.count for c in counted} == {k: len(v) for k, v in checked.items()}
    for c in counted:
        assert list(c.first) == checked[c.group][:4], c.group
        assert set(c.notes) == {m.note for m in checked[c.group] if m.note}, c.group
    walked: dict[str, list[LegalMove[Any]]] = {}
    for move in listing:
        walked.setdefault(move.group, []).append(move)
    assert walked == checked
    return sum(c.count for c in counted)


@pytest.mark.parametrize("flags", [frozenset(), frozenset({"secret"})])
def test_groups_are_counted_as_their_moves_are_made(flags: frozenset[str]) -> None:
    counted = 0
    for i, (_header, state, _event) in enumerate(_games(flags, range(1), (4,))):
        if i % 3 == 0:
            counted += _counted_as_walked(state)
    assert counted > 1500, counted


@pytest.mark.slow
def test_the_heaviest_known_position_is_counted_as_walked() -> None:
    """A secret hand of two cards with a caravanserai: 142,868 moves in 1,012 groups shown
    grouped, 275,939 with those that waste a card."""
    log = parse_log((POSITIONS / "heavy-secret-caravanserai.toml").read_text("utf-8"))
    g = game("yspahan")
    state = g.recording().position(g.replay(_board(), log.header.setup, log.events))
    shown = list(move_groups(g.legal_moves(_board(), state), 0, every=False))
    assert (len(shown), sum(c.count for c in shown)) == (1012, 142_868)
    assert _counted_as_walked(state) == 275_939


def test_moves_that_waste_a_card_are_listed_with_all_and_folded_when_grouped() -> None:
    """A cost card played before the row (Y6.12) and a card discarded for the supervisor or
    a card drawn (Y6.9) are legal: listed (and typed back) with --all, left out of the
    grouped view, whose note says so."""
    g = game("yspahan")
    rules = g.recording()
    for header, state, _event in _games(frozenset({"secret"}), range(1), (3,)):
        every = list(move_groups(g.legal_moves(_board(), state), 1))
        wasted = {c.group for c in every if "nocamels" in c.group or "nogold" in c.group
                  or (c.group.split(": ")[-1].startswith(("supervisor", "draw"))
                      and "--discard" in c.group)}
        if len({"nocamels" in w or "nogold" in w for w in wasted}) < 2:
            continue  # a hand that holds both kinds of waste
        grouped = {c.group for c in move_groups(g.legal_moves(_board(), state), 1, False)}
        assert grouped == {c.group for c in every} - wasted
        firsts = [c.first[0] for c in every if c.group in wasted]
        _round_trip(header, state, firsts)
        assert all(not [v for v in rules.check(_board(), state, m.event) if v.is_error]
                   for m in firsts)
        note = g.moves_note(_board(), state)
        assert note is not None and "--all only" in note
        return
    raise AssertionError("no position with a cost card and a card to discard")


def test_a_caravan_card_played_first_with_hands_secret_draws_only_for_a_caravanserai(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Hands secret, no caravanserai: the caravan card's cube draws no card (Y6.5), as
    listed; the command made it draw ``hidden`` and the referee refused the move."""
    path = tmp_path / "game.toml"
    shutil.copy(POSITIONS / "caravan-card-secret-hands.toml", path)
    words = "goods barrel barrel4 S3 barrel4 inner --play caravan"
    log = parse_log(path.read_text("utf-8"))
    g = game("yspahan")
    state = g.recording().position(g.replay(_board(), log.header.setup, log.events))
    listed = {m.words: m.event for m in g.legal_moves(_board(), state, ["goods", "barrel"])}
    event = listed[words]
    assert isinstance(event, Turn) and event.before[0].card is None
    assert run([*shlex.split(words), "--log", str(path)]) == 0, capsys.readouterr()
    assert parse_log(path.read_text("utf-8")).events[-1] == event


@pytest.mark.parametrize("flags", [frozenset(), frozenset({"secret"})])
def test_a_tab_after_a_supervisors_row_or_a_first_play_offers_the_moves_next_words(
        flags: frozenset[str]) -> None:
    """The words a Tab offers after ``supervisor ROW`` (a cell) and after ``gold --play`` or
    ``camels --play`` (the first card played), found from the cards played alone when they
    are enough, are the next words of the moves made that begin so and are listed grouped
    (a cost card played first wastes it: listed with --all only), no more, no fewer."""
    g = game("yspahan")
    tried = 0
    for i, (_header, state, _event) in enumerate(_games(flags, range(1), (3, 4))):
        for typed in [["supervisor", row] for row in _board().rows] + [
                ["gold", "--play"], ["camels", "--play"]]:
            made = {shlex.split(m.words)[len(typed)]
                    for c in move_groups(g.legal_moves(_board(), state, typed), 10**9, False)
                    for m in c.first if len(shlex.split(m.words)) > len(typed)}
            offered = g.next_words(_board(), state, typed)
            assert sorted(offered) == sorted(made), (i, typed)
            tried += bool(made)
    assert tried > 500, tried


@pytest.mark.parametrize(("name", "moves", "souk_camels"), [
    ("souk-card-then-supervisor", 1736, 12),  # one souk card in an open hand
    ("caravan-card-secret-hands", 3217, 0),  # one secret card (a caravan draws another)
])
def test_souk_cards_played_first_are_counted_by_the_tables_they_leave(
        name: str, moves: int, souk_camels: int) -> None:
    """Each shop a souk card played first may fill leaves its own street, which the camels
    action, the gold and a card drawn do not read: the grouped count multiplies such a
    table's moves by the sets of souk cards that leave it, and still equals the moves
    ``--all`` lists one by one, set by set; the sets of cards played first are those every
    order of the referee's steps finds."""
    log = parse_log((POSITIONS / f"{name}.toml").read_text("utf-8"))
    g = game("yspahan")
    state = g.recording().position(g.replay(_board(), log.header.setup, log.events))
    grouped = {c.group: c.count for c in move_groups(g.legal_moves(_board(), state), 4)}
    listed = list(g.legal_moves(_board(), state))
    assert sum(grouped.values()) == len(listed) == moves
    assert Counter(m.group for m in listed) == grouped
    # by hand (the first position): the souk card may put its cube in 12 shops, each
    # listed once before the camels action, each a move the referee accepts
    shops = [m.event.before[0].shop for m in listed
             if isinstance(m.event, Turn) and m.group == "--play souk: camels"]
    assert len(shops) == len(set(shops)) == grouped.get("--play souk: camels", 0) == souk_camels
    assert isinstance(state, GameState)
    mover = _Mover(_board(), state)
    every_order = {_plays_key(_board(), plays) for _kinds, firsts in
                   _firsts(_board(), mover.t, mover.seat, True) for plays, _t in firsts}
    assert {_plays_key(_board(), m.event.before) for m in listed
            if isinstance(m.event, Turn)} == every_order


def _listed(state: Any) -> tuple[dict[str, tuple[int, set[str]]], dict[str, set[str]]]:
    """The groups' counts and notes, and each group's moves as --all lists them."""
    g = game("yspahan")
    state = msgspec.structs.replace(state)  # a new position: nothing kept from an earlier
    grouped = {c.group: (c.count, set(c.notes))
               for c in move_groups(g.legal_moves(_board(), state), 4)}
    every: dict[str, set[str]] = {}
    for move in g.legal_moves(_board(), state):
        every.setdefault(move.group, set()).add(move.words)
    assert {k: c for k, (c, _n) in grouped.items()} == {k: len(v) for k, v in every.items()}
    return grouped, every


@pytest.mark.parametrize("flags", [pytest.param(frozenset(), marks=pytest.mark.slow),
                                   frozenset({"secret"})])
def test_souk_cards_walked_with_the_others_list_the_same_moves(
        flags: frozenset[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose souk cards are not counted apart (it has none, or several kinds: every
    set of cards played first is walked whole, :class:`_Souks` of no kind) lists the same
    groups, counts and notes, and with --all the same moves, as the souk cards counted
    apart, at positions where a souk card may be played first."""
    g = game("yspahan")
    apart = []
    for _header, state, _event in _games(flags, range(20), (3, 4)):
        if any(c.group.startswith("--play") and "souk" in c.group.split(":")[0]
               for c in move_groups(g.legal_moves(_board(), state), 0)):
            apart.append((state, _listed(state)))
            if len(apart) == 4:
                break

    def souks(self: _Mover) -> _Souks:
        if self._souks is None:
            self._souks = _Souks(self, None)
        return self._souks

    monkeypatch.setattr(_Mover, "souks", souks)
    for state, listed in apart:
        assert _listed(state) == listed
    assert len(apart) == 4


def test_counts_are_those_of_every_set_and_action_checked_whole() -> None:
    """Brute force, where gold, camel or exchange cards are in an open hand: every set of
    cards played first in every order the referee's steps allow (:func:`_firsts`), every
    action of each group on the table it leaves, each turn checked whole by the referee;
    the passing turns, group by group, are the grouped counts (the cards that waste a card
    included), and --all lists as many in each group."""
    g = game("yspahan")
    rules = g.recording()
    tried = 0
    met: set[str] = set()
    for _header, state, _event in _games(frozenset(), range(12), (3, 4)):
        assert isinstance(state, GameState)
        if state.phase in (ROLL, OVER) or state.to_move is None:
            continue
        mover = _Mover(_board(), state)
        held = {k for k, c in mover.t.hand[mover.seat].items() if c > 0}
        if not held & {"gold3", "camels3", "exchange"} - met:
            continue  # each kind met once
        grouped = {c.group: c.count for c in move_groups(g.legal_moves(_board(), state), 4)}
        if sum(grouped.values()) > 3000:
            continue  # too many to check one by one
        met |= held
        brute: Counter[str] = Counter()
        for kinds, firsts in _firsts(_board(), mover.t, mover.seat, True):
            for head in mover.heads(True):
                for plays, after in firsts:
                    for discard, action, _w, _n in _actions(_board(), after, mover.seat, head,
                                                            _Want(())):
                        turn = Turn(mover.name, head.row, action, discard, before=plays)
                        if not [v for v in rules.check(_board(), state, turn) if v.is_error]:
                            brute[head.name(kinds)] += 1
        assert dict(brute) == grouped
        assert Counter(m.group for m in g.legal_moves(_board(), state)) == brute
        tried += 1
    assert met >= {"gold3", "camels3", "exchange"} and tried >= 3, (met, tried)


def _completion_is_exact(state: Any, begun: list[str], most: int) -> int:
    """At up to ``most`` prefixes of the moves listed grouped that begin with ``begun``
    (amid the cards played first, ``--play`` typed; at a row's first words; after
    ``--discard``), a Tab offers exactly the next words of those moves; how many were tried."""
    g = game("yspahan")
    nexts: dict[tuple[str, ...], set[str]] = {}
    for c in move_groups(g.legal_moves(_board(), state, begun), 10**9, False):
        for m in c.first:
            words = shlex.split(m.words)
            for at in range(len(begun), len(words)):
                nexts.setdefault(tuple(words[:at]), set()).add(words[at])
    prefixes = [p for p in nexts if "--play" in p or len(p) < 3 or p[-1] == "--discard"]
    picked = random.Random(7).sample(prefixes, min(most, len(prefixes)))
    for prefix in picked:
        offered = g.next_words(_board(), msgspec.structs.replace(state), list(prefix))
        assert sorted(offered) == sorted(nexts[prefix]), prefix
    return len(picked)


@pytest.mark.parametrize(("name", "begun", "most"), [
    ("caravan-card-secret-hands", [], 160),
    ("souk-card-then-supervisor", [], 160),
    pytest.param("heavy-secret-caravanserai", ["gold"], 120, marks=pytest.mark.slow),
    pytest.param("heavy-secret-caravanserai", ["goods", "bag"], 120, marks=pytest.mark.slow),
])
def test_a_tab_amid_the_cards_played_first_offers_exactly_the_listed_next_words(
        name: str, begun: list[str], most: int) -> None:
    """Souk cards are walked with the words typed and those found already (a branch is
    left as soon as its next word is known), and no set is tried once every word that may
    come is found: at prefixes amid the cards played first (the souk cards' words among
    them), at a row's first words and after --discard a Tab offers the next words of the
    moves listed grouped that begin so, no more, no fewer."""
    log = parse_log((POSITIONS / f"{name}.toml").read_text("utf-8"))
    g = game("yspahan")
    state = g.recording().position(g.replay(_board(), log.header.setup, log.events))
    assert _completion_is_exact(state, begun, most) >= most // 2


@pytest.mark.parametrize(("name", "begun", "going_on"), [
    ("caravan-card-secret-hands", [], False),  # one secret card: none left to play
    ("souk-card-then-supervisor", [], False),
    ("heavy-secret-caravanserai", ["gold"], True),  # two secret cards
])
def test_a_tab_after_a_card_discarded_offers_what_the_listed_moves_go_on_with(
        name: str, begun: list[str], going_on: bool) -> None:
    """After ``--discard CARD`` only cards played first may follow (no set of them is
    walked to know it): at every such prefix of the moves listed grouped that begin with
    ``begun``, a Tab offers ``--play`` exactly when one of them goes on, nothing when none
    does."""
    log = parse_log((POSITIONS / f"{name}.toml").read_text("utf-8"))
    g = game("yspahan")
    state = g.recording().position(g.replay(_board(), log.header.setup, log.events))
    nexts: dict[tuple[str, ...], set[str]] = {}
    for c in move_groups(g.legal_moves(_board(), state, begun), 10**9, False):
        for m in c.first:
            words = shlex.split(m.words)
            for at in range(2, len(words) + 1):
                if words[at - 2] == "--discard":
                    nexts.setdefault(tuple(words[:at]), set()).update(words[at:at + 1])
    for prefix, then in nexts.items():
        assert set(g.next_words(_board(), state, list(prefix))) == then, prefix
    assert nexts and any(nexts.values()) == going_on, nexts
