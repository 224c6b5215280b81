"""German words typed at the table read the same events as the English ones (issue 31):
tower colours and parts, Goldverzierung, the areas and gifts of the Caliph's deal, the gifts'
uses; the log keeps its English words. German words share prefixes with English ones and
with each other: an ambiguous prefix is refused naming the candidates."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from asara_cli.cli import app
from asara_cli.games.asara import words
from asara_cli.games.asara.rules.events import Event, GiftsDealt, Turn
from asara_cli.games.asara.rules.model import Colour, Section
from asara_cli.games.asara.words import WordError
from asara_cli.logfile.game import read_log, write_log

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_cli_record import canonical, command

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()

#: The English words of a typed move and their German words (docs/glossary.md).
GERMAN = {
    "gold": "Goldverzierung", "buyer": "Einkäufer", "buy": "kauf", "lighted": "leuchtend",
    "nothing": "nichts", "plain": "schlicht", "on": "auf", "circle": "Baukreis",
    "coloured": "bunt", "spies": "Spione", "caliph": "Kalif", "tent": "Zelt",
    "genie": "Dschinn", "base": "Basis", "trunk": "Mittelteil", "window": "Fenster",
    "turret": "Spitze", "red": "rot", "green": "grün", "brown": "braun", "black": "schwarz",
    "white": "weiß",
}
#: The commands' German words (branch de-cli's aliases).
COMMANDS = {"buy": "kaufen", "build": "bauen", "gifts": "geschenke", "display": "auslage",
            "lighted": "leuchtend", "genie": "dschinn", "recruit": "rekrutieren",
            "coloured": "bunt", "caliph": "kalif", "bribe": "bestechen"}


def _german_text(text: str, gift_use: bool) -> str:
    """One argument in German words; a buyer's colour (after ``buyer``) is a label and stays."""
    out: list[str] = []
    label = False
    for word in text.split(" "):
        bare = word.rstrip(":")
        if label or not bare:
            out.append(word)
        else:
            out.append(GERMAN.get(bare, bare) + word[len(bare):])
        label = gift_use and bare == "buyer"
    return " ".join(out)


def german_command(event: Event) -> list[str]:
    """The arguments a German table types for ``event``: the command word, colours, parts,
    gold, areas and gifts in German; numbers and buyer colours as they are."""
    args = command(event, style="german")
    out = [COMMANDS.get(args[0], args[0])]
    gift_use = False
    for a in args[1:]:
        if gift_use:
            out.append(_german_text(a, True))
        elif a.startswith("-"):
            out.append(a)
        elif isinstance(event, GiftsDealt) or " " in a or a in GERMAN:
            out.append(_german_text(a, False))
        else:
            out.append(a)
        gift_use = a == "--gift"
    return out


@pytest.mark.parametrize(("sample", "share"), [
    (sample, share) if share == 0 else pytest.param(sample, share, marks=pytest.mark.slow)
    for sample in ("pro-gifts-genie.toml", "basic-gifts.toml") for share in (0, 1)])
def test_every_move_typed_in_german_records_the_same_event(
        german: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sample: str,
        share: int) -> None:
    """Each event of a sample typed in German words onto the events before it: the log
    written is the sample's, in its English words. The quick run types the first third of
    the game (its first year, its deal of gifts among it), the slow run the rest."""
    monkeypatch.chdir(tmp_path)
    log = read_log(ROOT / "sample_games" / sample)
    typed = 0
    third = len(log.events) // 3
    for i, event in enumerate(log.events):
        if not isinstance(event, (Turn, GiftsDealt)) or (i < third) != (share == 0):
            continue
        write_log(tmp_path / "game.toml", log.header, log.events[:i])
        args = german_command(event)
        result = runner.invoke(app, [*args, "-l", "game.toml"], env={"COLUMNS": "80"})
        assert result.exit_code == 0, (args, result.output)
        assert canonical(read_log(tmp_path / "game.toml").events) == canonical(
            log.events[:i + 1]), args
        typed += 1
    assert typed > 10  # the sample's moves and deals, not a few


@pytest.mark.parametrize(("read", "typed", "expected"), [
    (words.colour, "Rot", Colour.RED),
    (words.colour, "Weiß", Colour.WHITE),
    (words.section, "Mittelteil", Section.TRUNK),
    (words.section, "Spi", Section.TURRET),
    (lambda w: words.area(w, {"circle": "circle", "bank": "bank", "spies": "spies",
                              "coloured": "coloured", "caliph": "caliph"}), "Baukreis",
     "circle"),
    (lambda w: words.area(w, {"circle": "circle", "bank": "bank"}), "bau", "circle"),
    (lambda w: words.area(w, {"spies": "spies", "caliph": "caliph"}), "Kalif", "caliph"),
    (lambda w: words.area(w, {"spies": "spies"}), "spione", "spies"),
    (lambda w: words.area(w, {"genie": "genie"}), "Dschinn", "genie"),
    (lambda w: words.area(w, {"coloured": "coloured"}), "bunt", "coloured"),
    (lambda w: words.area(w, {"bank": "bank"}), "Fenster", "window"),
    (words.gift_text, "Einkäufer grün", "buyer green"),  # a German buyer colour: its label
    (words.gift_text, "Einkäufer lindgrün", "buyer lindgrün"),  # no colour word: as typed
    (words.gift_text, "kauf Basis: Goldverzierung rot", "buy base: gold red"),
    (words.gift_text, "kaufen Spitze: nichts", "buy turret: nothing"),
    (words.gift_text, "leuchtend: Schwarz", "lighted: black"),
    (words.gift_text, "leuchtend", "lighted"),
    (words.gift_text, "asari 6", "asari 6"),
    (words.gift_text, "prestige", "prestige"),
])
def test_a_german_word_reads_as_the_english_value(read: Callable[[str], object], typed: str,
                                                   expected: object, german: None) -> None:
    assert read(typed) == expected


def test_goldverzierung_is_gold_in_tiles_and_parts(german: None) -> None:
    assert words.tile(["Goldverzierung", "rot"]) == words.tile(["gold", "red"])
    assert words.parts(["Basis", "goldv", "Fenster", "Spitze"]) == words.parts(
        ["base", "gold", "window", "turret"])
    assert words.display(["Fenster", "braun", "Goldverzierung", "grün"]) == words.display(
        ["window", "brown", "gold", "green"])


@pytest.mark.parametrize(("read", "typed", "candidates"), [
    # German and English words of different values share a prefix
    (lambda w: words.tile([w]), "g", ("green", "gold")),  # grün, gruen, Goldverzierung
    (lambda w: words.display([w]), "s", ("black", "turret")),  # schwarz, Spitze
    (lambda w: words.display([w]), "b", ("brown", "black", "base")),  # braun, Basis
    (lambda w: words.area(w, {"base": "base", "bank": "bank", "circle": "circle",
                              "coloured": "coloured"}), "ba", ("base", "bank", "circle")),
    (lambda w: words.area(w, {"coloured": "coloured", "caliph": "caliph",
                              "circle": "circle"}), "c", ("coloured", "caliph", "circle")),
    (lambda w: words.area(w, {"spies": "spies", "base": "base"}), "sp", ("spies", "turret")),
])
def test_a_prefix_shared_across_the_languages_is_refused_naming_the_candidates(
        read: Callable[[str], object], typed: str, candidates: tuple[str, ...],
        german: None) -> None:
    """At a German table (its words are the catalogue's), each candidate named in German."""
    with pytest.raises(WordError) as refused:
        read(typed)
    message = str(refused.value)
    assert "mehrdeutig" in message
    for c in candidates:
        assert words.spoken_word(c) in message


def test_the_ambiguity_is_refused_in_german(german: None) -> None:
    with pytest.raises(WordError) as refused:
        words.display(["s"])
    assert str(refused.value) == "'s' ist mehrdeutig: Schwarz oder Spitze? Mehr Buchstaben tippen"


def test_an_unknown_german_word_is_refused_in_german_with_the_german_words(
        german: None) -> None:
    with pytest.raises(WordError) as refused:
        words.colour("rott")
    assert str(refused.value) == ("Turmfarbe: 'rott' unbekannt (meinst du Rot? bekannt: "
                                  "Braun, Grün, Rot, Schwarz, Weiß)")


@pytest.mark.parametrize(("lang", "typed", "incomplete", "offered"), [
    ("en", [], "gol", ["gold"]),
    ("en", [], "Goldv", []),  # an English table: no German word
    ("de", [], "gol", ["goldverzierung"]),  # the German word first, as typed so far
    ("de", [], "Goldv", ["Goldverzierung"]),
    ("de", ["gold"], "goldv", []),  # gold once
    ("de", ["Goldverzierung"], "gol", []),
])
def test_completion_offers_goldverzierung_at_a_german_table(
        lang: str, typed: list[str], incomplete: str, offered: list[str]) -> None:
    from asara_cli import language
    from asara_cli.games.asara import complete

    language.use(lang)
    try:
        assert complete._tile(typed, incomplete) == offered
    finally:
        language.use("en")


def test_completion_offers_the_gifts_german_words(german: None) -> None:
    from asara_cli.games.asara import complete

    assert complete._first("Ein", words.GIFT_WORDS) == ["Einkäufer"]
    assert complete._first("kau", words.GIFT_WORDS) == ["kauf"]
    assert complete._first("buy", words.GIFT_WORDS) == ["buyer", "buy"]  # English too
