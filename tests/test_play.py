"""``asara play``: the table session, through a real terminal (pexpect, 80x40) and with moves
on stdin. Every wait is on what the session prints, never a sleep."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest
from samples import cut_sample
from terminal import Terminal, session
from terminal import asara as _asara
from terminal import env as _env
from terminal import prompt as _prompt

from asara_cli.logfile.game import read_log


@pytest.fixture
def game(tmp_path: Path) -> Path:
    made = _asara(tmp_path, "new", "g.toml", "-p", "Tina", "-p", "Paul", "-p", "Ann")
    assert made.returncode == 0, made.stderr
    return tmp_path / "g.toml"


def _events(log: Path) -> int:
    return len(read_log(log).events)


@pytest.fixture
def table(game: Path, tmp_path: Path) -> Iterator[pexpect.spawn]:
    with session(tmp_path, "play", "g.toml") as child:
        yield child


def test_a_game_recorded_a_refusal_retried_undo_and_redo(table: pexpect.spawn, game: Path
                                                         ) -> None:
    _prompt(table, "Tina")
    table.expect("year 1")  # the bottom toolbar: the year, the mover's money
    table.sendline("buy base black -c blue")
    table.expect("Tina buys a black base for 6")
    table.expect("event #1")
    _prompt(table, "Paul")
    assert _events(game) == 1  # written at once
    # refused: Paul has no tiles to build with; nothing written, and he retries
    table.sendline("build 2 black base turret -c blue")
    table.expect("refused: ")
    table.expect(r"\[R3\.2\]")
    _prompt(table, "Paul")
    assert _events(game) == 1
    table.sendline("buy base green --pair")
    table.expect("event #2")
    _prompt(table, "Ann")
    table.sendline("undo")
    table.expect("undone: Paul buys a green base")
    _prompt(table, "Paul")
    assert _events(game) == 1
    table.sendline("redo")
    table.expect("redone: Paul buys a green base")
    _prompt(table, "Ann")
    assert _events(game) == 2
    table.sendline("history 1")
    table.expect("#2 Paul buys a green base for 4")
    table.sendline("quit")
    table.expect(pexpect.EOF)
    table.close()
    assert table.exitstatus == 0


def test_ctrl_c_clears_the_line_and_ctrl_d_leaves(table: pexpect.spawn, game: Path) -> None:
    _prompt(table, "Tina")
    table.send("buy base black")
    table.sendintr()  # the line is dropped, nothing recorded
    _prompt(table, "Tina")
    table.sendline("history")
    table.expect("no event yet")
    _prompt(table, "Tina")
    table.sendeof()
    table.expect(pexpect.EOF)
    table.close()
    assert table.exitstatus == 0
    assert _events(game) == 0


def test_the_log_changed_underneath_is_read_again(table: pexpect.spawn, game: Path,
                                                  tmp_path: Path) -> None:
    _prompt(table, "Tina")
    table.sendline("buy base black -c blue")
    _prompt(table, "Paul")
    other = _asara(tmp_path, "buy", "base", "green", "--pair", "--log", "g.toml")
    assert other.returncode == 0, other.stderr
    # Ann is to move now; the session notices while it waits, and never writes over it
    table.expect("changed on disk; read again: event 2; Ann to move")
    _prompt(table, "Ann")
    table.sendline("coloured")
    table.expect("Ann takes 5 at the coloured building; event #3")
    _prompt(table, "Tina")
    table.sendline("quit")
    table.expect(pexpect.EOF)
    assert [type(e).__name__ for e in read_log(game).events] == ["Turn", "Turn", "Turn"]
    assert _events(game) == 3


def test_a_killed_session_resumes_with_nothing_lost(table: pexpect.spawn, game: Path,
                                                    tmp_path: Path) -> None:
    _prompt(table, "Tina")
    table.sendline("buy base black -c blue")
    table.expect("event #1")
    _prompt(table, "Paul")
    table.kill(9)
    table.expect(pexpect.EOF)
    assert _events(game) == 1
    again = Terminal(sys.executable, ["-m", "asara_cli", "play", "g.toml"],
                     cwd=str(tmp_path), env=_env(tmp_path), dimensions=(40, 80),
                     encoding="utf-8", timeout=60)
    try:
        _prompt(again, "Paul")
        again.sendline("buy base green --pair")
        again.expect("event #2")
        again.sendline("quit")
        again.expect(pexpect.EOF)
    finally:
        again.terminate(force=True)
    assert _events(game) == 2


def test_moves_from_stdin_stop_at_the_first_refusal(game: Path, tmp_path: Path) -> None:
    moves = ("# the first round\n"
             "buy base black -c blue\n"
             "\n"
             "buy base green --pair\n"
             "build 2 black base turret -c blue\n"
             "coloured\n")
    ran = _asara(tmp_path, "play", "g.toml", stdin=moves)
    assert ran.returncode == 1
    assert "event #2" in ran.stdout
    assert "refused: " in ran.stderr and "[R3.2]" in ran.stderr
    assert "stopped at line 5" in ran.stderr
    assert _events(game) == 2  # the line after the refusal was not read


def test_moves_from_stdin_as_the_one_shot_commands_record_them(game: Path,
                                                               tmp_path: Path) -> None:
    ran = _asara(tmp_path, "play", "g.toml", stdin="buy base black -c blue\ncoloured\n")
    assert ran.returncode == 0, ran.stderr
    one = tmp_path / "one"
    one.mkdir()
    assert _asara(one, "new", "g.toml", "-p", "Tina", "-p", "Paul", "-p", "Ann").returncode == 0
    assert _asara(one, "buy", "base", "black", "-c", "blue").returncode == 0
    assert _asara(one, "coloured").returncode == 0
    assert read_log(game).events == read_log(one / "g.toml").events


@pytest.mark.parametrize("line, code, said", [
    ("bogus word", 2, "No such command 'bogus'"),
    ("buy 'open quote", 2, "No closing quotation"),
    ("history x", 2, "history takes one number"),
    ("new other.toml -p A -p B", 2, "start a new game with `asara new`"),
    ("buy base black -c blue --log elsewhere.toml", 2, "--log names another log"),
    ("\x1b[31mred", 2, "\\x1b"),
])
def test_words_that_make_no_move_are_said_without_a_traceback(
        game: Path, tmp_path: Path, line: str, code: int, said: str) -> None:
    ran = _asara(tmp_path, "play", "g.toml", stdin=line + "\n")
    assert ran.returncode == code
    assert said in ran.stderr
    assert "Traceback" not in ran.stderr + ran.stdout
    assert "\x1b" not in ran.stderr
    assert _events(game) == 0


def test_the_one_shot_commands_do_not_load_the_line_editor(game: Path, tmp_path: Path
                                                           ) -> None:
    code = ("import sys; from asara_cli.cli import run; run(['buy', 'base', 'black', '-c', "
            "'blue']); print('prompt_toolkit' in sys.modules)")
    ran = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=_env(tmp_path),
                         capture_output=True, text=True, timeout=120)
    assert ran.stdout.strip().endswith("False"), ran.stdout + ran.stderr
    assert _events(game) == 1


def test_the_lines_typed_are_kept_in_the_logs_history(table: pexpect.spawn, game: Path,
                                                       tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from asara_cli.cli.history import history_file

    _prompt(table, "Tina")
    table.sendline("history 3")
    table.expect("no event yet")
    _prompt(table, "Tina")
    table.sendline("quit")
    table.expect(pexpect.EOF)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    kept = history_file(game).read_text(encoding="utf-8")
    assert "history 3" in kept and "quit" in kept


def test_yspahan_at_the_table_shows_the_tower(tmp_path: Path) -> None:
    made = _asara(tmp_path, "new", "y.toml", "--game", "yspahan", "-p", "Tina", "-p", "Paul",
                  "-p", "Anna")
    assert made.returncode == 0, made.stderr
    child = Terminal(sys.executable, ["-m", "asara_cli", "play", "y.toml"],
                     cwd=str(tmp_path), env=_env(tmp_path), dimensions=(40, 80),
                     encoding="utf-8", timeout=60)
    try:
        _prompt(child, "Tina")
        child.sendline("roll 1 1 3 3 5 5 6 6 6")
        child.expect("#1 Tina rolls")
        _prompt(child, "Tina")
        # two 1s on the camel row, two 3s, two 5s, three 6s on the gold row (Y2.4)
        child.expect(r"week 1, day 1 \| tower: camels 2x1, \S+ 2x3, \S+ 2x5, gold 3x6")
        child.sendline("camels")
        child.expect("#2 Tina: takes the camels row")
        _prompt(child, "Paul")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.terminate(force=True)
    assert len(read_log(tmp_path / "y.toml").events) == 2


def test_status_and_check_in_a_session_write_nothing(game: Path, tmp_path: Path) -> None:
    ran = _asara(tmp_path, "play", "g.toml", stdin="status\ncheck coloured\nscore\n")
    assert ran.returncode == 0, ran.stderr
    assert "legal, not recorded: Tina takes 5 at the coloured building" in ran.stdout
    assert "Tina" in ran.stdout and "Score of g.toml" in ran.stdout
    assert _events(game) == 0


def test_completion_offers_the_commands_and_the_games_words(game: Path,
                                                            monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from asara_cli.cli.session import Session
    from asara_cli.cli.table import TableCompleter

    monkeypatch.chdir(game.parent)
    completer = TableCompleter(Session(game))

    def offered(text: str) -> list[str]:
        return [c.text for c in completer.get_completions(Document(text), CompleteEvent())]

    assert {"buy", "undo", "history", "quit"} <= set(offered(""))
    # no one holds a tile yet: a build would be refused, so it is not offered; the facts
    # the table states (the tiles drawn) are, as moves never lists them
    assert "build" not in offered("") and "display" in offered("")
    assert offered("bu") == ["buy"]
    assert "base" in offered("buy ")
    assert offered("buy base black --ca") == ["--card"]


def _gifts_game(tmp_path: Path) -> Path:
    """The sample gifts game cut after its deal: a purchase gift (buy base) lies on the
    window market's space 1, and Omar is to move (sample_games/basic-gifts.toml)."""
    sample = Path(__file__).parent.parent / "sample_games" / "basic-gifts.toml"
    text = sample.read_text(encoding="utf-8")
    cut = text.index("[[event]]\ntype = \"buy\"")
    log = tmp_path / "g.toml"
    log.write_text(text[:cut], encoding="utf-8")
    return log


def test_a_gifts_choice_is_asked_of_the_mover_again_when_refused_and_ctrl_c_abandons(
        tmp_path: Path) -> None:
    log = _gifts_game(tmp_path)
    child = Terminal(sys.executable, ["-m", "asara_cli", "play", "g.toml"],
                     cwd=str(tmp_path), env=_env(tmp_path), dimensions=(40, 80),
                     encoding="utf-8", timeout=60)
    try:
        _prompt(child, "Omar")
        child.sendline("buy window black --pair --space 1")
        child.expect("Omar, the gift buy base: which tile do you buy with it")
        child.sendintr()
        child.expect("abandoned: the whole move; nothing was written")
        _prompt(child, "Omar")
        assert len(read_log(log).events) == 2
        child.sendline("buy window black --pair --space 1")
        child.expect("Omar, the gift buy base: which tile")
        # not on the display: the referee refuses it, and the same question is asked again
        child.sendline("gold brown")
        child.expect(r"the base display shows no gold brown base")
        child.expect(r"\[R3\.1\]")
        child.expect("Omar, the gift buy base: which tile")
        assert len(read_log(log).events) == 2
        child.sendline("green")
        child.expect("event #3")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.terminate(force=True)
    sample = read_log(Path(__file__).parent.parent / "sample_games" / "basic-gifts.toml")
    assert read_log(log).events == sample.events[:3]  # as the sample recorded it


def test_a_decision_left_out_on_stdin_is_refused_as_the_command_refuses_it(
        tmp_path: Path) -> None:
    log = _gifts_game(tmp_path)
    ran = _asara(tmp_path, "play", "g.toml", stdin="buy window black --pair --space 1\n")
    assert ran.returncode == 2
    assert '--gift "buy base: red"' in ran.stderr
    assert "stopped at line 1" in ran.stderr
    assert len(read_log(log).events) == 2


def test_completion_takes_the_legal_moves_first(game: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from asara_cli.cli.session import Session, legal_moves
    from asara_cli.cli.table import TableCompleter

    monkeypatch.chdir(game.parent)
    session = Session(game)
    completer = TableCompleter(session)
    listed = legal_moves(session)
    assert listed is not None and "coloured" in listed
    # Tina may buy a base on space 1 (R2.1: the first buyer in an area sets its colour)
    first = [c.text for c in completer.get_completions(Document("buy base "), CompleteEvent())]
    legal_next = [m.split()[2] for m in listed if m.split()[:2] == ["buy", "base"]]
    assert first[: len(set(legal_next))] == list(dict.fromkeys(legal_next))


def test_moves_in_a_session_are_legal(tmp_path: Path) -> None:
    made = _asara(tmp_path, "new", "y.toml", "--game", "yspahan", "-p", "Tina", "-p", "Paul",
                  "-p", "Anna")
    assert made.returncode == 0, made.stderr
    ran = _asara(tmp_path, "play", "y.toml", stdin="roll 1 1 3 3 5 5 6 6 6\nmoves camels\n"
                 "moves --all\n")
    assert ran.returncode == 0, ran.stderr
    listed = [line.strip() for line in ran.stdout.splitlines()]
    assert "camels" in listed  # `moves camels`: the one move that begins so
    assert any(line.startswith("Tina to move: ") for line in listed)  # `moves --all`
    every = [line for line in listed if line.startswith(("goods ", "supervisor "))
             and "(" not in line]
    assert every
    checks = "".join(f"check {line}\n" for line in every[:5])
    checked = _asara(tmp_path, "play", "y.toml", stdin=checks)
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.count("legal, not recorded") == min(5, len(every))


def test_a_log_not_there_yet_starts_a_new_game_with_the_options_of_new(tmp_path: Path
                                                                        ) -> None:
    child = Terminal(sys.executable, ["-m", "asara_cli", "play", "n.toml"],
                     cwd=str(tmp_path), env=_env(tmp_path), dimensions=(40, 80),
                     encoding="utf-8", timeout=60)
    try:
        child.expect("does not exist yet")
        _prompt(child, "new")
        child.sendline("-p Tina")  # refused by `new` itself: ASARA is for 2 to 4 players
        child.expect(r"\[R1\]")
        _prompt(child, "new")
        child.sendline("-p Tina -p Paul -p Ann --pro")
        child.expect(r"who starts \(Tina, Paul, Ann\)\?")  # not taken from the order
        child.sendline("tina")
        child.expect("new game in n.toml: Tina, Paul, Ann")
        _prompt(child, "Tina")
        child.sendline("coloured")
        child.expect("event #1")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.terminate(force=True)
    log = read_log(tmp_path / "n.toml")
    assert log.header.rules.players_of(log.header.setup) == ("Tina", "Paul", "Ann")
    assert len(log.events) == 1


def test_a_log_not_there_is_refused_on_stdin(tmp_path: Path) -> None:
    ran = _asara(tmp_path, "play", "n.toml", stdin="coloured\n")
    assert ran.returncode == 2
    assert "no such file" in ran.stderr
    assert not (tmp_path / "n.toml").exists()


# --- Yspahan's decisions, asked of the player they belong to ---------------------------------


def _two_cubes_at_s1(tmp_path: Path) -> Path:
    """Day 2, Ben to move: S1 faces Ben's cube in bag3 and Ann's in barrel3; Ann holds 3
    camels, Ben none; the bag row shows 2s (as tests/yspahan/test_yspahan_table.py)."""
    made = _asara(tmp_path, "new", "y.toml", "--game", "yspahan", "-p", "Ann", "-p", "Ben",
                  "-p", "Cid", "--oldest", "Ben", "--no-use")
    assert made.returncode == 0, made.stderr
    moves = ("roll 113355666\ngoods bag bag3 W1 bag3 W3\ncamels\n"
             "goods barrel barrel3 E1 barrel3 E2\nroll 111222666\ngold\ncamels\n")
    ran = _asara(tmp_path, "play", "y.toml", stdin=moves)
    assert ran.returncode == 0, ran.stderr
    return tmp_path / "y.toml"


def _sends(log: Path) -> object:
    from asara_cli.games.yspahan.rules.events import Turn

    event = read_log(log).events[-1]
    assert isinstance(event, Turn)
    return event.action


def test_yspahan_asks_the_order_of_the_mover_and_the_camel_of_its_owner(tmp_path: Path
                                                                        ) -> None:
    from asara_cli.games.yspahan.rules.events import Send, Supervisor

    log = _two_cubes_at_s1(tmp_path)
    child = Terminal(sys.executable, ["-m", "asara_cli", "play", "y.toml"],
                     cwd=str(tmp_path), env=_env(tmp_path), dimensions=(40, 80),
                     encoding="utf-8", timeout=60)
    try:
        _prompt(child, "Ben")
        # the toolbar: who took which row today (Cid the gold row, Ann the camels)
        child.expect(r"week 1, day 2 \| tower: camels: Ann, bag 3x2, gold: Cid")
        child.sendline("supervisor bag S1")
        # short enough for one line with the name and the answer
        child.expect(r"Ben, which goes to the caravan first: bag3 \(Ben\) or barrel3 \(Ann\)\?")
        child.sendline("barrel3")
        child.expect(r"Ann, keep your cube in barrel3 for one of your 3 camels\? \(yes/no\)")
        child.sendline("maybe")  # not an answer: asked again
        child.expect("answer yes")
        child.expect("Ann, keep your cube in barrel3")
        child.sendline("yes")
        child.expect("#8 ")
        _prompt(child, "Ann")  # the day is over: Ann rolls
        assert _sends(log) == Supervisor("S1", (Send("barrel3", True), Send("bag3", False)))
        child.sendline("undo")
        _prompt(child, "Ben")
        child.sendline("supervisor bag S1")
        child.expect("Ben, which goes to the caravan first")
        child.sendline("Ben")  # the owner of one cube names it
        child.expect("Ann, keep your cube in barrel3")
        child.sendline("no")
        child.expect("#8 ")
        _prompt(child, "Ann")  # the day is over: Ann rolls
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.terminate(force=True)
    assert _sends(log) == Supervisor("S1", (Send("bag3", False), Send("barrel3", False)))


def test_ctrl_c_at_an_owners_question_writes_nothing(tmp_path: Path) -> None:
    log = _two_cubes_at_s1(tmp_path)
    before = log.read_bytes()
    child = Terminal(sys.executable, ["-m", "asara_cli", "play", "y.toml"],
                     cwd=str(tmp_path), env=_env(tmp_path), dimensions=(40, 80),
                     encoding="utf-8", timeout=60)
    try:
        _prompt(child, "Ben")
        child.sendline("supervisor bag S1 --order bag3")
        child.expect("Ann, keep your cube in barrel3")
        child.sendintr()
        child.expect("abandoned: the whole move; nothing was written")
        _prompt(child, "Ben")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.terminate(force=True)
    assert log.read_bytes() == before


def test_a_yspahan_decision_left_out_on_stdin_is_refused_with_its_line(tmp_path: Path
                                                                       ) -> None:
    log = _two_cubes_at_s1(tmp_path)
    before = log.read_bytes()
    ran = _asara(tmp_path, "play", "y.toml",
                 stdin="# Ben's send\nsupervisor bag S1 --order bag3\ndraw\n")
    assert ran.returncode == 2
    said = " ".join(ran.stderr.split())
    assert ("Ann holds 3 camels and may keep the cube in barrel3 (facing S1) by returning "
            "one: Ann's choice is --camel Ann (kept) or --no-camel Ann (sent to the caravan)"
            ) in said
    assert "stopped at line 2: supervisor bag S1 --order bag3" in said
    assert log.read_bytes() == before


def test_the_card_drawn_is_asked_of_the_mover_with_open_hands(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from asara_cli.cli.session import Session
    from asara_cli.games.yspahan.rules.events import Draw, Turn

    log = _two_cubes_at_s1(tmp_path)
    monkeypatch.chdir(tmp_path)
    session = Session(log)
    asked: list[tuple[str, str]] = []
    answers = iter(["a rabbit", "gold3"])  # not a card: asked again

    def ask(who: str, question: str) -> str | None:
        asked.append((who, question))
        return next(answers)

    session.ask = ask
    assert session.line("draw --row bag") == 0
    assert asked == [("Ben", "which card do you draw (the card action)? (e.g. gold3)")] * 2
    event = read_log(log).events[-1]
    assert isinstance(event, Turn) and event.action == Draw("gold3")


def test_the_yspahan_toolbar_says_who_holds_each_row_within_80_columns(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from asara_cli.cli.session import Session

    names = ["Annemarie-Christine", "Bartholomew-Maximilian", "Cid-Alexander-Long"]
    made = _asara(tmp_path, "new", "y.toml", "--game", "yspahan", "--no-use",
                  *[w for n in names for w in ("-p", n)])
    assert made.returncode == 0, made.stderr
    # six rows hold dice (1 to 6, two yellow); Annemarie takes the camels, Bartholomew gold
    ran = _asara(tmp_path, "play", "y.toml", stdin="roll 123456666 -y 1 -y 2\ncamels\ngold\n")
    assert ran.returncode == 0, ran.stderr
    monkeypatch.chdir(tmp_path)
    shown = Session(tmp_path / "y.toml").situation()
    assert len(shown) <= 80, shown
    # the names cut to fit, the rows still there: the 2s, 3s, 4s and 5s are one die each
    assert shown == ("w1 d1 | camels: Anne~, bag 1x2, barrel 1x3, chest 1x4, vase 1x5, "
                     "gold: Bart~")


def _sample(name: str) -> list[object]:
    return list(read_log(Path(__file__).parent.parent / "sample_games" / name).events)


def test_the_years_deal_is_asked_of_the_table_then_the_buyer_gift_of_the_mover(
        tmp_path: Path) -> None:
    # basic-gifts.toml: the display, then year 1's deal; Omar's first move takes the
    # buyer gift on base 1 (here: the sample's move is another, but the deal is its own)
    log = cut_sample("basic-gifts.toml", 1, tmp_path / "g.toml")
    child = Terminal(sys.executable, ["-m", "asara_cli", "play", "g.toml"],
                     cwd=str(tmp_path), env=_env(tmp_path), dimensions=(40, 80),
                     encoding="utf-8", timeout=60)
    try:
        _prompt(child, "Omar")
        child.sendline("buy base green --pair --space 1")
        child.expect("Table, deal the Caliph's gifts of year 1: which gift lies")
        child.sendintr()  # the deal abandoned with the move: nothing written
        child.expect("abandoned: the whole move; nothing was written")
        _prompt(child, "Omar")
        assert len(read_log(log).events) == 1
        child.sendline("buy base green --pair --space 1")
        child.expect("Table, deal the Caliph's gifts of year 1")
        child.sendline("base 1 dragon")  # no gift: asked again
        child.expect("is no gift")
        child.expect("Table, deal the Caliph's gifts of year 1")
        child.sendline("gifts base 1 buyer trunk 1 buy trunk window 1 buy base turret 1 "
                       "asari 5 base 2 asari 10")
        child.expect("event #2")
        child.expect("Omar, the gift buyer: which buyer do you take from the deck")
        child.sendline("violet")
        child.expect(r"event\s+#3")
        _prompt(child, "Paul")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.terminate(force=True)
    events: list[object] = list(read_log(log).events)
    assert events[:2] == _sample("basic-gifts.toml")[:2]  # the deal, as the sample has it
    written = read_log(log).events[2]
    assert [f"{u.gift.kind} {u.buyer}" for u in written.gifts] == ["buyer violet"]


def test_a_lighted_window_gift_is_asked_of_the_mover(tmp_path: Path) -> None:
    # pro-gifts-genie.toml, event 10: Lena buys on window 1 and claims the lighted-window
    # gift there, its colour unsaid ("lighted")
    log = cut_sample("pro-gifts-genie.toml", 9, tmp_path / "g.toml")
    child = Terminal(sys.executable, ["-m", "asara_cli", "play", "g.toml"],
                     cwd=str(tmp_path), env=_env(tmp_path), dimensions=(40, 80),
                     encoding="utf-8", timeout=60)
    try:
        _prompt(child, "Lena")
        child.sendline("buy window gold red -c orange -s 1")
        child.expect("Lena, the gift lighted: which lighted window do you buy")
        child.sendline("unsaid")
        child.expect(r"event\s+#10")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.terminate(force=True)
    assert list(read_log(log).events) == _sample("pro-gifts-genie.toml")[:10]


@pytest.mark.parametrize(("sample", "cut", "move", "said"), [
    ("basic-gifts.toml", 2, "buy base green --pair --space 1", '--gift "buyer green"'),
    ("pro-gifts-genie.toml", 9, "buy window gold red -c orange -s 1",
     '--gift "lighted: red"'),
])
def test_a_gift_choice_left_out_is_refused_by_the_command(
        tmp_path: Path, sample: str, cut: int, move: str, said: str) -> None:
    log = cut_sample(sample, cut, tmp_path / "g.toml")
    ran = _asara(tmp_path, *move.split(), "--log", "g.toml")
    assert ran.returncode == 2, ran.stderr
    assert ran.stderr.startswith("error: ") and said in " ".join(ran.stderr.split())
    assert len(read_log(log).events) == cut
    # given on the line, it is recorded
    answer = said.split('"')[1]
    ran = _asara(tmp_path, *move.split(), "--gift", answer, "--log", "g.toml")
    assert ran.returncode == 0, ran.stderr


def test_the_deal_due_is_refused_as_before_where_nobody_is_asked(tmp_path: Path) -> None:
    log = cut_sample("basic-gifts.toml", 1, tmp_path / "g.toml")
    for ran in (_asara(tmp_path, "buy", "base", "green", "--pair", "--space", "1",
                       "--log", "g.toml"),
                _asara(tmp_path, "play", "g.toml", stdin="buy base green --pair --space 1\n")):
        assert ran.returncode == 1, ran.stderr
        assert "the Caliph's gifts of year 1 are not dealt yet" in " ".join(ran.stderr.split())
        assert len(read_log(log).events) == 1


def test_help_shows_a_move_the_player_could_make_and_moves_says_when_none_begins_so(
        tmp_path: Path) -> None:
    # the session's help names no game's words of its own: its example is a legal move of
    # this position (after Tina's roll of 1 1 3 3 5 5 6 6 6 the camels row holds two 1s)
    made = _asara(tmp_path, "new", "y.toml", "--game", "yspahan", "-p", "Tina", "-p", "Paul",
                  "-p", "Anna")
    assert made.returncode == 0, made.stderr
    ran = _asara(tmp_path, "play", "y.toml",
                 stdin="roll 1 1 3 3 5 5 6 6 6\nhelp\nmoves supervisor vase\n")
    assert ran.returncode == 0, ran.stderr
    said = " ".join((ran.stdout + ran.stderr).split())
    example = said.split("without `asara`, e.g. `", 1)[1].split("`", 1)[0]
    checked = _asara(tmp_path, "play", "y.toml", stdin=f"check {example}\n")
    assert checked.returncode == 0 and "legal, not recorded" in checked.stdout, checked.stderr
    # no die shows the vase row's value: nothing begins so, and the session says it
    assert "no legal move begins with those words" in said
