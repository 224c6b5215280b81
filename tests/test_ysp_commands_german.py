"""Yspahan's recording commands in German (issue 31) and the frictions a new user met at the
table (issue 29): a bare ``draw`` while rows hold dice asks the row (never a card that could
not make the move legal), every question fits one 80-column line with the player's name and
the answer, the toolbar's yellow dice are counted among a row's dice, not added to them, and
a count of one camel is said in the singular. Every expected text here, English and German,
was written by hand from the position and the glossary (docs/glossary.md)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pexpect
import pytest
from terminal import asara as _asara
from terminal import env as _env
from terminal import prompt as _prompt
from test_play import _two_cubes_at_s1
from test_play_asks import _DAYS, _question, _single

from asara_cli import language
from asara_cli.errors import WordError
from asara_cli.logfile.game import read_log


@pytest.fixture(scope="module")
def _made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("cards")
    made = _asara(where, "new", "y.toml", "--game", "yspahan", "-p", "Ann", "-p", "Ben",
                  "-p", "Cid", "--no-use")
    assert made.returncode == 0, made.stderr
    ran = _asara(where, "play", "y.toml", stdin=_DAYS)
    assert ran.returncode == 0, ran.stderr
    return where / "y.toml"


@pytest.fixture
def cards(_made: Path, tmp_path: Path) -> Path:
    """Week 1, day 7: Ann to move with goldvp, exchange, souk and caravan in hand; the
    rows camels 2x1, bag 2x3, barrel 2x5, gold 3x6 hold dice (tests/test_play_asks.py)."""
    log = tmp_path / "y.toml"
    shutil.copyfile(_made, log)
    return log


def _asked(log: Path, line: str, answers: list[str], monkeypatch: pytest.MonkeyPatch
           ) -> tuple[int | None, list[tuple[str, str]]]:
    """The line typed in a session whose questions are answered in turn (none left:
    Ctrl-C); the exit code and every question asked, with whom."""
    from asara_cli.cli.session import Session

    monkeypatch.chdir(log.parent)
    session = Session(log)
    asked: list[tuple[str, str]] = []
    left = iter(answers)

    def ask(who: str, question: str) -> str | None:
        asked.append((who, question))
        return next(left, None)

    session.ask = ask
    return session.line(line), asked


# --- a bare draw while rows hold dice ------------------------------------------------------


def test_a_bare_draw_with_rows_left_asks_the_row_first_then_the_card(
        cards: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from asara_cli.games.yspahan.rules.events import Draw, Turn

    # "camels" is taken by nobody yet but the answer "chest" names no row of today's roll:
    # asked again; then the card of the card action
    code, asked = _asked(cards, "draw", ["chest", "barrel", "gold3"], monkeypatch)
    assert code == 0
    assert asked == [("Ann", "which row for the card: camels, bag, barrel, gold?")] * 2 + [
        ("Ann", "which card do you draw (the card action)? (e.g. gold3)")]
    assert read_log(cards).events[-1] == Turn("Ann", "barrel", Draw("gold3"))


def test_a_bare_draw_with_rows_left_is_refused_naming_the_row_option(cards: Path) -> None:
    before = cards.read_bytes()
    for words in (["draw"], ["draw", "gold3"]):
        ran = _asara(cards.parent, *words, "--log", "y.toml")
        assert ran.returncode == 2, ran.stderr
        said = _single(ran.stderr)
        assert ("Ann must take a row of dice to draw a card: the camels, bag, barrel, gold "
                "rows are left; say which with --row, e.g. --row gold [Y2.5]") in said
        assert "which card" not in said
    assert cards.read_bytes() == before


# --- questions that fit one line -------------------------------------------------------------

_CARDS_LINE = "gold --play goldvp --after exchange --build caravanserai --last caravan --last souk"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_yspahan_question_fits_one_line_with_the_name_and_an_answer(
        cards: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    two = tmp_path / "two"
    two.mkdir()
    ordered = _two_cubes_at_s1(two)
    language.use(lang)
    try:
        asked: list[tuple[str, str]] = []
        for log, line, answers in (
                (cards, _CARDS_LINE, ["1", "1", "camels", "gold3", "bag3", "W1"]),
                (cards, "goods bag bag3 W3 bag3", ["S2"]),
                (ordered, "supervisor bag S1", ["barrel3", "yes"])):
            before = log.read_bytes()
            code, questions = _asked(log, line, answers, monkeypatch)
            assert code == 0, (line, questions)
            asked += questions
            log.write_bytes(before)
        _, questions = _asked(cards, "draw", ["bag"], monkeypatch)
        asked += questions
    finally:
        language.use("en")
    # the goldvp, exchange (twice), caravan, souk (twice), goods, order, camel and row
    # questions: each leaves 8 columns of an 80-column line for the answer (the draw's
    # card question left unanswered steps back to its row question, asked again)
    assert len(asked) == 12 and asked[-1] == asked[-3]
    assert len(set(asked)) == 11
    for who, question in asked:
        assert len(f"{who}, {question} ") <= 72, question


# --- the camel question, one camel or several ------------------------------------------------


@pytest.mark.parametrize(("lang", "camels", "question"), [
    ("en", 1, "keep your cube in barrel3 for your 1 camel? (yes/no)"),
    ("en", 3, "keep your cube in barrel3 for one of your 3 camels? (yes/no)"),
    ("de", 1, "Stein in Fass3 behalten und dein 1 Kamel abgeben? (ja/nein)"),
    ("de", 3, "Stein in Fass3 behalten und 1 deiner 3 Kamele abgeben? (ja/nein)"),
])
def test_the_camel_question_says_one_camel_in_the_singular(lang: str, camels: int,
                                                          question: str) -> None:
    from asara_cli.games.yspahan.commands import _camel_question

    language.use(lang)
    try:
        asked = _camel_question("Ann", "barrel3", camels)
        assert asked.question == question
        # yes and no in English and in the language in use, by their first letters too
        assert asked.words("yes") == asked.words("Y") == ["--camel", "barrel3"]
        assert asked.words("no") == asked.words("n") == ["--no-camel", "barrel3"]
        if lang == "de":
            assert asked.words("ja") == asked.words("j") == ["--camel", "barrel3"]
            assert asked.words("Nein") == ["--no-camel", "barrel3"]
        else:  # a German word at an English table is no answer
            with pytest.raises(WordError):
                asked.words("ja")
    finally:
        language.use("en")


# --- the toolbar's yellow dice ---------------------------------------------------------------


@pytest.mark.parametrize(("lang", "yellow", "shown"), [
    # 1 1 3 3 5 5 6 6 6 and a yellow 1: the camel row holds three 1s, one of them yellow
    ("en", ["-y", "1"], "w1 d1 | camels 3x1 incl. 1 yellow, bag 2x3, barrel 2x5, gold 3x6"),
    ("en", ["-y", "1", "-y", "5"],
     "w1 d1 | camels 3x1 incl. 1 yellow, bag 2x3, barrel 3x5 incl. 1 yellow, gold 3x6"),
    ("de", ["-y", "1", "-y", "5"],
     "W1 T1 | Kamele 3x1 inkl. 1 gelb, Sack 2x3, Fass 3x5 inkl. 1 gelb, Gold 3x6"),
])
def test_the_toolbar_counts_yellow_dice_among_the_rows_dice(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, yellow: list[str],
        shown: str) -> None:
    from asara_cli.cli.session import Session

    made = _asara(tmp_path, "new", "y.toml", "--game", "yspahan", "-p", "Ann", "-p", "Ben",
                  "-p", "Cid", "--no-use")
    assert made.returncode == 0, made.stderr
    ran = _asara(tmp_path, "roll", "113355666", *yellow, "--log", "y.toml")
    assert ran.returncode == 0, ran.stderr
    monkeypatch.chdir(tmp_path)
    language.use(lang)
    try:
        assert Session(tmp_path / "y.toml").situation() == shown
    finally:
        language.use("en")


def test_the_toolbar_in_german_says_the_week_day_rows_and_mover(
        cards: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from asara_cli.cli.session import Session

    monkeypatch.chdir(cards.parent)
    language.use("de")
    try:
        shown = Session(cards).situation()
    finally:
        language.use("en")
    # with "Würfel-Tableau: " it would be 85 columns: the label goes first
    assert shown == "Woche 1, Tag 7 | Kamele 2x1, Sack 2x3, Fass 2x5, Gold 3x6 | Ann ist am Zug"


# --- German refusals of the one-shot commands ------------------------------------------------


@pytest.mark.parametrize(("words", "said"), [
    (["draw"], "Ann muss eine Würfelgruppe nehmen, um eine Karte zu ziehen: die "
     "Würfelgruppen Kamele, Sack, Fass, Gold sind übrig; mit --row angeben, etwa --row Gold "
     "[Y2.5]"),
    (["draw", "--row", "bag"], "welche Karte wird gezogen (Aktion Karte ziehen)? Nenne sie, "
     "etwa Gold3 (Handkarten sind an diesem Tisch offen)"),
    (["gold", "--play", "goldvp"], "die Karte Goldpunkte gibt k Gold für je 1 Punkt ab: k "
     'angeben, etwa --play "goldvp 3" [Y3.9]'),
    (["gold", "--after", "exchange"], "die Karte Tausch tauscht Kamele in Gold oder Gold in "
     "Kamele: sag, wie viele, und ob in Gold oder in Kamele, etwa --after "
     '"exchange 2 in Gold" [Y3.9]'),
    (["gold", "--last", "souk"], "die Karte Basar setzt einen Stein in einen Laden eines "
     "beliebigen Viertels: sag, welchen (seinen Basar und das Feld davor, oder innen), etwa "
     '--last "souk Truhe8 N2" [Y3.9]'),
    (["goods", "bag", "bag3", "W3", "bag3"], "welcher Laden von Sack3? Nenne das Feld "
     "davor: W1 oder S2 (etwa Sack3 W1)"),
    (["roll", "11x"], "weiße Würfel: ein Würfel zeigt eine Zahl, nicht '11x'"),
])
def test_a_yspahan_refusal_in_german_names_the_option_and_the_facts(
        cards: Path, words: list[str], said: str) -> None:
    before = cards.read_bytes()
    ran = _asara(cards.parent, "--lang", "de", *words, "--log", "y.toml")
    assert ran.returncode == 2, ran.stderr
    assert said in _single(ran.stderr)
    assert cards.read_bytes() == before


def test_the_exchange_answered_in_german_is_read(cards: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from asara_cli.games.yspahan.rules.events import Play, Turn

    language.use("de")
    try:
        code, asked = _asked(cards, "gold --after exchange", ["1 in Kamele"], monkeypatch)
    finally:
        language.use("en")
    assert code == 0
    assert asked == [("Ann", "Karte Tausch: wie viele, und in Gold oder in Kamele?")]
    event = read_log(cards).events[-1]
    assert isinstance(event, Turn)
    assert event.after == (Play("exchange", 1, "camels"),)


# --- a German session, through a real terminal ----------------------------------------------


def test_the_supervisors_questions_are_asked_in_german(tmp_path: Path) -> None:
    from asara_cli.games.yspahan.rules.events import Send, Supervisor, Turn

    log = _two_cubes_at_s1(tmp_path)
    child = pexpect.spawn(sys.executable, ["-m", "asara_cli", "--lang", "de", "play",
                                           "y.toml"],
                          cwd=str(tmp_path), env=_env(tmp_path), dimensions=(40, 80),
                          encoding="utf-8", timeout=60)
    try:
        _prompt(child, "Ben")
        # the toolbar: who took which row today (Cid the gold row, Ann the camels); the label
        # "Würfel-Tableau: " would make it 84 columns, so it goes first
        child.expect(r"Woche 1, Tag 2 \| Kamele: Ann, Sack 3x2, Gold: Cid \| Ben ist am Zug")
        child.sendline("supervisor bag S1")
        _question(child, r"Ben, zuerst in die Karawane: Sack3 \(Ben\) oder Fass3 \(Ann\)\?")
        child.sendline("barrel3")
        _question(child, r"Ann, Stein in Fass3 behalten und 1 deiner 3 Kamele abgeben\? "
                  r"\(ja/nein\)")
        child.sendline("vielleicht")  # not an answer: asked again
        child.expect("antworte ja")
        child.expect("Ann, Stein in Fass3 behalten")
        child.sendline("ja")
        child.expect("#8 ")
        _prompt(child, "Ann")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.terminate(force=True)
    event = read_log(log).events[-1]
    assert isinstance(event, Turn)
    # barrel3 sent first, kept by Ann for a camel; bag3 to the caravan
    assert event.action == Supervisor("S1", (Send("barrel3", True), Send("bag3", False)))


def test_english_refusals_are_as_before(cards: Path) -> None:
    # the same words as before the catalogue (the English source text)
    for words, said in (
            (["roll", "11x"], "white: a die shows a number, not '11x'"),
            (["draw", "--row", "bag"], "which card is drawn (the card action)? Name it, e.g. "
             "gold3 (hands are open at this table)"),
            (["goods", "bag", "bag3", "W3", "bag3"], "which shop of bag3? Say the cell it "
             "faces: W1 or S2 (e.g. bag3 W1)")):
        ran = _asara(cards.parent, *words, "--log", "y.toml")
        assert ran.returncode == 2, ran.stderr
        assert said in _single(ran.stderr)


def test_the_supervisors_refusals_in_german_name_the_options(tmp_path: Path) -> None:
    log = _two_cubes_at_s1(tmp_path)
    before = log.read_bytes()
    for words, said in (
            (["supervisor", "bag", "S1"], "2 Steine verschiedener Spieler stehen vor S1 (Sack3 "
             "von Ben, Fass3 von Ann): in welcher Reihenfolge sie in die Karawane gehen, "
             "entscheidet der Spieler am Zug (Ben); zuerst abgeschickt zuerst, etwa --order "
             "bag3 --order barrel3"),
            (["supervisor", "bag", "S1", "--order", "barrel3"], "Ann hat 3 Kamele und darf "
             "den Stein in Fass3 (vor S1) behalten, wenn Ann eines abgibt; Ann entscheidet: "
             "--camel Ann (bleibt) oder --no-camel Ann (in die Karawane)")):
        ran = _asara(tmp_path, "--lang", "de", *words, "--log", "y.toml")
        assert ran.returncode == 2, ran.stderr
        assert said in _single(ran.stderr)
    assert log.read_bytes() == before
