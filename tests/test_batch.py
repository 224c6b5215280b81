"""``asara simulate`` and ``asara batch``: simulated games are legal and repeatable; batch
scores a folder as the samples' hand ledgers say, with statistics checked by hand."""

from __future__ import annotations

import csv
import io
import json
import multiprocessing
import os
import shutil
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner
from wrapped import messages, unwrap

from asara_cli.cli import app
from asara_cli.render.batch import FORMATS, spreadsheet_safe
from asara_cli.stats import GameRecord, Seat, club, clubs

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
runner = CliRunner()

# The complete sample games and their hand-checked totals (see each sample's ledger comment
# and tests/test_samples.py).
TOTALS = {
    "two-player-basic.toml": {"Tina": 72, "Paul": 73},
    "three-player-basic.toml": {"Anna": 64, "Ben": 53, "Cleo": 62},
    "four-player-pro.toml": {"Tina": 57, "Paul": 32, "Anna": 42, "Ben": 66},
    "tied-winners.toml": {"Lena": 68, "Omar": 68},
}


@pytest.fixture
def club_dir(tmp_path: Path) -> Path:
    for name in TOTALS:
        shutil.copy(SAMPLES / name, tmp_path / name)
    return tmp_path


def test_batch_json_has_the_hand_checked_totals(club_dir: Path) -> None:
    result = runner.invoke(app, ["batch", str(club_dir), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    games = {Path(g["file"]).name: g for g in data["games"]}
    for name, totals in TOTALS.items():
        assert {p["name"]: p["total"] for p in games[name]["players"]} == totals
    # margins: 73-72 = 1, 64-62 = 2, 66-57 = 9, 68-68 = 0
    assert [games[n]["margin"] for n in TOTALS] == [1, 2, 9, 0]
    assert [p["name"] for p in games["tied-winners.toml"]["players"] if p["winner"]] == [
        "Lena", "Omar"]
    # Tina played two games (72 of winner 73, 57 of winner 66), lost both.
    tina = next(p for p in data["players"] if p["name"] == "Tina")
    assert (tina["games"], tina["wins"], tina["best"]) == (2, 0, 72)
    assert tina["mean"] == pytest.approx((72 + 57) / 2)
    assert tina["expected_rate"] == pytest.approx((1 / 2 + 1 / 4) / 2)
    assert tina["share_of_winner"] == pytest.approx((72 / 73 + 57 / 66) / 2)
    lena = next(p for p in data["players"] if p["name"] == "Lena")
    assert (lena["wins"], lena["shared_wins"]) == (1, 1)
    assert data["summary"] == {"files": 4, "scored": 4, "by_status": {"valid": 4}}


def test_batch_csv_is_one_row_per_player_per_game(club_dir: Path) -> None:
    result = runner.invoke(app, ["batch", str(club_dir), "-f", "csv"])
    assert result.exit_code == 0
    # a byte order mark first, so that Excel reads the UTF-8 (Python: utf-8-sig)
    assert result.stdout_bytes.startswith(b"\xef\xbb\xbffile,date,")
    rows = list(csv.DictReader(io.StringIO(result.stdout_bytes.decode("utf-8-sig"))))
    assert len(rows) == 2 + 3 + 4 + 2
    paul = next(r for r in rows if r["file"].endswith("two-player-basic.toml")
                and r["player"] == "Paul")
    assert (paul["total"], paul["rank"], paul["winner"]) == ("73", "1", "1")
    # Paul's sources add up to his total (two-player-basic's ledger: 14 builds, years
    # 2+5+5+6, final 41)
    sources = ("builds", "gifts", "year1", "year2", "year3", "year4", "brown", "green", "red",
               "black", "white", "overall", "most_towers", "money")
    assert sum(int(paul[k]) for k in sources) == 73
    assert (paul["builds"], paul["year2"]) == ("14", "5")


@pytest.mark.skipif(shutil.which("soffice") is None, reason="needs LibreOffice (soffice)")
def test_the_csv_opens_in_a_spreadsheet_as_plain_data(tmp_path: Path) -> None:
    # A real spreadsheet reads the file: LibreOffice turns it into .xlsx, whose cells are
    # then looked at. Names and a place with commas, quotes, a line break and formulas.
    import re
    import subprocess
    import zipfile

    text = (SAMPLES / "two-player-basic.toml").read_text("utf-8")
    text = text.replace("Tina", "Zoë").replace("format = 1\n", 'format = 1\nplace = "Café, '
                                                 '\\"Löwen\\"\\n=HYPERLINK(1)"\n', 1)
    text = re.sub(r"([{,] )Zoë =", r'\1"Zoë" =', text)  # a bare key is ASCII only
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / "a.toml").write_text(text, "utf-8")
    (tmp_path / "club" / "b.toml").write_text(
        re.sub(r"place = .*", 'place = "=1+1"', text, count=1), "utf-8")
    result = runner.invoke(app, ["batch", str(tmp_path / "club"), "-f", "csv"])
    assert result.exit_code == 0, result.output
    (tmp_path / "club.csv").write_bytes(result.stdout_bytes)
    subprocess.run(["soffice", "--headless", "--infilter=CSV:44,34,76,1", "--convert-to",
                    "xlsx", "--outdir", str(tmp_path), str(tmp_path / "club.csv")],
                   check=True, capture_output=True, timeout=120)
    with zipfile.ZipFile(tmp_path / "club.xlsx") as z:
        sheet = z.read("xl/worksheets/sheet1.xml").decode()
        strings = z.read("xl/sharedStrings.xml").decode()
    assert "<f>" not in sheet  # no formula anywhere
    assert len(re.findall(r"<row", sheet)) == 1 + 4
    assert ">file<" in strings and ">Zoë<" in strings  # the byte order mark is not data
    assert "Café, &quot;Löwen&quot;&#10;=HYPERLINK(1)" in strings
    assert "&apos;=1+1" in strings
    # totals are numbers: Zoë (Tina in the sample) 72, Paul 73, in column J
    numbers = re.findall(r'<c r="J\d+"[^>]* t="n"><v>(\d+)</v>', sheet)
    assert numbers == ["72", "73", "72", "73"]


def test_csv_cells_never_run_as_formulas() -> None:
    assert spreadsheet_safe("=HYPERLINK(1)") == "'=HYPERLINK(1)"
    assert spreadsheet_safe("+1") == "'+1" and spreadsheet_safe("@x") == "'@x"
    assert spreadsheet_safe("-2") == "'-2" and spreadsheet_safe(-2) == -2
    assert spreadsheet_safe("Tina") == "Tina"


def test_a_broken_file_and_a_duplicate_are_reported_and_skipped(club_dir: Path) -> None:
    (club_dir / "broken.toml").write_text("format = 1\nplayers = [", "utf-8")
    shutil.copy(club_dir / "tied-winners.toml", club_dir / "zz-copy.toml")
    shutil.copy(SAMPLES / "invalid" / "follow-suit.toml", club_dir / "follow-suit.toml")
    result = runner.invoke(app, ["batch", str(club_dir), "-f", "json"])
    assert result.exit_code == 1  # a bad file was seen
    data = json.loads(result.stdout)
    assert data["summary"]["scored"] == 4  # the copy is counted once
    status = {Path(g["file"]).name: g["status"] for g in data["games"]}
    assert status["broken.toml"] == "unreadable" and status["follow-suit.toml"] == "invalid"
    copy = next(g for g in data["games"] if g["file"].endswith("zz-copy.toml"))
    assert (copy["status"], copy["duplicate_of"]) == (
        "duplicate", str(club_dir / "tied-winners.toml"))
    assert data["summary"]["by_status"] == {"valid": 4, "unreadable": 1, "invalid": 1,
                                            "duplicate": 1}
    lena = next(p for p in data["players"] if p["name"] == "Lena")
    assert lena["games"] == 1
    assert f"skipped: {club_dir / 'zz-copy.toml'}: duplicate of " in unwrap(result.stderr)
    assert "[R2.1]" in result.stderr
    # the place is said once: file and line, then what is wrong
    broken = next(line for line in result.stderr.splitlines() if "broken.toml" in line)
    assert broken.endswith("broken.toml:2: not valid TOML: Invalid value (at end of "
                           "document)"), broken
    # the closing count: 4 scored + the broken, the invalid and the copy
    assert result.stderr.splitlines()[-1] == ("7 files: 4 scored, 0 incomplete, 1 invalid, "
                                              "1 unreadable, 1 duplicate")


def test_filters_recompute_the_statistics(club_dir: Path) -> None:
    result = runner.invoke(app, ["batch", str(club_dir), "-f", "json", "--players", "2"])
    data = json.loads(result.stdout)
    assert data["summary"]["scored"] == 2
    assert {p["name"] for p in data["players"]} == {"Tina", "Paul", "Lena", "Omar"}
    result = runner.invoke(app, ["batch", str(club_dir), "-f", "json", "--player", "tina"])
    assert json.loads(result.stdout)["summary"]["scored"] == 2
    result = runner.invoke(app, ["batch", str(club_dir), "-f", "json", "--variant", "pro"])
    assert json.loads(result.stdout)["summary"]["scored"] == 1
    result = runner.invoke(app, ["batch", str(club_dir), "--since", "not-a-date"])
    assert result.exit_code == 2


def test_markdown_and_table_formats(club_dir: Path) -> None:
    md = runner.invoke(app, ["batch", str(club_dir), "-f", "markdown"])
    assert md.exit_code == 0 and "| Paul | 2 | 1 |" in md.stdout
    # Paul and Tina met twice: Paul 73 to Tina 72 (two-player-basic), Tina 57 to Paul 32
    # (four-player-pro); Lena and Omar once, level at 68 (tied-winners).
    assert "| Paul | Tina | 2 | 1 | 0 | 1 |" in md.stdout
    assert "| Lena | Omar | 1 | 0 | 1 | 0 |" in md.stdout
    assert "| Tina | Paul |" not in md.stdout  # each pair once
    assert "## Mean points per game, by source" in md.stdout and "## Seats" in md.stdout
    table = runner.invoke(app, ["batch", str(club_dir)], env={"COLUMNS": "80"})
    assert table.exit_code == 0 and "players (4 scored games)" in table.stdout
    assert max(len(line) for line in table.stdout.splitlines()) <= 80
    rows = {tuple(line.split()[:2]): line.split()[2:] for line in table.stdout.splitlines()
            if line.startswith("  ")}
    assert rows[("Paul", "Tina")] == ["2", "1", "0", "1"]
    assert set(FORMATS) == {"table", "json", "csv", "markdown", "bgstats"}


def test_the_terminal_lists_every_game_only_in_a_small_folder() -> None:
    # Past 100 games the table lists the games that need a look (rich takes a millisecond
    # a row, and thousands of rows scroll the statistics away); the other formats list all.
    import io

    from asara_cli.render.console import TableConsole

    def game(i: int, status: str = "valid") -> GameRecord:
        return GameRecord(f"g{i:03d}.toml", str(i), status, seats=(
            Seat("Ann", 1, 50, 1, True, (("builds", 50),)),
            Seat("Bob", 2, 40, 2, False, (("builds", 40),))), margin=10)

    def table(records: list[GameRecord]) -> str:
        console = TableConsole(markup=False, width=100, file=io.StringIO())
        return FORMATS["table"]().write(records, clubs(records), console)

    few = table([game(i) for i in range(100)])
    assert few.startswith("games") and "g099.toml" in few
    many = [game(i) for i in range(150)]
    many[7] = game(7, "incomplete")
    shown = table(many)
    assert "games: 150; listed: the 1 invalid, unfinished or unreadable" in shown
    assert "g007.toml" in shown and "g006.toml" not in shown
    assert "players (149 scored games)" in shown
    quiet = table([game(i) for i in range(150)])
    assert "games: 150, all finished and valid" in quiet and "g000.toml" not in quiet
    assert "g149.toml" in FORMATS["markdown"]().write(many, clubs(many), TableConsole())


def test_ratings_rank_a_steady_winner_first() -> None:
    from asara_cli.stats import ratings

    def game(i: int, a: int, b: int) -> GameRecord:
        return GameRecord(f"g{i}", str(i), "valid", f"2026-01-{i + 1:02d}", seats=(
            Seat("Ann", 1, a, 1 if a >= b else 2, a >= b, ()),
            Seat("Bob", 2, b, 1 if b >= a else 2, b >= a, ())))

    rated = ratings([game(i, 60, 40) for i in range(5)])
    assert [r[0] for r in rated] == ["Ann", "Bob"]


def test_seat_and_head_to_head_by_hand() -> None:
    # Two 2-player games: Ann (seat 1) beats Bob 50-40; Bob (seat 1) and Ann tie 45-45.
    g1 = GameRecord("a", "1", "valid", seats=(Seat("Ann", 1, 50, 1, True, ()),
                                               Seat("Bob", 2, 40, 2, False, ())))
    g2 = GameRecord("b", "2", "valid", seats=(Seat("Bob", 1, 45, 1, True, ()),
                                               Seat("Ann", 2, 45, 1, True, ())))
    c = club([g1, g2])
    seat1 = next(s for s in c.seats if (s.players, s.seat) == (2, 1))
    assert (seat1.games, seat1.wins, seat1.win_rate, seat1.expected_rate) == (2, 2, 1.0, 0.5)
    ann_bob = next(h for h in c.head_to_head if (h.player, h.other) == ("Ann", "Bob"))
    assert (ann_bob.games, ann_bob.ahead, ann_bob.level) == (2, 1, 1)
    ann = next(p for p in c.players if p.name == "Ann")
    assert (ann.wins, ann.shared_wins, ann.median) == (2, 1, 47.5)


def test_simulate_is_legal_and_repeatable(tmp_path: Path) -> None:
    args = ["simulate", "--games", "2", "--seed", "5", "--pro", "--gifts", "--genie"]
    assert runner.invoke(app, [*args, "--out", str(tmp_path / "a")]).exit_code == 0
    assert runner.invoke(app, [*args, "--out", str(tmp_path / "b")]).exit_code == 0
    a = sorted((tmp_path / "a").iterdir())
    b = sorted((tmp_path / "b").iterdir())
    assert [p.read_bytes() for p in a] == [p.read_bytes() for p in b]
    result = runner.invoke(app, ["validate", *map(str, a)])
    assert result.exit_code == 0, result.output
    assert result.stdout.count("complete;") == 2
    text = a[0].read_text("utf-8")
    assert 'type = "gifts"' in text and 'type = "display"' in text
    assert 'type = "checkpoint"' in text


def test_the_simulator_draws_only_a_legal_move() -> None:
    # The simulated player weighs every candidate but checks only the one drawn; an illegal
    # one drawn is dropped and the draw made again. 200 copies of an out-of-turn move against
    # one legal move: without the check the legal one would almost never come up.
    import random

    from asara_cli.games.asara.rules.events import Coloured, Placement, Turn
    from asara_cli.games.asara.rules.state import Setup, start_state
    from asara_cli.games.asara.simulate import _choose
    from asara_cli.logfile.board import load_board

    board = load_board()
    state = start_state(board, Setup(("Ann", "Bob"), 0))
    legal = Turn(Placement("Ann", None, None), Coloured())
    out_of_turn = Turn(Placement("Bob", None, None), Coloured())
    for seed in range(5):
        assert _choose(board, state, [out_of_turn] * 200 + [legal],
                       random.Random(seed)) is legal
    with pytest.raises(AssertionError, match="no legal move"):
        _choose(board, state, [out_of_turn] * 3, random.Random(0))


def test_batch_jobs_give_the_same_output(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    import asara_cli.cli.batch as batch_cmd

    monkeypatch.setattr(batch_cmd, "CHUNK", 2)  # 5 files > 2: worker processes, a file a chunk
    assert runner.invoke(app, ["simulate", "--games", "5", "--seed", "2", "--out",
                               str(tmp_path)]).exit_code == 0
    one = runner.invoke(app, ["batch", str(tmp_path), "-f", "csv", "--jobs", "1"])
    two = runner.invoke(app, ["batch", str(tmp_path), "-f", "csv", "--jobs", "2",
                               "--no-cache"])
    assert one.exit_code == two.exit_code == 0
    assert one.stdout == two.stdout


def _chunk_work(chunk: Sequence[int]) -> tuple[int, int]:
    return os.getpid(), len(chunk)


@pytest.mark.parametrize(("items", "jobs", "sizes", "elsewhere"), [
    # big runs: chunks of at most 200; the workers' last ones four times finer, so that
    # the two finish close together
    (10_000, 2, [200] * 48 + [50] * 8, True),
    (300, 2, [6] * 48 + [1] * 12, True),  # few files: about 50 chunks, so the bar moves
    (200, 2, [4] * 50, False),       # 200 or fewer: not worth starting workers
    (301, 1, [7] * 43, False),       # one job: here, in the same small chunks
    (3, 2, [1, 1, 1], False),
])
def test_work_is_cut_into_chunks_the_bar_can_follow(items: int, jobs: int, sizes: list[int],
                                                    elsewhere: bool,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from asara_cli.cli import chunks

    monkeypatch.setattr(chunks, "_cores", lambda: 2)  # as on the 2-core machines we run on
    done = list(chunks.in_chunks(_chunk_work, range(items), 200, jobs, "testing"))
    assert [n for _, n in done] == sizes
    assert any(pid != os.getpid() for pid, _ in done) is elsewhere


_THREADS_AT_FORK: list[int] = []
os.register_at_fork(before=lambda: _THREADS_AT_FORK.append(threading.active_count()))


@pytest.mark.skipif(multiprocessing.get_start_method() != "fork",
                    reason="workers are started without forking here")
def test_the_workers_are_forked_before_the_bar_starts_its_thread(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """On a terminal rich's bar refreshes from a thread of its own; a fork beside a running
    thread may deadlock the child (Python 3.12 warns of it). The workers come first."""
    from types import SimpleNamespace

    from rich.console import Console

    from asara_cli.cli import chunks

    terminal = Console(file=io.StringIO(), force_terminal=True)
    monkeypatch.setattr(chunks, "err", lambda: SimpleNamespace(rich=terminal))
    monkeypatch.setattr(chunks, "_a_tty", lambda stream: True)  # stderr, as a terminal
    monkeypatch.setattr(chunks, "_cores", lambda: 2)
    _THREADS_AT_FORK.clear()
    threads = threading.active_count()
    done = list(chunks.in_chunks(_chunk_work, range(1_000), 200, 2, "testing"))
    assert sum(n for _, n in done) == 1_000
    assert any(pid != os.getpid() for pid, _ in done)
    assert _THREADS_AT_FORK and set(_THREADS_AT_FORK) == {threads}


def test_the_bar_reckons_the_time_left_from_the_start() -> None:
    from rich.progress import Progress

    from asara_cli.cli.chunks import start_task

    now = [100.0]
    progress = Progress(get_time=lambda: now[0], disable=True)
    task = start_task(progress, "scoring", 10_000)
    now[0] += 4.0
    progress.advance(task, 200)  # two workers' first chunks, 0.05 s apart
    now[0] += 0.05
    progress.advance(task, 200)
    # 400 files in 4.05 s: 9,600 more take 97.2 s, rounded up (rich alone said 3 s)
    assert progress.tasks[0].time_remaining == 98


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_a_batch_with_no_bar_and_no_table_loads_no_rich_and_no_pool(fmt: str,
                                                                     tmp_path: Path) -> None:
    """stderr is no terminal (no bar) and the format draws no table: rich is not loaded, and
    a few files scored in this process load no process pool either (the start is serial
    work of every batch, --jobs 2 or not)."""
    import ast
    import subprocess
    import sys

    code = ("import sys\n"
            f"sys.argv = ['asara', 'batch', {str(SAMPLES)!r}, '-f', {fmt!r}]\n"
            "from asara_cli.cli import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "sys.stderr.write(repr([m for m in ('rich', 'concurrent.futures', 'statistics')"
            " if m in sys.modules]))\n")
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, env={**env, "ASARA_CACHE_DIR": str(tmp_path)})
    assert "scored" in done.stderr
    loaded = ast.literal_eval(done.stderr.strip().splitlines()[-1])
    assert loaded == ([] if fmt == "csv" else ["statistics"])


def test_simulate_jobs_write_the_same_bytes(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    import asara_cli.cli.simulate as simulate_cmd

    monkeypatch.setattr(simulate_cmd, "CHUNK", 2)  # 5 games > 2: worker processes
    args = ["simulate", "--games", "5", "--seed", "4", "--players", "3"]
    one = runner.invoke(app, [*args, "--out", str(tmp_path / "one"), "--jobs", "1"])
    two = runner.invoke(app, [*args, "--out", str(tmp_path / "two"), "--jobs", "2"])
    assert one.exit_code == two.exit_code == 0, (one.output, two.output)
    names = sorted(p.name for p in (tmp_path / "one").iterdir())
    assert names == [f"game-000{i}.toml" for i in range(1, 6)]
    assert sorted(p.name for p in (tmp_path / "two").iterdir()) == names
    for name in names:
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()
    assert "game 5" in (tmp_path / "two" / "game-0005.toml").read_text("utf-8")


def test_a_filter_that_keeps_nothing_draws_no_empty_tables(club_dir: Path) -> None:
    result = runner.invoke(app, ["batch", str(club_dir), "--player", "Nobody"])
    assert result.exit_code == 0, result.output
    assert result.stdout.split("\n\n")[0].strip() == "games: none kept"
    assert "players: no scored games" in result.stdout and "seats" not in result.stdout


def test_a_five_year_board_adds_up_in_the_csv(tmp_path: Path) -> None:
    """The sources come from the game's declaration for the board the log names: a profile
    of five years gets a year5 column, and every row's sources add up to its total (the
    columns year1..year4 were written out by hand, and year 5 was lost)."""
    from asara_cli.games.asara.simulate import simulate_game
    from asara_cli.logfile.board import load_board, standard_profile_text
    from asara_cli.logfile.game import LogHeader, write_log

    profile = standard_profile_text().replace("[years]\ncount = 4", "[years]\ncount = 5")
    assert "count = 5" in profile
    (tmp_path / "five.toml").write_text(profile, "utf-8")
    board = load_board(tmp_path / "five.toml")
    assert board.years == 5
    game = simulate_game(board, 11, 3)
    write_log(tmp_path / "game.toml", LogHeader(game.setup, "five.toml"), game.events)
    result = runner.invoke(app, ["batch", str(tmp_path / "game.toml"), "-f", "csv"])
    assert result.exit_code == 0, result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout.lstrip("\ufeff"))))
    assert len(rows) == 3
    header = list(rows[0])
    assert header.index("year5") == header.index("year4") + 1
    points = header[header.index("builds"):header.index("problem")]
    assert points[:7] == ["builds", "gifts", "year1", "year2", "year3", "year4", "year5"]
    for row in rows:
        assert row["status"] == "valid"
        assert sum(int(row[k]) for k in points) == int(row["total"])
    assert any(int(row["year5"]) > 0 for row in rows)
# --- one player, however the logs spell them (core/names.py) ---------------------------------


@pytest.fixture
def lena_thrice(club_dir: Path) -> Path:
    """The club with tied-winners played twice more: once written "LENA" throughout, once
    as "Lena" again (with a place, so that it is not the same bytes)."""
    text = (SAMPLES / "tied-winners.toml").read_text("utf-8")
    (club_dir / "lena-shouting.toml").write_text(text.replace("Lena", "LENA"), "utf-8")
    (club_dir / "tied-again.toml").write_text(
        text.replace('board = "standard"\n', 'board = "standard"\nplace = "Omar\'s"\n', 1),
        "utf-8")
    return club_dir


def test_batch_counts_lena_and_LENA_as_one_player(lena_thrice: Path) -> None:
    result = runner.invoke(app, ["batch", str(lena_thrice), "-f", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["summary"]["scored"] == 6
    # "Lena" in two games, "LENA" in one: shown as the spelling most used
    names = [p["name"] for p in data["players"]]
    assert sorted(names) == ["Anna", "Ben", "Cleo", "Lena", "Omar", "Paul", "Tina"]
    lena = next(p for p in data["players"] if p["name"] == "Lena")
    # three games, each 68 to Omar's 68: three shared wins
    assert (lena["games"], lena["wins"], lena["shared_wins"], lena["best"]) == (3, 3, 3, 68)
    pair = [(h["player"], h["other"], h["games"], h["ahead"], h["level"])
            for h in data["head_to_head"] if "Omar" in (h["player"], h["other"])]
    assert sorted(pair) == [("Lena", "Omar", 3, 0, 3), ("Omar", "Lena", 3, 0, 3)]
    # each game's own record keeps the log's spelling
    games = {Path(g["file"]).name: g for g in data["games"]}
    assert games["lena-shouting.toml"]["players"][0]["name"] == "LENA"


def test_the_player_filter_and_the_ratings_follow_the_name_rule(lena_thrice: Path) -> None:
    for asked in ("lena", "LENA", "Lena"):
        result = runner.invoke(app, ["batch", str(lena_thrice), "-f", "json", "--player",
                                     asked, "--ratings"])
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        assert data["summary"]["scored"] == 3
        assert [p["name"] for p in data["players"]] == ["Lena", "Omar"]
        assert sorted(r["name"] for r in data["ratings"]) == ["Lena", "Omar"]


@pytest.mark.parametrize("fmt", ["csv", "bgstats"])
def test_ratings_for_a_format_without_statistics_are_said_to_be_left_out(
        lena_thrice: Path, fmt: str) -> None:
    plain = runner.invoke(app, ["batch", str(lena_thrice), "-f", fmt])
    rated = runner.invoke(app, ["batch", str(lena_thrice), "-f", fmt, "--ratings"])
    assert (plain.exit_code, rated.exit_code) == (0, 0), rated.output
    assert rated.stdout == plain.stdout
    assert f"note: --ratings: the {fmt} output shows no ratings" in rated.stderr
    assert "--ratings" not in plain.stderr


def test_bgstats_sends_the_spelling_most_used(lena_thrice: Path) -> None:
    result = runner.invoke(app, ["batch", str(lena_thrice), "-f", "bgstats"])
    assert result.exit_code == 0, result.output
    lenas = [p for play in json.loads(result.stdout) for p in play["players"]
             if p["sourcePlayerId"] == "lena"]
    assert [(p["name"], p["score"]) for p in lenas] == [("Lena", 68)] * 3


def _seated(file: str, *names: str) -> GameRecord:
    return GameRecord(file, file, "valid", seats=tuple(
        Seat(n, i + 1, 50 - i, i + 1, i == 0, ()) for i, n in enumerate(names)))


def test_the_spelling_shown_is_the_most_used_then_the_first_seen() -> None:
    from asara_cli.stats import ratings, spellings

    most = [_seated("a", "LENA", "Omar"), _seated("b", "lena", "Omar"),
            _seated("c", "lena", "Omar")]
    assert spellings(most) == {"lena": "lena", "omar": "Omar"}
    # one each: the first file's spelling, whichever way round
    assert [p.name for p in club(most[:2]).players] == ["LENA", "Omar"]
    assert [p.name for p in club(most[1::-1]).players] == ["lena", "Omar"]
    stats = club(most)
    assert [(p.name, p.games, p.wins) for p in stats.players] == [("lena", 3, 3),
                                                                   ("Omar", 3, 0)]
    assert [(h.player, h.other, h.games, h.ahead) for h in stats.pairs] == [
        ("Omar", "lena", 3, 0)]
    assert sorted(r[0] for r in ratings(most)) == ["Omar", "lena"]


# --- dates, duplicates and --complete-only (issue 21, points 11 and 13) -----------------------


def _log(folder: Path, name: str, header: str, sample: str = "two-player-basic.toml") -> Path:
    """A sample game with ``header`` lines added below its board line."""
    text = (SAMPLES / sample).read_text("utf-8")
    path = folder / name
    path.write_text(text.replace('board = "standard"\n', f'board = "standard"\n{header}\n', 1),
                    "utf-8")
    return path


def _kept(folder: Path, *args: str) -> tuple[list[str], str]:
    result = runner.invoke(app, ["batch", str(folder), "-f", "json", *args])
    assert result.exit_code in (0, 1), result.output
    return sorted(Path(g["file"]).name for g in json.loads(result.stdout)["games"]), \
        messages(result.stderr)[-1]


def test_dates_are_compared_as_days(tmp_path: Path) -> None:
    _log(tmp_path, "evening.toml", "date = 2026-03-14T20:30:00")  # a TOML date and time
    _log(tmp_path, "zoned.toml", "date = 2026-03-14T23:30:00-05:00")  # the table's own day
    _log(tmp_path, "text-time.toml", 'date = "2026-03-14 09:00"')
    _log(tmp_path, "day.toml", "date = 2026-03-15")
    every = ["day.toml", "evening.toml", "text-time.toml", "zoned.toml"]
    assert _kept(tmp_path, "--until", "2026-03-14")[0] == every[1:]
    assert _kept(tmp_path, "--since", "2026-03-14", "--until", "2026-03-14")[0] == every[1:]
    assert _kept(tmp_path, "--since", "2026-03-15")[0] == ["day.toml"]
    assert _kept(tmp_path, "--since", "2026-03-14")[0] == every


def test_a_text_date_is_undated_and_counted(tmp_path: Path) -> None:
    _log(tmp_path, "sunday.toml", 'date = "last Sunday"')
    _log(tmp_path, "none.toml", "")
    _log(tmp_path, "day.toml", "date = 2026-03-15")
    (tmp_path / "broken.toml").write_text("format = 1\nplayers = [", "utf-8")
    kept, closing = _kept(tmp_path, "--since", "2000-01-01")
    assert kept == ["day.toml"]
    # the unreadable file has no date to speak of: it is not counted as undated
    assert closing == ("4 files: 1 scored, 0 incomplete, 0 invalid, 1 unreadable, "
                       "0 duplicates; 2 undated, left out by the date filter")
    kept, closing = _kept(tmp_path)  # without a date filter every game is kept
    assert kept == ["broken.toml", "day.toml", "none.toml", "sunday.toml"]
    assert "undated" not in closing


def test_a_duplicate_of_an_invalid_log_is_named_by_its_own_path(tmp_path: Path) -> None:
    shutil.copy(SAMPLES / "invalid" / "follow-suit.toml", tmp_path / "a.toml")
    shutil.copy(SAMPLES / "invalid" / "follow-suit.toml", tmp_path / "b.toml")
    result = runner.invoke(app, ["batch", str(tmp_path), "-f", "json"])
    assert result.exit_code == 1
    lines = messages(result.stderr)
    assert lines[0].startswith(f"invalid: {tmp_path / 'a.toml'}:") and "[R2.1]" in lines[0]
    # the copy's line says where the copy is and what it copies; the line and rule of the
    # original's violation are the original's
    assert lines[1] == f"skipped: {tmp_path / 'b.toml'}: duplicate of {tmp_path / 'a.toml'}"
    games = json.loads(result.stdout)["games"]
    assert [(g["status"], g["duplicate_of"]) for g in games] == [
        ("invalid", None), ("duplicate", str(tmp_path / "a.toml"))]


def test_a_duplicate_follows_the_game_it_copies_through_the_filters(tmp_path: Path) -> None:
    _log(tmp_path, "a.toml", "date = 2026-03-15")
    shutil.copy(tmp_path / "a.toml", tmp_path / "b.toml")
    assert _kept(tmp_path)[0] == ["a.toml", "b.toml"]
    assert _kept(tmp_path, "--until", "2026-03-14")[0] == []
    csv_out = runner.invoke(app, ["batch", str(tmp_path), "-f", "csv"]).stdout_bytes
    rows = list(csv.DictReader(io.StringIO(csv_out.decode("utf-8-sig"))))
    # the game's two players, then the copy in one row without them
    assert [(Path(r["file"]).name, r["player"], r["status"]) for r in rows] == [
        ("a.toml", "Tina", "valid"), ("a.toml", "Paul", "valid"), ("b.toml", "", "duplicate")]


def test_complete_only_leaves_out_only_games_still_running(tmp_path: Path) -> None:
    shutil.copy(SAMPLES / "two-player-basic.toml", tmp_path / "done.toml")
    shutil.copy(SAMPLES / "invalid" / "follow-suit.toml", tmp_path / "illegal.toml")
    text = (SAMPLES / "two-player-basic.toml").read_text("utf-8")
    (tmp_path / "running.toml").write_text(text[:text.index("[[event]]", len(text) // 2)],
                                           "utf-8")
    (tmp_path / "broken.toml").write_text("format = 1\nplayers = [", "utf-8")
    assert _kept(tmp_path, "--complete-only")[0] == ["broken.toml", "done.toml",
                                                     "illegal.toml"]
    assert _kept(tmp_path, "--valid-only")[0] == ["done.toml", "running.toml"]
    assert _kept(tmp_path, "--complete-only", "--valid-only")[0] == ["done.toml"]


def test_play_day_reads_a_day_or_nothing() -> None:
    import datetime as dt

    from asara_cli.stats import play_day

    day = dt.date(2026, 3, 14)
    for text in ("2026-03-14", "2026-03-14 20:30:00", "2026-03-14T20:30",
                 "2026-03-14 23:30:00-05:00", "2026-03-14T23:59:59Z"):
        assert play_day(text) == day, text
    for unclear in (None, "", "last Sunday", "20:30:00", "14.03.2026", "2026-03-14 Sunday"):
        assert play_day(unclear) is None, unclear


def test_a_folder_of_two_games_has_statistics_for_each() -> None:
    """Players, seats and head to head are never compared across games: a folder that
    mixes games gets one set of statistics per game (JSON: ``by_game``)."""
    def seated(file: str, key: str, *totals: tuple[str, int]) -> GameRecord:
        best = max(t for _, t in totals)
        return GameRecord(file, file, "valid", game=key, seats=tuple(
            Seat(n, i + 1, t, 1 + sum(o > t for _, o in totals), t == best, ())
            for i, (n, t) in enumerate(totals)))

    records = [seated("a", "asara", ("Ann", 50), ("Bob", 40)),
               seated("b", "asara", ("Ann", 30), ("Bob", 45)),
               seated("y", "other", ("Ann", 90), ("Cy", 80), ("Di", 70))]
    both = clubs(records)
    assert both.mixed and both.games == 3
    by_game = dict(both.by_game)
    assert [(p.name, p.games, p.wins) for p in by_game["asara"].players] == [
        ("Ann", 2, 1), ("Bob", 2, 1)]
    assert [(p.name, p.games, p.wins) for p in by_game["other"].players] == [
        ("Ann", 1, 1), ("Cy", 1, 0), ("Di", 1, 0)]
    # Ann met Bob twice (ahead once) and never Cy in ASARA
    assert [(h.player, h.other, h.games, h.ahead) for h in by_game["asara"].pairs] == [
        ("Ann", "Bob", 2, 1)]
    data = json.loads(FORMATS["json"]().write(records, both, None))  # type: ignore[arg-type]
    assert set(data["by_game"]) == {"asara", "other"} and "players" not in data
    assert data["summary"]["scored"] == 3
    one = json.loads(FORMATS["json"]().write(records[:2], clubs(records[:2]),
                                             None))  # type: ignore[arg-type]
    assert "by_game" not in one and [p["name"] for p in one["players"]] == ["Ann", "Bob"]


def test_a_folder_of_asara_and_yspahan_logs_is_scored_per_game(tmp_path: Path) -> None:
    """The samples of both games in one folder: every game scored, the statistics for each
    game apart, the games table saying which game each is."""
    for sample in (*SAMPLES.glob("*.toml"), *(SAMPLES / "yspahan").glob("*.toml")):
        if not sample.name.endswith(".sheet.toml"):
            shutil.copy(sample, tmp_path / sample.name)
    result = runner.invoke(app, ["batch", str(tmp_path), "-f", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    games = {Path(g["file"]).name: g for g in data["games"]}
    assert games["yspahan-4p.toml"]["game"] == "yspahan"
    assert games["two-player-basic.toml"]["game"] == "asara"
    assert set(data["by_game"]) == {"asara", "yspahan"}
    # the 4-player Yspahan sample's hand ledger (its comments): Ben 57 wins
    ben = next(p for p in games["yspahan-4p.toml"]["players"] if p["name"] == "Ben")
    assert (ben["total"], ben["winner"]) == (57, True)
    yspahan_players = {p["name"] for p in data["by_game"]["yspahan"]["players"]}
    assert "Ben" in yspahan_players and "Lena" not in yspahan_players  # Lena: ASARA only
    table = runner.invoke(app, ["batch", str(tmp_path)], env={"COLUMNS": "100"})
    assert "YSPAHAN: players" in table.stdout and "ASARA: players" in table.stdout


def test_the_game_digest_is_the_hash_of_the_game_as_json() -> None:
    """BG Stats' play id (render/bgstats.py) and the cache keep this digest: SHA-256 of the
    header and events as sorted, compact JSON, without the notes (docs/batch.md). Worked
    out here from that definition, for a log with notes, a date and a non-ASCII name."""
    import datetime as dt
    import hashlib

    from asara_cli.stats import game_digest

    data: dict[str, Any] = {"format": 1, "players": ["Zoë", "Al"], "date": dt.date(2026, 1, 2),
            "notes": "cake", "event": [{"type": "buy", "player": "Zoë", "note": "slow"},
                                       {"type": "coloured", "player": "Al"}]}
    text = ('[{"date":"2026-01-02","format":1,"players":["Zoë","Al"]},'
            '[{"player":"Zoë","type":"buy"},{"player":"Al","type":"coloured"}]]')
    assert game_digest(data) == hashlib.sha256(text.encode("utf-8")).hexdigest()
    assert data["event"][0]["note"] == "slow"  # the log's data is left as it was


def test_the_game_digest_writes_every_character_as_json_does() -> None:
    """game_digest's encoder (msgspec) against the definition (``json.dumps``, sorted keys,
    compact, not ASCII-only): the same bytes for names and texts of any character, keys in
    the same order, whole numbers past 64 bits, and for every sample log."""
    import json
    import tomllib

    from asara_cli.stats import _DIGEST_FAST

    def defined(data: object) -> bytes:
        return json.dumps(data, sort_keys=True, ensure_ascii=False,
                          separators=(",", ":")).encode("utf-8")

    points = [*range(0x800), *range(0x800, 0xD800, 61), *range(0xE000, 0x110000, 4099),
              0xD7FF, 0xE000, 0xFEFF, 0x2028, 0x2029, 0x10FFFF]
    for cp in points:
        c = chr(cp)
        made = [{"k" + c: "v" + c, c: [c, 2**70, -5], "": {"z": c, "a": 1}}, []]
        assert _DIGEST_FAST.encode(made) == defined(made), hex(cp)
    for path in sorted(SAMPLES.rglob("*.toml")):
        data = tomllib.loads(path.read_text("utf-8"))
        data.pop("date", None)  # (a TOML date: made text before encoding)
        assert _DIGEST_FAST.encode(data) == defined(data), path


def test_a_record_crosses_to_another_process_whole() -> None:
    """Records travel from batch's worker processes pickled (stats.GameRecord.__reduce__):
    every field comes back, the seats as seats."""
    import pickle

    seat = Seat("Zoë", 1, 30, 1, True, (("builds", 20), ("money", 10)))
    records = [
        GameRecord("a.toml", "d1", "valid", "2026-01-02", "Kitchen", (("variant", "pro"),
                   ("expansions", ("gifts",))), (seat, Seat("Al", 2, 20, 2, False, ())),
                   10, events=97, game="asara", game_digest="g1"),
        GameRecord("b.toml", "d2", "invalid", problem="no", rule="R2", line=12, events=3),
        GameRecord("c.toml", "d1", "duplicate", duplicate_of="a.toml"),
    ]
    back = pickle.loads(pickle.dumps(records, protocol=pickle.HIGHEST_PROTOCOL))
    assert back == records
    assert [type(s) for s in back[0].seats] == [Seat, Seat]
    assert back[0].fact("expansions") == ("gifts",) and back[1].line == 12
