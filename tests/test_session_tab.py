"""Tab in ``asara play``: where the position is known, a move's words are the legal moves'
(a command or value none of them takes would be refused), then what the legal moves never
list (options, facts, the session's own words). Positions read by hand from ``status``."""

from __future__ import annotations

from pathlib import Path

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from asara_cli.cli.session import Session
from asara_cli.cli.table import TableCompleter

TESTS = Path(__file__).parent
#: Week 3, day 5, Sim-Bo to move; the camels and vase rows hold no die; bag4 is Sim-Ada's,
#: bag3 Sim-Bo's, bag6 and bag8 empty.
HEAVY = TESTS / "yspahan" / "positions" / "heavy-secret-caravanserai.toml"


def _tab(log: Path, line: str) -> list[str]:
    completer = TableCompleter(Session(log))
    return [c.text for c in completer.get_completions(Document(line), CompleteEvent())]


def test_the_first_word_is_a_legal_move_a_fact_or_the_sessions_own() -> None:
    offered = _tab(HEAVY, "")
    assert offered[:4] == ["goods", "supervisor", "draw", "gold"]  # the legal moves first
    assert {"roll", "checkpoint", "undo", "help", "quit"} <= set(offered)
    assert "camels" not in offered  # its row holds no die (Y2.5)
    assert "new" not in offered  # typed outside the session
    assert "camels" in _tab(HEAVY, "help ")  # help is asked of any command


@pytest.mark.parametrize(("line", "expected"), [
    ("goods bag ", ["bag3", "bag6", "bag8"]),  # not bag4 (Sim-Ada's), no other quarter's
    ("supervisor ", ["bag", "barrel", "chest", "gold"]),  # not the empty camels and vase
    ("check goods ", ["bag", "barrel", "chest"]),
    ("goods -p Sim-Bo bag ", ["bag3", "bag6", "bag8"]),  # the mover named
    # a card's words in one argument, quoted, found by the letters typed, the quote too
    # (Sim-Bo's shops as after `goods bag bag3 `)
    ("gold --play 'souk bag", ["'souk bag3 W3'", "'souk bag3 S1'"]),
    ("gold --play goldv", ["'goldvp 1'", "'goldvp 2'", "'goldvp 3'", "'goldvp 4'"]),
    ('gold --play "souk bag', ['"souk bag3 W3"', '"souk bag3 S1"']),
    ("goods 'ba", ["'bag'", "'barrel'"]),
])
def test_a_moves_values_are_the_legal_moves(line: str, expected: list[str]) -> None:
    assert _tab(HEAVY, line) == expected


def test_what_the_legal_moves_never_list_is_the_commands_own() -> None:
    assert _tab(HEAVY, "gold --build ") == [
        "pasture", "shop", "bath", "caravanserai", "market", "hoist"]
    assert {"--play", "--discard", "--build", "--after", "--last"} <= set(
        _tab(HEAVY, "goods bag -"))


def test_without_a_position_every_command_is_offered(tmp_path: Path) -> None:
    log = tmp_path / "game.toml"
    text = HEAVY.read_text(encoding="utf-8")
    log.write_text(text, encoding="utf-8")
    session = Session(log)
    # the log made illegal on disk (a row of no die taken): read again, it has no position
    log.write_text(text + '\n[[event]]\ntype = "turn"\nplayer = "Sim-Bo"\nrow = "camels"\n',
                   encoding="utf-8")
    session.notice()
    assert session.position is None and session.problem is not None
    completer = TableCompleter(session)

    def tab(line: str) -> list[str]:
        return [c.text for c in completer.get_completions(Document(line), CompleteEvent())]

    assert {"camels", "goods", "roll"} <= set(tab("")) and "new" not in tab("")
    assert {"bag4", "vase12"} <= set(tab("goods bag "))


def test_at_a_german_table_the_same_words_in_german(german: None) -> None:
    offered = _tab(HEAVY, "")
    assert offered[:4] == ["beliefern", "aufseher", "ziehen", "gold"]
    assert {"würfeln", "kontrollpunkt", "rückgängig"} <= set(offered)
    assert not {"kamele", "neu", "camels", "new", "goods"} & set(offered)
    assert _tab(HEAVY, "beliefern Sack ") == ["Sack3", "Sack6", "Sack8"]
