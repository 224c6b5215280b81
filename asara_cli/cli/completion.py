"""What every game's tab completion shares: a completer that never fails aloud, matching
that keeps the letters typed, words from a file worth offering, the log in use, and a move's
words from the legal moves where the log in use has a position (:func:`legal_first`)."""

from __future__ import annotations

import contextlib
import functools
import io
import os
import sys
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import typer

from asara_cli.cli import COMPLETE_VAR
from asara_cli.cli.clickish import Command, CompletionItem, Context

Completer = Callable[[typer.Context, str], list[str]]


def quiet(fn: Completer) -> Completer:
    """Whatever goes wrong: no candidates."""

    @functools.wraps(fn)
    def complete(ctx: typer.Context, incomplete: str) -> list[str]:
        try:
            return fn(ctx, incomplete)
        except Exception:
            return []

    return complete


def escaped_for_bash(command: Command, line: str) -> None:
    """Each parameter's candidates under ``command`` with their blanks escaped, as bash's
    script inserts them as they are: escaped after Typer keeps those that start with the
    word typed, which Click gives unescaped (``souk\\ ba`` is ``souk ba``). Not inside a
    quote the ``line`` typed opens: bash closes it around the candidate."""
    import shlex

    try:
        shlex.split(line)
    except ValueError:  # a quote left open
        return
    for param in command.params:
        said = param.shell_complete

        def escaped(ctx: Context, incomplete: str, said: Any = said) -> list[CompletionItem]:
            return [CompletionItem(i.value.replace(" ", "\\ "), type=i.type, help=i.help)
                    for i in said(ctx, incomplete)]

        param.shell_complete = escaped  # type: ignore[method-assign]
    for sub in getattr(command, "commands", {}).values():
        escaped_for_bash(sub, line)


@contextlib.contextmanager
def quoted_for_zsh(shell: str) -> Iterator[None]:
    """Typer's answer to zsh is one quoted word its script evaluates, in which Typer doubles
    an apostrophe (``game''s``): zsh reads two quotes around nothing, and the help showed
    ``games``. It is written with the apostrophe quoted as zsh reads it (``'\\''``)."""
    if not shell.endswith("_zsh"):
        yield
        return
    answer = io.StringIO()
    try:
        with contextlib.redirect_stdout(answer):
            yield
    finally:
        sys.stdout.write(answer.getvalue().replace("''", "'\\''"))


def matching(candidates: Iterable[str], incomplete: str) -> list[str]:
    """The candidates that start with ``incomplete`` ignoring case, each spelt with the
    letters already typed (Typer keeps only candidates that start with them)."""
    typed = incomplete.casefold()
    found: list[str] = []
    for word in dict.fromkeys(candidates):
        if word.startswith(incomplete):
            found.append(word)
        elif word[: len(incomplete)].casefold() == typed:
            found.append(incomplete + word[len(incomplete):])
    return found


def plain(word: str, signs: str = " -_.") -> bool:
    """A word from a file that is safe and useful to offer: letters, digits and ``signs``."""
    return bool(word) and word == word.strip() and len(word) <= 64 and all(
        c.isalnum() or c in signs or unicodedata.category(c).startswith("M") for c in word)


def log_path(ctx: Context) -> Path:
    """The current log, found as the commands find it (raises when there is none)."""
    from asara_cli.logfile.record import default_log

    given: Any = ctx.params.get("log")
    return default_log(Path(given) if isinstance(given, (str, os.PathLike)) else None)[0]


@quiet
def players(ctx: typer.Context, incomplete: str) -> list[str]:
    """``--player``: the players of the current log (of any game)."""
    from asara_cli.logfile.game import read_log

    log = read_log(log_path(ctx))
    names = log.header.rules.players_of(log.header.setup)
    return matching([n for n in names if plain(n)], incomplete)


def legal_first(own: Completer | None) -> Completer:
    """A move's word at the shell's Tab: where the log in use is legal and a legal move's next
    word fits what is typed, those words (as ``asara play`` offers them); else ``own``'s,
    the grammar's (a fact, a folded move, a refused line, no log)."""

    @quiet
    def complete(ctx: typer.Context, incomplete: str) -> list[str]:
        found: list[str] = []
        if os.environ.get(COMPLETE_VAR):
            with contextlib.suppress(Exception):  # no log, an unreadable one: the grammar's
                found = _legal(ctx, incomplete)
        if found or own is None:
            return found
        return own(ctx, incomplete)

    return complete


def shell_words() -> list[str]:
    """The words before the one completed, as Typer's completion scripts pass them (bash:
    ``$COMP_WORDS`` and ``$COMP_CWORD``; zsh, fish, PowerShell: ``$_TYPER_COMPLETE_ARGS``,
    and PowerShell the word completed apart), the program's name left out."""
    from asara_cli.cli.clickish import split_arg_string

    if "COMP_WORDS" in os.environ:
        return split_arg_string(os.environ["COMP_WORDS"])[1:int(os.environ["COMP_CWORD"])]
    said = os.environ.get("_TYPER_COMPLETE_ARGS", "")
    words = split_arg_string(said)[1:]
    completed = os.environ.get("_TYPER_COMPLETE_WORD_TO_COMPLETE")
    if completed is not None:  # PowerShell: its line ends where the words do
        return words[:-1] if completed else words
    return words if said.endswith(" ") or not words else words[:-1]


#: The one-shot command's own options, which no move's words hold, and how many words each
#: takes; the mover's (``-p``) where it names the mover.
_OWN = {"--log": 1, "-l": 1, "--dry-run": 0, "-n": 0, "--player": 1, "-p": 1}


def moving(typed: Sequence[str], mover: str | None) -> list[str] | None:
    """A move's words typed as the legal moves say them: the one-shot command's own options
    left out, and ``-p`` where it names ``mover``; ``None`` where it names another player
    (the move is refused: no legal move's words)."""
    move: list[str] = []
    rest = iter(typed)
    for word in rest:
        flag, sign, value = word.partition("=")
        if flag not in _OWN:
            move.append(word)
            continue
        given = [value] if sign else [next(rest, "") for _value in range(_OWN[flag])]
        if flag in ("--player", "-p") and any(
                n.casefold() != (mover or "").casefold() for n in given):
            return None
    return move


def _legal(ctx: typer.Context, incomplete: str) -> list[str]:
    """The legal moves' next words after the move typed so far, in the language in use."""
    from asara_cli.cli.typedwords import english

    typed, command = shell_words(), ctx.info_name or ""
    found = _position(ctx) if command in typed else None
    if found is None:
        return []
    game, board, state = found
    # the command as typed (its local word, or English), then what follows it
    move = moving(typed[typed.index(command):], game.recording().to_move(state))
    if move is None:
        return []
    move = english(game, move)
    if move[0] not in game.listed_names():
        return []
    return _next_said(game, board, state, move, incomplete)


def _next_said(game: Any, board: Any, state: Any, move: list[str], incomplete: str
               ) -> list[str]:
    """The legal moves' next words after the English words ``move``, in the language in
    use, that fit ``incomplete``."""
    from asara_cli.cli.typedwords import local_next

    said = (local_next(game, move, w) for w in game.next_words(board, state, move))
    # a name from the log may be among them; a gift's words hold a colon (buy base: gold)
    return matching((w for w in said if plain(w, " -_.:")), incomplete)


@quiet
def moves_words(ctx: typer.Context, incomplete: str) -> list[str]:
    """``asara moves LOG WORD...``: the next word of the legal moves that begin with the
    words typed after the log (the log named by --log, the words are all after it)."""
    from asara_cli.cli.typedwords import english
    from asara_cli.logfile.record import default_log

    given: Any = ctx.params.get("log")
    typed = [str(w) for w in ctx.params.get("words") or ()]
    if ctx.params.get("log_file") is not None:  # the first word stands where LOG would
        given, typed = ctx.params["log_file"], [*([str(given)] if given else []), *typed]
    found = _position_at(default_log(Path(given) if given else None)[0])
    if found is None:
        return []
    game, board, state = found
    return _next_said(game, board, state, english(game, typed), incomplete)


def moves_log(ctx: typer.Context, incomplete: str) -> list[str]:
    """``asara moves`` where LOG stands: a move's first word when --log names the log, else
    none (the shell offers files)."""
    return moves_words(ctx, incomplete) if ctx.params.get("log_file") is not None else []


def not_legal_now(ctx: Context) -> set[str]:
    """At the shell's Tab, the commands of moves the log in use lists and none of which is
    legal now (``camels`` with no die on its row), in English and the language in use: left
    out of the commands offered, as ``asara play`` leaves them out."""
    from asara_cli import commandwords

    if not os.environ.get(COMPLETE_VAR):
        return set()
    with contextlib.suppress(Exception):  # no log, an unreadable one: every command
        found = _position(ctx)
        if found is not None:
            game, board, state = found
            names = set(game.listed_names()) - set(game.next_words(board, state, []))
            return names | {commandwords.local(name) for name in names}
    return set()


def _position(ctx: Context) -> tuple[Any, Any, Any] | None:
    """The game, board and position of the log in use; ``None`` where it is illegal."""
    return _position_at(log_path(ctx))


def _position_at(path: Path) -> tuple[Any, Any, Any] | None:
    """The game, board and position of the log at ``path``; ``None`` where it is illegal."""
    from asara_cli.cli.common import replay_file

    read = replay_file(path, None)
    if read.result.stopped is not None:
        return None
    game = read.log.header.rules
    return game, read.board, game.recording().position(read.result)
