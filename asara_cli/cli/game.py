"""``asara validate``, ``asara status`` and ``asara score``: replaying a game log."""

from __future__ import annotations

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
    fail,
    replay_file,
)
from asara_cli.cli.formats import (
    SCORE,
    STATUS,
    VALIDATE,
    ScoreFormat,
    StatusFormat,
    ValidateFormat,
    chosen,
)
from asara_cli.core.i18n import _
from asara_cli.errors import InputError
from asara_cli.logfile.record import default_log

LogArgument = Annotated[
    Path | None,
    typer.Argument(help="A game log (TOML), as described in docs/log-format.md (default: "
                   "$ASARA_LOG, else the log of `asara use`).", show_default=False),
]


def validate(
    logs: Annotated[
        list[Path] | None,
        typer.Argument(help="Game logs to replay (default: $ASARA_LOG, else the log of "
                       "`asara use`).", show_default=False),
    ] = None,
    board: BoardOption = None,
    fmt: Annotated[ValidateFormat, typer.Option(
        "--format", "-f", help="text (diagnostics on stderr, a verdict per log on stdout) "
        "or json (one document on stdout).")] = ValidateFormat.text,
    as_json: JsonOption = False,
    notes: Annotated[
        bool, typer.Option("--notes", help="List every note: each check relaxed because the "
                           "log leaves out a fact the table saw (default: a count).")
    ] = False,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Leave out warnings and the count of notes.")
    ] = False,
) -> None:
    """Replay game logs of any game and point at the first illegal event of each.

    Each violation names the file and line, the event number, the player, the rule and the
    facts. Exit code 0 when every log is valid, 1 when any breaks a rule, 2 when a file cannot
    be read or is not a log.
    """
    output = VALIDATE[chosen(VALIDATE, fmt.value, as_json)](notes, quiet)
    code = EXIT_OK
    for path in logs or [default_log(None)[0]]:
        try:
            game = replay_file(path, board)
        except InputError as e:
            code = EXIT_INPUT
            output.unreadable(path, e)
            continue
        if not game.result.valid and code == EXIT_OK:
            code = EXIT_VIOLATION
        output.replayed(path, game)
    output.end(code)
    raise typer.Exit(code)


def status(
    log: LogArgument = None,
    at: Annotated[
        int | None,
        typer.Option("--at", help="Show the board after event N (0: before the first).",
                     min=0, show_default=False),
    ] = None,
    board: BoardOption = None,
    full: Annotated[bool, typer.Option(
        "--full", help="Everything the game has to show, beyond what fits 80x40.")] = False,
    fmt: Annotated[StatusFormat, typer.Option(
        "--format", "-f", help="table or json (as --json).")
    ] = StatusFormat.table,
    as_json: JsonOption = False,
) -> None:
    """The board as it stands: the period, whose turn, what each player holds, the points.

    It fits an 80x40 terminal; --full adds what else the game has to show. With --at N, as
    it stood after event N. A log with an illegal event shows the last legal
    state before it, and exits with code 1.
    """
    log = default_log(log)[0]
    STATUS[chosen(STATUS, fmt.value, as_json)](log, at=at, full=full).show(board)


def score(
    log: LogArgument = None,
    board: BoardOption = None,
    as_json: JsonOption = False,
    chart: Annotated[bool, typer.Option(
        "--chart", help="Draw each player's points after each period (and after the final "
        "scoring, where the game has one) as bars, instead of the ledger.")] = False,
    fmt: Annotated[ScoreFormat, typer.Option(
        "--format", "-f", help="text, json (as --json), chart (as --chart), or bgstats: the "
        "finished game as the play JSON BG Stats takes.")
    ] = ScoreFormat.text,
    url: Annotated[bool, typer.Option("--url", help="Print the BG Stats createPlay link "
                                      "(implies --format bgstats): open it on a phone with "
                                      "BG Stats to record the play.")] = False,
    bgg_id: BggIdOption = None,
    at: Annotated[int | None, typer.Option(
        "--at", help="The score as it stood after event N (0: before the first).", min=0,
        show_default=False)] = None,
) -> None:
    """Every point with its source, period by period, and the winner(s).

    Subtotals per period, the final scoring with its arithmetic where the game has one,
    and the winner(s). A game
    still running shows totals so far ("complete": false in JSON).
    """
    log = default_log(log)[0]
    name = "bgstats" if url else "chart" if chart and fmt.value == "text" else fmt.value
    name = chosen(SCORE, name, as_json)
    if bgg_id is not None and name != "bgstats":
        raise fail(_("--bgg-id goes with --format bgstats or --url"))
    if at is not None and name == "bgstats":
        raise fail(_("--at goes with --format text, json or chart: BG Stats gets whole "
                     "games"))
    SCORE[name](log, url=url, bgg_id=bgg_id, upto=at).show(board)
