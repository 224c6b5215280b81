"""A recorded move reads and parses its log once (issue 22): the appended event alone is
parsed against the log read under the lock, and gives the same log as parsing the whole
text would (logfile/game.py, ``_appended``); where that cannot be known from the event's own
text (an ``event = [...]`` key line, a nesting that the join makes too deep), the whole text
is parsed as before."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import asara_cli.logfile.common as common
import asara_cli.logfile.game as gamelog
from asara_cli.cli import app
from asara_cli.errors import InputError
from asara_cli.games import game
from asara_cli.logfile.board import load_board
from asara_cli.logfile.common import header_lines
from asara_cli.logfile.game import (
    LogHeader,
    append_event,
    log_to_text,
    parse_log,
    peek_game,
    read_log_text,
)

runner = CliRunner()
NAMES = ("Ada", "Bo", "Cyd", "Dee")


def _simulated(key: str, seed: int, players: int) -> tuple[LogHeader, tuple[Any, ...]]:
    flags = frozenset({"pro", "gifts", "genie"}) if key == "asara" and seed % 2 else frozenset()
    setup, events = game(key).simulate(load_board(None, key), seed, players, flags, NAMES)
    return LogHeader(setup, game=key, notes="a note\nof two lines"), events


@pytest.mark.parametrize(("key", "seed", "players"),
                         [("asara", 1, 4), ("asara", 2, 2), ("yspahan", 3, 4),
                          ("yspahan", 4, 3)])
def test_appending_to_a_read_log_is_parsing_the_whole_text(tmp_path: Path, key: str,
                                                          seed: int, players: int) -> None:
    """Event by event through a whole simulated game, with notes on some: the log the
    append returns is the log the whole file reads as (events, lines, comments)."""
    header, events = _simulated(key, seed, players)
    target = tmp_path / "game.toml"
    target.write_text(log_to_text(header, ()) + "# a comment, kept\n", "utf-8")
    for i, event in enumerate(events):
        read = read_log_text(target)
        note = f"move {i}" if i % 7 == 3 else None
        got = append_event(target, event, note, key, read=read)
        whole = parse_log(target.read_text("utf-8"), str(target))
        assert got == whole
        assert got.events[-1] == event and got.comments[-1] == note
        assert len(got.events) == i + 1


SMALL_HEADER = 'format = 1\nplayers = ["Tina", "Paul"]\nstart = "Tina"\n'
A_TURN = '[[event]]\ntype = "coloured"\nplayer = "Tina"\n'


@pytest.mark.parametrize("events_key", ['event = []', '"event" = []', "'event' = []",
                                        '"\\u0065vent" = []'])
def test_an_inline_event_array_is_parsed_whole_and_refused_as_before(
        tmp_path: Path, events_key: str) -> None:
    """TOML cannot add an [[event]] table to an array a key line gave: the append must
    fail as a parse of the whole text fails, and leave the file as it was."""
    target = tmp_path / "game.toml"
    text = SMALL_HEADER + events_key + "\n"
    target.write_text(text, "utf-8")
    read = read_log_text(target)
    assert read[0].events == ()
    event = parse_log(SMALL_HEADER + A_TURN).events[0]
    with pytest.raises(InputError) as fast:
        append_event(target, event, read=read)
    with pytest.raises(InputError) as slow:
        parse_log(text + "\n" + A_TURN, str(target))
    assert str(fast.value) == str(slow.value)
    assert target.read_text("utf-8") == text


def test_a_nesting_too_deep_across_the_join_is_refused_as_before(tmp_path: Path) -> None:
    target = tmp_path / "game.toml"
    text = SMALL_HEADER + "# " + "[" * 31 + "\n"
    target.write_text(text, "utf-8")
    read = read_log_text(target)  # 31 brackets: not too deep alone
    event = parse_log(SMALL_HEADER + A_TURN).events[0]
    with pytest.raises(InputError, match="nested more than 32 levels"):
        append_event(target, event, read=read)
    assert target.read_text("utf-8") == text


def _counting(monkeypatch: pytest.MonkeyPatch, path: Path) -> tuple[list[int], list[int]]:
    """Whole reads of ``path``, and the length of every text parsed as TOML."""
    reads: list[int] = []
    parsed: list[int] = []
    read_bytes, loads = common.read_bytes, common.TOML.loads

    def counted_read(p: Any, **kw: Any) -> bytes:
        data = read_bytes(p, **kw)
        if Path(p) == path and kw.get("head") is None:
            reads.append(len(data))
        return data

    class Counted:
        @staticmethod
        def loads(text: str) -> Any:
            parsed.append(len(text))
            return loads(text)

    monkeypatch.setattr(common, "read_bytes", counted_read)
    monkeypatch.setattr(gamelog, "read_bytes", counted_read)
    monkeypatch.setattr(common, "TOML", Counted)
    return reads, parsed


@pytest.mark.parametrize("dry", [False, True])
def test_a_recorded_move_reads_and_parses_the_log_once(tmp_path: Path, dry: bool,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "game.toml"
    text = SMALL_HEADER + "\n" + A_TURN + "\n" + A_TURN.replace("Tina", "Paul")
    target.write_text(text, "utf-8")
    reads, parsed = _counting(monkeypatch, target)
    result = runner.invoke(app, ["coloured", "-l", str(target), *(["--dry-run"] if dry
                                                                   else [])])
    assert result.exit_code == 0, result.output
    assert reads == [len(text)]  # one whole read of the log
    whole = [n for n in parsed if n >= len(text)]
    assert whole == [len(text)]  # one parse of the whole log; the new event alone besides
    assert len(parsed) == (1 if dry else 2)
    after = target.read_text("utf-8")
    assert (after == text) is dry
    if not dry:
        assert after.startswith(text) and after.count("[[event]]") == 3


def test_peek_reads_only_the_head_of_a_long_log(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    header, events = _simulated("yspahan", 5, 4)
    target = tmp_path / "game.toml"
    target.write_text(log_to_text(header, events * 40), "utf-8")  # about 360 kB
    seen: list[int] = []
    read_bytes = common.read_bytes

    def counted(p: Any, **kw: Any) -> bytes:
        data = read_bytes(p, **kw)
        seen.append(len(data))
        return data

    monkeypatch.setattr(gamelog, "read_bytes", counted)
    assert target.stat().st_size > 4 * 65536
    assert peek_game(target) == "yspahan"
    assert seen and max(seen) <= 2 * 65536


def test_peek_reads_a_header_longer_than_the_head(tmp_path: Path) -> None:
    target = tmp_path / "game.toml"
    long_note = "x" * 70000
    target.write_text(f'format = 1\nnotes = "{long_note}"\n\ngame = "yspahan"\n' + A_TURN,
                      "utf-8")
    assert peek_game(target) == "yspahan"


def _anchored(text: str, header: str) -> list[int]:
    """The header lines as a pattern anchored at each line's start finds them (the reader's
    definition before issue 22: a slower scan of the same lines)."""
    pattern = re.compile(r"^[ \t]*\[\[[ \t]*" + re.escape(header) + r"[ \t]*\]\][ \t]*(#.*)?\r?$",
                         re.MULTILINE)
    return [text.count("\n", 0, m.start()) + 1 for m in pattern.finditer(text)]


_PIECES = ["[[", "]]", "event", " ", "\t", "\n", "\r", "#", "x", "[", "]", "\r\n", "= 1",
           "[[event]]", "\u2028", "\x0c", '"""']


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=40))
def test_header_lines_are_the_lines_an_anchored_pattern_finds(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert header_lines(text, "event") == _anchored(text, "event")


def test_header_lines_of_simulated_logs() -> None:
    for key, seed in (("asara", 6), ("yspahan", 7)):
        header, events = _simulated(key, seed, 4)
        text = log_to_text(header, events, [None, "a note [[event]]\n[[event]]"])
        assert header_lines(text, "event") == _anchored(text, "event")
        assert len(header_lines(text, "event")) == len(events)
