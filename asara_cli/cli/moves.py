"""``asara moves``: the legal moves of the player to move, in the words one types, grouped
(the game's ``legal_moves``: ``games/base.py``)."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from asara_cli.cli.common import BoardOption, fail, out, print_json, replay_file
from asara_cli.core.i18n import _, ngettext
from asara_cli.core.shown import one_line, show_path
from asara_cli.errors import Refused
from asara_cli.games.base import LegalMove
from asara_cli.logfile.record import default_log

if TYPE_CHECKING:
    from asara_cli.games.base import SomeGame

#: Moves shown of a group that has more, unless --all.
SHOWN = 3
#: The width the words of a move are kept within, indent and continuation included.
WIDTH = 80


def _lines(words: str) -> list[str]:
    """A move's words indented, broken between words with a shell's ``\\`` where they are
    longer than :data:`WIDTH` (so the lines still paste into a shell as one command)."""
    if len(words) + 2 <= WIDTH:
        return [f"  {words}"]
    lines: list[str] = []
    line = "  "
    for token in map(shlex.quote, shlex.split(words)):
        if line.strip() and len(line) + 1 + len(token) + 2 > WIDTH:
            lines.append(f"{line} \\")
            line = "    "
        line += f" {token}" if line.strip() else token
    lines.append(line)
    return lines


def moves(
    log: Annotated[Path | None, typer.Argument(
        help="A game log (TOML) (default: $ASARA_LOG, else the log of `asara use`).",
        show_default=False)] = None,
    at: Annotated[int | None, typer.Option(
        "--at", min=0, help="The moves after event N (0: before the first).",
        show_default=False)] = None,
    every: Annotated[bool, typer.Option(
        "--all", help="List every move of every group (Yspahan's placements are many).")
    ] = False,
    fmt: Annotated[str, typer.Option(
        "--format", "-f", help="text or json.", show_default=False)] = "text",
    board: BoardOption = None,
    log_file: Annotated[Path | None, typer.Option(
        "--log", "-l", help="The game log, as the recording commands name it (the same as "
        "LOG).", show_default=False)] = None,
) -> None:
    """The legal moves of the player to move, in the words one types, grouped.

    Each line is a recording command without `asara`: `asara buy base black -c blue`
    records it. A group with many moves shows a few and its count; --all lists them all.
    With --at N, the moves after event N. A log with an illegal event before that exits
    with code 1.

    Example: asara moves game.toml --at 12
    """
    if fmt not in ("text", "json"):
        raise fail(_("--format: {format} is not text or json").format(format=repr(fmt)))
    if log is not None and log_file is not None and log != log_file:
        raise fail(_("--log {log} names another log than {path}: name one").format(
            log=show_path(log_file), path=show_path(log)))
    path = default_log(log or log_file)[0]
    read = replay_file(path, board)
    game = read.log.header.rules
    events = read.log.events
    upto = len(events) if at is None else at
    if upto > len(events):
        raise fail(_("--at {at}: the log has {n} events").format(at=at, n=len(events)))
    outcome = read.result if upto == len(events) else game.replay(
        read.board, read.log.header.setup, events[:upto])
    if outcome.stopped is not None and outcome.stopped <= upto:
        raise Refused(_("the log is illegal from event {event}: no moves after event {upto} "
                        "(see `asara validate`)").format(event=outcome.stopped, upto=upto), [])
    state = game.recording().position(outcome)
    show(game, read.board, state, upto, at is not None, every, fmt)


class _Group:
    """A group as it is shown: its count, and the moves shown (all of them with --all or
    in JSON; else the first few, and one more to tell whether the rest is just one)."""

    def __init__(self) -> None:
        self.count = 0
        self.moves: list[LegalMove[Any]] = []
        self.notes: dict[str, None] = {}


def show(game: SomeGame, board: object, state: object, upto: int, numbered: bool,
         every: bool, fmt: str, brief: bool = False) -> None:
    """Print the legal moves of ``state`` (after event ``upto``; ``numbered``: say so),
    grouped: made one by one, and kept only as far as they are shown (a secret Yspahan hand
    makes tens of thousands). ``brief`` (the session's ``moves``, on a screen of 40
    lines): each group on one line, its count and one move, each note once."""
    keep = every or fmt == "json"
    groups: dict[str, _Group] = {}
    total = 0
    for move in game.legal_moves(board, state):
        grp = groups.get(move.group)
        if grp is None:
            grp = groups[move.group] = _Group()
        grp.count += 1
        total += 1
        if keep or len(grp.moves) <= SHOWN:
            grp.moves.append(move)
        if move.note:
            grp.notes.update(dict.fromkeys(move.note.splitlines()))
    note = game.moves_note(board, state)
    who = game.recording().to_move(state)
    if fmt == "json":
        print_json({
            "game": game.key, "at": upto, "player": who, "count": total, "note": note,
            "groups": [{"group": name, "count": g.count, "moves": [
                {"words": m.words,
                 "event": None if m.event is None else game.event_to_dict(m.event),
                 **({"note": m.note} if m.note else {})} for m in g.moves]}
                for name, g in groups.items()]})
        return
    from asara_cli.cli.typedwords import local_group, local_line

    writer = out()
    head = _("after event {event}: ").format(event=upto) if numbered else ""
    if who is not None and total:
        # TRANSLATORS: {groups} is "1 group" or "{n} groups"
        in_groups = ngettext("{n} group", "{n} groups", len(groups)).format(n=len(groups))
        writer.print(head + ngettext("{player} to move: {n} legal move in {groups}",
                                     "{player} to move: {n} legal moves in {groups}",
                                     total).format(player=who, n=total, groups=in_groups),
                     soft_wrap=True)
    if brief and not every:
        notes: dict[str, None] = {}
        for name, g in groups.items():
            writer.print(_("{group} ({n}), e.g. {move}").format(
                group=local_group(game, name), n=g.count,
                move=one_line(local_line(game, g.moves[0].words))),
                soft_wrap=True)
            notes.update(g.notes)
        for n in notes:
            writer.print(_("note: {message}").format(message=n), soft_wrap=True)
        if note:
            writer.print(note, soft_wrap=True)
        return
    for name, g in groups.items():
        writer.print(f"{local_group(game, name)} ({g.count})", soft_wrap=True)
        shown = g.moves if every or g.count <= SHOWN + 1 else g.moves[:SHOWN]
        for m in shown:
            for line in _lines(local_line(game, m.words)):
                writer.print(line, soft_wrap=True)
        if len(shown) < g.count:
            writer.print("  " + _("... {n} more (--all lists them)").format(
                n=g.count - len(shown)))
        for n in g.notes:
            writer.print("  " + _("note: {message}").format(message=n), soft_wrap=True)
    if note:
        writer.print(f"{head if not total else ''}{note}", soft_wrap=True)
