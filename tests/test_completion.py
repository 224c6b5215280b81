"""Shell completion: Tab asks `asara` for candidates the way Typer's bash, zsh and fish scripts
do (``$_ASARA_COMPLETE`` and the words typed so far), and the candidates are checked as the
shell would receive them. Commands, areas and colours come from the words the commands read;
players, buyer colours and towers from the current log; a broken log gives none, quietly."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from samples import cut_sample
from terminal import run_here
from typer.testing import CliRunner

from asara_cli.cli import app
from asara_cli.cli.clickish import split_arg_string
from asara_cli.cli.completion import plain

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
ASARA = Path(sys.executable).parent / "asara"

MOVES = ["buy", "build", "bank", "coloured", "bribe", "caliph", "recruit", "lighted",
         "genie", "display", "gifts", "checkpoint"]
# the generic commands, then the game's own (ASARA's quick tally, then its recording
# commands), then the recording commands every game has
COMMANDS = ["validate", "status", "score", "moves", "board", "simulate", "batch", "report",
            "rules", "play", "tally", "new", *MOVES, "undo", "redo", "use", "check"]
COLOURS = ["brown", "green", "red", "black", "white"]
AREAS = ["base", "trunk", "window", "turret"]


def _completing(line: str, shell: str) -> dict[str, str]:
    """What Typer's completion script for ``shell`` sets for a Tab at the end of ``line``."""
    if shell == "bash":  # a word of its script's is one as the shell reads it (souk\ bag3)
        words = split_arg_string(line)
        return {"_ASARA_COMPLETE": "complete_bash", "COMP_WORDS": line,
                "COMP_CWORD": str(len(words) if line.endswith(" ") else len(words) - 1)}
    if shell == "powershell":  # the line as PowerShell gives it, without its last blank
        return {"_ASARA_COMPLETE": "complete_powershell", "_TYPER_COMPLETE_ARGS": line.rstrip(),
                "_TYPER_COMPLETE_WORD_TO_COMPLETE": "" if line.endswith(" ") else
                line.split()[-1]}
    return {"_ASARA_COMPLETE": f"complete_{shell}", "_TYPER_COMPLETE_ARGS": line,
            "_TYPER_COMPLETE_FISH_ACTION": "get-args"}


def candidates(line: str, log: Path | str | None = None, shell: str = "bash",
               lang: str | None = None) -> list[str]:
    """What the shell gets for a Tab at the end of ``line`` (a trailing space: a new word),
    through the entry point's ``run`` in this process, in the folder the test is in
    (``lang``: $ASARA_LANG)."""
    return tab(line, None if log is None else Path(log), Path.cwd(), shell, lang)


def _tab_env(line: str, log: Path | str | None, shell: str = "bash",
             lang: str | None = None) -> dict[str, str]:
    """The environment a shell's completion script gives a Tab at the end of ``line``."""
    env = {k: v for k, v in os.environ.items() if k not in ("ASARA_LOG", "ASARA_LANG")}
    if log is not None:
        env["ASARA_LOG"] = str(log)
    if lang is not None:
        env["ASARA_LANG"] = lang
    return {**env, **_completing(line, shell)}


def tab(line: str, log: Path | None, folder: Path, shell: str = "bash",
        lang: str | None = None) -> list[str]:
    """A Tab through the entry point's ``run`` in this process, as the shell runs it."""
    result = run_here(folder, [], _tab_env(line, log, shell, lang))
    assert result.returncode == 0 and result.stderr == "", result
    return result.stdout.splitlines() if result.stdout.strip() else []


def shell(line: str, cwd: Path, log: Path | str | None = None,
          *args: str) -> subprocess.CompletedProcess[str]:
    """A Tab through the installed `asara` entry point, as bash's completion script runs it."""
    return subprocess.run([str(ASARA), *args], cwd=cwd, env=_tab_env(line, log),
                          capture_output=True, text=True, timeout=60)


@pytest.fixture(autouse=True)
def _elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No `asara use` state file from the developer's folder."""
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def midgame(tmp_path: Path) -> Path:
    """four-player-pro after 69 events (year 3, Ben to move): Ben has a red and a white
    tower, Anna two green ones, Tina a black and a brown one."""
    return cut_sample("four-player-pro.toml", 69, tmp_path / "game.toml")


# --- commands, areas, colours ----------------------------------------------------------------


def test_commands() -> None:
    assert candidates("asara ") == COMMANDS
    assert candidates("asara b") == ["board", "batch", "buy", "build", "bank", "bribe"]
    assert candidates("asara check ") == MOVES
    assert "--install-completion" in candidates("asara --")


def test_the_entry_point_builds_every_command(tmp_path: Path) -> None:
    """`asara status` builds only itself, but not when the shell asks for completions."""
    result = shell("asara s", tmp_path, None, "status")
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.split() == ["status", "score", "simulate"]


def test_areas_and_piles() -> None:
    assert candidates("asara buy ") == AREAS
    assert candidates("asara buy t") == ["trunk", "turret"]
    assert candidates("asara check buy wi") == ["window"]
    assert candidates("asara bribe 3 ") == AREAS
    assert candidates("asara buy fen") == []  # an English table: no German word
    assert candidates("asara buy mi") == ["mid-section", "middle"]


def test_colours() -> None:
    assert candidates("asara buy window ") == [*COLOURS, "gold"]
    assert candidates("asara buy window gold ") == COLOURS
    assert candidates("asara buy window black ") == []  # one tile, one colour
    assert candidates("asara buy window b") == ["brown", "black"]
    assert candidates("asara buy window Bl") == ["Black"]  # any case, as typed
    assert candidates("asara buy window ro") == []  # German at a German table only
    assert candidates("asara bribe 3 turret g") == ["green", "gold"]
    assert candidates("asara lighted 4 --keep ") == COLOURS
    assert candidates("asara build 2 --new w") == ["white"]


def test_build_words(midgame: Path) -> None:
    assert candidates("asara build 2 ") == COLOURS  # a tower's colour comes first
    after = candidates("asara build 2 white ")
    assert after[:5] == [*AREAS, "gold"] and set(COLOURS) <= set(after)
    # Anna has two green towers: the number of the one built on
    assert candidates("asara build 2 -p Anna green ", midgame)[0] == "2"


def test_display_and_gifts(midgame: Path) -> None:
    assert candidates("asara display ") == AREAS
    assert candidates("asara display window red base ") == [
        *COLOURS, "gold", "trunk", "turret"]
    assert candidates("asara gifts ", midgame) == [
        "base", "trunk", "window", "turret", "circle", "bank", "coloured", "spies", "caliph",
        "tent", "lighted"]  # the areas in play: pro, no genie
    assert candidates("asara gifts base ") == []  # the space number
    assert candidates("asara gifts base 2 ") == ["buyer", "prestige", "lighted", "asari", "buy"]
    assert candidates("asara gifts base 2 buy t") == ["trunk", "turret"]
    assert candidates("asara gifts base 2 asari ") == []
    assert candidates("asara gifts base 2 asari 6 ba") == ["base", "bank"]


# --- from the current log --------------------------------------------------------------------


def test_players_from_the_log(midgame: Path, tmp_path: Path) -> None:
    players = ["Tina", "Paul", "Anna", "Ben"]
    assert candidates("asara coloured -p ", midgame) == players  # $ASARA_LOG
    assert candidates("asara check bank 12 --player a", midgame) == ["anna"]
    assert candidates("asara coloured -p ") == []  # no log: no players
    # --log on the line wins over $ASARA_LOG
    other = shutil.copy(SAMPLES / "pro-gifts-genie.toml", tmp_path / "other.toml")
    assert candidates(f"asara coloured --log {other} -p ", midgame) == ["Tina", "Lena", "Cleo"]
    # the log `asara use` remembered (in the folder the shell is in)
    assert CliRunner().invoke(app, ["use", "other.toml"], env={"ASARA_LOG": None}).exit_code == 0
    assert candidates("asara caliph -p ") == ["Tina", "Lena", "Cleo"]
    # `asara new --start`: the players given on the line
    assert candidates("asara new g.toml -p Tina -p Paul --start ") == ["Tina", "Paul"]


def test_buyer_colours_from_the_log(midgame: Path) -> None:
    assert candidates("asara bank 8 --card ", midgame) == [
        "blue", "yellow", "violet", "orange", "grey", "pair"]
    assert candidates("asara bank 8 -c y", midgame) == ["yellow"]
    assert candidates("asara bank 8 -c ") == ["pair"]  # no log: only the pair


def test_declared_buyer_colours(tmp_path: Path) -> None:
    log = tmp_path / "g.toml"
    text = (SAMPLES / "two-player-basic.toml").read_text("utf-8")
    log.write_text(text.replace('board = "standard"', 'buyers = ["blue", "green", "orange", '
                                '"violet", "yellow"]\nboard = "standard"', 1), "utf-8")
    # declared: all five, even those no buyer showed yet
    assert candidates("asara bank 8 --card ", log) == [
        "blue", "green", "orange", "violet", "yellow", "pair"]


def test_towers_from_the_log(midgame: Path) -> None:
    assert candidates("asara build 2 --add ", midgame) == ["red", "white"]  # Ben, to move
    assert candidates("asara build 2 -p Anna --add ", midgame, shell="fish") == [
        "green", "green 2"]
    zsh = "\n".join(candidates("asara build 2 -p Anna --add ", midgame, shell="zsh"))
    assert '"green"' in zsh and '"green 2"' in zsh  # in zsh's _arguments, quoted
    assert candidates("asara build 2 -p Anna --add ", midgame) == [
        "green", "green\\ 2"]  # bash inserts a candidate as it is: the space escaped
    assert candidates("asara build 2 -p Tina --light ", midgame) == ["black"]  # has a window
    assert candidates("asara build 2 -p Nobody --add ", midgame) == []
    finished = SAMPLES / "four-player-pro.toml"
    assert candidates("asara build 2 --add ", finished) == []  # nobody is to move


# --- nothing from a log that cannot be used --------------------------------------------------


def _fifo(tmp_path: Path) -> Path:
    path = tmp_path / "fifo.toml"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("content", [
    'format = 1\nplayers = ["Tina", "Paul"\n',  # broken TOML
    "\x00\xff not text",
    'format = 1\nplayers = ["Ti\\u001b[31mna", "Paul"]\nstart = "Paul"\n',  # an escape
    'format = 99\nplayers = ["Tina", "Paul"]\nstart = "Paul"\n',
    "",
])
def test_a_broken_log_gives_no_candidates(tmp_path: Path, content: str) -> None:
    log = tmp_path / "game.toml"
    log.write_bytes(content.encode("utf-8", "surrogateescape"))
    for line in ("asara coloured -p ", "asara build 2 --add ", "asara build 2 --light "):
        assert candidates(line, log) == []
    assert candidates("asara coloured -c ", log) == ["pair"]
    assert candidates("asara buy ", log) == AREAS  # the words need no log


def test_no_log_at_all(tmp_path: Path) -> None:
    for log in (None, tmp_path / "missing.toml", tmp_path, _fifo(tmp_path)):
        assert candidates("asara coloured -p ", log) == []
    (tmp_path / ".asara-state.toml").write_text("log = [", "utf-8")
    assert candidates("asara coloured -p ") == []


def test_words_from_a_hostile_log_are_plain(tmp_path: Path) -> None:
    """Names the log layer accepts but a shell would read as syntax are not offered."""
    log = tmp_path / "game.toml"
    log.write_text('format = 1\nplayers = ["Bob; rm -rf x", "Zoë", "$(touch pwned)", '
                   '"Anna Lena", "O\'Brien"]\nstart = "Zoë"\n', "utf-8")
    assert candidates("asara coloured -p ", log) == ["Zoë", "Anna\\ Lena"]
    assert not (tmp_path / "pwned").exists()
    for word in ("Ti\x1bna", "Ti\nna", "a\u202eb", "x\x00", " Tina", "", "a" * 65):
        assert not plain(word)
    assert plain("Zoë") and plain("Anna-Lena Jr.")


def test_a_broken_log_through_the_entry_point(tmp_path: Path) -> None:
    """No traceback, no message in the user's prompt, exit 0."""
    log = tmp_path / "game.toml"
    log.write_text('players = ["Tina"\n[[event]]\ntype = 3\n', "utf-8")
    for line in ("asara coloured -p ", "asara build 2 -p Tina --add "):
        result = shell(line, tmp_path, log)
        assert (result.returncode, result.stdout, result.stderr) == (0, "\n", "")
    result = shell("asara coloured -c ", tmp_path, log)
    assert (result.returncode, result.stdout, result.stderr) == (0, "pair\n", "")


def test_the_completion_scripts(tmp_path: Path) -> None:
    env = {**os.environ, "HOME": str(tmp_path),
           "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"}
    for name, marker in (("bash", "_ASARA_COMPLETE=complete_bash"),
                         ("zsh", "_ASARA_COMPLETE=complete_zsh"),
                         ("fish", "_ASARA_COMPLETE=complete_fish")):
        result = subprocess.run([str(ASARA), "--show-completion", name], env=env,
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 0 and marker in result.stdout, result.stderr
    result = subprocess.run([str(ASARA), "--install-completion", "bash"], env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    script = tmp_path / ".bash_completions" / "asara.sh"
    assert "complete_bash" in script.read_text("utf-8")
    assert f"source '{script}'" in (tmp_path / ".bashrc").read_text("utf-8")


def test_yspahan_words_from_its_board_and_log(tmp_path: Path) -> None:
    """A Yspahan log in use: Tab (through the entry point's ``run``, in this process: the
    installed script is the other tests') offers its commands and its words (rows, souks and
    the cells their shops face, cells, buildings, cards, players), not ASARA's."""
    log = tmp_path / "y.toml"
    shutil.copy(SAMPLES / "yspahan" / "yspahan-4p.toml", log)

    def here(line: str, with_log: bool = True) -> list[str]:
        return tab(line, log if with_log else None, tmp_path)

    # at the game's end no move is offered (each would be refused), the facts are
    assert "roll" in here("asara r") and "supervisor" not in here("asara s")
    assert "buy" not in here("asara b")
    assert here("asara supervisor ch") == ["chest"]
    assert here("asara goods chest chest8 ")[:2] == ["N2", "N4"]
    assert "inner" in here("asara goods chest chest8 ")
    assert here("asara supervisor bag W1") == ["W1", "W10"]
    assert here("asara camels --build pa") == ["pasture"]
    assert here("asara camels --play gold") == ["gold3", "goldvp"]
    assert here("asara camels -p Ti") == ["Tina"]
    assert "buy" in here("asara b", with_log=False)  # no log: the default game's commands


# --- from the position of the log in use -----------------------------------------------------

#: Week 3, day 5, Sim-Bo to move (tests/test_session_tab.py: read by hand from ``status``):
#: the camels and vase rows hold no die; bag4 is Sim-Ada's, bag3 Sim-Bo's, bag6 and bag8 empty.
HEAVY = Path(__file__).parent / "yspahan" / "positions" / "heavy-secret-caravanserai.toml"


@pytest.mark.parametrize("shell", ["bash", "fish"])
def test_a_moves_words_are_the_legal_moves(tmp_path: Path, shell: str) -> None:
    """As `asara play` offers them: not the grammar's every souk and row."""
    assert tab("asara goods bag ", HEAVY, tmp_path, shell) == ["bag3", "bag6", "bag8"]
    assert tab("asara supervisor ", HEAVY, tmp_path, shell) == [
        "bag", "barrel", "chest", "gold"]
    assert tab("asara check goods bag b", HEAVY, tmp_path, shell) == ["bag3", "bag6", "bag8"]
    assert tab(f"asara goods --log {HEAVY} bag ", None, tmp_path, shell) == [
        "bag3", "bag6", "bag8"]  # the log named on the line


def test_powershell_gets_the_legal_words(tmp_path: Path) -> None:
    for line in ("asara goods bag ", "asara goods bag b"):
        offered = tab(line, HEAVY, tmp_path, "powershell")
        assert [w.split(":::")[0] for w in offered] == ["bag3", "bag6", "bag8"], line


def test_zsh_gets_the_legal_words(tmp_path: Path) -> None:
    zsh = "\n".join(tab("asara goods bag ", HEAVY, tmp_path, "zsh"))  # in _arguments, quoted
    assert all(f'"{souk}"' in zsh for souk in ("bag3", "bag6", "bag8")) and "bag4" not in zsh


def test_moves_words_complete_from_the_legal_moves(tmp_path: Path) -> None:
    """`asara moves LOG WORD...` completes its words as a move's: the legal moves' next
    words, after LOG or with --log (where LOG would stand, a word, not a file)."""
    for line in (f"asara moves {HEAVY} goods bag ", f"asara moves --log {HEAVY} goods bag "):
        assert tab(line, None, tmp_path) == ["bag3", "bag6", "bag8"], line
    firsts = tab(f"asara moves --log {HEAVY} ", None, tmp_path)
    assert "goods" in firsts and "camels" not in firsts, firsts
    assert tab(f"asara moves {HEAVY} ", None, tmp_path) == firsts


def test_zsh_shows_an_apostrophe_of_the_help(tmp_path: Path) -> None:
    """zsh's script evaluates the answer, one quoted word in which Typer doubles an
    apostrophe: quoted as zsh reads it, the help says "game's", not "games"."""
    answer = shlex.split("\n".join(tab("asara bo", None, tmp_path, "zsh")))  # zsh's quotes
    assert answer[0] == "_arguments" and "Show a game's board profile" in answer[1], answer


def test_the_commands_own_options_are_no_moves_words(tmp_path: Path) -> None:
    """--log, --dry-run and -p naming the mover are the one-shot command's, not the move's;
    -p naming another player makes a move refused: the grammar's words."""
    for line in ("asara goods -p Sim-Bo bag ", "asara goods --player=sim-bo -n bag ",
                 "asara goods --dry-run bag "):
        assert tab(line, HEAVY, tmp_path) == ["bag3", "bag6", "bag8"], line
    assert "bag4" in tab("asara goods -p Sim-Ada bag ", HEAVY, tmp_path)


def test_bash_gets_a_word_of_several_escaped(tmp_path: Path) -> None:
    """A card's words are one argument: bash inserts each candidate as it is, so its blanks
    come escaped, also once the first of them is typed (escaped too)."""
    souks = ["souk\\ bag3\\ W3", "souk\\ bag3\\ S1"]
    assert tab("asara gold --play souk", HEAVY, tmp_path)[:2] == souks
    assert tab("asara gold --play souk\\ bag", HEAVY, tmp_path) == souks
    assert tab("asara gold --play souk\\ bag", HEAVY, tmp_path, "fish") == [
        "souk bag3 W3", "souk bag3 S1"]
    # inside a quote typed, bash closes it around the candidate: no escape
    assert tab("asara gold --play 'souk bag", HEAVY, tmp_path) == ["souk bag3 W3",
                                                                  "souk bag3 S1"]


def test_a_word_no_legal_move_fits_is_the_grammars(tmp_path: Path) -> None:
    """A souk typed that no legal move takes still completes (the command says why not);
    so do the words the legal moves never list (a fact, the options)."""
    assert tab("asara goods bag bag4", HEAVY, tmp_path) == ["bag4"]
    assert tab("asara roll 1 1 3 --play gold", HEAVY, tmp_path) == ["gold3", "goldvp"]
    assert "--discard" in tab("asara goods bag --", HEAVY, tmp_path)


def test_the_commands_leave_out_moves_not_legal_now(tmp_path: Path) -> None:
    offered = tab("asara ", HEAVY, tmp_path)
    assert {"goods", "supervisor", "draw", "gold", "roll", "checkpoint", "moves"} <= set(
        offered)
    assert "camels" not in offered  # its row holds no die (Y2.5)
    assert "camels" not in tab("asara check ", HEAVY, tmp_path)


def test_asaras_commands_leave_out_moves_not_legal_now(midgame: Path) -> None:
    """`asara status` at the midgame: the Caliph's patronage has no free space."""
    assert "caliph" not in candidates("asara ", midgame)
    assert "caliph" not in candidates("asara check ", midgame)
    assert {"buy", "bank", "display", "gifts", "checkpoint"} <= set(candidates("asara ", midgame))
    assert "caliph" in candidates("asara ")  # no log: every command


def test_at_a_german_table_the_legal_words_in_german(tmp_path: Path) -> None:
    for line in ("asara --lang de beliefern Sack ", "asara --lang de goods bag "):
        assert tab(line, HEAVY, tmp_path) == ["Sack3", "Sack6", "Sack8"]
    assert tab("asara --lang de aufseher ", HEAVY, tmp_path) == ["Sack", "Fass", "Truhe", "Gold"]
    offered = tab("asara --lang de ", HEAVY, tmp_path)
    assert "beliefern" in offered and not {"kamele", "camels"} & set(offered)


def test_an_illegal_log_gives_the_grammars_words(tmp_path: Path) -> None:
    log = tmp_path / "game.toml"
    log.write_text(HEAVY.read_text("utf-8") + '\n[[event]]\ntype = "turn"\nplayer = "Sim-Bo"\n'
                   'row = "camels"\n', "utf-8")  # a row of no die taken
    assert {"bag4", "vase12"} <= set(tab("asara goods bag ", log, tmp_path))
    assert "camels" in tab("asara ", log, tmp_path)


@pytest.mark.parametrize(("sample", "events", "line"), [
    *((None, 0, line) for line in ("goods bag ", "goods bag bag3 ", "supervisor ",
                                   "supervisor b", "gold --play ", "gold --play Go", "draw ",
                                   "goods -p Sim-Bo ")),
    # year 4, Anna to move: green 1 and green 2 standing, a green window behind her screen
    *(("four-player-pro.toml", 84, line) for line in ("", "build 1 --add ", "build 1 --light ",
                                                       "bank --space ", "buy w", "buy base "))])
def test_the_shell_offers_what_the_session_offers(tmp_path: Path, sample: str | None,
                                                  events: int, line: str) -> None:
    """One way to the legal words: a Tab after a move's words in the shell (fish: a candidate
    as it is) and in `asara play` give the same words where a legal one fits (the first
    word: the same legal commands)."""
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from asara_cli.cli.session import Session
    from asara_cli.cli.table import TableCompleter
    from asara_cli.games import game

    log = HEAVY if sample is None else cut_sample(sample, events, tmp_path / "game.toml")
    session = TableCompleter(Session(log))
    said = [c.text.strip("'") for c in session.get_completions(Document(line), CompleteEvent())]
    shell = tab(f"asara {line}", log, tmp_path, "fish")
    if not line:  # each has commands of its own: the same moves' commands (fish: a help)
        moves = set(game("asara").listed_names())
        assert moves & set(said) == moves & {w.split("\t")[0] for w in shell} != set()
        return
    assert shell and said[:len(shell)] == shell
