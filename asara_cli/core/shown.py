"""Text from a file, and file names, as every layer shows them: control and format
characters (escape sequences, bidi overrides) as escapes, a message one line (nothing in it
can forge another), and bytes that are not UTF-8 as ``\\xff`` (written raw, they would stop
a UTF-8 stream). Pure.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Protocol

#: Unicode categories shown as escapes: controls, format characters (bidi overrides, zero
#: widths), line and paragraph separators, and lone surrogates (undecodable bytes).
_HIDDEN = ("Cc", "Cf", "Zl", "Zp", "Cs")


@lru_cache(maxsize=4096)
def _escaped(c: str, keep: str) -> str:
    if c in keep or unicodedata.category(c) not in _HIDDEN:
        return c
    code = ord(c)
    if 0xDC80 <= code <= 0xDCFF:  # a byte os.fsdecode could not decode (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    if 0xD800 <= code <= 0xDFFF:  # any other lone surrogate
        return f"\\u{code:04x}"
    return c.encode("unicode_escape").decode("ascii")


def safe_text(text: str) -> str:
    """``text`` with every control and format character but line breaks and tabs escaped."""
    if text.isprintable() or all(map(str.isprintable, text.split("\n"))):
        return text  # nothing to escape (a line break is kept): no walk character by character
    return "".join(_escaped(c, "\n\t") for c in text)


def one_line(text: str) -> str:
    """``text`` as one line: :func:`safe_text`, with line breaks escaped as well."""
    if text.isprintable():
        return text
    return "".join(_escaped(c, "\t") for c in text)


class _PathLike(Protocol):
    def __fspath__(self) -> str | bytes: ...


def show_path(path: str | bytes | _PathLike) -> str:
    """A file name as every output shows it: :func:`one_line`, undecodable bytes as ``\\xNN``."""
    name = path if isinstance(path, str | bytes) else path.__fspath__()
    if isinstance(name, bytes):  # as os.fsdecode does on POSIX
        name = name.decode("utf-8", "surrogateescape")
    return one_line(name)
