"""``asara moves``: the legal moves of the player to move, in the words one types, grouped."""

from __future__ import annotations

import shlex
from collections.abc import Iterable
from itertools import groupby
from operator import attrgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from asara_cli.cli.common import BoardOption, fail, out, replay_file
from asara_cli.cli.completion import moves_log, moves_words
from asara_cli.cli.grammar import Said, Word, declared
from asara_cli.cli.lines import split
from asara_cli.core.i18n import _, ngettext
from asara_cli.core.shown import one_line, show_path
from asara_cli.errors import Refused
from asara_cli.games.base import LegalMove, move_groups
from asara_cli.logfile.record import default_log
from asara_cli.render.safe import json_text

if TYPE_CHECKING:
    from asara_cli.games.base import SomeGame
    from asara_cli.render.wrap import Writer

#: Moves shown of a group that has more, unless --all.
SHOWN = 3
#: The width the words of a move are kept within, indent and continuation included.
WIDTH = 80


def _lines(words: str) -> list[str]:
    """A move's words indented, broken with a shell's ``\\`` beyond :data:`WIDTH` (the lines
    still paste into a shell as one command)."""
    if len(words) + 2 <= WIDTH:
        return [f"  {words}"]
    lines: list[str] = []
    line = "  "
    for token in map(shlex.quote, split(words)):
        if line.strip() and len(line) + 1 + len(token) + 2 > WIDTH:
            lines.append(f"{line} \\")
            line = "    "
        line += f" {token}" if line.strip() else token
    lines.append(line)
    return lines


def _moves(_ctx: typer.Context, w: Said) -> None:
    if w.fmt not in ("text", "json"):
        raise fail(_("--format: {format} is not text or json").format(format=repr(w.fmt)))
    log, typed = w.log, list(w.words or [])
    if log is not None and w.log_file is not None and log != w.log_file:
        if log.suffix == ".toml" or log.exists():  # two logs: which one is not guessed
            raise fail(_("--log {log} names another log than {path}: name one").format(
                log=show_path(w.log_file), path=show_path(log)))
        log, typed = None, [str(log), *typed]  # --log names the log: the rest are words
    at = w.at
    read = replay_file(default_log(log or w.log_file)[0], w.board, at)
    events, game, outcome = read.log.events, read.game, read.result
    upto = len(events) if at is None else at
    if upto > len(events):
        raise fail(ngettext("--at {at}: the log has {n} event", "--at {at}: the log has {n} events",
                            len(events)).format(at=at, n=len(events)))
    if outcome.stopped is not None and outcome.stopped <= upto:
        raise Refused(_("the log is illegal from event {event}: no moves after event {upto} "
                        "(see `asara validate`)").format(event=outcome.stopped, upto=upto), [])
    show(game, read.board, game.recording().position(outcome), upto, at is not None, w.every,
         w.fmt, typed=typed)


moves = declared("moves", """The legal moves of the player to move, in the words one types, grouped.

    Each line is a recording command without `asara`: `asara buy base black -c blue`
    records it. A group with many moves shows a few and its count; --all lists them all.
    With --at N, the moves after event N. A log with an illegal event before that exits
    with code 1.

    Example: asara moves game.toml --at 12
    """, (
    Word("log", Path | None, "A game log (TOML) (default: $ASARA_LOG, else the log of `asara "
         "use`).", complete=moves_log),
    Word("words", list[str] | None, "Only the moves that begin with these words, every one, "
         "as a session lists them: after LOG, or with --log.", complete=moves_words),
    Word("at", int | None, "The moves after event N (0: before the first).", ("--at",), min=0),
    Word("every", bool, "List every move of every group (Yspahan's placements are many).",
         ("--all",), False),
    Word("fmt", str, "text or json.", ("--format", "-f"), "text"),
    Word("board", BoardOption, ""),
    Word("log_file", Path | None, "The game log, as the recording commands name it (the same "
         "as LOG).", ("--log", "-l"))), _moves)


def show(game: SomeGame, board: object, state: object, upto: int, numbered: bool,
         every: bool, fmt: str, brief: bool = False, typed: list[str] | None = None) -> None:
    """Print the legal moves of ``state`` grouped, each group counted by the game and its
    first few made; with --all (or JSON) every move written as made, none kept. ``brief``
    (the session's, on 40 lines): a group a line, its count and one move. ``typed``: only
    the moves that begin with these words (in the language in use or English), every one."""
    from asara_cli.cli.typedwords import english, local_group, local_line

    words = english(game, typed) if typed else []
    listing = game.legal_moves(board, state, words)
    every = every or bool(words)
    note = game.moves_note(board, state)
    who = game.recording().to_move(state)
    if fmt == "json":  # every move written as it is made; the counts at the end
        _stream_json(game, listing, {"game": game.key, "at": upto, "player": who, "note": note})
        return
    writer = out()
    head = _("after event {event}: ").format(event=upto) if numbered else ""
    if every:
        total, count = _stream_text(writer, listing, game)
        _summary(writer, head, who, total, count)
        if words and not total:
            writer.print(_("no legal move begins with those words"), soft_wrap=True)
    else:
        groups = list(move_groups(listing, SHOWN + 1, every=False))
        total = sum(g.count for g in groups)
        _summary(writer, head, who, total, len(groups))
        notes: dict[str, None] = {}  # the brief listing's, once after every group
        example = getattr(listing, "example", None)  # the move a game's brief listing shows
        for g in groups:
            if brief:
                one = example(g.group) if example else g.first[0]
                writer.print(_("{group} ({n}), e.g. {move}").format(
                    group=local_group(game, g.group), n=g.count,
                    move=one_line(local_line(game, one.words))), soft_wrap=True)
                notes.update(dict.fromkeys(g.notes))
                continue
            lines = [f"{local_group(game, g.group)} ({g.count})"]
            shown = g.first if g.count <= SHOWN + 1 else g.first[:SHOWN]
            for m in shown:
                lines += _lines(local_line(game, m.words))
            if len(shown) < g.count:
                lines.append("  " + _("... {n} more (--all lists them)").format(
                    n=g.count - len(shown)))
            lines += _note_lines(g.notes)
            writer.print("\n".join(lines), soft_wrap=True)  # a group's lines at once
        for n in notes:
            writer.print(_("note: {message}").format(message=n), soft_wrap=True)
    if note:
        writer.print(f"{head if not total else ''}{note}", soft_wrap=True)


def _summary(writer: Writer, head: str, who: str | None, total: int, groups: int) -> None:
    if who is not None and total:
        # TRANSLATORS: {groups} is "1 group" or "{n} groups"
        in_groups = ngettext("{n} group", "{n} groups", groups).format(n=groups)
        writer.print(head + ngettext("{player} to move: {n} legal move in {groups}",
                                     "{player} to move: {n} legal moves in {groups}",
                                     total).format(player=who, n=total, groups=in_groups),
                     soft_wrap=True)


def _note_lines(notes: Iterable[str]) -> list[str]:
    return ["  " + _("note: {message}").format(message=n) for n in notes]


def _stream_text(writer: Writer, listing: Iterable[LegalMove[Any]], game: SomeGame
                 ) -> tuple[int, int]:
    """Every move written as it is made, each group under its name and count and followed
    by its notes; how many moves and groups were written."""
    from asara_cli.cli.typedwords import local_group, local_line

    total = groups = 0
    for (_name, moves), group in zip(groupby(listing, attrgetter("group")),
                                     move_groups(listing, 0), strict=False):
        groups += 1
        writer.print(f"{local_group(game, group.group)} ({group.count})", soft_wrap=True)
        for move in moves:
            for line in _lines(local_line(game, move.words)):
                writer.print(line, soft_wrap=True)
            total += 1
        for line in _note_lines(group.notes):
            writer.print(line, soft_wrap=True)
    return total, groups


def _stream_json(game: SomeGame, listing: Iterable[LegalMove[Any]], head: dict[str, Any]
                 ) -> None:
    """The moves as one JSON document, written a move at a time as they are made."""
    chunk: list[str] = []

    def write(text: str) -> None:
        chunk.append(text)
        if len(chunk) >= 256:
            typer.echo("".join(chunk), nl=False)
            chunk.clear()

    typer.echo(json_text(head)[:-2] + ',\n  "groups": [', nl=False)  # at once
    total = 0
    for (_name, moves), found in zip(groupby(listing, attrgetter("group")),
                                     move_groups(listing, 0), strict=False):
        write(("\n    ]}," if total else "") + "\n    " + json_text(
            {"group": found.group, "count": found.count}, None)[:-1] + ', "moves": [')
        for n, move in enumerate(moves):
            write((",\n      " if n else "\n      ") + json_text(
                {"words": move.words,
                 "event": None if move.event is None else game.event_to_dict(move.event),
                 **({"note": move.note} if move.note else {})}, None))
            total += 1
    write(("\n    ]}" if total else "") + f'\n  ],\n  "count": {total}\n}}\n')
    typer.echo("".join(chunk), nl=False)
