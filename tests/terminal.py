"""What the table session's tests share: the environment a session runs in (80x40, English
unless asked, its own history), a whole command run, and the wait for a player's prompt."""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple
from unittest import mock

import pexpect


def env(tmp_path: Path) -> dict[str, str]:
    """The environment of a command under test: no $ASARA_* of the machine's, a pinned
    80x40 terminal, the line editor's history and the batch cache kept under ``tmp_path``,
    and `cat` for the pager (a long screen printed whole, as before the session paged it)."""
    kept = {k: v for k, v in os.environ.items() if not k.startswith("ASARA")}
    kept.update(COLUMNS="80", LINES="40", TERM="xterm", XDG_STATE_HOME=str(tmp_path / "state"),
                XDG_CACHE_HOME=str(tmp_path / "cache"),
                PYTHONIOENCODING="utf-8", PAGER="cat")
    return kept


class Done(NamedTuple):
    """What a command did: its exit code and what it wrote (as ``subprocess.run`` gives)."""

    returncode: int
    stdout: str
    stderr: str


def run_here(folder: Path, args: Sequence[str], environ: Mapping[str, str],
             stdin: str = "") -> Done:
    """``asara ARGS`` in ``folder``, with ``environ`` its whole environment and ``stdin`` its
    input, as its own process runs it, in this one: the package's entry point (``cli.run``,
    the one error boundary ``main`` calls), its output read as ``subprocess.run(text=True)``
    reads it, the language in use before it again after it. A process of its own adds the
    interpreter's start (about 0.3 s of CPU), which the tests of the real command
    (``test_trust*.py``) and of the session at a terminal (``spawn``) take."""
    from asara_cli import language
    from asara_cli.cli import run
    from asara_cli.core.i18n import language as in_use

    before = in_use()
    out, err = io.StringIO(newline=None), io.StringIO(newline=None)
    with (mock.patch.dict(os.environ, environ, clear=True), contextlib.chdir(folder),
          mock.patch.object(sys, "stdin", io.StringIO(stdin)),
          contextlib.redirect_stdout(out), contextlib.redirect_stderr(err)):
        try:
            code = run(list(args))
        finally:  # in the command's environment: $LANGUAGE goes with it
            language.use(before)
    return Done(code, out.getvalue(), err.getvalue())


def asara(tmp_path: Path, *args: str, stdin: str = "") -> Done:
    """``asara ARGS`` run in ``tmp_path``, ``stdin`` its input (``run_here``)."""
    return run_here(tmp_path, args, env(tmp_path), stdin)


#: The line editor asks where the cursor is, and waits up to a second for the answer when it
#: ends a prompt: a test that leaves it unanswered waits that second at every question.
CURSOR_ASKED = r"\x1b\[6n"
CURSOR_SAID = "\x1b[1;1R"


class Terminal(pexpect.spawn):  # type: ignore[misc]  # pexpect is untyped
    """A pseudo-terminal that answers the line editor's cursor question as a real terminal
    does, wherever it comes while a test waits for something else. A test that waits for
    the question itself (:func:`prompt`) answers it."""

    before: str | None
    after: object

    def expect(self, pattern: Any, timeout: Any = -1, searchwindowsize: Any = -1,
               async_: bool = False, **kw: Any) -> int:
        wanted = pattern if isinstance(pattern, list) else [pattern]
        if CURSOR_ASKED in wanted:
            return int(super().expect(pattern, timeout, searchwindowsize, async_, **kw))
        seen = ""
        while True:
            found = int(super().expect([CURSOR_ASKED, *wanted], timeout, searchwindowsize,
                                       async_, **kw))
            if found:
                self.before = seen + (self.before or "")
                return found - 1
            seen += (self.before or "") + str(self.after)
            self.send(CURSOR_SAID)


def spawn(tmp_path: Path, *args: str, environ: dict[str, str] | None = None
          ) -> pexpect.spawn:
    """``asara ARGS`` at an 80x40 pseudo-terminal in ``tmp_path`` (``environ``, else
    ``env``'s), for the caller to end."""
    return Terminal(sys.executable, ["-m", "asara_cli", *args], cwd=str(tmp_path),
                    env=environ or env(tmp_path), dimensions=(40, 80), encoding="utf-8",
                    timeout=60)


@contextmanager
def session(tmp_path: Path, *args: str) -> Iterator[pexpect.spawn]:
    """``asara ARGS`` at an 80x40 pseudo-terminal in ``tmp_path``, ended whatever the test
    did."""
    child = spawn(tmp_path, *args)
    try:
        yield child
    finally:
        child.terminate(force=True)


def prompt(child: pexpect.spawn, who: str) -> None:
    """Wait for the prompt naming ``who``, answering the line editor's question where the
    cursor is (a real terminal answers it; its answer lets the bottom toolbar be drawn)."""
    child.expect(CURSOR_ASKED)
    child.send(CURSOR_SAID)
    child.expect(f"{who}>")
