"""ASARA's referee in German (issue 31): refusals name the rule id and the facts in the
rulebook's words (docs/glossary.md), the ledger says where every point came from in German,
and the game's nouns come from one place (rules/terms.py). English stays as it was: the
other tests of the referee run in English."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from asara_cli import language
from asara_cli.core.findings import Violation
from asara_cli.core.profile import BoardError
from asara_cli.games.asara.rules import terms
from asara_cli.games.asara.rules.areas import kind_of
from asara_cli.games.asara.rules.board import Board, board_from_mapping
from asara_cli.games.asara.rules.engine import Replay, check_setup, replay
from asara_cli.games.asara.rules.events import (
    Action,
    Addition,
    Bank,
    Build,
    Buy,
    Lighted,
    LightedWindow,
    NewTower,
    Part,
)
from asara_cli.games.asara.rules.model import Colour, Section, Tower
from asara_cli.games.asara.rules.position import check_position
from asara_cli.games.asara.rules.scoring import (
    FinalPosition,
    final_evaluation,
    year_evaluation,
)
from asara_cli.games.asara.rules.state import Setup
from asara_cli.logfile.game import load_log_board, read_log

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
GLOSSARY = Path(__file__).resolve().parent.parent / "docs" / "glossary.md"


def _replay(path: Path) -> Replay:
    log = read_log(path)
    return replay(load_log_board(log), log.header.setup, log.events)


def _first(path: Path) -> Violation:
    return _replay(path).violations[0]


# Every kind of refusal the invalid samples hold: the rule id, the player, and the German
# message, written out by hand from the sample's facts (which tests/test_samples.py checks in
# English) and the glossary's words.
REFUSALS: dict[str, tuple[str, str | None, str]] = {
    "sixth-buyer-colour.toml": (
        "R1", "Tina", "Einkäufer gibt es in 5 Farben, und Blau, Gelb, Violett, Orange, Grau "
                      "sind schon im Spiel; \u201eRosa\u201c wäre die 6."),
    "turn-order.toml": ("R2", "Paul", "Tina ist am Zug, nicht Paul"),
    "follow-suit.toml": (
        "R2.1", "Paul", "Marktbereich Basis: in diesem Jahr Farbzwang Blau; von Paul gelegt: "
                        "gelber Einkäufer (ein verdecktes Paar ginge)"),
    "occupied-space.toml": (
        "R2.2", "Tina", "Marktbereich Basis, Feld 2: in diesem Jahr von Paul belegt"),
    "bank-space-twice.toml": ("R2.2", "Paul", "Bank, Feld 1: in diesem Jahr von Tina belegt"),
    "not-enough-money.toml": ("R2.3", "Tina", "Tina hat 2 Asari; die Basis in Braun kostet 3"),
    "bribe-unaffordable.toml": (
        "R2.3", "Tina", "Tina hat 2 Asari; die Bestechung (3) und das Fenster in Braun (3) "
                        "kosten 6 Asari"),
    "genie-fee-unaffordable.toml": (
        "R2.3", "Tina", "Tina hat 4 Asari; das Feld des Dschinns kostet 5"),
    "not-on-display.toml": (
        "R3.1", "Tina", "Auslage Spitze: Spitze in Grün mit Goldverzierung liegt nicht aus "
                        "(dort liegen Spitze in Braun, Spitze in Braun, Spitze in Grün, Spitze "
                        "in Rot, Spitze in Rot mit Goldverzierung, Spitze in Schwarz, Spitze "
                        "in Weiß)"),
    "tower-without-turret.toml": (
        "R3.2", "Tina", "ein neuer Turm in Grün braucht genau eine Basis und eine Spitze im "
                        "selben Turmbau; dieser Turmbau gibt ihm 1 Basis und 0 Spitzen"),
    "plot-exception.toml": (
        "R3.2", "Paul", "3 Turmteile auf Feld 5 sind nur erlaubt, wenn die Felder 3 bis 4 "
                        "belegt sind; Feld 4 ist frei"),
    "build-missing-tile.toml": (
        "R3.2", "Tina", "Tina: Basis in Grün fehlt hinter dem Sichtschirm; Tina hat eine Basis in "
                        "Grün mit Goldverzierung: „Goldverzierung Basis“ angeben"),
    "bank-above-12.toml": ("R3.3", "Tina", "kein Feld der Bank bringt 15; die Werte gehen "
                                           "bis 12"),
    "coloured-face-up.toml": (
        "R3.3", "Tina", "buntes Gebäude: nur ein verdeckter Einkäufer; gelegt: blauer Einkäufer"),
    "bribe-empty-pile.toml": ("R3.4", "Paul", "der verdeckte Stapel Spitze ist leer"),
    "recruit-in-basic.toml": ("R3.6", "Tina", "Zelt: nur in der Profivariante"),
    "lighted-without-window.toml": (
        "R3.7", "Tina", "der Turm in Schwarz von Tina hat 0 unbedeckte Fenster ohne "
                        "Goldverzierung; das Protokoll legt 1 leuchtendes Fenster darauf"),
    "turn-after-game-over.toml": ("R5", "Tina", "das Spiel ist nach Jahr 4 vorbei; keine "
                                                "Züge mehr"),
    "checkpoint-disagrees.toml": (
        "checkpoint", "Tina", "die Prestigeleiste zeigt Tina bei 7; die protokollierten Züge "
                              "ergeben 6 (ein Unterschied von +1)"),
    "genie-caliph.toml": ("R6.2", "Tina", "der Dschinn gewährt jede Aktion außer: Gunst des "
                                          "Kalifen"),
    "genie-without-expansion.toml": (
        "R6.2", "Tina", "Haus des Dschinns: gehört zu einer Erweiterung, die dieses Spiel "
                        "nicht nutzt (Erweiterungen im Kopf des Protokolls: keine)"),
    "gift-left-lying.toml": (
        "R6.1", "Tina", "Marktbereich Basis, Feld 1: Geschenke dort: 6 Asari; der Zug nimmt kein "
                        "Geschenk (ein Einkäufer dort nimmt jedes Geschenk, das dort liegt)"),
    "gifts-dealt-twice.toml": ("R6.1", None, "die Geschenke von Jahr 1 sind schon verteilt"),
    "purchase-gift-skipped.toml": (
        "R6.1", "Tina", "das Kauf-Geschenk ist Pflicht: Tina hat 20 Asari, genug für jedes "
                        "Turmteil der Auslage Basis"),
    "lighted-gift-in-basic.toml": (
        "R6.1", None, "das Geschenk „leuchtendes Fenster“ gibt es nur in der Profivariante"),
}


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_a_refusal_in_german_names_the_rule_and_the_facts(name: str, german: None) -> None:
    rule, player, message = REFUSALS[name]
    found = _first(SAMPLES / "invalid" / name)
    assert (found.rule, found.player, found.message) == (rule, player, message)


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_the_german_refusal_keeps_every_fact_of_the_english_one(name: str) -> None:
    """The same event, player and rule in both languages; every number and every player's
    name of the English message is in the German one, and the words are German."""
    english = _first(SAMPLES / "invalid" / name)
    language.use("de")
    try:
        german = _first(SAMPLES / "invalid" / name)
    finally:
        language.use("en")
    assert (german.event, german.player, german.rule) == (
        english.event, english.player, english.rule)
    assert german.message != english.message
    assert sorted(re.findall(r"\d+", german.message)) == sorted(
        re.findall(r"\d+", english.message))
    for who in ("Tina", "Paul", "Anna", "Ben"):
        assert (who in german.message) == (who in english.message)


def test_the_english_refusals_are_as_before() -> None:
    """A few English messages, as the referee has always written them."""
    assert _first(SAMPLES / "invalid" / "follow-suit.toml").message == (
        "the base market follows blue this year; Paul placed a yellow buyer (a face-down "
        "pair would do)")
    assert _first(SAMPLES / "invalid" / "plot-exception.toml").message == (
        "3 sections on plot 5 needs plots 3 to 4 occupied; plot 4 is vacant")
    assert _first(SAMPLES / "invalid" / "sixth-buyer-colour.toml").message == (
        "buyers come in 5 colours and blue, yellow, violet, orange, grey are already in play; "
        "'pink' would be a 6th")


def test_setup_refusals_in_german(board: Board, german: None) -> None:
    found = check_setup(board, Setup(players=("Tina",), start=3, buyers=("blue", "blue")))
    assert [(v.rule, v.message) for v in found] == [
        ("R1", "ASARA ist für 2 bis 4 Spieler, nicht 1"),
        ("R1", "der Startspieler ist keiner der Spieler"),
        ("R1", "eine Einkäuferfarbe ist zweimal angegeben"),
    ]
    twice = check_setup(board, Setup(players=("Tina", "tina"), expansions=("genie", "bots")))
    assert [(v.rule, v.message) for v in twice] == [
        ("R1", "zwei Spieler heißen 'Tina' und 'tina' (Groß- und Kleinschreibung zählt bei "
               "Namen nicht)"),
        ("R6.2", "den Dschinn gibt es nur in der Profivariante"),
        ("R6", "die Erweiterung 'bots' ist unbekannt"),
    ]


def test_position_problems_in_german(board: Board, german: None) -> None:
    towers = [[Tower(Colour.RED, trunks=0, windows=1, lighted=2)]]
    found = check_position(board, towers)
    assert [(p.rule, p.message) for p in found] == [
        ("R3.7", "ein Turm in Rot der Höhe 3 hat 1 Turmteil zwischen Basis und Spitze, also "
                 "höchstens 1 leuchtendes Fenster, nicht 2"),
    ]


def test_board_profile_errors_in_german(standard_profile: dict[str, object],
                                        german: None) -> None:
    standard_profile["bank"] = {**standard_profile["bank"],  # type: ignore[dict-item]
                                "spaces": 0}
    with pytest.raises(BoardError) as e:
        board_from_mapping(standard_profile)
    assert (e.value.key, e.value.message) == ("bank.spaces", "muss mindestens 1 sein, nicht 0")


# --- the ledger ---------------------------------------------------------------------------------


def test_the_ledger_in_german() -> None:
    """Where the points of four-player-pro came from, in German: the first build, a year's
    end and the final evaluation's money (the same entries tests/test_samples.py sums). The
    replay keeps the facts, the same in every language; the words are made when shown, in
    the language in use then."""
    path = SAMPLES / "four-player-pro.toml"
    names = read_log(path).header.setup.players
    ben, tina, paul = names.index("Ben"), names.index("Tina"), names.index("Paul")
    english = _replay(path).ledger
    language.use("de")
    try:
        german = _replay(path).ledger
        assert german == english
        by_event = {(e.event, e.player): e.explanation for e in german}
        money = [e.explanation for e in english if e.category == "money" and e.player == tina]
    finally:
        language.use("en")
    assert by_event[(16, ben)] == "3 Turmteile auf Feld 3 gebaut: Rot neu, 3 hoch"
    assert by_event[(25, ben)] == ("Ende von Jahr 1: 1 Turm, 1 Goldverzierung, Kalif: "
                                   "1+1+1 = 3")
    assert by_event[(32, tina)] == ("2 Turmteile auf Feld 2 gebaut: Schwarz jetzt 4 hoch; "
                                    "ein leuchtendes Fenster auf Schwarz")
    assert by_event[(33, paul)] == "1 Turmteil auf Feld 1 gebaut: Schwarz jetzt 4 hoch"
    assert money == ["Geld: 69 Asari, 1 je volle 10 = 6"]
    english_money = [e.explanation for e in english if e.category == "money"
                     and e.player == tina]
    assert english_money == ["money: 69 Asari, 1 per full 10 = 6"]


#: English words of the referee's ledger lines; none is left in a German one.
ENGLISH = re.compile(r"\b(built|sections?|plot|tower|towers|high|new|now|end of|year|gold|"
                     r"lighted|window|Caliph|tied|per|place|height|money|overall|most|"
                     r"ahead|behind|below|player|players|gift|prestige|wish|Genie)\b")


@pytest.mark.parametrize("name", ["two-player-basic.toml", "three-player-basic.toml",
                                  "four-player-pro.toml", "tied-winners.toml",
                                  "pro-gifts-genie.toml", "basic-gifts.toml"])
def test_no_english_word_in_a_german_ledger(name: str, german: None) -> None:
    result = _replay(SAMPLES / name)
    assert result.complete
    lines = [e.explanation for e in result.ledger]
    final = result.final
    assert final is not None
    lines += [a.explanation for a in (*final.awards, *final.unplaced)]
    left = [line for line in lines if ENGLISH.search(line)]
    assert left == []


def test_final_evaluation_ties_in_german(board: Board, german: None) -> None:
    """A tie for 1st in black (R5.2), worked by hand: (10+5)/2 = 7.5, rounded up to 8 per
    tower, with the German decimal comma; nobody is 2nd."""
    black = Tower(Colour.BLACK, trunks=2)
    final = final_evaluation(board, [FinalPosition((black,), 0), FinalPosition((black,), 0)],
                             pro=False)
    shares = [a.explanation for a in final.awards if a.category == "black"]
    assert shares == ["Schwarz: Gleichstand 1. Platz, (10+5)/2 = 7,5 -> 8 je Turm "
                      "(2 Türme, Höhe 4)"] * 2


def test_the_year_end_words_follow_the_language(board: Board) -> None:
    """The end-of-year words are kept per language: English, German, then English again."""
    towers = [[Tower(Colour.RED, gold=2)], []]
    assert year_evaluation(board, towers, 1)[0].explanation == "1 tower, 2 gold: 1+2 = 3"
    language.use("de")
    try:
        scores = year_evaluation(board, towers, 1)
        assert scores[0].explanation == "1 Turm, 2 Goldverzierungen: 1+2 = 3"
        assert scores[1].explanation == "Kalif: 1"
    finally:
        language.use("en")
    assert year_evaluation(board, towers, 1)[1].explanation == "Caliph: 1"


# --- the terms ----------------------------------------------------------------------------------


def _glossary() -> dict[str, str]:
    """English -> German of the glossary's ASARA table."""
    text = GLOSSARY.read_text("utf-8")
    part = text.split("## ASARA", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[1:3] for line in part.splitlines()
            if line.startswith("| ") and not line.startswith("| English")]
    return {en.strip(): de.strip() for en, de in rows}


@pytest.fixture
def glossary() -> Iterator[dict[str, str]]:
    yield _glossary()


def test_the_terms_are_the_glossarys_words(glossary: dict[str, str], german: None) -> None:
    assert terms.section(Section.BASE) == glossary["base"]
    assert terms.section(Section.TRUNK) == glossary["trunk (middle)"]
    assert terms.section(Section.WINDOW) == glossary["window"]
    assert terms.section(Section.TURRET) == glossary["turret (top)"]
    colours = [c.strip() for c in glossary["brown, green, red, black, white"].split(",")]
    assert [terms.colour(c) for c in Colour] == colours
    assert terms.area("House of Spies") == glossary["House of Spies"]
    assert terms.area("House of the lighted windows") == glossary[
        "House of the lighted windows"]
    assert terms.area("coloured building") == glossary["coloured building"]
    assert terms.area("building circle") == glossary["building circle"]
    assert terms.area("Caliph's patronage") == glossary["Caliph's patronage (favour)"]
    assert terms.area("House of the Bottle Genie") == glossary["House of the Bottle Genie"]
    assert terms.area("tent") == glossary["tent"]
    assert terms.area("bank") == glossary["bank"]
    assert terms.category("most_towers") == glossary["most towers"]


def test_the_terms_in_english_are_the_referees_old_words() -> None:
    assert terms.tile(Section.BASE, Colour.RED, True) == "gold red base"
    assert terms.tower(Colour.RED, 2) == "2nd red tower"
    assert terms.buyer("orange") == "an orange buyer"
    assert terms.ordinal(23, "place") == "23rd"
    assert terms.category("overall") == "highest tower overall"
    assert terms.area("Our own name for the bank") == "Our own name for the bank"


@pytest.mark.parametrize(("section", "gold", "a_tile", "the_tile"), [
    (Section.BASE, False, "eine Basis in Rot", "die Basis in Rot"),
    (Section.TRUNK, True, "ein Mittelteil in Rot mit Goldverzierung",
     "das Mittelteil in Rot mit Goldverzierung"),
    (Section.WINDOW, False, "ein Fenster in Rot", "das Fenster in Rot"),
    (Section.TURRET, True, "eine Spitze in Rot mit Goldverzierung",
     "die Spitze in Rot mit Goldverzierung"),
])
def test_a_tile_with_its_article_is_one_message_per_part(
        german: None, section: Section, gold: bool, a_tile: str, the_tile: str) -> None:
    """German: the article follows the part (eine Basis, ein Fenster)."""
    assert terms.a_tile(section, Colour.RED, gold) == a_tile
    assert terms.the_tile(section, Colour.RED, gold) == the_tile


def test_a_tile_in_english_keeps_the_old_words() -> None:
    assert terms.a_tile(Section.TRUNK, Colour.BLACK, True) == "a gold black trunk"
    assert terms.the_tile(Section.WINDOW, Colour.WHITE) == "the white window"


def test_the_terms_in_german(german: None) -> None:
    assert terms.tile(Section.BASE, Colour.RED, True) == "Basis in Rot mit Goldverzierung"
    assert terms.tower(Colour.RED, 2) == "2. Turm in Rot"
    assert terms.buyer("orange") == "orangefarbener Einkäufer"  # a colour word in German
    assert terms.buyer("lindgrün") == "Einkäufer in lindgrün"  # a label as typed
    assert terms.ordinal(23, "place") == "23."
    assert terms.category("overall") == "höchster Turm insgesamt"
    assert terms.category("red") == "Rot"
    # a name the table's own profile gives is shown as written
    assert terms.area("Our own name for the bank") == "Our own name for the bank"


# --- move lines ---------------------------------------------------------------------------------

BUILD = Build(new=(NewTower(Colour.WHITE, (Part(Section.BASE), Part(Section.TURRET))),),
              add=(Addition(Colour.RED, 2, (Part(Section.WINDOW, gold=True),)),),
              lighted=(LightedWindow(Colour.BLACK, 1, on_gold=True),))

#: (action, space, how, English line, German line), the German written from the glossary.
MOVES: list[tuple[Action, int | None, str | None, str, str]] = [
    (Buy(Section.BASE, Colour.RED, gold=True), 2, "a blue buyer",
     "Tina buys a gold red base for 5 (a blue buyer, space 2)",
     "Tina kauft eine Basis in Rot mit Goldverzierung für 5 Asari (blauer Einkäufer, Feld 2)"),
    (Buy(Section.TRUNK), 3, None,
     "Tina buys nothing at the trunk market space 3",
     "Tina kauft nichts im Marktbereich Mittelteil, Feld 3"),
    (Bank(12), 1, "a blue buyer",
     "Tina takes 12 from the bank (a blue buyer, space 1)",
     "Tina nimmt 12 Asari von der Bank (blauer Einkäufer, Feld 1)"),
    (BUILD, 4, None,
     "Tina builds on plot 4 for 4: new white tower: base, turret; red 2 +gold window; "
     "a lighted window on black (on gold)",
     "Tina baut auf Feld 4 für 4 Asari: neuer Turm in Weiß: Basis, Spitze; Rot 2 +Fenster mit "
     "Goldverzierung; ein leuchtendes Fenster auf Schwarz (auf Goldverzierung)"),
    (Lighted(10, (Colour.RED, Colour.GREEN)), 1, None,
     "Tina pays 10 for lighted windows and keeps 2 windows (red, green)",
     "Tina zahlt 10 Asari für leuchtende Fenster und behält 2 Fenster (Rot, Grün)"),
]


@pytest.mark.parametrize(("action", "space", "how", "english", "german"), MOVES)
def test_move_lines_in_both_languages(board: Board, action: Action, space: int | None,
                                      how: str | None, english: str, german: str) -> None:
    kind = kind_of(action)
    assert kind.text(board, "Tina", space, action, how) == english
    language.use("de")
    try:
        shown = None if how is None else terms.buyer(how.split()[1])
        assert kind.text(board, "Tina", space, action, shown) == german
    finally:
        language.use("en")
