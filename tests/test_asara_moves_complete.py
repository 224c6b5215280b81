"""ASARA's legal moves (``asara moves``), held to the referee over simulated games of every
variant (basic, pro, each expansion and both): every move a player could make instead of
the one played (another free space of the area, every way to resolve the gifts lying there,
any colours of lighted windows kept, the Bottle Genie's visit without a wish or wishing for
the coloured building) that the referee's check lets pass is listed; the words of the
listed moves, typed as the one-shot command and in the session (in English and German),
record exactly the listed event; and a number the board profile does not know is listed as
``N`` with a note, never made up.

The default run walks a few games; the ``slow`` sweep walks more, and measures the CPU time
of the listing in every position it meets."""

from __future__ import annotations

import itertools
import shlex
from collections.abc import Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import msgspec
import pytest
from typer.testing import CliRunner

from asara_cli import commandwords, language
from asara_cli.cli import app
from asara_cli.games import game
from asara_cli.games.asara.moves import (
    PLACEHOLDER,
    Listing,
    turn_words,
    unread,
)
from asara_cli.games.asara.rules import events as ev
from asara_cli.games.asara.rules.areas import kind_of
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.engine import check, errors
from asara_cli.games.asara.rules.events import (
    Bank,
    Coloured,
    Event,
    Genie,
    GiftKind,
    GiftUse,
    Lighted,
    Placement,
    Recruit,
    Turn,
)
from asara_cli.games.asara.rules.model import Colour
from asara_cli.games.asara.rules.state import GameState
from asara_cli.games.base import SIM_NAMES, LegalMove
from asara_cli.logfile.board import load_board
from asara_cli.logfile.game import LogHeader, log_to_text, read_log

#: The simulator's flags of every variant: basic, pro, each expansion and both.
VARIANTS = [frozenset(), frozenset({"pro"}), frozenset({"gifts"}), frozenset({"pro", "gifts"}),
            frozenset({"genie"}), frozenset({"genie", "gifts"})]


@cache
def _board() -> Board:
    board = load_board(None, "asara")
    assert isinstance(board, Board)
    return board


# --- how an event stands in the list (the tests' oracle, apart from the listing) ---------

_COLOUR_ORDER = tuple(Colour)


def listed_form(board: Board, state: GameState, turn: ev.Turn) -> ev.Turn | str:
    """How ``turn`` stands in the list: its :func:`canonical` event on the first of alike
    free spaces (alike but for their gifts: the first without a gift is listed, and each
    with one), or the placeholder move's words (``moves.unread``)."""
    kind = kind_of(turn.action)
    space = turn.placement.space
    if not kind.needs_space and space is not None:
        area = kind.area(board, turn.action).key
        alike = [s for s in state.free_spaces(board, area) or ()
                 if not state.gifts_at(area, s)]
        if space in alike and space != alike[0]:
            turn = ev.Turn(ev.Placement(turn.placement.player, turn.placement.buyer, alike[0]),
                           turn.action, turn.gifts)
    turn = _secret(turn)
    if unread(board, state, turn) is not None:
        return turn_words(turn, PLACEHOLDER)
    return canonical(turn)


def _secret(turn: ev.Turn) -> ev.Turn:
    """``turn`` with the colours of the lighted windows it keeps left secret (bought at the
    House or by a gift): as the list names it, its note saying they may be named (R3.7)."""
    action = turn.action
    gifts = tuple(ev.GiftUse(u.gift, taken=u.taken) if u.gift.kind == ev.GiftKind.LIGHTED else u
                  for u in turn.gifts)
    if isinstance(action, ev.Genie) and isinstance(action.move, ev.Lighted):
        action = ev.Genie(ev.Lighted(action.move.pay), action.space)
    elif isinstance(action, ev.Lighted):
        action = ev.Lighted(action.pay)
    return ev.Turn(turn.placement, action, gifts)


def canonical(turn: ev.Turn) -> ev.Turn:
    """``turn`` with its build's parts and windows, and the windows kept, in one order: moves
    that differ only in the order of their words compare equal."""
    action = turn.action
    if isinstance(action, ev.Genie) and action.move is not None:
        return ev.Turn(turn.placement, ev.Genie(_ordered(action.move), action.space), turn.gifts)
    return ev.Turn(turn.placement, _ordered(action), turn.gifts)


def _ordered(action: Any) -> Any:
    if isinstance(action, ev.Build):
        return _sorted(action)
    if isinstance(action, ev.Lighted):
        return ev.Lighted(action.pay, tuple(sorted(action.kept, key=_COLOUR_ORDER.index)))
    return action


def _sorted(build: ev.Build) -> ev.Build:
    def parts(ps: Sequence[object]) -> tuple[Any, ...]:
        return tuple(sorted(ps, key=str))

    return ev.Build(
        tuple(sorted((ev.NewTower(t.colour, parts(t.parts)) for t in build.new),
                     key=lambda t: (_COLOUR_ORDER.index(t.colour), str(t.parts)))),
        tuple(sorted((ev.Addition(a.colour, a.tower, parts(a.parts)) for a in build.add),
                     key=lambda a: (str(a.colour), a.tower))),
        tuple(sorted(build.lighted, key=lambda w: (str(w.colour), w.tower, w.on_gold))))


def legal_moves(board: Board, state: GameState) -> tuple[LegalMove[Event], ...]:
    return tuple(Listing(board, state))


def _games(flags: frozenset[str], seeds: range
           ) -> Iterator[tuple[object, list[object], GameState, object]]:
    """(setup, the events before, the position, the event played there) of simulated
    games, every player count in turn."""
    g = game("asara")
    board = _board()
    rules = g.recording()
    for seed in seeds:
        setup, events = g.simulate(board, seed, 2 + seed % 3, flags, SIM_NAMES)
        state = rules.position(g.replay(board, setup, ()))
        for i, event in enumerate(events):
            assert isinstance(state, GameState)
            yield setup, list(events[:i]), state, event
            state = rules.after(rules.apply(board, state, event))


def _uses(board: Board, state: GameState, area: str, space: int | None
          ) -> Iterator[tuple[GiftUse, ...]]:
    """Every resolution of the gifts on a space one could write, legal or not (the
    referee decides): written here apart from the sampler's."""
    ways = []
    for gift in state.gifts_at(area, space) if space is not None else ():
        if gift.kind == GiftKind.BUYER:
            ways.append([GiftUse(gift), GiftUse(gift, taken=False),
                         *(GiftUse(gift, buyer=b) for b in (*state.labels, "blue", "grey"))])
        elif gift.kind == GiftKind.BUY and gift.section is not None:
            ways.append([GiftUse(gift), *(GiftUse(gift, colour=c, gold=g)
                                          for c in Colour for g in (False, True))])
        elif gift.kind == GiftKind.LIGHTED:
            ways.append([GiftUse(gift), GiftUse(gift, taken=False),
                         *(GiftUse(gift, colour=c) for c in Colour)])
        else:
            ways.append([GiftUse(gift)])
    return itertools.product(*ways)


def _instead(board: Board, state: GameState, turn: Turn) -> Iterator[Turn]:
    """Moves a player could make instead of ``turn``: the same action on every space of
    its area with every resolution of the gifts there; any colours of lighted windows
    kept, in any order; the genie's visit without a wish, and its wish of the coloured
    building."""
    p = turn.placement
    action = turn.action
    kind = kind_of(action)
    if not kind.needs_space and p.space is not None:
        area = kind.area(board, action).key
        for space in board.area(area).spaces or ():
            for uses in _uses(board, state, area, space):
                yield Turn(Placement(p.player, p.buyer, space), action, uses)
    if isinstance(action, Lighted):
        for kept in [(), *((c,) for c in Colour), *itertools.permutations(Colour, 2),
                     (Colour.RED, Colour.RED)]:
            yield Turn(p, Lighted(action.pay, kept), turn.gifts)
    if isinstance(action, Genie):
        yield Turn(p, Genie(None), turn.gifts)
        yield Turn(p, Genie(Coloured()), turn.gifts)


def _listed(board: Board, state: GameState) -> set[object]:
    return {canonical(m.event) if isinstance(m.event, Turn) else m.words
            for m in legal_moves(board, state)}


def _is_listed(board: Board, state: GameState, turn: Turn) -> bool:
    """Whether ``turn`` is listed, as the list names it (``listed_form``): asked for by its
    words (the listed moves that begin with them), not looked for among every move."""
    form = listed_form(board, state, turn)
    words = form if isinstance(form, str) else turn_words(form)
    typed = [w for w in shlex.split(words) if w != PLACEHOLDER]
    if typed[0] == "build":  # its parts listed in one order, maybe not this one: the space's
        typed = typed[:2]
    return form in {canonical(m.event) if isinstance(m.event, Turn) else m.words
                    for m in game("asara").legal_moves(board, state, typed)}


def _completeness(flags: frozenset[str], seeds: range, every: int, stride: int
                  ) -> tuple[int, int]:
    """The moves played (at every ``every``-th event) and the moves playable instead (at
    every ``stride``-th event) found listed."""
    board = _board()
    played = other = 0
    for _setup, before, state, event in _games(flags, seeds):
        if not isinstance(event, Turn) or len(before) % every:
            continue
        assert _is_listed(board, state, event), (sorted(flags), len(before), event)
        played += 1
        if len(before) % stride:
            continue
        for turn in dict.fromkeys(_instead(board, state, event)):
            if errors(check(board, state, turn)):
                continue
            assert _is_listed(board, state, turn), (sorted(flags), len(before), turn)
            other += 1
    return played, other


@pytest.mark.parametrize("flags", VARIANTS, ids=lambda f: "+".join(sorted(f)) or "basic")
def test_every_move_played_or_playable_instead_is_listed(flags: frozenset[str]) -> None:
    light = not flags or flags == {"pro"}  # few moves a position: every one
    played, other = _completeness(flags, range(1), *((1, 2) if light else (3, 9)))
    assert played > 15 and other > 5, (played, other)


@pytest.mark.slow
@pytest.mark.parametrize("flags", VARIANTS, ids=lambda f: "+".join(sorted(f)) or "basic")
def test_every_move_played_or_playable_instead_is_listed_in_many_games(
        flags: frozenset[str]) -> None:
    _completeness(flags, range(1, 13), 1, 1)


def test_the_move_classes_once_missed_are_listed() -> None:
    """In a pro position with the genie: lighted windows for 10 with two colours kept, one,
    or none named are listed as the one secret move (its note says how to name them), for
    every colour, not one chosen by turns; the genie's visit without a wish and its wish of
    the coloured building are listed."""
    board = _board()
    _setup, _before, state, _event = next(
        p for p in _games(frozenset({"genie"}), range(3))
        if p[2].turn is not None and p[2].players[p[2].turn].money >= 10
        and p[2].lighted_stack >= 2 and p[2].free_spaces(board, "genie")
        and p[2].free_spaces(board, "lighted") is None)
    moves = legal_moves(board, state)
    listed = _listed(board, state)
    ten = next(m for m in moves if isinstance(m.event, Turn) and m.event.action == Lighted(10))
    assert "--keep COLOUR" in ten.note and "R3.7" in ten.note
    assert isinstance(ten.event, Turn)
    p = ten.event.placement
    for kept in [(), *((c,) for c in Colour), *itertools.permutations(Colour, 2)]:
        turn = Turn(p, Lighted(10, kept))
        assert not errors(check(board, state, turn)) and listed_form(board, state, turn) in (
            listed), kept
    genie = [m.words for m in moves if m.group in ("genie", "genie: coloured")]
    assert any(w.startswith("genie ") for w in genie) and any(
        w.startswith("coloured ") and "--genie" in w for w in genie), genie


def test_a_number_the_board_does_not_know_is_listed_as_n_with_a_note(tmp_path: Path) -> None:
    """The standard board knows bank space 1 (12), not spaces 2-4, nor the tent's costs:
    those moves are listed once each with N and a note, never with a number; once the log
    has shown what space 2 pays, it is listed with that number."""
    board = _board()
    assert board.bank_values[0] == 12 and board.bank_values[1] is None  # `asara board`
    setup, before, state, _event = next(p for p in _games(frozenset({"pro"}), range(1))
                                        if p[2].turn is not None)
    moves = legal_moves(board, state)
    banks = [m for m in moves if m.group == "bank"]
    buyer = shlex.split(banks[0].words)[-1]
    said = [m.words for m in banks if m.words.endswith(f"-c {buyer}")]
    assert said == [f"bank 12 --space 1 -c {buyer}", f"bank N --space 2 -c {buyer}",
                    f"bank N --space 3 -c {buyer}", f"bank N --space 4 -c {buyer}"]
    unknown = [m for m in banks if " N " in m.words]
    assert all(m.event is None for m in unknown), unknown
    notes = {n for m in unknown for n in m.note.split("\n") if "bank" in n}
    assert notes == {  # one note for spaces 2 to 4: the move names which
        "N: the Asari printed on the bank space the move names (the board profile does not "
        "know them: read them off the board; left out, they are asked for)"}, notes
    # typed without N, the one-shot command asks for it and records nothing (the session
    # asks the mover: commands.py)
    path = tmp_path / "game.toml"
    path.write_text(log_to_text(LogHeader(setup, game="asara"), before), "utf-8")
    result = CliRunner().invoke(app, ["bank", "--space", "2", "-c", buyer, "--log", str(path)])
    assert result.exit_code == 2, result.output
    assert "does not know what bank space 2 pays" in result.output
    assert len(read_log(path).events) == len(before)
    recruits = [m for m in moves if m.group == "recruit"]
    assert recruits and all(shlex.split(m.words)[1] == PLACEHOLDER and m.event is None
                            and "tent" in m.note for m in recruits)
    assert not any(m.words.startswith(("bank 6", "bank 8", "bank 10", "recruit 1"))
                   for m in moves)
    # the log has shown bank space 2 to pay 6 (at event 3; the space is free again)
    shown = msgspec.structs.replace(state, bank_seen=((2, 6, 3),))
    again = [m.words for m in legal_moves(board, shown) if m.words.startswith("bank")]
    assert f"bank 6 --space 2 -c {buyer}" in again and not any(
        w.startswith("bank N --space 2") for w in again), again


def test_the_placeholder_is_no_word_to_complete() -> None:
    """Completion after ``bank`` offers ``--space`` (the amount left out is asked), never
    ``N``; the moves that begin ``bank --space 2`` are the placeholder ones."""
    g = game("asara")
    board = _board()
    _setup, _before, state, _event = next(p for p in _games(frozenset(), range(1))
                                          if p[2].turn is not None)
    assert "N" not in g.next_words(board, state, ["bank"])
    assert "--space" in g.next_words(board, state, ["bank"])
    begun = list(g.legal_moves(board, state, ["bank", "--space", "2"]))
    assert begun and all(m.event is None for m in begun)


# --- the words read back -------------------------------------------------------------------


def _recorded(path: Path, text: str, words: list[str], german: bool, session: bool = False
              ) -> object:
    """The event the words record typed as the one-shot command into the log ``text``
    (German: the command's German word; ``session``: typed at the table instead), or what
    was said when nothing was recorded."""
    path.write_text(text, "utf-8")
    if session:
        from asara_cli.cli.session import Session

        table = Session(path)
        table.line(shlex.join(words))
        event: object = read_log(path).events[-1]
        return event if len(read_log(path).events) > text.count("[[event]]") else "refused"
    if german:
        language.use("de")
        try:
            words = [commandwords.local(words[0]), *words[1:]]
        finally:
            language.use("en")
        assert words[0] != "buy" or words[0] == "kaufen"
    result = CliRunner().invoke(app, [*words, "--log", str(path)])
    log = read_log(path)
    if result.exit_code != 0:
        return result.output
    last: object = log.events[-1]
    return last


def _round_trips(tmp_path: Path, flags: frozenset[str], every: int, most: int) -> int:
    board = _board()
    path = tmp_path / "game.toml"
    tried = 0
    for setup, before, state, _event in _games(flags, range(1)):
        if len(before) % every or state.turn is None:
            continue
        moves = legal_moves(board, state)
        if not moves:
            continue
        text = log_to_text(LogHeader(setup, game="asara"), before)
        step = max(1, len(moves) // most)
        for m in moves[::step]:
            words = shlex.split(m.words)
            if m.event is None:  # N: the number read off the board, typed
                words = [w if w != PLACEHOLDER else "1" for w in words]
            got = _recorded(path, text, words, german=tried % 3 == 1, session=tried % 3 == 2)
            assert isinstance(got, Turn), (m.words, got)
            if m.event is None:
                action = got.carried_out
                assert isinstance(action, (Bank, Recruit)), got
                assert (action.amount if isinstance(action, Bank) else action.cost) == 1
                assert turn_words(got, PLACEHOLDER) == m.words
            else:
                assert isinstance(m.event, Turn)
                assert canonical(got) == canonical(m.event), (m.words, got, m.event)
            tried += 1
    return tried


@pytest.mark.parametrize("flags", [frozenset({"genie", "gifts"}), frozenset()],
                         ids=["genie+gifts", "basic"])
def test_the_words_of_listed_moves_record_the_listed_event(
        tmp_path: Path, flags: frozenset[str]) -> None:
    assert _round_trips(tmp_path, flags, every=15, most=4) > 10


def test_the_listing_checks_a_turn_with_gifts_as_the_referee_does() -> None:
    """The listing checks an action once per way the gifts claimed leave the table, not once
    per claim (``moves.py``: ``_Checker``): over the candidate turns that claim gifts in
    games with gifts, it passes exactly the turns the referee's check passes."""
    from asara_cli.games.asara.moves import COLOURS, _Checker
    from asara_cli.games.asara.rules.sampler import candidate_moves
    from asara_cli.games.asara.rules.table import thaw

    board = _board()
    compared = refused = 0
    for flags in (frozenset({"pro", "gifts"}), frozenset({"genie", "gifts"})):
        for _setup, _before, state, _event in _games(flags, range(1)):
            if state.turn is None or not state.gifts:
                continue
            table = thaw(state)
            legal = _Checker(board, table)
            turns = [t for t in candidate_moves(board, state, state.setup.buyers or COLOURS,
                                               every=True) if t.gifts]
            for turn in turns[:: max(1, len(turns) // 8)]:
                expected = not errors(check(board, table, turn))
                assert legal(turn) == expected, turn
                compared += 1
                refused += not expected
    assert compared > 300 and refused > 20, (compared, refused)


def test_the_groups_are_counted_as_walked_and_the_moves_made_as_asked() -> None:
    """The grouped listing's counts, first moves and notes (counted: ``Listing.groups``) are
    those of the moves walked one by one; the first move comes before every group is
    checked (``--all`` streams)."""
    from asara_cli.games.asara.moves import moves_note
    from asara_cli.games.base import move_groups

    board = _board()
    seen = 0
    for flags in (frozenset({"pro", "gifts"}), frozenset({"genie", "gifts"})):
        for _setup, before, state, _event in _games(flags, range(1)):
            if len(before) % 9 or moves_note(board, state) is not None:
                continue
            listing = Listing(board, state)
            assert next(iter(listing), None) is not None
            groups = listing._groups
            assert len(groups) > 3 and listing._turns.cache_info().currsize < len(groups)
            assert list(listing.groups(4)) == list(move_groups(tuple(listing), 4))
            seen += 1
    assert seen > 10, seen


def test_the_next_words_are_those_of_the_moves_listed() -> None:
    """Completion's next words (a move checked only where its next word is new) are, in
    order, the words after the prefix in the moves listed, as typed (no placeholder),
    after prefixes of every group's first move cut at each length."""
    from asara_cli.games.asara.moves import next_words

    board = _board()
    asked = 0
    for flags in (frozenset({"pro", "gifts"}), frozenset({"genie", "gifts"})):
        for _setup, before, state, _event in _games(flags, range(1)):
            if len(before) % 29 or state.turn is None:
                continue
            moves = legal_moves(board, state)
            typed = [[w for w in shlex.split(m.words) if m.event or w != PLACEHOLDER]
                     for m in moves]
            firsts = [t for t, m, last in zip(typed, moves, (None, *moves), strict=False)
                      if last is None or last.group != m.group]
            prefixes = {(): None} | {tuple(t[:n]): None for t in firsts for n in (1, 3, 6)}
            for prefix in prefixes:
                n = len(prefix)
                expected = list(dict.fromkeys(t[n] for t in typed
                                              if len(t) > n and tuple(t[:n]) == prefix))
                assert next_words(board, state, list(prefix)) == expected, prefix
                asked += 1
    assert asked > 40, asked


def test_the_brief_listings_example_of_a_market_buys_a_tile(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The session's brief ``moves`` shows each group by one example: of a market, a move
    that buys a tile, not the buy of nothing the group lists first (R3.1 warns of it); the
    grouped listing keeps its order."""
    from asara_cli.cli.session import Session

    log = read_log(Path(__file__).parent.parent / "sample_games" / "basic-gifts.toml")
    path = tmp_path / "game.toml"
    path.write_text(log_to_text(log.header, log.events[:3]), "utf-8")
    session = Session(path)
    capsys.readouterr()
    assert session.line("moves") == 0
    examples = dict(line.split(", e.g. ") for line in capsys.readouterr().out.splitlines()
                    if ", e.g. " in line)
    markets = {group.split(" (")[0]: example.split() for group, example in examples.items()
               if group.startswith("buy ")}
    assert sorted(markets) == ["buy base", "buy trunk", "buy turret", "buy window"]
    for group, words in markets.items():
        assert words[:2] == group.split() and words[2] in {str(c) for c in Colour}, words
    grouped = CliRunner().invoke(app, ["moves", str(path)]).stdout
    assert "buy trunk (308)\n  buy trunk --space 2 -c blue\n" in grouped, grouped
