"""The languages: choosing one, the catalogues complete and compiled, the log unchanged."""

from __future__ import annotations

import ast
import gettext
import os
import re
from pathlib import Path
from typing import Any

import pytest
from terminal import run_here

from asara_cli import language as lang
from asara_cli.cli import catalogue
from asara_cli.core import i18n, words


@pytest.mark.parametrize(("asked", "env", "expected"), [
    (None, {}, "en"),
    (None, {"LANG": "de_DE.UTF-8"}, "de"),
    (None, {"LANG": "C"}, "en"),
    (None, {"LANG": "POSIX"}, "en"),
    (None, {"LANG": "ja_JP.UTF-8"}, "en"),  # no Japanese catalogue: English
    (None, {"LC_ALL": "de_AT.UTF-8", "LANG": "en_GB.UTF-8"}, "de"),
    (None, {"LC_ALL": "en_GB.UTF-8", "LANG": "de_DE.UTF-8"}, "en"),  # the first set decides
    (None, {"LANGUAGE": "ja:de", "LANG": "en_US.UTF-8"}, "de"),  # a list, in order
    (None, {"LANGUAGE": "en:de"}, "en"),
    (None, {"LC_MESSAGES": "de_CH", "LANG": "en_US"}, "de"),
    (None, {"ASARA_LANG": "de", "LANG": "en_US.UTF-8"}, "de"),
    (None, {"ASARA_LANG": "en", "LANG": "de_DE.UTF-8"}, "en"),
    (None, {"ASARA_LANG": "xx", "LANG": "de_DE.UTF-8"}, "de"),  # unknown: the locale's
    ("de", {"LANG": "en_US.UTF-8"}, "de"),
    ("DE", {}, "de"),
    ("de_DE", {}, "de"),
    ("en", {"ASARA_LANG": "de", "LANG": "de_DE.UTF-8"}, "en"),
])
def test_the_language_chosen(asked: str | None, env: dict[str, str], expected: str) -> None:
    assert lang.choose(asked, env) == expected


def test_a_language_asked_for_without_a_catalogue_is_refused() -> None:
    with pytest.raises(ValueError):
        lang.choose("xx", {})


def test_german_and_english_are_available() -> None:
    assert {"en", "de"} <= set(lang.available())
    assert lang.available()[0] == "en"


def test_the_language_variable_is_put_back() -> None:
    saved = os.environ.get("LANGUAGE")
    lang.use("de")
    assert os.environ.get("LANGUAGE") == "de"
    lang.use("en")
    assert os.environ.get("LANGUAGE") == saved


def test_a_command_run_in_this_process_leaves_the_language_variable_as_it_was(
        tmp_path: Path) -> None:
    """A German test that runs ``asara`` in this process in English: German after it, and
    $LANGUAGE as it was before the test once English is chosen again."""
    saved = os.environ.get("LANGUAGE")
    lang.use("de")
    try:
        done = run_here(tmp_path, ["--lang", "en", "rules", "R1"], {})
        assert done.returncode == 0 and done.stdout.startswith("R1"), done
        assert i18n.language() == "de" and os.environ.get("LANGUAGE") == "de"
    finally:
        lang.use("en")
    assert os.environ.get("LANGUAGE") == saved


def test_messages_follow_the_language_in_use(german: None) -> None:
    assert i18n.language() == "de"
    assert i18n._("Options") == "Optionen"
    # a message the catalogue does not hold is shown as written
    assert i18n._("no such message, surely") == "no such message, surely"
    lang.use("en")
    assert i18n._("Options") == "Options"


def test_numbers_as_the_language_writes_them(german: None) -> None:
    assert lang.decimal(12.5) == "12,5"
    assert lang.decimal(1234.25, 2) == "1234,25"  # no grouping: scores stay short
    lang.use("en")
    assert lang.decimal(12.5) == "12.5"
    assert lang.decimal(1234.25, 2) == "1234.25"


def test_dates_as_the_language_writes_them(german: None) -> None:
    import datetime

    assert lang.date(datetime.date(2026, 11, 26)) == "26.11.2026"
    lang.use("en")
    assert lang.date(datetime.date(2026, 11, 26)) == "2026-11-26"


def test_click_and_typer_find_their_words_in_the_catalogue(german: None) -> None:
    # the standard library's gettext, which Click and Typer call, reads the same catalogue
    assert gettext.gettext("Options") == "Optionen"


@pytest.fixture(scope="module")
def template() -> Any:
    return catalogue.template()


def test_every_language_shipped_is_complete(template: Any) -> None:
    """Every language with a ``.mo`` (those offered) translates every message of the code
    (and every help text and command word), none fuzzy, its placeholders the same, has a
    glossary page with a word in every row, and its ``.mo`` is its ``.po`` compiled. A
    catalogue still being written has no ``.mo``: `catalogue check` lists its gaps."""
    shipped = [code for code in catalogue.languages()
               if catalogue.po_path(code).with_suffix(".mo").exists()]
    assert "de" in shipped
    assert sorted(shipped) == sorted(c for c in lang.available() if c != "en")
    found = [p for code in shipped for p in catalogue.problems(code, template)]
    assert found == []


def _tree(tmp_path: Path, code: str = "fr") -> tuple[Path, Path]:
    """A locale folder holding the German catalogue as language ``code``, and a docs folder
    holding docs/glossary.md: (locale, docs)."""
    locale, docs = tmp_path / "locale", tmp_path / "docs"
    target = catalogue.po_path(code, locale)
    target.parent.mkdir(parents=True)
    target.write_bytes(catalogue.po_path("de").read_bytes())
    docs.mkdir()
    (docs / "glossary.md").write_bytes(catalogue.glossary_path("de").read_bytes())
    return locale, docs


def test_a_complete_catalogue_without_its_glossary_page_is_not_compiled(
        tmp_path: Path) -> None:
    locale, docs = _tree(tmp_path)
    mo = catalogue.po_path("fr", locale).with_suffix(".mo")
    mo.write_bytes(b"left from before")
    said = catalogue.compile_all(locale, docs)
    assert said == ["fr: not compiled, not offered: no glossary page docs/glossary/fr.md"]
    assert not mo.exists()
    # its page, a word in every row: compiled
    page = catalogue.glossary_path("fr", docs)
    page.parent.mkdir()
    english = (docs / "glossary.md").read_text("utf-8")
    page.write_text(english, "utf-8")
    assert catalogue.compile_all(locale, docs) == ["fr: compiled"]
    assert mo.exists()
    # a row without its word, a row missing: not compiled, and the .mo is gone
    rows = english.splitlines()
    first = next(i for i, line in enumerate(rows) if line.startswith("| player |"))
    rows[first] = "| player |  | |"
    page.write_text("\n".join(rows), "utf-8")
    said = catalogue.compile_all(locale, docs)
    assert said == ["fr: not compiled, not offered: 1 glossary row(s) without a word (player)"]
    assert not mo.exists()
    del rows[first]
    page.write_text("\n".join(rows), "utf-8")
    assert catalogue.compile_all(locale, docs) == [
        "fr: not compiled, not offered: glossary lacks rows of docs/glossary.md: "
        "['player']"]


def test_compiling_outside_the_source_tree_changes_nothing(tmp_path: Path) -> None:
    locale, docs = _tree(tmp_path)
    (docs / "glossary.md").unlink()
    mo = catalogue.po_path("fr", locale).with_suffix(".mo")
    mo.write_bytes(b"as it was")
    said = catalogue.compile_all(locale, docs)
    assert len(said) == 1 and said[0].endswith("nothing was changed")
    assert mo.read_bytes() == b"as it was"


def test_a_catalogue_with_a_fuzzy_or_untranslated_message_is_not_compiled(
        tmp_path: Path) -> None:
    from babel.messages.pofile import read_po, write_po

    locale, docs = _tree(tmp_path, "de")
    path = catalogue.po_path("de", locale)
    with path.open("rb") as f:
        po = read_po(f, locale="de")
    done = [m for m in po if m.id and isinstance(m.id, str) and m.string and "{" in m.id]
    done[0].flags.add("fuzzy")
    done[1].string = ""
    done[2].string = f"{done[2].string} {{surplus}}"
    with path.open("wb") as f:
        write_po(f, po)
    said = catalogue.compile_all(locale, docs)
    assert said == ["de: not compiled, not offered: 1 untranslated, 1 fuzzy, "
                    "1 with other placeholders"]
    assert not path.with_suffix(".mo").exists()


def test_each_glossary_page_has_the_english_rows_and_a_word_in_each() -> None:
    """docs/glossary/CODE.md of each language has the rows of docs/glossary.md, each with a
    word in its language's column; German's page is docs/glossary.md itself."""
    docs = catalogue.DOCS
    rows = catalogue.glossary_rows((docs / "glossary.md").read_text("utf-8"))
    assert len(rows) > 150 and ("player", "Spieler") in rows
    pages = ["de", *sorted(p.stem for p in (docs / "glossary").glob("*.md"))]
    found = {code: catalogue.glossary_gaps(code) for code in pages}
    assert found == {code: [] for code in pages}
    for code in pages[1:]:  # named at the top of the German page
        assert f"(glossary/{code}.md)" in (docs / "glossary.md").read_text("utf-8")


def test_the_languages_offered_are_named_in_their_own_words() -> None:
    assert lang.name("de") == "Deutsch" and lang.name("fr") == "français"
    assert lang.name("ru") == "русский" and lang.name("en") == "English"
    assert lang.offered().startswith("en (English), de (Deutsch)")


def test_a_message_left_untranslated_is_found(tmp_path: Path, template: Any,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The check itself can fail: a catalogue missing one message, and one with a fuzzy
    translation, are both reported."""
    from babel.messages.pofile import read_po, write_po

    src = catalogue.po_path("de")
    with src.open("rb") as f:
        po = read_po(f, locale="de")
    translated = [m for m in po if m.id and m.string and not m.fuzzy]
    assert translated, "the German catalogue translates nothing"
    first, second = translated[0], translated[1]
    del po[first.id]
    second.flags.add("fuzzy")
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "asara_cli.po").open("wb") as f:
        write_po(f, po)
    (folder / "asara_cli.mo").write_bytes(catalogue.po_path("de").with_suffix(".mo")
                                          .read_bytes())
    monkeypatch.setattr(catalogue, "LOCALE_DIR", tmp_path)
    found = catalogue.problems("de", template)
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in (first, second)}
    assert any("no translation" in p and repr(first.id if isinstance(first.id, str)
                                              else first.id[0]) in p for p in found)
    assert any("fuzzy" in p for p in found), ids
    assert any(".mo compiled from an incomplete catalogue" in p for p in found)


def test_placeholders_must_be_the_same() -> None:
    assert catalogue._PLACEHOLDER.findall("{n} cubes face {cell}, {{literal}}") == ["n", "cell"]


def _binds_underscore(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """``fn`` binds the name ``_`` in its own scope (``for _ in``, ``_, x = ...``)."""
    todo: list[ast.AST] = list(fn.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda
                      | ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp):
            continue  # a scope of its own
        if isinstance(node, ast.Name) and node.id == "_" and isinstance(
                node.ctx, ast.Store | ast.Del):
            return True
        todo.extend(ast.iter_child_nodes(node))
    return False


def _calls_underscore(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "_"
               for n in ast.walk(fn))


def test_no_function_hides_the_translation_function() -> None:
    """A function that binds ``_`` (``for _ in ...``) and also calls ``_()`` makes ``_``
    local: the call fails at run time, and neither ruff nor mypy sees it."""
    package = Path(__file__).parent.parent / "asara_cli"
    found = []
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and (
                    _binds_underscore(node) and _calls_underscore(node)):
                found.append(f"{path.relative_to(package)}:{node.lineno} {node.name}")
    assert found == []


def test_the_check_for_a_hidden_translation_function_can_fail() -> None:
    tree = ast.parse("def f(xs):\n    for _ in xs:\n        pass\n    return _('x')\n")
    fn = tree.body[0]
    assert isinstance(fn, ast.FunctionDef)
    assert _binds_underscore(fn) and _calls_underscore(fn)


def _catalogue(folder: Path, code: str, messages: list[tuple[str, Any, Any]]) -> Path:
    """A catalogue of ``code`` holding only ``messages`` ((context, id, string) each; a
    plural's id and string are tuples), compiled under ``folder``."""
    from babel.messages.catalog import Catalog

    cat = Catalog(locale=code, domain=lang.DOMAIN)
    for context, msgid, string in messages:
        cat.add(msgid, string, context=context)
    target = folder / code / "LC_MESSAGES"
    target.mkdir(parents=True)
    (target / f"{lang.DOMAIN}.mo").write_bytes(catalogue.mo_bytes(cat))
    return folder


@pytest.mark.parametrize(("n", "english"), [
    (1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"), (13, "13th"),
    (21, "21st"), (22, "22nd"), (103, "103rd"), (111, "111th"),
])
def test_ordinals_in_english(n: int, english: str) -> None:
    assert words.ordinal(n, "place") == english == words.ordinal(n, "week")


def test_ordinals_agree_with_what_they_count_in_each_form(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """French writes 1re semaine, 2e semaine, 1er chameau: each thing counted is a message
    of its own, and the language's plural rule picks the form for the number."""
    forms = ("{n}{suffix}", "{n}{suffix}")  # French has three plural forms (Babel's)
    folder = _catalogue(tmp_path, "fr", [("ordinal: a week", forms, ("{n}re", "{n}e", "{n}e")),
                                         ("ordinal: a camel", forms, ("{n}er", "{n}e", "{n}e"))])
    monkeypatch.setenv(lang.ENV_DIR, str(folder))
    lang.use("fr")
    try:
        shown = [words.ordinal(n, counted) for counted in ("week", "camel") for n in (1, 2, 21)]
    finally:
        lang.use("en")
    assert shown == ["1re", "2e", "21e", "1er", "2e", "21e"]


@pytest.mark.parametrize("code", [c for c in lang.available() if c != "en"])
def test_a_command_a_translation_names_is_named_by_the_languages_word(code: str) -> None:
    """`asara WORD` in a translated message names its command by the language's command
    word, as the table types it (French `asara plateau`, not `asara board`)."""
    from babel.messages.pofile import read_po

    with (lang.LOCALE_DIR / code / "LC_MESSAGES" / "asara_cli.po").open("rb") as po:
        messages = [m for m in read_po(po) if m.id and m.string]
    word = {str(m.id): str(m.string).split("|")[0] for m in messages if m.context == "command"}
    english = {name for name, local in word.items() if local != name}
    wrong = []
    for m in messages:
        for text in [m.string] if isinstance(m.string, str) else list(m.string or ()):
            for named in re.findall(r"`asara (\w+)", text):
                if named in english:
                    wrong.append(f"{named} (say {word[named]}): {text}")
    assert wrong == []
