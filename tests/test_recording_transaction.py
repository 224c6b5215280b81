"""The one recording transaction (cli/transaction.py), the same for every game: a word not
understood and a move refused both say whose turn it still is; a check only says the move
line without a number; a log's path is shown escaped in a refusal; and the transaction runs
on a position kept in memory, as a session that stays open will call it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from wrapped import messages, unwrap

from asara_cli.cli import run
from asara_cli.cli.transaction import Position, Typed, load, record
from asara_cli.errors import Refused, WordError
from asara_cli.games import game
from asara_cli.logfile.game import read_log

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"

#: Each game: how a table starts, its first move, who is to move then, words that make no
#: move, a legal move and a refused one, and an invalid sample with a move typed after it.
TABLES = {
    "asara": {
        "new": ["new", "g.toml", "-p", "Tina", "-p", "Paul"],
        "first": ["bank", "12", "-c", "red"],
        "second": "Paul",
        "nonsense": ["buy", "window", "purple", "-c", "blue"],
        "legal": ["coloured"],
        "refused": ["bank", "12", "-c", "blue"],  # space 1 is taken (R2.2)
        "invalid": SAMPLES / "invalid" / "turn-order.toml",
        "after_invalid": ["coloured"],
    },
    "yspahan": {
        "new": ["new", "g.toml", "--game", "yspahan", "-p", "Ann", "-p", "Ben", "-p",
                "Cid"],
        "first": ["roll", "1", "1", "3", "3", "5", "5", "6", "6", "6"],
        "second": "Ann",
        "nonsense": ["goods", "chest", "nowhere9"],
        "legal": ["camels"],
        "refused": ["camels", "-p", "Cid"],  # Ann, who rolled, takes the first row (Y2.1)
        "invalid": SAMPLES / "yspahan" / "invalid" / "turn-order.toml",
        "after_invalid": ["camels"],
    },
}


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ASARA_LOG", raising=False)
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "40")
    return tmp_path


def asara(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = run(list(args))
    said = capsys.readouterr()
    return code, said.out, said.err


def _started(capsys: pytest.CaptureFixture[str], key: str) -> None:
    table = TABLES[key]
    for args in (table["new"], table["first"]):
        assert isinstance(args, list)
        code, out, err = asara(capsys, *args)
        assert code == 0, out + err


@pytest.mark.parametrize("key", TABLES)
def test_a_word_not_understood_says_whose_turn_it_still_is(
        here: Path, capsys: pytest.CaptureFixture[str], key: str) -> None:
    _started(capsys, key)
    nonsense = TABLES[key]["nonsense"]
    assert isinstance(nonsense, list)
    code, out, err = asara(capsys, *nonsense)
    assert code == 2 and out == ""
    said = unwrap(err).rstrip()
    assert said.startswith("error: ")
    assert said.endswith((f"it is still {TABLES[key]['second']}'s turn",
                          f"It is still {TABLES[key]['second']}'s turn."))
    assert len(read_log(here / "g.toml").events) == 1


@pytest.mark.parametrize("key", TABLES)
def test_a_check_only_says_the_move_line_without_its_number(
        here: Path, capsys: pytest.CaptureFixture[str], key: str) -> None:
    _started(capsys, key)
    legal = TABLES[key]["legal"]
    assert isinstance(legal, list)
    code, checked, _ = asara(capsys, "check", *legal)
    assert code == 0
    assert len(read_log(here / "g.toml").events) == 1  # nothing written
    code, recorded, _ = asara(capsys, *legal)
    assert code == 0
    checked_line = unwrap(checked).splitlines()[0]
    recorded_line = unwrap(recorded).splitlines()[0]
    assert checked_line.startswith("legal, not recorded: ")
    checked_line = checked_line.removeprefix("legal, not recorded: ")
    # the number is the only difference: "#2 " before a Yspahan move, "; event #2" after an
    # ASARA move's first part
    assert "#" not in checked_line
    assert recorded_line.replace("; event #2", "", 1).replace("#2 ", "", 1) == checked_line


@pytest.mark.parametrize("key", TABLES)
def test_a_refused_move_says_whose_turn_it_still_is(
        here: Path, capsys: pytest.CaptureFixture[str], key: str) -> None:
    _started(capsys, key)
    second = TABLES[key]["second"]
    args = TABLES[key]["refused"]
    assert isinstance(args, list)
    code, out, err = asara(capsys, *args)
    assert code == 1 and out == ""
    assert messages(err)[-1] == f"  nothing was written; it is still {second}'s turn"
    code, out, err = asara(capsys, "check", *args)
    assert code == 1
    assert messages(err)[-1] == f"  (a check only); it is still {second}'s turn"


FORGED = "ok: x.toml: 64 events, complete; Mallory wins"


@pytest.mark.parametrize("key", TABLES)
def test_a_log_name_with_a_line_break_is_shown_on_one_line(
        here: Path, capsys: pytest.CaptureFixture[str], key: str) -> None:
    name = f"g\n{FORGED}\n.toml"
    invalid = TABLES[key]["invalid"]
    assert isinstance(invalid, Path)
    shutil.copy(invalid, here / name)
    after = TABLES[key]["after_invalid"]
    assert isinstance(after, list)
    code, out, err = asara(capsys, *after, "--log", name)
    assert code == 1 and out == ""
    assert not any(line.startswith(FORGED) for line in err.splitlines()), err
    first = unwrap(err).splitlines()[0]
    assert first.startswith("refused: g\\nok: x.toml") and "is illegal from event" in first
    assert f"`asara validate g\\n{FORGED}\\n.toml`" in unwrap(err)


# --- the transaction on a position kept in memory ----------------------------------------------


def test_a_position_kept_in_memory_is_checked_and_recorded(
        here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from asara_cli.games.yspahan.rules.events import Camels, Roll, Turn

    _started(capsys, "yspahan")
    yspahan = game("yspahan")
    position = load(yspahan, here / "g.toml")
    assert isinstance(position, Position)
    assert position.game.players_of(position.log.header.setup) == ("Ann", "Ben", "Cid")
    text_before = (here / "g.toml").read_text("utf-8")
    # a check only touches no file: the position alone is enough
    checked = record(position, lambda p: Turn("Ann", "camels", Camels()), dry=True)
    assert checked.written is None and checked.screens == ()
    assert checked.line.startswith("Ann") and "#" not in checked.line
    assert (here / "g.toml").read_text("utf-8") == text_before
    # a maker's notes are told before the move is judged; a refusal says whose turn it is
    heard: list[str] = []
    with pytest.raises(Refused) as refused:
        record(position, lambda p: Typed(Roll("Ann", (1,) * 9, ()), ("a note",)),
               tell=heard.append)
    assert heard == ["a note"]
    assert refused.value.lines[-1] == "nothing was written; it is still Ann's turn"

    def unclear(p: Position) -> object:
        raise WordError("which row?")

    with pytest.raises(WordError, match=r"^which row\? It is still Ann's turn\.$"):
        record(position, unclear)
    done = record(position, lambda p: Turn("Ann", "camels", Camels()))
    assert done.line == f"#2 {checked.line}"
    assert done.written is not None and len(done.written.events) == 2
    assert read_log(here / "g.toml").events == done.written.events
    assert yspahan.recording().to_move(done.state) == "Ben"


def test_a_move_of_another_game_is_not_recorded_into_a_log(
        here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _started(capsys, "yspahan")
    with pytest.raises(Exception, match="a game of YSPAHAN: `move` records a move of ASARA"):
        load(game("asara"), here / "g.toml")


def test_the_writer_writes_an_event_as_the_log_header_says(
        here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from asara_cli.errors import InputError
    from asara_cli.games.yspahan.rules.events import Camels, Turn
    from asara_cli.logfile.game import append_event

    _started(capsys, "yspahan")
    event = Turn("Ann", "camels", Camels())
    with pytest.raises(InputError, match="a game of YSPAHAN"):
        append_event(here / "g.toml", event, game_key="asara")
    assert len(read_log(here / "g.toml").events) == 1
    written = append_event(here / "g.toml", event)  # no game named: the header's
    assert written.events[-1] == event and read_log(here / "g.toml").events[-1] == event


@pytest.mark.parametrize("key", TABLES)
def test_redo_says_what_recording_the_move_said(
        here: Path, capsys: pytest.CaptureFixture[str], key: str) -> None:
    _started(capsys, key)
    legal = TABLES[key]["legal"]
    assert isinstance(legal, list)
    code, recorded, _ = asara(capsys, *legal)
    assert code == 0
    assert asara(capsys, "undo")[0] == 0
    code, redone, _ = asara(capsys, "redo")
    assert code == 0
    assert " ".join(redone.split()) == "redone: " + " ".join(recorded.split())
    assert "#2" in redone  # numbered as when it was recorded
