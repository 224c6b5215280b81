"""Recording into a game log at the table: the lock that serialises two terminals, the
remembered default log, and the text edits that keep a person's comments and layout.

Every write goes through :func:`asara_cli.logfile.game.atomic_write` (temporary file in the
same folder, fsync, parsed once more, renamed), so a crash leaves the previous log whole.
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from asara_cli.errors import InputError
from asara_cli.games.asara.rules.events import Event
from asara_cli.logfile.common import header_lines, read_text, read_toml
from asara_cli.logfile.game import (
    GameLog,
    LogHeader,
    append_event,
    atomic_write,
    parse_log,
    read_log,
    write_log,
)

try:  # POSIX; elsewhere recording is not locked (see docs/recording.md)
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None  # type: ignore[assignment]

#: The file in the working directory that remembers the default log (``asara use``).
STATE_FILE = ".asara-state.toml"
#: The environment variable naming the default log.
ENV_LOG = "ASARA_LOG"
#: How long a recorder waits for another one to finish before giving up.
LOCK_TIMEOUT = 15.0


def _sidecar(log: str | Path, suffix: str) -> Path:
    """A hidden file beside the log that belongs to it: ``.NAME.SUFFIX``."""
    p = Path(log)
    return p.with_name(f".{p.name}.{suffix}")


def lock_path(log: str | Path) -> Path:
    """The sidecar lock file of a log: ``.NAME.lock`` in the same folder."""
    return _sidecar(log, "lock")


@contextlib.contextmanager
def locked(log: str | Path, timeout: float = LOCK_TIMEOUT,
           waiting: Callable[[], None] | None = None) -> Iterator[None]:
    """Hold an exclusive lock on ``log`` for a read-check-write. Two recorders into one log
    take turns; the second reads what the first wrote. The lock dies with its process.
    ``waiting`` is called once when another recorder holds the lock. The lock file is
    opened without following a symbolic link (a link there is refused, never created)."""
    if fcntl is None:  # pragma: no cover
        yield
        return
    path = lock_path(log)
    deadline = time.monotonic() + timeout
    while True:
        fd = _open_lock(path, log)
        try:
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if waiting is not None:
                        waiting()
                        waiting = None
                    if time.monotonic() >= deadline:
                        raise InputError(f"another asara has been recording into this log "
                                         f"for {timeout:.0f} s; try again",
                                         path=str(log)) from None
                    time.sleep(0.02)
        except BaseException:
            os.close(fd)
            raise
        # The holder before us removed the file as it let go: the lock we hold is on a
        # file nobody else will open again, so open the one at the path now (issue 21).
        try:
            current = os.lstat(path)
        except FileNotFoundError:
            current = None
        mine = os.fstat(fd)
        if current is None or (current.st_ino, current.st_dev) != (mine.st_ino, mine.st_dev):
            os.close(fd)
            continue
        break
    try:
        yield
    finally:
        # remove the lock file while still holding it: no empty file stays beside the log
        with contextlib.suppress(OSError):
            os.unlink(path)
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def _open_lock(path: Path, log: str | Path) -> int:
    try:
        return os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
    except OSError as e:
        why = ("it is a symbolic link; remove it" if os.path.islink(path)
               else e.strerror or str(e))
        raise InputError(f"cannot open the lock file {path}: {why}", path=str(log)) from None


# --- writing ---------------------------------------------------------------------------------


def create_log(path: str | Path, header: LogHeader) -> None:
    """Write a new log with no events; refuse to replace an existing file. Call under
    :func:`locked`."""
    target = Path(path)
    if target.exists():
        raise InputError("already exists; not overwritten (pick another name, or "
                         "`asara use` it to go on recording)", path=str(path))
    write_log(target, header, ())


def append(path: str | Path, event: Event) -> GameLog:
    """Append one event as text (comments and layout above it are kept), atomically. A new
    move ends what ``redo`` could bring back, as in an editor."""
    log = append_event(Path(path), event)
    forget_redo(path)
    return log


_EVENT_HEADER = re.compile(r"^\s*\[\[\s*event\s*\]\]")


def cut_last_event(text: str) -> str:
    """The log text without its last event: everything from the last ``[[event]]`` line to
    the end is cut, and the blank lines left before it. Comments above that line, and all
    other text, stay as they were."""
    starts = header_lines(text, "event")
    if not starts:
        raise ValueError("no events")
    kept = text.split("\n")[: starts[-1] - 1]  # lines as header_lines counts them
    while kept and not kept[-1].strip():
        kept.pop()
    return "".join(f"{line}\n" for line in kept)


def undo(path: str | Path) -> tuple[GameLog, Event]:
    """Remove the last event, cutting only its text; return the log before and the event.
    The cut text must read back as the same log minus that event, or nothing is written."""
    target = Path(path)
    log = read_log(target)
    if not log.events:
        raise InputError("has no events to undo", path=str(path))
    text = read_text(target)
    try:
        new_text = cut_last_event(text)
        after = parse_log(new_text, str(path))
    except (ValueError, InputError):
        after = None
    if after is None or after.header != log.header or after.events != log.events[:-1]:
        raise InputError("cannot find the last event's text to cut (is it written as an "
                         "[[event]] table at the end?); edit the file by hand", path=str(path))
    atomic_write(target, new_text)
    _push_redo(target, text, new_text)
    return log, log.events[-1]


# --- redo ------------------------------------------------------------------------------------

#: How many undone events ``redo`` can bring back.
REDO_DEPTH = 50


def redo_path(log: str | Path) -> Path:
    """The sidecar that keeps what ``undo`` removed: ``.NAME.redo.toml`` beside the log."""
    return _sidecar(log, "redo.toml")


def _digest(text: str) -> str:
    import hashlib  # here: only undo and redo need it, and it costs every command 2 ms

    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _redo_stack(log: Path) -> list[dict[str, str]]:
    path = redo_path(log)
    if not os.path.lexists(path):
        return []
    try:
        data, _ = read_toml(path)
    except InputError:
        return []  # a damaged stack only loses the redo, never the log
    entries = data.get("undone")
    if not isinstance(entries, list):
        return []
    return [e for e in entries if isinstance(e, dict) and isinstance(e.get("text"), str)
            and isinstance(e.get("after"), str)]


def _push_redo(log: Path, before: str, after: str) -> None:
    stack = _redo_stack(log)[-(REDO_DEPTH - 1):]
    stack.append({"after": _digest(after), "text": before})
    _write_redo(log, stack)


def _write_redo(log: Path, stack: list[dict[str, str]]) -> None:
    import tomli_w  # the writers only when writing: reading commands import this module

    from asara_cli.logfile.write import write_file

    if not stack:
        forget_redo(log)
        return
    note = (f"# What `asara undo` removed from {log.name}, newest last; `asara redo` brings it "
            "back.\n# Each entry is the whole log before that undo.\n")
    write_file(redo_path(log), note + tomli_w.dumps({"undone": stack}, multiline_strings=True))


def forget_redo(log: str | Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        redo_path(log).unlink()


def redo(path: str | Path) -> GameLog:
    """Bring back the last event ``undo`` removed, if the log is as that undo left it;
    return the log with it."""
    target = Path(path)
    stack = _redo_stack(target)
    if not stack:
        raise InputError("has nothing to redo (only an undo can be redone)", path=str(path))
    top = stack[-1]
    if _digest(read_text(target)) != top["after"]:
        forget_redo(target)
        raise InputError("changed since the last undo (a move was recorded or the file "
                         "edited); there is nothing to redo", path=str(path))
    log = parse_log(top["text"], str(path))
    atomic_write(target, top["text"])
    _write_redo(target, stack[:-1])
    return log


# --- the default log -------------------------------------------------------------------------


def state_file(folder: str | Path = ".") -> Path:
    return Path(folder) / STATE_FILE


def remembered(folder: str | Path = ".") -> str | None:
    """The log ``asara use`` remembered in ``folder`` (as a path relative to it), if any."""
    path = state_file(folder)
    if not os.path.lexists(path):
        return None
    try:
        data, _ = read_toml(path)
    except InputError as e:
        raise InputError(f"cannot read the remembered log: {e.message}; delete the file or "
                         "run `asara use LOG`", path=str(path), line=e.line) from None
    log = data.get("log")
    if not isinstance(log, str) or not log:
        raise InputError("expected log = \"path/to/game.toml\"; run `asara use LOG`",
                         path=str(path), key="log")
    return log


def remember(log: str | Path, folder: str | Path = ".") -> Path:
    """Remember ``log`` as the default in ``folder``'s state file; return the state file."""
    import tomli_w

    from asara_cli.logfile.write import write_file

    path = state_file(folder)
    text = ("# asara: the game log `asara use` chose for commands run in this folder\n"
            + tomli_w.dumps({"log": str(log)}))
    write_file(path, text)
    return path


def default_log(given: str | Path | None, folder: str | Path = ".") -> tuple[Path, str]:
    """The log to record into and where it came from: ``--log``, else ``$ASARA_LOG``, else
    the state file of ``asara use``."""
    if given is not None:
        return Path(given), "--log"
    env = os.environ.get(ENV_LOG)
    if env:
        return Path(env), ENV_LOG
    log = remembered(folder)
    if log is not None:
        return Path(folder) / log if folder != "." else Path(log), STATE_FILE
    raise InputError("which log? Name it (--log LOG when recording), set ASARA_LOG, or run "
                     "`asara use LOG` "
                     "(or `asara new LOG --player ...` to start one)")
