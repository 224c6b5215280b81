"""Writing a file so that nothing is lost or half-written, as a database would.

- A temporary file in the target's folder, flushed to disk, checked, given the old file's
  permissions, renamed over the target, then the folder itself flushed, so the rename
  survives a power cut.
- A read-only target is refused, never silently replaced.
- A target that is a symbolic link is written through: the file it points to gets the new
  text and the link stays a link.
- Temporary files left by a writer that was killed are removed on the next write.
- :data:`WRITTEN` lists what this process replaced, so an interrupted command can say
  whether a log changed.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from asara_cli.errors import InputError

#: Files this process has replaced, in order (for the message after Ctrl-C).
WRITTEN: list[str] = []
#: A temporary file older than this is a dead writer's leftover.
STALE_SECONDS = 60.0


def target_of(path: Path) -> Path:
    """The file a write really goes to: ``path``, or the file its symbolic link names."""
    if path.is_symlink():
        return Path(os.path.realpath(path))
    return path


def write_file(path: str | Path, text: str,
               verify: Callable[[str], object] | None = None) -> Path:
    """Replace ``path`` with ``text`` atomically; ``verify`` reads the written text back and
    raises if it is wrong (the old file then stays). Return the file written."""
    target = target_of(Path(path))
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise InputError(f"cannot be written: there is no folder {folder}", path=str(path))
    if target.exists():
        if not os.access(target, os.W_OK):
            raise InputError("is read-only; nothing was written (make it writable to record "
                             "into it)", path=str(path))
        mode = target.stat().st_mode & 0o777
    else:
        mask = os.umask(0)
        os.umask(mask)
        mode = 0o666 & ~mask
    _clean_stale(folder, target.name)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fchmod(f.fileno(), mode)  # mkstemp makes it private (0600)
            os.fsync(f.fileno())
        if verify is not None:
            verify(Path(tmp).read_text("utf-8"))
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    WRITTEN.append(str(path))
    _sync_folder(folder)
    return target


def _sync_folder(folder: Path) -> None:
    """Flush the folder's entry for the renamed file (POSIX; a no-op where unsupported)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _clean_stale(folder: Path, name: str) -> None:
    """Remove ``.NAME.*.tmp`` files a killed writer left behind (older than a minute, so a
    writer at work in another process keeps its file)."""
    now = time.time()
    for leftover in folder.glob(f".{name}.*.tmp"):
        try:
            if leftover.is_file() and not leftover.is_symlink() and (
                    now - leftover.stat().st_mtime > STALE_SECONDS):
                leftover.unlink()
        except OSError:
            continue
