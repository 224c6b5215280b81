"""The line editor of ``asara play`` at a terminal (prompt_toolkit, imported by nothing
else): the prompt naming the player to move, a history per log, Tab completion (the legal
moves' next words, and the words they never list) and a bottom toolbar with the situation."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from prompt_toolkit import PromptSession
from prompt_toolkit.application import get_app, run_in_terminal
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input.vt100 import Vt100Input
from prompt_toolkit.key_binding import KeyBindings, KeyPress, KeyPressEvent
from prompt_toolkit.keys import Keys

from asara_cli import commandwords
from asara_cli.cli import lines
from asara_cli.cli.common import err
from asara_cli.cli.history import open_history
from asara_cli.cli.session import OWN, Session, who_starts
from asara_cli.core.i18n import _, ngettext
from asara_cli.core.shown import one_line
from asara_cli.errors import Asked, WordError
from asara_cli.render.wrap import terminal_width, wrap


class TableCompleter(Completer):
    """The words that may come next. Where the position is known, a move's words are the
    legal moves' (a command or value none of them takes would be refused), then what they
    never list: the options (``--build``), the facts (``roll``), the session's own words;
    a command's other values only where no legal word fits the letters typed."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def get_completions(self, document: Document, complete_event: CompleteEvent
                        ) -> Iterator[Completion]:
        before = document.text_before_cursor
        if lines.too_long(before):  # no move: nothing to complete (Enter says why)
            return
        typed, incomplete = _typed(before)
        seen: set[str] = set()
        for word in self.candidates(typed, incomplete):
            found = _fitting(word, incomplete)
            if found is None or found.casefold() in seen:
                continue
            seen.add(found.casefold())
            yield Completion(found, start_position=-len(incomplete))

    def candidates(self, typed: list[str], incomplete: str) -> Iterable[str]:
        try:
            if not typed:  # the first word: the command words of the language in use
                yield from self._heads(incomplete)
                yield from (commandwords.local(w) for w in OWN if w != "exit")
                return
            from asara_cli.cli.typedwords import english

            game = self.session.game
            typed = english(game, typed, (*OWN, *self.session.command.commands))
            if typed[0] not in ("help", "moves", "check"):
                yield from self._next([], typed, incomplete)
                return
            move = english(game, typed[1:]) if len(typed) > 1 else []  # a move's words follow
            if not move:
                yield from self._heads(incomplete, every=typed[0] == "help")
            elif typed[0] == "check":
                yield from self._next([typed[0]], move, incomplete)
            else:
                yield from self._local(move, self._legal(move))
        except Exception:  # completion never fails aloud
            return

    def _heads(self, incomplete: str, every: bool = False) -> Iterator[str]:
        """The command words of the language in use: the legal moves' first, then the
        others (``every``: a move's too, as ``help`` takes; ``new`` is typed outside)."""
        yield from (commandwords.local(w) for w in self._legal([]))
        left_out = {"new"}
        if not every and self.session.position is not None:
            left_out.update(self.session.game.listed_names())
        left_out.update([commandwords.local(w) for w in left_out])  # Typer's may be local
        yield from (commandwords.local(w) if not w.startswith("-") else w
                    for w in self._words([], "-" if incomplete[:1] == "-" else "")
                    if w not in left_out)

    def _next(self, lead: list[str], move: list[str], incomplete: str) -> Iterator[str]:
        """After the words ``move``: the legal moves' next words, and the command's own
        options; its own values where no legal word fits what is typed (past what the legal
        moves list, a fact, a move they fold such as a wasted card, a line refused)."""
        legal = list(self._local(move, self._legal(move)))
        yield from legal
        words = self._words([*lead, *move], incomplete)
        if any(_fitting(w, incomplete) is not None for w in legal):
            words = (w for w in words if w.startswith("-"))
        yield from words

    def _local(self, move: list[str], words: Iterable[str]) -> Iterator[str]:
        from asara_cli.cli.typedwords import local_next

        return (local_next(self.session.game, move, w) for w in words)

    def _legal(self, typed: list[str]) -> Iterator[str]:
        """The next word of the legal moves that begin so (the game makes no whole move)."""
        from asara_cli.cli.completion import moving

        position = self.session.position
        move = moving(typed, self.session.mover)  # -p naming the mover, as the shell's Tab
        if position is not None and move is not None:
            yield from self.session.game.next_words(position.board, position.state, move)

    def _words(self, typed: list[str], incomplete: str) -> Iterator[str]:
        return typer_words(self.session.command, typed, incomplete)


def _fitting(word: str, incomplete: str) -> str | None:
    """``word`` as Tab inserts it after ``incomplete`` (``None``: it does not fit), the letters
    typed kept: in the quotes typed, else a word of several (a card played: 'souk bag3 N2')
    quoted and a word of letters (umlauts too) as it is."""
    from asara_cli.cli.completion import matching
    from asara_cli.cli.typedwords import quoted

    quote = incomplete[:1] if incomplete[:1] in ("'", '"') else ""
    found = matching([word], incomplete[len(quote):])
    if not found:
        return None
    return f"{quote}{found[0]}{quote}" if quote else quoted(found[0])


def _typed(before: str) -> tuple[list[str], str]:
    """The words before the cursor, and the one being typed (none after a blank)."""
    try:
        words = lines.split(before)
    except ValueError:  # inside an open quote: the words quoted are the one being typed
        for quote in ("'", '"'):
            with contextlib.suppress(ValueError):
                words = lines.split(before + quote)
                return words[:-1], quote + words[-1]
        words = before.split()
    if before and not before[-1].isspace() and words:
        return words[:-1], words[-1]
    return words, ""


def typer_words(command: Any, typed: list[str], incomplete: str) -> Iterator[str]:
    """What a Typer command completes after the words ``typed``, as the shell's Tab would."""
    from asara_cli.cli.clickish import resolve_context, resolve_incomplete

    ctx = resolve_context(command, {}, "", list(typed))
    found, text = resolve_incomplete(ctx, list(typed), incomplete)
    for item in found.shell_complete(ctx, text):
        yield str(item.value)


class NewCompleter(Completer):
    """The words of ``asara new`` at the ``new>`` prompt (the game's own, by --game)."""

    def get_completions(self, document: Document, complete_event: CompleteEvent
                        ) -> Iterator[Completion]:
        from typer.main import get_command

        from asara_cli.cli import build_app

        words, incomplete = _typed(document.text_before_cursor)
        try:
            typed = ["new", "LOG", *words]
            command: Any = get_command(build_app("new", typed))
            for word in typer_words(command, typed, incomplete):
                if word.startswith(incomplete):
                    yield Completion(shlex.quote(word), start_position=-len(incomplete))
        except Exception:  # completion never fails aloud
            return


# --- output taller than the terminal: a pager ----------------------------------------------------

_ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class Held:
    """A stream that holds what one line writes (stdout and stderr, in order) until shown."""

    def __init__(self, stream: IO[str], parts: list[str], passing: bool = False) -> None:
        self.stream = stream
        self.parts = parts
        self.passing = passing  # written at once while nothing is held (a lock's wait said)

    def write(self, text: str | bytes) -> int:
        if isinstance(text, bytes):  # what writes bytes to a text stream (Click may)
            text = text.decode(getattr(self.stream, "encoding", None) or "utf-8", "replace")
        if self.passing and not self.parts:
            self.stream.write(text)
            self.stream.flush()
        else:
            self.parts.append(text)
        return len(text)

    def flush(self) -> None:
        pass

    def __getattr__(self, name: str) -> Any:  # isatty, fileno, encoding ...
        return getattr(self.stream, name)


def height(text: str, columns: int) -> int:
    """The rows ``text`` takes on a terminal ``columns`` wide (its colours left out)."""
    from rich.cells import cell_len

    return sum(max(1, -(-cell_len(_ESCAPE.sub("", line)) // max(1, columns)))
               for line in text.splitlines())


def pager() -> list[str] | None:
    """As git chooses: $PAGER (its words, never through a shell), else ``less -FRX``;
    ``None``: the session's own :func:`more`."""
    said = os.environ.get("PAGER", "")
    if said.strip():
        with contextlib.suppress(ValueError):
            return shlex.split(said)
    found = shutil.which("less")
    return [found, "-FRX"] if found else None


def show(text: str, stream: IO[str]) -> None:
    """``text`` as it is where it fits above the prompt and toolbar, else through a pager."""
    if not text:
        return
    size = shutil.get_terminal_size()
    with contextlib.suppress(OSError, ValueError):
        size = os.get_terminal_size(stream.fileno())
    if height(text, size.columns) <= size.lines - 2:
        stream.write(text)
        stream.flush()
        return
    command = pager()
    if command is not None:
        # Ctrl-C belongs to the pager while it runs (a handler, not an ignored signal: a
        # handler is not inherited by the pager's program)
        interrupt = signal.signal(signal.SIGINT, lambda _signal, _frame: None)
        try:
            subprocess.run(command, input=text, text=True, check=False,
                           encoding=getattr(stream, "encoding", None) or "utf-8",
                           errors="replace")
            return
        except OSError as e:  # no such program: the session's own prompt
            err().print(_("note: the pager {pager} could not be run ({reason}); shown page "
                          "by page here").format(pager=one_line(" ".join(command)),
                                                 reason=one_line(e.strerror or str(e))),
                        soft_wrap=True)
        finally:
            signal.signal(signal.SIGINT, interrupt)
    more(text, stream, size.lines)


def more(text: str, stream: IO[str], rows: int) -> None:
    """The session's own pager: a screen less two rows, then Enter (q or Ctrl-C stops)."""
    from prompt_toolkit import prompt

    lines = text.splitlines(keepends=True)
    step = max(1, rows - 2)
    for start in range(0, len(lines), step):
        stream.write("".join(lines[start:start + step]))
        stream.flush()
        if start + step >= len(lines):
            return
        try:
            answer = prompt(ngettext("-- more ({shown} of {lines} line; Enter: the next page, "
                                     "q: stop) -- ", "-- more ({shown} of {lines} lines; Enter: "
                                     "the next page, q: stop) -- ", len(lines)).format(
                                         shown=start + step, lines=len(lines)))
        except (KeyboardInterrupt, EOFError):
            return
        if answer.strip().lower() in ("q", "quit", commandwords.local("quit")):
            return


@contextlib.contextmanager
def paged() -> Iterator[Callable[[], None]]:
    """What a line writes, held and shown when done or before a question (the function yielded)."""
    parts: list[str] = []
    stdout, stderr = sys.stdout, sys.stderr

    def shown() -> None:
        text = "".join(parts)
        parts.clear()
        show(text, stdout)

    sys.stdout, sys.stderr = Held(stdout, parts), Held(stderr, parts, passing=True)
    try:
        yield shown
    finally:
        sys.stdout, sys.stderr = stdout, stderr
        shown()


class Bursts(Vt100Input):
    """A run of characters read at once (a paste the terminal does not mark) given as one
    paste: the editor would draw and keep each for undo, 200,000 in minutes and gigabytes."""

    def read_keys(self) -> list[KeyPress]:
        return _runs(super().read_keys())

    def flush_keys(self) -> list[KeyPress]:
        return _runs(super().flush_keys())


class _Run(KeyPress):
    """A run of characters read at once, given as a paste (the terminal did not mark it)."""


def _runs(keys: list[KeyPress]) -> list[KeyPress]:
    merged: list[KeyPress] = []
    run: list[str] = []
    for key in [*keys, None]:
        if key is not None and not isinstance(key.key, Keys) and len(key.data) == 1:
            run.append(key.data)
            continue
        if len(run) > 1:
            merged.append(_Run(Keys.BracketedPaste, "".join(run)))
        elif run:
            merged.append(KeyPress(run[0], run[0]))
        run = []
        if key is not None:
            merged.append(key)
    return merged


def bounded_paste() -> KeyBindings:
    """A paste making the line longer than any move is left out at once, in one line; the
    runs of an unmarked paste after the one refused (each within 2 s) are left out silently."""
    bindings = KeyBindings()
    # the paste being read: when its last run came, the line before it, whether left out
    last, before, dropped = -1.0, Document(), False

    @bindings.add(Keys.BracketedPaste)
    def pasted(event: KeyPressEvent) -> None:
        nonlocal last, before, dropped
        data = event.data.replace("\r\n", "\n").replace("\r", "\n")
        buffer = event.current_buffer
        now = time.monotonic()
        marked = not isinstance(event.key_sequence[0], _Run)
        if marked or now - last > 2:  # another paste
            before, dropped = buffer.document, False
        last = -1.0 if marked else now
        if dropped:
            return
        refused = lines.too_long(buffer.text + data)
        if refused is None:
            buffer.insert_text(data)
            return
        dropped = True
        buffer.document = before
        run_in_terminal(lambda: err().print(_("error: {message}; the paste was left out"
                                              ).format(message=refused), soft_wrap=True))

    return bindings


def start(path: Path) -> bool:
    """No log at ``path`` yet: the game started with ``asara new``'s words, asked for
    (``False``: the player left)."""
    from asara_cli.cli import run as command

    err().print(_("{path} does not exist yet: start a new game with the options of `asara "
                  "{new}` (e.g. -p Tina -p Paul -p Anna --pro; --game yspahan for YSPAHAN), "
                  "or Ctrl-D to leave").format(path=one_line(str(path)),
                                               new=commandwords.local("new")),
                soft_wrap=True)
    asking: PromptSession[str] = PromptSession(history=InMemoryHistory(),
                                               completer=NewCompleter(),
                                               complete_while_typing=False)
    while True:
        try:
            text = asking.prompt(f"{commandwords.local('new')}> ")
        except KeyboardInterrupt:
            continue
        except EOFError:
            return False
        try:
            words = lines.words(text, comments=False)
        except ValueError as e:
            err().print(_("error: {message}").format(message=e), soft_wrap=True)
            continue
        if not words:
            continue
        asked = who_starts(path, words)  # the new game's decision the words leave out
        added = [] if asked is None else _answer(asking, asked)
        if added is None:
            err().print(_("interrupted (Ctrl-C); no file was changed"), soft_wrap=True)
            continue
        with paged():  # its help is taller than the terminal
            code = command(["new", str(path), *words, *added])
        # --help (or a refusal) writes no log: the prompt stays
        if code == 0 and os.path.lexists(path):
            return True


def _answer(asking: PromptSession[str], asked: Asked) -> list[str] | None:
    """Who starts, asked until an answer makes words (``None``: Ctrl-C or Ctrl-D)."""
    said = wrap(one_line(asked.question), terminal_width(sys.stdout) - 2) + " "
    while True:
        try:
            return list(asked.words(" ".join(asking.prompt(said).split())))
        except (KeyboardInterrupt, EOFError):
            return None
        except WordError as e:
            err().print(_("error: {message}").format(message=e), soft_wrap=True)


#: How often the prompt looks at the log while it waits (seconds).
FOLLOW = 0.4


def _asker(asking: PromptSession[str], shown: list[Callable[[], None]]
           ) -> Callable[[str, str], str | None]:
    """How the session asks a player (``session.ask``): what the line said so far shown
    first, then the question; ``None`` when the player abandons."""
    def ask(player: str, question: str) -> str | None:
        if shown:
            shown[-1]()
        # broken between words (the line editor breaks a long prompt anywhere), and its
        # last line short of the edge: a prompt that ends at the last column leaves the
        # cursor, and a blank line, on the next
        said = _("{player}, {question} ").format(player=one_line(player),
                                                 question=one_line(question))
        said = wrap(said.rstrip(), terminal_width(sys.stdout) - 2) + " "
        try:
            return asking.prompt(said)
        except (KeyboardInterrupt, EOFError):  # the whole move is abandoned
            return None

    return ask


def _watcher(session: Session, typed_for: list[str | None]) -> Callable[[], None]:
    """What runs while the prompt waits (``pre_run``): the log followed on disk."""
    async def follow() -> None:  # a log changed on disk: said and drawn again within 1 s
        app = get_app()
        while True:
            await asyncio.sleep(FOLLOW)
            if session.stale():
                typing = bool(app.current_buffer.text.strip())
                await run_in_terminal(session.notice)
                if not typing:  # the next line is typed for the player named now
                    typed_for[0] = session.mover
                app.invalidate()

    def watching() -> None:
        get_app().create_background_task(follow())

    return watching


def run(session: Session) -> int:
    """The session at a terminal, until ``quit`` or Ctrl-D; Ctrl-C clears the line."""
    prompt: PromptSession[str] = PromptSession(
        history=open_history(session.path), completer=TableCompleter(session),
        key_bindings=bounded_paste(), input=Bursts(sys.stdin) if sys.stdin.isatty() else None,
        bottom_toolbar=session.situation, complete_while_typing=False,
        # the game answers a word's completion without listing every move, yet a word
        # whose moves need the cards played first may take longer: made off the line
        # editor's thread, so typing never waits for it
        complete_in_thread=True)
    # a question shows the same bottom toolbar as the move's prompt: the table in view
    # while a player decides
    asking: PromptSession[str] = PromptSession(history=InMemoryHistory(),
                                               bottom_toolbar=session.situation)

    shown: list[Callable[[], None]] = []  # what the line said so far, shown before a question
    session.ask = _asker(asking, shown)
    #: the player the line being typed is for: the one named when typing began
    typed_for: list[str | None] = [None]
    watching = _watcher(session, typed_for)

    def named() -> str:
        who = session.mover
        return f"{one_line(who) if who else 'asara'}> "

    # what the session has loaded by now (the line editor, the game's moves) lives as long
    # as it does: frozen, a full collection in a Tab walks only what the moves made (about 43k
    # objects less, 4.6 ms of every full pass)
    gc.freeze()
    code = 0
    while True:
        typed_for[0] = session.mover
        try:
            text = prompt.prompt(named, pre_run=watching)
        except KeyboardInterrupt:  # Ctrl-C clears the line
            continue
        except EOFError:  # Ctrl-D leaves
            break
        session.notice()
        if not confirmed(session, asking, text, typed_for[0]):
            continue
        try:
            with paged() as held:
                shown[:] = [held]
                done = session.line(text)
            if session.completed is not None:  # the Up arrow brings back the answers too
                prompt.history.append_string(session.completed)
        except KeyboardInterrupt:
            err().print(_("interrupted (Ctrl-C); what was written is complete"),
                        soft_wrap=True)
            continue
        if done is None:
            break
        code = done
    return 0 if code in (0, 1, 2) else code


def confirmed(session: Session, asking: PromptSession[str], text: str, typed: str | None
              ) -> bool:
    """A line typed for a player whose turn passed meanwhile (another terminal) is carried
    out for the player to move now only when confirmed."""
    now = session.mover
    if typed is None or now is None or now == typed or session.for_anyone(text):
        return True
    said = _("the log changed while you typed: {player} is to move now, not {typed}. Enter "
             "carries out `{line}` for {player}; Ctrl-C drops it").format(
        player=one_line(now), typed=one_line(typed), line=one_line(text.strip()))
    said = wrap(said, terminal_width(sys.stdout) - 2) + " "
    try:
        answer = asking.prompt(said)
    except (KeyboardInterrupt, EOFError):
        answer = None
    if answer is not None and not answer.strip():
        return True
    err().print(_("dropped: {line}; nothing was written").format(line=one_line(text.strip())),
                soft_wrap=True)
    return False
