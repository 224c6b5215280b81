"""Reading TOML files into plain data, with one-line errors that say where."""

from __future__ import annotations

import importlib
import os
import re
import stat
from pathlib import Path
from types import ModuleType
from typing import Any

from asara_cli.core.i18n import N_, _
from asara_cli.core.words import grouped
from asara_cli.errors import InputError, reason


def _toml_reader() -> ModuleType:
    """tomli (tomllib's parser compiled, 3x faster on a log), else tomllib."""
    try:
        return importlib.import_module("tomli")
    except ImportError:  # pragma: no cover - a platform without its wheel
        return importlib.import_module("tomllib")


TOML = _toml_reader()

_POSITION = r"\s*\(at line (\d+), column (\d+)\)\s*$"

#: The largest file read: a 4-player log with a note on every event is under 200 kB.
MAX_BYTES = 4 * 1024 * 1024
#: Arrays or tables nested deeper than this are refused before parsing (tomllib recurses).
MAX_NESTING = 32


def read_bytes(path: str | Path, *, limit: int = MAX_BYTES, follow_link: bool = True,
               what: str | None = None, head: int | None = None) -> bytes:
    """The bytes of a regular file no larger than ``limit``, anything else refused before
    reading (opened without blocking: a FIFO with no writer cannot hang the command); not
    ``follow_link``: a symbolic link refused; ``head``: about the first ``head`` bytes."""
    name = str(path)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    if not follow_link:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise InputError(_("no such file"), path=name) from None
    except IsADirectoryError:
        raise InputError(_("is a folder, not a file"), path=name) from None
    except ValueError:  # os.open refuses a name holding a NUL byte
        raise InputError(_("not a usable file name (it holds a NUL byte)"), path=name) from None
    except OSError as e:
        if not follow_link and os.path.islink(path):
            raise InputError(_("is a symbolic link; not read through (remove it)"),
                             path=name) from None
        raise InputError(_("cannot read: {reason}").format(reason=reason(e)),
                         path=name) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise InputError(_("is a folder, not a file"), path=name)
        if not stat.S_ISREG(info.st_mode):
            raise InputError(_("not a regular file (a device, pipe or socket); give a file"),
                             path=name)
        if info.st_size > limit:
            raise InputError(_("too large to be {what} ({size} bytes; at most {limit})").format(
                what=what or _("a game file"), size=grouped(info.st_size),
                limit=grouped(limit)), path=name)
        chunks: list[bytes] = []
        size = 0
        while True:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            size += len(chunk)
            if size > limit:  # the file grew while being read
                raise InputError(_("too large to be {what} (over {limit} bytes)").format(
                    what=what or _("a game file"), limit=grouped(limit)), path=name)
            chunks.append(chunk)
            if head is not None and size >= head:
                break
        return b"".join(chunks)
    except OSError as e:
        raise InputError(_("cannot read: {reason}").format(reason=reason(e)),
                         path=name) from None
    finally:
        os.close(fd)


def path_problem(text: str) -> str | None:
    """Why ``text``, a file name read from a file, cannot be one (``None``: it can)."""
    if not text:
        return _("an empty file name")
    if "\0" in text:
        return _("a file name cannot hold a NUL byte")
    return None


#: A run of more opening brackets than :data:`MAX_NESTING` (spaces and commas between them
#: allowed): the shape of a file built to exhaust the parser's recursion. A quick scan; the
#: parser's own RecursionError is caught too.
_DEEP = r"[\[{](?:[\s,]*[\[{])" + "{" + str(MAX_NESTING) + "}"
#: The same run, begun by ``[`` and by ``{``: each pattern starts with one character, which
#: the scan looks for as a literal (about 4x sooner over a log than the class ``[\[{]``).
_DEEP_BEGUN = tuple(re.escape(c) + _DEEP[len(r"[\[{]"):] for c in "[{")


def read_toml(path: str | Path, *, follow_link: bool = True) -> tuple[dict[str, Any], str]:
    """A TOML file's data and text; every failure is an :class:`InputError` naming the
    file and, where tomllib gives one, line and column."""
    text = read_text(path, follow_link=follow_link)
    return loads_toml(text, str(path)), text


def read_text(path: str | Path, *, follow_link: bool = True) -> str:
    """A regular file's text (UTF-8), with the same limits and errors as :func:`read_toml`."""
    raw = read_bytes(path, follow_link=follow_link)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise InputError(_("not UTF-8 text"), path=str(path), line=line) from None


def too_deep(text: str) -> re.Match[str] | None:
    """The first place ``text`` nests deeper than :data:`MAX_NESTING`, if it does."""
    found = [m for m in (re.search(p, text) for p in _DEEP_BEGUN) if m is not None]
    return min(found, key=lambda m: m.start(), default=None)


def loads_toml(text: str, path: str) -> dict[str, Any]:
    """TOML text read from ``path`` parsed (too deep: refused first); a syntax error is an
    :class:`InputError` with the line and column tomllib gives inside its message."""
    deep = too_deep(text)
    if deep is not None:
        where = text.count("\n", 0, deep.start()) + 1
        raise InputError(_("nested more than {most} levels deep; a game file needs a few")
                         .format(most=MAX_NESTING), path=path, line=where)
    try:
        data: dict[str, Any] = TOML.loads(text)
        return data
    except RecursionError:
        raise InputError(_("nested too deeply to read (at most {most} levels)")
                         .format(most=MAX_NESTING), path=path) from None
    except TOML.TOMLDecodeError as e:
        message = str(e)
        m = re.search(_POSITION, message)
        line: int | None = None
        column: int | None = None
        if m:
            line, column = int(m.group(1)), int(m.group(2))
            message = message[: m.start()]
        elif "end of document" in message:
            # a truncated file: tomllib names no line, so point just past the last one (and
            # say so in the language in use: the reader's words are English)
            lines = text.split("\n")
            line, column = len(lines), len(lines[-1]) + 1
            if message.endswith(_AT_END):
                raise InputError(_("not valid TOML: {message} (at end of document)").format(
                    message=toml_message(message.removesuffix(_AT_END))),
                    path=path, line=line, column=column) from None
        raise InputError(_("not valid TOML: {message}").format(message=toml_message(message)),
                         path=path, line=line, column=column) from None


_AT_END = " (at end of document)"


#: The TOML reader's messages (English), in the catalogue's words.
_TOML_MESSAGES = {m: m for m in (
    N_("Cannot overwrite a value"), N_("Expected '=' after a key in a key/value pair"),
    N_("Invalid date or datetime"), N_("Invalid hex value"),
    N_("Invalid initial character for a key part"), N_("Invalid statement"),
    N_("Invalid value"), N_("Unclosed array"), N_("Unclosed inline table"),
    N_("Unescaped '\\' in a string"), N_("Unterminated string"),
    N_("Expected newline or end of document after a statement"),
    N_("Expected ']' at the end of a table declaration"),
    N_("Expected ']]' at the end of an array declaration"),
    N_("Escaped character is not a Unicode scalar value"),
)}
#: The TOML reader's messages that name a thing: its pattern (compiled by ``re`` at its first
#: use), and the catalogue's message.
_TOML_NAMING = (
    (r"Cannot declare (?P<what>.+) twice", N_("Cannot declare {what} twice")),
    (r"Cannot mutate immutable namespace (?P<what>.+)",
     N_("Cannot mutate immutable namespace {what}")),
    (r"Cannot redefine namespace (?P<what>.+)",
     N_("Cannot redefine namespace {what}")),
    (r"Duplicate inline table key (?P<what>.+)",
     N_("Duplicate inline table key {what}")),
    (r"Expected (?P<what>'.*')", N_("Expected {what}")),
    (r"Found invalid character (?P<what>.+)", N_("Found invalid character {what}")),
    (r"Illegal character (?P<what>.+)", N_("Illegal character {what}")),
)


def toml_message(message: str) -> str:
    """The TOML reader's English message in the language in use, where the catalogue has it."""
    known = _TOML_MESSAGES.get(message)
    if known is not None:
        return _(known)
    for pattern, text in _TOML_NAMING:
        m = re.fullmatch(pattern, message)
        if m is not None:
            return _(text).format(what=m.group("what"))
    return message


def header_lines(text: str, header: str) -> list[int]:
    """1-based line numbers of every ``[[header]]`` line (tomllib keeps no positions; lines
    end at a newline only, as TOML counts them)."""
    # begun at the brackets, so the scan looks for a literal (anchored at a line's start, it
    # would try every position); a match ends its line, so the text before it holds the
    # line breaks to count, and after its last one what precedes the brackets
    pattern = re.compile(r"\[\[[ \t]*" + re.escape(header) + r"[ \t]*\]\][ \t]*(?:#.*)?\r?$",
                         re.MULTILINE)
    found = []
    line = 1
    for before in pattern.split(text)[:-1]:  # one scan of the text, not a match per line
        line += before.count("\n")
        if before.endswith("\n") or not before.rpartition("\n")[2].strip(" \t"):
            found.append(line)
    return found
