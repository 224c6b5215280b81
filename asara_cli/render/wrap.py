"""The one writer every person-facing line goes through: text is broken between words at the
terminal's width, so the terminal never cuts a word or a rule id (``[R6.1]``) in two.

A line that starts with ``FILE:LINE:`` is a diagnostic for editors and grep (as a compiler
writes them): it stays on one line. Tables and other rich renderables lay themselves out.

Plain lines (a refusal, a recorded move's answer, a verdict) are written here without rich:
importing rich's console costs a command about 20 ms, a third of Python and Typer's own
start. They come out as the rich console (render/console.py) would print them, to the byte:
the same width, rich's dropping of BEL, BS, VT, FF and CR, then every other control
character escaped (:func:`~asara_cli.core.shown.safe_text`). A screen that can draw itself
as rich draws it (ASARA's compact board: render/sheet.py) is written here too, in the colours
rich would choose. Anything else, and a line with a tab (rich lays tabs out by cell width),
goes to the rich console.
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
#: no colour system that render/sheet.py knows: rich draws
_RICH_ONLY = -1
#: what rich's Text drops from a string (bell, backspace, vertical tab, form feed, CR)
_DROPPED = dict.fromkeys((7, 8, 11, 12, 13))


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
    """Whether ``file`` takes escape sequences, as rich's console decides it."""
    if getattr(sys.stdin, "__module__", "").startswith("idlelib"):
        return False
    compatible = os.environ.get("TTY_COMPATIBLE", "")
    if compatible in ("0", "1"):
        return compatible == "1"
    force = os.environ.get("FORCE_COLOR")
    if force is not None:
        return force != ""
    isatty = getattr(file, "isatty", None)
    try:
        return False if isatty is None else bool(isatty())
    except ValueError:  # a closed file
        return False


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
    """The width rich's console gives a line written to ``file``: $COLUMNS, else the
    terminal's (of stdin, stdout or stderr, the first that is one), else 80; 80 on a
    dumb terminal unless $COLUMNS and $LINES are both set."""
    env = os.environ
    # as rich reads them (ASCII digits here, where rich takes any str.isdigit); the error
    # boundary has unset those that name no size (forget_unusable_sizes)
    width = number(env.get("COLUMNS", ""))
    if width is not None and number(env.get("LINES", "")) is not None:
        return width
    if env.get("TERM", "").lower() in ("dumb", "unknown") and _is_terminal(file):
        return 80
    if width is not None:
        return width
    for fd in (0, 1, 2):
        try:
            width = os.get_terminal_size(fd).columns
        except (AttributeError, ValueError, OSError):  # not a terminal
            continue
        break
    return width or 80


def _rich_only() -> bool:
    """Where rich's console writes otherwise than plain text (Windows' console API, a
    notebook): there everything goes through it."""
    import builtins

    return sys.platform == "win32" or hasattr(builtins, "get_ipython")


class Writer:
    """stdout (or stderr): plain lines written here, wrapped and escaped; a screen that
    draws itself as rich would (a ``plain(width, colour_system)`` method: render/sheet.py)
    too; other renderables, and everything once a rich console has been made, through
    :class:`TableConsole`."""

    def __init__(self, stderr: bool = False) -> None:
        self.stderr = stderr
        self._rich: TableConsole | None = None

    @property
    def rich(self) -> TableConsole:
        """The rich console behind this writer, made on first use."""
        if self._rich is None:
            from asara_cli.render.console import TableConsole

            self._rich = TableConsole(stderr=self.stderr, markup=False, highlight=False,
                                      emoji=False)
        return self._rich

    @property
    def file(self) -> IO[str]:
        """The stream written to, looked up at each write (as rich does: tests swap it)."""
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
        """Print as rich's console does: strings joined by ``sep``, wrapped (plain text is
        always soft-wrapped: rich never breaks it again), then ``end``. A style, or any
        other option of rich's, is rich's to print."""
        if (self._rich is None and objects and all(isinstance(o, str) for o in objects)
                and options.keys() <= {"soft_wrap"} and not _rich_only()):
            width = self.width
            text = wrap(sep.join(objects), width)
            if "\t" not in text and "\t" not in end:
                if width >= 1:  # rich draws nothing in no width ($COLUMNS=0)
                    self._write(safe_text(text.translate(_DROPPED)) + safe_text(end))
                return
        plain = getattr(objects[0], "plain", None) if len(objects) == 1 else None
        if self._rich is None and callable(plain) and end == "\n" and not options:
            width, system = self.width, self._colour_system()
            drawn = plain(width, system) if width >= 1 and system != _RICH_ONLY else None
            if drawn is not None:
                # as is: the screen drew only printable characters (render/sheet.py checks
                # them), and the escape codes of its colours are its own
                self._write(drawn)
                return
        self.rich.print(*objects, sep=sep, end=end, **options)

    def _colour_system(self) -> int | None:
        """The colour system rich would draw in here, as render/sheet.py numbers them:
        ``None`` for none (not a terminal), :data:`_RICH_ONLY` where rich alone should say
        (a dumb terminal, one named kitty, which rich's versions tell apart differently, not
        UTF-8, Windows, a notebook)."""
        from asara_cli.render.sheet import EIGHT_BIT, NO_COLOR, STANDARD, TRUECOLOR

        file = self.file
        encoding = (getattr(file, "encoding", "utf-8") or "utf-8").lower()
        if _rich_only() or not encoding.startswith("utf"):  # rich draws ASCII boxes
            return _RICH_ONLY
        if not _is_terminal(file):
            return None
        env = os.environ
        term = env.get("TERM", "").strip().lower()
        if term in ("dumb", "unknown") or term.rpartition("-")[2] == "kitty":
            return _RICH_ONLY
        if env.get("NO_COLOR", "") != "":
            return NO_COLOR
        if env.get("COLORTERM", "").strip().lower() in ("truecolor", "24bit"):
            return TRUECOLOR
        return EIGHT_BIT if term.rpartition("-")[2] == "256color" else STANDARD

    def _write(self, text: str) -> None:
        """``text`` written and flushed, as rich writes a print: a closed pipe (``asara
        status | head``) ends the command quietly with exit code 1."""
        file = self.file
        if file is None:  # no stream at all (pythonw): nothing to write to
            return
        try:
            try:
                file.write(text)
            except UnicodeEncodeError as error:
                error.reason = (f"{error.reason}\n*** You may need to add "
                                "PYTHONIOENCODING=utf-8 to your environment ***")
                raise
            file.flush()
        except BrokenPipeError:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            raise SystemExit(1) from None
