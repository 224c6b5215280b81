"""The Yspahan referee, rule by rule (YSPAHAN.md Y2-Y7): each case is a position laid out by
hand, the events that follow, the rule id and severity of the first finding, and the event
where it is found. The position is day 1 of a 4-player game (Ann, Ben, Cid, Dia clockwise,
Ann the start player) after the rulebook's roll (Y2.4): camels 3 dice of 1 (one yellow), bag
1 yellow die of 2, barrel 2 dice of 3, chest 2 dice of 5, vase empty, gold 3 dice of 6.
Everyone holds 2 gold, no camels, no cards; the supervisor is on C."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from yspahan_helpers import (
    FOUR,
    WHITE,
    YELLOW,
    board,
    give,
    profile,
    put,
    run,
    shop,
    souk_at,
    table,
)

from asara_cli.core.findings import ERROR, WARNING
from asara_cli.games.yspahan.rules.board import board_from_mapping
from asara_cli.games.yspahan.rules.engine import check_setup, replay
from asara_cli.games.yspahan.rules.events import (
    Build,
    Camels,
    Draw,
    Event,
    Gold,
    Goods,
    Play,
    Roll,
    Send,
    Supervisor,
    Turn,
)
from asara_cli.games.yspahan.rules.state import ROLL, Setup, Table

ANN, BEN, CID, DIA = range(4)

Prepare = Callable[[Table], None] | None


def goods(who: str, row: str, *shops: str, **kw: object) -> Turn:
    return Turn(who, row, Goods(tuple(shop(s) for s in shops)), **kw)  # type: ignore[arg-type]


def sup(who: str, row: str, to: str, *sends: Send, **kw: object) -> Turn:
    return Turn(who, row, Supervisor(to, sends), **kw)  # type: ignore[arg-type]


# --- positions ---------------------------------------------------------------------------------


def rolling(t: Table) -> None:
    """Before the day's roll."""
    t.phase = ROLL
    t.tower = [None] * len(t.tower)


def ben_on_w3(t: Table) -> None:
    put(t, BEN, "bag3", "W3")


def no_rows(t: Table) -> None:
    t.tower = [None] * len(t.tower)


def chest_closed(t: Table) -> None:
    put(t, BEN, "chest4", "W2", "W4")
    put(t, BEN, "chest6", "W6", "W8", "W10")
    put(t, BEN, "chest8", "N2", "N4", "inner", "inner")


def every_souk_full(t: Table) -> None:
    for s, souk in enumerate(t.board.souks):
        t.owner[s], t.filled[s], t.inner[s] = BEN, souk.shops, souk.inner
        t.street[s] = [True] * len(souk.street)


def with_cards(*cards: str, seat: int = ANN) -> Callable[[Table], None]:
    def prepare(t: Table) -> None:
        give(t, seat, *cards)
    return prepare


def both(*steps: Callable[[Table], None]) -> Callable[[Table], None]:
    def prepare(t: Table) -> None:
        for step in steps:
            step(t)
    return prepare


def holding(gold: int | None = None, camels: int | None = None, seat: int = ANN
            ) -> Callable[[Table], None]:
    def prepare(t: Table) -> None:
        if gold is not None:
            t.gold[seat] = gold
        if camels is not None:
            t.camels[seat] = camels
    return prepare


def built(*buildings: str, seat: int = ANN) -> Callable[[Table], None]:
    def prepare(t: Table) -> None:
        t.built[seat].extend(buildings)
    return prepare


def empty_deck(t: Table) -> None:
    t.deck = 0
    t.deck_kinds = dict.fromkeys(t.deck_kinds, 0)


# --- one table: id, position, events, (rule, severity), event number ----------------------------

CASES: list[tuple[str, Prepare, list[Event], tuple[str, str], int]] = [
    # Y2.1: Ann is the start player and plays first; Ben cannot; nobody named Zed plays
    ("Y2.1-not-your-turn", None, [Turn("Ben", "gold", Gold())], ("Y2.1", ERROR), 1),
    ("Y2.1-unknown-player", None, [Turn("Zed", "gold", Gold())], ("Y2.1", ERROR), 1),
    ("Y2.1-turn-before-the-roll", rolling, [Turn("Ann", "gold", Gold())], ("Y2.1", ERROR), 1),
    ("Y2.1-roll-twice", None, [Roll("Ann", WHITE)], ("Y2.1", ERROR), 1),
    # Y2.2: after day 1 (Ann started) Ben, Ann's left neighbour, rolls
    ("Y2.2-left-neighbour-rolls", None,
     [Turn("Ann", "gold", Gold()), Turn("Ben", "camels", Camels()),
      Turn("Cid", "barrel", Draw("gold3")), Turn("Dia", "chest", Draw("gold3")),
      Roll("Ann", WHITE)], ("Y2.2", ERROR), 5),
    # Y2.3: at most 3 yellow dice, 1 gold each, paid in full
    ("Y2.3-four-yellow-dice", rolling, [Roll("Ann", WHITE, (1, 2, 3, 4))], ("Y2.3", ERROR), 1),
    ("Y2.3-cannot-pay", rolling, [Roll("Ann", WHITE, (1, 2, 3))], ("Y2.3", ERROR), 1),
    # Y2.4: all 9 white dice, values 1-6
    ("Y2.4-eight-white-dice", rolling, [Roll("Ann", WHITE[:8])], ("Y2.4", ERROR), 1),
    ("Y2.4-a-seven", rolling, [Roll("Ann", (*WHITE[:8], 7))], ("Y2.4", ERROR), 1),
    # Y2.5: a row that exists and holds dice must be taken
    ("Y2.5-empty-row", None, [Turn("Ann", "vase", Draw("gold3"))], ("Y2.5", ERROR), 1),
    ("Y2.5-unknown-row", None, [Turn("Ann", "silk", Draw("gold3"))], ("Y2.5", ERROR), 1),
    ("Y2.5-must-take-a-row", None, [Turn("Ann", None, Draw("gold3"))], ("Y2.5", ERROR), 1),
    ("Y2.5-row-taken-already", None,
     [Turn("Ann", "gold", Gold()), Turn("Ben", "gold", Gold())], ("Y2.5", ERROR), 2),
    # Y2.6: the bag row held only Ann's yellow 2: gone once Ann's turn is over
    ("Y2.6-yellow-dice-leave", None,
     [Turn("Ann", "camels", Camels()), goods("Ben", "bag", "bag3@W3")], ("Y2.6", ERROR), 2),
    # Y2.7: each building once per player
    ("Y2.7-built-twice", both(built("pasture"), holding(camels=2)),
     [Turn("Ann", "camels", Camels(), build=Build("pasture"))], ("Y2.7", ERROR), 1),
    # Y2.8: cards must be held; draws are named; nothing is drawn from nothing
    ("Y2.8-play-not-held", None, [Turn("Ann", "gold", Gold(), before=(Play("gold3"),))],
     ("Y2.8", ERROR), 1),
    ("Y2.8-discard-not-held", None, [Turn("Ann", "gold", Gold(), discard="gold3")],
     ("Y2.8", ERROR), 1),
    ("Y2.8-draw-names-no-card", None, [Turn("Ann", "gold", Draw(None))], ("Y2.8", ERROR), 1),
    ("Y2.8-nothing-left-to-draw", empty_deck, [Turn("Ann", "gold", Draw("gold3"))],
     ("Y2.8", ERROR), 1),
    # Y3.1, Y3.2: each row's own action
    ("Y3.1-camels-from-the-gold-row", None, [Turn("Ann", "gold", Camels())], ("Y3.1", ERROR), 1),
    ("Y3.2-gold-from-the-camel-row", None, [Turn("Ann", "camels", Gold())], ("Y3.2", ERROR), 1),
    # Y3.4: the chest row places 2 cubes in the chest quarter
    ("Y3.4-another-quarter", None, [goods("Ann", "chest", "bag8@W9", "bag8")],
     ("Y3.4", ERROR), 1),
    ("Y3.4-not-a-quarter-row", None, [goods("Ann", "gold", "chest8@N2")], ("Y3.4", ERROR), 1),
    ("Y3.4-more-than-entitled", None,
     [goods("Ann", "chest", "chest6@W6", "chest6@W8", "chest6@W10")], ("Y3.4", ERROR), 1),
    ("Y3.4-no-shop-faces-that-cell", None, [goods("Ann", "chest", "chest8@W2", "chest8")],
     ("Y3.4", ERROR), 1),
    ("Y3.4-no-inner-shop", None, [goods("Ann", "chest", "chest4", "chest4")],
     ("Y3.4", ERROR), 1),
    ("Y3.4-unknown-souk", None, [goods("Ann", "chest", "chest5@W2", "chest4@W2")],
     ("Y3.4", ERROR), 1),
    ("Y3.4.1-shop-taken", lambda t: put(t, ANN, "chest8", "N2"),
     [goods("Ann", "chest", "chest8@N2", "chest8@N4")], ("Y3.4.1", ERROR), 1),
    ("Y3.4.1-inner-shops-taken", lambda t: put(t, ANN, "chest8", "inner", "inner"),
     [goods("Ann", "chest", "chest8", "chest8@N4")], ("Y3.4.1", ERROR), 1),
    ("Y3.4.2-another-players-souk", lambda t: put(t, BEN, "chest6", "W6"),
     [goods("Ann", "chest", "chest6@W8", "chest6@W10")], ("Y3.4.2", ERROR), 1),
    ("Y3.4.3-finish-your-souk-first", lambda t: put(t, ANN, "chest4", "W2"),
     [goods("Ann", "chest", "chest8@N2", "chest4@W4")], ("Y3.4.3", ERROR), 1),
    ("Y3.4.4-no-room", chest_closed, [goods("Ann", "chest")], ("Y3.4.4", ERROR), 1),
    # Y3.5: the end cell exists; every cube facing it is sent, and only those
    ("Y3.5-no-such-cell", None, [sup("Ann", "barrel", "X9")], ("Y3.5", ERROR), 1),
    ("Y3.5-cube-not-sent", ben_on_w3, [sup("Ann", "barrel", "W3")], ("Y3.5", ERROR), 1),
    ("Y3.5-no-cube-there", None, [sup("Ann", "barrel", "W3", Send("bag3"))], ("Y3.5", ERROR), 1),
    ("Y3.5-unknown-souk-sent", ben_on_w3,
     [sup("Ann", "barrel", "W3", Send("bag3"), Send("silk3"))], ("Y3.5", ERROR), 1),
    # Y3.6: a camel keeps the cube only if the owner has one; a cube goes once
    ("Y3.6-no-camel-to-pay", ben_on_w3, [sup("Ann", "barrel", "W3", Send("bag3", camel=True))],
     ("Y3.6", ERROR), 1),
    ("Y3.6-sent-twice", ben_on_w3, [sup("Ann", "barrel", "W3", Send("bag3"), Send("bag3"))],
     ("Y3.6", ERROR), 1),
    # Y3.7: no row left: draw, no discard
    ("Y3.7-no-row-draws", no_rows, [Turn("Ann", None, Camels())], ("Y3.7", ERROR), 1),
    ("Y3.7-no-discard-without-a-row", both(no_rows, with_cards("gold3")),
     [Turn("Ann", None, Draw("camels3"), discard="gold3")], ("Y3.7", ERROR), 1),
    # Y3.8: the cost is paid in full; only nocamels/nogold pay for buildings
    ("Y3.8-cannot-pay", None, [Turn("Ann", "gold", Gold(), build=Build("caravanserai"))],
     ("Y3.8", ERROR), 1),
    ("Y3.8-not-a-cost-card", with_cards("gold3"),
     [Turn("Ann", "camels", Camels(), build=Build("pasture", ("gold3",)))], ("Y3.8", ERROR), 1),
    ("Y1.4-unknown-building", None, [Turn("Ann", "gold", Gold(), build=Build("palace"))],
     ("Y1.4", ERROR), 1),
    # Y3.9: what each card needs
    ("Y3.9-exchange-needs-a-direction", both(with_cards("exchange"), holding(camels=1)),
     [Turn("Ann", "gold", Gold(), after=(Play("exchange", k=1),))], ("Y3.9", ERROR), 1),
    ("Y3.9-souk-card-needs-a-shop", with_cards("souk"),
     [Turn("Ann", "gold", Gold(), after=(Play("souk"),))], ("Y3.9", ERROR), 1),
    ("Y3.9-gold3-takes-no-k", with_cards("gold3"),
     [Turn("Ann", "gold", Gold(), after=(Play("gold3", k=2),))], ("Y3.9", ERROR), 1),
    # Y4.6: nothing after the end
    ("Y4.6-after-the-game", lambda t: setattr(t, "phase", "over"),
     [Turn("Ann", "gold", Gold())], ("Y4.6", ERROR), 1),
    # Y6.5: no caravanserai, no card
    ("Y6.5-no-caravanserai-no-card", ben_on_w3,
     [sup("Ann", "barrel", "W3", Send("bag3", card="gold3"))], ("Y6.5", ERROR), 1),
    # Y6.6: the chest row entitles 2 cubes and the quarter has room: both go
    ("Y6.6-place-all-you-can", None, [goods("Ann", "chest", "chest8@N2")], ("Y6.6", ERROR), 1),
    # Y6.9: a discard for the supervisor is legal and useless
    ("Y6.9-discard-for-the-supervisor", with_cards("gold3"),
     [sup("Ann", "barrel", "W3", discard="gold3")], ("Y6.9", WARNING), 1),
    ("Y6.9-discard-for-a-draw", with_cards("gold3"),
     [Turn("Ann", "barrel", Draw("camels3"), discard="gold3")], ("Y6.9", WARNING), 1),
    # Y6.12: a cost card without a build is wasted; after the build it waives nothing
    ("Y6.12-no-build", with_cards("nocamels"),
     [Turn("Ann", "gold", Gold(), after=(Play("nocamels"),))], ("Y6.12", WARNING), 1),
    ("Y6.12-after-the-build", both(with_cards("nocamels"), holding(camels=2)),
     [Turn("Ann", "gold", Gold(), build=Build("pasture"), last=(Play("nocamels"),))],
     ("Y6.12", WARNING), 1),
    # Y6.13: the souk card with no open shop anywhere
    ("Y6.13-souk-card-no-room", both(every_souk_full, with_cards("souk")),
     [Turn("Ann", "gold", Gold(), after=(Play("souk", shop=shop("bag8")),))],
     ("Y6.13", ERROR), 1),
    # Y6.15, Y6.16: k at least 1, never more than held; no debt anywhere
    ("Y6.15-k-zero", with_cards("goldvp"), [Turn("Ann", "gold", Gold(), before=(
        Play("goldvp", k=0),))], ("Y6.15", ERROR), 1),
    ("Y6.16-goldvp-more-than-held", with_cards("goldvp"),
     [Turn("Ann", "camels", Camels(), after=(Play("goldvp", k=3),))], ("Y6.16", ERROR), 1),
    ("Y6.16-exchange-more-than-held", with_cards("exchange"),
     [Turn("Ann", "gold", Gold(), before=(Play("exchange", k=1, into="gold"),))],
     ("Y6.16", ERROR), 1),
    # barrel row value 3, C to W10 is 10 cells: 7 steps of change, 7 gold; Ann has 2
    ("Y3.5-supervisor-unaffordable", None, [sup("Ann", "barrel", "W10")], ("Y3.5", ERROR), 1),
    # Y1.5 card data: unconfirmed, so warnings; an unknown kind is an error
    ("Y1.5-goldvp-above-the-cap", both(with_cards("goldvp"), holding(gold=11)),
     [Turn("Ann", "camels", Camels(), after=(Play("goldvp", k=11),))], ("Y1.5", WARNING), 1),
    ("Y1.5-third-copy-drawn", with_cards("gold3", "gold3"),
     [Turn("Ann", "barrel", Draw("gold3"))], ("Y1.5", WARNING), 1),
    ("Y1.5-unknown-kind", None, [Turn("Ann", "barrel", Draw("silk"))], ("Y1.5", ERROR), 1),
    # Y7: hands are open unless the header says secret
    ("Y7-hidden-draw-with-open-hands", None, [Turn("Ann", "barrel", Draw("hidden"))],
     ("Y7", ERROR), 1),
]


@pytest.mark.parametrize(("prepare", "events", "expected", "at"),
                         [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_rule(prepare: Prepare, events: list[Event], expected: tuple[str, str], at: int
              ) -> None:
    t = table()
    if prepare:
        prepare(t)
    found = run(t, *events)
    assert found, "expected a finding"
    first = found[0]
    assert (first.rule, first.severity) == expected, first
    assert first.event == at
    assert first.player is not None or first.rule.startswith("Y2.1")
    assert not first.rule.startswith("Y") or "[" not in first.message  # the id is not in the text


def test_every_rule_case_names_its_rule() -> None:
    """Each case's id starts with the rule it breaks (so the table reads as the rules)."""
    for name, _, _, (rule, _), _ in CASES:
        assert name.startswith(rule + "-"), name


# --- legal moves and what they give ----------------------------------------------------------


def test_y3_1_camels_with_discard_and_pasture() -> None:
    """3 dice + 1 discarded card + 1 pasture = 5 camels."""
    t = table()
    give(t, ANN, "gold3")
    t.built[ANN].append("pasture")
    assert run(t, Turn("Ann", "camels", Camels(), discard="gold3")) == []
    assert t.camels[ANN] == 5
    assert t.discard == {"gold3": 1} and t.hand[ANN] == {}


def test_y3_2_gold_with_discard_and_shop() -> None:
    """3 dice + 1 + 2 shop = 6 gold, on Ann's 2."""
    t = table()
    give(t, ANN, "camels3")
    t.built[ANN].append("shop")
    assert run(t, Turn("Ann", "gold", Gold(), discard="camels3")) == []
    assert t.gold[ANN] == 8


def test_y3_3_any_row_draws_one_card() -> None:
    t = table()
    assert run(t, Turn("Ann", "chest", Draw("souk"))) == []
    assert t.hand[ANN] == {"souk": 1} and t.deck == 17 and t.deck_kinds["souk"] == 1


def test_y3_4_hoist_and_complete_then_start() -> None:
    """2 dice + 1 hoist = 3 cubes: Ann finishes chest4 (1 left) and starts chest8 in the
    same action (Y3.4.3)."""
    t = table()
    put(t, ANN, "chest4", "W2")
    t.built[ANN].append("hoist")
    assert run(t, goods("Ann", "chest", "chest4@W4", "chest8@N2", "chest8")) == []
    assert t.filled[souk_at(t, "chest8")] == 2


def test_y3_4_4_fewer_cubes_when_the_quarter_is_nearly_full() -> None:
    """The vase row would give 3 cubes (2 dice + discard); only vase4's one shop is open to
    Ann (vase6 and vase12 are Ben's): one cube is all she may and must place."""
    t = table(white=(1, 1, 2, 3, 4, 5, 5, 6, 6), yellow=())
    put(t, BEN, "vase6", "N3")
    put(t, BEN, "vase12", "E3")
    give(t, ANN, "gold3")
    assert run(t, goods("Ann", "vase", "vase4@N1", discard="gold3")) == []


def test_y6_7_two_unfinished_souks() -> None:
    """The supervisor reopened chest4 while chest8 was unfinished: Ann may add to either,
    and here adds to chest8 first."""
    t = table()
    put(t, ANN, "chest4", "W2")
    put(t, ANN, "chest8", "N2")
    assert run(t, goods("Ann", "chest", "chest8@N4", "chest4@W4")) == []


def test_y6_7_no_new_souk_while_one_is_unfinished() -> None:
    t = table()
    put(t, ANN, "chest4", "W2")
    put(t, ANN, "chest8", "N2")
    found = run(t, goods("Ann", "chest", "chest6@W6", "chest8@N4"))
    assert found[0].rule == "Y3.4.3"


def test_y3_5_paying_for_steps_and_the_bath() -> None:
    """Barrel row (3) from C to E7: 7 cells, 4 steps of change; with the bath 3 are free, so
    Ann pays 1."""
    t = table()
    t.built[ANN].append("bath")
    assert run(t, sup("Ann", "barrel", "E7")) == []
    assert t.gold[ANN] == 1 and t.supervisor == "E7"


def test_y6_2_standing_still_sends() -> None:
    """The supervisor on W3 stays there (d = 0, value 3: 3 gold): Ben's cube facing W3 goes
    to the first camel, 2 points for Ben."""
    t = table()
    t.supervisor = "W3"
    t.gold[ANN] = 3
    put(t, BEN, "bag3", "W3")
    assert run(t, sup("Ann", "barrel", "W3", Send("bag3"))) == []
    assert t.gold[ANN] == 0 and t.caravan == [BEN] and t.score[BEN] == 2
    assert t.filled[souk_at(t, "bag3")] == 0 and t.owner[souk_at(t, "bag3")] == -1


def test_y3_6_two_shops_mover_orders_owner_pays_a_camel() -> None:
    """S1 faces bag3 and barrel3. Ann sends Ben's barrel3 cube first (bottom row: 2 points),
    then her own bag3 cube, kept in the shop for a camel (Y6.3: her choice as its owner):
    a cube from her supply lands on the 2nd camel (2 points)."""
    t = table()
    put(t, BEN, "barrel3", "S1")
    put(t, ANN, "bag3", "S1")
    t.camels[ANN] = 1
    cubes = t.cubes[ANN]
    # C to S1 is 1 cell with a 3: 2 steps, 2 gold
    assert run(t, sup("Ann", "barrel", "S1", Send("barrel3"), Send("bag3", camel=True))) == []
    assert t.caravan == [BEN, ANN] and t.score[:2] == [2, 2]
    assert t.camels[ANN] == 0 and t.cubes[ANN] == cubes - 1 and t.gold[ANN] == 0
    assert t.owner[souk_at(t, "bag3")] == ANN  # the cube kept its shop


def test_y6_4_full_mid_send() -> None:
    """The caravan has 11 cubes; two are sent: the first fills it, it is scored and emptied,
    then the second lands on the first camel again (2 points)."""
    t = table()
    t.caravan = [CID] * 11
    put(t, BEN, "barrel3", "S1")
    put(t, DIA, "bag3", "S1")
    assert run(t, sup("Ann", "camels", "S1", Send("barrel3"), Send("bag3"))) == []
    # camels row value 1, C to S1 distance 1: free
    assert t.caravan == [DIA]
    # Ben: 1 cube on the top row: 0 points, then 1 x 3 = 3; Cid: 11 cubes, top row: 33
    assert t.score[BEN] == 3 and t.score[CID] == 33 and t.score[DIA] == 2
    assert t.cubes[CID] == 11  # home again (from 0: unlimited supply counts from 0)


def test_y6_5_caravanserai_draws_for_every_way_in() -> None:
    """Ben has the caravanserai: his cube sent by Ann's supervisor draws a card; so does the
    caravan card played by Ben (caravanserai_on_card, the default)."""
    t = table()
    t.built[BEN].append("caravanserai")
    put(t, BEN, "bag3", "W3")
    give(t, BEN, "caravan")
    assert run(t, sup("Ann", "barrel", "W3", Send("bag3", card="gold3")),
               Turn("Ben", "gold", Gold(), after=(Play("caravan", card="souk"),))) == []
    assert t.hand[BEN] == {"gold3": 1, "souk": 1}
    assert t.caravan == [BEN, BEN] and t.score[BEN] == 4


def test_y6_5_switch_off_no_card_for_the_caravan_card() -> None:
    data = profile()
    data["switches"]["caravanserai_on_card"] = False
    b = board_from_mapping(data)
    t = table(b=b)
    t.built[ANN].append("caravanserai")
    give(t, ANN, "caravan")
    found = run(t, Turn("Ann", "gold", Gold(), after=(Play("caravan", card="souk"),)))
    assert [(v.rule, v.severity) for v in found] == [("Y6.5", ERROR)]
    t = table(b=b)
    t.built[ANN].append("caravanserai")
    give(t, ANN, "caravan")
    assert run(t, Turn("Ann", "gold", Gold(), after=(Play("caravan"),))) == []


def test_y6_11_card_before_the_roll_pays_for_yellow_dice() -> None:
    """Ann plays gold3 before buying: 2 + 3 = 5 gold, 3 yellow dice cost 3."""
    t = table()
    t.phase = ROLL
    give(t, ANN, "gold3")
    assert run(t, Roll("Ann", WHITE, (2, 4, 4), (Play("gold3"),))) == []
    assert t.gold[ANN] == 2
    # rows: 1 (2 dice) camels, 2 (1 yellow) bag, 3 (2) barrel, 4 (2 yellow) chest,
    # 5 (2) vase, 6 (3) gold: all six values, so the vase row is used
    assert t.tower == [[1, 2, 0], [2, 1, 1], [3, 2, 0], [4, 2, 2], [5, 2, 0], [6, 3, 0]]


def test_y3_8_cost_cards_and_building_points() -> None:
    """Ann's third building (pasture, shop built) is the market for 4 camels + 4 gold;
    nocamels and nogold make it free; 5 points (Y1.4: 0, 0, 5, 5, 5, 10)."""
    t = table()
    t.built[ANN].extend(["pasture", "shop"])
    give(t, ANN, "nocamels", "nogold")
    assert run(t, Turn("Ann", "barrel", Draw("gold3"),
                       build=Build("market", ("nocamels", "nogold")))) == []
    assert t.built[ANN][-1] == "market" and t.score[ANN] == 5 and t.gold[ANN] == 2
    assert [e.source for e in t.ledger] == ["building"]


def test_y6_12_cost_card_played_before_the_build_counts() -> None:
    t = table()
    give(t, ANN, "nogold")
    t.camels[ANN] = 3
    assert run(t, Turn("Ann", "camels", Camels(), after=(Play("nogold"),),
                       build=Build("caravanserai"))) == []
    assert t.gold[ANN] == 2 and t.camels[ANN] == 3  # 3 + 3 from the row - 3


def test_point_cards_and_exchange() -> None:
    """goldvp: 3 gold -> 3 points; camelvp: 2 camels -> 4 points; exchange both ways."""
    t = table()
    give(t, ANN, "goldvp", "camelvp", "exchange")
    assert run(t, Turn("Ann", "camels", Camels(), after=(
        Play("exchange", k=1, into="gold"), Play("goldvp", k=3), Play("camelvp", k=2)))) == []
    assert t.score[ANN] == 7 and t.gold[ANN] == 0 and t.camels[ANN] == 0
    assert sorted(e.source for e in t.ledger) == ["camelvp", "goldvp"]


def test_y3_9_souk_card_any_quarter() -> None:
    t = table()
    give(t, ANN, "souk")
    assert run(t, Turn("Ann", "gold", Gold(), after=(Play("souk", shop=shop("vase4@E1")),))
               ) == []
    assert t.owner[souk_at(t, "vase4")] == ANN


def test_y3_9_souk_card_obeys_y3_4_3() -> None:
    t = table()
    give(t, ANN, "souk")
    put(t, ANN, "bag8", "W9")
    found = run(t, Turn("Ann", "gold", Gold(), after=(Play("souk", shop=shop("bag6@W5")),)))
    assert [v.rule for v in found] == ["Y3.4.3"]


def test_y3_7_no_row_left_draws_and_may_build() -> None:
    t = table()
    t.tower = [None] * 6
    t.camels[ANN] = 2
    assert run(t, Turn("Ann", None, Draw("souk"), build=Build("pasture"))) == []
    assert t.hand[ANN] == {"souk": 1} and t.built[ANN] == ["pasture"]


def test_y2_8_reshuffle_when_the_last_card_is_drawn() -> None:
    """One card left and two in the discard pile: drawing the last makes the discard pile
    the deck at once (2 cards: camels3, gold3)."""
    t = table()
    t.deck, t.deck_kinds = 1, {"souk": 1}
    t.discard = {"camels3": 1, "gold3": 1}
    assert run(t, Turn("Ann", "barrel", Draw("souk"))) == []
    assert t.deck == 2 and t.discard == {} and t.deck_kinds == {"camels3": 1, "gold3": 1}


def test_y2_8_nothing_anywhere_draws_nothing() -> None:
    t = table()
    t.deck, t.deck_kinds = 0, {}
    assert run(t, Turn("Ann", "barrel", Draw(None))) == []
    assert t.hand[ANN] == {}


def test_secret_hands() -> None:
    """Secret hands: draws are hidden; a card is named when played; the public discard pile
    may hold no kind more often than its copies (a warning, card data unconfirmed)."""
    t = table(hands="secret")
    assert run(t, Turn("Ann", "barrel", Draw("hidden"))) == []
    assert t.hidden[ANN] == 1
    assert run(t, Turn("Ben", "gold", Gold(), discard="gold3")) != []  # Ben holds nothing
    t = table(hands="secret")
    t.hidden[ANN] = 3
    t.discard = {"gold3": 2}
    found = run(t, Turn("Ann", "gold", Gold(), discard="gold3"))
    assert [(v.rule, v.severity) for v in found] == [("Y1.5", WARNING)]


def test_card_data_confirmed_makes_errors() -> None:
    data = profile()
    data["cards"]["kinds"]["goldvp"]["cap_certainty"] = "confirmed"
    data["cards"]["kinds"]["gold3"]["certainty"] = "confirmed"
    b = board_from_mapping(data)
    t = table(b=b)
    give(t, ANN, "goldvp")
    t.gold[ANN] = 11
    found = run(t, Turn("Ann", "camels", Camels(), after=(Play("goldvp", k=11),)))
    assert [(v.rule, v.severity) for v in found] == [("Y1.5", ERROR)]
    t = table(b=b)
    give(t, ANN, "gold3", "gold3")
    found = run(t, Turn("Ann", "barrel", Draw("gold3")))
    assert [(v.rule, v.severity) for v in found] == [("Y1.5", ERROR)]


def test_y6_14_limited_supplies_warn() -> None:
    """A profile with 3 cubes per player (one is the score marker): Ann's third cube placed
    runs out, a warning."""
    data = profile()
    data["supplies"]["cubes"] = 3
    data["supplies"]["gold"] = 8
    b = board_from_mapping(data)
    t = table(b=b)
    t.built[ANN].append("hoist")
    found = run(t, goods("Ann", "chest", "chest6@W6", "chest6@W8", "chest6@W10"))
    assert [(v.rule, v.severity) for v in found] == [("Y6.14", WARNING)]
    # 4 players hold 2 gold each: 0 left; Ben's gold row takes 3 from an empty supply
    found = run(t, Turn("Ben", "gold", Gold()))
    assert [(v.rule, v.severity) for v in found] == [("Y6.14", WARNING)]


def test_findings_name_event_player_and_facts() -> None:
    t = table()
    put(t, BEN, "chest6", "W6")
    (v,) = run(t, goods("Ann", "chest", "chest6@W8", "chest6@W10"))[:1]
    assert (v.event, v.player, v.rule) == (1, "Ann", "Y3.4.2")
    assert v.message == ("chest6 (W8, W10) in the chest quarter holds Ben's cubes: it is "
                         "closed to Ann")


def test_y2_1_order_and_day_end() -> None:
    """A whole day: 4 turns in seat order from Ann; then Ben rolls day 2."""
    t = table()
    assert run(t, Turn("Ann", "gold", Gold()), Turn("Ben", "camels", Camels()),
               Turn("Cid", "barrel", Draw("gold3")), Turn("Dia", "chest", Draw("souk"))) == []
    assert (t.day, t.phase, t.start, t.order) == (2, ROLL, BEN, [1, 2, 3, 0])
    assert t.tower == [None] * 6  # Y2.9
    # Ben took the camel row after Ann's yellow 1 left: 2 camels
    assert t.camels[BEN] == 2
    assert run(t, Roll("Ben", WHITE)) == []


def test_names_are_compared_ignoring_case() -> None:
    t = table()
    assert run(t, Turn("ANN", "gold", Gold())) == []


def test_setup_problems() -> None:
    b = board()
    assert [v.rule for v in check_setup(b, Setup(("Ann", "Ben")))] == ["Y1"]
    assert [v.rule for v in check_setup(b, Setup(("Ann", "ann", "Cid")))] == ["Y1"]
    assert [v.rule for v in check_setup(b, Setup(FOUR, oldest=4))] == ["Y1"]
    assert [v.rule for v in check_setup(b, Setup(FOUR, hands="shown"))] == ["Y7"]
    assert [v.rule for v in check_setup(b, Setup(FOUR, colours=("red",)))] == ["Y1"]
    assert [v.rule for v in check_setup(b, Setup(("Ann", "B\x1bn", "Cid")))] == ["Y1"]
    r = replay(b, Setup(("Ann", "Ben")), [])
    assert r.stopped == 0 and not r.valid


def test_checkpoint_confirms_or_differs_without_stopping() -> None:
    """Y7's optional totals: a checkpoint that agrees finds nothing; one that differs is an
    error naming the difference, but the replay goes on past it (it is no illegal move)."""
    from asara_cli.core.findings import CHECKPOINT
    from asara_cli.games.yspahan.rules.events import Checkpoint

    b = board()
    setup = Setup(FOUR)
    events: list[Event] = [Roll("Ann", WHITE, YELLOW), Turn("Ann", "gold", Gold()),
                           Checkpoint(scores=(("Ann", 0),), gold=(("ann", 3),)),
                           Checkpoint(camels=(("Ben", 2),), scores=(("Zed", 1),)),
                           Turn("Ben", "camels", Camels())]
    r = replay(b, setup, events)
    assert r.stopped is None
    # Ann: 2 gold - 2 for the yellow dice + 3 from the gold row = 3, score 0: agreed
    assert [(v.event, v.player, v.rule) for v in r.violations] == [
        (4, "Zed", CHECKPOINT), (4, "Ben", CHECKPOINT)]
    assert r.violations[1].message == ("the table counts Ben's camels as 2; the events "
                                       "recorded give 0 (a difference of +2)")
    assert r.state.players[1].camels == 2  # Ben's turn after the checkpoints counted


def test_secret_hands_a_named_draw_is_kept_known() -> None:
    """Secret hands, yet the table names a card drawn: it is taken as shown (the hand holds a
    known card), and its play is checked against it."""
    t = table(hands="secret")
    assert run(t, Turn("Ann", "barrel", Draw("gold3"))) == []
    assert t.hand[ANN] == {"gold3": 1} and t.hidden[ANN] == 0
    found = run(t, Turn("Ben", "gold", Gold()), Turn("Cid", "camels", Camels()),
                Turn("Dia", "chest", Draw("hidden")), Roll("Ben", WHITE),
                Turn("Ben", "gold", Gold()), Turn("Cid", "camels", Camels()),
                Turn("Dia", "barrel", Draw("hidden")),
                Turn("Ann", "bag", Draw("hidden"), before=(Play("souk", shop=shop("bag8")),)))
    assert [(v.event, v.rule) for v in found] == [(9, "Y2.8")]


def test_cost_card_played_before_the_roll_pays_that_turns_build() -> None:
    """The start player's window before buying yellow dice belongs to the turn (Y6.11): a
    nocamels played there pays for the pasture built in that turn."""
    t = table()
    rolling(t)
    give(t, ANN, "nocamels")
    assert run(t, Roll("Ann", WHITE, (), (Play("nocamels"),)),
               Turn("Ann", "gold", Gold(), build=Build("pasture"))) == []
    assert t.built[ANN] == ["pasture"] and t.camels[ANN] == 0


def test_y3_8_buildings_add_to_dice_actions_only() -> None:
    """The pasture and the shop add to the camel and gold rows' actions, not to the camels3
    and gold3 cards (+3 each); the hoist adds nothing to the souk card's one cube."""
    t = table()
    t.built[ANN].extend(["pasture", "shop", "hoist"])
    give(t, ANN, "camels3", "gold3", "souk")
    assert run(t, Turn("Ann", "barrel", Draw("nogold"), after=(
        Play("camels3"), Play("gold3"), Play("souk", shop=shop("bag8"))))) == []
    assert (t.camels[ANN], t.gold[ANN]) == (3, 5)
    assert t.filled[souk_at(t, "bag8")] == 1
