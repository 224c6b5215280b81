"""The line editor of ``asara play`` at a terminal (prompt_toolkit): the prompt naming the
player to move, the lines typed kept per log (cli/history.py), Tab completion, and a bottom
toolbar with the period and the game's compact situation. Only ``asara play`` at a terminal
imports this module: the one-shot commands never load prompt_toolkit.

Completion asks, in this order: the game's legal moves (when the game can list them, an
optional capability), then the same Typer commands that parse the move (their options and
each game's completers, ``games/*/complete.py``). A word that is not offered is still
accepted."""

from __future__ import annotations

import shlex
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.application import run_in_terminal
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input.vt100 import Vt100Input
from prompt_toolkit.key_binding import KeyBindings, KeyPress, KeyPressEvent
from prompt_toolkit.keys import Keys

from asara_cli.cli import commandwords, lines
from asara_cli.cli.common import err
from asara_cli.cli.history import open_history
from asara_cli.cli.session import OWN, Session
from asara_cli.core.i18n import _
from asara_cli.core.shown import one_line
from asara_cli.render.wrap import terminal_width, wrap


class TableCompleter(Completer):
    """The words that may come next: the legal moves first, then the command's words."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def get_completions(self, document: Document, complete_event: CompleteEvent
                        ) -> Iterator[Completion]:
        before = document.text_before_cursor
        if lines.too_long(before):  # no move: nothing to complete (Enter says why)
            return
        try:
            words = lines.split(before)
        except ValueError:  # inside an open quote
            words = before.split()
        if before and not before[-1].isspace() and words:
            typed, incomplete = words[:-1], words[-1]
        else:
            typed, incomplete = words, ""
        seen: set[str] = set()
        for word in self.candidates(typed, incomplete):
            # a word of several (a card played: 'souk bag3 N2') goes in quoted, as typed
            quoted = shlex.quote(word)
            if word in seen or not (word.startswith(incomplete)
                                    or quoted.startswith(incomplete)):
                continue
            seen.add(word)
            yield Completion(quoted, start_position=-len(incomplete))

    def candidates(self, typed: list[str], incomplete: str) -> Iterable[str]:
        try:
            if typed:  # the command word typed in any language: its English name
                names = (*OWN, *self.session.command.commands)
                typed = [commandwords.english(typed[0].lower(), names) or typed[0],
                         *typed[1:]]
                yield from self._legal(typed)
                yield from self._words(typed, incomplete)
                return
            # the first word: the command words of the language in use
            yield from (commandwords.local(w) for w in self._legal(typed))
            yield from (commandwords.local(w) for w in OWN if w != "exit")
            yield from (commandwords.local(w) if not w.startswith("-") else w
                        for w in self._words(typed, incomplete))
        except Exception:  # completion never fails aloud
            return

    def _legal(self, typed: list[str]) -> Iterator[str]:
        """The next word of each legal move that begins with the words typed: the game
        answers for this word alone, without making every move (a secret Yspahan hand has
        tens of thousands)."""
        position = self.session.position
        if position is not None:
            yield from self.session.game.next_words(position.board, position.state, typed)

    def _words(self, typed: list[str], incomplete: str) -> Iterator[str]:
        """What the Typer command completes (its subcommands, options and each game's
        completers), as the shell's Tab would."""
        from typer._click.shell_completion import _resolve_context, _resolve_incomplete

        command: Any = self.session.command
        ctx = _resolve_context(command, {}, "", list(typed))
        found, text = _resolve_incomplete(ctx, list(typed), incomplete)
        for item in found.shell_complete(ctx, text):
            yield str(item.value)


class Bursts(Vt100Input):
    """The terminal's keys, a run of characters read at once (a paste the terminal does not
    mark as one) given as one paste: the line editor would insert, draw and keep for undo
    each character on its own, a line of 200,000 in minutes and gigabytes."""

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


@dataclass
class _Paste:
    """The paste being read: when its last part came, the line before it, whether it was
    left out."""

    last: float = -1.0
    before: Document | None = None
    refused: bool = False


def bounded_paste() -> KeyBindings:
    """A paste that would make the line longer than any move is left out, the line as it was
    before it, said in one line at once (not drawn first, then refused at Enter). A paste the
    terminal does not mark comes in runs: those read after the one refused (each within two
    seconds of the last) are left out without a word."""
    bindings = KeyBindings()
    paste = _Paste()

    @bindings.add(Keys.BracketedPaste)
    def pasted(event: KeyPressEvent) -> None:
        data = event.data.replace("\r\n", "\n").replace("\r", "\n")
        buffer = event.current_buffer
        now = time.monotonic()
        marked = not isinstance(event.key_sequence[0], _Run)
        if marked or now - paste.last > 2:  # another paste
            paste.before, paste.refused = buffer.document, False
        paste.last = -1.0 if marked else now
        if paste.refused:
            return
        refused = lines.too_long(buffer.text + data)
        if refused is None:
            buffer.insert_text(data)
            return
        paste.refused = True
        if paste.before is not None:
            buffer.document = paste.before
        run_in_terminal(lambda: err().print(_("error: {message}; the paste was left out"
                                              ).format(message=refused), soft_wrap=True))

    return bindings


def start(path: Path) -> bool:
    """No log yet at ``path``: ask for the options of ``asara new`` and start the game with
    that very command (``False``: the player left instead)."""
    from asara_cli.cli import run as command

    err().print(_("{path} does not exist yet: start a new game with the options of `asara "
                  "{new}` (e.g. -p Tina -p Paul -p Anna --pro; --game yspahan for YSPAHAN), "
                  "or Ctrl-D to leave").format(path=one_line(str(path)),
                                               new=commandwords.local("new")),
                soft_wrap=True)
    asking: PromptSession[str] = PromptSession(history=InMemoryHistory())
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
        if words and command(["new", str(path), *words]) == 0:
            return True


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

    def ask(player: str, question: str) -> str | None:
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

    session.ask = ask
    code = 0
    while True:
        who = session.mover
        try:
            text = prompt.prompt(f"{one_line(who) if who else 'asara'}> ")
        except KeyboardInterrupt:  # Ctrl-C clears the line
            continue
        except EOFError:  # Ctrl-D leaves
            break
        try:
            done = session.line(text)
        except KeyboardInterrupt:
            err().print(_("interrupted (Ctrl-C); what was written is complete"),
                        soft_wrap=True)
            continue
        if done is None:
            break
        code = done
    return 0 if code in (0, 1, 2) else code
