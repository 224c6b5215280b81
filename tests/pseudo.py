"""A pseudo-language made from the catalogue's template (``asara_cli/locale/asara_cli.pot``):
every message with its letters turned by ROT13 (``buy`` → ``ohl``, ``base`` → ``onfr``), its
``{placeholders}``, ``%(name)s`` and ``[R2.3]`` kept. It proves a language is one catalogue:
the commands, the value words typed at the table, the help and the messages all change, and
nothing in the code names its words. Compiled into a folder of its own, read through
``$ASARA_LOCALE_DIR`` (``language.locale_dir``)."""

from __future__ import annotations

import codecs
import re
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from asara_cli.language import DOMAIN, LOCALE_DIR

#: Its code: a language Babel knows (numbers and dates are written by it) and no catalogue
#: of the package is for.
CODE = "eo"

#: What is kept as it is: placeholders, printf-style fields, rule ids and markup in brackets.
_KEPT = re.compile(r"\{[^{}]*\}|%\([a-z_]+\)[sdr]|%[sdr]|\[[^\]]*\]")


def turned(text: str) -> str:
    """``text`` in the pseudo-language: its letters turned, what :data:`_KEPT` matches
    kept."""
    out: list[str] = []
    at = 0
    for m in _KEPT.finditer(text):
        out += [codecs.encode(text[at:m.start()], "rot13"), m.group()]
        at = m.end()
    out.append(codecs.encode(text[at:], "rot13"))
    return "".join(out)


def make(folder: Path) -> Path:
    """The pseudo-language's catalogue compiled under ``folder`` (a locale folder: pass it
    as ``$ASARA_LOCALE_DIR``); ``folder`` returned."""
    with (LOCALE_DIR / f"{DOMAIN}.pot").open("rb") as f:
        catalogue = read_po(f, locale=CODE)
    for message in catalogue:
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            message.string = tuple(turned(i) for i in message.id)
        else:
            message.string = turned(message.id)
    target = folder / CODE / "LC_MESSAGES"
    target.mkdir(parents=True, exist_ok=True)
    with (target / f"{DOMAIN}.mo").open("wb") as f:
        write_mo(f, catalogue)
    return folder
