"""The table's language, typed (issue 35, points 2 and 5): the words of every move are said
in the language in use (``cli/typedwords.py``: the command word and each value word from the
catalogue), and typed back in that language they make the very event listed.

Run in English, German and a pseudo-language generated from the catalogue's template
(``tests/pseudo.py``: every message turned by ROT13), which proves that a language is one
catalogue file: no word of it is named in the code."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import msgspec
import pytest
from languages import SHIPPED, asara, each
from pseudo import CODE, make, turned
from samples import SAMPLES, cut_sample
from terminal import env
from typed import english_in, english_left, reader

from asara_cli import commandwords, language
from asara_cli.cli.typedwords import english, local, local_group, local_line, quoted
from asara_cli.games import game
from asara_cli.games.base import SIM_NAMES, SomeGame
from asara_cli.logfile.board import load_board
from asara_cli.logfile.game import GameLog, LogHeader, log_to_text, read_log

LANGUAGES = [*each(["en", *SHIPPED]), CODE]
#: The lines of a simulated game typed at a session in the default run (its first year or
#: days: facts, gifts, builds); ``$ASARA_TYPED_LINES=0`` types the whole game.
LINES = int(os.environ.get("ASARA_TYPED_LINES", "40")) or None


@pytest.fixture(scope="module")
def pseudo_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make(tmp_path_factory.mktemp("locale"))


def _fresh() -> None:
    commandwords._catalogues.cache_clear()
    commandwords._aliases.cache_clear()


@contextmanager
def speaking(code: str, folder: Path) -> Iterator[None]:
    """The test speaks ``code`` (the pseudo-language read from ``folder``), English after."""
    with pytest.MonkeyPatch.context() as patch:
        if code == CODE:
            patch.setenv(language.ENV_DIR, str(folder))
        _fresh()
        language.use(code)
        try:
            yield
        finally:
            language.use("en")
    _fresh()


def _simulated(key: str) -> tuple[LogHeader, tuple[object, ...]]:
    g = game(key)
    board = load_board(None, key)
    flags = frozenset(f.name for f in g.simulate_flags)
    setup, events = g.simulate(board, 5, g.max_players, flags, SIM_NAMES)
    return LogHeader(setup, game=key), tuple(events)


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("key", ["asara", "yspahan"])
def test_every_listed_move_typed_in_the_language_makes_the_listed_event(
        key: str, code: str, tmp_path: Path, pseudo_dir: Path) -> None:
    """Over a simulated game: each listed move, said in the language (as ``moves`` prints
    it), holds no English word the language has its own word for, reads back to the very
    English words listed (what ``moves WORD...`` and Tab match), and typed makes the listed
    event."""
    g = game(key)
    board = load_board(None, key)
    rules = g.recording()
    header, events = _simulated(key)
    state = rules.position(g.replay(board, header.setup, ()))
    read_moves = 0
    with speaking(code, pseudo_dir):
        for number, event in enumerate(events):
            moves = tuple(g.legal_moves(board, state)) if number % 12 == 0 else ()
            if moves:
                path = tmp_path / f"at{number}.toml"
                path.write_text(log_to_text(header, events[:number]), encoding="utf-8")
                for move in moves[::max(1, len(moves) // 150)]:  # many said, a few typed
                    listed = shlex.split(move.words)
                    said = local(g, listed)
                    if code != "en":
                        assert english_left(g, said) == [], (move.words, said)
                        for part in local_group(g, move.group).split(": "):
                            assert english_left(g, shlex.split(part)) == [], move.group
                    assert english(g, said) == listed, (said, listed)
                with reader(path, key) as read:
                    for move in moves[::max(1, len(moves) // 12)]:
                        typed = local_line(g, move.words)
                        assert read(typed) == move.event, (number, typed)
                        read_moves += 1
            state = rules.after(rules.apply(board, state, event))
    assert read_moves >= 30, read_moves


def _session(tmp_path: Path, code: str, folder: Path, log: Path, stdin: str
             ) -> subprocess.CompletedProcess[str]:
    environ = env(tmp_path)
    if code == CODE:
        environ[language.ENV_DIR] = str(folder)
    return subprocess.run([sys.executable, "-m", "asara_cli", "--lang", code, "play",
                           str(log)], cwd=tmp_path, env=environ, input=stdin,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("code", [*each(SHIPPED), CODE])
@pytest.mark.parametrize("key", ["asara", "yspahan"])
def test_a_session_lists_filters_helps_and_records_in_the_language(
        key: str, code: str, tmp_path: Path, pseudo_dir: Path) -> None:
    """At a table of the language: ``moves`` prints its words, ``moves WORD`` filters by a
    word of it, ``help MOVE`` is the help the shell gives in it, and a listed move typed in
    it is recorded as the listed event."""
    g = game(key)
    board = load_board(None, key)
    header, events = _simulated(key)
    at = next(i for i in range(6, len(events)) if any(
        True for _m in g.legal_moves(board, g.recording().position(
            g.replay(board, header.setup, events[:i])))))
    log = tmp_path / "game.toml"
    log.write_text(log_to_text(header, events[:at]), encoding="utf-8")
    state = g.recording().position(g.replay(board, header.setup, events[:at]))
    first = next(iter(g.legal_moves(board, state)))
    head = shlex.split(first.words)[0]
    with speaking(code, pseudo_dir):
        word = commandwords.local(head)
        typed = local_line(g, first.words)
        filtered = [local_line(g, m.words) for m in g.legal_moves(board, state, [head])]
    assert word != head
    with speaking(code, pseudo_dir):
        moves, help_ = commandwords.local("moves"), commandwords.local("help")
    ran = _session(tmp_path, code, pseudo_dir, log,
                   f"{moves} {word}\n{help_} {word}\n{typed}\n")
    assert ran.returncode == 0, ran.stderr
    lines = ran.stdout.splitlines()
    assert filtered and all(m in lines for m in filtered), (filtered, ran.stdout[:2000])
    assert read_log(log).events[-1] == first.event
    text = _help(g, head)
    with speaking(code, pseudo_dir):
        from asara_cli.core.i18n import _

        said = _first(_(text))
    assert said != _first(text) and said in " ".join(ran.stdout.split()), ran.stdout[:3000]
    if code == CODE:  # the pseudo-language is the catalogue turned, word for word
        assert said == _first(turned(text))


@pytest.mark.parametrize("code", [*each(SHIPPED), CODE])
@pytest.mark.parametrize("key", ["asara", "yspahan"])
def test_a_recording_commands_help_teaches_the_words_of_the_language(
        key: str, code: str, tmp_path: Path, pseudo_dir: Path) -> None:
    """The help of each recording command, asked for by its word in the language, holds no
    English word a move is typed with where the language has a word of its own (``chest8``
    where French types ``coffre8``); option names, cells and numbers stay as they are.
    ``check`` lists the moves with their English names beside, on purpose; ``tally`` names the
    sheet's keys, which are English in every language."""
    left: dict[str, list[str]] = {}
    with speaking(code, pseudo_dir):
        for name in game(key).command_names():
            if name in ("check", "tally"):
                continue
            done = asara(tmp_path, "--game", key, commandwords.local(name), "--help", lang=code)
            assert done.returncode == 0, done.stderr
            found = english_in(game(key), done.stdout)
            if found:
                left[name] = found
    assert left == {}, left


@pytest.mark.parametrize("code", [*each(SHIPPED), CODE])
@pytest.mark.parametrize("key", ["asara", "yspahan"])
def test_a_refusal_teaches_the_words_of_the_language(
        key: str, code: str, tmp_path: Path, pseudo_dir: Path) -> None:
    """The refusal of each invalid sample log of the game, in the language, holds no English
    word a move is typed with where the language has a word of its own (a refusal that says
    what to type says it as the moves are listed: German ``Goldverzierung Basis``)."""
    folder = SAMPLES / ("invalid" if key == "asara" else "yspahan/invalid")
    left: dict[str, list[str]] = {}
    with speaking(code, pseudo_dir):
        for log in sorted(folder.glob("*.toml")):
            done = asara(tmp_path, "validate", str(log), lang=code)
            assert done.returncode in (1, 2), done.stderr
            found = english_in(game(key), (done.stdout + done.stderr).replace(str(log), ""))
            if found:
                left[log.name] = found
    assert left == {}, left


#: Lines refused for a word left out or misplaced, each with the example of what to type:
#: (the game, a sample, the events of it kept, the line's English words).
MISTYPED = [
    ("asara", "basic-gifts.toml", 0, ["gifts", "window"]),
    ("asara", "basic-gifts.toml", 0, ["gifts", "window", "2"]),
    *(("asara", "invalid/build-missing-tile.toml", 8, ["build", "3", "-c", "pair", *words])
      for words in (["--new", "green"], ["--new", "green 2 base turret"], ["--new", "green gold"],
                    ["--new", "green base window turret", "--light", "green window"])),
    ("yspahan", "yspahan/yspahan-3p.toml", 1, ["draw"])]


@pytest.mark.parametrize("code", [*each(SHIPPED), CODE])
def test_a_line_refused_says_what_to_type_in_the_language(
        code: str, tmp_path: Path, pseudo_dir: Path) -> None:
    """A line typed in the language and refused for a word left out or misplaced names the
    area, the colour, the row and the example to type in the language's words."""
    left: dict[str, list[str]] = {}
    with speaking(code, pseudo_dir):
        for key, sample, kept, line in MISTYPED:
            log = cut_sample(sample, kept, tmp_path / "game.toml")
            typed = local(game(key), line)
            done = asara(tmp_path, *typed, "--log", str(log), "--dry-run", lang=code)
            assert done.returncode == 2, (typed, done)
            found = english_in(game(key), done.stderr.replace(str(log), ""))
            if found:
                left[" ".join(typed)] = found
    assert left == {}, left


@pytest.mark.parametrize("code", [*each(SHIPPED), CODE])
def test_the_gift_a_refusal_gives_as_example_is_taken_as_typed(
        code: str, tmp_path: Path, pseudo_dir: Path) -> None:
    """A buyer on a space whose purchase gift needs a choice is refused with an example of
    --gift; typed as given, in the language, the move is taken (the example is the words
    --gift reads, not the gift's name on the screens: Russian's has a colon of its own)."""
    g = game("asara")
    log = cut_sample("basic-gifts.toml", 2, tmp_path / "game.toml")  # window 1: buy base
    with speaking(code, pseudo_dir):
        typed = local(g, ["buy", "window", "--space", "1", "-c", "blue"])
        refused = asara(tmp_path, *typed, "--log", str(log), "--dry-run", lang=code)
        assert refused.returncode == 2, refused
        example = re.findall(r'--\w+ "([^"]+)"', " ".join(refused.stderr.split()))  # --gift
        taken = asara(tmp_path, *typed, "--gift", example[0], "--log", str(log), "--dry-run",
                      lang=code)
    assert taken.returncode == 0, (example, taken)


def _first(text: str) -> str:
    return " ".join(text.split("\n\n")[0].split())


def _help(g: SomeGame, name: str) -> str:
    """The English help of the move command ``name``."""
    import typer
    import typer.main

    group = typer.Typer()
    g.register_commands(group, None)
    command = typer.main.get_command(group)
    return str(command.commands[name].help)  # type: ignore[attr-defined]


# --- a whole game typed at a table of the language ------------------------------------------


GAMES = {"asara": (["--players", "2", "--pro", "--gifts", "--genie"], 3),
         "yspahan": (["--game", "yspahan", "--players", "3"], 12)}


@pytest.fixture(scope="module")
def typed_games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[GameLog, list[str]]]:
    """A simulated game of each game (its first :data:`LINES` events) and the lines a table
    types for it in English, made once for every language."""
    from test_session_whole_game import NAMES, cli, typed_lines

    found = {}
    for key, (options, seed) in GAMES.items():
        out = tmp_path_factory.mktemp(key)
        made = cli("simulate", "--games", "1", "--seed", str(seed), "--names", NAMES,
                   "--out", str(out), *options)
        assert made.exit_code == 0, made.output
        (simulated,) = sorted(out.glob("*.toml"))
        sim = read_log(simulated)
        sim = msgspec.structs.replace(sim, events=sim.events[:LINES])
        lines, unsaid = typed_lines(sim)
        assert unsaid == []
        found[key] = (sim, lines)
    return found


@pytest.mark.parametrize("code", [*each(SHIPPED), CODE])
@pytest.mark.parametrize("key", list(GAMES))
def test_a_whole_game_typed_in_the_language_is_the_game_simulated(
        tmp_path: Path, pseudo_dir: Path, typed_games: dict[str, tuple[GameLog, list[str]]],
        code: str, key: str) -> None:
    """The round trip of issue 35 (point 2) in each language shipped and the pseudo one: a
    simulated game's moves in the words ``moves`` lists, and its facts in their commands'
    words, said in the language and typed at a session of it, record the simulated events
    (the first :data:`LINES` of them; English: ``test_session_whole_game.py``)."""
    from test_session_whole_game import cli, new_words, same

    sim, lines = typed_games[key]
    g = sim.header.rules
    with speaking(code, pseudo_dir):
        said = [" ".join(map(quoted, local(g, shlex.split(line)))) for line in lines]
    assert said != lines
    session = tmp_path / "session.toml"
    assert cli(*new_words(sim, session)).exit_code == 0
    ran = _session(tmp_path, code, pseudo_dir, session, "\n".join(said) + "\n")
    assert ran.returncode == 0, ran.stderr[-2000:]
    events = read_log(session).events
    assert len(events) == len(lines) == len(sim.events)
    board = load_board(None, g.key)
    assert all(same(board, a, b) for a, b in zip(events, sim.events, strict=True))
    with speaking(code, pseudo_dir):  # what the session said teaches no English word to type
        left = english_in(game(key), ran.stdout.replace(str(session), ""))
    assert left == [], left


# --- Tab at a table of the language ---------------------------------------------------------


def _tab(log: Path, line: str) -> list[str]:
    """What Tab completes at the end of ``line`` in a session on ``log``, as inserted."""
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from asara_cli.cli.session import Session
    from asara_cli.cli.table import TableCompleter

    completer = TableCompleter(Session(log))
    return [c.text for c in completer.get_completions(Document(line), CompleteEvent())]


@pytest.mark.parametrize(("key", "line", "offered", "not_offered"), [
    # umlauts complete: a candidate of letters goes in as it is, never quoted
    ("yspahan", "wü", {"würfeln"}, {"'würfeln'"}),
    ("asara", "kaufen ", {"Basis", "Mittelteil", "Fenster", "Spitze"},
     {"base", "trunk", "window", "turret"}),
    ("asara", "kaufen b", {"basis"}, {"base"}),  # the letters typed kept
    ("asara", "kaufen Fenster Gr", {"Grün"}, {"Green", "'Grün'"}),
    ("asara", "buy window gr", {"grün"}, {"green"}),  # after an English word as well
])
def test_tab_at_a_german_table_offers_german_words(
        tmp_path: Path, german: None, key: str, line: str, offered: set[str],
        not_offered: set[str]) -> None:
    g = game(key)
    board = load_board(None, key)
    header, events = _simulated(key)
    rules = g.recording()
    at = next(i for i in range(len(events)) if (i == 0 if key == "yspahan" else any(
        m.words.startswith("buy window") for m in g.legal_moves(board, rules.position(
            g.replay(board, header.setup, events[:i]))))))
    log = tmp_path / "game.toml"
    log.write_text(log_to_text(header, events[:at]), encoding="utf-8")
    found = set(_tab(log, line))
    assert offered <= found, found
    assert not found & not_offered, found


def test_the_shells_tab_offers_the_words_of_the_language(tmp_path: Path) -> None:
    """``asara kaufen <Tab>`` in German: the parts in German; a card of Yspahan's by its
    German name (``--build`` offers ``Weide``, not ``pasture``)."""
    from test_completion import candidates

    assert candidates("asara kaufen ", lang="de") == ["Basis", "Mittelteil", "Fenster",
                                                      "Spitze"]
    header, events = _simulated("yspahan")
    log = tmp_path / "y.toml"
    log.write_text(log_to_text(header, events[:2]), encoding="utf-8")

    def tab(line: str) -> list[str]:  # as bash's completion script asks, in a process
        environ = {**env(tmp_path), language.ENV: "de", "ASARA_LOG": str(log),
                   "_ASARA_COMPLETE": "complete_bash", "COMP_WORDS": line,
                   "COMP_CWORD": str(len(line.split()) - (0 if line.endswith(" ") else 1))}
        ran = subprocess.run([sys.executable, "-m", "asara_cli"], env=environ,
                             capture_output=True, text=True, timeout=60)
        return ran.stdout.split()

    built = tab("asara kamele --build ")
    assert "Weide" in built and "pasture" not in built, built
    assert tab("asara kamele --build pas") == ["pasture"]  # English is read too


def test_tab_after_the_sessions_own_words_offers_the_command_words_of_the_language(
        tmp_path: Path, german: None) -> None:
    """``hilfe <Tab>``, ``züge <Tab>``: the move commands in German; ``züge kaufen <Tab>``:
    the words of the moves that begin so, in German."""
    header, events = _simulated("asara")
    log = tmp_path / "game.toml"
    log.write_text(log_to_text(header, events[:3]), encoding="utf-8")
    for line in ("hilfe ", "züge ", "probe "):
        found = set(_tab(log, line))
        assert "kaufen" in found and not {"buy", "build"} & found, (line, found)
    # Sim-Flo, to move, holds no section: a build is refused, so only `hilfe` offers it
    assert "bauen" in _tab(log, "hilfe ") and "bauen" not in _tab(log, "züge ")
    after = set(_tab(log, "züge kaufen "))
    assert after and after <= {"Basis", "Mittelteil", "Fenster", "Spitze"}, after
