"""The one writer every person-facing line goes through: text is broken between words at the
terminal's width, so the terminal never cuts a word or a rule id (``[R6.1]``) in two.

A line that starts with ``FILE:LINE:`` is a diagnostic for editors and grep (as a compiler
writes them): it stays on one line. Tables and other rich renderables lay themselves out.

Plain lines (a refusal, a recorded move's answer, a verdict) are written here without rich,
by the project's own rules: importing rich's console costs a command about 20 ms, a third of
Python and Typer's own start. The width is $COLUMNS, else the terminal's, else 80 (and the
rich console, when one is made, is given the same); every control character in the text is
shown escaped (:func:`~asara_cli.core.shown.safe_text`); a character the stream cannot
encode is written as ``?``. A screen that draws itself in the plain layout (ASARA's compact
board: render/sheet.py) is written here too; anything else goes to the rich console.
"""

from __future__ import annotations

import os
import re
import sys
import textwrap
from typing import IO, TYPE_CHECKING, Any

from asara_cli.core.shown import safe_text
from asara_cli.core.words import number

if TYPE_CHECKING:
    from rich.console import Capture

    from asara_cli.render.console import TableConsole

#: ``game.toml:12: ...``, also after ``error: ``: kept whole so an editor can jump to it
DIAGNOSTIC = re.compile(r"^([a-z]+: )?\S+:\d+: ")
#: ``error: game.toml:`` at a line's start: the place a message is about stays together
PLACE = re.compile(r"^([a-z]+: )?\S*[/.]\S*:(?= )")
#: below this width a wrapped line would hold a word or two; the terminal may break it
NARROWEST = 40


def wrap(text: str, width: int) -> str:
    """``text`` broken between words to ``width`` columns. A continuation line is indented
    two columns deeper than its line (three at the left edge, as a move's result reads); a
    word longer than a line stays whole; diagnostics stay whole."""
    width = max(width, NARROWEST)
    lines: list[str] = []
    for line in text.split("\n"):
        if len(line) <= width or DIAGNOSTIC.match(line):
            lines.append(line)
            continue
        lead = len(line) - len(line.lstrip(" "))
        indent = " " * (lead + 2 if lead else 3)
        body = PLACE.sub(lambda m: m.group().replace(" ", "\0"), line[lead:])
        lines += [x.replace("\0", " ") for x in textwrap.wrap(
            body, width=width, initial_indent=" " * lead, subsequent_indent=indent,
            break_long_words=False, break_on_hyphens=False)] or [""]
    return "\n".join(lines)


def _is_terminal(file: Any) -> bool:
    """Whether ``file`` is a terminal."""
    isatty = getattr(file, "isatty", None)
    try:
        return False if isatty is None else bool(isatty())
    except ValueError:  # a closed file
        return False


def _fileno(file: Any) -> int | None:
    try:
        fd: int = file.fileno()
    except (AttributeError, ValueError, OSError):  # no descriptor (a test's buffer)
        return None
    return fd


#: The widest or tallest terminal believed: rich pads each line to $COLUMNS, so a larger
#: one is a typo that would write megabytes of blanks (COLUMNS=99999999 ran for minutes).
MAX_TERMINAL_SIZE = 10_000


def terminal_size(name: str) -> int | None:
    """$COLUMNS or $LINES when it names a size (ASCII digits, 1 to 10,000), else ``None``."""
    size = number(os.environ.get(name, ""))
    return size if size is not None and 1 <= size <= MAX_TERMINAL_SIZE else None


def forget_unusable_sizes() -> None:
    """Unset $COLUMNS and $LINES where they name no size (``²``, ``0``, ``80x``): rich and
    Typer read them with ``str.isdigit`` and ``int``, which disagree on ``²``, and lay
    out nothing at ``0``; unset, the terminal's own size is used."""
    for name in ("COLUMNS", "LINES"):
        if name in os.environ and terminal_size(name) is None:
            del os.environ[name]


def terminal_width(file: Any) -> int:
    """The width a line written to ``file`` is wrapped to: $COLUMNS (a number from 1 to
    10,000), else the width of the terminal ``file`` is (or of stdin, stdout or stderr,
    the first that is one), else 80."""
    columns = terminal_size("COLUMNS")
    if columns is not None:
        return columns
    own = _fileno(file)
    for fd in (own, 0, 1, 2):
        if fd is None:
            continue
        try:
            return os.get_terminal_size(fd).columns or 80
        except (ValueError, OSError):  # not a terminal
            continue
    return 80


def colour_wanted(file: Any) -> bool:
    """Whether the plain layout colours what it writes to ``file``: on a terminal, unless
    $NO_COLOR is set, $TERM is ``dumb``, or on Windows (whose console may not take escape
    codes)."""
    return (_is_terminal(file) and os.environ.get("NO_COLOR", "") == ""
            and os.environ.get("TERM", "") != "dumb" and sys.platform != "win32")


class Writer:
    """stdout (or stderr): plain lines written here, wrapped and escaped; a screen that
    draws itself in the plain layout (a ``plain(width, colour)`` method: render/sheet.py)
    too; other renderables, and everything once a rich console has been made, through
    :class:`TableConsole`."""

    def __init__(self, stderr: bool = False) -> None:
        self.stderr = stderr
        self._rich: TableConsole | None = None

    @property
    def rich(self) -> TableConsole:
        """The rich console behind this writer, made on first use, as wide as this writer."""
        if self._rich is None:
            from asara_cli.render.console import TableConsole

            self._rich = TableConsole(stderr=self.stderr, markup=False, highlight=False,
                                      emoji=False, width=self.width)
        return self._rich

    @property
    def file(self) -> IO[str]:
        """The stream written to, looked up at each write (tests swap it)."""
        if self._rich is not None:
            return self._rich.file
        file = sys.stderr if self.stderr else sys.stdout
        return getattr(file, "rich_proxied_file", file)

    @property
    def width(self) -> int:
        return self._rich.width if self._rich is not None else terminal_width(self.file)

    @property
    def is_terminal(self) -> bool:
        return self.rich.is_terminal

    def capture(self) -> Capture:
        return self.rich.capture()

    def print(self, *objects: Any, sep: str = " ", end: str = "\n", **options: Any) -> None:
        """Strings joined by ``sep``, wrapped and escaped, then ``end``; a screen with a plain
        layout that fits, drawn so; anything else (a style, another option, a rich
        renderable) printed by rich."""
        if (self._rich is None and objects and all(isinstance(o, str) for o in objects)
                and options.keys() <= {"soft_wrap"}):
            self._write(wrap(safe_text(sep.join(objects)), self.width) + safe_text(end))
            return
        plain = getattr(objects[0], "plain", None) if len(objects) == 1 else None
        if self._rich is None and callable(plain) and end == "\n" and not options:
            drawn = plain(self.width, colour_wanted(self.file))
            if drawn is not None:  # escaped and coloured by render/sheet.py
                self._write(drawn)
                return
        self.rich.print(*objects, sep=sep, end=end, **options)

    def _write(self, text: str) -> None:
        """``text`` written and flushed: a character the stream cannot encode as ``?``; a
        closed pipe (``asara status | head``) ends the command quietly with exit code 1."""
        file = self.file
        if file is None:  # no stream at all (pythonw): nothing to write to
            return
        try:
            try:
                file.write(text)
            except UnicodeEncodeError:
                encoding = getattr(file, "encoding", None) or "ascii"
                file.write(text.encode(encoding, "replace").decode(encoding))
            file.flush()
        except BrokenPipeError:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            raise SystemExit(1) from None
