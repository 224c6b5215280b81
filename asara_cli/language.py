"""The language a command answers in: choosing it, and loading its gettext catalogue
(``locale/<code>/LC_MESSAGES/asara_cli.mo``; adding one needs no code). The functions that
translate are in ``core/i18n.py``; this module tells it which catalogue to use.
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
#: Reads the catalogues from another folder (one being written; the tests' pseudo-language).
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
    """Whether ``code`` is one of :func:`available`, by one look at its file (a command
    chooses its language as it starts: no listing of the folder)."""
    return code == SOURCE or (code.isalnum() and (
        locale_dir() / code / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file())


def name(code: str) -> str:
    """A language's name in that language (``Deutsch``), else its code."""
    from babel import Locale, UnknownLocaleError

    try:
        return str(Locale.parse(code).get_display_name(code) or code)
    except (UnknownLocaleError, ValueError):
        return code


def offered() -> str:
    """``en (English), de (Deutsch)``: the languages that can be chosen."""
    return ", ".join(f"{code} ({name(code)})" for code in available())


def _code(value: str) -> str:
    """``de_DE.UTF-8`` → ``de``; ``C``, ``POSIX`` and empty → ``""``."""
    code = value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].strip().lower()
    return "" if code in ("c", "posix") else code


def choose(asked: str | None, environ: Mapping[str, str] = os.environ) -> str:
    """The language to speak: ``asked`` (``--lang``: :class:`ValueError` when it has no
    catalogue), else ``$ASARA_LANG``, else the locale as gettext reads it, else English."""
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
    """Speak ``code`` from now on (English when it has no catalogue). Click and Typer
    translate their own words with ``gettext.gettext``, some as Typer is imported: the
    domain is bound here, before that."""
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
    """A number with ``digits`` decimals as the language writes it (``12.5``, ``12,5``);
    English keeps its plain form (no grouping)."""
    if i18n.language() == SOURCE:
        return f"{value:.{digits}f}"
    from babel.numbers import format_decimal

    pattern = "0." + "0" * digits if digits else "0"
    return str(format_decimal(value, format=pattern, locale=i18n.language()))


def date(value: object) -> str:
    """A date as the language writes it (ISO in English; ``26.11.2026`` in German)."""
    import datetime

    if not isinstance(value, datetime.date):
        return str(value)
    if i18n.language() == SOURCE:
        return value.isoformat()
    from babel.dates import format_date

    return str(format_date(value, format="medium", locale=i18n.language()))
