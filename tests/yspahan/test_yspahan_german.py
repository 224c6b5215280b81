"""YSPAHAN's referee in German (issue 31): the rulebook's words for the game's nouns, each
kind of refusal naming its rule id and its facts, the ledger's reasons and the move lines'
steps; English unchanged. The ``german`` fixture (tests/conftest.py) speaks German for one
test and English again after it. Every expected German text here was written by hand from
the position and the glossary (docs/glossary.md), not copied from the output."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_yspahan_rules import CASES, Prepare
from yspahan_helpers import board, give, profile, put, run, table

from asara_cli.core.findings import Violation
from asara_cli.games.yspahan.rules import terms
from asara_cli.games.yspahan.rules.board import BoardError, board_from_mapping
from asara_cli.games.yspahan.rules.engine import check_setup, moved
from asara_cli.games.yspahan.rules.events import (
    Build,
    Camels,
    Draw,
    Event,
    Gold,
    Play,
    Send,
    Supervisor,
    Turn,
)
from asara_cli.games.yspahan.rules.state import Setup, Table

Term = Callable[[str], str]
ANN, BEN = 0, 1
SAMPLES = Path(__file__).resolve().parents[2] / "sample_games" / "yspahan"


# --- the words -----------------------------------------------------------------------------


@pytest.mark.parametrize(("term", "word", "expected"), [
    (terms.quarter, "bag", "Sack"),
    (terms.quarter, "barrel", "Fass"),
    (terms.quarter, "chest", "Truhe"),
    (terms.quarter, "vase", "Amphore"),
    (terms.good, "vase", "Amphore"),
    (terms.row, "camels", "Kamele"),
    (terms.row, "chest", "Truhe"),
    (terms.row, "gold", "Gold"),
    (terms.souk, "chest6", "Truhe6"),
    (terms.souk, "vase12", "Amphore12"),
    (terms.cell, "inner", "innen"),
    (terms.cell, "W3", "W3"),
    (terms.building, "pasture", "Weide"),
    (terms.building, "shop", "Geschäft"),
    (terms.building, "bath", "Badehaus"),
    (terms.building, "caravanserai", "Karawanserei"),
    (terms.building, "market", "Markt"),
    (terms.building, "hoist", "Lastenaufzug"),
    (terms.card, "goldvp", "Goldpunkte"),
    (terms.card, "nocamels", "Kamelfrei"),
    (terms.caravan_row, "bottom", "unten"),
    (terms.colour, "blue", "blau"),
])
def test_the_rulebooks_words(german: None, term: Term, word: str, expected: str) -> None:
    assert term(word) == expected


@pytest.mark.parametrize("term", [terms.quarter, terms.row, terms.souk, terms.building,
                                  terms.card, terms.caravan_row, terms.colour, terms.cell])
def test_english_words_and_unknown_ids_are_shown_as_they_are(term: Term) -> None:
    for word in ("bag", "chest6", "hoist", "goldvp", "bottom", "blue", "inner", "tent7"):
        assert term(word) == word


def test_an_id_of_a_tables_own_profile_is_shown_as_it_is(german: None) -> None:
    assert terms.souk("spice4") == "spice4"
    assert terms.building("tent") == "tent"
    assert terms.row("spice") == "spice"


@pytest.mark.parametrize(("n", "english", "german_"), [
    (1, "1st", "1."), (2, "2nd", "2."), (3, "3rd", "3."), (4, "4th", "4."), (11, "11th", "11."),
    (12, "12th", "12."), (21, "21st", "21."), (22, "22nd", "22."), (103, "103rd", "103."),
])
def test_places_in_an_order(german: None, n: int, english: str, german_: str) -> None:
    assert terms.ordinal(n, "week") == german_
    from asara_cli import language
    language.use("en")
    assert terms.ordinal(n, "week") == english


# --- refusals ------------------------------------------------------------------------------

#: The German text of the first finding of a case of tests/yspahan/test_yspahan_rules.py,
#: one per kind of refusal (the position: day 1 of Ann, Ben, Cid, Dia after the rulebook's
#: roll; see that module).
GERMAN = {
    "Y2.1-not-your-turn": "in Woche 1, Tag 1 ist Ann als Nächstes am Zug, nicht Ben",
    "Y2.1-unknown-player": "kein Spieler heißt 'Zed'",
    "Y2.1-turn-before-the-roll": "Woche 1, Tag 1 beginnt mit dem Wurf des Startspielers Ann",
    "Y2.1-roll-twice": "die Würfel sind schon geworfen; Ann ist am Zug",
    "Y2.2-left-neighbour-rolls": "in Woche 1, Tag 2 würfelt Ben, nicht Ann",
    "Y2.3-four-yellow-dice": "höchstens 3 gelbe Würfel können gekauft werden, nicht 4",
    "Y2.3-cannot-pay": "3 gelbe Würfel kosten 3 Gold; Ann hat 2",
    "Y2.4-eight-white-dice": "alle 9 weißen Würfel werden geworfen, nicht 8",
    "Y2.4-a-seven": "ein Würfel zeigt 1 bis 6, nicht 7",
    "Y2.5-empty-row": "die Würfelgruppe Amphore ist leer: kein Würfel des heutigen Wurfs liegt "
                      "dort",
    "Y2.5-unknown-row": "das Würfel-Tableau hat keine Würfelgruppe 'silk' (Würfelgruppen: camels, "
                        "bag, barrel, chest, vase, gold)",
    "Y2.5-must-take-a-row": "Ann muss eine Würfelgruppe nehmen: die Würfelgruppen Kamele, Sack, "
                            "Fass, Truhe, Gold sind übrig",
    "Y2.5-row-taken-already": "die Würfelgruppe Gold hat heute Ann genommen",
    "Y2.6-yellow-dice-leave": "die Würfelgruppe Sack hatte nur gelbe Würfel, die nach dem Zug "
                              "des Startspielers entfernt wurden",
    "Y2.7-built-twice": "Ann hat das Gebäude Weide schon gebaut",
    "Y2.8-play-not-held": "Ann hat keine Karte Gold3 zum Ausspielen (Hand: keine Karten)",
    "Y2.8-discard-not-held": "Ann hat keine Karte Gold3 zum Ablegen (Hand: keine Karten)",
    "Y2.8-draw-names-no-card": "Ann zieht eine Karte (Aktion Karte ziehen); das Protokoll nennt "
                               "keine",
    "Y2.8-nothing-left-to-draw": "im Stapel und auf dem Ablagestapel ist keine Karte mehr: Ann "
                                 "zieht nichts (Aktion Karte ziehen), doch das Protokoll nennt "
                                 "'gold3'",
    "Y3.1-camels-from-the-gold-row": "Kamele kommen aus der Würfelgruppe Kamele, nicht aus der "
                                     "Würfelgruppe Gold",
    "Y3.2-gold-from-the-camel-row": "Gold kommt aus der Würfelgruppe Gold, nicht aus der "
                                    "Würfelgruppe Kamele",
    "Y3.4-another-quarter": "Sack8 (W9, innen) liegt im Sackviertel; die Würfelgruppe Truhe "
                            "setzt Steine nur ins Truhenviertel",
    "Y3.4-not-a-quarter-row": "Waren gehen mit der Würfelgruppe eines Viertels in dieses "
                              "Viertel; die Würfelgruppe Gold gehört zu keinem Viertel",
    "Y3.4-more-than-entitled": "Ann darf 2 Steine setzen (2 Würfel); 3 sind angegeben",
    "Y3.4-no-shop-faces-that-cell": "kein Laden von Truhe8 liegt am Straßenfeld W2 (seine Läden "
                                    "an der Straße liegen an N2, N4; 2 innere)",
    "Y3.4-no-inner-shop": "Truhe4 hat keinen inneren Laden: jeder seiner Läden liegt an der "
                          "Straße (W2, W4)",
    "Y3.4-unknown-souk": "kein Basar heißt 'chest5' (Basare: bag3, bag4, bag6, bag8, barrel3, "
                         "barrel4, barrel6, barrel8, chest4, chest6, chest8, vase4, vase6, "
                         "vase12)",
    "Y3.4.1-shop-taken": "der Laden von Truhe8 an Feld N2 hat schon einen Stein von Ann",
    "Y3.4.1-inner-shops-taken": "jeder innere Laden von Truhe8 hat schon einen Stein von Ann",
    "Y3.4.2-another-players-souk": "Truhe6 (W8, W10) im Truhenviertel hat Steine von Ben: für "
                                   "Ann geschlossen",
    "Y3.4.3-finish-your-souk-first": "Ann hat den unvollendeten Basar Truhe4 im Truhenviertel "
                                     "und muss ihn vollenden, bevor Truhe8 (N2) begonnen wird",
    "Y3.4.4-no-room": "im Truhenviertel ist kein Laden für Ann offen: die Aktion Läden "
                      "beliefern kann nicht gewählt werden",
    "Y3.5-no-such-cell": "kein Straßenfeld heißt 'X9' (Felder: C, W1-W10, E1-E7, N1-N4, S1-S7)",
    "Y3.5-cube-not-sent": "der Stein von Ben im Laden von Sack3 an Feld W3 geht zur Karawane; "
                          "das Protokoll schickt ihn nicht",
    "Y3.5-no-cube-there": "an Feld W3 liegt kein Stein von Sack3: er kann nicht geschickt "
                          "werden",
    "Y3.5-unknown-souk-sent": "kein Basar heißt 'silk3': nichts kann geschickt werden",
    "Y3.6-no-camel-to-pay": "Ben hat kein Kamel, um den Stein in Sack3 an Feld W3 zu behalten",
    "Y3.6-sent-twice": "der Stein von Sack3 an Feld W3 wird zweimal geschickt",
    "Y3.7-no-row-draws": "ohne übrige Würfelgruppe zieht Ann eine Karte",
    "Y3.7-no-discard-without-a-row": "ohne gewählte Würfelgruppe kann keine Karte für +1 Würfel "
                                     "abgelegt werden",
    "Y3.8-cannot-pay": "Gebäude Karawanserei kostet 3 Kamele und 3 Gold; Ann hat 0 Kamele und "
                       "5 Gold",
    "Y3.8-not-a-cost-card": "Gold3 ist keine Karte für Gebäudekosten",
    "Y1.4-unknown-building": "kein Gebäude heißt 'palace' (Gebäude: pasture, shop, bath, "
                             "caravanserai, market, hoist)",
    "Y3.9-exchange-needs-a-direction": "die Karte Tausch tauscht Kamele in Gold oder Gold in "
                                       "Kamele: angeben, in welche Richtung (in Gold oder in "
                                       "Kamele)",
    "Y3.9-souk-card-needs-a-shop": "die Karte Basar nennt den Laden, in den ihr Stein kommt",
    "Y3.9-gold3-takes-no-k": "die Karte Gold3 nimmt keine Zahl k",
    "Y4.6-after-the-game": "das Spiel ist vorbei: die 3. Woche ist zu Ende",
    "Y6.5-no-caravanserai-no-card": "für diesen Stein wird keine Karte gezogen: Ben hat keine "
                                    "Karawanserei",
    "Y6.6-place-all-you-can": "Ann muss 2 Steine ins Truhenviertel setzen (2 laut "
                              "2 Würfel; Platz für 9); 1 ist angegeben",
    "Y6.9-discard-for-the-supervisor": "die für +1 Würfel abgelegte Karte nützt dem Aufseher "
                                       "nichts",
    "Y6.9-discard-for-a-draw": "die für +1 Würfel abgelegte Karte nützt beim Kartenziehen "
                               "nichts",
    "Y6.12-no-build": "Ann hat eine Karte für Gebäudekosten gespielt und nichts gebaut: die "
                      "Karte verfällt",
    "Y6.12-after-the-build": "die Karte Kamelfrei, gespielt nach dem Bau, erlässt nichts: das "
                             "Gebäude ist gebaut",
    "Y6.13-souk-card-no-room": "in keinem Viertel ist ein Laden für Ann offen: die Karte Basar "
                               "kann nicht gespielt werden",
    "Y6.15-k-zero": "die Karte Goldpunkte braucht eine Zahl k von mindestens 1, angegeben ist 0",
    "Y6.16-goldvp-more-than-held": "Ann kann mit der Karte Goldpunkte nicht 3 Gold abgeben: Ann "
                                   "hat 2",
    "Y6.16-exchange-more-than-held": "Ann kann nicht 1 Kamel tauschen: Ann hat 0",
    "Y3.5-supervisor-unaffordable": "den Aufseher von C nach W10 zu ziehen (10 Felder mit einer "
                                    "3) kostet 7 Gold (Abweichung 7); Ann hat 2",
    "Y1.5-goldvp-above-the-cap": "mit der Karte Goldpunkte gehen höchstens 10 zurück, nicht 11",
    "Y1.5-third-copy-drawn": "im Stapel ist keine Karte Gold3 mehr, die Ann ziehen könnte (das "
                             "Spiel hat 2: die übrigen sind auf der Hand oder auf dem "
                             "Ablagestapel)",
    "Y1.5-unknown-kind": "das Spielplanprofil hat keine Kartenart 'silk' (Arten: camels3, gold3, "
                         "nocamels, nogold, caravan, souk, goldvp, camelvp, exchange)",
    "Y7-hidden-draw-with-open-hands": "an diesem Tisch sind die Handkarten offen: die Karte "
                                      "nennen, die Ann zieht (Aktion Karte ziehen)",
}
BY_ID = {c[0]: c[1:] for c in CASES}


def _first(prepare: Prepare, events: list[Event]) -> Violation:
    t = table()
    if prepare:
        prepare(t)
    found = run(t, *events)
    assert found, "expected a finding"
    return found[0]


@pytest.mark.parametrize("case", sorted(GERMAN))
def test_a_german_refusal_names_the_rule_and_the_facts(german: None, case: str) -> None:
    prepare, events, (rule, severity), at = BY_ID[case]
    first = _first(prepare, events)
    assert (first.rule, first.severity, first.event) == (rule, severity, at)
    assert first.message == GERMAN[case]


def test_every_kind_of_refusal_has_its_german_text() -> None:
    """Each case of the rules table is in the German table: a new kind of refusal gets its
    German text checked here too."""
    assert sorted(GERMAN) == sorted(BY_ID)


_FACT = re.compile(r"'\w*'|[A-Z]\d+|\d+|\b(?:Ann|Ben|Cid|Dia|Zed)\b")


@pytest.mark.parametrize("case", [c[0] for c in CASES])
def test_german_and_english_refusals_give_the_same_facts(case: str) -> None:
    """The facts of a refusal (names, numbers, cells, what the log wrote) are the same in
    both languages; only the words around them change."""
    from asara_cli import language

    prepare, events, _, _ = BY_ID[case]
    english = _first(prepare, events).message
    language.use("de")
    try:
        german = _first(prepare, events).message
    finally:
        language.use("en")
    assert german != english
    assert sorted(_FACT.findall(german)) == sorted(_FACT.findall(english)), (english, german)


def test_the_header_is_refused_in_german(german: None) -> None:
    found = check_setup(board(), Setup(("Ann", "ann", "Ben\x07"), 5, ("red",), "shown"))
    assert [(v.rule, v.message) for v in found] == [
        ("Y1", "der Name eines Spielers muss einfacher Text sein (er enthält \\x07)"),
        ("Y1", "zwei Spieler heißen 'Ann' (Groß- und Kleinschreibung zählt nicht)"),
        ("Y1", "der älteste Spieler ist keiner der Spieler"),
        ("Y1", "jeder Spieler braucht eine eigene Farbe"),
        ("Y7", "Handkarten sind \"open\" oder \"secret\", nicht 'shown'"),
    ]


# --- where every point came from -------------------------------------------------------------


def _ledger(prepare: Callable[[Table], None], *events: Event) -> list[tuple[int, str]]:
    t = table()
    prepare(t)
    assert [v for v in run(t, *events) if v.severity == "error"] == []
    return [(e.points, e.explanation) for e in t.ledger]


def _third_building(t: Table) -> None:
    t.built[ANN].extend(["pasture", "shop"])
    t.camels[ANN], t.gold[ANN] = 4, 4


def _point_cards(t: Table) -> None:
    give(t, ANN, "goldvp", "camelvp")
    t.camels[ANN] = 1


def _ben_on_w3(t: Table) -> None:
    put(t, BEN, "bag3", "W3")


@pytest.mark.parametrize(("prepare", "events", "expected"), [
    # Ann's third building (the market): 5 points
    (_third_building, [Turn("Ann", "gold", Gold(), build=Build("market"))],
     [(5, "Markt, das 3. Gebäude: 5")]),
    # goldvp returns 2 gold for 1 point each, camelvp 1 camel for 2
    (_point_cards, [Turn("Ann", "gold", Gold(), after=(Play("goldvp", k=2),
                                                       Play("camelvp", k=1)))],
     [(2, "Goldpunkte: 2 Gold \u00d7 1 = 2"),
      (2, "Kamelpunkte: 1 Kamel \u00d7 2 = 2")]),
    # the barrel row's 3 takes the supervisor from C to W3: Ben's bag3 cube goes to the
    # caravan's first camel, in the bottom row: 2 points
    (_ben_on_w3, [Turn("Ann", "barrel", Supervisor("W3", (Send("bag3"),)))],
     [(2, "Stein auf dem 1. Kamel (Reihe unten): 2")]),
])
def test_the_ledger_says_in_german_where_every_point_came_from(
        german: None, prepare: Callable[[Table], None], events: list[Event],
        expected: list[tuple[int, str]]) -> None:
    assert _ledger(prepare, *events) == expected


def test_a_week_end_in_german(german: None) -> None:
    """Day 7's last turn: Ben's complete bag3 scores its 3 and the market's 2, and his two
    cubes on the caravan's bottom row score 2 x 1."""
    t = table()
    put(t, BEN, "bag3", "W3", "W1", "S2")
    t.built[BEN].append("market")
    t.caravan = [BEN, BEN]
    t.day = t.board.days
    found = run(t, Turn("Ann", "gold", Gold()), Turn("Ben", "barrel", Draw("gold3")),
                Turn("Cid", "chest", Draw("gold3")), Turn("Dia", "camels", Camels()))
    assert [v for v in found if v.severity == "error"] == []
    assert [(e.player, e.points, e.explanation) for e in t.ledger] == [
        (BEN, 5, "Sack3 vollendet am Ende der Woche: 3 + 2 Markt = 5"),
        (BEN, 2, "Karawane am Ende der Woche: 2 Steine \u00d7 1 (höchster Stein: Reihe unten) "
                 "= 2"),
    ]


# --- what moved, and English unchanged -----------------------------------------------------


def test_the_move_lines_steps_in_german(german: None) -> None:
    t = table()
    t.gold[0] = 5
    # the barrel row's 3 takes the supervisor 7 cells, C to W7: 4 steps of change, 4 gold
    flows = moved(t.board, t, Turn("Ann", "barrel", Supervisor("W7")))
    assert [f.why for f in flows] == [
        "Aufseher 7 Felder von C nach W7 mit einer 3: Abweichung 4"]
    flows = moved(t.board, t, Turn("Ann", "camels", Camels()))
    assert [f.why for f in flows] == ["Würfelgruppe Kamele: 3 Würfel"]


def test_a_german_refusal_from_the_command_line() -> None:
    """`asara --lang de validate` names the event, the player, the German facts and the rule
    id, and exits 1 (a process of its own: the language chosen stays in it)."""
    log = SAMPLES / "invalid" / "row-taken.toml"
    result = subprocess.run([sys.executable, "-m", "asara_cli", "--lang", "de", "validate",
                             str(log)], capture_output=True, text=True, timeout=120,
                            env={**os.environ, "COLUMNS": "80"})
    assert result.returncode == 1, result.stderr
    assert ("Ereignis 3 (Ben, Zug): die Würfelgruppe Gold hat heute Ann genommen [Y2.5]"
            in result.stderr)


# --- the board profile ---------------------------------------------------------------------


def _set(key: str, value: object) -> dict[str, Any]:
    data = profile()
    *path, last = key.split(".")
    node = data
    for part in path:
        node = node[part]
    node[last] = value
    return data


def _drop(key: str) -> dict[str, Any]:
    data = profile()
    *path, last = key.split(".")
    node = data
    for part in path:
        node = node[part]
    del node[last]
    return data


@pytest.mark.parametrize(("data", "key", "expected"), [
    (_set("players.max", 5), "players.max", "Straße und Karawane sind für 3\u20134 Spieler, nicht "
                                            "für 5"),
    (_set("dice.white", "nine"), "dice.white", "erwartet eine ganze Zahl, erhalten: 'nine'"),
    (_drop("calendar.days"), "calendar.days", "fehlt"),
    (_set("cards.deck", 19), "cards.kinds", "die Kartenarten ergeben zusammen 18 Karten; der "
                                            "Stapel hat 19"),
    (_set("quarters.bag.souks.bag4.shops", 5), "quarters.bag.souks.bag4",
     "2 Läden an der Straße + 2 innere Läden sind nicht 5 Läden"),
])
def test_a_board_profiles_errors_in_german(german: None, data: dict[str, Any], key: str,
                                          expected: str) -> None:
    with pytest.raises(BoardError) as raised:
        board_from_mapping(data)
    assert (raised.value.key, raised.value.message) == (key, expected)
