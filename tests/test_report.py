"""``asara report``: one self-contained page, well-formed XML, the same bytes every run, with
the figures the samples' hand ledgers give; file text escaped; exit codes as documented."""

from __future__ import annotations

import os
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner
from wrapped import unwrap

from asara_cli.cli import app

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
GOLDEN = Path(__file__).resolve().parent / "golden" / "two-player-basic.report.html"
runner = CliRunner()
SVG = "{http://www.w3.org/2000/svg}"


def _report(source: Path, out: Path) -> tuple[int, str]:
    result = runner.invoke(app, ["report", str(source), "-o", str(out)])
    return result.exit_code, result.output


def _titles(page: str) -> list[str]:
    root = ET.fromstring(page.encode())
    return [t.text or "" for t in root.iter(f"{SVG}title")]


def test_game_page_matches_the_golden_file(tmp_path: Path) -> None:
    code, output = _report(SAMPLES / "two-player-basic.toml", tmp_path / "g.html")
    assert code == 0, output
    page = (tmp_path / "g.html").read_text(encoding="utf-8")
    if os.environ.get("ASARA_UPDATE_GOLDEN"):
        GOLDEN.write_text(page, encoding="utf-8")
    assert page == GOLDEN.read_text(encoding="utf-8")


def test_game_page_shows_the_hand_ledger(tmp_path: Path) -> None:
    # The sample's hand ledger (its header comment): Tina's builds 15, years 3+6+8+9 = 26,
    # green 6+3, overall 8, most towers 9, money 5 = 72; Paul 73 wins.
    _report(SAMPLES / "two-player-basic.toml", tmp_path / "g.html")
    titles = _titles((tmp_path / "g.html").read_text(encoding="utf-8"))
    # Prestige after each year: year 1 = plot-3 build 3 + evaluation 3 = 6; year 2 adds the
    # plot-5 build 4 and 6 = 16; year 3 adds 3 and 8 = 27; year 4 adds 4 + 1 and 9 = 41.
    assert [t for t in titles if t.startswith("Tina, ")] == [
        "Tina, year 1: 6", "Tina, year 2: 16", "Tina, year 3: 27", "Tina, year 4: 41",
        "Tina, final: 72",
        "Tina, builds: 15", "Tina, year ends: 26", "Tina, green: 9", "Tina, overall: 8",
        "Tina, most towers: 9", "Tina, money: 5"]
    page = (tmp_path / "g.html").read_text(encoding="utf-8")
    assert '<p class="result"><strong>Paul</strong> wins with 73 prestige points.</p>' in page
    assert "<title>ASARA played by Tina and Paul</title>" in page  # no date, no place
    # the final table: before, the final evaluation, total (the hand ledger: Tina 15 + 26,
    # then 31; Paul 14 + 18, then 41)
    rows = _rows(page, "The final evaluation")
    assert rows == [["Tina", "41", "+31", "72", ""], ["Paul", "32", "+41", "73", "yes"]]
    # the towers at the end, as the hand ledger lists them, and the money
    assert _rows(page, "Towers and money") == [
        ["Tina", "green 1 (8, 4 gold), green 2 (3, 1 gold), green 3 (4, 1 gold)", "59"],
        ["Paul", "red (7, 2 gold), brown (2), black (5)", "61"]]
    assert "<strong>Players:</strong> Tina, Paul" in page


def _rows(page: str, heading: str) -> list[list[str]]:
    """The cells of the table under the heading ``heading``, header row left out."""
    root = ET.fromstring(page.encode())
    body = next(root.iter("{http://www.w3.org/1999/xhtml}body"))
    children = list(body)
    at = next(i for i, c in enumerate(children) if (c.text or "") == heading)
    table = children[at + 1]
    return [[(td.text or "").strip() for td in tr] for tr in table][1:]


def test_an_invalid_log_s_page_says_where_it_breaks_a_rule(tmp_path: Path) -> None:
    code, _ = _report(SAMPLES / "invalid" / "turn-order.toml", tmp_path / "g.html")
    assert code == 1
    page = (tmp_path / "g.html").read_text(encoding="utf-8")
    assert '<p class="invalid"><strong>This log breaks a rule</strong>: ' in page
    found = re.search(r"turn-order\.toml:(\d+): event (\d+) \(([^)]*)\): (.*?) \[(R[0-9.]+)\]",
                      page)
    assert found is not None and found.group(5).startswith("R2")


@pytest.mark.parametrize("source", ["two-player-basic.toml", "pro-gifts-genie.toml", "."])
def test_page_is_well_formed_self_contained_and_repeatable(tmp_path: Path, source: str) -> None:
    first, second = tmp_path / "1.html", tmp_path / "2.html"
    assert _report(SAMPLES / source, first)[0] == 0
    assert _report(SAMPLES / source, second)[0] == 0
    page = first.read_text(encoding="utf-8")
    assert first.read_bytes() == second.read_bytes()
    root = ET.fromstring(page.encode())  # raises if the page is not well-formed
    assert root.tag == "{http://www.w3.org/1999/xhtml}html"
    assert list(root.iter(f"{SVG}svg")), "a page without a picture"
    lowered = page.lower()
    assert "<script" not in lowered and "<img" not in lowered and "<link" not in lowered
    # No address but the XML namespaces: nothing is fetched from the network.
    assert set(re.findall(r"https?://[^\"' )]+", page)) <= {
        "http://www.w3.org/1999/xhtml", "http://www.w3.org/2000/svg"}


def test_folder_page_counts_the_club(tmp_path: Path) -> None:
    club = tmp_path / "club"
    club.mkdir()
    for name in ("two-player-basic.toml", "tied-winners.toml"):
        shutil.copy(SAMPLES / name, club / name)
    shutil.copy(SAMPLES / "tied-winners.toml", club / "copy.toml")  # counted once
    code, output = _report(club, tmp_path / "c.html")
    assert code == 0, output
    page = (tmp_path / "c.html").read_text(encoding="utf-8")
    assert "<p>2 scored games out of 2 files (1 duplicate counted once).</p>" in page
    # Lena shares the only win of her one game: 100 %, against a fair share of 1/2.
    assert "Lena: 100%" in _titles(page)
    assert "fair share: 50%" in _titles(page)
    # head to head, each pair once: Paul 73 beat Tina 72; Lena and Omar were level at 68
    n = '<td class="n">'
    assert f"<tr><td>Paul</td><td>Tina</td>{n}1</td>{n}1</td>{n}0</td>{n}0</td></tr>" in page
    assert f"<tr><td>Lena</td><td>Omar</td>{n}1</td>{n}0</td>{n}1</td>{n}0</td></tr>" in page
    assert "<td>Tina</td><td>Paul</td>" not in page


def test_names_from_the_file_are_escaped(tmp_path: Path) -> None:
    text = (SAMPLES / "two-player-basic.toml").read_text(encoding="utf-8")
    hostile = tmp_path / "hostile.toml"
    evil = "<script>x</script>&amp;"
    text = text.replace('"Tina"', f'"{evil}"').replace("{ Tina =", f'{{ "{evil}" =')
    hostile.write_text(text, encoding="utf-8")
    code, output = _report(hostile, tmp_path / "h.html")
    assert code == 0, output
    page = (tmp_path / "h.html").read_text(encoding="utf-8")
    assert "<script>" not in page
    assert "&lt;script&gt;x&lt;/script&gt;&amp;amp;" in page
    ET.fromstring(page.encode())


def test_exit_codes(tmp_path: Path) -> None:
    # An illegal log still gets its page (up to the first illegal event), and exit 1.
    code, output = _report(SAMPLES / "invalid" / "gift-left-lying.toml", tmp_path / "i.html")
    assert code == 1, output
    assert (tmp_path / "i.html").is_file()
    code, output = _report(tmp_path / "missing.toml", tmp_path / "m.html")
    assert code == 2 and not (tmp_path / "m.html").exists()
    code, output = _report(SAMPLES / "two-player-basic.toml", tmp_path / "no" / "dir.html")
    assert code == 2, output
    assert "Traceback" not in output


def test_a_folder_names_its_bad_files_as_batch_does(tmp_path: Path) -> None:
    club = tmp_path / "club"
    club.mkdir()
    shutil.copy(SAMPLES / "two-player-basic.toml", club / "a.toml")
    shutil.copy(SAMPLES / "two-player-basic.toml", club / "b.toml")  # the same game again
    (club / "broken.toml").write_text("x = [\n", encoding="utf-8")
    result = runner.invoke(app, ["report", str(club), "-o", str(tmp_path / "c.html")])
    # the page is written from the good logs; the broken file makes the exit code 1
    assert result.exit_code == 1, result.output
    page = (tmp_path / "c.html").read_text(encoding="utf-8")
    assert "<p>1 scored game out of 2 files (1 duplicate counted once).</p>" in page
    # the games table names the duplicate and where the broken file breaks
    assert f"<td>duplicate of {club / 'a.toml'}</td>" in page
    assert "<td>unreadable: line 2: not valid TOML" in page
    assert f"skipped: {club / 'broken.toml'}:2: not valid TOML" in result.stderr
    assert f"skipped: {club / 'b.toml'}: duplicate of {club / 'a.toml'}" in unwrap(
        result.stderr)


def test_an_empty_folder_gives_no_page(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    result = runner.invoke(app, ["report", str(tmp_path / "empty"), "-o",
                                 str(tmp_path / "e.html")])
    assert result.exit_code == 2
    assert "no game logs found" in result.stderr
    assert not (tmp_path / "e.html").exists()


# --- the page's card and charts against the ledger (issue 30) -------------------------------

XHTML = "{http://www.w3.org/1999/xhtml}"
GAMES = ["two-player-basic.toml", "three-player-basic.toml", "four-player-pro.toml",
         "yspahan/yspahan-3p.toml", "yspahan/yspahan-4p.toml"]


def _page_of(source: Path, tmp_path: Path) -> tuple[str, ET.Element]:
    code, output = _report(source, tmp_path / "g.html")
    assert code == 0, output
    page = (tmp_path / "g.html").read_text(encoding="utf-8")
    return page, ET.fromstring(page.encode())


def _expected(source: Path, label: str, player: str) -> int:
    """A player's points after the stage ``label`` ("week 2", "year 3 so far", "final"),
    added up from the game's ledger."""
    from asara_cli.cli.common import replay_file

    g = replay_file(source, None)
    ledger = g.game.ledger(g.result)
    if label == "final":
        return sum(e.points for e in ledger if e.player == player)
    period = int(label.split()[1])
    return sum(e.points for e in ledger if e.player == player and e.period <= period
               and not e.final)


@pytest.mark.parametrize("sample", GAMES)
def test_the_card_s_chart_agrees_with_the_ledger(tmp_path: Path, sample: str) -> None:
    """Each bar of the card's chart is read back from the page (its title names a player and
    a stage, its height and colour are drawn): its value is that player's ledger sum, and its
    colour is the one the legend gives that player."""
    _, root = _page_of(SAMPLES / sample, tmp_path)
    card = next(s for s in root.iter(f"{XHTML}section") if s.get("class") == "card")
    legend = next(p for p in card.iter(f"{XHTML}p") if p.get("class") == "legend")
    colours = {(span.text or "") + "".join((i.tail or "") for i in span):
               span[0].get("style", "").removeprefix("background:") for span in legend}
    svg = next(card.iter(f"{SVG}svg"))
    bars = list(svg.iter(f"{SVG}rect"))
    stages = {(t.text or "") for t in svg.iter(f"{SVG}text")} - {
        (r.find(f"{SVG}title").text or "").rsplit(": ", 1)[1] for r in bars}  # type: ignore[union-attr]
    assert bars and len(bars) == len(colours) * len(stages)
    top = max(int((r.find(f"{SVG}title").text or "").rsplit(": ", 1)[1])  # type: ignore[union-attr]
              for r in bars)
    for rect in bars:
        title = rect.find(f"{SVG}title")
        assert title is not None and title.text is not None
        who, value = title.text.rsplit(": ", 1)
        player, label = who.split(", ", 1)
        assert int(value) == _expected(SAMPLES / sample, label, player), title.text
        assert rect.get("fill") == colours[player], title.text
        assert int(rect.get("height", "")) == round(int(value) / top * 220)


@pytest.mark.parametrize("sample", GAMES)
def test_legends_have_distinct_entries(tmp_path: Path, sample: str) -> None:
    _, root = _page_of(SAMPLES / sample, tmp_path)
    for legend in (p for p in root.iter(f"{XHTML}p") if p.get("class") == "legend"):
        entries = ["".join(span.itertext()) for span in legend]
        assert len(entries) == len(set(entries)), entries
        assert "week" not in entries and "year" not in entries


def _headings(root: ET.Element) -> list[str]:
    return ["".join(h.itertext()) for h in root.iter() if h.tag in (f"{XHTML}h1", f"{XHTML}h2")]


def test_yspahan_s_headings_are_its_own_words(tmp_path: Path) -> None:
    page, root = _page_of(SAMPLES / "yspahan" / "yspahan-4p.toml", tmp_path)
    headings = _headings(root)
    assert headings[0] == "YSPAHAN on 2026-11-23 at simulated, then annotated by hand"
    assert "Points after each week" in headings
    assert "The ledger: every point" in headings
    assert not [h for h in headings if "final" in h.lower() or "points point" in h]
    # the card comes first: who won, the totals (the sample's hand ledger: Ben 57 ... Tina 33)
    body = next(root.iter(f"{XHTML}body"))
    assert body[1].tag == f"{XHTML}section" and body[1].get("class") == "card"
    assert '<p class="result"><strong>Ben</strong> wins with 57 points.</p>' in page
    totals = [["".join(td.itertext()) for td in tr] for tr in body[1].iter(f"{XHTML}tr")]
    assert totals[1:] == [["Ben (green)", "57"], ["Max (red)", "54"], ["Cleo (yellow)", "36"],
                          ["Tina (blue)", "33"]]
    assert "yspahan-4p" not in headings[0]


def test_asara_s_headings_are_its_own_words(tmp_path: Path) -> None:
    _, root = _page_of(SAMPLES / "two-player-basic.toml", tmp_path)
    headings = _headings(root)
    assert "Prestige after each year and the final evaluation" in headings
    assert "The final evaluation" in headings
    assert "The ledger: every prestige point" in headings


@pytest.mark.parametrize(("sample", "events", "says"), [
    # four-player-pro after 69 events: year 3, Ben to move (tests/test_completion.py)
    ("four-player-pro.toml", 69, "The game is not over (in progress: year 3, Ben to move): "
                                 "so far <strong>"),
    ("yspahan/yspahan-4p.toml", 60, "The game is not over (in progress: week 2, day 5, Tina "
                                    "to move): so far <strong>Ben</strong> leads with 24"),
])
def test_an_unfinished_game_says_so(tmp_path: Path, sample: str, events: int,
                                    says: str) -> None:
    text = (SAMPLES / sample).read_text("utf-8")
    log = tmp_path / "cut.toml"
    log.write_text("[[event]]".join(text.split("[[event]]")[: events + 1]), "utf-8")
    page, root = _page_of(log, tmp_path)
    assert says in page
    assert "Winner" not in page and "not over)" not in page
    card = next(s for s in root.iter(f"{XHTML}section") if s.get("class") == "card")
    labels = [(t.text or "") for t in next(card.iter(f"{SVG}svg")).iter(f"{SVG}text")]
    assert any(label.endswith(" so far") for label in labels)  # the stage under way
    for rect in next(card.iter(f"{SVG}svg")).iter(f"{SVG}rect"):
        title = rect.find(f"{SVG}title")
        assert title is not None and title.text is not None
        who, value = title.text.rsplit(": ", 1)
        player, label = who.split(", ", 1)
        assert int(value) == _expected(log, label, player), title.text


def test_a_shared_win_and_a_broken_log_say_so_on_the_card(tmp_path: Path) -> None:
    # tied-winners.toml: Lena and Omar both end on 68 (its hand ledger)
    page, _ = _page_of(SAMPLES / "tied-winners.toml", tmp_path)
    assert ('<p class="result"><strong>Lena and Omar</strong> share the win with 68 '
            "prestige points.</p>") in page
    # a log broken at event 5, before anyone scored: the rule first, then nothing scored
    _report(SAMPLES / "invalid" / "turn-order.toml", tmp_path / "i.html")
    root = ET.fromstring((tmp_path / "i.html").read_bytes())
    card = next(s for s in root.iter(f"{XHTML}section") if s.get("class") == "card")
    said = ["".join(p.itertext()) for p in card.iter(f"{XHTML}p")]
    assert said[0].startswith("This log breaks a rule: ")
    assert said[1] == "The game is not over (in progress: year 1, Tina to move): no prestige " \
                      "scored yet."


def test_a_yspahan_page_names_each_player_with_the_colour_of_their_cubes(
        tmp_path: Path) -> None:
    # issue 30: the report shows colours beside names, as the log records them (Tina's cubes
    # are blue in the sample's header, Cleo's yellow); ASARA records none and shows none
    import tomllib

    log = SAMPLES / "yspahan" / "yspahan-4p.toml"
    header = tomllib.loads(log.read_text("utf-8"))
    out = tmp_path / "game.html"
    assert CliRunner().invoke(app, ["report", str(log), "-o", str(out)]).exit_code == 0
    page = out.read_text("utf-8")
    card = page[page.index('<section class="card">'):page.index("</section>")]
    pairs = list(zip(header["players"], header["colours"], strict=True))
    assert pairs[0] == ("Tina", "blue") and pairs[3] == ("Cleo", "yellow")
    for name, colour in pairs:
        assert f"{name} ({colour})</td>" in card
    assert "Players:</strong> " + ", ".join(f"{n} ({c})" for n, c in pairs) in page
    asara = tmp_path / "asara.html"
    three = SAMPLES / "three-player-basic.toml"
    assert CliRunner().invoke(app, ["report", str(three), "-o", str(asara)]).exit_code == 0
    players = tomllib.loads(three.read_text("utf-8"))["players"]
    assert "Players:</strong> " + ", ".join(players) + "<" in asara.read_text("utf-8")


def _three_tied(path: Path) -> Path:
    """A simulated 4-player YSPAHAN game (seed 28) that Cid, Dia and Ben end on 36 each; at
    the end (`asara status --full`) Cid holds 1 gold and 1 camel, Dia 2 gold and 1 camel,
    Ben 1 gold and no camel, none of them a card."""
    from asara_cli.games import game
    from asara_cli.logfile.board import load_board
    from asara_cli.logfile.game import LogHeader, log_to_text

    played = game("yspahan")
    setup, events = played.simulate(load_board(None, "yspahan"), 28, 4, frozenset(),
                                    ("Ann", "Ben", "Cid", "Dia"))
    path.write_text(log_to_text(LogHeader(setup, game="yspahan"), events), "utf-8")
    return path


def test_wbc_orders_yspahans_tied_winners_on_the_card(tmp_path: Path) -> None:
    """Y4.7: most camels (Cid and Dia 1, Ben 0), then gold (Dia 2, Cid 1); the win is still
    shared."""
    log = _three_tied(tmp_path / "tie.toml")
    result = runner.invoke(app, ["report", str(log), "-o", str(tmp_path / "w.html"), "--wbc"])
    assert result.exit_code == 0 and "note:" not in result.output, result.output
    page = (tmp_path / "w.html").read_text("utf-8")
    ordered = ("<p>By the WBC tournament order (most camels, then gold, then cards in hand): "
               "Dia (1 camel, 2 gold, 0 cards), then Cid (1 camel, 1 gold, 0 cards), then Ben "
               "(0 camels, 1 gold, 0 cards) [Y4.7].</p>\n")
    assert ('<p class="result"><strong>Cid, Dia and Ben</strong> share the win with 36 '
            f"points.</p>\n{ordered}") in page
    plain, _ = _page_of(log, tmp_path)  # the line alone added
    assert page.replace(ordered, "", 1) == plain


@pytest.mark.parametrize("source", ["tied-winners.toml", "yspahan/yspahan-4p.toml", "."])
def test_wbc_where_there_is_nothing_to_order_says_so(tmp_path: Path, source: str) -> None:
    """An ASARA game (its ties are shared), a YSPAHAN game one player won, a folder: a note,
    and the page as without the option."""
    path = SAMPLES / source
    out = tmp_path / "w.html"
    result = runner.invoke(app, ["report", str(path), "-o", str(out), "--wbc"])
    assert result.exit_code in (0, 1) and "note: --wbc" in result.stderr
    code, _ = _report(path, tmp_path / "plain.html")
    assert code == result.exit_code
    assert out.read_bytes() == (tmp_path / "plain.html").read_bytes()


def test_players_alike_in_the_wbc_order_stay_tied() -> None:
    from types import SimpleNamespace

    from asara_cli.games import game

    def player(name: str, camels: int, gold: int, cards: int) -> SimpleNamespace:
        return SimpleNamespace(name=name, camels=camels, gold=gold, cards=cards)

    state = SimpleNamespace(players=[player("Ann", 2, 3, 1), player("Ben", 2, 3, 1),
                                     player("Cid", 2, 4, 0)])
    outcome = SimpleNamespace(state=state, winners=lambda: (0, 1, 2))
    assert game("yspahan").tie_break(outcome) == (
        "By the WBC tournament order (most camels, then gold, then cards in hand): Cid "
        "(2 camels, 4 gold, 0 cards), then Ann and Ben (2 camels, 3 gold, 1 card) [Y4.7].")
    outcome = SimpleNamespace(state=state, winners=lambda: (2,))
    assert game("yspahan").tie_break(outcome) is None
