"""The line editor of ``asara play`` at a terminal (prompt_toolkit): the prompt naming the
player to move, history kept per user, Tab completion, and a bottom toolbar with the
period and the game's compact situation. Only ``asara play`` at a terminal imports this
module: the one-shot commands never load prompt_toolkit.

Completion asks, in this order: the game's legal moves (when the game can list them, an
optional capability), then the same Typer commands that parse the move (their options and
each game's completers, ``games/*/complete.py``). A word that is not offered is still
accepted."""

from __future__ import annotations

import os
import shlex
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import FileHistory, History, InMemoryHistory

from asara_cli.cli import commandwords
from asara_cli.cli.common import err
from asara_cli.cli.session import OWN, Session
from asara_cli.core.i18n import _
from asara_cli.core.shown import one_line
from asara_cli.render.wrap import terminal_width, wrap


def history_file() -> Path:
    """Each user's history of lines typed at the table: $XDG_STATE_HOME/asara-cli/history
    (by default ~/.local/state/asara-cli/history)."""
    state = os.environ.get("XDG_STATE_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "state")
    return Path(state) / "asara-cli" / "history"


def _history() -> History:
    path = history_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch(exist_ok=True)
    except OSError as e:  # a read-only home: the session works, the history is not kept
        err().print(_("note: the history of this session is not kept ({reason})").format(
            reason=one_line(str(e))), soft_wrap=True)
        return InMemoryHistory()
    return FileHistory(str(path))


class TableCompleter(Completer):
    """The words that may come next: the legal moves first, then the command's words."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def get_completions(self, document: Document, complete_event: CompleteEvent
                        ) -> Iterator[Completion]:
        before = document.text_before_cursor
        try:
            words = shlex.split(before)
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
        from asara_cli.cli.clickish import resolve_context, resolve_incomplete

        command: Any = self.session.command
        ctx = resolve_context(command, {}, "", list(typed))
        found, text = resolve_incomplete(ctx, list(typed), incomplete)
        for item in found.shell_complete(ctx, text):
            yield str(item.value)


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
            words = shlex.split(text)
        except ValueError as e:
            err().print(_("error: {message}").format(message=e), soft_wrap=True)
            continue
        if words and command(["new", str(path), *words]) == 0:
            return True


def run(session: Session) -> int:
    """The session at a terminal, until ``quit`` or Ctrl-D; Ctrl-C clears the line."""
    prompt: PromptSession[str] = PromptSession(
        history=_history(), completer=TableCompleter(session),
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
