"""Every example in the help of a recording command is in the language in use and does
what it shows (issue 35, point 5): read from the help as ``asara kaufen --help`` prints it
(``Beispiel: asara kaufen Fenster Schwarz --card Blau``), its words are typed against a
log of the game, in one process, and make an event; the German example makes the very
event the English one makes."""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
import typer.main
from languages import SHIPPED
from typed import english_left, reader
from typer.testing import CliRunner

from asara_cli import language
from asara_cli.cli import build_app
from asara_cli.cli.helptexts import translate
from asara_cli.games import game

LANGUAGES = ["en", *SHIPPED]
#: The last paragraph of a help: a label, then one or more examples separated by ``;``.
EXAMPLE = re.compile(r"\n\n[^\s:]+: (asara .*?)\s*$", re.S)
#: Examples whose words make no event on a log just begun, and why (checked by hand):
#: the supervisor's ``--no-camel Anna`` names a cube of Anna's facing the cell, and a new
#: game has none yet.
NO_EVENT = {("yspahan", "supervisor")}


def examples(key: str) -> Iterator[tuple[str, list[str]]]:
    """Each example of each recording command of the game ``key``, in the language in use:
    (the command's name, the example's words without ``asara``)."""
    g = game(key)
    group = typer.Typer()
    g.register_commands(group, None)
    command = typer.main.get_command(group)
    translate(command)
    for name, sub in command.commands.items():  # type: ignore[attr-defined]
        found = EXAMPLE.search(sub.help or "")
        if found is not None:
            for example in found.group(1).split(";"):
                yield name, shlex.split(" ".join(example.split()))[1:]


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A log of each game just begun, with the players the examples name."""
    folder = tmp_path_factory.mktemp("examples")
    runner = CliRunner()
    found = {}
    for key, options in (("asara", ["--pro", "--gifts", "--genie"]),
                         ("yspahan", ["--game", "yspahan"])):
        path = found[key] = folder / f"{key}.toml"
        args = ["new", str(path), "-p", "Tina", "-p", "Paul", "-p", "Anna", "--no-use",
                *options]
        assert runner.invoke(build_app("new", args), args).exit_code == 0
    return found


def _made(key: str, code: str, log: Path, tmp_path: Path) -> dict[str, list[object]]:
    """Each command's examples in ``code``, read into the events they make (a new game: its
    log's header)."""
    from asara_cli.logfile.game import read_log

    made: dict[str, list[object]] = {}
    language.use(code)
    try:
        listed = list(examples(key))
        with reader(log, key) as read:
            for name, words in listed:
                if code != "en":  # the language's words, none of English's
                    assert english_left(game(key), words) == [], (code, name, words)
                if name == "new":  # the log named is made here, in a folder of its own
                    path = tmp_path / f"{code}-{key}.toml"
                    args = [words[0], str(path), *words[2:], "--no-use"]
                    result = CliRunner().invoke(build_app(args[0], args), args)
                    assert result.exit_code == 0, (words, result.output)
                    made.setdefault(name, []).append(read_log(path).header)
                    continue
                event = read(shlex.join(words[1:] if name == "check" else words))
                assert (event is None) == ((key, name) in NO_EVENT), (code, name, words)
                made.setdefault(name, []).append(event)
    finally:
        language.use("en")
    return made


@pytest.mark.parametrize("key", ["asara", "yspahan"])
def test_every_help_example_does_what_it_shows_in_every_language(
        key: str, logs: dict[str, Path], tmp_path: Path) -> None:
    made = {code: _made(key, code, logs[key], tmp_path) for code in LANGUAGES}
    english = made["en"]
    assert len(english) >= 8, english  # every recording command shows one
    for code in LANGUAGES[1:]:
        assert made[code] == english, code
