"""The table session in German (issue 31): ASARA's questions asked in German, German answers
and command words read, the log written in its English words. Through a real terminal
(pexpect, 80x40); every wait is on what the session prints."""

from __future__ import annotations

import sys
from pathlib import Path

import pexpect

from asara_cli.games.asara.rules.events import Bank, GiftsDealt, Recruit, Turn
from asara_cli.logfile.game import read_log

sys.path.insert(0, str(Path(__file__).resolve().parent))
from terminal import asara as _asara
from terminal import prompt as _prompt
from terminal import spawn
from test_play_asks import _question


def test_asara_asks_the_amount_and_the_buyer_in_german(tmp_path: Path) -> None:
    made = _asara(tmp_path, "new", "p.toml", "-p", "Tina", "-p", "Paul", "-p", "Ann",
                  "--pro", "--no-use")
    assert made.returncode == 0, made.stderr
    child = spawn(tmp_path, "--lang", "de", "play", "p.toml")
    try:
        _prompt(child, "Tina")
        child.sendline("bank")
        _question(child, r"Tina, wie viel nimmst du an der Bank \(Wert auf dem Feld\)\? "
                  r"\(etwa 12\)")
        child.sendline("viel")
        child.expect(r"mit einer Zahl Asari antworten \(etwa 12\), nicht 'viel'")
        child.expect("wie viel nimmst du an der Bank")
        child.sendline("12")
        child.expect(r"Tina, welchen Einkäufer legst du: seine Farbe \(offen\) oder paar\?")
        child.sendline("rot")  # a German colour word: the log writes red
        child.expect(r"Ereignis #1")
        _prompt(child, "Paul")
        child.sendline("recruit")  # the session reads the English command word
        child.expect(r"Paul, wie viel zahlst du am Zelt \(Kosten auf dem Feld\)\?")
        child.sendline("2")
        child.expect("welchen Einkäufer legst du")
        child.sendline("paar")
        child.expect(r"Ereignis #2")
        _prompt(child, "Ann")
        child.sendline("quit")  # the session reads its English words
        child.expect(pexpect.EOF)
    finally:
        child.terminate(force=True)
    events = read_log(tmp_path / "p.toml").events
    assert len(events) == 2
    first, second = events
    assert isinstance(first, Turn) and isinstance(second, Turn)
    assert (first.placement.player, first.placement.buyer, first.action) == (
        "Tina", "red", Bank(12))
    assert (second.placement.player, second.placement.buyer, second.action) == (
        "Paul", "pair", Recruit(2))
    assert "pair" in (tmp_path / "p.toml").read_text(encoding="utf-8")  # the log's word


def test_the_caliphs_gifts_are_asked_and_answered_in_german(tmp_path: Path) -> None:
    made = _asara(tmp_path, "new", "g.toml", "-p", "Tina", "-p", "Paul", "-p", "Ann",
                  "--gifts", "--no-use")
    assert made.returncode == 0, made.stderr
    child = spawn(tmp_path, "--lang", "de", "play", "g.toml")
    try:
        _prompt(child, "Tina")
        child.sendline("buy basis schwarz -c blue -s 2")  # the session: English commands
        _question(child, r"Geschenke des Kalifen für Jahr 1 verteilen: welches")
        child.sendline("Basis 1 Einkäufer Mittelteil 2 prestige Fenster 3 asari 6 "
                       "Spitze 4 kauf Basis Basis 3 prestige")
        child.expect(r"Geschenke verteilt: Basis 1: Einkäufer; Mittelteil 2: Prestige; "
                     r"Fenster 3: 6\s+Asari;")  # wrapped at 80 columns
        child.expect(r"Ereignis #2")
        _prompt(child, "Paul")
        child.sendline("quit")  # the session reads its English words
        child.expect(pexpect.EOF)
    finally:
        child.terminate(force=True)
    events = read_log(tmp_path / "g.toml").events
    assert len(events) == 2
    deal, move = events
    assert isinstance(deal, GiftsDealt) and isinstance(move, Turn)
    assert [(a, s, str(g)) for a, s, g in deal.gifts] == [
        ("base", 1, "buyer"), ("trunk", 2, "prestige"), ("window", 3, "asari 6"),
        ("turret", 4, "buy base"), ("base", 3, "prestige")]
