"""Scoring and the other derived numbers, as pure functions of plain values (YSPAHAN.md Y2.4,
Y4, Y5.2): the tower rows of a roll, the caravan evaluation, a week end's souks, building
points, the 4-player last day's order, the winners. The engine writes what they give into
the ledger, each entry with its arithmetic."""

from __future__ import annotations

from collections.abc import Sequence

from msgspec import Struct


def tower_rows(rows: int, white: Sequence[int], yellow: Sequence[int] = ()
               ) -> list[list[int] | None]:
    """The tower after a roll (Y2.4): for each of ``rows`` rows bottom to top,
    ``[value, dice, yellow dice]`` or ``None``. The distinct values v1 < ... < vk go: v1 to
    the bottom row, vk (k >= 2) to the top row, v2 .. v(k-1) to the rows above the bottom in
    order; one value puts every die on the bottom row. Colour does not matter."""
    values = sorted({*white, *yellow})
    tower: list[list[int] | None] = [None] * rows
    if not values:
        return tower
    places = [0] if len(values) == 1 else [0, *range(1, len(values) - 1), rows - 1]
    for place, v in zip(places, values, strict=True):
        yellow_n = yellow.count(v)
        tower[place] = [v, white.count(v) + yellow_n, yellow_n]
    return tower


class CaravanScore(Struct, frozen=True):
    """One player's caravan evaluation (Y4.2): cubes on the caravan, the highest row (0 =
    bottom) holding one of them, its factor and the points."""

    player: int
    cubes: int
    row: int
    factor: int
    points: int


def caravan_evaluation(caravan: Sequence[int], per_row: int, factors: Sequence[int]
                       ) -> tuple[CaravanScore, ...]:
    """Each player with cubes on the caravan (``caravan``: owners' seats, camel by camel from
    the first) scores cubes x the factor of the highest row holding one (Y4.2). Players
    without a cube score nothing and are left out. In seat order."""
    cubes: dict[int, int] = {}
    highest: dict[int, int] = {}
    for place, seat in enumerate(caravan):
        cubes[seat] = cubes.get(seat, 0) + 1
        highest[seat] = place // per_row  # places grow, so the last seen is the highest
    return tuple(CaravanScore(seat, cubes[seat], highest[seat], factors[highest[seat]],
                              cubes[seat] * factors[highest[seat]]) for seat in sorted(cubes))


def souk_points(value: int, market: bool, bonus: int) -> int:
    """A complete souk at a week end (Y4.5): its value, + the market's bonus."""
    return value + (bonus if market else 0)


def building_points(points: Sequence[int], order: int) -> int:
    """Points for a player's ``order``-th building (from 1), whatever it is (Y1.4)."""
    return points[order - 1]


def last_day_order(scores: Sequence[int], previous_start: int) -> list[int]:
    """The 4-player last day's turn order (Y5.2): ascending score at the start of the day;
    among tied players, the one who sat farthest clockwise from the previous day's start
    player goes first."""
    n = len(scores)
    return sorted(range(n), key=lambda s: (scores[s], -((s - previous_start) % n)))
