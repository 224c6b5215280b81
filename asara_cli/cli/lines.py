"""A line typed at the table (or read from a pipe), and the words of a command line: bounded
in length (:data:`LONGEST`: refused at once, in one line), and split in one pass of a regular
expression with ``shlex.split``'s syntax (which takes minutes over a megabyte's line)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from asara_cli.core.i18n import _

#: The most characters a typed line, or a word of a command line, may have. A move is a
#: few dozen; a file name at most 4,095 bytes on Linux.
LONGEST = 4096

_BLANKS = " \t\r\n"  # shlex's whitespace: any other space is part of a word
_PIECE = r"""'[^']*'|"(?:[^"\\]|\\.)*"|\\.|[ \t\r\n]+|"""
#: A word's pieces: plain characters, a quoted part, an escaped character; blanks; a comment
#: (with ``comments``); any other single character is an opening that is never closed.
#: Patterns as text: ``re`` compiles them at their first use, not at every command's start.
_WORDS = {
    True: rf"""(?s)[^ \t\r\n'"\\#]+|{_PIECE}#[^\n]*\n?|.""",
    False: rf"""(?s)[^ \t\r\n'"\\]+|{_PIECE}.""",
}
_IN_DOUBLE = r'\\(["\\])'  # inside "...", a backslash escapes these two only
#: Words of nothing quoted, escaped, blank but a space or a comment, one space between.
_PLAIN = r"""(?a)[^'"\\\s#]+(?: [^'"\\\s#]+)*"""


def too_long(text: str) -> str | None:
    """Why ``text`` is not read (longer than :data:`LONGEST`), or ``None``."""
    if len(text) <= LONGEST:
        return None
    return _("a line longer than {most} characters: no move is that long").format(
        most=LONGEST)


def words(text: str, comments: bool = True) -> list[str]:
    """The words of a line typed at the table (``#`` a comment, if ``comments``);
    :class:`ValueError` for a line too long or a quote left open."""
    refused = too_long(text)
    if refused is not None:
        raise ValueError(refused)
    return split(text, comments)


def split(text: str, comments: bool = False) -> list[str]:
    """``shlex.split(text, comments=comments)`` in linear time (and its ValueError)."""
    if re.fullmatch(_PLAIN, text):  # most moves' words: plain, one space between
        return text.split(" ")
    words: list[str] = []
    word: list[str] = []
    quoted = False  # a word of quotes alone ('') is a word, empty
    for m in re.finditer(_WORDS[comments], text):
        piece = m.group()
        first = piece[0]
        if first in _BLANKS or (comments and first == "#"):
            if word or quoted:
                words.append("".join(word))
            word, quoted = [], False
        elif first == "'" and len(piece) > 1:
            word.append(piece[1:-1])
            quoted = True
        elif first == '"' and len(piece) > 1:
            word.append(re.sub(_IN_DOUBLE, r"\1", piece[1:-1]))
            quoted = True
        elif first == "\\" and len(piece) > 1:
            word.append(piece[1])
        elif first in "'\"\\":  # opened at m.start() and never closed
            rest = text[m.start():]
            if first == "\\" or re.fullmatch(r'"(?:[^"\\]|\\.)*\\', rest, re.S):
                raise ValueError("No escaped character")
            raise ValueError("No closing quotation")
        else:
            word.append(piece)
    if word or quoted:
        words.append("".join(word))
    return words


def bounded(lines: Iterable[str]) -> Iterator[str]:
    """The lines of a stream, none read past :data:`LONGEST` (:func:`too_long` refuses it)."""
    readline = getattr(lines, "readline", None)
    if not callable(readline):
        yield from lines
        return
    while True:
        line = readline(LONGEST + 2)  # its newline, and one more: too long
        if not line:
            return
        yield str(line)
