"""The command line in the language in use: Click's own literal words (``Usage:``,
``[OPTIONS]``, the help option's text) through the hooks Click offers, so nothing of Click
is copied; :class:`WordGroup` reads a command word of any language (``asara kaufen``).
"""

from __future__ import annotations

import copy
import re
from typing import Any

from typer.core import TyperArgument, TyperGroup, TyperOption

from asara_cli.cli.clickish import Command, CompletionItem, Context, HelpFormatter, UsageError
from asara_cli.cli.clickish import exceptions as click
from asara_cli.core.i18n import N_, SOURCE, _, language, pgettext

#: Click's words, in its English, each translated where it is shown.
USAGE = N_("Usage: ")
OPTIONS = N_("[OPTIONS]")
COMMAND_ARGS = N_("COMMAND [ARGS]...")
HELP_OPTION = N_("Show this message and exit.")


class _Formatter(HelpFormatter):
    """Click's formatter, its usage line headed in the language in use."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, _(USAGE) if prefix is None else prefix)


class _Context(Context):
    formatter_class = _Formatter


class Spoken:
    """What every command of the command line says in the language in use (mixed into its
    command and group classes)."""

    context_class: type[Context] = _Context

    def collect_usage_pieces(self, ctx: Context) -> list[str]:
        pieces: list[str] = super().collect_usage_pieces(ctx)  # type: ignore[misc]
        mine = {OPTIONS: _(OPTIONS), COMMAND_ARGS: _(COMMAND_ARGS)}
        return [mine.get(p, p) for p in pieces]

    def get_help_option(self, ctx: Context) -> TyperOption | None:
        option: TyperOption | None = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:  # made once per command: said again in the language in use
            option.help = _(HELP_OPTION)
        return option


class WordGroup(Spoken, TyperGroup):
    """A group whose commands are read in every language, listed in the language in use,
    and whose typos are matched in every language."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.suggest_commands = False  # suggested here, in every language (resolve_command)

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        found: Command | None = super().get_command(ctx, cmd_name)
        if found is None:
            from asara_cli import commandwords  # only for a word that is no command's name

            name = commandwords.english(cmd_name, self.commands)
            if name is not None:
                found = super().get_command(ctx, name)
        return found

    def list_commands(self, ctx: Context) -> list[str]:
        """The commands' words in the language in use (the help lists them, the shell
        completes them)."""
        from asara_cli import commandwords

        return [commandwords.local(name) for name in super().list_commands(ctx)]

    def shell_complete(self, ctx: Context, incomplete: str) -> list[CompletionItem]:
        """The commands, less those of moves that none is legal of now (the shell's Tab)."""
        from asara_cli.cli.completion import not_legal_now

        left_out = not_legal_now(ctx)
        return [i for i in super().shell_complete(ctx, incomplete) if i.value not in left_out]

    def resolve_command(self, ctx: Context, args: list[str]
                        ) -> tuple[str | None, Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except UsageError as e:
            from asara_cli import commandwords

            found = commandwords.suggestions(args[0], self.commands) if args else []
            if found:
                e.message = _("{message}. Did you mean {words}?").format(
                    message=e.message.rstrip("."), words=", ".join(map(repr, found)))
            raise


#: The catalogue context of an argument's name (``log``, ``area``), shown in the usage line
#: and the help.
ARGUMENT = "argument"


def arguments(command: Any) -> list[str]:
    """The names of ``command``'s arguments that the help shows by their name (the
    catalogue translates them)."""
    return [p.name for p in getattr(command, "params", ())
            if isinstance(p, TyperArgument) and p.metavar is None and p.name]


#: The catalogue context of a parameter type's name as the help shows it (``<str>``,
#: ``<path>``).
TYPE = "type"


def type_names(command: Any) -> list[str]:
    """The names of ``command``'s parameter types that the help shows (``str``, ``path``,
    ``int range``; a choice shows its values instead)."""
    return [p.type.name for p in getattr(command, "params", ())
            if _named_type(p)]


def _named_type(param: Any) -> bool:
    # an option named by the code shows that name alone; an argument shows its type beside
    # it all the same (``[ID] <str>``)
    if ((param.metavar is not None and not isinstance(param, TyperArgument))
            or getattr(param, "is_flag", False)):
        return False
    try:
        shown = param.type.get_metavar(param=param, ctx=None)
    except Exception:  # a type that needs a context to say it shows its own
        return False
    return shown is None and isinstance(param.type.name, str)


def speak(command: Any) -> None:
    """Name each command under ``command`` (a Click group), its arguments and types in the
    language in use for its help (``kaufen`` … ``(buy)``, ``protokoll``, ``<Text>``)."""
    if language() == SOURCE:
        return
    from asara_cli import commandwords

    todo = [command]
    while todo:
        cmd = todo.pop()
        for param in getattr(cmd, "params", ()):
            if _named_type(param):  # this parameter's own copy of its type, named here
                word = pgettext(TYPE, param.type.name)
                if word != param.type.name:
                    param.type = copy.copy(param.type)
                    param.type.name = word
            if param.metavar is not None:  # one the code names (marked N_)
                param.metavar = _(param.metavar)
            elif isinstance(param, TyperArgument) and param.name:
                word = pgettext(ARGUMENT, param.name)
                if word != param.name:  # its own name: the usage line adds "..." to it
                    param.metavar = word + ("..." if param.nargs != 1 else "")
        for name, sub in getattr(cmd, "commands", {}).items():
            word = commandwords.local(name)
            if word != name:
                sub.name = word
                first = (sub.short_help or sub.help or "").split("\n\n")[0]
                sub.short_help = _("{help} ({command})").format(help=first, command=name)
            todo.append(sub)


# --- usage errors ------------------------------------------------------------------------------

#: Click's messages in its English, each a pattern of the whole message and the message said
#: in its place: a parameter type's complaint about a value, then a usage error's by its class
#: (patterns as text, compiled by ``re`` at their first use: a usage error is rare).
_VALUE_MESSAGES = (
    (r"(?P<value>.*) is not in the range (?P<range>.*)\.",
     N_("{value} is not in the range {range}.")),
    (r"(?P<value>.*) is not one of (?P<choices>.*)\.", N_("{value} is not one of {choices}.")),
)
_USAGE_MESSAGES: dict[type[Exception], tuple[tuple[str, str], ...]] = {
    click.BadOptionUsage: (
        (r"Option (?P<name>.*) requires an argument\.",
         N_("Option {name} requires an argument.")),
        (r"Option (?P<name>.*) does not take a value\.",
         N_("Option {name} does not take a value.")),
    ),
    click.MissingParameter: (
        (r"Missing argument (?P<name>.*)\.", N_("Missing argument {name}.")),
        (r"Missing option (?P<name>.*)\.", N_("Missing option {name}.")),
        (r"Missing parameter (?P<name>.*)\.", N_("Missing parameter {name}.")),
    ),
    click.UsageError: ((r"Got unexpected extra argument\(s\) \((?P<args>.*)\)",
                        N_("Got unexpected extra argument(s) ({args})")),),
}


def _translated(message: str, messages: tuple[tuple[str, str], ...]) -> str:
    """``message`` in the language in use, where a pattern of ``messages`` matches it."""
    for pattern, said in messages:
        m = re.fullmatch(pattern, message, re.S)
        if m:
            return _(said).format(**m.groupdict())
    return message


def usage_message(e: Exception) -> str:
    """What Click says of a usage error ``e``, in the language in use (found by its type and
    attributes); a message Click words in a way not known here as Click words it."""
    said: str = e.format_message() if isinstance(e, click.ClickException) else str(e)
    if isinstance(e, click.NoSuchOption):
        prefix = "No such option: "
        if not e.message.startswith(prefix):
            return said
        name = e.message[len(prefix):]
        if e.possibilities:
            return _("No such option: {name} (Possible options: {options})").format(
                name=name, options=", ".join(sorted(e.possibilities)))
        return _("No such option: {name}").format(name=name)
    if isinstance(e, click.BadParameter) and not isinstance(e, click.MissingParameter):
        value = _translated(e.message, _VALUE_MESSAGES)
        if e.param_hint is not None:
            hint = e.param_hint
        elif e.param is not None and e.ctx is not None:
            hint = e.param.get_error_hint(e.ctx)
        else:
            return _("Invalid value: {message}").format(message=value)
        if not isinstance(hint, str):
            hint = " / ".join(repr(x) for x in hint)
        return _("Invalid value for {name}: {message}").format(name=hint, message=value)
    # by its very class: a subclass words its own messages
    return _translated(said, _USAGE_MESSAGES.get(type(e), ()))


def show_usage_error(e: Exception) -> None:
    """Click's usage error ``e`` on stderr as Click shows it (the usage line, where to find
    help, the message), in the language in use."""
    import typer

    if isinstance(e, click.NoArgsIsHelpError):  # the help itself
        e.show()
        return
    from asara_cli.core.shown import safe_text

    ctx = getattr(e, "ctx", None)
    color = ctx.color if ctx is not None else getattr(e, "show_color", None)
    # what was typed is shown, never obeyed: Click escapes C0 and C1 controls alone, not
    # the bidi controls or line separators a terminal also obeys
    if ctx is not None:
        hint = ""
        if ctx.command.get_help_option(ctx) is not None:
            hint = _("Try '{command} {option}' for help.").format(
                command=ctx.command_path, option=ctx.help_option_names[0]) + "\n"
        typer.echo(safe_text(f"{ctx.get_usage()}\n{hint}"), err=True, color=color)
    typer.echo(safe_text(_("Error: {message}").format(message=usage_message(e))), err=True,
               color=color)
