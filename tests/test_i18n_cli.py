"""The command line in German (issue 31): help, command words, usage errors; English as before.

Whole commands run as the user runs them, in their own process (``--lang de``, or the
locale), at 80 columns."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from terminal import Done, run_here

from asara_cli import commandwords

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_games"


def asara(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``asara ARGS`` in its own process at 80 columns (``env``: variables to set)."""
    environ = {**os.environ, "COLUMNS": "80", "LINES": "25", **env}
    return subprocess.run([sys.executable, "-m", "asara_cli", *args], capture_output=True,
                          text=True, encoding="utf-8", env=environ, cwd=ROOT, timeout=120)


def here(*args: str) -> Done:
    """``asara ARGS`` in this process (``terminal.run_here``), in the checkout (a ``new``
    there takes ``--no-use``: nothing is remembered in it): a command's result and its
    messages, which need no process of their own; the help, usage errors and the shell's
    completion above start one (Typer's words are translated as Typer loads)."""
    environ = {k: v for k, v in os.environ.items() if k != "ASARA_LOG"}
    return run_here(ROOT, args, environ)


def _flat(text: str) -> str:
    """``text`` without the help's boxes and line breaks: words as a reader reads them."""
    return " ".join(text.replace("│", " ").split())


def _fits(text: str, width: int = 80) -> None:
    long = [line for line in text.splitlines() if len(line) > width]
    assert long == []


#: English words of the help that a German screen must not show (panel titles, Click's own
#: words, the start of help texts).
ENGLISH = re.compile(r"\b(Usage|Options|Arguments|Commands for every game|Show this message|"
                     r"Show the version|required|default:|Example|Try '|Error)\b"
                     r"|<(str|int|int range|path)>|\[OPTIONS\]|\{log\}|\[log\]")


@pytest.mark.parametrize("args", [
    ("--help",),
    ("--game", "yspahan", "--help"),
    ("score", "--help"),
    ("kaufen", "--help"),  # the German word, in German
    ("buy", "--help"),  # the English word, in German
    ("--game", "yspahan", "aufseher", "--help"),
    ("batch", "--help"),
])
def test_german_help_fits_80_columns_and_is_german(args: tuple[str, ...]) -> None:
    done = asara("--lang", "de", *args)
    assert done.returncode == 0, done.stderr
    _fits(done.stdout)
    assert ENGLISH.search(done.stdout) is None, ENGLISH.search(done.stdout)
    assert "Aufruf: asara" in done.stdout
    assert "Optionen" in done.stdout
    assert "Diese Hilfe zeigen" in done.stdout


def test_the_locale_chooses_german_help() -> None:
    done = asara("--help", LANG="de_DE.UTF-8", ASARA_LANG="")
    assert "Befehle für alle Spiele" in done.stdout
    assert "Punktezähler und Schiedsrichter" in done.stdout


def test_german_help_lists_the_german_command_words_with_the_english_beside() -> None:
    top = asara("--lang", "de", "--help").stdout
    for word, english in [("wertung", "score"), ("kaufen", "buy"), ("rückgängig", "undo"),
                          ("kontrollpunkt", "checkpoint")]:
        assert re.search(rf"^│ {word} ", top, re.M), word
        assert f"(engl. {english})" in _flat(top)
    assert "│ score " not in top and "│ buy " not in top
    ysp = asara("--lang", "de", "--game", "yspahan", "--help").stdout
    for word in ("würfeln", "kamele", "beliefern", "aufseher", "ziehen", "gold"):
        assert re.search(rf"^│ {word} ", ysp, re.M), word


def test_english_help_is_unchanged() -> None:
    done = asara("--help")
    assert "Usage: asara [OPTIONS] COMMAND [ARGS]..." in done.stdout
    assert "Commands for every game" in done.stdout
    assert re.search(r"^│ score ", done.stdout, re.M)
    assert "(engl." not in done.stdout and "Aufruf" not in done.stdout


#: Every command word of TRANSLATE's table: the English name → the German word.
WORDS = {
    "validate": "prüfen", "status": "stand", "score": "wertung", "moves": "züge",
    "board": "spielplan", "simulate": "simulieren", "batch": "partien", "report": "bericht",
    "rules": "regeln", "play": "spielen", "undo": "rückgängig", "redo": "wiederholen",
    "use": "benutzen", "tally": "auszählen", "new": "neu", "check": "probe",
    "checkpoint": "kontrollpunkt", "buy": "kaufen", "build": "bauen", "bank": "bank",
    "coloured": "bunt", "bribe": "bestechen", "caliph": "kalif", "recruit": "rekrutieren",
    "lighted": "leuchtend", "genie": "dschinn", "display": "auslage", "gifts": "geschenke",
    "roll": "würfeln", "camels": "kamele", "gold": "gold", "goods": "beliefern",
    "supervisor": "aufseher", "draw": "ziehen", "history": "verlauf", "help": "hilfe",
    "quit": "ende",
}


#: The German words a command had before the review of November 2026: still read, never shown.
FORMER = {"batch": "stapel", "recruit": "anwerben", "goods": "waren"}


@pytest.mark.parametrize(("english", "former"), sorted(FORMER.items()))
def test_a_former_command_word_is_read_but_not_shown(english: str, former: str) -> None:
    assert commandwords.english(former) == english
    assert former not in commandwords.words(english)
    assert commandwords.suggestions(former[:-1], [english]) != [former]


@pytest.mark.parametrize(("english", "german"), sorted(WORDS.items()))
def test_each_german_command_word_names_its_command(english: str, german: str) -> None:
    assert commandwords.english(german) == english
    assert commandwords.english(german.capitalize()) == english
    assert german in commandwords.words(english)


def test_german_words_are_the_local_ones_in_german(german: None) -> None:
    assert commandwords.local("buy") == "kaufen"
    assert commandwords.local("history") == "verlauf"
    assert commandwords.words("camels")[:2] == ["kamele", "camels"]


def test_english_words_in_english() -> None:
    assert commandwords.local("buy") == "buy"
    assert commandwords.english("buy", ["buy", "bank"]) == "buy"
    assert commandwords.english("kaufen", ["buy", "bank"]) == "buy"
    assert commandwords.english("kaufen", ["bank"]) is None  # not a command of this group
    assert commandwords.english("nonsense") is None


@pytest.mark.parametrize(("typed", "expected"), [
    ("kamle", "kamele"), ("camles", "camels"), ("aufsehr", "aufseher"),
    ("supervisr", "supervisor"), ("wrtung", "wertung"),
])
def test_did_you_mean_in_both_languages(typed: str, expected: str) -> None:
    names = ["camels", "supervisor", "score", "gold", "goods", "status"]
    assert commandwords.suggestions(typed, names)[0] == expected


def test_a_german_command_runs_its_command(tmp_path: Path) -> None:
    log = SAMPLES / "two-player-basic.toml"
    german = here("--lang", "de", "wertung", str(log), "--json")
    english = here("score", str(log), "--json")
    assert german.returncode == english.returncode == 0, german.stderr
    assert german.stdout == english.stdout  # JSON is the same in every language
    # an English table may type the German word too
    assert here("wertung", str(log), "--json").stdout == english.stdout


def test_a_recording_command_in_german_writes_the_english_log(tmp_path: Path) -> None:
    log = tmp_path / "game.toml"
    started = here("--lang", "de", "neu", str(log), "-p", "Tina", "-p", "Paul", "--no-use")
    assert started.returncode == 0, started.stderr
    done = here("--lang", "de", "kaufen", "window", "black", "--card", "blue",
                 "--log", str(log))
    assert done.returncode == 0, done.stderr
    text = log.read_text("utf-8")
    assert 'type = "buy"' in text and "kaufen" not in text


def test_did_you_mean_across_languages_on_the_command_line() -> None:
    german = asara("--lang", "de", "--game", "yspahan", "kamle")
    assert german.returncode == 2
    assert "Meinst du 'kamele'?" in german.stderr
    english_typo = asara("--lang", "de", "--game", "yspahan", "camles")
    assert "Meinst du 'camels'?" in english_typo.stderr
    english = asara("stat")
    assert english.stderr.endswith("Error: No such command 'stat'. Did you mean 'status'?\n")


@pytest.mark.parametrize(("args", "german", "english"), [
    (("new",), "Fehler: Das Argument 'protokoll' fehlt.", "Error: Missing argument 'log'."),
    (("status", "--foo"), "Fehler: Unbekannte Option --foo (mögliche Optionen: --format)",
     "Error: No such option: --foo (Possible options: --format)"),
    (("score", "--at", "-1"),
     "Fehler: Ungültiger Wert für '--at': -1 liegt nicht im Bereich x>=0.",
     "Error: Invalid value for '--at': -1 is not in the range x>=0."),
    (("score", "--board"), "Fehler: Die Option '--board' braucht einen Wert.",
     "Error: Option '--board' requires an argument."),
    (("use", "a", "b"), "Fehler: Unerwartete weitere Argumente (b)",
     "Error: Got unexpected extra argument(s) (b)"),
    (("status", "--json=1"), "Fehler: Die Option '--json' nimmt keinen Wert.",
     "Error: Option '--json' does not take a value."),
    (("score", "--format", "x"),
     "Fehler: Ungültiger Wert für '--format' / '-f': 'x' ist keins von 'text', 'json', "
     "'chart', 'bgstats'.",
     "Error: Invalid value for '--format' / '-f': 'x' is not one of 'text', 'json', "
     "'chart', 'bgstats'."),
])
def test_usage_errors_in_german_and_english_unchanged(args: tuple[str, ...], german: str,
                                                      english: str) -> None:
    de = asara("--lang", "de", *args)
    en = asara(*args)
    assert de.returncode == en.returncode == 2
    assert de.stderr.splitlines()[-1] == german
    assert en.stderr.splitlines()[-1] == english
    if en.stderr.startswith("Usage: "):  # the usage line, and where help is
        assert de.stderr.startswith("Aufruf: asara ")
        assert de.stderr.splitlines()[1].startswith("Hilfe: 'asara ")
        assert en.stderr.splitlines()[1].startswith("Try 'asara ")


def _tab(line: str, **env: str) -> list[str]:
    """What bash's completion gets for a Tab at the end of ``line``, in its own process."""
    words = line.split()
    done = asara(_ASARA_COMPLETE="complete_bash", COMP_WORDS=line,
                 COMP_CWORD=str(len(words) if line.endswith(" ") else len(words) - 1),
                 ASARA_LOG="", **env)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return done.stdout.split()


def test_completion_offers_the_words_of_the_language_in_use() -> None:
    assert _tab("asara ka", ASARA_LANG="de") == ["kaufen", "kalif"]
    assert _tab("asara wer", ASARA_LANG="de") == ["wertung"]
    assert _tab("asara kaufen wi", ASARA_LANG="de") == ["window"]  # the command's own words
    assert _tab("asara sc", ASARA_LANG="en") == ["score"]
    assert _tab("asara ka", ASARA_LANG="en") == []


@pytest.mark.parametrize("how", [["--json"], ["--format", "json"], ["-f", "json"],
                                 ["--format=json"]])
def test_json_is_the_same_document_in_every_language(how: list[str]) -> None:
    """JSON is for programs: a German table's refusal in JSON is the English document."""
    log = SAMPLES / "invalid" / "bank-above-12.toml"
    german = here("--lang", "de", "validate", str(log), *how)
    english = here("validate", str(log), *how)
    assert german.returncode == english.returncode == 1
    assert german.stdout == english.stdout
    assert '"R3.3"' in german.stdout and "no bank space pays 15" in german.stdout
    # the same refusal as text is German
    text = here("--lang", "de", "validate", str(log))
    assert text.returncode == 1
    assert "kein Feld der Bank bringt 15" in text.stdout + text.stderr


def test_the_readme_says_how_to_switch_in_every_language() -> None:
    """README's language section: its commands run and answer in German, and it says how
    to choose each language of the rulebooks, a line in that language."""
    text = (ROOT / "README.md").read_text("utf-8")
    section = text.split("## In your language", 1)[1].split("\n## ", 1)[0]
    for code, name in [("en", "English"), ("de", "Deutsch"), ("fr", "Français"),
                       ("it", "Italiano"), ("nl", "Nederlands"), ("es", "Español"),
                       ("ru", "Русский")]:
        line = section.split(f"- **{name}**", 1)[1].split("\n- ", 1)[0]
        assert f"--lang {code}" in line and f"ASARA_LANG={code}" in line, name
    assert "answers in English" in section and "antwortet auf Deutsch" in section
    assert "only when its\ncatalogue is complete" in section
    # the two CI blocks stay first
    assert text.index("<!-- ci:test -->") < text.index("## In your language")
    block = section.split("```sh", 1)[1].split("```", 1)[0]
    commands = [line.split() for line in block.splitlines() if line.strip()]
    assert len(commands) == 2
    for words in commands:
        env = dict(w.split("=", 1) for w in words if "=" in w and not w.startswith("-"))
        args = [w for w in words if w not in {f"{k}={v}" for k, v in env.items()}]
        assert args[0] == "asara"
        done = asara(*args[1:], **{"ASARA_LANG": "", **env})
        assert done.returncode == 0, done.stderr
        assert re.search(r"Wertung|Befehle für alle Spiele", done.stdout), done.stdout


def test_the_glossary_lists_every_command_word_as_the_catalogue_has_it(german: None) -> None:
    text = (ROOT / "docs" / "glossary.md").read_text("utf-8")
    section = text.split("\n## Commands\n", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[1:3] for line in section.splitlines()
            if line.startswith("| ") and not line.startswith(("| English", "| ---"))]
    listed = {english.strip(): german.strip() for english, german in rows}
    assert listed == WORDS
    assert {name: commandwords.local(name) for name in listed} == WORDS


def test_validate_says_its_verdicts_in_german() -> None:
    bad = SAMPLES / "invalid" / "bank-above-12.toml"
    good = SAMPLES / "two-player-basic.toml"
    done = here("--lang", "de", "prüfen", str(good), str(bad))
    assert done.returncode == 1
    out = _flat(done.stdout)
    assert re.search(r"ok: \S*two-player-basic\.toml: 64 Ereignisse, ", out), out
    assert "1 Verstoß, der erste bei Ereignis 7" in out
    english = here("validate", str(good), str(bad))
    assert "1 violation, the first at event 7" in _flat(english.stdout)
    assert "64 events" in _flat(english.stdout)


def test_a_refusal_in_german_names_the_rule_and_whose_turn_it_still_is(tmp_path: Path) -> None:
    log = tmp_path / "game.toml"
    assert here("--lang", "de", "neu", str(log), "-p", "Tina", "-p", "Paul",
                "--no-use").returncode == 0
    before = log.read_text("utf-8")
    done = here("--lang", "de", "kaufen", "window", "black", "--card", "blue", "--player",
                 "Paul", "--log", str(log))
    assert done.returncode == 1
    lines = done.stderr.splitlines()
    assert lines[0].startswith("abgelehnt: ")
    assert any("[R2]" in line for line in lines)  # the rule id, as in every language
    assert lines[-1] == "  nichts wurde geschrieben; Tina ist weiter am Zug"
    assert log.read_text("utf-8") == before
    english = here("buy", "window", "black", "--card", "blue", "--player", "Paul", "--log",
                    str(log))
    assert english.stderr.splitlines()[-1] == "  nothing was written; it is still Tina's turn"


def test_batch_counts_in_german() -> None:
    done = here("--lang", "de", "partien", str(SAMPLES / "yspahan"))
    assert done.returncode == 0, done.stderr
    assert re.search(r"^\d+ Dateien: \d+ gewertet, 0 unvollständig, 0 ungültig, "
                     r"0 nicht lesbar, 0 doppelt$", done.stderr, re.M), done.stderr


def test_lang_names_the_languages_offered_in_their_own_words() -> None:
    """``--lang``'s help and its refusal of an unknown code list each language offered with
    its name in that language."""
    refused = asara("--lang", "xx", "status")
    assert refused.returncode == 2
    assert "'xx'" in refused.stderr and "en (English), de (Deutsch)" in _flat(refused.stderr)
    for args in (("--help",), ("--lang", "de", "--help")):
        shown = _flat(asara(*args).stdout)
        assert "en (English), de (Deutsch)" in shown, args
        assert "{languages}" not in shown
