"""The rules reference a user can look up (issue 30): every rule id the tool cites has an
entry, the package ships the same text as docs/rules/, and `asara rules` prints one rule, the
list, or refuses an unknown id in one line with exit code 2."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from asara_cli.cli import build_app
from asara_cli.reference import RULE_ID, lookup, near, parse, reference

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "asara_cli"
DOCS = ROOT / "docs"


def _cited(paths: list[Path]) -> dict[str, Path]:
    found: dict[str, Path] = {}
    for path in paths:
        for m in RULE_ID.finditer(path.read_text("utf-8")):
            found.setdefault(m.group(0), path)
    return found


def test_every_id_the_code_cites_has_an_entry() -> None:
    code = [p for p in PACKAGE.rglob("*") if p.suffix in (".py", ".toml")]
    cited = _cited(code)
    assert {"R2.2", "R5.2", "Y3.4.3", "Y3.8", "Y6.16", "G15", "X13"} <= set(cited)
    missing = {i: str(p.relative_to(ROOT)) for i, p in cited.items() if i not in reference()}
    assert missing == {}


def test_every_id_the_docs_cite_has_an_entry() -> None:
    cited = _cited([ROOT / "README.md", *DOCS.glob("*.md")])
    missing = {i: str(p.relative_to(ROOT)) for i, p in cited.items() if i not in reference()}
    assert missing == {}


def test_the_package_ships_the_docs_text() -> None:
    docs = sorted(p.name for p in (DOCS / "rules").glob("*.md"))
    assert docs == ["asara.md", "yspahan.md"]
    for name in docs:
        assert (PACKAGE / "data" / "rules" / name).read_bytes() == \
            (DOCS / "rules" / name).read_bytes(), name
    data = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    assert "data/rules/*.md" in data["tool"]["setuptools"]["package-data"]["asara_cli"]


def test_no_doc_cites_a_reference_outside_the_repository() -> None:
    for path in [ROOT / "README.md", *DOCS.glob("*.md")]:
        text = path.read_text("utf-8")
        assert "RULES.md" not in text and "YSPAHAN.md" not in text, path.name


def test_each_entry_cites_the_rulebook_where_it_is_a_printed_rule() -> None:
    for rule in reference().values():
        if rule.id.startswith(("R", "Y")) and not rule.id.startswith(("Y-R", "Y6", "Y7",
                                                                          "Y8", "Y9")):
            assert rule.text.startswith("*Rulebook: "), rule.id
        assert rule.text, rule.id


@pytest.mark.parametrize(("markdown", "ids"), [
    ("## R1 One\n\ntext\n\n### R1.1 Sub\n\nmore\n## Rulings here\n\nx\n### G1 A\n\ny\n",
     [("R1", "One", "text"), ("R1.1", "Sub", "more"), ("G1", "A", "y")]),
    ("# Title\n\nintro\n## Y-R2 Secret hands\n\nhidden\n#### Y3.4.1 One\n\na\nb\n",
     [("Y-R2", "Secret hands", "hidden"), ("Y3.4.1", "One", "a\nb")]),
])
def test_parse(markdown: str, ids: list[tuple[str, str, str]]) -> None:
    assert [(r.id, r.title, r.text) for r in parse("g", markdown)] == ids


def test_lookup_ignores_case_and_brackets() -> None:
    rule = lookup("[y3.8]")
    assert rule is not None and rule.id == "Y3.8" and rule.game == "yspahan"
    assert lookup("Y3.10") is None
    assert "Y3.1" in near("Y3.10")


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(build_app("rules"), ["rules", *args],
                                env={"COLUMNS": "80", "LINES": "40"})
    return result.exit_code, result.stdout, result.stderr


def test_rules_prints_one_rule() -> None:
    code, out, err = _run("Y3.8")
    assert code == 0 and err == ""
    assert out.startswith("Y3.8 Building (YSPAHAN)\n")
    assert "Rulebook: DE" in out and "*" not in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_rules_of_a_rule_with_sections_names_them() -> None:
    code, out, _ = _run("R5")
    assert code == 0
    assert "| highest black tower | 10 | 5 |" in out  # a table kept as written
    assert "Below it: R5.1 Places go to towers; R5.2" in " ".join(out.split())


def test_rules_lists_every_id() -> None:
    code, out, _ = _run()
    assert code == 0
    listed = {line.split()[0] for line in out.splitlines()
              if line.startswith(" ") and line.strip()}
    assert listed == set(reference())
    assert {"R6.2", "Y3.4.3", "Y-R12", "Y9.4"} <= listed


@pytest.mark.parametrize(("wanted", "hint"), [
    ("Y3.10", "did you mean Y3.1"),
    ("r7", "did you mean"),
    ("nonsense", "asara rules lists every id"),
])
def test_rules_refuses_an_unknown_id_in_one_line(wanted: str, hint: str) -> None:
    code, out, err = _run(wanted)
    assert code == 2 and out == ""
    assert err.startswith(f"error: no rule '{wanted}' (")
    assert hint in err
    assert err.count("\n") == 1 and len(err) <= 81  # one line at 80 columns


def _spoken(code: str, folder: Path | str, *args: str) -> tuple[int, str]:
    """``asara --lang CODE rules ARGS`` in its own process, the catalogues read from
    ``folder``."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "COLUMNS": "80", "LINES": "40", "ASARA_LOCALE_DIR": str(folder)}
    done = subprocess.run([sys.executable, "-m", "asara_cli", "--lang", code, "rules", *args],
                          capture_output=True, text=True, encoding="utf-8", env=env,
                          cwd=ROOT, timeout=60)
    return done.returncode, done.stdout


def test_a_game_without_a_reference_in_the_language_is_shown_in_english_and_says_so(
        tmp_path: Path) -> None:
    """The pseudo-language (tests/pseudo.py) has no reference text of its own: each rule is
    the English one, after one line in the language saying so; the list says it per game."""
    import pseudo

    from asara_cli.language import name

    folder = pseudo.make(tmp_path)
    said = pseudo.turned("No rules reference for {game} in {language} yet: shown in English.")
    code, out = _spoken(pseudo.CODE, folder, "Y3.8")
    assert code == 0
    first, rest = out.split("\n", 1)
    assert first == said.format(game="YSPAHAN", language=name(pseudo.CODE))
    assert rest.startswith("Y3.8 Building (YSPAHAN)\n")
    code, out = _spoken(pseudo.CODE, folder)
    assert code == 0
    assert out.splitlines()[:2] == [said.format(game=g, language=name(pseudo.CODE))
                                    for g in ("ASARA", "YSPAHAN")]
    # German has both: no such line
    code, out = _spoken("de", "", "Y3.8")  # the package's catalogues
    assert code == 0 and out.startswith("Y3.8 ")


def _translated() -> list[tuple[str, str]]:
    """(language code, game) of each translated reference in docs/rules/<code>/."""
    return sorted((p.parent.name, p.stem) for p in (DOCS / "rules").glob("*/*.md"))


@pytest.mark.parametrize(("code", "game"), _translated(), ids=lambda x: str(x))
def test_a_translated_reference_is_shipped_with_every_entry_of_the_english(
        code: str, game: str) -> None:
    """Each language's reference text (docs/rules/<code>/<game>.md) is shipped as written
    (asara_cli/data/rules/<code>/) and has the English file's ids at the same levels, in the
    same order, each with a text: a rule a message cites is found in every language."""
    written = (DOCS / "rules" / code / f"{game}.md").read_bytes()
    assert (PACKAGE / "data" / "rules" / code / f"{game}.md").read_bytes() == written
    english = parse(game, (DOCS / "rules" / f"{game}.md").read_text("utf-8"))
    translated = parse(game, written.decode("utf-8"))
    assert [(r.id, r.level) for r in translated] == [(r.id, r.level) for r in english]
    assert all(r.text for r in translated)


def test_every_shipped_reference_has_its_docs_text() -> None:
    shipped = sorted((p.parent.name, p.stem)
                     for p in (PACKAGE / "data" / "rules").glob("*/*.md"))
    assert shipped == _translated() and ("de", "yspahan") in shipped
