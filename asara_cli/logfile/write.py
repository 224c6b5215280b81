"""Writing a file so that nothing is lost or half-written, as a database would.

- A temporary file in the target's folder, flushed, checked, given the old file's mode
  and (where this user may) owner, renamed over the target, the folder flushed after.
- A read-only target (by its mode bits: root too) is refused, and anything but a regular
  file, before anything is written.
- A game log that is a symbolic link is written through; every other file is written with
  ``follow_link=False``: a link planted in a shared folder cannot redirect a write, nor one
  at any part of an output folder's path (:func:`output_folder`).
- A killed writer's temporary files are removed on the next write; :data:`WRITTEN` lets an
  interrupted command say whether a log changed.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from asara_cli.core.i18n import _
from asara_cli.core.shown import show_path
from asara_cli.errors import InputError, reason

#: Files this process has replaced, in order (for the message after Ctrl-C).
WRITTEN: list[str] = []
#: A temporary file older than this is a dead writer's leftover.
STALE_SECONDS = 60.0


def write_file(path: str | Path, text: str,
               verify: Callable[[str], object] | None = None, *, follow_link: bool = True,
               mode: int | None = None, owner: tuple[int, int] | None = None) -> None:
    """Replace ``path`` with ``text`` atomically (``verify`` raises for a wrong text read
    back: the old file stays). A new file gets ``mode`` (0666 less the umask) and ``owner``;
    a replaced one keeps its own (root recording into a player's log leaves it the
    player's)."""
    target = Path(path)
    if target.is_symlink():
        if not follow_link:
            raise InputError(_("is a symbolic link; not written through it (remove the "
                               "link)"), path=str(path))
        target = Path(os.path.realpath(target))  # the file the link names
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise InputError(_("cannot be written: there is no folder {folder}").format(
            folder=show_path(folder)), path=str(path))
    old_mode = writable_mode(target, str(path))
    if old_mode is not None:
        mode = old_mode
        with contextlib.suppress(OSError):
            info = os.lstat(target)
            owner = (info.st_uid, info.st_gid)
    elif mode is None:
        mask = os.umask(0)
        os.umask(mask)
        mode = 0o666 & ~mask
    _clean_stale(folder, target.name)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            if owner is not None:
                _give(f.fileno(), owner)
            os.fchmod(f.fileno(), mode)  # mkstemp makes it private (0600); after chown,
            # which clears the set-id bits
            os.fsync(f.fileno())
        if verify is not None:
            verify(Path(tmp).read_text("utf-8"))
        # rename never follows a link at the target's name: a link planted since the check
        # above is replaced, not written through
        os.replace(tmp, target)
    except UnicodeEncodeError:  # a file name that is not UTF-8, written into the text
        Path(tmp).unlink(missing_ok=True)
        raise InputError(_("would hold a name that is not UTF-8 text (bytes such as \\xff); "
                           "nothing was written"), path=str(path)) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    WRITTEN.append(str(path))
    _sync_folder(folder)


def _give(fd: int, owner: tuple[int, int]) -> None:
    """Give the open file ``owner``: root always can, another user only a group of its own."""
    if not hasattr(os, "fchown"):  # pragma: no cover - Windows: no owners
        return
    uid, gid = owner
    info = os.fstat(fd)
    if (info.st_uid, info.st_gid) == (uid, gid):
        return
    if os.geteuid() == 0:
        os.fchown(fd, uid, gid)
        return
    with contextlib.suppress(OSError):
        os.fchown(fd, -1, gid)


def output_folder(path: Path, *, make: bool = True) -> None:
    """Check that ``path`` is a folder reached through no symbolic link at any part, making
    the missing parts one at a time (``mkdir`` follows no link: one planted meanwhile fails
    it); a link or a file on the way is an :class:`InputError`."""
    parts = path.parts
    for i in range(len(parts)):
        current = Path(*parts[: i + 1])
        if current == Path(current.anchor):  # "/" itself
            continue
        try:
            info = os.lstat(current)
        except FileNotFoundError:
            if not make:
                raise InputError(_("cannot be written: there is no folder {folder}").format(
                    folder=show_path(current)), path=str(path)) from None
            try:
                os.mkdir(current)
                continue
            except FileExistsError:  # made (or planted) meanwhile: look at it again
                info = os.lstat(current)
            except OSError as e:
                raise InputError(_("cannot make the folder {folder}: {reason}").format(
                    folder=show_path(current), reason=reason(e)), path=str(path)) from None
        except (OSError, ValueError) as e:
            why = reason(e) if isinstance(e, OSError) and e.strerror else _("not a usable name")
            raise InputError(_("cannot be used as a folder: {reason}").format(reason=why),
                             path=str(path)) from None
        whole = current == path  # not the name twice
        if stat.S_ISLNK(info.st_mode):
            real = show_path(os.path.realpath(current))
            raise InputError((_("is a symbolic link; nothing is written through it (name the "
                                "folder itself: {real})") if whole else
                              _("{folder} is a symbolic link; nothing is written through it "
                                "(name the folder itself: {real})")).format(
                folder=show_path(current), real=real), path=str(path))
        if not stat.S_ISDIR(info.st_mode):
            raise InputError((_("is not a folder; nothing was written") if whole else
                              _("{folder} is not a folder; nothing was written")).format(
                folder=show_path(current)), path=str(path))


def writable_mode(target: Path, shown: str) -> int | None:
    """The mode of the file at ``target`` if it may be replaced (``None``: no file); anything
    but a regular file, or one nobody may write, is refused."""
    try:
        info = os.lstat(target)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as e:
        why = reason(e) if isinstance(e, OSError) and e.strerror else _("not a usable name")
        raise InputError(_("cannot be written: {reason}").format(reason=why),
                         path=shown) from None
    if stat.S_ISDIR(info.st_mode):
        raise InputError(_("is a folder; nothing was written"), path=shown)
    if stat.S_ISLNK(info.st_mode):  # a link loop, or a link where none may be
        raise InputError(_("is a symbolic link that leads nowhere; nothing was written"),
                         path=shown)
    if not stat.S_ISREG(info.st_mode):
        raise InputError(_("is not a regular file (a device, pipe or socket); nothing was "
                           "written"), path=shown)
    if not info.st_mode & 0o222:
        raise InputError(_("is read-only; nothing was written (make it writable first)"),
                         path=shown)
    if not os.access(target, os.W_OK):
        raise InputError(_("is not writable by you (another user's file?); nothing was "
                           "written"), path=shown)
    return stat.S_IMODE(info.st_mode)


def _sync_folder(folder: Path) -> None:
    """Flush the folder's entry for the renamed file (POSIX; a no-op where unsupported)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _clean_stale(folder: Path, name: str) -> None:
    """Remove the ``.NAME.*.tmp`` files a killed writer left (over a minute old: not at work)."""
    now = time.time()
    for leftover in folder.glob(f".{name}.*.tmp"):
        try:
            if leftover.is_file() and not leftover.is_symlink() and (
                    now - leftover.stat().st_mtime > STALE_SECONDS):
                leftover.unlink()
        except OSError:
            continue
