"""A new game at the table asks what the rules ask (issue 36 point 5): `asara play` on a log
that does not exist yet asks who starts (ASARA, R1) or who is the oldest (YSPAHAN, Y2.2) when
`new>` was not told, instead of taking the first name; Tab completes the options of `new`
there; `--help` shows the help and the prompt stays. Through a real terminal (pexpect,
80x40); every wait is on what the session prints."""

from __future__ import annotations

from pathlib import Path

import pexpect
import pytest
from terminal import CURSOR_ASKED, CURSOR_SAID, session
from terminal import asara as _asara
from terminal import prompt as _prompt

from asara_cli.logfile.game import read_log


def _new_prompt(child: pexpect.spawn, word: str = "new") -> None:
    child.expect(CURSOR_ASKED)
    child.send(CURSOR_SAID)
    child.expect(f"{word}>")


@pytest.mark.parametrize(("lang", "line", "question", "answer", "mover", "first"), [
    ((), "-p Tina -p Paul -p Ann", r"who starts \(Tina, Paul, Ann\)\?", "paul", "Paul", 1),
    (("--lang", "de"), "-p Tina -p Paul -p Ann",
     r"wer ist Startspieler \(Tina, Paul, Ann\)\?", "ann", "Ann", 2),
    ((), "--game yspahan -p Tina -p Paul -p Ann", r"who is the oldest \(Tina, Paul, Ann\)\?",
     "Ann", "Ann", 2),
    (("--lang", "de"), "--game yspahan -p Tina -p Paul -p Ann",
     r"wer ist am ältesten \(Tina, Paul, Ann\)\?", "paul", "Paul", 1),
])
def test_who_begins_is_asked_when_not_given(tmp_path: Path, lang: tuple[str, ...],
                                            line: str, question: str, answer: str,
                                            mover: str, first: int) -> None:
    with session(tmp_path, *lang, "play", "n.toml") as child:
        _new_prompt(child, "neu" if lang else "new")
        child.sendline(line)
        child.expect(question)
        child.sendline("Bob")  # no such player: asked again
        child.expect("Bob")
        child.expect(question)
        child.sendline(answer)
        _prompt(child, mover)
        child.sendline("quit" if not lang else "ende")
        child.expect(pexpect.EOF)
    setup = read_log(tmp_path / "n.toml").header.setup
    assert getattr(setup, "start", getattr(setup, "oldest", None)) == first


def test_help_at_new_stays_and_ctrl_c_at_the_question_starts_nothing(tmp_path: Path) -> None:
    with session(tmp_path, "play", "n.toml") as child:
        _new_prompt(child)
        child.sendline("--help")
        child.expect("Start a game log")
        _new_prompt(child)  # still there
        child.sendline("-p Tina -p Paul")
        child.expect(r"who starts \(Tina, Paul\)\?")
        child.sendintr()
        _new_prompt(child)
        assert not (tmp_path / "n.toml").exists()
        child.sendline("-p Tina -p Paul --start Tina")  # given: not asked
        _prompt(child, "Tina")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    assert read_log(tmp_path / "n.toml").header.setup.start == 0


@pytest.mark.parametrize(("typed", "offered"), [
    ("-p Tina -p Paul --pr", "--pro"),
    ("--game yspahan -p A --ol", "--oldest"),
    ("--game yspahan -p A --se", "--secret"),
])
def test_tab_completes_the_options_of_new(typed: str, offered: str) -> None:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from asara_cli.cli.table import NewCompleter

    found = [c.text for c in NewCompleter().get_completions(Document(typed), CompleteEvent())]
    assert offered in found


def test_the_one_shot_new_still_takes_the_first_player(tmp_path: Path) -> None:
    made = _asara(tmp_path, "new", "n.toml", "-p", "Tina", "-p", "Paul")
    assert made.returncode == 0, made.stderr
    assert read_log(tmp_path / "n.toml").header.setup.start == 0


@pytest.mark.parametrize(("line", "question", "answer", "word", "first"), [
    ("-p Tina -p Paul -p Ann", "who starts (Tina, Paul, Ann)?", "paul", "--start=Paul", 1),
    ("--game yspahan -p Tina -p Paul -p Ann", "who is the oldest (Tina, Paul, Ann)?", "ann",
     "--oldest=Ann", 2),
])
def test_new_without_its_start_word_asks_and_the_answer_is_that_word(
        tmp_path: Path, line: str, question: str, answer: str, word: str, first: int) -> None:
    """The session reads `new`'s words as `new` declares them; the answer to its question is
    the word the one-shot `new` takes, and the log begins with the player named."""
    from asara_cli.cli import run
    from asara_cli.cli.session import who_starts
    from asara_cli.errors import WordError

    words = [*line.split(), "--no-use"]
    asked = who_starts(tmp_path / "n.toml", words)
    assert asked is not None
    assert asked.question == question
    assert asked.words(answer) == [word]
    with pytest.raises(WordError):
        asked.words("Bob")
    assert run(["new", str(tmp_path / "n.toml"), *words, *asked.words(answer)]) == 0
    setup = read_log(tmp_path / "n.toml").header.setup
    assert getattr(setup, "start", getattr(setup, "oldest", None)) == first


@pytest.mark.parametrize("line", [
    "-p Tina -p Paul --start Paul",  # given
    "--game yspahan -p Tina -p Paul -p Ann --oldest=Paul",
    "-p Tina",  # refused by the rules: said by `new`, not asked first
    "--game yspahan -p Tina -p Paul",
    "-p Tina -p Paul --date someday",
    "-p Tina -p Paul --bogus",  # unusable words: `new` says so
    "-p Tina -p Paul --help",
    "--lang de -p Tina -p Paul -h",  # help as new's command reads it: -h too, any language
    "--game nosuchgame -p Tina -p Paul",
])
def test_new_asks_nothing_when_given_or_refused(tmp_path: Path, line: str) -> None:
    from asara_cli.cli.session import who_starts

    assert who_starts(tmp_path / "n.toml", line.split()) is None
