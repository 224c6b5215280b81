"""The outputs of ``validate``, ``status``, ``score`` and ``board``, registered by the name
``--format`` gives (:func:`chosen`), so that no command branches on the format; batch's are in
``render/batch.py``. Data goes to stdout, people-talk to stderr."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from pathlib import Path
from typing import Any

import typer

from asara_cli.cli.common import (
    EXIT_OK,
    EXIT_VIOLATION,
    Replayed,
    err,
    fail,
    find_game_option,
    out,
    print_json,
    replay_file,
)
from asara_cli.core.i18n import N_, _, ngettext
from asara_cli.core.shown import safe_text, show_path
from asara_cli.core.words import grouped
from asara_cli.errors import InputError
from asara_cli.logfile.game import describe_violation

#: Violations listed per log in human output; the rest are counted (JSON keeps them all).
SHOWN_VIOLATIONS = 20


def report_violations(game: Replayed) -> None:
    """The violations of a log on stderr, one diagnostic line each (the first 20)."""
    console = err()
    found = game.result.violations
    for v in found[:SHOWN_VIOLATIONS]:
        console.print(describe_violation(game.log, v), soft_wrap=True)
    if len(found) > SHOWN_VIOLATIONS:
        console.print(_("{path}: ... and {n} more (--json lists them all)").format(
            path=show_path(game.log.path), n=grouped(len(found) - SHOWN_VIOLATIONS)),
            soft_wrap=True)


def chosen(formats: Mapping[str, Any], name: str, as_json: bool) -> str:
    """The format asked for: ``--json`` is ``--format json``; both naming others: usage error."""
    if as_json and name not in ("json", next(iter(formats))):
        raise fail(_("--json and --format {name} ask for two formats; give one").format(
            name=name))
    return "json" if as_json else name


# --- validate ------------------------------------------------------------------------------


class ValidateOutput:
    """What ``validate`` says of each log, as it replays them."""

    def __init__(self, notes: bool = False, quiet: bool = False) -> None:
        self.notes, self.quiet = notes, quiet
        self.reports: list[dict[str, Any]] = []  # what a JSON output collects

    def unreadable(self, path: Path, error: InputError) -> None:
        raise NotImplementedError

    def replayed(self, path: Path, game: Replayed) -> None:
        raise NotImplementedError

    def end(self, code: int) -> None:
        """After the last log (``code``: the exit code the command ends with)."""


class ValidateText(ValidateOutput):
    """Diagnostics on stderr (``file:line: event N (player, type): ... [rule]``) and one
    verdict line per log on stdout."""

    def unreadable(self, path: Path, error: InputError) -> None:
        err().print(_("error: {message}").format(message=error), soft_wrap=True)

    def replayed(self, path: Path, game: Replayed) -> None:
        console, result = err(), game.result
        report_violations(game)
        relaxed = [v for v in result.notes if v.severity == "note"]
        listed = [v for v in result.notes
                  if (v.severity != "note" and not self.quiet) or self.notes]
        for v in listed[:SHOWN_VIOLATIONS if not self.notes else None]:
            console.print(describe_violation(game.log, v), soft_wrap=True)
        if not self.notes and len(listed) > SHOWN_VIOLATIONS:
            more = len(listed) - SHOWN_VIOLATIONS
            console.print(ngettext("{path}: ... and {n} more warning",
                                   "{path}: ... and {n} more warnings", more).format(
                path=show_path(path), n=grouped(more)), soft_wrap=True)
        if relaxed and not self.notes and not self.quiet:
            console.print(ngettext(
                "{path}: {n} note on facts the log leaves out (--notes lists them)",
                "{path}: {n} notes on facts the log leaves out (--notes lists them)",
                len(relaxed)).format(path=show_path(path), n=len(relaxed)), soft_wrap=True)
        if result.valid:
            events = len(game.log.events)
            # TRANSLATORS: English says "events" whatever the count (as it always has)
            out().print(ngettext("ok: {path}: {n} events, {progress}",
                                 "ok: {path}: {n} events, {progress}", events).format(
                path=show_path(path), n=events, progress=game.game.progress(result)),
                soft_wrap=True)
        else:
            n = sum(1 for v in result.violations if not v.later)
            said = (ngettext("invalid: {path}: {n} violation, the first at event {event}",
                             "invalid: {path}: {n} violations, the first at event {event}", n)
                    if result.stopped else
                    ngettext("invalid: {path}: {n} violation",
                             "invalid: {path}: {n} violations", n))
            out().print(said.format(path=show_path(path), n=n, event=result.stopped),
                        soft_wrap=True)


class ValidateJson(ValidateOutput):
    """One JSON document on stdout: ``{"valid": ..., "logs": [...]}`` (docs/log-format.md)."""

    def unreadable(self, path: Path, error: InputError) -> None:
        self.reports.append({"file": show_path(path), "error": str(error)})

    def replayed(self, path: Path, game: Replayed) -> None:
        log, result = game.log, game.result
        found = [[{"event": v.event, "line": log.line_of(v.event), "player": v.player,
                   "type": log.event_type(v.event), "rule": v.rule, "severity": v.severity,
                   "message": v.message, "later": v.later, "text": describe_violation(log, v)}
                  for v in listed] for listed in (result.violations, result.notes)]
        self.reports.append({"file": show_path(log.path), "valid": result.valid,
                             "complete": result.complete, "events": len(log.events),
                             "stopped_at": result.stopped, "violations": found[0],
                             "notes": found[1]})

    def end(self, code: int) -> None:
        print_json({"valid": code == EXIT_OK, "logs": self.reports})


# Typer takes a choice as an enum: each registry is its enum's formats, in its order.
ValidateFormat = StrEnum("ValidateFormat", "text json")
VALIDATE: dict[str, type[ValidateOutput]] = {
    f.value: c for f, c in zip(ValidateFormat, (ValidateText, ValidateJson), strict=True)}


# --- status and score: one replayed log ------------------------------------------------------


class GameOutput:
    """One replayed log shown one way; options only one format reads are given to all."""

    def __init__(self, path: Path, **options: Any) -> None:
        self.path = path
        self.options = options

    def show(self, board: Path | None) -> None:
        """Replay the log (on ``board``, else its own) and write it; an illegal log's
        violations then follow on stderr, and the command exits with code 1."""
        game = replay_file(self.path, board, self.options.get("upto"))
        self.write(game)
        if not game.result.valid:
            report_violations(game)
            raise typer.Exit(EXIT_VIOLATION)

    def write(self, game: Replayed) -> None:
        raise NotImplementedError

    def titled(self, whole: str, after: str, **names: object) -> str:
        """A title: ``whole``, or ``after`` for a score asked ``--at N`` (both messages
        with ``{path}``, ``after`` with ``{event}`` too)."""
        upto = self.options.get("upto")
        said = _(whole) if upto is None else _(after)
        return said.format(path=show_path(self.path), event=upto, **names)

    def at(self, game: Replayed) -> int:
        """The event asked for (``--at``; default: the last)."""
        asked = self.options.get("at")
        return len(game.log.events) if asked is None else min(asked, len(game.log.events))


class StatusTable(GameOutput):
    """The board for people: what a table needs most within 80 x 40 (``--full``: all)."""

    def write(self, game: Replayed) -> None:
        result, at = game.result, self.at(game)
        # the states stop before the first illegal event
        shown = at if result.stopped is None else min(at, result.stopped - 1)
        title = (_("{path} after event {event} (asked for {at}; the log is illegal from "
                   "event {stopped})") if shown < at else _("{path} after event {event}")
                 ).format(path=show_path(self.path), event=shown, at=at,
                          stopped=result.stopped)
        out().print(game.game.status_view(game.board, result, at, title,
                                          self.options.get("full", False)))


class StatusJson(GameOutput):
    def write(self, game: Replayed) -> None:
        print_json(game.game.status_data(game.board, game.result, self.at(game))
                   | {"file": show_path(self.path)})


StatusFormat = StrEnum("StatusFormat", "table json")
STATUS: dict[str, type[GameOutput]] = {
    f.value: c for f, c in zip(StatusFormat, (StatusTable, StatusJson), strict=True)}


class ScoreText(GameOutput):
    """Every point with its source, per period and in the final scoring, and the winner."""

    def write(self, game: Replayed) -> None:
        out().print(game.game.score_view(game.board, game.result, self.titled(
            N_("Score of {path}"), N_("Score of {path} after event {event}"))))


class ScoreJson(GameOutput):
    def write(self, game: Replayed) -> None:
        upto = self.options.get("upto")
        print_json(game.game.score_data(game.board, game.result)
                   | {"file": show_path(self.path)}
                   | ({} if upto is None else {"after_event": min(upto, len(game.log.events))}))


class ScoreChart(GameOutput):
    def write(self, game: Replayed) -> None:
        played = game.game
        out().print(played.score_chart(game.result, self.titled(
            N_("{points} in {path}"), N_("{points} in {path} after event {event}"),
            points=_(played.points).capitalize())))


class ScoreBgStats(GameOutput):
    """A finished, legal game as BG Stats' play JSON, or (``url``) its createPlay link."""

    def show(self, board: Path | None) -> None:
        from asara_cli.logfile.board import load_game_board
        from asara_cli.render import bgstats
        from asara_cli.stats import INVALID, UNREADABLE, record_of

        log = self.path
        played, rules = (None, None) if board is None else load_game_board(board)
        record = record_of(log, rules, board_game=None if played is None else played.key)
        where = f"{show_path(log)}:{record.line}" if record.line else show_path(log)
        if record.status == UNREADABLE:
            raise fail(f"{where}: {record.problem}")
        if record.status == INVALID:
            raise fail(_("{where}: {problem} [{rule}]; BG Stats gets only legal games "
                         "(asara validate explains)").format(
                where=where, problem=record.problem, rule=record.rule), EXIT_VIOLATION)
        if not record.scored:
            raise fail(_("{path}: the game is not finished; BG Stats gets only finished "
                         "games").format(path=show_path(log)))
        data = bgstats.play(record, self.options.get("bgg_id"))
        if self.options.get("url"):
            made = bgstats.link(data)
            out().file.write(made + "\n")
            warning = bgstats.link_warning(made, str(log))
            if warning:
                err().print(warning, soft_wrap=True)
        else:
            print_json(data)


ScoreFormat = StrEnum("ScoreFormat", "text json chart bgstats")
SCORE: dict[str, type[GameOutput]] = {f.value: c for f, c in zip(
    ScoreFormat, (ScoreText, ScoreJson, ScoreChart, ScoreBgStats), strict=True)}


# --- board -----------------------------------------------------------------------------------


def _board_table(game: str | None, board: Path | None) -> None:
    """Every number for people, and a note naming what a table's profile left out."""
    played, rules = _board(game, board)
    out().print(played.board_view(rules))
    if defaulted := getattr(rules, "defaulted", ()):
        out().print(_("note: the profile does not name {names}; the packaged standard profile's "
                      "values are used (asara board --toml shows them)").format(
            names=", ".join(defaulted)), soft_wrap=True)


def _board_json(game: str | None, board: Path | None) -> None:
    played, rules = _board(game, board)
    print_json(played.board_data(rules))


def _board_toml(game: str | None, board: Path | None) -> None:
    """The profile's own text: the packaged one to copy and edit, or the file given."""
    from asara_cli.logfile.board import standard_profile_text
    from asara_cli.logfile.common import read_text

    key = find_game_option(game).key
    if board is not None:  # a profile of another game than --game names is refused
        _board(game, board)
    text = standard_profile_text(key) if board is None else read_text(board)
    typer.echo(safe_text(text), nl=False)


def _board_svg(game: str | None, board: Path | None) -> None:
    """The game's printable page (YSPAHAN: the street with every cell's name)."""
    played, rules = _board(game, board)
    page = played.board_page(rules)
    if page is None:
        raise InputError(_("{game} has no printable page (--format svg draws what the "
                           "printed board does not show, such as YSPAHAN's street)"
                           ).format(game=played.name))
    typer.echo(page, nl=False)


def _board(game: str | None, board: Path | None) -> tuple[Any, Any]:
    """The game (``--game``, else the one the profile names) and its board."""
    from asara_cli.logfile.board import load_game_board

    played = find_game_option(game)
    return load_game_board(board, played.key if game is not None else None)


#: ``asara board``'s outputs, by --format
BoardFormat = StrEnum("BoardFormat", "table json toml svg")
BOARD: dict[str, Callable[[str | None, Path | None], None]] = {f.value: c for f, c in zip(
    BoardFormat, (_board_table, _board_json, _board_toml, _board_svg), strict=True)}
