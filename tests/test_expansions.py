"""The two expansions, rule by rule (RULES.md R6.1 Gifts of the Caliph, R6.2 House of the
Bottle Genie) and the rulings X1-X12 in docs/rulings.md. Each case is a short game; expected
money and prestige are worked out by hand in the comments (start money: the start player 20,
the next 21, R1; prices brown 3, green 4, red 5, black 6, white 8)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.engine import NOTE, Replay, replay
from asara_cli.games.asara.rules.events import (
    PAIR,
    Action,
    Bank,
    Bribe,
    Build,
    Buy,
    Caliph,
    Coloured,
    Event,
    Genie,
    Gift,
    GiftKind,
    GiftsDealt,
    GiftUse,
    Lighted,
    NewTower,
    Part,
    Placement,
    Recruit,
    Turn,
)
from asara_cli.games.asara.rules.model import Colour, Section, Variant
from asara_cli.games.asara.rules.state import Setup
from asara_cli.logfile.game import LogHeader, log_to_text, parse_log

GIFTS = Setup(("Tina", "Paul"), 0, Variant.BASIC, ("gifts",))
GIFTS_PRO = Setup(("Tina", "Paul"), 0, Variant.PRO, ("gifts",))
GENIE = Setup(("Tina", "Paul"), 0, Variant.PRO, ("genie",))
BOTH = Setup(("Tina", "Paul"), 0, Variant.PRO, ("gifts", "genie"))
PLAIN_PRO = Setup(("Tina", "Paul"), 0, Variant.PRO)

BUYER = Gift(GiftKind.BUYER)
PRESTIGE = Gift(GiftKind.PRESTIGE)
LIGHTED = Gift(GiftKind.LIGHTED)


def asari(n: int) -> Gift:
    return Gift(GiftKind.ASARI, amount=n)


def buy_gift(section: str) -> Gift:
    return Gift(GiftKind.BUY, section=Section(section))


# Five chests on market spaces (basic): base 1, trunk 1, window 1, turret 1, base 2.
DEAL = GiftsDealt((("base", 1, asari(6)), ("trunk", 1, BUYER), ("window", 1, PRESTIGE),
                   ("turret", 1, buy_gift("base")), ("base", 2, asari(10))))
# Pro: one more chest in the House of the lighted windows.
DEAL_PRO = GiftsDealt((*DEAL.gifts, ("lighted", 1, LIGHTED)))


def turn(who: str, buyer: str | None, space: int | None, action: Action,
         *gifts: GiftUse) -> Turn:
    return Turn(Placement(who, buyer, space), action, gifts)


def col(who: str) -> Turn:
    return turn(who, None, None, Coloured())


def run(events: Sequence[Event], setup: Setup, board: Board) -> Replay:
    return replay(board, setup, events)


def first(r: Replay) -> tuple[str, int]:
    assert r.violations, "expected a violation"
    return r.violations[0].rule, r.violations[0].event


# --- Gifts of the Caliph (R6.1) -----------------------------------------------------------


def test_money_gift_is_resolved_before_the_move(board: Board) -> None:
    # Tina 20 + 6 (gift) - 5 (red base) = 21: the gift pays before the purchase.
    r = run([DEAL, turn("Tina", "blue", 1, Buy(Section.BASE, Colour.RED),
                        GiftUse(asari(6)))], GIFTS, board)
    assert r.valid, r.violations
    assert r.state.players[0].money == 21
    assert r.state.gifts_at("base", 1) == ()
    assert r.state.gift_deck == 20 - 5


def test_a_gift_can_pay_for_what_money_alone_cannot(board: Board) -> None:
    # Tina spends 20 - 8 - 8 = 4 on two white tiles; on base 2 the 10-Asari gift lets her
    # pay for a black base (6): 4 + 10 - 6 = 8.
    events: list[Event] = [
        DEAL, turn("Tina", "blue", 2, Buy(Section.TRUNK, Colour.WHITE)), col("Paul"),
        turn("Tina", "blue", 2, Buy(Section.WINDOW, Colour.WHITE)), col("Paul"),
        turn("Tina", "blue", 2, Buy(Section.BASE, Colour.BLACK), GiftUse(asari(10))),
    ]
    r = run(events, GIFTS, board)
    assert r.valid, r.violations
    assert r.state.players[0].money == 8


def test_prestige_gift_is_in_the_ledger_with_its_source(board: Board) -> None:
    r = run([DEAL, turn("Tina", "blue", 1, Buy(Section.WINDOW), GiftUse(PRESTIGE))],
            GIFTS, board)
    assert r.valid, r.violations
    assert r.state.prestige(0) == 2  # +2 at once
    [entry] = r.ledger
    assert (entry.source, entry.points, entry.event, entry.player) == ("gift", 2, 2, 0)


def test_buyer_gift_joins_the_hand_and_the_year_lasts_longer(board: Board) -> None:
    # 2 players hold 9 buyers each; the gift adds one from the deck (45 - 18 = 27 -> 26).
    r = run([DEAL, turn("Tina", "blue", 1, Buy(Section.TRUNK), GiftUse(BUYER, buyer="red"))],
            GIFTS, board)
    assert r.valid, r.violations
    assert r.state.players[0].buyers == 9 - 1 + 1
    assert r.state.draw_pile == 26


def test_purchase_gift_buys_from_that_market_and_pays(board: Board) -> None:
    # On turret 1 the gift "buy base": Tina buys a red base (5), then her turret move buys a
    # red turret (5): 20 - 5 - 5 = 10, both behind her screen.
    r = run([DEAL, turn("Tina", "blue", 1, Buy(Section.TURRET, Colour.RED),
                        GiftUse(buy_gift("base"), colour=Colour.RED))], GIFTS, board)
    assert r.valid, r.violations
    tina = r.state.players[0]
    assert tina.money == 10
    assert [str(t) for t in tina.screen] == ["red base", "red turret"]
    assert r.state.market(Section.BASE).count == 7 - 1


def test_a_pair_claims_the_gifts_too(board: Board) -> None:  # X3
    r = run([DEAL, turn("Tina", PAIR, 1, Buy(Section.WINDOW), GiftUse(PRESTIGE))],
            GIFTS, board)
    assert r.valid, r.violations
    assert r.state.prestige(0) == 2


def test_gifts_left_stay_and_another_joins_them(board: Board) -> None:  # R6.1
    # Year 1: nobody claims anything; both pass 9 times at the coloured building.
    year1 = [col(p) for _ in range(9) for p in ("Tina", "Paul")]
    r = run([DEAL, *year1], GIFTS, board)
    assert r.valid and r.state.year == 2
    assert len(r.state.gifts) == 5
    deal2 = GiftsDealt((("base", 1, BUYER), ("trunk", 1, asari(4)), ("window", 1, BUYER),
                        ("turret", 1, PRESTIGE), ("base", 2, PRESTIGE)))
    r = run([DEAL, *year1, deal2], GIFTS, board)
    assert r.valid, r.violations
    assert sorted(map(str, r.state.gifts_at("base", 1))) == ["asari 6", "buyer"]
    # Tina holds the Caliph's patronage (start player) and starts year 2; she claims both
    # gifts on base 1: 20 + 9 * 5 + 20 = 85, + 6 = 91.
    claim = turn("Tina", "blue", 1, Buy(Section.BASE), GiftUse(asari(6)),
                 GiftUse(BUYER, buyer="blue"))
    r = run([DEAL, *year1, deal2, claim], GIFTS, board)
    assert r.valid, r.violations
    assert r.state.players[0].money == 91
    assert r.state.players[0].buyers == 9 - 1 + 1


def test_pro_lighted_window_gift_for_4(board: Board) -> None:
    # Tina 20 - 4 = 16 and one lighted window behind her screen, colour stated: red.
    r = run([DEAL_PRO, turn("Tina", "blue", 1, Lighted(4),
                            GiftUse(LIGHTED, colour=Colour.RED))], GIFTS_PRO, board)
    assert r.valid, r.violations
    tina = r.state.players[0]
    assert tina.money == 20 - 4 - 4  # the gift's 4, then the house's own offer (pay 4)
    assert tina.lighted_known == (Colour.RED,) and tina.lighted_unknown == 1
    assert r.state.lighted_stack == 15 - 2


def test_deal_not_recorded_is_trusted_with_a_note(board: Board) -> None:  # X5
    r = run([turn("Tina", "blue", 3, Buy(Section.TRUNK), GiftUse(asari(5)))], GIFTS, board)
    assert r.valid, r.violations
    assert [n.rule for n in r.notes if n.severity == NOTE] == ["R6.1"]
    assert r.state.players[0].money == 25


def test_a_gifts_log_round_trips(board: Board) -> None:
    events: list[Event] = [
        DEAL, turn("Tina", "blue", 1, Buy(Section.TURRET, Colour.RED),
                   GiftUse(buy_gift("base"), colour=Colour.GREEN, gold=True)),
        turn("Paul", PAIR, 1, Buy(Section.TRUNK), GiftUse(BUYER)),
        turn("Tina", "green", 1, Buy(Section.WINDOW), GiftUse(PRESTIGE)),
    ]
    text = log_to_text(LogHeader(GIFTS), events)
    assert 'dealt = ["base 1: asari 6", "trunk 1: buyer"' in text
    assert 'gifts = ["buy base: gold green"]' in text
    assert parse_log(text).events == tuple(events)
    assert run(events, GIFTS, board).valid


GIFT_CASES: list[tuple[str, list[Event], Setup, str, int]] = [
    # R6.1: no gifts in a game without the expansion.
    ("no-expansion-deal", [DEAL], Setup(("Tina", "Paul")), "R6.1", 1),
    ("no-expansion-claim", [turn("Tina", "blue", 1, Buy(Section.BASE), GiftUse(PRESTIGE))],
     Setup(("Tina", "Paul")), "R6.1", 1),
    # R6.1: one deal a year, before the first buyer.
    ("dealt-twice", [DEAL, DEAL], GIFTS, "R6.1", 2),
    ("dealt-after-a-turn", [col("Tina"), DEAL], GIFTS, "R6.1", 2),
    # R6.1: five gifts a year in the basic game (one per chest).
    ("four-gifts", [GiftsDealt(DEAL.gifts[:4])], GIFTS, "R6.1", 1),
    # R6.1: chests stand on market spaces (no chest at the bank).
    ("chest-at-the-bank", [GiftsDealt((*DEAL.gifts[:4], ("bank", 1, BUYER)))], GIFTS,
     "R6.1", 1),
    # R6.1: the lighted-window gifts are pro only.
    ("lighted-gift-in-basic", [GiftsDealt((*DEAL.gifts[:4], ("base", 2, LIGHTED)))], GIFTS,
     "R6.1", 1),
    # R6.1: the pro deal has one chest in the House of the lighted windows.
    ("pro-without-house-chest", [GiftsDealt((*DEAL.gifts, ("trunk", 2, BUYER)))], GIFTS_PRO,
     "R6.1", 1),
    # R6.1: a buyer on a chest space takes every gift there.
    ("gift-left-lying", [DEAL, turn("Tina", "blue", 1, Buy(Section.BASE))], GIFTS, "R6.1", 2),
    ("gift-not-there", [DEAL, turn("Tina", "blue", 3, Buy(Section.BASE), GiftUse(PRESTIGE))],
     GIFTS, "R6.1", 2),
    ("wrong-amount", [DEAL, turn("Tina", "blue", 1, Buy(Section.BASE), GiftUse(asari(7)))],
     GIFTS, "R6.1", 2),
    # X6: the purchase gift is compulsory while the player can pay: Tina has 20.
    ("purchase-skipped", [DEAL, turn("Tina", "blue", 1, Buy(Section.TURRET),
                                     GiftUse(buy_gift("base")))], GIFTS, "R6.1", 2),
    # R2.3: a purchase gift is paid like any purchase. Tina: 20 - 8 - 8 = 4 < white 8.
    ("purchase-unaffordable",
     [DEAL, turn("Tina", "blue", 2, Buy(Section.TRUNK, Colour.WHITE)), col("Paul"),
      turn("Tina", "blue", 2, Buy(Section.WINDOW, Colour.WHITE)), col("Paul"),
      turn("Tina", "blue", 1, Buy(Section.TURRET),
           GiftUse(buy_gift("base"), colour=Colour.WHITE))], GIFTS, "R2.3", 6),
    # X7: the lighted-window gift is compulsory when affordable.
    ("lighted-gift-skipped",
     [DEAL_PRO, turn("Tina", "blue", 1, Lighted(4), GiftUse(LIGHTED, taken=False))],
     GIFTS_PRO, "R6.1", 2),
    # R6.1: a market area with gifts on it needs the buyer's space named.
    ("space-unnamed", [DEAL, turn("Tina", "blue", None, Buy(Section.BASE))], GIFTS,
     "R6.1", 2),
]


@pytest.mark.parametrize(("events", "setup", "rule", "number"),
                         [c[1:] for c in GIFT_CASES], ids=[c[0] for c in GIFT_CASES])
def test_gift_rule_broken(board: Board, events: list[Event], setup: Setup, rule: str,
                          number: int) -> None:
    r = run(events, setup, board)
    assert first(r) == (rule, number), r.violations[0].message
    assert run(events[:number - 1], setup, board).valid


def test_purchase_gift_with_nothing_affordable_is_void(board: Board) -> None:  # X6
    # Tina: 20 - 8 - 8 = 4; the base display is recorded as white and black only (8 and 6):
    # she cannot pay for any, so the gift is void.
    from asara_cli.games.asara.rules.events import Display, Tile
    shown = tuple(Tile(Section.BASE, c) for c in
                  (Colour.WHITE,) * 4 + (Colour.BLACK,) * 3)
    events: list[Event] = [
        DEAL, Display(((Section.BASE, shown),)),
        turn("Tina", "blue", 2, Buy(Section.TRUNK, Colour.WHITE)), col("Paul"),
        turn("Tina", "blue", 2, Buy(Section.WINDOW, Colour.WHITE)), col("Paul"),
        turn("Tina", "blue", 1, Buy(Section.TURRET), GiftUse(buy_gift("base"))),
    ]
    r = run(events, GIFTS, board)
    assert r.valid, r.violations


# --- House of the Bottle Genie (R6.2) -------------------------------------------------------


def genie(who: str, buyer: str, fee: int, move: Action, space: int | None = None) -> Turn:
    return turn(who, buyer, fee, Genie(move, space))


def test_genie_bank_wish_on_an_occupied_space(board: Board) -> None:  # R6.2, X8
    # Tina +5 at the coloured building, Paul takes bank space 1 (+12). Tina pays the genie
    # 3 and wishes for the +12 space although it is taken: 20 + 5 - 3 + 12 = 34.
    events: list[Event] = [col("Tina"), turn("Paul", "blue", 1, Bank(12)),
                           genie("Tina", "red", 3, Bank(12), 1)]
    r = run(events, GENIE, board)
    assert r.valid, r.violations
    assert r.state.players[0].money == 34
    # no buyer went to the bank: only Paul's stands there
    assert r.state.area("bank").taken == ((1, 1),)
    assert r.state.area("genie").taken == ((3, 0),)


def test_genie_build_pays_the_plot(board: Board) -> None:  # R6.2, X9
    # Tina buys a red base and turret (20 - 10 = 10), Paul builds nothing of his own.
    # Tina pays the genie 5 and wishes to build on plot 2 (2): 10 - 5 - 2 = 3, +2 prestige.
    events: list[Event] = [
        turn("Tina", "blue", 1, Buy(Section.BASE, Colour.RED)), col("Paul"),
        turn("Tina", "blue", 1, Buy(Section.TURRET, Colour.RED)), col("Paul"),
        genie("Tina", "blue", 5, Build((NewTower(Colour.RED, (Part(Section.BASE),
                                                               Part(Section.TURRET))),)), 2),
    ]
    r = run(events, GENIE, board)
    assert r.valid, r.violations
    assert r.state.players[0].money == 3
    assert r.state.prestige(0) == 2
    assert r.state.area("circle").taken == ()  # the plot stays free


def test_genie_bribery_pays_the_spies(board: Board) -> None:  # R6.2
    # 20 - 7 (genie) - 3 (spies) - 6 (black turret) = 4.
    r = run([genie("Tina", "blue", 7, Bribe(Section.TURRET, Colour.BLACK), 3)], GENIE, board)
    assert r.valid, r.violations
    assert r.state.players[0].money == 4


def test_genie_recruit_draws_two(board: Board) -> None:  # R6.2, R3.6
    r = run([genie("Tina", "blue", 3, Recruit(2))], GENIE, board)
    assert r.valid, r.violations
    assert r.state.players[0].buyers == 9 - 1 + 2
    assert r.state.players[0].money == 20 - 3 - 2


def test_genie_follows_suit_on_its_own_spaces(board: Board) -> None:  # R6.2 with R2.1
    events: list[Event] = [genie("Tina", "blue", 3, Bank(12), 1),
                           genie("Paul", "red", 5, Bank(12), 1)]
    r = run(events, GENIE, board)
    assert first(r) == ("R2.1", 2)
    events[1] = genie("Paul", PAIR, 5, Bank(12), 1)
    assert run(events, GENIE, board).valid


def test_genie_log_round_trips(board: Board) -> None:
    events: list[Event] = [genie("Tina", "blue", 3, Bank(12), 1),
                           genie("Paul", PAIR, 5, Buy(Section.WINDOW, Colour.GREEN))]
    text = log_to_text(LogHeader(GENIE), events)
    assert 'move = { type = "bank", space = 1, amount = 12 }' in text
    assert parse_log(text).events == tuple(events)


GENIE_CASES: list[tuple[str, Sequence[Event], Setup, str, int]] = [
    # R6.2: never the Caliph's patronage.
    ("caliph-wish", [genie("Tina", "blue", 3, Caliph())], GENIE, "R6.2", 1),
    # R6.2: the genie's spaces cost 3, 5, 7.
    ("no-space-4", [genie("Tina", "blue", 4, Bank(12), 1)], GENIE, "R2.2", 1),
    # R6.2: one buyer per genie space.
    ("space-taken", [genie("Tina", "blue", 3, Bank(12), 1),
                     genie("Paul", "blue", 3, Bank(12), 1)], GENIE, "R2.2", 2),
    # R6.2: no genie without the expansion.
    ("no-expansion", [genie("Tina", "blue", 3, Bank(12), 1)], PLAIN_PRO, "R6.2", 1),
    # R2.3: Tina 20 - 8 - 8 = 4 cannot pay the genie 5.
    ("fee-unaffordable", [turn("Tina", "blue", 1, Buy(Section.TRUNK, Colour.WHITE)),
                          col("Paul"),
                          turn("Tina", "blue", 1, Buy(Section.WINDOW, Colour.WHITE)),
                          col("Paul"), genie("Tina", "blue", 5, Coloured())], GENIE, "R2.3", 5),
    # R2.3: the fee and the wished move's cost together: 20 - 8 - 8 = 4 < 3 + plot 2.
    ("fee-and-plot", [turn("Tina", "blue", 1, Buy(Section.TRUNK, Colour.WHITE)),
                      col("Paul"),
                      turn("Tina", "blue", 1, Buy(Section.WINDOW, Colour.WHITE)),
                      col("Paul"),
                      genie("Tina", "blue", 3, Build((NewTower(Colour.WHITE, (
                          Part(Section.BASE), Part(Section.TURRET))),)), 2)], GENIE, "R2.3", 5),
    # X9: the wished move is checked as its area checks it: the bank pays 12 on space 1.
    ("bank-value", [genie("Tina", "blue", 3, Bank(10), 1)], GENIE, "R3.3", 1),
    # X8: a bank wish names its space.
    ("bank-unnamed", [genie("Tina", "blue", 3, Bank(12))], GENIE, "R6.2", 1),
    # X10: a recruit wish in a year whose deck is short: 4 players take 7 buyers each
    # (45 - 28 = 17); eight recruits at the tent draw 16; a genie recruit finds 1.
    ("recruit-deck-empty",
     [turn(p, PAIR, None, Recruit(1)) for p in ("Tina", "Paul", "Anna", "Ben") * 2]
     + [genie("Tina", "blue", 3, Recruit(1))],
     Setup(("Tina", "Paul", "Anna", "Ben"), 0, Variant.PRO, ("genie",)), "R3.6", 9),
]


@pytest.mark.parametrize(("events", "setup", "rule", "number"),
                         [c[1:] for c in GENIE_CASES], ids=[c[0] for c in GENIE_CASES])
def test_genie_rule_broken(board: Board, events: list[Event], setup: Setup, rule: str,
                           number: int) -> None:
    r = run(events, setup, board)
    assert first(r) == (rule, number), r.violations[0].message
    assert run(events[:number - 1], setup, board).valid


def test_gifts_and_genie_together(board: Board) -> None:  # X11
    # Tina's buyer goes to the genie (3): no gift is claimed at the area wished for, even
    # though base 1 holds 6 Asari. 20 - 3 - 5 = 12.
    events: list[Event] = [DEAL_PRO, genie("Tina", "blue", 3, Buy(Section.BASE, Colour.RED))]
    r = run(events, BOTH, board)
    assert r.valid, r.violations
    assert r.state.players[0].money == 12
    assert len(r.state.gifts_at("base", 1)) == 1


def test_score_and_status_show_the_gifts(tmp_path: Path) -> None:
    import json

    from typer.testing import CliRunner

    from asara_cli.cli import app

    events: list[Event] = [DEAL, turn("Tina", "blue", 1, Buy(Section.WINDOW), GiftUse(PRESTIGE))]
    path = tmp_path / "g.toml"
    path.write_text(log_to_text(LogHeader(GIFTS), events), "utf-8")
    runner = CliRunner()
    score = runner.invoke(app, ["score", str(path), "--json"])
    assert score.exit_code == 0, score.output
    tina = json.loads(score.stdout)["players"][0]
    assert (tina["gifts"], tina["builds"], tina["prestige"]) == (2, 0, 2)
    status = runner.invoke(app, ["status", str(path), "--json"])
    areas = {a["area"]: a for a in json.loads(status.stdout)["areas"]}
    assert areas["window"]["gifts"] == []  # claimed
    assert areas["base"]["gifts"] == [{"space": 1, "gift": "asari 6"},
                                      {"space": 2, "gift": "asari 10"}]
    assert "genie" not in areas  # not in this game
