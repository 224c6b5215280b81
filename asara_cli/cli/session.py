"""The table session (``asara play``): a line is a one-shot command's words without
``asara``, its move recorded against the position kept in memory (no replay per move). The
terminal is ``cli/table.py``'s; a log changed on disk is read again before a line, and
under the lock a move is written only over the file read.
"""

from __future__ import annotations

import os
import re
import shlex
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from itertools import islice
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import typer
from msgspec import structs
from typer.exceptions import TyperException

from asara_cli import commandwords
from asara_cli.cli import lines, recording
from asara_cli.cli.common import add_command, err, out, shown, word_group
from asara_cli.cli.recording import errors, lock, must_exist, say, told
from asara_cli.cli.transaction import Position, load, record
from asara_cli.core.i18n import N_, _
from asara_cli.core.shown import one_line, show_path
from asara_cli.errors import AsaraError, Asked, InputError, WordError
from asara_cli.logfile.common import read_text

if TYPE_CHECKING:
    from typer.core import TyperGroup

    from asara_cli.core.findings import Violation
    from asara_cli.games.base import SomeGame
    from asara_cli.logfile.game import GameLog

#: The session's own words (the rest are the game's move commands, ``status`` and ``score``).
OWN = ("check", "undo", "redo", "history", "moves", "help", "quit", "exit")

# the command words are placeholders: the language in use names them (``verlauf``)
HELP = N_("""At the table, type a move as the one-shot command without `asara`, e.g.
{example}. Besides the moves:
  {status}, {score}        the board, the points (their options too: {status} --full)
  {check} MOVE           would MOVE be legal? nothing is written
  {undo}, {redo}           take back the last event, bring it back
  {history} [N]          the last N events (10), numbered
  {moves} [--all]        the legal moves of the player to move, grouped
  {moves} WORD...        those that begin with the words, every one
  {help} [COMMAND]       this, or a command's options
  {quit}                 leave (Ctrl-D too); Ctrl-C clears the line
Tab completes the words; each move is written to the log at once.""")

#: The session's words that only show or check: a line of them is for nobody in particular.
SHOWS = ("check", "history", "moves", "help", "quit", "exit", "status", "score")

#: Options of the move commands that mean nothing in a session, hidden from ``help MOVE``.
HIDDEN = ("log", "log_file", "dry_run")

Stamp = tuple[int, int, int]


def stamp(path: Path) -> Stamp | None:
    """What tells a changed file: its inode, size and modification time (``None``: gone)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


class AtTable:
    """A stream that says the session's commands as typed there (``asara roll 1 1`` →
    ``roll 1 1``; ``asara validate`` stays): the games write hints for the shell, and only
    the session's output knows where they are shown."""

    def __init__(self, stream: IO[str], names: Iterable[str]) -> None:
        self.stream = stream
        words = "|".join(sorted({re.escape(w) for w in names}, key=len, reverse=True))
        # the same line (made shorter), or `asara` last on a line and the command word
        # first on the next (``asara`` dropped: no line made longer than it was wrapped)
        self.inline = re.compile(rf"(?<![\w/.-])asara[ \t]+(?=(?:{words})(?![\w-]))")
        self.broken = re.compile(rf"[ \t]*(?<![\w/.-])asara(?=\n[ \t]*(?:{words})(?![\w-]))")

    def write(self, text: str) -> int:
        self.stream.write(self.broken.sub("", self.inline.sub("", text)))
        return len(text)

    def __getattr__(self, name: str) -> Any:  # isatty, fileno, encoding, flush ...
        return getattr(self.stream, name)


@contextmanager
def at_table(commands: Iterable[str]) -> Iterator[None]:
    """While the session speaks, stdout and stderr say its commands and ``commands`` as
    typed here (:class:`AtTable`)."""
    # not `new`: the session refuses it, `asara new` is typed outside
    names = [n for n in (*OWN, *commands) if n != "new"]
    names += [commandwords.local(n) for n in names]
    with redirect_stdout(AtTable(sys.stdout, names)), redirect_stderr(AtTable(sys.stderr, names)):
        yield


def every_command() -> list[str]:
    """The commands a session may run, of every game (before ``new``, its game is unknown)."""
    from asara_cli.games import all_games

    return ["status", "score", "moves", *(n for g in all_games() for n in g.command_names())]


class Session:
    """A log at the table: its game, the position kept in memory, and the commands."""

    def __init__(self, path: Path) -> None:
        from asara_cli.games import UnknownGame, find_game
        from asara_cli.logfile.game import peek_game, read_log

        must_exist(path)
        self.path = path
        try:
            self.game: SomeGame = find_game(peek_game(path))
        except UnknownGame as e:  # the reader says what is wrong, at its line (else: this)
            read_log(path)
            raise InputError(str(e), path=str(path)) from None
        self.position: Position | None = None
        self.problem: str | None = None  # why no move can be recorded (an illegal log)
        self.seen: Stamp | None = None
        #: the positions before each event recorded or redone since read: ``undo`` steps back
        self.back: list[Position] = []
        self.command: TyperGroup = _commands(self.game)
        #: asks a player at the terminal (``None``: Ctrl-C); unset where nobody is to ask
        self.ask: Callable[[str, str], str | None] | None = None
        #: the last line carried out with its questions' answers, for the history
        self.completed: str | None = None
        self.reload()

    # --- the position -------------------------------------------------------------------------

    def reload(self) -> None:
        """Read and replay the log; an illegal one leaves no position (moves refused)."""
        self.seen = stamp(self.path)
        self.back = []
        try:
            self.position = load(self.game, self.path, "play")
            self.problem = None
        except AsaraError as e:
            self.position = None
            self.problem = str(e)
            raise

    def stale(self) -> bool:
        return stamp(self.path) != self.seen

    def notice(self) -> None:
        """A log changed on disk is read again, and the table told so with whose turn."""
        if not self.stale():
            return
        try:
            self.reload()
        except AsaraError as e:
            say(_("{path} changed on disk; read again").format(path=show_path(self.path)))
            shown(e)
            return
        say(_("{path} changed on disk; read again: {turn}").format(
            path=show_path(self.path), turn=self.turn()))

    def for_anyone(self, text: str) -> bool:
        """Whether the line only shows or checks (it is for no player in particular)."""
        try:
            words = lines.words(text)
        except ValueError:
            return True
        if not words:
            return True
        head = commandwords.english(words[0].lower(), (*OWN, *self.command.commands))
        return head in SHOWS or "--help" in words or "-h" in words

    def turn(self) -> str:
        """``event 12; Tina to move`` (or that the game is over)."""
        if self.position is None:
            return _("no move can be recorded until the log is legal again ({problem})"
                     ).format(problem=self.problem)
        who, done = self.mover, len(self.position.log.events)
        if who is None:
            return _("event {event}; the game is over").format(event=done)
        return _("event {event}; {player} to move").format(event=done, player=one_line(who))

    @property
    def mover(self) -> str | None:
        if self.position is None:
            return None
        return self.game.recording().to_move(self.position.state)

    def situation(self) -> str:
        """The bottom toolbar: the game's situation where it says one, else whose turn."""
        if self.position is None:
            return _("the log is not legal: fix it ({validate}), or {undo}").format(
                validate="asara " + commandwords.local("validate"),
                undo=commandwords.local("undo"))
        rules: Any = self.game.recording()
        said = getattr(rules, "situation", None)
        if callable(said):
            return one_line(str(said(self.position.board, self.position.state)))
        return self.turn()

    # --- a line --------------------------------------------------------------------------------

    def line(self, text: str) -> int | None:
        """Carry out one line typed at the table; the exit code it would have as a
        command (0 done, 1 refused, 2 unusable), ``None`` for ``quit``."""
        with at_table(self.command.commands):
            return self._line(text)

    def _line(self, text: str) -> int | None:
        self.completed = None
        try:
            words = lines.words(text)
        except ValueError as e:  # an unclosed quote, a line too long to be a move
            err().print(_("error: {message}; nothing was done").format(message=e),
                        soft_wrap=True)
            return 2
        if not words:
            return 0
        self.notice()
        # a command word of any language (``verlauf``, ``kaufen``): its English name
        head = commandwords.english(words[0].lower(), (*OWN, *self.command.commands))
        if head is None:
            return self._unknown(words)
        typed, words = words[0], [head, *words[1:]]
        if head in ("quit", "exit"):
            return None
        own: dict[str, Callable[[list[str]], int]] = {
            "undo": self.undo, "redo": self.redo, "history": self.history,
            "help": self.help, "moves": self.moves}
        # the command reads the log itself (`moves` too for another event or board, or help)
        elsewhere = {"--at", "--board", "-h", "--help"}.intersection(words)
        if head in ("status", "score") or (head == "moves" and elsewhere and words[1][:1] == "-"):
            return self.invoke([*words, "--", str(self.path)])
        if head in own:
            return own[head](words[1:])
        if head == "new":
            return self._fail(WordError(_("a session records into its log: start a new game "
                                          "with `asara {new}` outside it").format(
                new=commandwords.local("new"))))
        return self._answered(words, typed)

    def _answered(self, words: list[str], typed: str) -> int:
        """The move's words carried out, each decision left out asked and its answer put on
        the line: a refused answer asks the last question again, Ctrl-C steps back one (at
        the first, nothing is written); a line completed so is kept in :attr:`completed`."""
        asked: list[tuple[Asked, list[str]]] = []  # each question answered, the words before
        pending: Asked | None = None
        while True:
            if pending is None:
                try:
                    code = self.invoke(words)
                except Asked as q:
                    assert self.ask is not None
                    if answered(words, q.replace, []) is None:  # nowhere to put the answer
                        return self._fail(q)
                    pending = q
                    continue
                if code in (1, 2) and asked:  # refused with the answers: the last again
                    pending, words = asked.pop()
                    continue
                if asked:
                    self.completed = shlex.join([typed, *words[1:]])
                return code
            added = self._asked(pending)
            if added is None:  # Ctrl-C or Ctrl-D: one question back
                if not asked:
                    err().print(_("abandoned: the whole move; nothing was written"),
                                soft_wrap=True)
                    return 1
                pending, words = asked.pop()
                continue
            if pending.first:  # a line of its own before this one (a refusal: asked again)
                self.invoke(added)
                pending = None
                continue
            asked.append((pending, words))
            words = answered(words, pending.replace, added) or words
            pending = None

    def _asked(self, q: Asked) -> list[str] | None:
        """Ask the player the decision belongs to, until an answer makes words (``None``:
        Ctrl-C or Ctrl-D, the move abandoned)."""
        assert self.ask is not None
        while True:
            answer = self.ask(q.who, q.question)
            if answer is None:
                return None
            try:
                return list(q.words(" ".join(answer.split())))
            except WordError as e:
                err().print(_("error: {message}").format(message=e), soft_wrap=True)

    def invoke(self, words: list[str]) -> int:
        """The words run by the one-shot command (called by its local word, which its usage
        line then says); the move it returns is recorded against the position kept."""
        if words and words[0] in self.command.commands:
            words = [commandwords.local(words[0]), *words[1:]]
        try:
            done = self.command.main(args=words, prog_name="", standalone_mode=False)
        except typer.Exit as e:  # a refusal already said (guarded), or --help
            return e.exit_code
        except typer.Abort:
            return 130
        except TyperException as e:  # usage: Typer's own words, said as a session's line
            from asara_cli.cli.spoken import usage_message

            text = one_line(usage_message(e)).rstrip(".")
            err().print(_("error: {message}; nothing was done (`{help}` lists what can "
                          "be typed)").format(message=text, help=commandwords.local("help")),
                        soft_wrap=True)
            return int(getattr(e, "exit_code", 2))
        if not isinstance(done, recording.Move):
            return done if isinstance(done, int) else 0
        if done.log is not None and stamp(done.log) != stamp(self.path):
            raise WordError(_("this session records into {path}; --log names another "
                              "log").format(path=show_path(self.path)))
        return self.transact(done)

    def transact(self, move: recording.Move) -> int:
        """The one transaction against the kept position, written under the lock."""
        try:
            with errors():
                if self.position is None:
                    raise InputError(_("no move can be recorded: {problem}").format(
                        problem=self.problem))
                note = self._note
                # a player at a terminal may be asked what the words leave out
                here = structs.replace(self.position, asking=self.ask is not None)
                if move.dry:
                    told(record(here, move.make, dry=True, tell=note), True)
                    return 0
                with lock(self.path):
                    if self.stale():
                        self.reload()
                        raise InputError(_("{path} changed on disk while you typed; read "
                                           "again ({turn}): nothing was written, type the "
                                           "move again").format(path=show_path(self.path),
                                                                turn=self.turn()))
                    done = record(here, move.make, tell=note)
                    assert done.written is not None  # not a check only
                    self.back.append(self.position)
                    self.position = Position(self.path, done.written, read_text(self.path),
                                             self.position.board, done.state)
                    self.seen = stamp(self.path)
                told(done, False)
                return 0
        except Asked as q:
            if self.ask is None:  # nobody to ask: refused, as the one-shot command does
                return self._fail(q)
            raise
        except AsaraError as e:
            return self._fail(e)

    @staticmethod
    def _note(note: str) -> None:
        err().print(_("note: {message}").format(message=note), soft_wrap=True)

    @staticmethod
    def _fail(e: AsaraError) -> int:
        return shown(e).exit_code

    # --- the session's own commands ------------------------------------------------------------

    def undo(self, words: list[str]) -> int:
        return self._step(words, "undo", _("{undo} takes no words: it takes back the last "
                                           "event"), self._undone, recording.undo)

    def redo(self, words: list[str]) -> int:
        return self._step(words, "redo", _("{redo} takes no words: it brings back the last "
                                           "event undone"), self._redone, recording.redo)

    def _step(self, words: list[str], name: str, refusal: str,
              kept: Callable[[Position], bool], command: Callable[..., None]) -> int:
        """``undo`` or ``redo`` from the positions kept, under the lock and over the very
        file they were read from; else (the log changed, nothing kept) the command's, and
        the log read again."""
        if words:
            return self._fail(WordError(refusal.format(**{name: commandwords.local(name)})))
        try:
            if self.position is not None:
                with errors(), lock(self.path):
                    if not self.stale() and kept(self.position):
                        self.seen = stamp(self.path)
                        return 0
        except AsaraError as e:
            return self._fail(e)
        try:
            command(log=self.path)
            code = 0
        except AsaraError as e:
            code = self._fail(e)
        try:
            self.reload()
        except AsaraError as e:
            return self._fail(e)
        return code

    def _undone(self, position: Position) -> bool:
        from asara_cli.logfile.record import undo as undo_log

        if not self.back or self.back[-1].log.events != position.log.events[:-1]:
            return False
        prior = self.back[-1]
        before, event = undo_log(self.path, (position.log, position.text),
                                 (prior.log, prior.text))
        self.back.pop()
        self.position = Position(self.path, prior.log, read_text(self.path), prior.board,
                                 prior.state)
        number, who = len(before.events), self.mover
        move = self.game.move_text(position.board, event)
        said = (_("undone: {move}; event #{number} (`asara redo` brings it back)") if who is None
                else _("undone: {move}; event #{number}. {player} to move (`asara redo` "
                       "brings it back)"))
        say(said.format(move=move, number=number, player=one_line(who or "")))
        return True

    def _redone(self, position: Position) -> bool:
        """``redo``: the event brought back is checked against the position kept."""
        from asara_cli.logfile.record import redo as redo_log

        rules = self.game.recording()
        board, state = position.board, position.state

        def broken(log: GameLog) -> list[Violation]:
            return [structs.replace(v, event=len(log.events))
                    for v in rules.check(board, state, log.events[-1]) if v.is_error]

        after = redo_log(self.path, broken, (position.log, position.text))
        event = after.events[-1]
        done = rules.apply(board, state, event)
        self.back.append(position)
        self.position = Position(self.path, after, read_text(self.path), board,
                                 rules.after(done))
        say(_("redone: {move}").format(move=rules.result_line(board, state, done, event, True)))
        for screen in rules.period_end(board, state, done):
            out().print(screen)
        return True

    def history(self, words: list[str]) -> int:
        """``history [N]``: the last N events in words, numbered as the log counts them."""
        if len(words) > 1 or (words and not (words[0].isascii() and words[0].isdigit())):
            history = commandwords.local("history")
            return self._fail(WordError(_("{history} takes one number: how many of the last "
                                          "events to show (e.g. {history} 5)").format(
                history=history)))
        if self.position is None:
            return self._fail(InputError(_("the log cannot be read as a game: {problem}"
                                           ).format(problem=self.problem)))
        count = int(words[0]) if words else 10
        events, board = self.position.log.events, self.position.board
        if not events:
            say(_("no event yet"))
        for number in range(max(0, len(events) - count) + 1, len(events) + 1):
            out().print(f"#{number} {one_line(self.game.move_text(board, events[number - 1]))}",
                        soft_wrap=True)
        return 0

    def moves(self, words: list[str]) -> int:
        """``moves [--all] [--format json]``: grouped as `asara moves` shows them, from the
        position kept; ``moves WORD...``: every move that begins with the words."""
        from asara_cli.cli.moves import show

        if self.position is None:
            return self._fail(InputError(_("the log cannot be read as a game: {problem}"
                                           ).format(problem=self.problem)))
        position = self.position
        if not words or words[0].startswith("-"):
            every, fmt, rest = "--all" in words, "text", [w for w in words if w != "--all"]
            if rest[:1] in (["--format"], ["-f"]) and len(rest) == 2:
                fmt, rest = rest[1], []
            if rest or fmt not in ("text", "json"):
                return self._fail(WordError(_("{moves} takes --all, --format text or json, "
                                              "--at N, or the first words of a move").format(
                    moves=commandwords.local("moves"))))
            show(self.game, position.board, position.state, len(position.log.events), False,
                 every, fmt, brief=True)
            if fmt == "text" and not every:
                say(_("`{moves} WORD...`: the moves that begin with the words; `{moves} "
                      "--all`: every move").format(moves=commandwords.local("moves")))
            return 0
        from asara_cli.cli.typedwords import english, local_line

        listed = legal_moves(self, english(self.game, words))
        if listed is None:
            return self._fail(InputError(_("the legal moves could not be listed here; Tab "
                                           "completes the words of a move")))
        for move in listed:
            out().print(one_line(local_line(self.game, move)), soft_wrap=True)
        if not listed:
            say(_("no legal move begins with those words"))
        note = self.game.moves_note(position.board, position.state)
        if note:
            say(one_line(note))
        return 0

    def help(self, words: list[str]) -> int:
        if words:
            name = commandwords.english(words[0].lower(), self.command.commands)
            return self.invoke([name or words[0], *words[1:], "--help"])
        words_of = {n: commandwords.local(n) for n in (*OWN, "status", "score")}
        say(_(HELP).format(example=_example(self), **words_of))
        names = sorted(commandwords.local(c) for c in self.command.commands
                       if c not in ("new", "check", "moves"))
        say(_("Moves and views: {names} ({help} MOVE: its words and options)").format(
            names=", ".join(names), help=commandwords.local("help")))
        return 0

    def _unknown(self, words: list[str]) -> int:
        """A first word that is no command here: another game's command is said to be
        one (as the one-shot command says it), else Typer's words for it."""
        from asara_cli.games import all_games

        owner = next((g for g in all_games() if commandwords.english(words[0].lower(),
                                                                      g.command_names())),
                     None)
        if owner is not None and owner.key != self.game.key:
            return self._fail(WordError(_(
                "'{word}' is a command of {game}, and this session records a game of "
                "{played}: nothing was done").format(word=one_line(words[0]), game=owner.name,
                                                     played=self.game.name)))
        return self.invoke(words)


def answered(words: list[str], replace: tuple[str, ...], added: list[str]
             ) -> list[str] | None:
    """The line with an answer's words in place of ``replace`` (also as ``--option=value``;
    ``None``: not on the line), or at its end when ``replace`` is empty."""
    size = len(replace)
    if not size:
        return [*words, *added]
    for i in range(len(words) - size + 1):
        if tuple(words[i: i + size]) == replace:
            return [*words[:i], *added, *words[i + size:]]
    if size == 2 and replace[0].startswith("--") and "=".join(replace) in words:
        i = words.index("=".join(replace))
        return [*words[:i], *added, *words[i + 1:]]
    return None


def legal_moves(session: Session, typed: Sequence[str] = (), most: int | None = None
                ) -> list[str] | None:
    """The words of at most ``most`` legal moves that begin with ``typed`` (made as asked
    for: a position may have tens of thousands); ``None``: no position, or listing failed."""
    if session.position is None:
        return None
    position = session.position
    try:
        found = session.game.legal_moves(position.board, position.state, typed)
        return [m.words for m in islice(found, most)]
    except Exception:  # a listing that fails is as good as none: the words complete
        return None


def who_starts(path: Path, words: Sequence[str]) -> Asked | None:
    """Before ``new`` runs on the words typed at the ``new>`` prompt: who begins, when they
    leave it out and the game asks it; ``None`` for its help or words ``new`` refuses."""
    from asara_cli.cli import _speak, build_app
    from asara_cli.games import UnknownGame, find_game

    try:
        words = _speak(list(words))  # in the language ``new`` will speak (--lang taken out)
        command: Any = typer.main.get_command(build_app("new", ["new", *words]))
        new, args = command.commands["new"], [str(path), *words]
        # its help asked for (as Click reads it): shown by `new`, nothing asked
        probe = new.make_context("new", list(args), resilient_parsing=True)
        if probe.get_parameter_source("help").name == "COMMANDLINE":
            return None
        given = new.make_context("new", args).params
        return find_game(given.get("game")).who_starts(given)
    except (TyperException, UnknownGame, InputError):
        return None


def _example(session: Session) -> str:
    """A move to type, as help shows it: one legal now, else the command of the fact due (a
    roll, a deal), else a move command's word."""
    from asara_cli.cli.typedwords import local_line

    listed = legal_moves(session, most=1)
    if listed:
        return f"`{one_line(local_line(session.game, listed[0]))}`"
    names = sorted(c for c in session.command.commands if c not in ("new", "check", "moves",
                                                                    "status", "score"))
    if session.position is not None:
        note = session.game.moves_note(session.position.board, session.position.state) or ""
        due = [n for n in names if re.search(rf"\basara {re.escape(n)}\b", note)]
        if due:
            return f"`{commandwords.local(due[0])} ...`"
    return f"`{commandwords.local(names[0])} ...`" if names else _("a move")


def _commands(game: SomeGame) -> TyperGroup:
    """The game's move commands, ``status``, ``score`` and ``moves``, as the shell's (its
    help in the language in use)."""
    from asara_cli.cli import _parsed
    from asara_cli.cli.game import score, status
    from asara_cli.cli.moves import moves

    group = word_group("")
    game.register_commands(group, None)
    add_command(group, "status", status)
    add_command(group, "score", score)
    add_command(group, "moves", moves)
    command = _parsed(group)
    for sub in command.commands.values():
        for param in sub.params:
            if param.name in HIDDEN:
                param.hidden = True
    return command  # type: ignore[no-any-return]


def read_moves(session: Session, moves: Iterable[str]) -> int:
    """Moves from a file or a pipe, one a line (``#`` comments left out), each as at the
    table; the first refused or unusable stops the rest, named by its line, with its code."""
    for number, text in enumerate(lines.bounded(moves), 1):
        words = text.strip()
        if not words or words.startswith("#"):
            continue
        refused = lines.too_long(words)
        if refused is not None:  # said at once, and not shown
            err().print(_("error: line {number}: {message}; it and the lines after it were "
                          "not read").format(number=number, message=refused), soft_wrap=True)
            return 2
        code = session.line(words)
        if code is None:
            return 0
        if code != 0:
            err().print(_("stopped at line {number}: {line}; the lines after it were not "
                          "read").format(number=number, line=one_line(words)), soft_wrap=True)
            return code
    return 0
