"""The building circle (R3.2, R3.7): plot N costs N and builds N sections, one prestige each.

The tower law lives here: one colour per tower, one base and one turret, new towers complete
in one build, trunks and windows added to standing towers, lighted windows (pro) laid on
plain windows that stood before the build.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from asara_cli.core.findings import Report
from asara_cli.core.i18n import N_, Later, _, ngettext
from asara_cli.core.schema import Schema, string, texts
from asara_cli.core.words import number
from asara_cli.games.asara.rules import terms
from asara_cli.games.asara.rules.areas.base import (
    ALL_COLOURS,
    COLOUR_OF,
    COLOURS,
    LINE,
    SECTION_OF,
    SECTIONS,
    Fields,
    Kind,
    Move,
    Notes,
    Sampling,
    numbered_space,
)
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.events import Addition, Build, LightedWindow, NewTower, Part, Tile
from asara_cli.games.asara.rules.model import (
    Colour,
    Section,
    Tower,
    Variant,
    tower_label,
    tower_word,
)
from asara_cli.games.asara.rules.scoring import build_prestige
from asara_cli.games.asara.rules.state import GameState, LedgerEntry, PlayerState, missing
from asara_cli.games.asara.rules.table import Hand, PlayerLike

_PART = re.compile(rf"^(gold )?({SECTIONS})$")
_TOWER = re.compile(rf"^({COLOURS})(?: ([1-9][0-9]*))?$")
_LIGHTED = re.compile(rf"^({COLOURS})(?: ([1-9][0-9]*))?( on gold)?$")
# reading an enum member from its class is slow too, and builds read these for every part
_BASE, _TRUNK, _WINDOW, _TURRET = Section.BASE, Section.TRUNK, Section.WINDOW, Section.TURRET
_ENDS = (_BASE, _TURRET)
_NEW_HELP = N_('a new tower such as "white: base, gold window, turret"')
_ADD_HELP = N_('an addition such as "black: window" or "red 2: trunk, gold window"')
# The texts of new and add as one pattern each, for the log's JSON Schema: what _tower_text
# accepts (spaces and tabs around the words; other white space Python strips is rare).
_SP = r"[ \t]*"
_PARTS = rf"{_SP}(gold )?({SECTIONS}){_SP}(,{_SP}(gold )?({SECTIONS}){_SP})*"
NEW_TEXT = rf"^{_SP}({COLOURS}){_SP}:{_PARTS}$"
ADD_TEXT = rf"^{_SP}({COLOURS})( [1-9][0-9]*)?{_SP}:{_PARTS}$"


def find_tower(towers: Sequence[Tower], colour: Colour, n: int) -> int | None:
    """Index in ``towers`` of the n-th tower of ``colour`` (1-based), if it stands."""
    seen = 0
    for i, t in enumerate(towers):
        if t.colour == colour:
            seen += 1
            if seen == n:
                return i
    return None


class Building(Kind[Build]):
    kind = "building"
    log_type = "build"
    space_key = "plot"
    needs_space = True
    may_fail = True
    space_help = N_("the plot number")
    summary = N_("Build on plot N: pay N, place N sections (R3.2).")

    def key_schemas(self) -> dict[str, Schema]:
        return {
            "plot": numbered_space("The plot built on: it costs its number."),
            "new": texts(string(NEW_TEXT, _NEW_HELP), 'New towers: "white: base, gold window, '
                                                    'turret".'),
            "add": texts(string(ADD_TEXT, _ADD_HELP), 'Additions to standing towers: "black: '
                                                    'window", "red 2: trunk".'),
            "lighted": texts(string(_LIGHTED, "a tower's lighted window"),
                             'Lighted windows laid on windows of standing towers: "black", '
                             '"red 2 on gold" (R3.7).'),
        }

    def samples(self, s: Sampling, wish: bool = False) -> list[tuple[Build, int | None]]:
        """On each plot the player can pay for, a few ways to build its sections (or fewer,
        where the plots below are taken, R3.2) from the screen; ``s.every``: every way."""
        circle = s.state.area(s.board.by_kind[self.kind].key)
        builds: dict[int, list[_BuildParts]] = {}  # by sections: the same on every plot
        screen: _Screen | None = None
        found: list[tuple[Build, int | None]] = []
        for plot in s.board.by_kind[self.kind].spaces or ():
            if plot > s.player.money:
                continue
            for k in range(plot, 0, -1):
                if k < plot and not circle.occupied(k):
                    break
                if k not in builds and s.every:  # the moves listed: every build
                    builds[k] = every_build(s.state, s.player, k)
                elif k not in builds:
                    screen = screen or _Screen(s.state, s.player)
                    builds[k] = screen.builds(k)
                for build in builds[k]:
                    found.append((Build(*build), plot))
        return found

    def cost(self, board: Board, space: int | None, action: Build) -> tuple[int, str]:
        plot = space or 0
        return plot, _("plot {plot} costs {cost}").format(plot=plot, cost=plot)

    def price(self, board: Board, space: int | None, action: Build) -> int:
        return space or 0

    def check(self, m: Move[Build], bad: Report) -> None:
        plot, event, player = m.space or 0, m.action, m.player
        if plot not in (m.board.by_kind[self.kind].spaces or ()):
            return  # reported with the space
        _check_plot(m, self.kind, plot, event.sections, bad)
        _check_towers(event, player, bad)
        tiles = m.worked = event.tiles
        _check_screen(player, tiles, bad)
        if event.lighted:
            if m.state.setup.variant != Variant.PRO:
                bad("R3.7", _("lighted windows are only in the pro game"))
                return
            _check_lighted(event.lighted, player, bad)

    def notes(self, m: Move[Build]) -> Notes:
        if not m.action.lighted:
            return ()
        p = m.player
        known = Counter(p.lighted_known)
        for lw in m.action.lighted:
            if known[lw.colour] > 0:
                known[lw.colour] -= 1
            elif p.lighted_unknown > 0:
                return [(f"lighted colour {p.name} {m.number}", "R3.7",
                         Later(_trusted_said, (p.name, lw.colour)))]
        return ()

    def refuses(self, m: Move[Build]) -> bool:
        """A tower the build adds to, or lays a lighted window on, is not standing."""
        towers, build = m.player.towers, m.action
        onto: tuple[Addition | LightedWindow, ...] = (*build.add, *build.lighted)
        return None in [find_tower(towers, a.colour, a.tower) for a in onto]

    def apply(self, m: Move[Build]) -> None:
        player, build = m.player, m.action
        tiles = m.worked if m.worked is not None else build.tiles
        _build(player, build, tiles)
        k = len(tiles) + len(build.lighted)  # build.sections, its tiles already counted
        state = m.state
        # every ledger line says what happened: the towers grown or made, each lighted
        # window laid, and a wish of the genie (R6.2) when it was one; the facts (the build
        # and the towers after it, frozen) are kept, worked out and worded when shown
        said = Later(_build_said, (k, m.space, m.copied, player.towers, m.action))
        state.ledger.append(LedgerEntry(m.seat, build_prestige(m.board, k), "build",
                                        state.year, m.number, said))

    def text(self, board: Board, who: str, space: int | None, action: Build, how: str | None
             ) -> str:
        # towers named as the build command names them: "red", "red 2"
        what = [_("new {tower}: {parts}").format(tower=terms.tower(t.colour),
                                                 parts=_parts_shown(t.parts))
                for t in action.new]
        what += [f"{terms.tower_word(a.colour, a.tower)} +{_parts_shown(a.parts)}"
                 for a in action.add]
        what += [_lighted_on(terms.tower_word(lw.colour, lw.tower), lw.on_gold)
                 for lw in action.lighted]
        k = action.sections
        if k == space and how:
            text = _("{player} builds on plot {plot} for {cost} ({buyer}): {towers}")
        elif k == space:
            text = _("{player} builds on plot {plot} for {cost}: {towers}")
        elif how:
            text = ngettext("{player} builds {n} section on plot {plot} for {cost} ({buyer}): "
                            "{towers}", "{player} builds {n} sections on plot {plot} for {cost} "
                            "({buyer}): {towers}", k)
        else:
            text = ngettext("{player} builds {n} section on plot {plot} for {cost}: {towers}",
                            "{player} builds {n} sections on plot {plot} for {cost}: {towers}",
                            k)
        return text.format(player=who, n=k, plot=space, cost=space, buyer=how,
                           towers="; ".join(what))

    def read(self, r: Fields) -> tuple[int | None, Build]:
        plot = self.read_space(r)
        new: list[NewTower] = []
        new_help, add_help = _(_NEW_HELP), _(_ADD_HELP)
        for i, text in enumerate(r.strings("new", LINE, new_help)):
            colour, n, parts = _tower_text(r, f"new[{i}]", text, new_help)
            if n is not None:
                raise r.error(f"new[{i}]", _("a new tower has no number yet; write "
                                             "\"{colour}: ...\"").format(colour=colour))
            new.append(NewTower(colour, parts))
        add: list[Addition] = []
        for i, text in enumerate(r.strings("add", LINE, add_help)):
            colour, n, parts = _tower_text(r, f"add[{i}]", text, add_help)
            add.append(Addition(colour, n or 1, parts))
        lighted: list[LightedWindow] = []
        for text in r.strings("lighted", _LIGHTED,
                              _('a tower such as "black", "red 2" or "red 2 on gold"')):
            m = _LIGHTED.match(text)
            assert m is not None
            tower = number(m.group(2) or "1")
            if tower is None:
                raise r.error("lighted", _("{number} is no tower number").format(
                    number=m.group(2)))
            lighted.append(LightedWindow(COLOUR_OF[m.group(1)], tower, m.group(3) is not None))
        return plot, Build(tuple(new), tuple(add), tuple(lighted))

    def write(self, space: int | None, action: Build) -> dict[str, Any]:
        d: dict[str, Any] = {"plot": space}
        if action.new:
            d["new"] = [f"{t.colour}: {_parts(t.parts)}" for t in action.new]
        if action.add:
            d["add"] = [f"{tower_word(a.colour, a.tower)}: "
                        f"{_parts(a.parts)}" for a in action.add]
        if action.lighted:
            d["lighted"] = [f"{tower_word(lw.colour, lw.tower)}"
                            f"{' on gold' if lw.on_gold else ''}" for lw in action.lighted]
        return d


def _parts(parts: Sequence[Part]) -> str:
    return ", ".join(map(str, parts))


def _parts_shown(parts: Sequence[Part]) -> str:
    """The parts of a build in the language in use (:func:`_parts` writes the log's)."""
    return ", ".join(terms.part(p.section, p.gold) for p in parts)


def _lighted_on(tower: str, on_gold: bool) -> str:
    """``a lighted window on red 2 (on gold)``."""
    if on_gold:
        return _("a lighted window on {tower} (on gold)").format(tower=tower)
    return _("a lighted window on {tower}").format(tower=tower)


def _tower_text(r: Fields, key: str, text: str, expected: str
                ) -> tuple[Colour, int | None, tuple[Part, ...]]:
    head, sep, rest = text.partition(":")
    m = _TOWER.match(head.strip())
    items = [x.strip() for x in rest.split(",")] if sep else []
    tower = number(m.group(2)) if m and m.group(2) else None
    if (not m or not items or not all(_PART.match(x) for x in items)
            or (m.group(2) and tower is None)):
        raise r.error(key, _("expected {expected}, got {text}").format(
            expected=expected, text=repr(text)))
    parts = []
    for x in items:
        pm = _PART.match(x)
        assert pm is not None
        parts.append(Part(SECTION_OF[pm.group(2)], pm.group(1) is not None))
    return COLOUR_OF[m.group(1)], tower, tuple(parts)


def _check_lighted(lighted: Sequence[LightedWindow], player: Hand, bad: Report
                   ) -> None:
    on: Counter[tuple[Colour, int, bool]] = Counter(
        (lw.colour, lw.tower, lw.on_gold) for lw in lighted)
    for (colour, n, gold), count in sorted(on.items()):
        i = find_tower(player.towers, colour, n)
        if i is None:
            bad("R3.7", _("{player} has no {tower} for a lighted window").format(
                player=player.name, tower=terms.tower(colour, n)))
            continue
        t = player.towers[i]
        free = t.free_gold_windows if gold else t.free_plain_windows
        if count <= free:
            continue  # the words only for a refusal
        if gold:
            text = ngettext("{player}'s {tower} has {free} uncovered gold windows; the log lays "
                            "{n} lighted window on them",
                            "{player}'s {tower} has {free} uncovered gold windows; the log lays "
                            "{n} lighted windows on them", count)
        else:
            text = ngettext("{player}'s {tower} has {free} uncovered plain windows without "
                            "gold; the log lays {n} lighted window on them",
                            "{player}'s {tower} has {free} uncovered plain windows without "
                            "gold; the log lays {n} lighted windows on them", count)
        bad("R3.7", text.format(player=player.name, tower=terms.tower(colour, n), free=free,
                                n=count))
    have = Counter(player.lighted_known)
    unknown = player.lighted_unknown
    for lw in lighted:
        if have[lw.colour] > 0:
            have[lw.colour] -= 1
        elif unknown > 0:
            unknown -= 1
        else:
            kept = ", ".join(terms.colour(c) for c in player.lighted_known) or _("none")
            bad("R3.7", _("{player} has no {colour} lighted window behind the screen (kept: "
                          "{kept})").format(player=player.name,
                                            colour=terms.coloured(lw.colour, "window"),
                                            kept=kept))
            return


def _gold_hint(player: Hand, tile: Tile) -> str:
    """``; Anna has a gold red base: say gold base`` when only the gold word is wrong."""
    other = Tile(tile.section, tile.colour, not tile.gold)
    if other not in player.screen:
        return ""
    shown = terms.a_tile(other.section, other.colour, other.gold)
    if other.gold:
        return _("; {player} has {a_tile}: say gold {section}").format(
            player=player.name, a_tile=shown, section=terms.section(tile.section))
    return _("; {player} has {a_tile}, without gold: leave out gold").format(
        player=player.name, a_tile=shown)


def grown(after: PlayerLike, event: Build, new: bool = True) -> list[str]:
    """The towers a build raised (and made, with ``new``), named as the build command names
    them, with their new height: ``red 2 now 8 high``, ``white new, 3 high``."""
    return _grown_words(grown_towers(after.towers, event, new))


def grown_towers(towers: tuple[Tower, ...], event: Build, new: bool = True
                 ) -> tuple[tuple[str, int, bool], ...]:
    """What :func:`grown` says, as facts: each tower's label (``red 2``), its new height and
    whether it is new."""
    out: list[tuple[str, int, bool]] = []
    for a in event.add:
        i = find_tower(towers, a.colour, a.tower)
        if i is not None:
            fact = (tower_label(towers, i), towers[i].height, False)
            if fact not in out:
                out.append(fact)
    if new:  # new towers stand at the end, in the order built
        for i in range(len(towers) - len(event.new), len(towers)):
            out.append((tower_label(towers, i), towers[i].height, True))
    return tuple(out)


def _grown_words(towers: Iterable[tuple[str, int, bool]]) -> list[str]:
    return [(_("{tower} new, {height} high") if new else _("{tower} now {height} high"))
            .format(tower=terms.tower_named(label), height=height)
            for label, height, new in towers]


def _build_said(k: int, plot: int | None, copied: bool, towers: tuple[Tower, ...],
                build: Build) -> str:
    """A build's ledger line (kept as :class:`Later` by :meth:`Building.apply`, with the
    builder's ``towers`` after it): ``built 3 sections on plot 3: red new, 3 high; a
    lighted window on black``."""
    what = _grown_words(grown_towers(towers, build))
    for lw in build.lighted:
        i = find_tower(towers, lw.colour, lw.tower)
        what.append(_lighted_on(terms.tower_named(
            tower_label(towers, i) if i is not None else lw.colour), lw.on_gold))
    if copied:
        text = ngettext("built {n} section on plot {plot} (a wish of the Bottle Genie): "
                        "{towers}", "built {n} sections on plot {plot} (a wish of the Bottle "
                        "Genie): {towers}", k)
    else:
        text = ngettext("built {n} section on plot {plot}: {towers}",
                        "built {n} sections on plot {plot}: {towers}", k)
    return text.format(n=k, plot=plot, towers="; ".join(what))


def _build(player: Hand, event: Build, tiles: tuple[Tile, ...]) -> None:
    """The build on the player's towers and screen; ``tiles`` are ``event.tiles``."""
    towers = list(player.towers)
    for a in event.add:
        i = find_tower(player.towers, a.colour, a.tower)
        assert i is not None  # refuses() said so before the turn began
        towers[i] = _grow(towers[i], a.parts)
    known = player.lighted_known
    for lw in event.lighted:
        i = find_tower(player.towers, lw.colour, lw.tower)
        assert i is not None
        t = towers[i]
        towers[i] = Tower(t.colour, t.trunks, t.windows, t.gold, t.gold_windows, t.lighted + 1,
                          t.lighted_on_gold + lw.on_gold)
        if lw.colour in known:
            known.remove(lw.colour)
        else:
            player.lighted_unknown = max(0, player.lighted_unknown - 1)
    for nt in event.new:
        towers.append(_grow(Tower(nt.colour), nt.parts))
    player.towers = tuple(towers)
    screen = player.screen
    for tile in tiles:
        # one search of the screen, where a legal build's tiles are (not contextlib.suppress:
        # a context manager made for every tile built in a replay)
        try:  # noqa: SIM105
            screen.remove(tile)
        except ValueError:
            pass


def _grow(tower: Tower, parts: Iterable[Part]) -> Tower:
    """The tower with ``parts`` added: trunks and windows make it taller, a base or a turret
    (a new tower's) adds only its gold."""
    trunks = windows = gold = gold_windows = 0
    for p in parts:
        if p.section is _TRUNK:
            trunks += 1
        elif p.section is _WINDOW:
            windows += 1
            gold_windows += p.gold
        gold += p.gold
    # made whole rather than through evolve: a build makes one per tower it grows
    return Tower(tower.colour, tower.trunks + trunks, tower.windows + windows,
                 tower.gold + gold, tower.gold_windows + gold_windows, tower.lighted,
                 tower.lighted_on_gold)


BUILDING = Building()


#: A build's arguments: the new towers, the additions, the lighted windows.
_BuildParts = tuple[tuple[NewTower, ...], tuple[Addition, ...], tuple[LightedWindow, ...]]


class _Screen:
    """What every way to build from one player's screen starts from, worked out once a
    turn: the tiles held, the single sections that go onto standing towers, and the tiles
    of each colour in the orders the choices below take them."""

    def __init__(self, state: GameState, player: PlayerState) -> None:
        screen = Counter(player.screen)
        self.screen = screen
        singles: list[tuple[str, Colour, int, Part | bool]] = []
        # lighted windows onto uncovered windows of standing towers
        if state.setup.variant == Variant.PRO:
            hidden = Counter(player.lighted_known)
            unknown = player.lighted_unknown
            seen: Counter[Colour] = Counter()
            for t in player.towers:
                seen[t.colour] += 1
                for on_gold, free in ((False, t.free_plain_windows),
                                      (True, t.free_gold_windows)):
                    for _window in range(free):
                        if hidden[t.colour] > 0:
                            hidden[t.colour] -= 1
                        elif unknown > 0:
                            unknown -= 1
                        else:
                            break
                        singles.append(("lighted", t.colour, seen[t.colour], on_gold))
        # trunks and windows onto standing towers (the first tower of their colour)
        standing = {t.colour for t in player.towers}
        by_name = sorted(screen, key=str)
        for tile in by_name:
            if tile.section in (Section.TRUNK, Section.WINDOW) and tile.colour in standing:
                singles += [("add", tile.colour, 1, Part(tile.section, tile.gold))] * screen[tile]
        self.singles = singles
        # per colour: bases and turrets in the screen's order, trunks and windows by name
        self.bases = {c: [t for t in screen if t.section == Section.BASE and t.colour == c]
                      for c in ALL_COLOURS}
        self.turrets = {c: [t for t in screen if t.section == Section.TURRET
                            and t.colour == c] for c in ALL_COLOURS}
        self.middles = {c: [t for t in by_name if t.colour == c
                            and t.section in (Section.TRUNK, Section.WINDOW)]
                        for c in ALL_COLOURS}

    def builds(self, k: int) -> list[_BuildParts]:
        """A few ways to place exactly ``k`` sections (tower law kept): the first ``k``
        singles, or the last ``k``, and new towers from what is left."""
        results = []
        for order in (1, -1):
            left = Counter(self.screen)
            chosen = self.singles[::order][:k]
            for kind, colour, _n, part in chosen:
                if kind == "add" and isinstance(part, Part):
                    left[Tile(part.section, colour, part.gold)] -= 1
            new: list[NewTower] = []
            need = k - len(chosen)
            for colour in ALL_COLOURS:
                if need < 2:
                    break
                base = next((t for t in self.bases[colour] if left[t] > 0), None)
                turret = next((t for t in self.turrets[colour] if left[t] > 0), None)
                if base is None or turret is None:
                    continue
                parts = [Part(Section.BASE, base.gold), Part(Section.TURRET, turret.gold)]
                left[base] -= 1
                left[turret] -= 1
                for tile in self.middles[colour]:
                    while left[tile] > 0 and len(parts) < need:
                        parts.append(Part(tile.section, tile.gold))
                        left[tile] -= 1
                new.append(NewTower(colour, tuple(parts)))
                need -= len(parts)
            if need != 0:
                continue
            adds: dict[tuple[Colour, int], list[Part]] = {}
            lighted = []
            for kind, colour, n, part in chosen:
                if kind == "add" and isinstance(part, Part):
                    adds.setdefault((colour, n), []).append(part)
                else:
                    lighted.append(LightedWindow(colour, n, bool(part)))
            results.append((tuple(new),
                            tuple(Addition(c, n, tuple(ps)) for (c, n), ps in adds.items()),
                            tuple(lighted)))
        return results


#: The sections a standing tower can be given, and a new tower's middle: trunks and windows,
#: gold and plain (in the order of their names, as the sampler takes them).
_MIDDLES = ((_TRUNK, True), (_WINDOW, True), (_TRUNK, False), (_WINDOW, False))


def _check_plot(m: Move[Build], kind: str, plot: int, k: int, bad: Report) -> None:
    """A build of ``k`` sections on ``plot``: as many as its number, the plots below it
    occupied (R3.2)."""
    if k == 0:
        bad("R3.2", ngettext("plot {plot} builds {n} section; none are built",
                             "plot {plot} builds {n} sections; none are built",
                             plot).format(plot=plot, n=plot))
    elif k > plot:
        bad("R3.2", ngettext("plot {plot} builds {n} section, not {k}",
                             "plot {plot} builds {n} sections, not {k}",
                             plot).format(plot=plot, n=plot, k=k))
    elif k < plot:
        here = m.state.area(m.board.by_kind[kind].key)
        taken = {s for s, _who in here.taken}
        vacant = [n for n in range(k, plot) if n not in taken]
        if vacant:
            if k == plot - 1:
                text = ngettext("{n} section on plot {plot} needs plot {below} occupied; "
                                "plot {vacant} is vacant",
                                "{n} sections on plot {plot} needs plot {below} occupied; "
                                "plot {vacant} is vacant", k)
            else:
                text = ngettext("{n} section on plot {plot} needs plots {below} to {last} "
                                "occupied; plot {vacant} is vacant",
                                "{n} sections on plot {plot} needs plots {below} to "
                                "{last} occupied; plot {vacant} is vacant", k)
            bad("R3.2", text.format(n=k, plot=plot, below=k, last=plot - 1,
                                    vacant=vacant[0]))


def _check_towers(event: Build, player: Hand, bad: Report) -> None:
    """The new towers have one base and one turret each; the added-to towers stand and
    take only trunks and windows (R3.2)."""
    for t in event.new:
        sections = [p.section for p in t.parts]
        bases, turrets = sections.count(_BASE), sections.count(_TURRET)
        if bases != 1 or turrets != 1:
            bad("R3.2", _("a new {tower} needs exactly one base and one turret in the "
                          "same build; this build gives it {bases} and {turrets}").format(
                tower=terms.tower(t.colour), bases=terms.sections(_BASE, bases),
                turrets=terms.sections(_TURRET, turrets)))
    for a in event.add:
        if find_tower(player.towers, a.colour, a.tower) is None:
            bad("R3.2", _("{player} has no {tower} to add to").format(
                player=player.name, tower=terms.tower(a.colour, a.tower)))
        extra = [p for p in a.parts if p.section in _ENDS]
        if extra:
            bad("R3.2", _("a standing {tower} already has its {section}; only trunks and "
                          "windows can be added").format(
                tower=terms.tower(a.colour), section=terms.section(extra[0].section)))


def _check_screen(player: Hand, tiles: tuple[Tile, ...], bad: Report) -> None:
    """The tiles the build places are behind the player's screen (R3.2)."""
    short = missing(player.screen, tiles)
    if short:
        first = short[0]
        tile = terms.tile(first.section, first.colour, first.gold)
        held = player.screen.count(first)
        if held:  # some, not as many as the build places
            text = _("the build places {n} x {tile}; {player} has only {held} behind "
                     "the screen").format(n=tiles.count(first), tile=tile,
                                          player=player.name, held=held)
        else:
            text = _("{player} has no {tile} behind the screen").format(
                player=player.name, tile=tile)
        more = len(short) - short.count(first)
        if more:
            text += ngettext(" (and {n} more missing)", " (and {n} more missing)",
                             more).format(n=more)
        bad("R3.2", text + _gold_hint(player, first))


def _subsets(have: Sequence[int], most: int) -> list[tuple[int, ...]]:
    """Every way to take ``n[i] <= have[i]`` of each kind, ``sum(n) <= most``."""
    out: list[tuple[int, ...]] = [()]
    for h in have:
        out = [(*o, n) for o in out for n in range(min(h, most - sum(o)) + 1)]
    return out


def every_build(state: GameState, player: PlayerState, k: int) -> list[_BuildParts]:
    """Every way to place exactly ``k`` sections from ``player``'s screen, tower law kept
    (R3.2, R3.7): lighted windows and trunks and windows on each standing tower, and new
    towers of each colour. Each build once: a tower's parts in one order (base, turret,
    then trunks and windows), a colour's new towers in one order."""
    builds = _Builds(state, player)
    builds.standing(0, k, Counter(player.screen), (), (), Counter())
    return builds.out


def _middles(colour: Colour, counts: Sequence[int]) -> list[Part]:
    return [Part(s, g) for (s, g), n in zip(_MIDDLES, counts, strict=True) for _ in range(n)]


class _Builds:
    """The walk of :func:`every_build`: the standing towers one by one (their lighted
    windows, trunks and windows), then the new towers colour by colour."""

    def __init__(self, state: GameState, player: PlayerState) -> None:
        screen = Counter(player.screen)
        self.player, self.towers = player, player.towers
        self.numbers: list[int] = []  # each tower's number among its colour's
        seen: Counter[Colour] = Counter()
        for t in self.towers:
            seen[t.colour] += 1
            self.numbers.append(seen[t.colour])
        self.pro = state.setup.variant == Variant.PRO
        self.known = Counter(player.lighted_known)
        self.colours = [c for c in ALL_COLOURS
                        if any(t.section == _BASE and t.colour == c for t in screen)
                        and any(t.section == _TURRET and t.colour == c for t in screen)]
        self.out: list[_BuildParts] = []

    def news(self, ci: int, need: int, left: Counter[Tile], new: list[NewTower],
             add: tuple[Addition, ...], lighted: tuple[LightedWindow, ...],
             last: tuple[int, ...] | None) -> None:
        if need == 0:
            self.out.append((tuple(new), add, lighted))
            return
        if ci == len(self.colours) or need < 2:
            return
        colour = self.colours[ci]
        self.news(ci + 1, need, left, new, add, lighted, None)  # no (more) new tower of colour
        for bg, tg in ((False, False), (False, True), (True, False), (True, True)):
            base, turret = Tile(_BASE, colour, bg), Tile(_TURRET, colour, tg)
            if left[base] < 1 or left[turret] < 1:
                continue
            have = [left[Tile(s, colour, g)] for s, g in _MIDDLES]
            for counts in _subsets(have, need - 2):
                shape = (bg, tg, *counts)
                if last is not None and shape < last:
                    continue  # the same towers in another order
                rest = left.copy()
                rest[base] -= 1
                rest[turret] -= 1
                for (s, g), n in zip(_MIDDLES, counts, strict=True):
                    rest[Tile(s, colour, g)] -= n
                tower = NewTower(colour, (Part(_BASE, bg), Part(_TURRET, tg),
                                          *_middles(colour, counts)))
                self.news(ci, need - 2 - sum(counts), rest, [*new, tower], add, lighted,
                          shape)

    def lights(self, ti: int, need: int, used: Counter[Colour]
               ) -> Iterator[tuple[int, int, Counter[Colour]]]:
        """The plain and gold windows that may be lit on tower ``ti``, and the colours of
        lighted windows used then (no more of unknown colour than the player holds)."""
        t = self.towers[ti]
        lights = [(0, 0)]
        if self.pro:
            lights = [(p, g) for p in range(t.free_plain_windows + 1)
                      for g in range(t.free_gold_windows + 1) if p + g <= need]
        for p, g in lights:
            now = used.copy()
            now[t.colour] += p + g
            spare = sum(max(0, u - self.known[c]) for c, u in now.items())
            if not (spare > self.player.lighted_unknown and (p or g)):
                yield p, g, now

    def standing(self, ti: int, need: int, left: Counter[Tile], add: tuple[Addition, ...],
                 lighted: tuple[LightedWindow, ...], used: Counter[Colour]) -> None:
        if ti == len(self.towers):
            self.news(0, need, left, [], add, lighted, None)
            return
        t, n = self.towers[ti], self.numbers[ti]
        for p, g, now in self.lights(ti, need, used):
            lit = (*lighted, *[LightedWindow(t.colour, n, False)] * p,
                   *[LightedWindow(t.colour, n, True)] * g)
            have = [left[Tile(s, t.colour, gd)] for s, gd in _MIDDLES]
            for counts in _subsets(have, need - p - g):
                rest = left
                more = add
                if any(counts):
                    rest = left.copy()
                    for (s, gd), c in zip(_MIDDLES, counts, strict=True):
                        rest[Tile(s, t.colour, gd)] -= c
                    more = (*add, Addition(t.colour, n, tuple(_middles(t.colour, counts))))
                self.standing(ti + 1, need - p - g - sum(counts), rest, more, lit, now)


def _trusted_said(player: str, colour: Colour) -> str:
    return _("the colours of {player}'s kept lighted windows are not recorded; the {colour} "
             "lighted window is trusted").format(player=player,
                                                 colour=terms.coloured(colour, "window"))
