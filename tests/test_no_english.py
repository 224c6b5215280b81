"""At a German table (and at the table of every shipped language), the English fragments the
sweep of issue 31 found on the screens of the generic layers and of Yspahan's views never come
back: each command of the sweep, over the samples, in the language, and the same fragment
present in English (so that the list checks something). ASARA's own screens are the ASARA
views' to translate and are not run here."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from languages import SHIPPED, asara, each

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_games"
YSPAHAN = SAMPLES / "yspahan"


def _asara(tmp: Path, lang: str, *args: str) -> str:
    """``asara --lang LANG ARGS`` at 80 columns: stdout and stderr, line breaks as spaces."""
    done = asara(tmp, *args, lang=lang)
    assert done.returncode in (0, 1, 2), done.stderr
    assert "Traceback" not in done.stderr
    return re.sub(r"\s+", " ", done.stdout + " " + done.stderr)


#: (the command, the English fragments it showed in German before the sweep: each must be
#: gone in German and still there in English)
SWEEP: list[tuple[tuple[str, ...], tuple[str, ...]]] = [
    (("validate", str(YSPAHAN / "invalid" / "row-taken.toml")),
     ("event 3", "violation", "invalid:", "was taken today")),
    (("batch", str(YSPAHAN), "--format", "markdown"),
     ("files:", "scored", "unreadable", "duplicates")),
    (("status", "--at", "3", str(YSPAHAN / "yspahan-3p.toml")),
     ("after event", "Week 1")),
    (("score", str(YSPAHAN / "yspahan-3p.toml")), ("Score of",)),
    (("score", "--chart", str(YSPAHAN / "yspahan-3p.toml")), ("Points in",)),
    (("validate", "truncated.toml"), ("error:", "not valid TOML", "Invalid value",
                                      "end of document")),
    (("moves", "y.toml"), ("rolls the dice", "record what they show", "yellow dice bought")),
    (("report", str(YSPAHAN / "yspahan-3p.toml"), "-o", "page.html"), ("written",)),
]


@pytest.mark.parametrize("lang", each(SHIPPED, ("de",)))
@pytest.mark.parametrize(("args", "fragments"), SWEEP, ids=lambda x: " ".join(x)[:40])
def test_no_english_fragment_at_the_table(tmp_path: Path, lang: str, args: tuple[str, ...],
                                          fragments: tuple[str, ...]) -> None:
    (tmp_path / "truncated.toml").write_text("format = 1\nplayers = [\n", encoding="utf-8")
    shutil.copyfile(YSPAHAN / "yspahan-3p.toml", tmp_path / "copy.toml")
    _asara(tmp_path, "en", "new", "y.toml", "--game", "yspahan", "-p", "Ada", "-p", "Bo",
           "-p", "Cy", "--no-use")
    german = _asara(tmp_path, lang, *args)
    english = _asara(tmp_path, "en", *args)
    for fragment in fragments:
        assert fragment in english, (fragment, english[:300])
        assert fragment not in german, (fragment, german[:300])


@pytest.mark.parametrize("lang", each(SHIPPED, ("de",)))
def test_the_report_page_has_no_english_heading(tmp_path: Path, lang: str) -> None:
    _asara(tmp_path, lang, "report", str(YSPAHAN / "yspahan-3p.toml"), "-o", "de.html")
    _asara(tmp_path, "en", "report", str(YSPAHAN / "yspahan-3p.toml"), "-o", "en.html")
    german = (tmp_path / "de.html").read_text("utf-8")
    english = (tmp_path / "en.html").read_text("utf-8")
    for fragment in ("<h2>Points after each week", '<th class="n">week</th>',
                     "Where the points came from", "The ledger"):
        assert fragment in english, fragment
        assert fragment not in german, fragment


#: (the command, the fragments the German review of November 2026 found (absent now), the
#: better German that replaced them)
REVIEW: list[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = [
    (("validate", str(YSPAHAN / "invalid" / "last-day-order.toml")),
     ("Tag 21", ", roll)"), ("in Woche 3, Tag 7 würfelt Tina, nicht Max", "(Max, würfeln)")),
    (("validate", str(SAMPLES / "invalid" / "follow-suit.toml")),
     ("Einkäufer Gelb", "Einkäufer in Gelb", ", buy)"), ("gelber Einkäufer", "(Paul, kaufen)")),
    (("validate", str(SAMPLES / "invalid" / "checkpoint-disagrees.toml")),
     ("[checkpoint]", ", checkpoint)"), ("[Kontrollpunkt]",)),
    (("status", "--full", str(YSPAHAN / "yspahan-3p.toml")),
     ("Würfelturm", "Hände", "Wertung"), ("Würfel-Tableau", "Handkarten (offen)", "Punkte")),
    (("status", "--full", str(SAMPLES / "four-player-pro.toml")),
     ("1 Gold)", "1 leuchtend)"), ("1\u00d7 Goldverz.", "1\u00d7 leuchtend)")),
    (("batch", str(SAMPLES), "--format", "markdown"),
     ("| Platz |", "## Plätze"), ("| Sitzplatz |", "## Sitzplätze (1 = Startspieler)")),
    (("rules", "Y6.12"), ("nocamels", "nogold"), ("Kamelfrei und Goldfrei",)),
    (("rules", "Y2.4"), ("Würfelturm",), ("Würfel-Tableau",)),
    (("validate", str(SAMPLES / "invalid" / "coloured-face-up.toml")),
     ("Einkäufer in Blau",), ("gelegt: blauer Einkäufer",)),
    (("validate", str(YSPAHAN / "invalid" / "place-all.toml")),
     ("Viertel Sack", "zustehend"), ("ins Sackviertel setzen (3 laut 3 Würfel; Platz für 16)",)),
    (("validate", str(YSPAHAN / "invalid" / "souk-closed.toml")),
     ("im Viertel Sack",), ("Sack4 (S6) im Sackviertel",)),
    (("board", "--game", "yspahan"), ("3-4 Spieler",), ("3\u20134 Spieler",)),
    (("batch", str(YSPAHAN)), ("0 Doppel",), ("0 doppelt",)),
    (("validate", str(SAMPLES / "invalid" / "sixth-buyer-colour.toml")),
     ("'Rosa'",), ("\u201eRosa\u201c w\u00e4re die 6.",)),
]


@pytest.mark.parametrize(("args", "wrong", "right"), REVIEW, ids=lambda x: " ".join(x)[:40])
def test_the_reviews_findings_stay_fixed(tmp_path: Path, args: tuple[str, ...],
                                        wrong: tuple[str, ...], right: tuple[str, ...]) -> None:
    german = _asara(tmp_path, "de", *args)
    for fragment in wrong:
        assert fragment not in german, (fragment, german[:300])
    for fragment in right:
        assert fragment in german, (fragment, german[:300])
