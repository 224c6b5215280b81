"""The translation catalogues: extract the messages, update each language, compile.

    python -m asara_cli.cli.catalogue update    # messages → asara_cli.pot → each .po → .mo
    python -m asara_cli.cli.catalogue compile   # each complete .po → .mo
    python -m asara_cli.cli.catalogue check     # what is missing, fuzzy or out of date

A language is offered only when complete: ``compile`` writes its ``.mo`` only when its
``.po`` has no untranslated, fuzzy or placeholder-changing message and its glossary page
(``docs/glossary/<code>.md``; German's ``docs/glossary.md``) has a word in every row, else
removes it and says why. A message is what the code marks, every help text and command
name of every game's command line, and the words Click and Typer print (below). Babel is
needed here only (``pip install -e '.[test]'``).
"""

from __future__ import annotations

import datetime
import io
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from asara_cli.core.i18n import N_
from asara_cli.language import DOMAIN, LOCALE_DIR

#: The words Click and Typer print on their own, looked up in this catalogue too.
THEIRS = (
    N_("Options"),
    N_("Arguments"),
    N_("Commands"),
    N_("Error"),
    N_("Aborted."),
    N_("Aborted!"),
    N_("Missing command."),
    N_("No such command {name!r}."),
    N_("[default: {}]"),
    N_("[required]"),
    N_("required"),
    N_("(deprecated) "),
    N_("(dynamic)"),
    N_("[env var: {}]"),
    N_("default: {default}"),
    N_("env var: {var}"),
    N_("Try [blue]'{command_path} {help_option}'[/] for help."),
)

#: Fixed dates in the header, so that a catalogue changes only when its messages do.
_DATE = datetime.datetime(2026, 11, 26, tzinfo=datetime.UTC)
_HEADER = """\
# The messages of asara-cli, the source text (English) of each catalogue.
# Made by `python -m asara_cli.cli.catalogue update`; do not edit by hand."""
_KEYWORDS: dict[str, Any] = {
    "_": None,
    "N_": None,
    "NP_": ((1, "c"), 2),
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
_PACKAGE = Path(__file__).resolve().parent.parent
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
#: The documentation, where each language's glossary page is (:func:`glossary_path`).
DOCS = _PACKAGE.parent / "docs"
_PLACEHOLDER = re.compile(r"(?<!\{)\{([^{}]*)\}(?!\})")


def languages(folder: Path | None = None) -> list[str]:
    """The language codes with a catalogue (``.po``) in ``folder`` (the package's)."""
    found = (folder or LOCALE_DIR).glob(f"*/LC_MESSAGES/{DOMAIN}.po")
    return sorted(p.parent.parent.name for p in found)


def po_path(code: str, folder: Path | None = None) -> Path:
    return (folder or LOCALE_DIR) / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def glossary_path(code: str, docs: Path | None = None) -> Path:
    """German's is ``docs/glossary.md``, every other language's ``docs/glossary/<code>.md``."""
    docs = docs or DOCS
    return docs / "glossary.md" if code == "de" else docs / "glossary" / f"{code}.md"


def glossary_rows(text: str) -> list[tuple[str, str]]:
    """Each table row of a glossary page: its English word and the language's."""
    rows = []
    for line in text.splitlines():
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))]
        if cells[0] in ("", "English") or not cells[0].strip("-: "):
            continue
        rows.append((cells[0], cells[1] if len(cells) > 1 else ""))
    return rows


def glossary_gaps(code: str, docs: Path | None = None) -> list[str]:
    """What keeps ``code``'s glossary page from being whole: no page, a row lacking or empty."""
    docs = docs or DOCS
    path = glossary_path(code, docs)
    if not path.is_file():
        return [f"no glossary page {path.relative_to(docs.parent)}"]
    rows = glossary_rows(path.read_text("utf-8"))
    english = sorted(e for e, _ in glossary_rows(glossary_path("de", docs).read_text("utf-8")))
    found = []
    lacking = sorted(set(english) - {e for e, _ in rows})
    if lacking:  # rows of its own (the typed words, say) a page may add
        found.append(f"glossary lacks rows of docs/glossary.md: {lacking}")
    empty = [e for e, word in rows if not word]
    if empty:
        found.append(f"{len(empty)} glossary row(s) without a word ({', '.join(empty[:3])}"
                     f"{' ...' if len(empty) > 3 else ''})")
    return found


def _help_texts() -> Iterator[tuple[str, str | None, str]]:
    """Every help text of every game's command line, every command's, argument's and
    parameter type's name, with its context and where it is shown."""
    import typer

    from asara_cli.cli import build_app
    from asara_cli.cli.helptexts import texts
    from asara_cli.cli.spoken import ARGUMENT, TYPE, arguments, type_names
    from asara_cli.commandwords import CONTEXT, SESSION
    from asara_cli.games import all_games

    for game in all_games():
        command = typer.main.get_command(build_app(None, ["--game", game.key]))
        for text in texts(command):
            yield text, None, f"help:{game.key}"
        todo = [command]
        while todo:
            group = todo.pop()
            for name in arguments(group):
                yield name, ARGUMENT, f"argument:{game.key}"
            for name in type_names(group):
                yield name, TYPE, f"type:{game.key}"
            for name, sub in getattr(group, "commands", {}).items():
                yield name, CONTEXT, f"command:{game.key}"
                todo.append(sub)
    for name in SESSION:
        yield name, CONTEXT, "command:play"


def template() -> Any:
    """The messages of the code as it is now (a Babel ``Catalog``)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    cat = Catalog(project="asara-cli", domain=DOMAIN, creation_date=_DATE,
                  revision_date=_DATE, fuzzy=False, charset="utf-8",
                  header_comment=_HEADER, copyright_holder="the asara-cli authors")
    found = extract_from_dir(str(_PACKAGE), method_map=[("**.py", "python")],
                             keywords=_KEYWORDS, comment_tags=("TRANSLATORS:",),
                             strip_comment_tags=True)
    for filename, _line, message, comments, context in found:
        where = f"asara_cli/{filename}"
        cat.add(message, None, [(where, 0)], auto_comments=comments, context=context)
    for text, context, where in _help_texts():
        cat.add(text, None, [(where, 0)], context=context)
    return cat


def _write_po(path: Path, catalog: Any) -> None:
    from babel.messages.pofile import write_po

    buf = io.BytesIO()
    write_po(buf, catalog, width=100, sort_output=True, include_lineno=False,
             ignore_obsolete=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buf.getvalue())


def _read_po(path: Path, code: str) -> Any:
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return read_po(f, locale=code, domain=DOMAIN)


def mo_bytes(catalog: Any) -> bytes:
    """The compiled form of ``catalog`` (no fuzzy message)."""
    from babel.messages.mofile import write_mo

    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def _compiled(data: bytes) -> dict[Any, str]:
    """The messages of a compiled catalogue, without its header (it names the Babel)."""
    import gettext

    messages: dict[Any, str] = dict(
        gettext.GNUTranslations(io.BytesIO(data))._catalog)  # type: ignore[attr-defined]
    messages.pop("", None)
    return messages


def update() -> None:
    """Extract the messages and merge them into each language's catalogue (compiled next)."""
    cat = template()
    _write_po(TEMPLATE, cat)
    for code in languages():
        po = _read_po(po_path(code), code)
        po.update(cat, update_header_comment=False)
        po.creation_date = po.revision_date = _DATE
        _write_po(po_path(code), po)


def compile_all(folder: Path | None = None, docs: Path | None = None) -> list[str]:
    """Compile each complete catalogue (see the module's docstring), removing the ``.mo`` of
    an incomplete one; a line per language says what was done, and why not."""
    if not glossary_path("de", docs).is_file():  # not the source tree: change nothing
        return [f"no {glossary_path('de', docs)}: the catalogues are compiled in the source "
                "tree, beside docs/; nothing was changed"]
    said = []
    for code in languages(folder):
        po = _read_po(po_path(code, folder), code)
        mo = po_path(code, folder).with_suffix(".mo")
        gaps = _gaps_summary(po_gaps(po, po)) + glossary_gaps(code, docs)
        if gaps:
            mo.unlink(missing_ok=True)
            said.append(f"{code}: not compiled, not offered: {'; '.join(gaps)}")
        else:
            mo.write_bytes(mo_bytes(po))
            said.append(f"{code}: compiled")
    return said


def _each(said: Any) -> list[str]:
    """A message's id or string: a plural's forms, else the one."""
    return list(said) if isinstance(said, tuple | list) else [said]


def po_gaps(po: Any, wanted: Any) -> list[tuple[str, str]]:
    """Each message of ``wanted`` that ``po`` does not translate whole: (``untranslated``,
    ``fuzzy`` or ``placeholders``, what is said of it)."""
    found = []
    for message in wanted:
        if not message.id:
            continue
        have = po.get(message.id, message.context)  # a plural's id is (singular, plural)
        first = _each(message.id)[0]
        if have is None or (not have.fuzzy and not all(_each(have.string))):
            found.append(("untranslated", f"no translation: {first!r}"))
        elif have.fuzzy:
            found.append(("fuzzy", f"fuzzy: {first!r}"))
        else:
            names = {n for i in _each(message.id) for n in _PLACEHOLDER.findall(i)}
            for s in _each(have.string):
                if set(_PLACEHOLDER.findall(s)) - names:
                    found.append(("placeholders", f"placeholders differ: {first!r} -> {s!r}"))
    return found


def _gaps_summary(gaps: list[tuple[str, str]]) -> list[str]:
    """``12 untranslated, 3 fuzzy``: how many messages of each kind."""
    kinds = [kind for kind, _ in gaps]
    counted = [f"{kinds.count(k)} {k}" for k in ("untranslated", "fuzzy") if k in kinds]
    if "placeholders" in kinds:
        counted.append(f"{kinds.count('placeholders')} with other placeholders")
    return [", ".join(counted)] if counted else []


def problems(code: str, wanted: Any | None = None, folder: Path | None = None,
             docs: Path | None = None) -> list[str]:
    """What keeps language ``code`` from being complete: its messages' and glossary's gaps,
    and a ``.mo`` that is not the ``.po`` compiled (or beside an incomplete one)."""
    wanted = template() if wanted is None else wanted
    po = _read_po(po_path(code, folder), code)
    found = [f"{code}: {said}" for _, said in po_gaps(po, wanted)]
    found += [f"{code}: {said}" for said in glossary_gaps(code, docs)]
    mo = po_path(code, folder).with_suffix(".mo")
    if found:
        if mo.exists():
            found.append(f"{code}: {mo.name} compiled from an incomplete catalogue "
                         "(python -m asara_cli.cli.catalogue compile removes it)")
    elif not mo.exists() or _compiled(mo.read_bytes()) != _compiled(mo_bytes(po)):
        found.append(f"{code}: {mo.name} is not {po_path(code).name} compiled "
                     "(python -m asara_cli.cli.catalogue compile)")
    return found


def main(argv: list[str]) -> int:
    what = argv[0] if argv else "check"
    if what == "check":
        cat = template()
        found = [p for code in languages() for p in problems(code, cat)]
        for line in found:
            print(line)
        print(f"{len(found)} problem(s) in {', '.join(languages())}")
        return 1 if found else 0
    if what not in ("update", "compile"):
        print(__doc__)
        return 2
    if what == "update":
        update()
    for line in compile_all():
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
