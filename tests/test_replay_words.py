"""A replay makes no words (issue 38): the referees keep the facts of a ledger line, a payment
or a note, and the words are made when shown, in the language in use then. So a replay does
no translation work, and a German replay is the English one."""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from pathlib import Path

import pytest

from asara_cli import language
from asara_cli.core import i18n
from asara_cli.logfile.game import load_log_board, read_log

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"


class Counted(gettext.NullTranslations):
    """English, counting every message asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[str] = []

    def gettext(self, message: str) -> str:
        self.asked.append(message)
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.asked.append(msgid1)
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        self.asked.append(message)
        return message

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        self.asked.append(msgid1)
        return msgid1 if n == 1 else msgid2


@pytest.fixture
def english() -> Iterator[None]:
    yield
    language.use("en")


@pytest.mark.parametrize("name", ["four-player-pro.toml", "pro-gifts-genie.toml",
                                  "yspahan/yspahan-4p.toml"])
def test_a_replay_asks_for_no_message(name: str, english: None) -> None:
    log = read_log(SAMPLES / name)  # the reader's words are the reader's (not counted)
    rules = log.header.rules
    board = load_log_board(log)
    counted = Counted()
    i18n.install(counted, "xx")  # a language of its own: no word cached for English serves it
    outcome = rules.replay(board, log.header.setup, log.events)
    assert counted.asked == []
    # the words are there when asked for, made then
    lines = rules.ledger(outcome)
    assert lines and all(line.explanation for line in lines)
    assert counted.asked != []
