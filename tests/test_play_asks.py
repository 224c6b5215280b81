"""Decisions made inside a move, asked of the player they belong to (issue: the table
session, point 4): at the table through a real terminal (pexpect, 80x40; every wait is on
what the session prints, never a sleep), and refused by the one-shot commands (exit code 2,
the message saying the option, nothing written)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pexpect
import pytest
from terminal import CURSOR_ASKED, CURSOR_SAID, spawn
from terminal import asara as _asara
from terminal import prompt as _prompt

from asara_cli.cli.session import answered
from asara_cli.logfile.game import read_log


def _question(child: pexpect.spawn, text: str) -> None:
    """Wait for a question (its prompt asks where the cursor is, as the move's prompt)."""
    child.expect(CURSOR_ASKED)
    child.send(CURSOR_SAID)
    child.expect(text)


def _single(line: str) -> str:
    return " ".join(line.split())


# --- Yspahan: the cards played in a window ---------------------------------------------------

#: Week 1, day 7: Ann has rolled and is to move, with 5 gold, 3 camels and the cards goldvp,
#: exchange, souk and caravan in hand (hands open); no cube anywhere; 12 cards in the deck.
_DAYS = """roll 113355666
gold
camels
draw camels3 --row bag
roll 111335566
gold
draw gold3 --row bag
camels
roll 113355666
gold
draw goldvp --row bag
camels
roll 113355666
draw exchange --row bag
gold
camels
roll 113355666
gold
camels
draw souk --row bag
roll 113355666
gold
draw caravan --row bag
camels
roll 113355666
"""


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
    log = tmp_path / "y.toml"
    shutil.copyfile(_made, log)
    return log


def test_the_position_is_the_one_the_tests_say(cards: Path) -> None:
    from asara_cli.cli.session import Session

    session = Session(cards)
    assert session.position is not None
    state = session.position.state
    ann = state.players[0]
    assert (state.week, state.day, state.to_move) == (1, 7, 0)
    assert (ann.gold, ann.camels, ann.hand) == (5, 3, ("caravan", "exchange", "goldvp", "souk"))
    assert ann.buildings == ()


def test_every_card_choice_is_asked_of_the_mover_with_the_toolbar_shown(
        cards: Path, tmp_path: Path) -> None:
    from asara_cli.games.yspahan.rules.events import Build, Gold, Play, Shop, Turn

    child = spawn(tmp_path, "play", "y.toml")
    try:
        _prompt(child, "Ann")
        child.sendline("gold --play goldvp --after exchange --build caravanserai "
                       "--last caravan --last souk")
        # short enough for one line with the name and the answer (no "(e.g. 3)")
        _question(child, r"Ann, how many gold do you return with the goldvp card \(1 point "
                  r"each\)\?")
        child.expect(r"week 1, day 7 \| tower: camels 2x1")  # the toolbar, while asked
        child.sendline("lots")  # no number: asked again
        child.expect("answer a number of at least 1")
        _question(child, "Ann, how many gold do you return")
        child.sendline("1")
        _question(child, r"Ann, the exchange card: how many, and into gold or into camels\?")
        child.sendline("1")  # half an answer: the rest is asked next
        _question(child, r"Ann, the exchange card: 1 into gold or into camels\?")
        child.sendline("camels")
        _question(child, r"Ann, your caravanserai draws for the caravan card's cube: which "
                  r"card\?")
        child.sendline("gold3")
        _question(child, r"Ann, which shop does the souk card's cube go to\?")
        child.sendline("bag3")  # three of its shops are free: which one is asked
        # short enough for one line with the name and the answer
        _question(child, r"Ann, which shop of bag3 for the souk card's cube: W3 or W1 or S2\?")
        child.sendline("W1")
        child.expect("#26 ")
        _prompt(child, "Ben")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.terminate(force=True)
    event = read_log(cards).events[-1]
    # 5 gold: goldvp 1 -> 4, the gold row's 3 dice -> 7, exchange 1 into camels -> 6 gold and
    # 4 camels, the caravanserai (3 + 3) -> 3 gold, 1 camel; the caravan card's cube draws
    assert event == Turn("Ann", "gold", Gold(), None, Build("caravanserai"),
                         (Play("goldvp", 1),), (Play("exchange", 1, "camels"),),
                         (Play("caravan", card="gold3"), Play("souk", shop=Shop("bag3", "W1"))))
    assert len(read_log(cards).events) == 26


def test_ctrl_c_at_a_cards_question_steps_back_then_abandons_the_move(cards: Path,
                                                            tmp_path: Path) -> None:
    before = cards.read_bytes()
    child = spawn(tmp_path, "play", "y.toml")
    try:
        _prompt(child, "Ann")
        child.sendline("gold --play goldvp --after exchange")
        _question(child, "Ann, how many gold do you return")
        child.sendline("2")  # one answer given, then the next question abandoned
        _question(child, r"Ann, the exchange card: how many")
        child.sendintr()  # one question back: the first asked again
        _question(child, "Ann, how many gold do you return")
        child.sendintr()  # and at the first, the whole move
        child.expect("abandoned: the whole move; nothing was written")
        _prompt(child, "Ann")
        child.sendline("gold --last souk")
        _question(child, "Ann, which shop does the souk card's cube go to")
        child.sendintr()
        child.expect("abandoned: the whole move; nothing was written")
        _prompt(child, "Ann")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.terminate(force=True)
    assert cards.read_bytes() == before


def test_the_shop_of_a_goods_cube_is_asked_when_several_are_free(cards: Path,
                                                                 tmp_path: Path) -> None:
    from asara_cli.games.yspahan.rules.events import Goods, Shop, Turn

    child = spawn(tmp_path, "play", "y.toml")
    try:
        _prompt(child, "Ann")
        child.sendline("goods bag bag3 W3 bag3")  # bag3's shops face W3, W1 (or S1), S2
        _question(child, r"Ann, which shop of bag3 does your cube go to: W1 or S2\?")
        child.sendline("N2")  # no shop of bag3 faces N2: asked again
        child.expect("say the cell a free shop of bag3 faces: W1 or S2")
        _question(child, "Ann, which shop of bag3 does your cube go to")
        child.sendline("s2")
        child.expect("#26 ")
        _prompt(child, "Ben")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.terminate(force=True)
    assert read_log(cards).events[-1] == Turn(
        "Ann", "bag", Goods((Shop("bag3", "W3"), Shop("bag3", "S2"))))


def test_an_answer_with_nowhere_to_go_on_the_line_is_refused_not_asked(
        cards: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from asara_cli.cli.session import Session

    monkeypatch.chdir(cards.parent)
    before = cards.read_bytes()
    session = Session(cards)
    asked: list[str] = []

    def ask(who: str, question: str) -> str | None:
        asked.append(question)
        return None

    session.ask = ask
    # the shops typed are split by an option: the cell could not be put after bag3's word
    assert session.line("goods bag bag3 W3 -p Ann bag3") == 2
    assert asked == []
    assert cards.read_bytes() == before


@pytest.mark.parametrize(("words", "said"), [
    (["goods", "bag", "bag3", "W3", "bag3"],
     "which shop of bag3? Say the cell it faces: W1 or S2 (e.g. bag3 W1)"),
    (["gold", "--play", "goldvp"],
     'the goldvp card returns k gold for 1 point each: say k, e.g. --play "goldvp 3" [Y3.9]'),
    (["gold", "--after", "exchange"],
     "the exchange card turns camels into gold or gold into camels: say how many, and into "
     'gold or into camels, e.g. --after "exchange 2 into gold" [Y3.9]'),
    (["gold", "--after", "exchange 2"],
     "say 2 into gold or into camels, e.g. --after \"exchange 2 into gold\" [Y3.9]"),
    (["gold", "--after", "exchange gold"],
     'say how many camels into gold, e.g. --after "exchange gold 2" [Y3.9]'),
    (["gold", "--last", "souk"],
     "the souk card puts a cube in a shop of any quarter: say which (its souk and the cell "
     'it faces, or inner), e.g. --last "souk chest8 N2" [Y3.9]'),
    (["gold", "--play", "souk bag3"],
     "which shop of bag3 does the souk card's cube go to? Say the cell it faces: W3 or W1 "
     'or S2, e.g. --play "souk bag3 W3" [Y3.9]'),
    (["gold", "--build", "caravanserai", "--last", "caravan"],
     "the caravanserai draws a card for the caravan card's cube (hands are open at this "
     'table): name it, e.g. --last "caravan draws gold3" [Y6.5]'),
])
def test_a_card_choice_left_out_is_refused_by_the_command(cards: Path, words: list[str],
                                                          said: str) -> None:
    before = cards.read_bytes()
    ran = _asara(cards.parent, *words, "--log", "y.toml")
    assert ran.returncode == 2, ran.stderr
    assert said in _single(ran.stderr)
    assert "it is still Ann's turn" in _single(ran.stderr)
    assert cards.read_bytes() == before


def test_the_caravan_card_draws_nothing_to_ask_without_a_caravanserai(cards: Path) -> None:
    # Ann has no caravanserai yet: the caravan card's cube draws no card, nothing is asked
    ran = _asara(cards.parent, "check", "gold", "--play", "caravan", "--log", "y.toml")
    assert ran.returncode == 0, ran.stderr
    assert "plays caravan" in _single(ran.stdout)


def test_a_card_not_held_is_refused_by_the_referee_not_asked(cards: Path) -> None:
    # Ann holds no camelvp card: nothing to ask her, the referee refuses the move (exit 1)
    ran = _asara(cards.parent, "gold", "--play", "camelvp", "--log", "y.toml")
    assert ran.returncode == 1
    assert _single(ran.stderr).startswith("refused: Ann: plays camelvp")
    assert "say k" not in ran.stderr


def test_a_card_choice_left_out_on_stdin_stops_with_its_line(cards: Path) -> None:
    before = cards.read_bytes()
    ran = _asara(cards.parent, "play", "y.toml", stdin="# Ann\ngold --play goldvp\n")
    assert ran.returncode == 2
    said = _single(ran.stderr)
    assert '--play "goldvp 3"' in said
    assert "stopped at line 2: gold --play goldvp" in said
    assert cards.read_bytes() == before


@pytest.mark.parametrize(("line", "replace", "added", "made"), [
    (["gold", "--play", "goldvp"], ("--play", "goldvp"), ["--play", "goldvp 3"],
     ["gold", "--play", "goldvp 3"]),
    (["gold", "--play=goldvp", "-b", "shop"], ("--play", "goldvp"), ["--play", "goldvp 3"],
     ["gold", "--play", "goldvp 3", "-b", "shop"]),
    # two cards alike: the first is completed, the next question completes the other
    (["gold", "--last", "souk", "--last", "souk"], ("--last", "souk"),
     ["--last", "souk bag3 W1"], ["gold", "--last", "souk bag3 W1", "--last", "souk"]),
    # nothing to replace: the answer joins the line
    (["bank", "--pair"], (), ["12"], ["bank", "--pair", "12"]),
    # the words to replace are not on the line as such: nowhere to put the answer
    (["goods", "bag", "bag3", "-p", "Ann", "bag3"], ("bag", "bag3", "bag3"), ["x"], None),
])
def test_an_answer_takes_the_place_of_the_words_it_completes(
        line: list[str], replace: tuple[str, ...], added: list[str], made: list[str] | None
) -> None:
    assert answered(line, replace, added) == made


# --- ASARA: the buyer placed and the Asari of a space ----------------------------------------


def test_asara_asks_the_amount_and_the_buyer_of_the_mover(tmp_path: Path) -> None:
    from asara_cli.games.asara.rules.events import Bank, Recruit, Turn

    made = _asara(tmp_path, "new", "p.toml", "-p", "Tina", "-p", "Paul", "-p", "Ann",
                  "--pro", "--no-use")
    assert made.returncode == 0, made.stderr
    log = tmp_path / "p.toml"
    child = spawn(tmp_path, "play", "p.toml")
    try:
        _prompt(child, "Tina")
        child.sendline("bank")
        _question(child, r"Tina, how much do you take at the bank \(the space's printed "
                  r"value\)\? \(e\.g\. 12\)")
        child.expect(r"year 1 \| Tina to move: 20 Asari")  # the toolbar, while asked
        child.sendline("lots")
        child.expect("answer with a number of Asari")
        _question(child, "Tina, how much do you take at the bank")
        child.sendline("12")
        _question(child, r"Tina, which buyer do you place: its colour \(face up\), or pair\?")
        child.sendline("red")
        child.expect(r"event\s+#1")
        _prompt(child, "Paul")
        child.sendline("recruit")
        _question(child, r"Paul, how much do you pay at the tent \(the space's printed cost\)\?")
        child.sendline("2")
        _question(child, r"Paul, which buyer do you place")
        child.sendline("pair")
        child.expect(r"event\s+#2")
        _prompt(child, "Ann")
        child.sendline("bank 8")
        _question(child, r"Ann, which buyer do you place")
        child.sendintr()
        child.expect("abandoned: the whole move; nothing was written")
        _prompt(child, "Ann")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.terminate(force=True)
    events = read_log(log).events
    assert len(events) == 2
    first, second = events
    assert isinstance(first, Turn) and isinstance(second, Turn)
    assert (first.placement.player, first.placement.buyer, first.action) == (
        "Tina", "red", Bank(12))
    assert (second.placement.player, second.placement.buyer, second.action) == (
        "Paul", "pair", Recruit(2))


def test_an_answer_the_referee_refuses_is_asked_again_and_ctrl_c_steps_back(
        tmp_path: Path) -> None:
    from asara_cli.games.asara.rules.events import Bank, Turn

    made = _asara(tmp_path, "new", "p.toml", "-p", "Tina", "-p", "Paul", "-p", "Ann",
                  "--pro", "--no-use")
    assert made.returncode == 0, made.stderr
    log = tmp_path / "p.toml"
    before = log.read_bytes()
    child = spawn(tmp_path, "play", "p.toml")
    try:
        _prompt(child, "Tina")
        child.sendline("bank")
        _question(child, r"Tina, how much do you take at the bank")
        child.sendline("99")  # a number: taken, and the referee refuses it with the move
        _question(child, r"Tina, which buyer do you place")
        child.sendline("red")
        child.expect(r"no bank space pays 99; the values run up to 12 \[R3\.3\]")
        # the move is kept: the last question asked again, Ctrl-C one question back
        _question(child, r"Tina, which buyer do you place")
        assert log.read_bytes() == before
        child.sendintr()
        _question(child, r"Tina, how much do you take at the bank")
        child.sendline("12")
        _question(child, r"Tina, which buyer do you place")
        child.sendline("red")
        child.expect(r"event\s+#1")
        _prompt(child, "Paul")
        child.send("\x1b[A")  # the Up arrow: the move with its answers
        child.expect("bank 12 --card red")
        child.sendintr()
        _prompt(child, "Paul")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.terminate(force=True)
    (event,) = read_log(log).events
    assert isinstance(event, Turn)
    assert (event.placement.player, event.placement.buyer, event.action) == (
        "Tina", "red", Bank(12))


@pytest.mark.parametrize(("words", "said"), [
    (["buy", "base", "black"], "which buyer? --card COLOUR (face up) or --pair"),
    (["bank", "--card", "red"], "how much was taken? e.g. asara bank 12 (or --space N)"),
    (["recruit", "--card", "red"], "how much was paid at the tent? e.g. asara recruit 2"),
])
def test_an_asara_choice_left_out_is_refused_by_the_command(
        tmp_path: Path, words: list[str], said: str) -> None:
    made = _asara(tmp_path, "new", "p.toml", "-p", "Tina", "-p", "Paul", "--pro",
                  "--no-use")
    assert made.returncode == 0, made.stderr
    before = (tmp_path / "p.toml").read_bytes()
    ran = _asara(tmp_path, *words, "--log", "p.toml")
    assert ran.returncode == 2, ran.stderr
    assert said in _single(ran.stderr)
    assert (tmp_path / "p.toml").read_bytes() == before
