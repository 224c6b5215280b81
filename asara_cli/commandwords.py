"""The command words in every language: ``kaufen`` for ``buy``, ``kamele`` for ``camels``.

A command has one name, its English one; its word in a language is that catalogue's entry
with the context ``command`` (``pgettext("command", "buy")``), so a language brings its
command words with its catalogue. A word typed is read in every language; help and
completion show the language in use's.

No Typer here (a typed word is mapped to its command before any is built), and not in
``cli/``: the log layer names an event by its command word, and imports point down.
"""

from __future__ import annotations

import functools
import struct
from collections.abc import Iterable
from pathlib import Path

from asara_cli import language
from asara_cli.core.i18n import SOURCE, pgettext

#: The catalogue context of a command word.
CONTEXT = "command"
#: The session's own words at the table (``asara play``), besides the commands.
SESSION = ("history", "help", "quit")
#: A catalogue keeps a command's former words after its word, each after this mark
#: (``partien|stapel``): a former word is still read, so a table's habit keeps working, and
#: never shown (help, completion and suggestions show the first word).
FORMER = "|"


def local(name: str) -> str:
    """The word for the command ``name`` in the language in use (``name`` itself in
    English, or when the catalogue has none)."""
    return pgettext(CONTEXT, name).split(FORMER)[0]


@functools.cache
def _catalogues() -> dict[str, dict[str, str]]:
    """Each language's command words: language code → English name → its word."""
    found = {code: _words_of(code) for code in language.available() if code != SOURCE}
    return {code: words_of for code, words_of in found.items() if words_of is not None}


def _words_of(code: str) -> dict[str, str] | None:
    """One language's command words (English name → its word); ``None`` when its catalogue
    cannot be read (it adds no words)."""
    return _words_at(language.locale_dir() / code / "LC_MESSAGES" / f"{language.DOMAIN}.mo")


@functools.cache  # by the file: the folder of catalogues may change (a test's language)
def _words_at(path: Path) -> dict[str, str] | None:
    try:
        return _command_entries(path.read_bytes())
    except (OSError, struct.error, UnicodeDecodeError):
        return None


def named(word: str) -> bool:
    """Whether ``word`` is a command's English name, as the first readable catalogue lists
    them: each lists every command, so a command typed in English reads one catalogue,
    not all of them (a few milliseconds). ``False`` when none can be read."""
    for code in language.available():
        words_of = None if code == SOURCE else _words_of(code)
        if words_of is not None:
            return word in words_of
    return False


def _command_entries(mo: bytes) -> dict[str, str]:
    """The command words of a compiled catalogue (GNU ``.mo``): English name → word.

    Only these entries are decoded, not the whole catalogue as ``gettext`` reads it: a
    command line in English looks a typed word up here, and reading every message would
    take it some milliseconds. A context is written before its message, separated by EOT."""
    order = "<" if struct.unpack_from("<I", mo)[0] == 0x950412DE else ">"
    _magic, _version, n, originals, translations = struct.unpack_from(order + "5I", mo)
    prefix = (CONTEXT + "\x04").encode()
    # the originals' (length, start) pairs read at once, and the entries whose text begins
    # with the context found by searching the bytes for it: a loop over every entry took
    # about 0.7 ms a catalogue, and a command word typed reads all of them
    table = struct.unpack_from(f"{order}{2 * n}I", mo, originals)
    entry = dict(zip(table[1::2], range(n), strict=True))  # where a text starts → its entry
    numbers = []
    start = mo.find(prefix)
    while start != -1:
        i = entry.get(start)
        if i is not None and table[2 * i] >= len(prefix):
            numbers.append(i)
        start = mo.find(prefix, start + 1)
    found: dict[str, str] = {}
    for i in sorted(numbers):  # in the catalogue's order, as it lists them
        length, start = table[2 * i], table[2 * i + 1]
        size, at = struct.unpack_from(order + "2I", mo, translations + 8 * i)
        word = mo[at:at + size].decode()
        if word:
            found[mo[start + len(prefix):start + length].decode()] = word
    return found


def _shown() -> list[dict[str, str]]:
    """Each language's command words as shown: English name → its word (no former one)."""
    return [{name: said.split(FORMER)[0] for name, said in words_of.items()}
            for words_of in _catalogues().values()]


@functools.cache
def _aliases() -> dict[str, str]:
    """Every command word of every catalogue (case folded) → its English name."""
    found: dict[str, str] = {}
    for words_of in _catalogues().values():
        for name, said in words_of.items():
            for word in said.split(FORMER):
                found.setdefault(word.casefold(), name)
    return found


def english(word: str, names: Iterable[str] | None = None) -> str | None:
    """The English name of the command ``word`` stands for in any language (``Kaufen`` too),
    among ``names`` (every name the catalogues know when ``None``); ``None`` for none."""
    known = None if names is None else set(names)
    if known is not None and word in known:
        return word
    name = _aliases().get(word.casefold())
    if name is None or (known is not None and name not in known):
        return None
    return name


def words(name: str) -> list[str]:
    """Every word for the command ``name``: the language in use's first, then English,
    then the other languages'."""
    found = [local(name), name]
    found += [w[name] for w in _shown() if name in w]
    return list(dict.fromkeys(found))


def suggestions(typed: str, names: Iterable[str]) -> list[str]:
    """The command words close to ``typed``, closest first, at most three, one per command,
    in the language it is closest in (``kamle`` → ``kamele``, ``camles`` → ``camels``): the
    language in use's and English first, the others' only when none of those is close."""
    import difflib

    names = list(names)
    first = {w: n for n in names for w in dict.fromkeys([local(n), n])}
    every = {w: n for n in names for w in words(n)}
    for command in (first, every):
        found: dict[str, str] = {}  # command → its closest word
        for word in difflib.get_close_matches(typed, list(command), n=len(command) or 1):
            found.setdefault(command[word], word)
        if found:
            return list(found.values())[:3]
    return []
