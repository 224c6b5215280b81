"""``asara report``: a page worth posting, for one game or a folder of games."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from asara_cli.cli.common import EXIT_OK, EXIT_VIOLATION, err, replay_file
from asara_cli.core.i18n import _
from asara_cli.core.shown import show_path
from asara_cli.core.words import both
from asara_cli.games import find_game
from asara_cli.logfile.write import output_folder, write_file
from asara_cli.render.report import club_page, game_page
from asara_cli.stats import DUPLICATE, clubs, mark_duplicates


def report(
    source: Annotated[Path, typer.Argument(help="A game log, or a folder of game logs.",
                                           show_default=False)],
    output: Annotated[Path, typer.Option("--output", "-o", help="The HTML file to write.",
                                         show_default=False)],
    wbc: Annotated[bool, typer.Option("--wbc", help="YSPAHAN: players tied for the win are "
                                      "also shown in the WBC tournament order (most camels, "
                                      "then gold, then cards in hand; Y4.7); they still share "
                                      "the win.")] = False,
) -> None:
    """Write one self-contained HTML page of a game, or of a folder's club statistics.

    For a game: a card with the winner, the totals and one chart, then the points by
    period, by source and the ledger; for a folder, the
    club's statistics with charts (games batch has scored come from its cache).

    No scripts and no network: the page is a single file with its pictures inside, and the
    same input gives the same bytes.

    Exit code 0 when every log is valid; 1 when one breaks a rule or (in a folder) cannot be
    read, each named on stderr as batch does, and the page is still written; 2 when there
    is nothing to report on or the page cannot be written.

    Example: asara report game.toml -o game.html;  asara report club/ -o club.html
    """
    if wbc and source.is_dir():
        err().print(_("note: --wbc orders one game's tied winners; a folder's page has none "
                      "of its own"), soft_wrap=True)
    if source.is_dir():
        from asara_cli.cli.batch import logs_in, say_skipped, score_logs  # a folder only

        # as batch scores them, so a folder batch has scored comes from the cache
        found = logs_in([source], False)
        records = mark_duplicates(score_logs(found.files, None, None))
        kept = [r for r in records if r.status != DUPLICATE]
        names = sorted({find_game(r.game).name for r in kept if r.scored}) or [find_game(None).name]
        page = club_page(_("{games} at {folder}").format(games=both(names),
                                                          folder=source.resolve().name),
                         records, clubs(kept))
        code = EXIT_VIOLATION if say_skipped(records) or found.unreadable else EXIT_OK
    else:
        game = replay_file(source, None)
        tie = game.game.tie_break(game.result) if wbc else None
        if wbc and tie is None:
            err().print(_("note: --wbc changes nothing here: it orders the players tied for "
                          "the win of a finished YSPAHAN game (Y4.7)"), soft_wrap=True)
        page = game_page(game.game, game.result, game.log, tie)
        code = EXIT_OK if game.result.valid else EXIT_VIOLATION
    output_folder(output.parent, make=False)  # its folder reached through no link
    write_file(output, page, follow_link=False)  # a link planted there is refused
    err().print(_("written: {path}").format(path=show_path(output)), soft_wrap=True)
    raise typer.Exit(code)
