"""The final and end-of-year evaluations as they stood before issue 22's rewrite (the
oracle's own, so that tests/test_referee_oracle.py checks the new ones too); the values they
make are the package's."""


from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from asara_cli.core.values import frozen
from asara_cli.games.asara.rules.board import Board, Places
from asara_cli.games.asara.rules.model import Colour, Tower
from asara_cli.games.asara.rules.scoring import (
    Award,
    FinalEvaluation,
    FinalPosition,
    YearScore,
)

T = TypeVar("T")

OVERALL = "overall"
MOST_TOWERS = "most_towers"
MONEY = "money"

#: Category order for display: the five colours, then overall, most towers, money (R5).
FINAL_CATEGORIES: tuple[str, ...] = (*(c.value for c in Colour), OVERALL, MOST_TOWERS, MONEY)

CATEGORY_LABELS = {OVERALL: "highest tower overall", MOST_TOWERS: "most towers", MONEY: "money"}


def category_label(category: str) -> str:
    return CATEGORY_LABELS.get(category, category)


def build_prestige(board: Board, sections: int) -> int:
    """Prestige for placing ``sections`` sections in one build, lighted windows included (R3.2)."""
    return board.build_per_section * sections


def year_evaluation(
    board: Board, towers: Sequence[Sequence[Tower]], caliph: int | None
) -> tuple[YearScore, ...]:
    """End-of-year evaluation (R4): per player +1 per tower, per visible gold decoration, per
    built lighted window, and +1 for the Caliph's patronage holder (seat ``caliph``)."""
    scores = []
    for seat, own in enumerate(towers):
        n = len(own)
        gold = sum(t.visible_gold for t in own)
        lighted = sum(t.lighted for t in own)
        holds = seat == caliph
        parts = [
            (n * board.year_tower, f"{n} tower{'s' if n != 1 else ''}"),
            (gold * board.year_gold, f"{gold} gold"),
            (lighted * board.year_lighted_window,
             f"{lighted} lighted window{'s' if lighted != 1 else ''}"),
            (board.year_caliph if holds else 0, "Caliph"),
        ]
        shown = [(p, label) for p, label in parts if p]
        points = sum(p for p, _ in parts)
        if shown:
            labels = ", ".join(label for _, label in shown)
            sums = "+".join(str(p) for p, _ in shown)
            explanation = f"{labels}: {sums} = {points}" if len(shown) > 1 else (
                f"{labels}: {points}")
        else:
            explanation = "no towers, no Caliph: 0"
        scores.append(YearScore(seat, n, gold, lighted, holds, points, explanation))
    return tuple(scores)


# --- final evaluation -------------------------------------------------------------------------


@frozen
class _Placed(Generic[T]):
    """One contender's place in a ranking, with the points it gets and why."""

    item: T
    place: int
    tied: int
    points: int
    how: str


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def _quotient(a: int, b: int) -> str:
    """``a/b`` shown as the rulebook writes it: 7.5, 4, or ~1.67 when it does not terminate."""
    from fractions import Fraction  # only ties need it; it costs every command 1.5 ms

    q = Fraction(a, b)
    if q.denominator == 1:
        return str(q.numerator)
    scaled = q * 10**6
    if scaled.denominator == 1:
        return f"{float(q):g}"
    return f"~{float(q):.2f}"


def _split(total_text: str, total: int, n: int, unit: str) -> tuple[int, str]:
    points = _ceil_div(total, n)
    q = _quotient(total, n)
    arrow = f" -> {points}" if q != str(points) else ""
    return points, f"{total_text}/{n} = {q}{arrow} per {unit}"


def _rank(
    items: Sequence[T],
    measure: Callable[[T], int],
    tiebreak: Callable[[T], int] | None,
    values: Places,
    unit: str,
    describe: Callable[[int], str],
) -> list[_Placed[T]]:
    """Give 1st and 2nd place among ``items`` ranked by ``measure`` (R5.1-R5.6).

    With ``tiebreak`` (pro), equal measures are ordered by it first; only what is still equal
    shares a place. A tie for 1st shares 1st+2nd and pays no 2nd (R5.2); a tie for 2nd shares
    2nd (R5.3); shares round up.
    """

    def key(x: T) -> tuple[int, int]:
        return (measure(x), tiebreak(x) if tiebreak else 0)

    groups: list[list[T]] = []
    for x in sorted(items, key=key, reverse=True):
        if groups and key(groups[-1][0]) == key(x):
            groups[-1].append(x)
        else:
            groups.append([x])
    if not groups:
        return []

    def note(i: int) -> str:
        """Say when a lighted-window tiebreak separated this group from a neighbour (R5.6)."""
        m = measure(groups[i][0])
        lw = key(groups[i][0])[1]
        beaten = [key(g[0])[1] for j, g in enumerate(groups) if j != i and measure(g[0]) == m]
        if not tiebreak or not beaten:
            return ""
        lost = [b for b in beaten if b > lw]
        won = [b for b in beaten if b < lw]
        parts = []
        if won:
            parts.append(f"ahead on lighted windows, {lw} vs {max(won)}")
        if lost:
            parts.append(f"behind on lighted windows, {lw} vs {min(lost)}")
        return "; " + "; ".join(parts) + " [R5.6]"

    placed: list[_Placed[T]] = []

    def nothing(start: int, why: str) -> list[_Placed[T]]:
        """The groups from ``start`` on: no place, and why (place 0, 0 points)."""
        return [_Placed(x, 0, len(g), 0, f"no place, {describe(measure(g[0]))}: {why}"
                                           f"{note(i)}")
                for i, g in enumerate(groups) if i >= start for x in g]

    first = groups[0]
    what = describe(measure(first[0]))
    if len(first) > 1:
        pts, how = _split(f"({values.first}+{values.second})", values.first + values.second,
                          len(first), unit)
        how = f"tied 1st, {how} ({len(first)} {unit}s, {what}{note(0)})"
        placed.extend(_Placed(x, 1, len(first), pts, how) for x in first)
        # R5.2: a tie for 1st leaves no 2nd place
        return placed + nothing(1, "1st is tied, so no 2nd place [R5.2]")
    placed.append(_Placed(first[0], 1, 1, values.first, f"1st, {values.first} ({what}{note(0)})"))
    if len(groups) > 1:
        second = groups[1]
        what = describe(measure(second[0]))
        if len(second) > 1:
            pts, how = _split(str(values.second), values.second, len(second), unit)
            how = f"tied 2nd, {how} ({len(second)} {unit}s, {what}{note(1)})"
        else:
            pts, how = values.second, f"2nd, {values.second} ({what}{note(1)})"
        placed.extend(_Placed(x, 2, len(second), pts, how) for x in second)
    return placed + nothing(2, "below 2nd place")


def final_evaluation(
    board: Board, positions: Sequence[FinalPosition], *, pro: bool
) -> FinalEvaluation:
    """The final evaluation (R5) of every player's towers and money.

    Places go to towers, not players (R5.1): one player can be paid for several towers in one
    category. Most towers ranks players who own at least one tower (R5.4). In the pro game
    lighted windows break ties before any sharing (R5.6). Gold and the Caliph score nothing.
    """
    owned = [(seat, t) for seat, p in enumerate(positions) for t in p.towers]
    awards: list[Award] = []
    unplaced: list[Award] = []

    def given(award: Award) -> None:
        (awards if award.place else unplaced).append(award)

    def height(x: tuple[int, Tower]) -> int:
        return x[1].height

    def lighted(x: tuple[int, Tower]) -> int:
        return x[1].lighted

    def of_height(h: int) -> str:
        return f"height {h}"

    tower_tiebreak = lighted if pro else None
    for colour in Colour:
        mine = [x for x in owned if x[1].colour == colour]
        for p in _rank(mine, height, tower_tiebreak, board.final_colour[colour], "tower",
                       of_height):
            given(Award(colour.value, p.item[0], p.points, f"{colour}: {p.how}",
                        p.place, p.tied, p.item[1]))

    for p in _rank(owned, height, tower_tiebreak, board.final_overall, "tower", of_height):
        given(Award(OVERALL, p.item[0], p.points, f"highest overall: {p.how}",
                    p.place, p.tied, p.item[1]))

    builders = [seat for seat, pos in enumerate(positions) if pos.towers]

    def count(seat: int) -> int:
        return len(positions[seat].towers)

    def all_lighted(seat: int) -> int:
        return sum(t.lighted for t in positions[seat].towers)

    def with_towers(n: int) -> str:
        return f"{n} tower{'s' if n != 1 else ''}"

    for q in _rank(builders, count, all_lighted if pro else None, board.final_most_towers,
                   "player", with_towers):
        given(Award(MOST_TOWERS, q.item, q.points, f"most towers: {q.how}",
                    q.place, q.tied))

    for seat, pos in enumerate(positions):
        pts = pos.asari // board.money_per_point
        per = board.money_per_point
        how = f"money: {pos.asari} Asari, 1 per full {per} = {pts}"
        awards.append(Award(MONEY, seat, pts, how))
    return FinalEvaluation(tuple(awards), len(positions), tuple(unplaced))


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """Every seat with the highest total, in seat order (R5.7)."""
    if not totals:
        return ()
    best = max(totals)
    return tuple(seat for seat, t in enumerate(totals) if t == best)
