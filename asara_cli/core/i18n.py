"""The language people read: the functions every layer marks and translates its text with
(docs/translating.md). A referee replaying a log makes no text: it keeps a :class:`Later`,
worded where it is shown. No file is read here (``language.py`` loads the catalogue), and a
log's own words never go through here.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from typing import Any, TypeAlias

from msgspec import Struct

#: The source language: no catalogue, every message as written.
SOURCE = "en"

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE


def install(translations: gettext.NullTranslations, code: str) -> None:
    """Speak ``code`` from now on, with its ``translations``."""
    global _translations, _language
    _translations, _language = translations, code


def language() -> str:
    """The language in use (``en``, ``de`` ...)."""
    return _language


def _(message: str) -> str:
    """``message`` in the language in use."""
    return _translations.gettext(message)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue, translated with :func:`_` where it is shown."""
    return message


def NP_(context: str, message: str) -> str:
    """:func:`N_` with a context, for :func:`pgettext`."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count ``n``, by the language's own plural rule."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` where one English word needs two translations (``"tower part", "base"``)."""
    return _translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context, as :func:`pgettext`."""
    return _translations.npgettext(context, singular, plural, n)


class Later(Struct, frozen=True):
    """A message made when it is shown: ``str(later)`` is ``make(*args)`` then; ``args`` are
    plain values (numbers, words, other :class:`Later`), never a position that changes."""

    make: Callable[..., str]
    args: tuple[Any, ...] = ()

    def __str__(self) -> str:
        return self.make(*self.args)


class Explained:
    """A value whose ``said`` (:data:`Text`) is its ``explanation``, made when asked for."""

    __slots__ = ()
    said: Text

    @property
    def explanation(self) -> str:
        return str(self.said)


#: Text, or text made when it is shown (``str()`` makes it either way).
Text: TypeAlias = "str | Later"
