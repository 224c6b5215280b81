"""The languages: choosing one, the catalogues complete and compiled, the log unchanged."""

from __future__ import annotations

import ast
import gettext
import os
from pathlib import Path
from typing import Any

import pytest

from asara_cli import language as lang
from asara_cli.cli import catalogue
from asara_cli.core import i18n


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


def test_every_message_has_a_translation_in_every_language(template: Any) -> None:
    """Every message of the code (and every help text and command word) is translated in
    each catalogue, none fuzzy, its placeholders the same, and each ``.mo`` is its ``.po``
    compiled."""
    found = [p for code in catalogue.languages() for p in catalogue.problems(code, template)]
    assert found == []


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
    monkeypatch.setattr(catalogue, "LOCALE_DIR", tmp_path)
    found = catalogue.problems("de", template)
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in (first, second)}
    assert any("no translation" in p and repr(first.id if isinstance(first.id, str)
                                              else first.id[0]) in p for p in found)
    assert any("fuzzy" in p for p in found), ids
    assert any(".mo is not" in p for p in found)


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
