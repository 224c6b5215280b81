"""German from the generic layers (issue 31): batch's tables in every format a person reads,
the HTML report, and the one-line input errors of the log layer; English as it was.

The German screens are snapshots in tests/snapshots/de/ (read by eye when they change:
ASARA_UPDATE_SNAPSHOTS=1 rewrites them). The words a game puts into them (its sources,
periods, ledger lines) are the game's to translate: a snapshot changes when a game does."""

from __future__ import annotations

import csv
import io
import os
import shutil
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from asara_cli import language
from asara_cli.cli.batch import _counted
from asara_cli.core.words import describe, grouped
from asara_cli.errors import InputError, reason
from asara_cli.logfile.common import loads_toml, toml_message
from asara_cli.logfile.game import parse_log
from asara_cli.logfile.record import locked
from asara_cli.render.batch import day, game_status, status_word
from asara_cli.stats import GameRecord

sys.path.insert(0, str(Path(__file__).resolve().parent))
from languages import asara as _asara
from terminal import Done
from wrapped import messages

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_games"
SNAPSHOTS = Path(__file__).resolve().parent / "snapshots" / "de"
WIDTH = 80

#: The club folder the batch and report screens are made of: both games, a game that
#: breaks a rule, a tie and a copy (a duplicate).
CLUB = {
    "two-player-basic.toml": SAMPLES / "two-player-basic.toml",
    "copy.toml": SAMPLES / "two-player-basic.toml",
    "tied-winners.toml": SAMPLES / "tied-winners.toml",
    "turn-order.toml": SAMPLES / "invalid" / "turn-order.toml",
    "yspahan-3p.toml": SAMPLES / "yspahan" / "yspahan-3p.toml",
}


def _club(tmp: Path) -> None:
    (tmp / "club").mkdir()
    for name, source in CLUB.items():
        shutil.copyfile(source, tmp / "club" / name)


def _matches(name: str, text: str) -> None:
    path = SNAPSHOTS / name
    if os.environ.get("ASARA_UPDATE_SNAPSHOTS"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
    assert text == path.read_bytes().decode("utf-8")


# --- batch --------------------------------------------------------------------------------


def test_the_batch_table_in_german(tmp_path: Path) -> None:
    _club(tmp_path)
    result = _asara(tmp_path, "batch", "club")
    assert result.returncode == 1, result.stderr  # one log breaks a rule
    out = result.stdout
    assert all(len(line) <= WIDTH for line in out.splitlines())
    # the table's own words, checked by hand against the catalogue
    for words in ("ASARA Partien in club/ (* Sieger)", "Datei", "Datum", "Ergebnis",
                  "Status", "gültig", "ungültig", "doppelt", "zu club/copy.toml",
                  "Zeile 45: ", "ASARA: Spieler (2 gewertete Partien)",
                  "YSPAHAN: Spieler (1 gewertete Partie)", "Summen je Partie",
                  "direkter Vergleich (jedes Paar einmal)", "Sitzplätze (1 = Startspieler)",
                  "23.11.2026", "Siegquote"):
        assert words in out, words
    # decimals with a comma: Tina's mean of 72 in the one ASARA game she played
    assert "72,0" in out and "72.0" not in out
    for english in ("players (", "totals per game", "head to head", "valid", "the winner"):
        assert english not in out, english
    _matches("batch-table.txt", out)


def test_the_batch_markdown_in_german(tmp_path: Path) -> None:
    _club(tmp_path)
    out = _asara(tmp_path, "batch", "club", "--format", "markdown").stdout
    lines = out.splitlines()
    assert lines[0] == "## Partien"
    assert lines[2] == "| Datei | Datum | Spieler | Sieger | Abstand | Status |"
    assert "# ASARA (2 gewertete Partien)" in lines
    assert "| Spielerzahl | Sitzplatz | Partien | Siege | Siegquote | 1/n |" in lines
    assert "| club/yspahan-3p.toml | 23.11.2026 | Paul 53, Anna 22, Tina 74 | Tina | 21 | " \
           "gültig |" in lines
    _matches("batch-markdown.md", out)


def test_the_batch_csv_is_english_in_german_as_the_json(tmp_path: Path) -> None:
    """CSV is for programs, like the JSON: its keys and values are English in every language
    (docs/batch.md), whatever the language of the terminal."""
    _club(tmp_path)
    out = _asara(tmp_path, "batch", "club", "--format", "csv").stdout
    rows = list(csv.reader(io.StringIO(out.removeprefix("\ufeff"))))
    head = rows[0]
    assert head[:4] == ["file", "date", "place", "game"]
    assert {"status", "players", "player", "seat", "total", "rank", "winner", "margin",
            "problem", "variant", "builds", "year1"} <= set(head)
    status = head.index("status")
    assert {r[status] for r in rows[1:]} == {"valid", "invalid", "duplicate"}
    ysp = next(r for r in rows[1:] if r[0] == "club/yspahan-3p.toml")
    assert ysp[1] == "2026-11-23"
    english = _asara(tmp_path, "batch", "club", "--format", "csv", lang="en").stdout
    assert out == english
    _matches("batch-csv.csv", out)


def test_json_stays_english_whatever_the_language(tmp_path: Path) -> None:
    _club(tmp_path)
    german = _asara(tmp_path, "batch", "club", "--format", "json", "--no-cache").stdout
    english = _asara(tmp_path, "batch", "club", "--format", "json", "--no-cache",
                     lang="en").stdout
    import json

    g, e = json.loads(german), json.loads(english)
    assert g["summary"] == e["summary"] and {x["status"] for x in g["games"]} == {
        "valid", "invalid", "duplicate"}
    assert [x["file"] for x in g["games"]] == [x["file"] for x in e["games"]]


def test_the_bg_stats_comment_in_german(tmp_path: Path) -> None:
    _club(tmp_path)
    out = _asara(tmp_path, "batch", "club", "--format", "bgstats").stdout
    import json

    plays = json.loads(out)
    assert all("; gewertet von asara-cli aus " in p["comments"] for p in plays)
    assert {"sourceName", "sourcePlayId", "playDate", "game", "players"} <= set(plays[0])


def test_the_cache_keeps_each_language_apart(tmp_path: Path) -> None:
    """A problem is text in the language in use: a German run's cache never answers an
    English one."""
    _club(tmp_path)
    assert "Zeile 45" in _asara(tmp_path, "batch", "club").stdout
    english = _asara(tmp_path, "batch", "club", lang="en").stdout
    assert "line 45: " in english and "Zeile" not in english
    assert "Zeile 45" in _asara(tmp_path, "batch", "club").stdout


# --- the report -----------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "source"), [
    ("report-asara.html", SAMPLES / "two-player-basic.toml"),
    ("report-yspahan.html", SAMPLES / "yspahan" / "yspahan-3p.toml"),
])
def test_a_game_page_in_german(tmp_path: Path, name: str, source: Path) -> None:
    shutil.copyfile(source, tmp_path / source.name)
    result = _asara(tmp_path, "report", source.name, "-o", "page.html")
    assert result.returncode == 0, result.stderr
    page = (tmp_path / "page.html").read_text(encoding="utf-8")
    root = ET.fromstring(page.encode())  # well-formed, as in English
    assert root.get("lang") == "de"
    for words in ("Spieler", "Woher die Punkte kamen", "Das Punktebuch: ", "Ereignis",
                  "Quelle"):
        assert words in page, words
    assert "Where the points came from" not in page and 'lang="en"' not in page
    _matches(name, page)


def test_the_yspahan_page_names_its_day_in_german(tmp_path: Path) -> None:
    source = SAMPLES / "yspahan" / "yspahan-3p.toml"
    shutil.copyfile(source, tmp_path / source.name)
    _asara(tmp_path, "report", source.name, "-o", "page.html")
    page = (tmp_path / "page.html").read_text(encoding="utf-8")
    assert "<title>YSPAHAN am 23.11.2026 in " in page
    assert "<strong>Tina</strong> gewinnt: 74 Punkte." in page


def test_the_club_page_in_german(tmp_path: Path) -> None:
    _club(tmp_path)
    result = _asara(tmp_path, "report", "club", "-o", "club.html")
    assert result.returncode == 1, result.stderr  # a log breaks a rule; the page is written
    page = (tmp_path / "club.html").read_text(encoding="utf-8")
    ET.fromstring(page.encode())
    for words in ("3 gewertete Partien von 4 Dateien (1 doppelt, einmal gezählt).",
                  "ASARA: 2 gewertete Partien", "YSPAHAN: 1 gewertete Partie",
                  "Siegquote gegen den fairen Anteil (Prozent)", "Spielerzahl</th>",
                  "Direkter Vergleich (jedes Paar einmal)", "ungültig: Zeile 45: "):
        assert words in page, words
    _matches("report-club.html", page)


# --- input errors ---------------------------------------------------------------------------


def _error(result: Done) -> str:
    """The one message a refused input leaves on stderr (wrapped at 80 columns, read back as
    one line), exit code 2."""
    assert result.returncode == 2, (result.stdout, result.stderr)
    lines = messages(result.stderr)
    assert len(lines) == 1, lines
    return lines[0]


BAD_LOGS = [
    # (the log's text, what the German line says)
    ('format = 1\nplayers = ["Tina", "Paul"\n',
     "kein gültiges TOML: "),
    ('format = 1\nplayers = ["Tina", "Paul"]\ncolour = "red"\n',
     "colour: unbekannter Schlüssel im Kopf (bekannt: format, game, players"),
    ('format = 1\nplayers = "Tina"\n',
     "players: erwartet eine Liste der Spielernamen in Sitzreihenfolge"),
    ('format = 1\nplayers = ["Tina", "tina"]\n',
     "players: zwei Spieler haben denselben Namen ('Tina' und 'tina': Namen werden ohne "
     "Groß- und Kleinschreibung verglichen)"),
    ('players = ["Tina", "Paul"]\n',
     "kein Spielprotokoll von asara-cli: kein Schlüssel 'format' (format = 1)"),
    ('format = 9\nplayers = ["Tina", "Paul"]\n',
     "format: Protokollformat 9 ist neuer, als dieses asara-cli liest (Format 1); "
     "asara-cli aktualisieren"),
    ('format = 1\ngame = 7\nplayers = ["Tina", "Paul"]\n',
     "game: erwartet den Namen eines Spiels, erhalten: eine Zahl 7"),
    ('format = 1\ngame = "yspahn"\nplayers = ["Tina", "Paul"]\n',
     "game: kein Spiel namens 'yspahn' (meintest du 'yspahan'?); asara-cli kennt asara, "
     "yspahan"),
    ('format = 1\nplayers = ["Tina", "Paul"]\nstart = "Tina"\n\n[[event]]\ntype = "dance"\n',
     "game.toml:6: Ereignis 1: type: unbekannte Ereignisart Text 'dance' (bekannt: "),
]


@pytest.mark.parametrize(("text", "said"), BAD_LOGS)
def test_an_unusable_log_is_one_german_line(tmp_path: Path, text: str, said: str) -> None:
    (tmp_path / "game.toml").write_text(text, encoding="utf-8")
    line = _error(_asara(tmp_path, "validate", "game.toml"))
    assert said in line, line
    assert line.count("game.toml") == 1


def test_a_missing_file_in_german(tmp_path: Path) -> None:
    line = _error(_asara(tmp_path, "validate", "nowhere.toml"))
    assert line.endswith("nowhere.toml: keine solche Datei"), line


def test_a_folder_for_a_log_in_german(tmp_path: Path) -> None:
    (tmp_path / "game.toml").mkdir()
    line = _error(_asara(tmp_path, "validate", "game.toml"))
    assert line.endswith("game.toml: ist ein Ordner, keine Datei"), line


def test_undo_and_redo_with_nothing_to_do_in_german(tmp_path: Path) -> None:
    (tmp_path / "game.toml").write_text('format = 1\nplayers = ["Tina", "Paul"]\nstart = "Tina"\n',
                                        encoding="utf-8")
    line = _error(_asara(tmp_path, "undo", "--log", "game.toml"))
    assert line.endswith("game.toml: hat kein Ereignis, das rückgängig zu machen wäre"), line
    line = _error(_asara(tmp_path, "redo", "--log", "game.toml"))
    assert "game.toml: hat nichts zu wiederholen (nur Rückgängiges lässt sich wiederholen; " \
           "ein seither protokollierter Zug beendet das)" in line, line


def test_no_log_named_in_german(tmp_path: Path) -> None:
    line = _error(_asara(tmp_path, "undo"))
    assert "welches Protokoll? " in line and "`asara benutzen LOG`" in line, line


def test_a_log_held_by_another_recorder_in_german(tmp_path: Path, german: None) -> None:
    log = tmp_path / "game.toml"
    log.write_text('format = 1\nplayers = ["Tina", "Paul"]\nstart = "Tina"\n',
                   encoding="utf-8")
    with locked(log), pytest.raises(InputError) as refused, locked(log, timeout=0.05):
        pass
    assert "ein anderes asara schreibt seit 0 s in dieses Protokoll; bitte erneut " \
           "versuchen" in str(refused.value)


def test_a_refusal_names_the_rule_and_the_facts_in_german(tmp_path: Path) -> None:
    """validate's line: the place, the event in German, the referee's facts, the rule."""
    shutil.copyfile(SAMPLES / "invalid" / "turn-order.toml", tmp_path / "turn-order.toml")
    result = _asara(tmp_path, "validate", "turn-order.toml")
    assert result.returncode == 1
    assert "turn-order.toml:45: Ereignis " in result.stdout + result.stderr
    assert "[R2]" in result.stdout + result.stderr


# --- the pieces -----------------------------------------------------------------------------


def test_values_described_in_german(german: None) -> None:
    assert describe(7) == "eine Zahl 7"
    assert describe("x") == "Text 'x'"
    assert describe(True) == "wahr/falsch True"
    assert describe([1]) == "eine Liste"
    assert grouped(4194304) == "4.194.304"


def test_values_described_in_english_as_before() -> None:
    assert describe(7) == "a number 7"
    assert describe(2.5) == "a decimal number 2.5"
    assert describe({"a": 1}) == "a table"
    assert grouped(4194304) == "4,194,304"


@pytest.mark.parametrize(("code", "said"), [
    ("en", "1,234 files: 1,234 scored"),
    ("de", "1.234 Dateien: 1.234 gewertet"),
    ("fr", "1 234 fichiers: 1 234 décomptés"),
    ("es", "1.234 archivos"),
    ("ru", "1 234 файла: подсчитано 1 234"),
])
def test_batchs_counts_grouped_as_every_other_count(code: str, said: str) -> None:
    """One way to group thousands per language, the catalogue's (as scores and listings
    do): Babel's narrow no-break space in French and Russian, and no grouping of four
    digits in Spanish, had made batch's last line differ from the other screens."""
    played = [GameRecord(f"g{i}.toml", "", "valid") for i in range(1234)]
    language.use(code)
    try:
        line = _counted(1234, played, played, 0, 0)
    finally:
        language.use("en")
    assert line.startswith(said), line
    assert "\u202f" not in line and "\xa0" not in line


def test_the_toml_readers_words_in_german(german: None) -> None:
    assert toml_message("Unclosed array") == "Nicht geschlossenes Array"
    assert toml_message("Found invalid character '\\x01'") == "Ungültiges Zeichen '\\x01'"
    assert toml_message("something new") == "something new"
    with pytest.raises(InputError) as bad:
        loads_toml("a = [1,\n", "x.toml")
    assert "kein gültiges TOML: " in str(bad.value)


def test_the_systems_reasons_in_german(german: None) -> None:
    import errno

    assert reason(PermissionError(errno.EACCES, "Permission denied")) == "Zugriff verweigert"
    assert reason(OSError(errno.EXDEV, "Invalid cross-device link")) == (
        "Invalid cross-device link")


def test_statuses_and_days_in_german(german: None) -> None:
    assert [status_word(s) for s in ("valid", "invalid", "incomplete", "unreadable",
                                     "duplicate")] == [
        "gültig", "ungültig", "unfertig", "unlesbar", "doppelt"]
    assert day("2026-03-14") == "14.03.2026"
    assert day("2026-03-14T19:30:00") == "2026-03-14T19:30:00"  # a time: as written
    assert day("last Sunday") == "last Sunday"
    record = GameRecord("a.toml", "", "invalid", problem="x", rule="R2", line=5)
    assert game_status(record) == "ungültig: Zeile 5: x [R2]"


def test_statuses_and_days_in_english_as_before() -> None:
    assert day("2026-03-14") == "2026-03-14"
    record = GameRecord("a.toml", "", "invalid", problem="x", rule="R2", line=5)
    assert game_status(record) == "invalid: line 5: x [R2]"
    assert game_status(GameRecord("b.toml", "", "duplicate", duplicate_of="a.toml")) == (
        "duplicate of a.toml")


def test_a_log_read_in_german_is_the_same_log(german: None) -> None:
    """The language changes what is said, never what is read."""
    text = (SAMPLES / "two-player-basic.toml").read_text(encoding="utf-8")
    german_log = parse_log(text)
    from asara_cli import language

    language.use("en")
    assert parse_log(text) == german_log


# --- the rules reference --------------------------------------------------------------------


def test_the_german_reference_is_shipped_as_written() -> None:
    import tomllib

    docs = sorted(p.name for p in (ROOT / "docs" / "rules" / "de").glob("*.md"))
    assert docs == ["asara.md", "yspahan.md"]
    for name in docs:
        assert (ROOT / "asara_cli" / "data" / "rules" / "de" / name).read_bytes() == \
            (ROOT / "docs" / "rules" / "de" / name).read_bytes(), name
    data = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    assert "data/rules/*/*.md" in data["tool"]["setuptools"]["package-data"]["asara_cli"]


@pytest.mark.parametrize("game", ["asara", "yspahan"])
def test_the_german_reference_has_every_entry_of_the_english(game: str) -> None:
    """The same ids at the same levels, in the same order: a rule a message cites is found
    in either language."""
    from asara_cli.reference import parse

    english = parse(game, (ROOT / "docs" / "rules" / f"{game}.md").read_text("utf-8"))
    german = parse(game, (ROOT / "docs" / "rules" / "de" / f"{game}.md").read_text("utf-8"))
    assert [(r.id, r.level) for r in german] == [(r.id, r.level) for r in english]
    assert all(r.text for r in german)


def test_a_rule_in_german(tmp_path: Path) -> None:
    result = _asara(tmp_path, "rules", "R5.2")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("R5.2 Gleichstand auf dem 1. Platz (ASARA)\n")
    assert "Schwarz, zwei Türme gleich hoch: (10 + 5) / 2 = 7,5," in out
    assert all(len(line) <= WIDTH for line in out.splitlines())
    listing = _asara(tmp_path, "rules").stdout
    assert listing.startswith("ASARA (asara regeln ID zeigt eine)\n")
    assert "YSPAHAN (asara regeln ID zeigt eine)" in listing
    assert "      Y3.4.3 Zuerst den eigenen Basar vollenden" in listing
    below = _asara(tmp_path, "rules", "R2").stdout
    assert "Darunter: R2.1 Farbzwang; R2.2 Felder; R2.3 Bezahlen" in below
    english = _asara(tmp_path, "rules", "R5.2", lang="en").stdout
    assert english.startswith("R5.2 A tie for 1st place (ASARA)\n")
