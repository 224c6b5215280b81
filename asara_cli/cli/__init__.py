"""The ``asara`` command: a thin Typer layer over the log layer and the referee.

A command line builds only the command it names where it can: Typer inspects every
command's parameters when it builds a group, and the recording commands pull in the whole
referee. ``app`` (the full group, for ``--help`` and the tests) is built on first use.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from importlib import import_module
from typing import TYPE_CHECKING, Annotated, Any

from asara_cli import __version__
from asara_cli.core.i18n import N_, _
from asara_cli.errors import AsaraError, InputError

if TYPE_CHECKING:  # imported when a command is built: `asara --version` needs none of it
    import typer

    from asara_cli.games.base import SomeGame

#: Commands that need neither the recording commands nor each other, by module.
_READERS: dict[str, tuple[str, str]] = {
    "validate": ("asara_cli.cli.game", "validate"),
    "status": ("asara_cli.cli.game", "status"),
    "score": ("asara_cli.cli.game", "score"),
    "moves": ("asara_cli.cli.moves", "moves"),
    "board": ("asara_cli.cli.board", "board"),
    "simulate": ("asara_cli.cli.simulate", "simulate"),
    "batch": ("asara_cli.cli.batch", "batch"),
    "report": ("asara_cli.cli.report", "report"),
    "rules": ("asara_cli.cli.rules", "rules"),
    "play": ("asara_cli.cli.play", "play"),  # builds the game's commands itself, inside
}


def _version(value: bool) -> None:
    import typer

    if value:
        typer.echo(f"asara {__version__}")
        raise typer.Exit()


def _known_game(value: str | None) -> str | None:
    if value is not None:  # the group was built for it (_played); an unknown name is refused
        from asara_cli.cli.common import find_game_option

        find_game_option(value)
    return value


def root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True,
                     help="Show the version and exit."),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option("--lang", metavar=N_("CODE"), show_default=False,
                     help="The language to answer in: {languages} (default: $ASARA_LANG, "
                     "else the locale's, else English). Every command takes it."),
    ] = None,
    game: Annotated[
        str | None,
        typer.Option("--game", "-g", help="The game whose recording commands to list "
                     "(default: ASARA; a move records into its log's game).",
                     show_default=False, callback=_known_game, is_eager=True),
    ] = None,
) -> None:
    """Scorekeeper and rules referee for the board games ASARA and YSPAHAN.

    A log names its game; the commands for every game read any log. Each game has its own
    `new` and moves: this screen lists those of the game of the log in use (else ASARA's);
    `asara --game yspahan --help` lists YSPAHAN's, `asara --game asara --help` ASARA's.

    A rule id in a message, such as [R5.2] or [Y3.8]: `asara rules R5.2` says the rule.
    """


def build_app(only: str | None = None, args: Sequence[str] = ()) -> typer.Typer:
    """The ``asara`` group: every command, or only the command ``only`` (any other word
    builds them all, for Typer to say what is wrong). A game's own commands are those of
    the game the command line is about (:func:`_played`): two games may use one word."""
    global typer  # the commands' annotations name it: Typer resolves them in this module
    import typer

    from asara_cli.cli.common import add_command, help_text, resolved, word_group

    # a move command returns its move: recorded by the result callback
    group = word_group("asara", completion=True, result_callback=_carry_out)
    group.callback(help=help_text(root.__doc__ or ""))(resolved(root))
    for name, (module, attr) in _READERS.items():
        if only is None or name == only:
            command: Callable[..., Any] = getattr(import_module(module), attr)
            add_command(group, name, command)
    if only in _READERS:
        return group
    from asara_cli.cli.recording import COMMANDS

    if only in COMMANDS:
        add_command(group, only, COMMANDS[only])
        return group
    played = _played(args, only)
    if only is not None and only not in played.command_names():
        _other_game(played, only, args)
    own = only if only is not None and only in played.command_names() else None
    played.register_commands(group, own)
    if only == "check":  # the move the line names alone, if it names one
        from asara_cli.cli.recording import only_checked

        only_checked(group, _checked(args, played.command_names()))
    if own is None:
        if only is not None:  # a word that is no command: every command, to suggest one
            for name, (module, attr) in _READERS.items():
                add_command(group, name, getattr(import_module(module), attr))
        for name, fn in COMMANDS.items():
            add_command(group, name, fn)
        _panels(group, played)
    return group


def _carry_out(result: object, **params: object) -> None:
    """A move a recording command returned, carried out (imported only then)."""
    if result is not None:
        from asara_cli.cli.recording import carry_out

        carry_out(result, **params)


def _panels(group: typer.Typer, played: SomeGame) -> None:
    """The full list in two: the commands for every game, and the game's own."""
    from asara_cli.cli.recording import COMMANDS
    from asara_cli.games import all_games

    others = "; ".join(f"{g.name}'s: asara --game {g.key} --help" for g in all_games()
                       if g.key != played.key)
    infos: list[typer.models.CommandInfo | typer.models.TyperInfo] = [
        *group.registered_commands, *group.registered_groups]
    for info in infos:
        if info.name in _READERS or info.name in COMMANDS:
            info.rich_help_panel = "Commands for every game"
        else:  # translated whole, as every help text (cli/helptexts.py)
            info.rich_help_panel = f"{played.name}: a new game and its moves ({others})"


def _checked(args: Sequence[str], names: Sequence[str]) -> str | None:
    """The move a ``check`` command line names (``check bunt``), in English, or ``None``;
    a command of ``names`` typed in English reads no catalogue (milliseconds each)."""
    words = [a for a in args if not a.startswith("-")]
    if "check" not in words or words.index("check") + 1 >= len(words):
        return None
    from asara_cli.commandwords import english

    word = words[words.index("check") + 1]
    return english(word, names) or english(word) or word


def _option(args: Sequence[str], names: tuple[str, ...]) -> str | None:
    """The value of an option in ``args`` (``--game X``, ``--game=X``, ``-g X``)."""
    for i, a in enumerate(args):
        if a == "--":
            break
        if a in names and i + 1 < len(args):
            return args[i + 1]
        for n in names:
            if n.startswith("--") and a.startswith(n + "="):
                return a[len(n) + 1:]
    return None


def _played(args: Sequence[str], only: str | None) -> SomeGame:
    """The game a command line is about: ``--game NAME``, else (not ``new``) the game of the
    log in use, else the game whose command the word is, else the default; a bad name or
    log is left for the command to report."""
    from asara_cli.games import DEFAULT, UnknownGame, all_games, find_game, game

    word = only if only is not None else next((a for a in args if not a.startswith("-")),
                                              None)
    try:
        named = _option(args, ("--game", "-g"))
        if named is not None:
            return find_game(named)
        if word == "new":  # a new game is the default game's unless --game says
            return game(DEFAULT)
        from asara_cli.logfile.game import peek_game
        from asara_cli.logfile.record import default_log

        return find_game(peek_game(default_log(_option(args, ("--log", "-l")))[0]))
    except (UnknownGame, InputError, OSError, ValueError):
        # no log in use, or one that cannot be read: the game whose command the word is
        # (its help; the command itself reports the log), never another game blamed
        return next((g for g in all_games() if word in g.command_names()), game(DEFAULT))


def _other_game(played: SomeGame, word: str, args: Sequence[str]) -> None:
    """``word`` is no command of the game in play: when it is another game's, say so."""
    from asara_cli.games import all_games

    owner = next((g for g in all_games() if word in g.command_names()), None)
    if owner is not None and owner.key != played.key:
        word = next((a for a in args if not a.startswith("-")), word)  # as typed
        from asara_cli.commandwords import local

        # the English article goes by the game's first letter: two messages, one meaning
        if owner.name[:1].upper() in "AEIOU":
            said = _("'{word}' is a command of {game}, and the log in use is a game of "
                     "{played} (name the log with --log, or start an {game} game with "
                     "`asara {new} LOG --game {key}`)")
        else:
            said = _("'{word}' is a command of {game}, and the log in use is a game of "
                     "{played} (name the log with --log, or start a {game} game with "
                     "`asara {new} LOG --game {key}`)")
        raise InputError(said.format(word=word, game=owner.name, played=played.name,
                                     new=local("new"), key=owner.key))


def __getattr__(name: str) -> Any:
    if name == "app":  # the full group, built once on first use
        full = build_app()
        globals()["app"] = full
        return full
    raise AttributeError(name)


#: Exit codes besides 0 (done), 1 (rules broken) and 2 (unusable input or usage).
EXIT_INTERNAL = 3  # a bug in asara-cli: one line, "please report it"
EXIT_INTERRUPTED = 130  # Ctrl-C (128 + SIGINT, as shells count)
#: Set by the shell's completion script (``asara --install-completion``) on each Tab.
COMPLETE_VAR = "_ASARA_COMPLETE"


def main() -> None:
    sys.exit(run(sys.argv[1:]))


def run(args: list[str]) -> int:
    """The one error boundary: whatever happens, one line and a documented exit code (a
    Ctrl-C from its first line on too, as the modules it needs still load)."""
    try:
        return _run(args)
    except KeyboardInterrupt:
        return _interrupted()


def _run(args: list[str]) -> int:
    from asara_cli.cli.lines import LONGEST
    from asara_cli.render.wrap import forget_unusable_sizes

    forget_unusable_sizes()  # before rich or Typer reads them
    if any(len(a) > LONGEST for a in args):  # read at once: Typer and the games take time
        _line(_("error: an argument longer than {most} characters: no command takes one; "
                "nothing was done").format(most=LONGEST))
        return 2
    try:  # before Typer is imported: it translates some of its words as it loads
        args = _speak(args)
    except InputError as e:
        _line(_("error: {message}").format(message=e))
        return 2
    if os.environ.get(COMPLETE_VAR):
        return _complete(args)
    if args == ["--version"]:  # at once: no command needs building for it
        sys.stdout.write(f"asara {__version__}\n")
        return 0
    import typer  # a good part of a second; a Ctrl-C meanwhile is answered by run()
    from typer.exceptions import TyperException

    try:
        command = _parsed(build_app(_command(args), args), args)
        _collecting()
        code = command(args=args, prog_name="asara", standalone_mode=False)
    except (KeyboardInterrupt, typer.Abort):  # Abort: end of input at a prompt
        return _interrupted()
    except typer.Exit as e:
        return e.exit_code
    except TyperException as e:  # usage: Typer's own message, exit 2
        from asara_cli.cli.spoken import show_usage_error

        show_usage_error(e)
        return getattr(e, "exit_code", 2)
    except AsaraError as e:  # raised outside a command (a command's own go through guarded)
        from asara_cli.cli.common import shown

        return shown(e).exit_code
    except RecursionError:
        _line(_("error: the input nests too deeply to read"))
        return 2
    except MemoryError:
        _line(_("error: out of memory (is the input far larger than a game?)"))
        return EXIT_INTERNAL
    except Exception as e:
        from asara_cli.core.shown import one_line

        _line(one_line(_("error: internal error ({kind}: {error}); please report it with the "
                         "command and the file").format(kind=type(e).__name__, error=e)))
        return EXIT_INTERNAL
    if code == EXIT_INTERRUPTED:  # Typer turns Ctrl-C inside a command into exit 130
        return _interrupted()
    return code if isinstance(code, int) else 0


def _command(args: Sequence[str]) -> str | None:
    """The command a line names, in English: its first word (a word of any language), none
    where an option comes first."""
    word = args[0] if args and not args[0].startswith("-") else None
    if word is not None and word not in _READERS:
        from asara_cli.commandwords import english, named

        word = word if named(word) else english(word) or word
    return word


def _collecting() -> None:
    """The collector back on, where ``__main__`` turned it off while loading: what loading
    made lives as long as the process, so it is frozen first (10% of a status's work)."""
    import gc

    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def _complete(args: list[str]) -> int:
    """A Tab in the shell: the group answers, built with the command typed alone where one
    is; whatever goes wrong gives no candidates, never a message in the user's prompt."""
    try:
        # the words typed so far say which game's commands answer (the log in use, or
        # --game on new)
        from asara_cli.cli.completion import escaped_for_bash, quoted_for_zsh, shell_words

        args = _speak(args)
        typed = _speak(shell_words())  # the language: --lang typed, else as for any command
        # the command named builds alone (its words' Tab), none typed yet every command
        command = _parsed(build_app(_command(typed), typed), None)
        shell = os.environ[COMPLETE_VAR]
        if shell.endswith("_bash"):
            escaped_for_bash(command, os.environ.get("COMP_WORDS", ""))
        with quoted_for_zsh(shell):
            code = command(args=args, prog_name="asara", standalone_mode=False)
    except SystemExit as e:  # Typer answers a completion request with sys.exit
        code = e.code
    except BaseException:  # Ctrl-C, or a bug: no candidates, and quietly
        return 1
    return code if isinstance(code, int) else 0


def _speak(args: list[str]) -> list[str]:
    """Choose the language (``--lang CODE`` anywhere before ``--``, else ``$ASARA_LANG``,
    else the locale) and take ``--lang`` out of ``args``: every command takes it."""
    from asara_cli import language as i18n

    asked = _option(args, ("--lang",))
    if asked is not None or "--lang" in args:
        args = _without(args, "--lang")
    try:
        code = i18n.choose(asked)
    except ValueError:  # said in the language the environment asks for
        i18n.use(i18n.choose(None))
        raise InputError(_("--lang: no language {code!r} (the languages: {known})").format(
            code=asked, known=i18n.offered())) from None
    # JSON and CSV are for programs: the same document in every language (keys, values and
    # messages), and so the command's messages too
    i18n.use("en" if _for_programs(args) else code)
    return args


def _for_programs(args: Sequence[str]) -> bool:
    """The command line asks for JSON or CSV (``--json``, ``--format json``, ``-f csv``)."""
    words = list(args[:args.index("--")] if "--" in args else args)
    return ("--json" in words
            or (_option(words, ("--format", "-f")) or "").lower() in ("json", "csv"))


def _without(args: list[str], name: str) -> list[str]:
    """``args`` without the option ``name`` and its value (up to ``--``)."""
    end = args.index("--") if "--" in args else len(args)
    kept, value = [], False  # value: the word after ``name``
    for a in args[:end]:
        if not value and a != name and not a.startswith(name + "="):
            kept.append(a)
        value = a == name and not value
    return kept + args[end:]


def _parsed(group: typer.Typer, args: Sequence[str] | None = ("--help",)) -> Any:
    """The Click command of ``group``, its help texts in the language in use (``--lang``'s
    naming the languages offered when ``args`` may show it; ``None``: a shell's Tab, which
    shows no help)."""
    import typer

    from asara_cli.cli.helptexts import translate
    from asara_cli.cli.spoken import speak
    from asara_cli.core import i18n

    command = typer.main.get_command(group)
    if i18n.language() != i18n.SOURCE:  # English is the help as written
        translate(command)
        speak(command)
    asks_help = args is not None and (  # Babel names them: 30 to 50 ms
        not args or "--help" in args or "-h" in args)
    for param in command.params if asks_help else ():  # each language in its own words
        said = getattr(param, "help", None)
        if param.name == "lang" and isinstance(said, str):
            from asara_cli.language import offered

            setattr(param, "help", said.replace("{languages}", offered()))  # noqa: B010
    return command


def _line(text: str) -> None:
    try:
        from asara_cli.cli.common import err
    except (KeyboardInterrupt, Exception):
        # Ctrl-C while the console's modules load, or a module half loaded by an earlier
        # Ctrl-C (typer's Click without its core): plain text
        sys.stderr.write(text + "\n")
        return
    err().print(text, soft_wrap=True)


def _interrupted() -> int:
    # Nothing is imported to find what was written: a Ctrl-C amid an import may leave a
    # module that cannot load again (3.13's pathlib, half made, then a NameError), and no
    # file is written before the writer's module has loaded.
    write = sys.modules.get("asara_cli.logfile.write")
    written: list[str] = getattr(write, "WRITTEN", None) or []
    if written:
        from asara_cli.core.shown import show_path  # loaded with the writer

        _line(_("interrupted (Ctrl-C) after writing {path}; the write is complete").format(
            path=show_path(written[-1])))
    else:
        _line(_("interrupted (Ctrl-C); no file was changed"))
    return EXIT_INTERRUPTED
