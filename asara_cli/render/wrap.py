"""The one writer every person-facing line goes through: text broken between words at the
terminal's width (never inside a word or a rule id; a ``FILE:LINE:`` diagnostic stays whole),
control characters escaped. Plain lines and plain-layout screens (render/sheet.py) are
written without rich, whose console costs a command about 20 ms; the rest goes to rich."""

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
    """``text`` broken between words to ``width`` columns, a continuation indented two deeper
    (three at the left edge, as a move's result reads); a long word stays whole."""
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


#: The widest or tallest terminal believed: rich pads each line to $COLUMNS, so a larger
#: one is a typo that would write megabytes of blanks (COLUMNS=99999999 ran for minutes).
MAX_TERMINAL_SIZE = 10_000


def terminal_size(name: str) -> int | None:
    """$COLUMNS or $LINES when it names a size (ASCII digits, 1 to 10,000), else ``None``."""
    size = number(os.environ.get(name, ""))
    return size if size is not None and 1 <= size <= MAX_TERMINAL_SIZE else None


def forget_unusable_sizes() -> None:
    """Unset $COLUMNS and $LINES where they name no size (``²``, ``0``, ``80x``): rich and
    Typer would disagree on them, or lay out nothing."""
    for name in ("COLUMNS", "LINES"):
        if name in os.environ and terminal_size(name) is None:
            del os.environ[name]


def terminal_width(file: Any) -> int:
    """$COLUMNS, else the width of the terminal ``file`` (or stdin, stdout, stderr) is, else 80."""
    columns = terminal_size("COLUMNS")
    if columns is not None:
        return columns
    try:
        own: int | None = file.fileno()
    except (AttributeError, ValueError, OSError):  # no descriptor (a test's buffer)
        own = None
    for fd in (own, 0, 1, 2):
        if fd is None:
            continue
        try:
            return os.get_terminal_size(fd).columns or 80
        except (ValueError, OSError):  # not a terminal
            continue
    return 80


def colour_wanted(file: Any) -> bool:
    """Colour on a terminal, unless $NO_COLOR, a ``dumb`` $TERM or Windows (escape codes)."""
    try:
        terminal = bool(file.isatty())
    except (AttributeError, ValueError):  # no such method, or a closed file
        terminal = False
    return (terminal and os.environ.get("NO_COLOR", "") == ""
            and os.environ.get("TERM", "") != "dumb" and sys.platform != "win32")


class Writer:
    """stdout (or stderr): plain lines and ``plain(width, colour)`` screens written here; the
    rest, and everything once a rich console is made, through :class:`TableConsole`."""

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
        """Strings wrapped and escaped, a plain screen that fits drawn so, the rest by rich."""
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
        """``text`` written and flushed, ``?`` for what the stream cannot encode; a closed pipe
        (``asara status | head``) ends the command quietly with exit code 1."""
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
