"""Shell completion of ASARA's move words (``autocompletion=`` of the commands' words): the
words the commands read, and from the current log its players, buyer colours and towers.

The shell calls one on each Tab, in a fresh process: none raises or prints (a broken or
hostile log gives no candidates), and a word from a file is offered only when it is plain,
so no shell syntax from a file reaches the completion script (zsh's evaluates it). The
language in use's words come first, then English, then other spellings (``mid-section``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

import typer

from asara_cli.cli.completion import log_path, matching, plain, quiet
from asara_cli.cli.completion import players as players
from asara_cli.games.asara import words
from asara_cli.games.asara.rules.model import Colour, Section

if TYPE_CHECKING:
    from asara_cli.cli.common import Replayed
    from asara_cli.games.asara.rules.state import GameState

# --- matching --------------------------------------------------------------------------------


def _first(incomplete: str, *tiers: Iterable[str]) -> list[str]:
    """The candidates of the first tier that has any, the first tier's words in the language
    in use before all (English is read too)."""
    from asara_cli.core.i18n import SOURCE, language

    if language() != SOURCE and tiers:
        tiers = ([words.spoken_word(w) for w in tiers[0]], *tiers)
    for tier in tiers:
        found = matching(tier, incomplete)
        if found:
            return found
    return []


def _typed(ctx: typer.Context, name: str) -> list[str]:
    """The words already given to ``name`` on the line (before the one being typed)."""
    value = ctx.params.get(name)
    if isinstance(value, str):
        return [value]
    if isinstance(value, (list, tuple)):
        return [v for v in value if isinstance(v, str)]
    return []


def _is(word: str, vocabulary: Mapping[str, object]) -> bool:
    try:
        words.pick(word, vocabulary, "word")
    except words.WordError:
        return False
    return True


COLOURS = [str(c) for c in Colour]
SECTIONS = [str(s) for s in Section]
#: The other spellings of sections: plurals, ``mid-section``.
_OTHER_SECTIONS = [w for w in words.SECTION_WORDS if w not in SECTIONS]


# --- the words of the move commands ------------------------------------------------------------


@quiet
def sections(ctx: typer.Context, incomplete: str) -> list[str]:
    """A market area or face-down pile: base, trunk, window, turret."""
    return _first(incomplete, SECTIONS, _OTHER_SECTIONS)


@quiet
def colours(ctx: typer.Context, incomplete: str) -> list[str]:
    """A tower colour: brown, green, red, black, white."""
    return _first(incomplete, COLOURS)


def _tile(typed: Sequence[str], incomplete: str) -> list[str]:
    """A tile's words: ``gold`` and a colour, once each."""
    ws = words.tokens(typed)
    if any(_is(w, words.COLOUR_WORDS) for w in ws):
        return []
    gold = [] if any(words.means(w, words.GOLD) for w in ws) else [words.GOLD]
    return _first(incomplete, [*COLOURS, *gold])


@quiet
def tile(ctx: typer.Context, incomplete: str) -> list[str]:
    """The tile bought or taken (``buy``, ``bribe``): its colour, maybe ``gold`` first."""
    return _tile(_typed(ctx, "tile"), incomplete)


@quiet
def display(ctx: typer.Context, incomplete: str) -> list[str]:
    """``asara display``: an area's name, then its tiles."""
    typed = words.tokens(_typed(ctx, "tiles"))
    if not typed:
        return _first(incomplete, SECTIONS, _OTHER_SECTIONS)
    listed = {words.section(w) for w in typed if _is(w, words.SECTION_WORDS)}
    free = [s for s in SECTIONS if Section(s) not in listed]
    return _first(incomplete, [*COLOURS, words.GOLD, *free],
                  _OTHER_SECTIONS)


# --- from the current log ----------------------------------------------------------------------


def _game(ctx: typer.Context) -> Replayed:
    """The current log, replayed (raises when it cannot be read)."""
    from asara_cli.cli.common import replay_file

    return replay_file(log_path(ctx), None)


def _towers(ctx: typer.Context, lightable: bool) -> list[str]:
    """The towers of ``--player`` (else of the player to move) as ``build`` names them
    (``red``, ``red 2``), in the language in use; with ``lightable``, only those with a
    window a lighted window can still cover (R3.7)."""
    state: GameState = _game(ctx).result.state
    given = ctx.params.get("player")
    seat = (state.seat(words.player(given, state.setup.players)) if isinstance(given, str)
            else state.turn)
    if seat is None:
        return []
    names: list[str] = []
    count: dict[str, int] = {}
    for t in state.players[seat].towers:
        n = count[t.colour] = count.get(t.colour, 0) + 1
        if lightable and t.free_plain_windows + t.free_gold_windows <= 0:
            continue
        colour = words.spoken_word(str(t.colour))  # in the language in use (Rot 2)
        names.append(colour if n == 1 else f"{colour} {n}")
    return names


@quiet
def start(ctx: typer.Context, incomplete: str) -> list[str]:
    """``asara new --start``: one of the players given with --player on the line."""
    return matching([n for n in _typed(ctx, "players") if plain(n)], incomplete)


@quiet
def buyers(ctx: typer.Context, incomplete: str) -> list[str]:
    """``--card``: the buyer colours the log declares, else those already seen face up, and
    ``pair`` (an undeclared new colour is typed in full the first time)."""
    labels: list[str] = []
    with contextlib.suppress(Exception):  # no log: only the pair
        state = _game(ctx).result.state
        labels = [w for w in state.setup.buyers or state.labels if plain(w)]
    return _first(incomplete, [*(words.spoken_word(w, "-c") for w in labels),
                               words.spoken_word("pair")], [*labels, "pair"])


@quiet
def towers_to_add(ctx: typer.Context, incomplete: str) -> list[str]:
    """``build --add``: a tower of the player (then its sections, in the same quotes)."""
    return matching(_towers(ctx, lightable=False), incomplete)


@quiet
def towers_to_light(ctx: typer.Context, incomplete: str) -> list[str]:
    """``build --light``: a tower of the player with a window left to light."""
    return matching(_towers(ctx, lightable=True), incomplete)


@quiet
def build(ctx: typer.Context, incomplete: str) -> list[str]:
    """``build``'s towers: a colour first, then sections (``gold`` before one); after a
    colour, the number of the player's tower of that colour when there are several."""
    ws = words.tokens(_typed(ctx, "towers"))
    if not ws:
        return _first(incomplete, COLOURS)
    numbers: list[str] = []
    if _is(ws[-1], words.COLOUR_WORDS):
        colour = words.spoken_word(str(words.colour(ws[-1])))
        with contextlib.suppress(Exception):  # no log: the words alone
            numbers = [n.split()[-1] for n in _towers(ctx, lightable=False)
                       if n.startswith(f"{colour} ")]
    return _first(incomplete, [*numbers, *SECTIONS, words.GOLD, *COLOURS],
                  _OTHER_SECTIONS)


def _areas(ctx: typer.Context) -> list[str]:
    """The board's area keys: those in play in the current log, else all of the standard
    board's."""
    from asara_cli.games.asara.rules.state import in_play
    from asara_cli.logfile.board import load_board

    try:
        game = _game(ctx)
    except Exception:
        return [a.key for a in load_board(None).areas]
    board, setup = game.board, game.log.header.setup
    return [a.key for a in board.areas if plain(a.key) and in_play(board, setup, a.key)]


@quiet
def gifts(ctx: typer.Context, incomplete: str) -> list[str]:
    """``asara gifts``: an area, its space, the gift (``asari`` takes a number, ``buy`` a
    section type), then the next area."""
    expect = "area"
    for w in words.tokens(_typed(ctx, "dealt")):
        word = words.gift_word(w)
        if expect == "gift":
            expect = {"asari": "number", "buy": "section"}.get(word, "area")
        else:
            expect = {"area": "space", "space": "gift"}.get(expect, "area")
    if expect == "area":
        return _first(incomplete, _areas(ctx), SECTIONS, _OTHER_SECTIONS)
    if expect == "gift":
        return _first(incomplete, words.GIFT_WORDS)
    if expect == "section":
        return _first(incomplete, SECTIONS, _OTHER_SECTIONS)
    return []  # a number: the space, or the Asari
