"""`asara tally` and `asara board` through the real Typer app: exit codes, JSON, stderr."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result
from wrapped import messages, unwrap

from asara_cli.cli import app

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
runner = CliRunner()


def tally(*args: str) -> Result:
    return runner.invoke(app, ["tally", *args])


def write(tmp_path: Path, text: str, name: str = "game.sheet.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_rulebook_example_json_totals() -> None:
    # Totals worked by hand in the sample's header comment:
    # Tina 58 + (4+6+8+3+8+2) + 24//10 = 58 + 31 + 2 = 91
    # Philipp 60 + (1+4+4+8+3+2+9) + 1 = 60 + 31 + 1 = 92
    # Wolfgang 57 + (1+3+4+12+9) + 3 = 57 + 29 + 3 = 89
    result = tally("--json", str(SAMPLES / "rulebook-example.sheet.toml"))
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["variant"] == "basic"
    assert [(p["name"], p["final_points"], p["total"]) for p in data["players"]] == [
        ("Tina", 33, 91), ("Philipp", 32, 92), ("Wolfgang", 32, 89)]
    assert data["winners"] == ["Philipp"]
    tina = data["players"][0]
    black = [a for a in tina["awards"] if a["category"] == "black"]
    assert black == [{"category": "black", "points": 8, "place": 1, "tied": 2,
                      "tower": {"color": "black", "height": 7, "lighted": 0},
                      "explanation": "black: tied 1st, (10+5)/2 = 7.5 -> 8 per tower "
                                     "(2 towers, height 7)"}]
    for p in data["players"]:
        assert p["final_points"] == sum(a["points"] for a in p["awards"])
        assert p["total"] == p["prestige"] + p["final_points"]


def test_pro_sheet_lighted_windows_decide_ties() -> None:
    # Worked by hand in the sample's header comment: Ana 62+36, Ben 60+25, Cleo 58+25, Dev 61+11.
    result = tally(str(SAMPLES / "pro-lighted-tiebreaks.sheet.toml"), "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert [(p["name"], p["final_points"], p["total"]) for p in data["players"]] == [
        ("Ana", 36, 98), ("Ben", 25, 85), ("Cleo", 25, 83), ("Dev", 11, 72)]
    assert data["winners"] == ["Ana"]
    white = {p["name"]: [a["points"] for a in p["awards"] if a["category"] == "white"]
             for p in data["players"]}
    assert white == {"Ana": [12], "Ben": [6], "Cleo": [], "Dev": []}


def test_tied_winners_listed_in_seat_order(tmp_path: Path) -> None:
    # Two identical positions: each gets red tied 1st (8+4)/2 = 6, overall tied 1st
    # (8+4)/2 = 6, most towers tied 1st (12+6)/2 = 9, money 20 -> 2: 23 each, 10 + 23 = 33.
    sheet = write(tmp_path, """
[[players]]
name = "Bo"
asari = 20
prestige = 10
towers = [{ color = "red", height = 4 }]
[[players]]
name = "Al"
asari = 25
prestige = 10
towers = [{ color = "red", height = 4 }]
""")
    data = json.loads(tally("--json", str(sheet)).stdout)
    assert [p["total"] for p in data["players"]] == [33, 33]
    assert data["winners"] == ["Bo", "Al"]


def test_table_output_explains_and_names_winner() -> None:
    result = tally(str(SAMPLES / "rulebook-example.sheet.toml"))
    assert result.exit_code == 0
    assert "(10+5)/2 = 7.5 -> 8 per tower" in result.stdout
    assert "(12+6)/2 = 9 per player" in result.stdout
    assert "Winner: Philipp with 92 prestige" in result.stdout
    assert result.stderr == ""


def test_names_are_printed_as_typed_not_as_markup(tmp_path: Path) -> None:
    sheet = write(tmp_path, """
[[players]]
name = "[red]x"
towers = [{ color = "red", height = 2 }]
[[players]]
name = "Y"
""")
    result = tally(str(sheet))
    assert result.exit_code == 0
    assert "[red]x" in result.stdout


GOOD_PLAYER_2 = '[[players]]\nname = "Bo"\n'

BAD_SHEETS = [
    # (id, sheet text, the words stderr must contain)
    ("unknown colour", '[[players]]\nname = "Al"\ntowers = [{ color = "blue", height = 3 }]\n'
     + GOOD_PLAYER_2, ["player 1 (Al)", "towers[0].color", "unknown colour", "'blue'"]),
    ("unknown variant", 'variant = "expert"\n[[players]]\nname = "Al"\n' + GOOD_PLAYER_2,
     ["variant", "unknown variant", "'expert'"]),
    ("height below 2", '[[players]]\nname = "Al"\n' + GOOD_PLAYER_2
     + 'towers = [{ color = "red", height = 1 }]\n',
     [":3: player 2 (Bo)", "towers[0].height", "at least 2", "R3.2"]),
    ("lighted in basic", '[[players]]\nname = "Al"\n'
     'towers = [{ color = "red", height = 4, lighted = 1 }]\n' + GOOD_PLAYER_2,
     ["player 1 (Al)", "towers[0].lighted", "pro"]),
    ("negative money", '[[players]]\nname = "Al"\nasari = -3\n' + GOOD_PLAYER_2,
     ["player 1 (Al)", "asari", "at least 0", "-3"]),
    ("negative prestige", '[[players]]\nname = "Al"\nprestige = -1\n' + GOOD_PLAYER_2,
     ["player 1 (Al)", "prestige", "at least 0"]),
    ("height is text", '[[players]]\nname = "Al"\ntowers = [{ color = "red", height = "4" }]\n'
     + GOOD_PLAYER_2, ["towers[0].height", "whole number", "text '4'"]),
    ("money is decimal", '[[players]]\nname = "Al"\nasari = 3.5\n' + GOOD_PLAYER_2,
     ["asari", "whole number"]),
    ("name missing", '[[players]]\nasari = 3\n' + GOOD_PLAYER_2, ["player 1", "name", "missing"]),
    ("name empty", '[[players]]\nname = "  "\n' + GOOD_PLAYER_2, ["player 1", "name"]),
    ("duplicate name", '[[players]]\nname = "Al"\n[[players]]\nname = "al"\n',
     [":3: player 2 (al)", "name", "player 1"]),
    ("one player", '[[players]]\nname = "Al"\n', ["players", "1 player", "2 to 4"]),
    ("five players", "".join(f'[[players]]\nname = "P{i}"\n' for i in range(5)),
     ["players", "5 players", "2 to 4"]),
    ("no players", 'variant = "basic"\n', ["players", "no players"]),
    ("misspelt key", '[[players]]\nname = "Al"\nassari = 3\n' + GOOD_PLAYER_2,
     ["player 1 (Al)", "unknown key 'assari'", "did you mean 'asari'"]),
    ("colour key spelt british", '[[players]]\nname = "Al"\n'
     'towers = [{ colour = "red", height = 3 }]\n' + GOOD_PLAYER_2,
     ["towers[0]", "unknown key 'colour'", "did you mean 'color'"]),
    ("tower not a table", '[[players]]\nname = "Al"\ntowers = ["red"]\n' + GOOD_PLAYER_2,
     ["towers[0]", "expected a table"]),
    ("malformed toml", '[[players]]\nname = "Al\n', [":2:", "not valid TOML"]),
    ("height missing", '[[players]]\nname = "Al"\ntowers = [{ color = "red" }]\n'
     + GOOD_PLAYER_2, ["towers[0].height", "missing"]),
]


@pytest.mark.parametrize(("text", "words"), [(t, w) for _, t, w in BAD_SHEETS],
                         ids=[i for i, _, _ in BAD_SHEETS])
def test_bad_sheet_is_one_line_exit_2(tmp_path: Path, text: str, words: list[str]) -> None:
    sheet = write(tmp_path, text)
    result = tally(str(sheet))
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = messages(result.stderr.strip())
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"error: {sheet}")
    for word in words:
        assert word in lines[0]
    assert "Traceback" not in result.stderr


def test_a_game_log_is_not_a_sheet() -> None:
    result = tally(str(SAMPLES / "two-player-basic.toml"))
    assert result.exit_code == 2
    assert "this is a game log, not a position sheet: use `asara score`" in unwrap(
        result.stderr)


def test_missing_file_is_exit_2(tmp_path: Path) -> None:
    result = tally(str(tmp_path / "nope.toml"))
    assert result.exit_code == 2
    assert "nope.toml: no such file" in unwrap(result.stderr)


def test_not_utf8_is_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes('[[players]]\nname = "J\xfcrgen"\n'.encode("latin-1"))
    result = tally(str(path))
    assert result.exit_code == 2
    assert "not UTF-8" in result.stderr


def test_impossible_position_is_a_rule_violation(tmp_path: Path) -> None:
    # 21 towers need 21 bases; the game has 20 (R1).
    towers = ", ".join('{ color = "brown", height = 2 }' for _ in range(11))
    sheet = write(tmp_path, f'[[players]]\nname = "Al"\ntowers = [{towers}]\n'
                  f'[[players]]\nname = "Bo"\ntowers = [{towers.replace("brown", "red", 10)}]\n'
                  .replace(", { color = \"red\", height = 2 }", "", 1))
    result = tally(str(sheet))
    assert result.exit_code == 1
    # the message names the sheet's path, whose length moves where the line wraps
    assert "21 towers need 21 bases; the game has 20 [R1]" in " ".join(result.stderr.split())


def test_more_lighted_windows_than_windows_is_a_rule_violation(tmp_path: Path) -> None:
    sheet = write(tmp_path, 'variant = "pro"\n[[players]]\nname = "Al"\n'
                  'towers = [{ color = "red", height = 3, lighted = 2 }]\n' + GOOD_PLAYER_2)
    result = tally(str(sheet))
    assert result.exit_code == 1
    said = " ".join(result.stderr.split())  # the temporary path moves where the lines break
    assert "player 1 (Al): towers[0]:" in said
    assert "at most 1 lighted windows, not 2 [R3.7]" in said


def test_board_profile_option_changes_the_tables(tmp_path: Path) -> None:
    # A table's own profile where most towers pays 20/10: the rulebook example's tie for
    # most towers becomes (20+10)/2 = 15 each instead of 9.
    from asara_cli.logfile.board import standard_profile_text

    profile = write(tmp_path, standard_profile_text().replace(
        "most_towers = [12, 6]", "most_towers = [20, 10]"), "mine.toml")
    result = tally("--json", "--board", str(profile),
                   str(SAMPLES / "rulebook-example.sheet.toml"))
    assert result.exit_code == 0, result.stderr
    philipp = json.loads(result.stdout)["players"][1]
    assert [a["points"] for a in philipp["awards"] if a["category"] == "most_towers"] == [15]


def test_broken_board_profile_is_exit_2(tmp_path: Path) -> None:
    from asara_cli.logfile.board import standard_profile_text

    profile = write(tmp_path, standard_profile_text().replace("white = 8", 'white = "eight"'),
                    "mine.toml")
    result = tally("--board", str(profile), str(SAMPLES / "rulebook-example.sheet.toml"))
    assert result.exit_code == 2
    assert "mine.toml: prices.white: board profile: expected a whole number" in unwrap(
        result.stderr)


def test_board_command_shows_unknowns() -> None:
    result = runner.invoke(app, ["board", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["prices"] == {"brown": 3, "green": 4, "red": 5, "black": 6, "white": 8}
    assert data["bank_values"] == [12, None, None, None]
    assert data["tent_costs"] is None
    table = runner.invoke(app, ["board"])
    assert "12, unknown, unknown, unknown" in table.stdout


def test_board_toml_round_trips() -> None:
    import tomllib

    from asara_cli.games.asara.rules.board import board_from_mapping
    from asara_cli.games.asara.rules.model import Colour

    result = runner.invoke(app, ["board", "--toml"])
    assert result.exit_code == 0
    assert board_from_mapping(tomllib.loads(result.stdout)).prices[Colour.WHITE] == 8


def test_version_and_help_on_every_command() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.stdout.startswith("asara ")
    commands = [c.name for c in app.registered_commands]
    assert {"tally", "board"} <= set(commands)
    for name in commands:
        result = runner.invoke(app, [name, "--help"])
        assert result.exit_code == 0, name
        assert len(result.stdout.strip()) > 50, name


def test_usage_error_is_exit_2() -> None:
    result = runner.invoke(app, ["tally"])
    assert result.exit_code == 2


def test_help_paragraphs_wrap_as_prose_at_80_columns() -> None:
    # Typer 0.28 keeps a docstring's own line breaks; the commands pass each paragraph as
    # one line, so the terminal wraps it and no word is left alone on a line.
    result = runner.invoke(app, ["validate", "--help"], env={"COLUMNS": "80"})
    assert result.exit_code == 0
    lines = [line.strip() for line in result.stdout.splitlines()]
    assert "and the" not in lines and "be read or is not a log." not in lines
    assert any(line.startswith("Each violation names the file and line") and
               line.endswith("the rule") for line in lines)
    for command in app.registered_commands:
        text = command.help or ""
        assert all("\n" not in p for p in text.split("\n\n")), command.name
