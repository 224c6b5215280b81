"""YSPAHAN in each shipped language (German first: issue 31): every screen of the samples
(status, score, the board profile with its street map, the week end, move lines) at 80
columns against its snapshot in tests/snapshots/<code>/yspahan/ (read by eye when it changes:
ASARA_UPDATE_SNAPSHOTS=1 rewrites them); the German words a player types read the same
events as the English ones, and the log keeps the English words."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest
import typer
from languages import SHIPPED, each, screen_matches
from typer.testing import CliRunner

from asara_cli import language
from asara_cli.cli import app, run
from asara_cli.games.yspahan import words
from asara_cli.games.yspahan.codec import event_to_dict
from asara_cli.games.yspahan.rules import terms
from asara_cli.games.yspahan.rules.board import Board
from asara_cli.games.yspahan.rules.events import (
    Camels,
    Draw,
    Event,
    Gold,
    Goods,
    Roll,
    Supervisor,
    Turn,
)
from asara_cli.games.yspahan.screens import move_text
from asara_cli.logfile.board import load_board
from asara_cli.logfile.game import read_log, write_log

ROOT = Path(__file__).resolve().parent.parent.parent
SAMPLES = ROOT / "sample_games" / "yspahan"
SNAPSHOTS = ROOT / "tests" / "snapshots"
WIDTH = 80
runner = CliRunner()


def _copy(tmp: Path, name: str) -> str:
    """A sample copied into the working folder, so screens name it the same everywhere."""
    (tmp / name).write_bytes((SAMPLES / name).read_bytes())
    return name


def _on(sample: str, command: str, *more: str) -> Callable[[Path], list[str]]:
    """``command`` on a copy of ``sample``, with ``more`` arguments."""
    return lambda t: [command, _copy(t, sample), *more]


#: (snapshot name, the arguments given the temporary folder, the exit code)
SCREENS: list[tuple[str, Callable[[Path], list[str]], int]] = []
for _sample, _short in (("yspahan-3p.toml", "3p"), ("yspahan-4p.toml", "4p")):
    SCREENS += [
        (f"status-{_short}-start", _on(_sample, "status", "--at", "0"), 0),
        (f"status-{_short}", _on(_sample, "status", "--at", "40"), 0),
        (f"status-{_short}-final", _on(_sample, "status"), 0),
        (f"status-{_short}-full", _on(_sample, "status", "--at", "45", "--full"), 0),
        (f"score-{_short}", _on(_sample, "score"), 0),
        (f"score-{_short}-chart", _on(_sample, "score", "--chart"), 0),
        (f"score-{_short}-so-far", _on(_sample, "score", "--at", "50"), 0),
        (f"validate-{_short}", _on(_sample, "validate"), 0),
    ]
SCREENS.append(("board", lambda t: ["board", "--game", "yspahan"], 0))
SCREENS.append(("status-3p-secret", lambda t: ["status", _write_secret(t), "--full"], 0))


def _write_secret(tmp: Path) -> str:
    """The 3-player sample's first 30 events with hands kept secret (every draw hidden)."""
    from msgspec.structs import replace

    log = read_log(SAMPLES / "yspahan-3p.toml")
    header = replace(log.header, setup=replace(log.header.setup, hands="secret"))
    events = []
    for e in log.events[:30]:
        if isinstance(e, Turn) and isinstance(e.action, Draw) and e.action.card is not None:
            e = replace(e, action=Draw("hidden"))
        events.append(e)
    write_log(tmp / "secret.toml", header, events)
    return "secret.toml"


#: Move lines, each brought back by ``redo`` as it was recorded (the week end's screen with
#: the week's last move): (sample, event number, what it shows)
MOVES: list[tuple[str, int, str]] = [
    ("yspahan-3p.toml", 1, "roll"),
    ("yspahan-3p.toml", 2, "goods"),
    ("yspahan-3p.toml", 4, "camels, build"),
    ("yspahan-3p.toml", 12, "supervisor sends"),
    ("yspahan-3p.toml", 16, "gold"),
    ("yspahan-3p.toml", 28, "draw; week end"),
    ("yspahan-3p.toml", 32, "goods, card played"),
    ("yspahan-3p.toml", 42, "roll, yellow dice"),
    ("yspahan-3p.toml", 47, "draw, build, card played"),
    ("yspahan-3p.toml", 56, "camels, discard"),
    ("yspahan-3p.toml", 62, "supervisor: full caravan"),
    ("yspahan-3p.toml", 86, "the game's last move"),
    ("yspahan-4p.toml", 15, "no row left, card played"),
    ("yspahan-4p.toml", 81, "supervisor sends, card played"),
    ("yspahan-4p.toml", 102, "day 21's order announced"),
    ("yspahan-4p.toml", 107, "the game's last move"),
]


def _moved(tmp: Path, sample: str, number: int) -> list[str]:
    """The sample's first ``number`` events, the last one undone: ``redo`` brings it back."""
    log = read_log(SAMPLES / sample)
    write_log(tmp / "game.toml", log.header, log.events[:number])
    assert run(["undo", "-l", "game.toml"]) == 0
    return ["redo", "-l", "game.toml"]


def _redo(sample: str, number: int) -> Callable[[Path], list[str]]:
    return lambda t: _moved(t, sample, number)


for _sample, _number, _what in MOVES:
    SCREENS.append((f"move-{_sample.removesuffix('.toml').removeprefix('yspahan-')}-{_number}",
                    _redo(_sample, _number), 0))


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ASARA_LOG", raising=False)
    yield tmp_path
    language.use("en")


@pytest.mark.parametrize("lang", each(SHIPPED))
@pytest.mark.parametrize("name, make, code", SCREENS, ids=[s[0] for s in SCREENS])
def test_a_screen_at_80_columns(here: Path, lang: str, name: str,
                                make: Callable[[Path], list[str]], code: int) -> None:
    args = make(here)
    language.use(lang)  # as `asara --lang de` chooses it before the command runs
    result = runner.invoke(app, args, env={"COLUMNS": str(WIDTH)})
    assert result.exit_code == code, result.output
    screen_matches(result.output, SNAPSHOTS / lang / "yspahan" / f"{name}.txt")


def test_the_moves_shown_are_the_kinds_they_claim() -> None:
    """Each move line above shows what its row in MOVES says (the samples may change)."""
    kinds = {"roll": Roll, "goods": Goods, "camels": Camels, "gold": Gold,
             "supervisor": Supervisor, "draw": Draw}
    for sample, number, what in MOVES:
        event = read_log(SAMPLES / sample).events[number - 1]
        first = what.split(",")[0].split(";")[0].split(":")[0].split()[0]
        if first in ("the", "no", "day"):
            continue
        expected = kinds[first]
        got: object = event if isinstance(event, Roll) else (
            event.action if isinstance(event, Turn) else event)
        assert isinstance(got, expected), (sample, number, what)


# --- the German words a player types ------------------------------------------------------------


@pytest.fixture(scope="module")
def yspahan_board() -> Board:
    board: Board = load_board(None, "yspahan")
    return board


@pytest.fixture
def de() -> Iterator[None]:
    """A German table (the ``german`` fixture's, for tests whose German word is a parameter
    of that name)."""
    language.use("de")
    try:
        yield
    finally:
        language.use("en")


#: (reader, German word, English word): the German word reads the value the English one does
SAME: list[tuple[str, str, str]] = [
    ("row", "Kamele", "camels"), ("row", "sack", "bag"), ("row", "Fass", "barrel"),
    ("row", "truhe", "chest"), ("row", "Amphore", "vase"), ("row", "gold", "gold"),
    ("row", "kam", "cam"), ("row", "amph", "vase"),
    ("quarter", "Sack", "bag"), ("quarter", "fass", "barrel"), ("quarter", "TRUHE", "chest"),
    ("quarter", "amphore", "vase"),
    ("building", "Weide", "pasture"), ("building", "Geschäft", "shop"),
    ("building", "geschaeft", "shop"), ("building", "Badehaus", "bath"),
    ("building", "Karawanserei", "caravanserai"), ("building", "Markt", "market"),
    ("building", "Lastenaufzug", "hoist"), ("building", "ka", "caravanserai"),
    ("building", "ma", "market"), ("building", "last", "hoist"),
    ("souk", "Sack3", "bag3"), ("souk", "fass8", "barrel8"), ("souk", "Truhe8", "chest8"),
    ("souk", "amphore12", "vase12"), ("souk", "amphore1", "vase1"),
    ("card", "Kamele3", "camels3"), ("card", "Gold3", "gold3"),
    ("card", "Kamelfrei", "nocamels"), ("card", "goldfrei", "nogold"),
    ("card", "Karawane", "caravan"), ("card", "Basar", "souk"),
    ("card", "Goldpunkte", "goldvp"), ("card", "kamelpunkte", "camelvp"),
    ("card", "Tausch", "exchange"), ("card", "karaw", "car"), ("card", "goldp", "goldv"),
    ("colour", "grün", "green"), ("colour", "blau", "blue"), ("colour", "gelb", "yellow"),
]


def _read(reader: str, word: str, board: Board) -> str:
    if reader == "colour":
        return words.colour(word)
    read: Callable[[str, Board], str] = getattr(words, reader)
    return read(word, board)


@pytest.mark.parametrize("reader, german, english", SAME)
def test_a_german_word_reads_what_the_english_one_reads(
        yspahan_board: Board, reader: str, german: str, english: str, de: None) -> None:
    """At a German table (the words are its catalogue's)."""
    assert _read(reader, german, yspahan_board) == _read(reader, english, yspahan_board)


#: (reader, word, the candidates the refusal names): a prefix of several values is refused at
#: a German table, naming each in German
AMBIGUOUS: list[tuple[str, str, list[str]]] = [
    ("card", "kamel", ["camels3", "nocamels", "camelvp"]),  # Kamele3, Kamelfrei, -punkte
    ("card", "k", ["camels3", "nocamels", "caravan", "camelvp"]),
    ("card", "gold", ["gold3", "goldvp"]),  # an English prefix keeps its English meaning
    ("card", "goldf", []),  # German only: Goldfrei alone (not ambiguous)
    ("souk", "sack", ["bag3", "bag4", "bag6", "bag8"]),
    ("souk", "truhe", ["chest4", "chest6", "chest8"]),
    ("souk", "amphore", ["vase4", "vase6", "vase12"]),
    ("row", "c", ["camels", "chest"]),
    ("building", "b", []),  # bath and Badehaus: one building
    ("colour", "g", ["green", "yellow"]),  # green, grün and gelb
]


@pytest.mark.parametrize("reader, word, candidates", AMBIGUOUS)
def test_an_ambiguous_prefix_is_refused_naming_each_candidate(
        yspahan_board: Board, reader: str, word: str, candidates: list[str], de: None) -> None:
    if not candidates:
        _read(reader, word, yspahan_board)  # one value: read, not refused
        return
    with pytest.raises(words.WordError) as caught:
        _read(reader, word, yspahan_board)
    said = str(caught.value)
    assert said.startswith(f"{word!r} ist mehrdeutig: ")
    named = said.removeprefix(f"{word!r} ist mehrdeutig: ").removesuffix(
        "? Mehr Buchstaben tippen")
    assert named.split(" oder ") == [words.spoken_word(c) for c in candidates]


def test_an_ambiguous_prefix_is_refused_in_german_with_german_words(
        yspahan_board: Board, german: None) -> None:
    with pytest.raises(words.WordError) as caught:
        words.card("kamel", yspahan_board)
    assert str(caught.value) == ("'kamel' ist mehrdeutig: Kamele3 oder Kamelfrei oder "
                                 "Kamelpunkte? Mehr Buchstaben tippen")
    with pytest.raises(words.WordError) as caught:
        words.souk("truhe9", yspahan_board)
    assert str(caught.value) == ("Basar 'truhe9' gibt es nicht (meinst du Truhe8? bekannt: "
                                 "Sack3, Sack4, Sack6, Sack8, Fass3, Fass4, Fass6, Fass8, "
                                 "Truhe4, Truhe6, Truhe8, Amphore4, Amphore6, Amphore12)")


def test_english_refusals_name_the_english_words(yspahan_board: Board) -> None:
    with pytest.raises(words.WordError) as caught:
        words.souk("chest9", yspahan_board)
    assert str(caught.value) == ("'chest9' is not a souk (did you mean chest8? known: bag3, "
                                 "bag4, bag6, bag8, barrel3, barrel4, barrel6, barrel8, chest4, "
                                 "chest6, chest8, vase4, vase6, vase12)")


def test_the_german_aliases_are_the_words_german_screens_show(
        yspahan_board: Board, german: None) -> None:
    """A German player types what a German screen shows: every German term of a row,
    quarter, building, souk and card reads back as its English id."""
    b = yspahan_board
    shown: list[tuple[str, list[str], Callable[[str], str]]] = [
        ("row", list(b.rows), terms.row), ("quarter", list(b.quarters), terms.good),
        ("building", list(b.buildings), terms.building),
        ("souk", [s.id for s in b.souks], terms.souk), ("card", list(b.cards), terms.card),
    ]
    for reader, ids, term in shown:
        for english in ids:
            assert term(english) != english or english == "gold", (reader, english)
            assert _read(reader, term(english), b) == english, (reader, english)


# --- typed in German, written in English --------------------------------------------------------

#: (German words, English words): one move typed both ways on the same new game
MOVES_TYPED: list[tuple[list[str], list[str]]] = [
    (["waren", "sack", "Sack6", "sack6", "SACK6", "sack6", "sack6"],
     ["goods", "bag", "bag6", "bag6", "bag6", "bag6", "bag6"]),
    (["goods", "Sack6", "Sack6", "Sack6", "Sack6", "Sack6"],
     ["goods", "bag6", "bag6", "bag6", "bag6", "bag6"]),
    (["supervisor", "Fass", "W3"], ["supervisor", "barrel", "W3"]),
    (["draw", "Goldpunkte", "--row", "Gold"], ["draw", "goldvp", "--row", "gold"]),
    (["supervisor", "Kamele", "W1"], ["supervisor", "camels", "W1"]),
]


@pytest.fixture
def new_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A new 3-player game in use (Ben the oldest), rolled: camels 1 die, bag 5 dice,
    barrel 1 (a 3), chest 1, gold 1."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ASARA_LOG", raising=False)
    assert run(["new", "g.toml", "--game", "yspahan", "-p", "Ann", "-p", "Ben", "-p", "Cid",
                "--oldest", "Ben"]) == 0
    assert run(["roll", "122222345"]) == 0
    return tmp_path / "g.toml"


def _typed(log: Path, args: list[str], lang: str = "en") -> tuple[dict[str, object], str]:
    """The event ``args`` records onto a copy of ``log`` at a table of ``lang``, as the log
    writes it, and the text of the log's last event."""
    copy = log.with_name("typed.toml")
    copy.write_bytes(log.read_bytes())
    code = run(["--lang", lang, args[0], "-l", str(copy), *args[1:]])
    assert code == 0, args
    written = read_log(copy)
    return event_to_dict(written.events[-1]), copy.read_text("utf-8").split("[[event]]")[-1]


@pytest.mark.parametrize("german, english", MOVES_TYPED)
def test_german_words_typed_record_the_event_english_words_record(
        new_game: Path, german: list[str], english: list[str]) -> None:
    """Typed in German or in English, the same event, and the log's text the same: English
    words only."""
    if german[0] == "waren":  # the German command's name is branch de-cli's
        pytest.importorskip("asara_cli.commandwords")
    said_de, text_de = _typed(new_game, german, "de")
    said_en, text_en = _typed(new_game, english)
    assert said_de == said_en
    assert text_de == text_en
    for word in ("Sack", "Fass", "Truhe", "Amphore", "Goldpunkte", "Weide"):
        assert word not in text_de


def test_a_german_move_line_uses_the_rulebooks_words(yspahan_board: Board,
                                                     german: None) -> None:
    turn = Turn("Ann", "chest", Goods(()), None, None)
    event: Event = Turn("Ann", "chest", Supervisor("W5", ()), "goldvp", None)
    assert move_text(yspahan_board, event) == (
        "Ann nimmt die Würfelgruppe Truhe (+1 Würfel: legt Goldpunkte ab) und setzt den "
        "Aufseher auf W5")  # one sentence, not the telegraph style of review 18
    assert move_text(yspahan_board, turn) == (
        "Ann nimmt die Würfelgruppe Truhe und beliefert keinen Laden")


def test_a_codec_refusal_in_german_names_the_key_and_the_value(
        here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A log's unusable value refused in German: the event, the key and what was written."""
    text = (SAMPLES / "yspahan-3p.toml").read_text("utf-8")
    (here / "bad.toml").write_text(text.replace('hands = "open"', 'hands = "offen"', 1),
                                   "utf-8")
    assert 'hands = "offen"' in (here / "bad.toml").read_text("utf-8")
    assert run(["--lang", "de", "validate", "bad.toml"]) == 2
    said = " ".join(capsys.readouterr().err.split())
    assert "hands" in said and "'offen'" in said
    assert 'erwartet "open" (jede gezogene Karte wird genannt) oder "secret"' in said


def _context(**params: object) -> typer.Context:
    return cast(typer.Context, SimpleNamespace(params=params))


def test_completion_offers_the_german_words_and_english_where_none_fits(german: None
                                                                         ) -> None:
    from asara_cli.games.yspahan import complete

    assert complete.rows(_context(), "Tr") == ["Truhe"]
    assert complete.rows(_context(), "ka") == ["kamele"]
    # Gold3, Goldfrei, Goldpunkte (the board's order: gold3, nogold, goldvp), not goldvp
    # (issue 35: a German table is offered German words) ...
    assert complete.cards(_context(), "gold") == ["gold3", "goldfrei", "goldpunkte"]
    assert complete.rows(_context(), "ch") == ["chest"]  # ... English where none fits
    assert complete.buildings(_context(), "La") == ["Lastenaufzug"]
    assert complete.shops(_context(shops=["Truhe8"]), "N") == ["N2", "N4"]
    assert complete.shops(_context(), "Am") == ["Amphore", "Amphore4", "Amphore6",
                                                "Amphore12"]


def test_completion_in_english_offers_the_english_words() -> None:
    from asara_cli.games.yspahan import complete

    assert complete.rows(_context(), "Tr") == []
    assert complete.cards(_context(), "gold") == ["gold3", "goldvp"]
    assert complete.shops(_context(), "ch") == ["chest", "chest4", "chest6", "chest8"]


def test_the_schema_describes_the_keys_in_the_language_in_use(yspahan_board: Board,
                                                               german: None) -> None:
    """The descriptions an editor shows are German when the schema is made in German; the
    keys, patterns and values stay the log's."""
    from asara_cli.games.yspahan.schema import header_schemas, log_part

    assert header_schemas()["hands"]["description"].startswith("open: jede gezogene Karte")
    assert header_schemas()["hands"]["enum"] == ["open", "secret"]
    turn = log_part(yspahan_board)["definitions"]["yspahan-event"]["allOf"][1]["then"]
    assert turn["properties"]["draw"]["description"] == (
        'Die Aktion Karte ziehen (Y3.3) oder keine Würfelgruppe übrig (Y3.7): die gezogene '
        'Karte, "hidden" (geheime Handkarten) oder "none" (nirgends eine Karte übrig).')
