"""Scoring as pure functions of a position: build prestige (R3.2), the end-of-year evaluation
(R4) and the final evaluation (R5), each award carrying the arithmetic that produced it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TypeAlias, TypeVar

from msgspec import Struct

from asara_cli.core import i18n
from asara_cli.core.i18n import Explained, Later, Text, _, ngettext, pgettext
from asara_cli.games.asara.rules import terms
from asara_cli.games.asara.rules.board import Board, Places
from asara_cli.games.asara.rules.model import Colour, Tower

T = TypeVar("T")

OVERALL = "overall"
MOST_TOWERS = "most_towers"
MONEY = "money"

#: Category order for display: the five colours, then overall, most towers, money (R5).
FINAL_CATEGORIES: tuple[str, ...] = (*(c.value for c in Colour), OVERALL, MOST_TOWERS, MONEY)


class Award(Struct, Explained, frozen=True):
    """Prestige given to one player by one final-evaluation category.

    ``place`` is 1 or 2 (``None`` for money); ``tied`` is how many towers (or players, for most
    towers) share that place; ``tower`` is the tower that earned it, for tower categories.
    """

    category: str
    player: int
    points: int
    said: Text  # the arithmetic, made into words when shown (explanation)
    place: int | None = None
    tied: int = 1
    tower: Tower | None = None


class FinalPosition(Struct, frozen=True):
    """What the final evaluation looks at for one player: built towers and money."""

    towers: tuple[Tower, ...]
    asari: int


class FinalEvaluation(Struct, frozen=True):
    """The final evaluation's awards (R5), each naming its player and category."""

    awards: tuple[Award, ...]
    players: int
    #: every tower (or tower-owning player) that earned no place, with why: 0 points,
    #: ``place`` 0; kept apart so sums and JSON over the awards are unchanged
    unplaced: tuple[Award, ...] = ()

    def points(self, player: int) -> int:
        return sum(a.points for a in self.awards if a.player == player)

    def awards_of(self, player: int) -> tuple[Award, ...]:
        return tuple(a for a in self.awards if a.player == player)


class YearScore(Struct, Explained, frozen=True):
    """One player's end-of-year evaluation (R4)."""

    player: int
    towers: int
    gold: int
    lighted: int
    caliph: bool
    points: int
    said: Text  # the parts that score, made into words when shown (explanation)


def build_prestige(board: Board, sections: int) -> int:
    """Prestige for placing ``sections`` sections in one build, lighted windows included (R3.2)."""
    return board.build_per_section * sections


def year_evaluation(
    board: Board, towers: Sequence[Sequence[Tower]], caliph: int | None
) -> tuple[YearScore, ...]:
    """End-of-year evaluation (R4): per player +1 per tower, per visible gold decoration, per
    built lighted window, and +1 for the Caliph's patronage holder (seat ``caliph``)."""
    scores = []
    values = (board.year_tower, board.year_gold, board.year_lighted_window, board.year_caliph)
    for seat, own in enumerate(towers):
        n = len(own)
        gold = lighted = 0
        for t in own:
            gold += t.gold - t.lighted_on_gold  # visible gold (R3.7)
            lighted += t.lighted
        holds = seat == caliph
        points = (n * values[0] + gold * values[1] + lighted * values[2]
                  + (values[3] if holds else 0))
        scores.append(YearScore(seat, n, gold, lighted, holds, points,
                                Later(_year_said, (n, gold, lighted, holds, values))))
    return tuple(scores)


def _year_said(n: int, gold: int, lighted: int, holds: bool,
               values: tuple[int, int, int, int]) -> str:
    return _year_words(n, gold, lighted, holds, values, i18n.language())


@lru_cache(maxsize=1024)  # a few dozen positions recur at every year end of every game
def _year_words(n: int, gold: int, lighted: int, holds: bool,
                values: tuple[int, int, int, int], language: str) -> str:
    """A player's end-of-year words (the parts that score, R4), kept by ``language``."""
    year_tower, year_gold, year_lighted, year_caliph = values
    shown: list[tuple[int, str]] = []
    if p := n * year_tower:
        shown.append((p, ngettext("{n} tower", "{n} towers", n).format(n=n)))
    if p := gold * year_gold:
        shown.append((p, ngettext("{n} gold", "{n} gold", gold).format(n=gold)))
    if p := lighted * year_lighted:
        shown.append((p, ngettext("{n} lighted window", "{n} lighted windows",
                                  lighted).format(n=lighted)))
    if holds and (p := year_caliph):
        shown.append((p, pgettext("year", "Caliph")))
    if not shown:
        return _("no towers, no Caliph: 0")
    points = sum(p for p, _ in shown)
    labels = ", ".join([label for _, label in shown])
    sums = "+".join([str(p) for p, _ in shown])
    return f"{labels}: {sums} = {points}" if len(shown) > 1 else f"{labels}: {points}"


# --- final evaluation -------------------------------------------------------------------------


#: One contender's place in a ranking: the contender, its place, how many share it, the
#: points it gets and why (a plain tuple: a final evaluation makes one per tower and
#: category, and keeps none).
_Placed: TypeAlias = tuple[T, int, int, int, Later]


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def _quotient(a: int, b: int) -> str:
    """``a/b`` shown as the rulebook writes it: 7.5, 4, or ~1.67 when it does not terminate."""
    # in whole numbers, as fractions.Fraction would say it (a tie needs it, per tower)
    if a % b == 0:
        return str(a // b)
    point = pgettext("decimal separator", ".")  # 7,5 in German
    if a * 10**6 % b == 0:  # ends within six decimals
        return f"{a / b:g}".replace(".", point)
    return f"~{a / b:.2f}".replace(".", point)


def _split(total_text: str, total: int, n: int, unit: str) -> str:
    points = _ceil_div(total, n)
    q = _quotient(total, n)
    arrow = f" -> {points}" if q != str(points) else ""
    if unit == "player":
        text = _("{total}/{n} = {quotient}{arrow} per player")
    else:
        text = _("{total}/{n} = {quotient}{arrow} per tower")
    return text.format(total=total_text, n=n, quotient=q, arrow=arrow)


def _tied(unit: str, place: int, how: str, n: int, what: str) -> str:
    """``tied 1st, 7/2 = 3.5 -> 4 per tower (2 towers, height 5)``."""
    if unit == "player":
        text = (ngettext("tied 1st, {how} ({n} player, {what})",
                         "tied 1st, {how} ({n} players, {what})", n) if place == 1 else
                ngettext("tied 2nd, {how} ({n} player, {what})",
                         "tied 2nd, {how} ({n} players, {what})", n))
    else:
        text = (ngettext("tied 1st, {how} ({n} tower, {what})",
                         "tied 1st, {how} ({n} towers, {what})", n) if place == 1 else
                ngettext("tied 2nd, {how} ({n} tower, {what})",
                         "tied 2nd, {how} ({n} towers, {what})", n))
    return text.format(how=how, n=n, what=what)


def _rank(
    items: Sequence[T],
    keys: Sequence[tuple[int, int]],
    tiebreak: bool,
    values: Places,
    unit: str,
    describe: Callable[[int], str],
) -> list[_Placed[T]]:
    """Give 1st and 2nd place among ``items`` ranked by their ``keys`` (R5.1-R5.6): each
    item's measure, and its tiebreak value (0 without one).

    With ``tiebreak`` (pro), equal measures are ordered by it first; only what is still equal
    shares a place. A tie for 1st shares 1st+2nd and pays no 2nd (R5.2); a tie for 2nd shares
    2nd (R5.3); shares round up. Each place's words are made when shown (:func:`_how`).
    """
    if not items:
        return []
    # a stable sort keeps equals in their given order, as sorting the items themselves would
    groups: list[list[T]] = []
    group_keys: list[tuple[int, int]] = []
    for i in sorted(range(len(keys)), key=keys.__getitem__, reverse=True):
        if group_keys and group_keys[-1] == keys[i]:
            groups[-1].append(items[i])
        else:
            groups.append([items[i]])
            group_keys.append(keys[i])
    ranked = tuple(group_keys)
    first_tied = len(groups[0]) > 1
    placed: list[_Placed[T]] = []
    for i, group in enumerate(groups):
        n = len(group)
        if i == 0:
            place = 1
            points = _ceil_div(values.first + values.second, n) if n > 1 else values.first
        elif i == 1 and not first_tied:  # R5.2: a tie for 1st leaves no 2nd place
            place = 2
            points = _ceil_div(values.second, n)
        else:
            place = points = 0
        how = Later(_how, (describe, unit, tiebreak, ranked, i, n, first_tied, values.first,
                           values.second))
        placed += [(x, place, n, points, how) for x in group]
    return placed


def _how(describe: Callable[[int], str], unit: str, tiebreak: bool,
         keys: tuple[tuple[int, int], ...], i: int, n: int, first_tied: bool, first: int,
         second: int) -> str:
    """The words of the place of group ``i`` of ``n`` contenders, ranked by ``keys``
    (:func:`_rank`): its place and arithmetic, and a lighted-window tiebreak (R5.6)."""
    if i == 0 and n > 1:
        how = _split(f"({first}+{second})", first + second, n, unit)
        return _tied(unit, 1, how, n, describe(keys[0][0]) + _note(tiebreak, keys, 0))
    if i == 0:
        return _("1st, {points} ({what})").format(
            points=first, what=describe(keys[0][0]) + _note(tiebreak, keys, 0))
    if i == 1 and not first_tied:
        what = describe(keys[1][0]) + _note(tiebreak, keys, 1)
        if n > 1:
            return _tied(unit, 2, _split(str(second), second, n, unit), n, what)
        return _("2nd, {points} ({what})").format(points=second, what=what)
    why = _("1st is tied, so no 2nd place [R5.2]") if first_tied else _("below 2nd place")
    return _("no place, {what}: {why}").format(what=describe(keys[i][0]),
                                               why=why) + _note(tiebreak, keys, i)


def _note(tiebreak: bool, keys: tuple[tuple[int, int], ...], i: int) -> str:
    """Say when a lighted-window tiebreak separated group ``i`` from a neighbour (R5.6)."""
    if not tiebreak:
        return ""
    m, lw = keys[i]
    beaten = [k[1] for j, k in enumerate(keys) if j != i and k[0] == m]
    if not beaten:
        return ""
    lost = [b for b in beaten if b > lw]
    won = [b for b in beaten if b < lw]
    parts = []
    if won:
        parts.append(_("ahead on lighted windows, {mine} vs {other}").format(
            mine=lw, other=max(won)))
    if lost:
        parts.append(_("behind on lighted windows, {mine} vs {other}").format(
            mine=lw, other=min(lost)))
    return "; " + "; ".join(parts) + " [R5.6]"


_COLOURS = tuple(Colour)  # iterating the enum class is slow


def _of_height(h: int) -> str:
    return _("height {n}").format(n=h)


def _with_towers(n: int) -> str:
    return ngettext("{n} tower", "{n} towers", n).format(n=n)


def _award_said(category: str, how: Later) -> str:
    """A final award's words: its category, then how it was placed (:func:`_how`)."""
    if category == OVERALL:
        return _("highest overall: {how}").format(how=how)
    if category == MOST_TOWERS:
        return _("most towers: {how}").format(how=how)
    return _("{colour}: {how}").format(colour=terms.colour(category), how=how)


def _money_said(asari: int, per: int, points: int) -> str:
    return _("money: {asari} Asari, 1 per full {per} = {points}").format(
        asari=asari, per=per, points=points)


def final_evaluation(
    board: Board, positions: Sequence[FinalPosition], *, pro: bool
) -> FinalEvaluation:
    """The final evaluation (R5) of every player's towers and money.

    Places go to towers, not players (R5.1): one player can be paid for several towers in one
    category. Most towers ranks players who own at least one tower (R5.4). In the pro game
    lighted windows break ties before any sharing (R5.6). Gold and the Caliph score nothing.
    """
    owned = [(seat, t) for seat, p in enumerate(positions) for t in p.towers]
    # a tower ranks by its height, then (pro) by its lighted windows
    keys = [(t.height, t.lighted if pro else 0) for _, t in owned]
    awards: list[Award] = []
    unplaced: list[Award] = []  # places go to awards, no place to unplaced

    # each colour's towers (in one pass over them), then every tower for the highest overall
    mine: dict[Colour, tuple[list[tuple[int, Tower]], list[tuple[int, int]]]] = {
        c: ([], []) for c in _COLOURS}
    for o, k in zip(owned, keys, strict=True):
        towers, measures = mine[o[1].colour]
        towers.append(o)
        measures.append(k)
    ranked = [(c.value, *mine[c], board.final_colour[c]) for c in _COLOURS]
    ranked.append((OVERALL, owned, keys, board.final_overall))
    for category, towers, measures, places in ranked:
        for (seat, tower), place, tied, points, how in _rank(towers, measures, pro, places,
                                                             "tower", _of_height):
            (awards if place else unplaced).append(Award(
                category, seat, points, Later(_award_said, (category, how)), place, tied,
                tower))

    builders = [seat for seat, pos in enumerate(positions) if pos.towers]
    counts = [(len(positions[seat].towers),
               sum(t.lighted for t in positions[seat].towers) if pro else 0)
              for seat in builders]
    for seat, place, tied, points, how in _rank(builders, counts, pro,
                                                board.final_most_towers, "player",
                                                _with_towers):
        (awards if place else unplaced).append(Award(
            MOST_TOWERS, seat, points, Later(_award_said, (MOST_TOWERS, how)), place, tied))

    per = board.money_per_point
    for seat, pos in enumerate(positions):
        pts = pos.asari // per
        awards.append(Award(MONEY, seat, pts, Later(_money_said, (pos.asari, per, pts))))
    return FinalEvaluation(tuple(awards), len(positions), tuple(unplaced))
