"""Recording into a game log at the table: the lock that serialises two terminals, the
remembered default log, and the text edits that keep a person's comments and layout.

Every write goes through :func:`asara_cli.logfile.write.write_file`, so a crash leaves the
previous log whole."""

from __future__ import annotations

import contextlib
import os
import stat
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from asara_cli.core.findings import Violation
from asara_cli.core.i18n import _
from asara_cli.core.shown import show_path
from asara_cli.errors import InputError, reason
from asara_cli.logfile.common import header_lines, path_problem, read_text, read_toml
from asara_cli.logfile.game import (
    GameLog,
    LogHeader,
    _appended,
    _write_exactly,
    append_event,
    load_log_board,
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
                        raise InputError(_("another asara has been recording into this log "
                                           "for {seconds} s; try again").format(
                                               seconds=f"{timeout:.0f}"),
                                         path=str(log)) from None
                    time.sleep(0.02)
        except BaseException:
            os.close(fd)
            raise
        # The holder before us removed the file as it let go: the lock we hold is on a
        # file nobody else will open again, so open the one at the path now (issue 21).
        try:
            same = os.path.samestat(os.lstat(path), os.fstat(fd))
        except FileNotFoundError:
            same = False
        if same:
            break
        os.close(fd)
    try:
        yield
    finally:
        # remove the lock file while still holding it: no empty file stays beside the log
        with contextlib.suppress(OSError):
            os.unlink(path)
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def _open_lock(path: Path, log: str | Path) -> int:
    """The lock file, opened without following a link; a link, a FIFO or a device planted
    in its place is refused."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
    except OSError as e:
        why = _("it is a symbolic link; remove it") if os.path.islink(path) else reason(e)
        raise InputError(_("cannot open the lock file {file}: {reason}").format(
            file=show_path(path), reason=why), path=str(log)) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise InputError(_("cannot use the lock file {file}: it is not a regular file; "
                           "remove it").format(file=show_path(path)), path=str(log))
    return fd


# --- writing ---------------------------------------------------------------------------------


def create_log(path: str | Path, header: LogHeader) -> None:
    """Write a new log with no events; refuse to replace an existing file. Call under
    :func:`locked`."""
    target = Path(path)
    if os.path.lexists(target):  # a link too, even one to nowhere: never created through
        raise InputError(_("already exists; not overwritten (pick another name, or "
                           "`asara use` it to go on recording)"), path=str(path))
    write_log(target, header, ())


def append(path: str | Path, event: Any, game_key: str | None = None,
           read: tuple[GameLog, str] | None = None) -> GameLog:
    """Append one event as text (comments and layout above it are kept), atomically. A new
    move ends what ``redo`` could bring back, as in an editor: the move is appended, then
    the redo file is removed. That it can be removed is checked first (if not, nothing is
    written); killed between the two, the next undo or redo recognises a log one event past
    what the last undo left and removes the redo file then (:func:`settle`). ``read``: the
    log and its text as read under the lock; the event is written as the game of the log's
    header says (:func:`asara_cli.logfile.game.append_event`)."""
    target = Path(path)
    _check_removable(redo_path(target), target)
    log = append_event(target, event, game_key=game_key, read=read)
    with contextlib.suppress(OSError, InputError):  # left behind, it is proven stale later
        forget_redo(target)
    return log


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


def undo(path: str | Path, read: tuple[GameLog, str] | None = None,
         before: tuple[GameLog, str] | None = None) -> tuple[GameLog, Any]:
    """Remove the last event, cutting only its text; return the log before and the event.
    The cut text must read back as the same log minus that event, or nothing is written.
    What redo needs is written first: if that fails, the log is untouched; if the log then
    cannot be written, the redo file is put back as it was; killed in between, the redo
    file's newest entry would bring back the very log there is, which :func:`settle`
    recognises (the undo did not happen). ``read``: the log and its text as read under the
    lock the caller holds; ``before``: a log and the text it was read from, known to the
    caller (a session's position before the last event): a cut text that is that very text
    is that log (parsing is a function of the text), not parsed again."""
    target = Path(path)
    log, text = read if read is not None else (read_log(target), read_text(target))
    if not log.events:
        raise InputError(_("has no events to undo"), path=str(path))
    try:
        new_text = cut_last_event(text)
        after = (before[0] if before is not None and before[1] == new_text
                 else parse_log(new_text, str(path)))
    except (ValueError, InputError):
        after = None
    if after is None or after.header != log.header or after.events != log.events[:-1]:
        raise InputError(_("cannot find the last event's text to cut (is it written as an "
                           "[[event]] table at the end?); edit the file by hand"),
                         path=str(path))
    stack = settle(target, text)
    _write_redo(target, [*stack[-(REDO_DEPTH - 1):], {"after": _digest(new_text),
                                                     "text": text}])
    try:
        _write_exactly(target, new_text)  # parsed above
    except BaseException:
        with contextlib.suppress(Exception):  # else settle recognises the undo not done
            _write_redo(target, stack)
        raise
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
    """The entries of the redo file; a damaged one reads as empty (it only loses the redo,
    never the log). A link or anything but a regular file there is refused: written, it
    would be replaced, so a command that needs it says so before anything is written."""
    path = redo_path(log)
    if not os.path.lexists(path):
        return []
    _side_file_ok(path, log)
    try:
        data, _text = read_toml(path, follow_link=False)
    except InputError:
        return []
    entries = data.get("undone")
    if not isinstance(entries, list):
        return []
    return [e for e in entries if isinstance(e, dict) and isinstance(e.get("text"), str)
            and isinstance(e.get("after"), str)]


def settle(log: Path, text: str) -> list[dict[str, str]]:
    """The redo file's entries once what a killed ``undo``, ``redo`` or move left is put
    right. Each writes the log and the redo file one after the other, and a kill (power
    cut, SIGKILL) between the two leaves one of two states, told apart by the log's text
    (``text``, read under the lock):

    - the newest entry would bring back the very log there is: an undo killed before it
      cut the log, or a redo killed after it wrote the log. Its event is in the log, so the
      entry is dropped (the undo did not happen; the redo did);
    - the log is what the newest entry's undo left with one event more: a move killed
      before it removed the redo file. The move ended the redo, so the file is removed.

    Anything else is left as it is: a redo file is removed only where the log shows it
    stale."""
    stack = _redo_stack(log)
    if not stack:
        return stack
    top = stack[-1]
    if top["text"] == text:
        _write_redo(log, stack[:-1])
        return stack[:-1]
    try:  # the log the undo left, one event appended
        one_more = (_digest(text) != top["after"]
                    and _digest(cut_last_event(text)) == top["after"])
    except ValueError:  # no events
        one_more = False
    if one_more:
        forget_redo(log)
        return []
    return stack


def _check_removable(path: Path, log: Path) -> None:
    """Refuse, before anything is written, a redo file a move could not remove: anything but
    a regular file or a link, in a folder this user may not write, or another user's file in
    a sticky shared folder (as /tmp), which only its owner may remove."""
    _side_file_ok(path, log, removing=True)
    try:
        info = os.lstat(path)
        folder = os.stat(path.parent)
    except FileNotFoundError:
        return
    except OSError as e:
        raise _failed(_("cannot clear its redo file {file}: {reason}; nothing was written"),
                      path, log, e) from None
    geteuid = getattr(os, "geteuid", None)  # Windows: no owners, no sticky folders
    me = None if geteuid is None else geteuid()
    if not os.access(path.parent, os.W_OK | os.X_OK) or (
            me is not None and me != 0 and folder.st_mode & stat.S_ISVTX
            and me not in (info.st_uid, folder.st_uid)):
        raise InputError(_("cannot clear its redo file {file}: it is another user's, or its "
                           "folder is not writable; nothing was written").format(
                               file=show_path(path)), path=str(log))


def _side_file_ok(path: Path, log: Path, *, removing: bool = False) -> None:
    """Refuse a redo file that is a link, a folder or anything but a regular file (one
    being ``removing``: a link too is fine, as removing it never follows it)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    if not (stat.S_ISREG(info.st_mode) or (removing and stat.S_ISLNK(info.st_mode))):
        message = (_("its redo file {file} is a symbolic link; remove it (nothing was "
                     "written)") if stat.S_ISLNK(info.st_mode) else
                   _("its redo file {file} is a folder; remove it (nothing was written)")
                   if stat.S_ISDIR(info.st_mode) else
                   _("its redo file {file} is not a regular file; remove it (nothing was "
                     "written)"))
        raise InputError(message.format(file=show_path(path)), path=str(log))


def _write_redo(log: Path, stack: list[dict[str, str]]) -> None:
    import tomli_w  # the writers only when writing: reading commands import this module

    from asara_cli.logfile.write import write_file

    if not stack:
        forget_redo(log)
        return
    note = (f"# What `asara undo` removed from {show_path(log.name)}, newest last; `asara "
            "redo` brings it back.\n# Each entry is the whole log before that undo.\n")
    path = redo_path(log)
    _side_file_ok(path, log)
    try:
        info = os.stat(log)  # a new redo file is the log's owner's, as the log is
        write_file(path, note + tomli_w.dumps({"undone": stack}, multiline_strings=True),
                   follow_link=False, mode=0o600, owner=(info.st_uid, info.st_gid))
    except OSError as e:
        raise _failed(_("cannot write its redo file {file}: {reason}; nothing was written"),
                      path, log, e) from None
    except InputError as e:  # the redo file refused (read-only, another user's)
        raise InputError(_("cannot write its redo file: {problem}").format(problem=e),
                         path=str(log)) from None


def forget_redo(log: str | Path) -> None:
    """Remove the redo file (a link there is removed, never followed)."""
    path = redo_path(log)
    _side_file_ok(path, Path(log), removing=True)
    try:
        path.unlink(missing_ok=True)
    except OSError as e:
        raise _failed(_("cannot remove its redo file {file}: {reason}; nothing was written"),
                      path, log, e) from None


def _failed(said: str, path: Path, log: str | Path, e: OSError) -> InputError:
    """The system's refusal of the redo file ``path`` (``said`` has {file} and {reason})."""
    return InputError(said.format(file=show_path(path), reason=reason(e)), path=str(log))


def redo(path: str | Path, broken: Callable[[GameLog], Sequence[Violation]] | None = None,
         read: tuple[GameLog, str] | None = None) -> GameLog:
    """Bring back the last event ``undo`` removed, if the log is as that undo left it and
    the event is legal there (it is replayed, as recording it again would be; ``broken``:
    the violations of the log's last event where the caller knows the position before it,
    a session, instead of the replay; ``read``: the log and its text as the caller read them
    under the lock); return the log with it. The log is written first, then the entry is
    dropped from the redo file (checked writable first); killed in between, the entry would
    bring back the very log there is, which :func:`settle` recognises (the redo happened). A
    log that is not what the undo left, and not provably one move past it, keeps its redo
    file."""
    target = Path(path)
    now_text = read_text(target)
    stack = settle(target, now_text)
    if not stack:
        raise InputError(_("has nothing to redo (only an undo can be redone; a move "
                           "recorded since ends it)"), path=str(path))
    top = stack[-1]
    if _digest(now_text) != top["after"]:
        raise InputError(_("is not the log the last undo left (was it edited since?); "
                           "nothing was redone, and its redo file {file} is kept: put the "
                           "log back to redo, or remove that file").format(
                               file=show_path(redo_path(target))), path=str(path))
    now = read[0] if read is not None and read[1] == now_text else parse_log(now_text,
                                                                             str(path))
    try:  # the log with one event more: only that event is parsed (where it reads so)
        log = (_appended(now, top["text"], len(now_text), str(path))
               if top["text"].startswith(now_text)
               else parse_log(top["text"], _("{file} (as redo would write it)").format(
                   file=path)))
    except InputError as e:
        raise InputError(_("its redo file does not hold a log: {problem}; nothing was "
                           "redone").format(problem=e), path=str(path)) from None
    if log.header != now.header or log.events[:-1] != now.events or (
            len(log.events) != len(now.events) + 1):
        raise InputError(_("its redo file does not hold this log with one more event (was "
                           "it edited?); nothing was redone"), path=str(path))
    found = _broken(log) if broken is None else broken(log)
    if found:
        first = found[0]
        raise InputError(_("event {number}, which redo would bring back, breaks a rule: "
                           "{message} [{rule}]; nothing was redone").format(
                               number=first.event, message=first.message, rule=first.rule),
                         path=str(path))
    side = redo_path(target)  # checked before the log is written: it is written next
    if len(stack) == 1:
        _check_removable(side, target)
    else:
        from asara_cli.logfile.write import writable_mode

        _side_file_ok(side, target)
        try:
            writable_mode(side, str(side))
        except InputError as e:
            raise InputError(_("cannot write its redo file: {problem}; nothing was redone")
                             .format(problem=e), path=str(target)) from None
    _write_exactly(target, top["text"])  # parsed above
    _write_redo(target, stack[:-1])
    return log


def _broken(log: GameLog) -> Sequence[Violation]:
    """The violations that stop ``log``'s replay (none when it is legal)."""
    result = log.header.rules.replay(load_log_board(log), log.header.setup, log.events)
    return [] if result.stopped is None else [v for v in result.violations if not v.later]


# --- the default log -------------------------------------------------------------------------


def remembered(folder: str | Path = ".") -> str | None:
    """The log ``asara use`` remembered in ``folder`` (as a path relative to it), if any.
    The state file is read without following a link, and what it names is checked as a
    file name before it is used as one."""
    path = Path(folder) / STATE_FILE
    if not os.path.lexists(path):
        return None
    try:
        data, _text = read_toml(path, follow_link=False)
    except InputError as e:
        raise InputError(_("cannot read the remembered log: {problem}; delete the file or "
                           "run `asara use LOG`").format(problem=e.message), path=str(path),
                         line=e.line) from None
    log = data.get("log")
    if not isinstance(log, str) or not log:
        raise InputError(_('expected log = "path/to/game.toml"; run `asara use LOG`'),
                         path=str(path), key="log")
    if (problem := path_problem(log)) is not None:
        raise InputError(_("{problem}; run `asara use LOG`").format(problem=problem),
                         path=str(path), key="log")
    return log


def remember(log: str | Path, folder: str | Path = ".") -> None:
    """Remember ``log`` as the default in ``folder``'s state file."""
    import tomli_w

    from asara_cli.logfile.write import write_file

    path = Path(folder) / STATE_FILE
    name = str(log)
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:  # bytes that are not UTF-8 cannot go into a TOML file
        raise InputError(_("its name is not UTF-8 text, so it cannot be remembered; name it "
                           "with --log or {variable}").format(variable=ENV_LOG),
                         path=name) from None
    text = ("# asara: the game log `asara use` chose for commands run in this folder\n"
            + tomli_w.dumps({"log": name}))
    write_file(path, text, follow_link=False)


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
    raise InputError(_("which log? Name it (--log LOG when recording), set ASARA_LOG, or run "
                       "`asara use LOG` (or `asara new LOG --player ...` to start one)"))
