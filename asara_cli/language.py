"""The language a command answers in: choosing it, and loading its catalogue.

Each language is a gettext catalogue, ``locale/<code>/LC_MESSAGES/asara_cli.mo`` (compiled
from the ``.po`` beside it, see docs/translating.md); adding one needs no code. The
functions that translate (``_``, ``ngettext`` ...) are in ``core/i18n.py``, which every
layer may use; this module reads the files and tells it which catalogue to use.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from pathlib import Path

from asara_cli.core import i18n
from asara_cli.core.i18n import SOURCE

#: The catalogues' domain (the file name of each ``.po``/``.mo``).
DOMAIN = "asara_cli"
#: Where the catalogues lie, one folder per language code.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: Chooses the language before the locale does.
ENV = "ASARA_LANG"
#: Reads the catalogues from another folder (a catalogue being written, tried before it is
#: packaged; the tests' generated pseudo-language), laid out as :data:`LOCALE_DIR`.
ENV_DIR = "ASARA_LOCALE_DIR"


def locale_dir() -> Path:
    """Where the catalogues are read from: ``$ASARA_LOCALE_DIR``, else :data:`LOCALE_DIR`."""
    return Path(os.environ.get(ENV_DIR) or LOCALE_DIR)

_saved: tuple[str | None] | None = None  # $LANGUAGE as it was before use() set it


def available() -> tuple[str, ...]:
    """The languages that can be chosen: English and each compiled catalogue."""
    found = sorted(p.parent.parent.name
                   for p in locale_dir().glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return (SOURCE, *[code for code in found if code != SOURCE])


def _has(code: str) -> bool:
    """Whether ``code`` can be chosen (one of :func:`available`): English, or a language
    whose compiled catalogue is there. One look at that file, where listing every catalogue
    would search the folder: a command chooses its language as it starts."""
    return code == SOURCE or (code.isalnum() and (
        locale_dir() / code / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file())


def name(code: str) -> str:
    """A language's name in that language (Babel's): ``Deutsch``, ``français``,
    ``English``; the code itself where Babel knows none."""
    from babel import Locale, UnknownLocaleError

    try:
        return str(Locale.parse(code).get_display_name(code) or code)
    except (UnknownLocaleError, ValueError):
        return code


def offered() -> str:
    """The languages that can be chosen, each with its name: ``en (English), de
    (Deutsch)``."""
    return ", ".join(f"{code} ({name(code)})" for code in available())


def _code(value: str) -> str:
    """``de_DE.UTF-8`` → ``de``; ``C``, ``POSIX`` and empty → ``""``."""
    code = value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].strip().lower()
    return "" if code in ("c", "posix") else code


def choose(asked: str | None, environ: Mapping[str, str] = os.environ) -> str:
    """The language to speak: ``asked`` (``--lang``), else ``$ASARA_LANG``, else the locale
    as gettext reads it (``LANGUAGE``, a list, then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``):
    the first of these that names a language with a catalogue, else English.

    A language asked for by name that has no catalogue raises :class:`ValueError` (the
    command line says so); one the locale names only falls back to English."""
    if asked is not None:
        code = _code(asked)
        if not _has(code):
            raise ValueError(asked)
        return code
    if environ.get(ENV):
        code = _code(environ[ENV])
        if _has(code):
            return code
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(key)
        if value:  # the first one set decides, as for gettext itself
            return next((c for c in map(_code, value.split(":")) if _has(c)), SOURCE)
    return SOURCE


def use(code: str) -> None:
    """Speak ``code`` from now on (English when it has no catalogue).

    Click and Typer translate their own words (``Usage:``, ``Options``, ``Error``) with
    the standard library's ``gettext.gettext``: the domain is bound here so that they find
    them in the same catalogue. Typer reads some of them when it is imported, so a command
    line chooses its language before it imports Typer."""
    global _saved
    language = code if _has(code) else SOURCE
    if language == SOURCE:
        i18n.install(gettext.NullTranslations(), SOURCE)
    else:
        i18n.install(gettext.translation(DOMAIN, locale_dir(), languages=[language]),
                     language)
    gettext.bindtextdomain(DOMAIN, str(locale_dir()))
    gettext.textdomain(DOMAIN if language != SOURCE else "messages")
    # the standard library's gettext() takes its language from the environment: say it
    # there too (and take it back when English is chosen again in the same process)
    if language != SOURCE:
        if _saved is None:
            _saved = (os.environ.get("LANGUAGE"),)
        os.environ["LANGUAGE"] = language
    elif _saved is not None:
        before = _saved[0]
        if before is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = before
        _saved = None


def decimal(value: float, digits: int = 1) -> str:
    """A number with ``digits`` decimals as the language writes it (``12.5``, ``12,5``).

    English keeps the plain form it always had (no grouping), so an English table sees
    what it saw before; other languages are formatted by Babel."""
    if i18n.language() == SOURCE:
        return f"{value:.{digits}f}"
    from babel.numbers import format_decimal

    pattern = "0." + "0" * digits if digits else "0"
    return str(format_decimal(value, format=pattern, locale=i18n.language()))


def date(value: object) -> str:
    """A date (``datetime.date``) as the language writes it (``2026-11-26``
    stays ISO in English; ``26.11.2026`` in German)."""
    import datetime

    if not isinstance(value, datetime.date):
        return str(value)
    if i18n.language() == SOURCE:
        return value.isoformat()
    from babel.dates import format_date

    return str(format_date(value, format="medium", locale=i18n.language()))
