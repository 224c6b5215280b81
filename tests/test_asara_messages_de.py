"""German messages of ASARA's words (issue 31): an ambiguous or unknown area lists the German
words one types, never the log's keys; English unchanged."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from languages import asara

from asara_cli import language
from asara_cli.games.asara import words
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.events import Gift, GiftKind, GiftsDealt, GiftUse
from asara_cli.games.asara.rules.gifts import use_text, use_words
from asara_cli.games.asara.rules.model import Colour, Section
from asara_cli.games.asara.screens.record import move_text
from asara_cli.games.asara.words import WordError

ROOT = Path(__file__).resolve().parent.parent
KEYS = {k: k for k in ("base", "trunk", "window", "turret", "circle", "bank", "coloured",
                       "spies", "caliph", "tent", "lighted", "genie")}


@pytest.fixture
def de() -> Iterator[None]:
    language.use("de")
    yield
    language.use("en")


@pytest.mark.parametrize(("typed", "names"), [
    ("b", "Basis oder Bank oder Baukreis oder bunt"),
    ("ba", "Basis oder Bank oder Baukreis"),
    ("s", "Spione oder Spitze"),
])
def test_an_ambiguous_area_names_the_german_words(de: None, typed: str, names: str) -> None:
    with pytest.raises(WordError) as caught:
        words.area(typed, KEYS)
    assert f"'{typed}' ist mehrdeutig: {names}?" in str(caught.value)


def test_an_unknown_area_lists_the_german_words(de: None) -> None:
    with pytest.raises(WordError) as caught:
        words.area("xyz", KEYS)
    assert ("bekannt: Basis, Mittelteil, Fenster, Spitze, Baukreis, Bank, bunt, Spione, Kalif, "
            "Zelt, leuchtend, Dschinn)") in str(caught.value)
    for key in ("circle", "coloured", "spies", "caliph", "genie"):
        assert key not in str(caught.value)


def test_the_german_words_read_as_the_keys(de: None) -> None:
    assert words.area("Baukr", KEYS) == "circle"
    assert words.area("bun", KEYS) == "coloured"


def test_english_areas_unchanged() -> None:
    with pytest.raises(WordError, match=r"'b' is ambiguous: base or bank\?"):
        words.area("b", KEYS)


def _german_texts() -> list[str]:
    from babel.messages.pofile import read_po

    po = ROOT / "asara_cli" / "locale" / "de" / "LC_MESSAGES" / "asara_cli.po"
    with po.open("rb") as f:
        catalogue = read_po(f)
    out: list[str] = []
    for message in catalogue:
        if message.id:
            strings: tuple[str, ...] = (message.string if isinstance(message.string, tuple)
                                        else (str(message.string),))
            out.extend(s for s in strings if s)
    return out


#: How "Sie" addresses the reader; "sie" (they, it) is lower case inside a sentence, so only
#: forms that cannot mean "they" are listed, and capital "Sie" after a sentence's start.
FORMAL = re.compile(r"\bIhnen\b|\bIhr(e|em|en|er|es)?\b|\b(Meinten|meinten|Haben|haben|Können|"
                    r"können|Wollen|wollen|Geben|Wählen|Nutzen|Tippen|Sind|sind) Sie\b"
                    r"|(?<![.:!?] )(?<!^)\bSie\b")


def test_the_formal_sie_test_tells_sie_from_they() -> None:
    assert FORMAL.search("meinten Sie green?")
    assert FORMAL.search("Ihre Datei")
    assert FORMAL.search("eine Datei, die Sie kennen")
    assert not FORMAL.search("sie ist ein symbolischer Link; bitte entfernen")
    assert not FORMAL.search("die Datei fehlt. Sie wird angelegt")


def test_no_german_message_addresses_the_reader_with_sie() -> None:
    """The table is addressed with "du" (the rulebook's players: ihr, du), never "Sie"."""
    formal = [text for text in _german_texts() if FORMAL.search(text)]
    assert formal == []


def test_no_german_message_can_break_inside_z_b() -> None:
    """"z. B." wraps as "z." | "B." at a line's end: the catalogue writes "etwa"."""
    assert [text for text in _german_texts() if re.search(r"z\.\s*B\.", text)] == []


@pytest.mark.parametrize(("typed", "message"), [
    ("gren", "'gren' ist kein bekanntes Farbwort; meinst du Grün? (ist gren eine neue Farbe, "
             "--card \"neu gren\" tippen)"),
])
def test_a_typo_refusal_says_du_and_the_german_words(de: None, typed: str,
                                                     message: str) -> None:
    with pytest.raises(WordError) as caught:
        words.buyer(typed, [])
    assert str(caught.value) == message
    assert words.buyer(f"neu {typed}", []) == typed


def _uses() -> list[tuple[GiftUse, str, str]]:
    """A resolved gift, as the log writes it and as a German table reads it (by hand)."""
    buyer, buy = Gift(GiftKind.BUYER), Gift(GiftKind.BUY, section=Section.BASE)
    lighted = Gift(GiftKind.LIGHTED)
    return [
        (GiftUse(buyer, buyer="blue"), "buyer blue", "Einkäufer: Blau"),
        (GiftUse(buyer, taken=False), "buyer: nothing", "Einkäufer: nichts"),
        (GiftUse(buy, colour=Colour.RED, gold=True), "buy base: gold red",
         "Kauf Basis: Basis in Rot mit Goldverzierung"),
        (GiftUse(buy), "buy base: nothing", "Kauf Basis: nichts"),
        (GiftUse(lighted, colour=Colour.BLACK), "lighted: black",
         "leuchtendes Fenster: Schwarz"),
        (GiftUse(Gift(GiftKind.ASARI, amount=6)), "asari 6", "6 Asari"),
    ]


def test_a_gift_taken_reads_in_german() -> None:
    for use, english, german in _uses():
        assert use_words(use) == english == use_text(use)
        language.use("de")
        try:
            assert use_words(use) == german
            assert use_text(use) == english  # the log's words, whatever the language
        finally:
            language.use("en")


def test_a_deal_reads_the_areas_in_german(de: None, board: Board) -> None:
    dealt = GiftsDealt((("circle", 2, Gift(GiftKind.PRESTIGE)),
                        ("base", 1, Gift(GiftKind.ASARI, amount=6))))
    text = move_text(board, dealt)
    assert text == "Geschenke verteilt: Baukreis 2: Prestige; Basis 1: 6 Asari"


#: ``asara ARGS`` in a folder, in this process (English unless ARGS say ``--lang``)
_asara = functools.partial(asara, lang=None)


def test_the_deal_example_is_typed_in_german(tmp_path: Path) -> None:
    """The example a German table is shown is German words, and records the deal it says."""
    made = _asara(tmp_path, "--lang", "de", "new", "g.toml", "-p", "Tina", "-p", "Paul",
                  "--gifts", "--pro", "--no-use")
    assert made.returncode == 0, made.stderr
    line = " ".join(made.stdout.split())
    example = line.split("etwa asara ", 1)[1].split(" (6 Geschenke")[0]
    assert example.startswith("geschenke basis 2 asari 6 mittelteil 1 einkäufer fenster 3 ")
    dealt = _asara(tmp_path, "--lang", "de", *example.split(), "--log", "g.toml")
    assert dealt.returncode == 0, dealt.stderr
    assert "Geschenke verteilt: Basis 2: 6 Asari; Mittelteil 1: Einkäufer;" in " ".join(
        dealt.stdout.split())
    english = _asara(tmp_path, "new", "e.toml", "-p", "Tina", "-p", "Paul", "--gifts", "--pro",
                     "--no-use")
    assert ("e.g. asara gifts base 2 asari 6 trunk 1 buyer window 3 buy turret turret 4 "
            "prestige window 1 buyer lighted 1 lighted") in " ".join(english.stdout.split())


def test_gold_is_named_goldverzierung_among_the_words_known(de: None) -> None:
    with pytest.raises(WordError) as caught:
        words.tile(["lila"])
    assert str(caught.value) == ("Farbe des Turmteils: 'lila' unbekannt (bekannt: Braun, Grün, "
                                 "Rot, Schwarz, Weiß, Goldverzierung)")


def test_gold_is_gold_in_english() -> None:
    with pytest.raises(WordError, match=r"known: brown, green, red, black, white, gold\)"):
        words.tile(["lila"])


def test_status_full_in_german_loses_no_word_to_an_ellipsis(tmp_path: Path) -> None:
    """German headers are wider: a tower's drawing wraps instead (its short form kept)."""
    sample = str(ROOT / "sample_games" / "four-player-pro.toml")
    shown = _asara(tmp_path, "--lang", "de", "status", "--full", sample)
    assert shown.returncode == 0, shown.stderr
    assert "…" not in shown.stdout
    assert all(len(line) <= 80 for line in shown.stdout.splitlines())
    assert "Grün 1 (5) █▮▯✦▲ (1\u00d7 Goldverz., 1\u00d7" in shown.stdout
    english = _asara(tmp_path, "status", "--full", sample)
    assert "green 1 (5) █▮▯✦▲ (1 gold, 1 lit)" in english.stdout


def test_a_gift_asked_in_german_names_it_in_german_and_its_example_records(
        tmp_path: Path) -> None:
    for lang, log in (("de", "g.toml"), ("en", "e.toml")):
        made = _asara(tmp_path, "--lang", lang, "new", log, "-p", "Tina", "-p", "Paul",
                      "--gifts", "--no-use")
        assert made.returncode == 0, made.stderr
        dealt = _asara(tmp_path, "--lang", lang, "gifts", "base", "2", "asari", "6", "trunk",
                       "1", "buyer", "window", "3", "buy", "turret", "turret", "4", "prestige",
                       "window", "1", "buyer", "--log", log)
        assert dealt.returncode == 0, dealt.stderr
    asked = _asara(tmp_path, "--lang", "de", "kaufen", "fenster", "rot", "-c", "blau", "-s",
                   "3", "--log", "g.toml")
    assert asked.returncode == 2
    said = " ".join(asked.stderr.split())
    assert ("ein Geschenk Kauf liegt auf diesem Feld (Kauf Spitze): das für Kauf Spitze "
            "gekaufte Turmteil angeben, etwa --gift \"Kauf Spitze: rot\"") in said
    done = _asara(tmp_path, "--lang", "de", "kaufen", "fenster", "rot", "-c", "blau", "-s",
                  "3", "--gift", "Kauf Spitze: rot", "--log", "g.toml")
    assert done.returncode == 0, done.stderr
    assert "zuerst das Geschenk Kauf Spitze: Spitze in Rot" in " ".join(done.stdout.split())
    text = (tmp_path / "g.toml").read_text(encoding="utf-8")
    assert 'gifts = ["buy turret: red"]' in text and 'buyer = "blue"' in text
    english = _asara(tmp_path, "buy", "window", "red", "-c", "blue", "-s", "3", "--log",
                     "e.toml")
    assert ("a purchase gift lies on this space (buy turret): say the tile bought for buy "
            "turret, e.g. --gift \"buy turret: red\"") in " ".join(english.stderr.split())


def test_the_deal_asked_at_the_table_names_the_chests_as_typed(de: None) -> None:
    """In year 2 the table is asked to deal onto the chests of year 1, named as a German
    table types them (``Fenster 1``), not by the log's keys (``window 1``)."""
    from asara_cli.cli.grammar import Said
    from asara_cli.errors import Asked
    from asara_cli.games import game
    from asara_cli.games.asara.commands import Table
    from asara_cli.logfile.board import load_board
    from asara_cli.logfile.game import read_log

    log = read_log(ROOT / "sample_games" / "basic-gifts.toml")
    second = [i for i, e in enumerate(log.events) if isinstance(e, GiftsDealt)][1]
    g, board = game("asara"), load_board(None, "asara")
    state = g.recording().position(g.replay(board, log.header.setup, log.events[:second]))
    with pytest.raises(Asked) as asked:
        Table(board, state, Said(), asking=True).deal_first()  # type: ignore[arg-type]
    assert "auf Basis 1, Mittelteil 1, Fenster 1, Spitze 1, Basis 2:" in asked.value.question
