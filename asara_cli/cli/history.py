"""The lines typed at a table, kept per log (the Up arrow of ``asara play``): one file per
log in ``$XDG_STATE_HOME/asara-cli/histories/`` (folders ``0700``, files ``0600``), opened
following no link and waiting for no FIFO, used only as a regular file of one name (else
one line says why); its last :data:`KEPT` bytes read, a longer file cut to them."""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import stat
from collections.abc import Iterable
from pathlib import Path

from prompt_toolkit.history import History, InMemoryHistory

from asara_cli.cli.common import err
from asara_cli.cli.lines import LONGEST
from asara_cli.core.i18n import _
from asara_cli.core.shown import one_line, show_path
from asara_cli.errors import reason

#: The bytes of a log's history read (the newest); a longer file is cut to them.
KEPT = 128 * 1024

#: Every open of a history file or folder: no link followed, no wait (a FIFO), no terminal.
_NOFOLLOW = os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC


def history_folder() -> Path:
    """``$XDG_STATE_HOME/asara-cli/histories`` (not ``history``: earlier versions' file)."""
    state = os.environ.get("XDG_STATE_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "state")
    return Path(state) / "asara-cli" / "histories"


def history_file(log: Path) -> Path:
    """The history of the log ``log``: named by a hash of its full path."""
    where = os.fsencode(os.path.realpath(log))
    return history_folder() / hashlib.sha256(where).hexdigest()[:16]


class NotOurs(OSError):
    """Something at the place of the history file that is not a file of ours to use."""


class LogHistory(History):
    """A log's history file (prompt_toolkit's ``FileHistory`` format: each line ``+``)."""

    def __init__(self, folder: int, name: str) -> None:
        super().__init__()
        self.folder = folder  # the open folder: the file is opened in it, never by a path
        self.name = name
        self.lines: list[str] = []  # read as the session starts (:meth:`read`)

    def _open(self, flags: int) -> int:
        fd = os.open(self.name, flags | _NOFOLLOW, 0o600, dir_fd=self.folder)
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise NotOurs(errno.EINVAL, _("not a regular file"), self.name)
            if st.st_nlink != 1:
                raise NotOurs(errno.EINVAL, _("a file with other names (hard links)"),
                              self.name)
            if st.st_uid == os.geteuid() and st.st_mode & 0o077:
                os.fchmod(fd, 0o600)  # its owner's to read, and no one else's
        except BaseException:
            os.close(fd)
            raise
        return fd

    def read(self) -> None:
        """The lines kept, oldest first; a file longer than :data:`KEPT` is cut to it."""
        fd = self._open(os.O_RDWR | os.O_CREAT)
        try:
            size = os.fstat(fd).st_size
            raw = os.pread(fd, KEPT, max(size - KEPT, 0))
            if size > KEPT:  # from the first whole line on
                raw = raw[raw.find(b"\n") + 1:]
        finally:
            os.close(fd)
        if size > KEPT:
            self._replace(raw)
        self.lines = [line[1:] for line in raw.decode("utf-8", "replace").split("\n")
                      if line.startswith("+")]

    def _replace(self, raw: bytes) -> None:
        """The file replaced by ``raw`` (written beside it, then renamed over it)."""
        temporary = f".{self.name}.{os.getpid()}"
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600,
                     dir_fd=self.folder)
        try:
            os.write(fd, raw)
        finally:
            os.close(fd)
        os.replace(temporary, self.name, src_dir_fd=self.folder, dst_dir_fd=self.folder)

    def load_history_strings(self) -> Iterable[str]:
        return reversed(self.lines)  # the newest first

    def store_string(self, string: str) -> None:
        if len(string) > LONGEST:  # refused at once, and not kept
            return
        record = "\n" + "".join(f"+{line}\n" for line in string.split("\n"))
        try:
            fd = self._open(os.O_WRONLY | os.O_APPEND)
            try:
                os.write(fd, record.encode("utf-8", "replace"))
            finally:
                os.close(fd)
        except OSError:  # gone or replaced since the session started: the line is not kept
            pass


def _folder() -> int:
    """The history folder, opened (made ``0700`` where missing), its last two parts
    following no link."""
    path = history_folder()
    path.parent.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    fd = os.open(path.parent.parent, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        for name in (path.parent.name, path.name):
            with contextlib.suppress(FileExistsError):
                os.mkdir(name, 0o700, dir_fd=fd)
            inner = os.open(name, os.O_RDONLY | os.O_DIRECTORY | _NOFOLLOW, dir_fd=fd)
            os.close(fd)
            fd = inner
    except BaseException:
        os.close(fd)
        raise
    return fd


def open_history(log: Path) -> History:
    """The history of ``log``; where it cannot be kept, one line says why (and the session
    keeps its own lines only)."""
    path = history_file(log)
    folder = -1
    try:
        folder = _folder()
        kept = LogHistory(folder, path.name)
        kept.read()
    except OSError as e:
        if folder >= 0:
            os.close(folder)
        # the folder or the file that is not ours: named as the error names it
        where = next((p for p in (path, path.parent, path.parent.parent)
                      if p.name == e.filename), path)
        why = (_("a symbolic link is at its place")
               if e.errno == errno.ELOOP or os.path.islink(where) else reason(e))
        err().print(_("note: the lines typed are not kept in this session: {path}: {why}"
                      ).format(path=show_path(where), why=one_line(why)), soft_wrap=True)
        return InMemoryHistory()
    return kept
