"""The German sweep (issue 31): what was left English in the generic layers at a German
table, each with its English twin unchanged."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from languages import asara as _asara
from languages import spawned

from asara_cli.cache import start_worker, worker_records
from asara_cli.core import i18n
from asara_cli.errors import InputError
from asara_cli.logfile.common import loads_toml

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_games"


# --- batch --jobs N: a spawned worker speaks the batch's language -------------------------


def _problem_in_worker(language: str | None) -> str | None:
    """The problem of an illegal sample as a worker started by *spawn* writes it (as on
    macOS and Windows, where nothing is inherited by forking)."""
    log = str(SAMPLES / "invalid" / "turn-order.toml")
    args = (None,) if language is None else (None, language)
    with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                             initializer=start_worker, initargs=args) as pool:
        records, _made = pool.submit(worker_records, [log], None).result(timeout=120)
    return records[0].problem


def test_a_spawned_worker_writes_problems_in_the_language_it_is_handed() -> None:
    assert i18n.language() == "en"
    german = _problem_in_worker("de")
    english = _problem_in_worker("en")
    assert german is not None and english is not None
    # the turn-order sample: Paul moves where Tina is to move
    assert english == "it is Tina's turn, not Paul's", english
    assert "Tina" in german and "turn" not in german, german
    assert german != english
    # by default (the English batch) it is English, as it always was
    assert _problem_in_worker(None) == english


# --- a truncated TOML file: the reader's message in German too ----------------------------


def test_a_truncated_log_names_its_toml_mistake_in_german(tmp_path: Path) -> None:
    (tmp_path / "game.toml").write_text("garbage = [\n", encoding="utf-8")
    german = _asara(tmp_path, "validate", "game.toml")
    english = _asara(tmp_path, "validate", "game.toml", lang="en")
    assert german.returncode == english.returncode == 2
    assert "end of document" not in german.stderr and "Invalid" not in german.stderr
    said = german.stderr.replace("\n   ", " ")
    assert "kein gültiges TOML: Ungültiger Wert (am Dateiende)" in said, said
    assert "not valid TOML: Invalid value (at end of document)" in \
        english.stderr.replace("\n   ", " "), english.stderr


def test_loads_toml_keeps_the_position_of_a_truncated_file(german: None) -> None:
    with pytest.raises(InputError) as e:
        loads_toml("a = 1\nb = [\n", "game.toml")
    assert "Ungültiger Wert" in str(e.value) and "document" not in str(e.value)
    assert e.value.line == 3


# --- the game's words in the headings of the report and the chart -------------------------


YSPAHAN = SAMPLES / "yspahan" / "yspahan-3p.toml"


def test_the_yspahan_chart_is_titled_in_german(tmp_path: Path) -> None:
    german = _asara(tmp_path, "score", "--chart", str(YSPAHAN))
    english = _asara(tmp_path, "score", "--chart", str(YSPAHAN), lang="en")
    assert german.returncode == english.returncode == 0
    assert german.stdout.startswith("Punkte in "), german.stdout[:80]
    assert english.stdout.startswith("Points in "), english.stdout[:80]


def test_the_yspahan_page_heads_its_weeks_in_german(tmp_path: Path) -> None:
    for lang, heading, column in (("de", "<h2>Punkte je Woche</h2>", '<th class="n">Woche</th>'),
                                  ("en", "<h2>Points after each week</h2>",
                                   '<th class="n">week</th>')):
        page = tmp_path / f"{lang}.html"
        assert _asara(tmp_path, "report", str(YSPAHAN), "-o", str(page), lang=lang
                      ).returncode == 0
        text = page.read_text("utf-8")
        assert heading in text and column in text, lang


# --- Yspahan's notes on its legal moves -----------------------------------------------------


def _new_yspahan(tmp: Path) -> None:
    assert _asara(tmp, "new", "y.toml", "--game", "yspahan", "-p", "Ada", "-p", "Bo", "-p",
                  "Cy", "--no-use", lang="en").returncode == 0


def test_the_roll_is_asked_for_in_german(tmp_path: Path) -> None:
    _new_yspahan(tmp_path)
    german = _asara(tmp_path, "moves", "y.toml")
    english = _asara(tmp_path, "moves", "y.toml", lang="en")
    assert german.returncode == english.returncode == 0
    assert " ".join(german.stdout.split()) == (
        "Ada würfelt: angeben, was die Würfel zeigen, etwa asara würfeln 1 1 3 3 5 5 6 6 6 "
        "(--yellow für die gekauften gelben Würfel) [Y2.3]")
    assert " ".join(english.stdout.split()) == (
        "Ada rolls the dice: record what they show, e.g. asara roll 1 1 3 3 5 5 6 6 6 "
        "(--yellow for the yellow dice bought) [Y2.3]")


def test_a_card_not_known_yet_is_noted_in_german(tmp_path: Path) -> None:
    _new_yspahan(tmp_path)
    assert _asara(tmp_path, "roll", "1", "2", "3", "4", "5", "6", "1", "2", "3", "-l",
                  "y.toml", lang="en").returncode == 0
    german = " ".join(_asara(tmp_path, "moves", "y.toml").stdout.split())
    english = " ".join(_asara(tmp_path, "moves", "y.toml", lang="en").stdout.split())
    assert ("die gezogene Karte ist noch unbekannt; gezeigt wird jede Art, die noch kommen "
            "kann") in german
    assert "not known yet" not in german
    assert "the card drawn is not known yet: each kind that may come" in english


# --- an argument named by the code still shows its type, in German too ---------------------


def test_the_rule_id_argument_shows_its_type_in_german(tmp_path: Path) -> None:
    german = spawned(tmp_path, "rules", "--help")
    english = spawned(tmp_path, "rules", "--help", lang="en")
    assert "[NUMMER]" in german.stdout and "<Text>" in german.stdout
    assert "<str>" not in german.stdout
    assert "[ID]" in english.stdout and "<str>" in english.stdout


# --- the day a game is played: "heute" read as "today" ---------------------------------------


@pytest.mark.parametrize(("lang", "word"), [("de", "heute"), ("de", "today"), ("de", "Heute"),
                                            ("en", "Today")])
def test_today_in_either_language(tmp_path: Path, lang: str, word: str) -> None:
    import datetime
    import tomllib

    before = datetime.date.today().isoformat()
    done = _asara(tmp_path, "new", "g.toml", "-p", "Ada", "-p", "Bo", "--date", word,
                  "--no-use", lang=lang)
    assert done.returncode == 0, done.stderr
    header = tomllib.loads((tmp_path / "g.toml").read_text("utf-8"))
    assert str(header["date"]) in (before, datetime.date.today().isoformat())  # midnight


def test_a_day_not_understood_in_german(tmp_path: Path) -> None:
    german = _asara(tmp_path, "new", "g.toml", "-p", "Ada", "-p", "Bo", "--date", "morgen")
    english = _asara(tmp_path, "new", "g.toml", "-p", "Ada", "-p", "Bo", "--date", "morgen",
                     lang="en")
    assert german.returncode == english.returncode == 2
    assert "--date: JJJJ-MM-TT oder heute erwartet, nicht 'morgen'" in german.stderr
    assert "--date: expected YYYY-MM-DD or today, got 'morgen'" in english.stderr
    assert not (tmp_path / "g.toml").exists()


def test_heute_is_a_word_of_a_german_table_only(tmp_path: Path) -> None:
    """English words are read at every table, a language's words at its own (the catalogue
    brings them): an English table does not read ``heute``."""
    english = _asara(tmp_path, "new", "g.toml", "-p", "Ada", "-p", "Bo", "--date", "heute",
                     "--no-use", lang="en")
    assert english.returncode == 2
    assert "--date: expected YYYY-MM-DD or today, got 'heute'" in english.stderr
