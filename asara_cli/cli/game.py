"""``asara validate``, ``asara status`` and ``asara score``: replaying a game log."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from asara_cli.cli.common import (
    EXIT_INPUT,
    EXIT_OK,
    EXIT_VIOLATION,
    BggIdOption,
    BoardOption,
    JsonOption,
    Replayed,
    err,
    fail,
    guarded,
    out,
    print_json,
    replay_file,
)
from asara_cli.core.shown import show_path
from asara_cli.core.words import plural
from asara_cli.errors import InputError
from asara_cli.logfile.game import describe_violation
from asara_cli.logfile.record import default_log


class ScoreFormat(StrEnum):
    TEXT = "text"
    JSON = "json"
    BGSTATS = "bgstats"


def _to_bgstats(log: Path, board: Path | None, url: bool, bgg_id: int | None) -> None:
    """A finished, legal game as BG Stats' play JSON, or its createPlay link."""
    # Imported here: status and validate share this module and need none of it.
    from asara_cli.logfile.board import load_board
    from asara_cli.render import bgstats
    from asara_cli.stats import INVALID, UNREADABLE, record_of

    record = record_of(log, None if board is None else load_board(board))
    where = f"{show_path(log)}:{record.line}" if record.line else show_path(log)
    if record.status == UNREADABLE:
        raise fail(f"{where}: {record.problem}")
    if record.status == INVALID:
        raise fail(f"{where}: {record.problem} [{record.rule}]; BG Stats gets only legal "
                   "games (asara validate explains)", EXIT_VIOLATION)
    if not record.scored:
        raise fail(f"{show_path(log)}: the game is not finished; BG Stats gets only finished "
                   "games")
    data = bgstats.play(record, bgg_id)
    if url:
        made = bgstats.link(data)
        out().file.write(made + "\n")
        warning = bgstats.link_warning(made, str(log))
        if warning:
            err().print(warning, soft_wrap=True)
    else:
        print_json(data)


LogArgument = Annotated[
    Path | None,
    typer.Argument(help="A game log (TOML), as described in docs/log-format.md (default: "
                   "$ASARA_LOG, else the log of `asara use`).", show_default=False),
]


#: Violations listed per log in human output; the rest are counted (JSON keeps them all).
SHOWN_VIOLATIONS = 20


def report_violations(game: Replayed) -> None:
    console = err()
    found = game.result.violations
    for v in found[:SHOWN_VIOLATIONS]:
        console.print(describe_violation(game.log, v), soft_wrap=True)
    if len(found) > SHOWN_VIOLATIONS:
        console.print(f"{show_path(game.log.path)}: ... and {len(found) - SHOWN_VIOLATIONS:,} more "
                      f"(--json lists them all)", soft_wrap=True)


def validate(
    logs: Annotated[
        list[Path] | None,
        typer.Argument(help="Game logs to replay (default: $ASARA_LOG, else the log of "
                       "`asara use`).", show_default=False),
    ] = None,
    board: BoardOption = None,
    as_json: JsonOption = False,
    notes: Annotated[
        bool, typer.Option("--notes", help="List every note: each check relaxed because the "
                           "log leaves out a fact the table saw (default: a count).")
    ] = False,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Leave out warnings and the count of notes.")
    ] = False,
) -> None:
    """Replay game logs and point at the first illegal event of each [R2-R5].

    Each violation names the file and line, the event number, the player, the rule and the
    facts. Exit code 0 when every log is valid, 1 when any breaks a rule, 2 when a file cannot
    be read or is not a log.
    """
    code = EXIT_OK
    reports = []
    console = err()
    if not logs:
        try:
            logs = [default_log(None)[0]]
        except InputError as e:
            raise fail(str(e)) from None
    for path in logs:
        try:
            game = replay_file(path, board)
        except InputError as e:
            code = EXIT_INPUT
            if as_json:
                reports.append({"file": show_path(path), "error": str(e)})
            else:
                console.print(f"error: {e}", soft_wrap=True)
            continue
        result = game.result
        if not result.valid and code == EXIT_OK:
            code = EXIT_VIOLATION
        if as_json:
            from asara_cli.render.findings import validation_dict

            reports.append(validation_dict(game.log, result))
            continue
        report_violations(game)
        relaxed = [v for v in result.notes if v.severity == "note"]
        listed = [v for v in result.notes if (v.severity != "note" and not quiet) or notes]
        for v in listed[:SHOWN_VIOLATIONS if not notes else None]:
            console.print(describe_violation(game.log, v), soft_wrap=True)
        if not notes and len(listed) > SHOWN_VIOLATIONS:
            console.print(f"{show_path(path)}: ... and {len(listed) - SHOWN_VIOLATIONS:,} more "
                          "warnings",
                          soft_wrap=True)
        if relaxed and not notes and not quiet:
            console.print(f"{show_path(path)}: {plural(len(relaxed), 'note')} on facts the log "
                          "leaves "
                          "out (--notes lists them)", soft_wrap=True)
        if result.valid:
            how = game.game.progress(result)
            out().print(f"ok: {show_path(path)}: {len(game.log.events)} events, {how}",
                        soft_wrap=True)
        else:
            n = sum(1 for v in result.violations if not v.later)
            out().print(f"invalid: {show_path(path)}: {plural(n, 'violation')}"
                        + (f", the first at event {result.stopped}" if result.stopped else ""),
                        soft_wrap=True)
    if as_json:
        print_json({"valid": code == EXIT_OK, "logs": reports})
    raise typer.Exit(code)


@guarded
def status(
    log: LogArgument = None,
    at: Annotated[
        int | None,
        typer.Option("--at", help="Show the board after event N (0: before the first).",
                     min=0, show_default=False),
    ] = None,
    board: BoardOption = None,
    full: Annotated[bool, typer.Option(
        "--full", help="Also what lies behind the screens and the market's piles.")] = False,
    as_json: JsonOption = False,
) -> None:
    """The board as it stands: year, whose turn, money, buyers, towers, prestige, areas.

    It fits an 80x40 terminal; --full adds the screens and the market. With --at N, as it
    stood after event N. A log with an illegal event shows the last legal
    state before it, and exits with code 1.
    """
    log = default_log(log)[0]
    game = replay_file(log, board)
    result = game.result
    n = len(game.log.events) if at is None else min(at, len(game.log.events))
    # the states stop before the first illegal event
    shown = n if result.stopped is None else min(n, result.stopped - 1)
    if as_json:
        print_json(game.game.status_data(game.board, result, n) | {"file": show_path(log)})
    else:
        title = f"{show_path(log)} after event {shown}" + (
            f" (asked for {n}; the log is illegal from event {result.stopped})"
            if shown < n else "")
        out().print(game.game.status_view(game.board, result, n, title, full))
    if not result.valid:
        report_violations(game)
        raise typer.Exit(EXIT_VIOLATION)


@guarded
def score(
    log: LogArgument = None,
    board: BoardOption = None,
    as_json: JsonOption = False,
    chart: Annotated[bool, typer.Option(
        "--chart", help="Draw each player's prestige after each year and after the final "
        "evaluation as bars, instead of the ledger.")] = False,
    fmt: Annotated[ScoreFormat, typer.Option(
        "--format", "-f", help="text, json (as --json), or bgstats: the finished game as "
        "the play JSON BG Stats takes.")] = ScoreFormat.TEXT,
    url: Annotated[bool, typer.Option("--url", help="Print the BG Stats createPlay link "
                                      "(implies --format bgstats): open it on a phone with "
                                      "BG Stats to record the play.")] = False,
    bgg_id: BggIdOption = None,
) -> None:
    """Every prestige point with its source: builds, end-of-year evaluations, final awards.

    Per-year subtotals, the final evaluation with its arithmetic, and the winner(s). A game
    still running shows totals so far ("complete": false in JSON).
    """
    log = default_log(log)[0]
    if url or fmt is ScoreFormat.BGSTATS:
        _to_bgstats(log, board, url, bgg_id)
        return
    if bgg_id is not None:
        raise fail("--bgg-id goes with --format bgstats or --url")
    as_json = as_json or fmt is ScoreFormat.JSON
    game = replay_file(log, board)
    result = game.result
    played = game.game
    if chart and not as_json:
        out().print(played.score_chart(result, f"{played.points.capitalize()} in "
                                           f"{show_path(log)}"))
    elif as_json:
        print_json(played.score_data(game.board, result) | {"file": show_path(log)})
    else:
        out().print(played.score_view(game.board, result, f"Score of {show_path(log)}"))
    if not result.valid:
        report_violations(game)
        raise typer.Exit(EXIT_VIOLATION)
