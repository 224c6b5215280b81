"""A move kind, declared once (:class:`MoveKind`): its help, its words, how the words
become an event (``make``, which may ask a player what they left out) and an event words
(``said``, what ``asara moves`` prints). The one-shot command, the session's parser, the
usage line, the help and the completion are all made from it (:func:`command`).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Annotated, Any, Generic, TypeVar, get_origin

import typer

TableT = TypeVar("TableT")

#: A word that must be given (no default).
REQUIRED: Any = ...


@dataclass(frozen=True)
class Word:
    """A word of a move: a positional word (no ``flags``) or an option; ``hint`` the type of
    its value (or an ``Annotated`` option written once for every game)."""

    name: str
    hint: Any
    help: str
    flags: tuple[str, ...] = ()
    default: Any = None
    complete: Callable[..., Any] | None = None
    min: int | None = None

    def parameter(self) -> inspect.Parameter:
        default = inspect.Parameter.empty if self.default is REQUIRED else self.default
        hint = self.hint
        if get_origin(hint) is not Annotated:  # else an option written once for every game
            extra: dict[str, Any] = {"help": self.help, "show_default": False,
                                     "autocompletion": self.complete, "min": self.min}
            made = typer.Option if self.flags else typer.Argument
            hint = Annotated[hint, made(*self.flags, **extra)]
        return inspect.Parameter(self.name, inspect.Parameter.KEYWORD_ONLY, default=default,
                                 annotation=hint)


class Said(dict[str, Any]):
    """The words of one move as given, by name (``said.card``); ``get`` for a word a kind
    of move may not take."""

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


@dataclass(frozen=True)
class MoveKind(Generic[TableT]):
    """A kind of move, declared once. ``shared``: the words every move of its family takes
    after its own; ``said``: an event's words (``None`` for a fact ``moves`` never lists)."""

    name: str
    help: str
    words: tuple[Word, ...]
    make: Callable[[TableT, Said], Any]
    shared: tuple[Word, ...] = ()
    said: Callable[..., list[str]] | None = None

    def say(self, *event: Any) -> list[str]:
        """The words that record ``event`` (and what ``said`` reads besides)."""
        if self.said is None:
            raise ValueError(f"no words for {event[0]!r}: {self.name} is a fact")
        return self.said(*event)


#: How a game records what a move's words make: ``record(ctx, said, make)``.
Record = Callable[[typer.Context, Said, Callable[[Any, Said], Any]], Any]


def command(kind: MoveKind[Any], record: Record) -> Callable[..., Any]:
    """The command (for Typer) of ``kind``: its words as parameters, completed from the legal
    moves first, its help as docstring; run, it hands the words given to ``record`` with the
    kind's ``make``."""
    from asara_cli.cli.completion import legal_first

    words = [w if get_origin(w.hint) is Annotated or w.hint is bool
             else replace(w, complete=legal_first(w.complete))
             for w in (*kind.words, *kind.shared)]
    return declared(kind.name, kind.help, words, lambda ctx, said: record(ctx, said, kind.make))


def declared(name: str, help: str, words: Sequence[Word],
             run: Callable[[typer.Context, Said], Any]) -> Callable[..., Any]:
    """The command (for Typer) ``name`` of ``words`` (its parameters, in their order) and
    ``help`` (its docstring); run, it hands the words given to ``run``."""
    params = [inspect.Parameter("ctx", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                annotation=typer.Context),
              *(w.parameter() for w in words)]

    def call(ctx: typer.Context, **given: Any) -> Any:
        return run(ctx, Said(given))

    call.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    call.__annotations__ = {p.name: p.annotation for p in params}
    call.__doc__, call.__name__, call.__qualname__ = help, name, name
    return call
