"""Handing a scored game to BG Stats: a play as JSON, or url-encoded on the app's
``createPlay`` link, with ids stable across pushes. The keys and their values: docs/batch.md,
"BG Stats"."""

from __future__ import annotations

import datetime as dt
import json
import os
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote

from asara_cli.core.i18n import _
from asara_cli.core.names import name_key
from asara_cli.core.shown import show_path
from asara_cli.core.words import grouped
from asara_cli.games import game as game_of
from asara_cli.stats import GameRecord

#: The link BG Stats opens (in the app where it is installed, else its web page).
CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html"
SOURCE_NAME = "asara-cli"
#: BG Stats reads ``playDate`` as UTC. A log that gives only the day is put at noon UTC, so
#: the app shows that same day in every time zone from UTC-11 to UTC+11.
NOON = dt.time(12, 0)


def play_date(record: GameRecord) -> str:
    """The log's ``date`` (a day, or a day and time), else the file's last change, as
    ``YYYY-MM-DD HH:MM:SS`` in UTC."""
    when: dt.datetime | None = None
    if record.date:
        try:
            when = dt.datetime.fromisoformat(record.date)
        except ValueError:
            when = None
        if when is not None and len(record.date) <= 10:  # a day without a time
            when = dt.datetime.combine(when.date(), NOON)
    if when is None:
        when = dt.datetime.fromtimestamp(os.stat(record.file).st_mtime, dt.UTC)
    if when.tzinfo is not None:
        try:
            when = when.astimezone(dt.UTC).replace(tzinfo=None)
        except OverflowError:  # a far offset on the first or last day Python knows
            when = when.replace(tzinfo=None)
    return when.isoformat(" ", "seconds")  # strftime's %Y gives year 1 as "1"


def play(record: GameRecord, bgg_id: int | None = None,
         shown: Mapping[str, str] | None = None) -> dict[str, Any]:
    """One scored game as BG Stats' play JSON. ``shown`` spells each player (by name rule
    key) as the club's statistics do, so that "LENA" in one log goes to the app as the
    "Lena" of the others; a name not in it is written as the log has it."""
    played = game_of(record.game)
    game: dict[str, Any] = {"name": played.title, "sourceGameId": played.key,
                            "highestWins": True, "noPoints": False}
    bgg_id = played.bgg_id if bgg_id is None else bgg_id
    if bgg_id is not None:
        game["bggId"] = bgg_id
    data: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": f"{played.key}-{(record.game_digest or record.digest)[:20]}",
        "playDate": play_date(record),
        "game": game,
    }
    if record.place:
        data["location"] = record.place
    data["comments"] = _("{play}; scored by asara-cli from {file}").format(
        play=played.describe(dict(record.facts)), file=show_path(os.path.basename(record.file)))
    spelt = shown or {}
    data["players"] = [{"name": spelt.get(name_key(s.name), s.name),
                        "sourcePlayerId": name_key(s.name), "score": s.total,
                        "rank": s.rank, "winner": s.winner, "startPlayer": s.seat == 1}
                       for s in record.seats]
    return data


#: About the longest createPlay link the app handles (issue 21): a longer one may not open.
LINK_LIMIT = 8000


def link_warning(url: str, file: str) -> str | None:
    """A warning for a link longer than :data:`LINK_LIMIT`, naming the log; else ``None``."""
    if len(url) <= LINK_LIMIT:
        return None
    return _("warning: {file}: the BG Stats link is {length} characters, more than the about "
             "{limit} the app handles; it may not open (a long place or long player names "
             "make it long)").format(file=file, length=grouped(len(url)),
                                     limit=grouped(LINK_LIMIT))


def link(data: dict[str, Any]) -> str:
    """The ``createPlay`` link for one play: tapping it hands the play to the app."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return f"{CREATE_PLAY}?data={quote(text, safe='')}"
