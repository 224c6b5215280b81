"""What a full expansion game at the table still tripped over (issue 21, points 1-10 and
16): the wrong player's move, a forgotten deal of the gifts, messages cut mid-word, ..."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner
from wrapped import messages, unwrap

from asara_cli.cli import app
from asara_cli.errors import InputError
from asara_cli.logfile.game import parse_log, read_log

runner = CliRunner()


def cli(*args: str, width: int = 80):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), env={"COLUMNS": str(width)})


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ASARA_LOG", raising=False)
    return tmp_path


# --- 1. the wrong player's move -------------------------------------------------------------


def test_a_refusal_ends_by_saying_whose_turn_it_still_is(here: Path) -> None:
    assert cli("new", "g.toml", "-p", "Tina", "-p", "Paul").exit_code == 0
    assert cli("bank", "12", "-c", "red").exit_code == 0  # Tina
    result = cli("bank", "12", "-c", "blue")  # Paul: the space is taken
    assert result.exit_code == 1
    assert messages(result.stderr)[-1] == "  nothing was written; it is still Paul's turn"
    result = cli("buy", "window", "purple", "-c", "blue")  # not understood: exit 2
    assert result.exit_code == 2
    assert unwrap(result.stderr).rstrip().endswith("it is still Paul's turn")


def test_name_movers_makes_the_mover_compulsory_and_refuses_anyone_else(here: Path) -> None:
    result = cli("new", "g.toml", "-p", "Tina", "-p", "Paul", "--name-movers")
    assert result.exit_code == 0, result.output
    assert 'movers = "named"' in (here / "g.toml").read_text("utf-8")
    assert read_log(here / "g.toml").header.movers == "named"
    result = cli("coloured")  # the turn would imply Tina: not at this table
    assert result.exit_code == 2
    assert "add -p NAME" in unwrap(result.stderr)
    assert "it is still Tina's turn" in unwrap(result.stderr)
    result = cli("coloured", "-p", "Paul")
    assert result.exit_code == 1
    assert "it is Tina's turn, not Paul's [R2]" in unwrap(result.stderr)
    assert read_log(here / "g.toml").events == ()
    result = cli("coloured", "-p", "tina")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Tina takes 5")  # the mover is the first word
    assert "event #1" in result.stdout
    assert len(read_log(here / "g.toml").events) == 1
    assert cli("validate", "g.toml").exit_code == 0


def test_without_name_movers_the_turn_implies_the_mover(here: Path) -> None:
    assert cli("new", "g.toml", "-p", "Tina", "-p", "Paul").exit_code == 0
    assert "movers" not in (here / "g.toml").read_text("utf-8")
    assert read_log(here / "g.toml").header.movers == "turn"
    assert cli("coloured").exit_code == 0


def test_the_log_reader_refuses_an_unknown_movers_setting() -> None:
    head = 'format = 1\nplayers = ["Tina", "Paul"]\nstart = "Tina"\n'
    assert parse_log(head + 'movers = "named"\n').header.movers == "named"
    with pytest.raises(InputError, match="movers"):
        parse_log(head + 'movers = "everyone"\n')


# --- 3. messages cut mid-word ----------------------------------------------------------------


def test_wrap_breaks_between_words_and_keeps_rule_ids_and_diagnostics_whole() -> None:
    from asara_cli.render.wrap import wrap

    line = ("  space 2 of the base market holds buyer, prestige; the move claims no gift (a "
            "buyer there takes every gift lying there) [R6.1]")
    wrapped = wrap(line, 80).splitlines()
    assert all(len(x) <= 80 for x in wrapped)
    assert wrapped[0].startswith("  space 2") and wrapped[1].startswith("    ")
    assert " ".join(x.strip() for x in wrapped) == line.strip()
    assert any(x.endswith("[R6.1]") for x in wrapped)
    diagnostic = "game.toml:12: event 5 (Tina, buy): " + "very long " * 10 + "[R2.1]"
    assert wrap(diagnostic, 80) == diagnostic  # an editor jumps to file:line
    place = "error: some/where/game.toml: no such file " + "and so on " * 8
    assert wrap(place, 80).splitlines()[0].startswith("error: some/where/game.toml: no")


def test_every_console_line_is_wrapped_at_the_terminal_width(here: Path) -> None:
    # a long unusable-input error, a long refusal, at 80 and at 50 columns
    assert cli("new", "g.toml", "-p", "Tina", "-p", "Paul", "--buyers",
               "blue green orange violet yellow").exit_code == 0
    for width in (80, 50):
        for args in (["buy", "window", "black", "-c", "gren"],
                     ["bribe", "4", "turret", "-c", "blue", "-p", "Paul"]):
            result = cli(*args, width=width)
            assert result.exit_code in (1, 2)
            lines = result.stderr.splitlines()
            assert len(lines) > 1 and all(len(x) <= width for x in lines), result.stderr
            # the terminal breaks nothing: every word and rule id is whole on its line
            assert not any(x.rstrip().endswith("[R") for x in lines)
