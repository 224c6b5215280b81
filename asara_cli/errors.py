"""The project's one family of errors, each with its exit code, printed by the command
line's one boundary: :class:`InputError` (exit 2) for unusable input, :class:`Refused`
(exit 1) for a move the rules forbid; anything else that escapes is a bug (exit 3).
"""

from __future__ import annotations

import errno
from collections.abc import Callable, Sequence

from asara_cli.core.i18n import N_, _

#: Why the system refused a file, in words of the catalogue (the system's own words,
#: ``strerror``, are English whatever the language).
_REASONS = {
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("operation not permitted"),
    errno.ENOENT: N_("no such file or folder"),
    errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.EISDIR: N_("is a folder"),
    errno.EROFS: N_("the file system is read-only"),
    errno.ENOSPC: N_("no space left on the device"),
    errno.EEXIST: N_("already exists"),
    errno.ENAMETOOLONG: N_("the file name is too long"),
    errno.ELOOP: N_("too many symbolic links"),
    errno.EIO: N_("input/output error"),
}


def reason(e: OSError | Exception) -> str:
    """Why the system refused: the catalogue's words for the usual reasons, else its own."""
    known = _REASONS.get(getattr(e, "errno", None) or -1)
    if known is not None:
        return _(known)
    return str(getattr(e, "strerror", None) or e)


class AsaraError(Exception):
    """The base of the family: ``exit_code`` says how the command ends."""

    exit_code = 2


class Refused(AsaraError):
    """A move the rules forbid: a headline and the reasons (rule and facts), exit code 1."""

    exit_code = 1

    def __init__(self, headline: str, lines: list[str]) -> None:
        super().__init__(headline)
        self.headline = headline
        self.lines = lines


class InputError(AsaraError):
    """Unusable input; ``str()`` is one line whatever the parts hold (escaped as
    core/shown.py shows them): ``path:line:col: player: key: message``, the unknown left out.
    """

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None,
                 column: int | None = None, player: str | None = None,
                 key: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.player = player
        self.key = key

    def what(self) -> str:
        """``player: key: message``: without the file and place (a report's columns)."""
        from asara_cli.core.shown import one_line

        return one_line(": ".join([p for p in (self.player, self.key) if p] + [self.message]))

    def __str__(self) -> str:
        from asara_cli.core.shown import show_path

        where = "" if self.path is None else show_path(self.path)
        if self.line is not None:
            where += f":{self.line}" if self.column is None else f":{self.line}:{self.column}"
        return f"{where}: {self.what()}" if where else self.what()


class WordError(InputError):
    """A word typed at the table that is not understood (unknown, an ambiguous prefix)."""


class Asked(WordError):
    """A decision that belongs to a player and that the words did not give: a one-shot
    command refuses with the message; the session asks ``who`` the ``question`` and adds
    ``words(answer)`` to the line (raising :class:`WordError` for an answer it cannot take).
    ``first``: the words are a line of their own, carried out first (ASARA's deal of the
    gifts); ``replace``: the words typed that the answer's take the place of (``--play
    goldvp`` becomes ``--play "goldvp 3"``)."""

    def __init__(self, message: str, who: str, question: str,
                 words: Callable[[str], Sequence[str]], *, first: bool = False,
                 replace: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.who = who
        self.question = question
        self.words = words
        self.first = first
        self.replace = tuple(replace)

    def reworded(self, message: str) -> Asked:
        """The same question with another message (what a one-shot command says)."""
        return Asked(message, self.who, self.question, self.words, first=self.first,
                     replace=self.replace)
