"""The referee: ``check`` says what is wrong with an event, ``apply`` carries it out,
``replay`` folds a whole log (YSPAHAN.md Y2-Y6).

One walker (:class:`Walker`) goes through an event step by step as the table would, reporting
what breaks a rule as it goes: a turn's later steps depend on its earlier ones (a card
played pays for the building, the first cube placed opens a souk for the second). ``check``
walks a copy of the table and keeps the findings; ``apply`` walks the table itself and
ignores them; ``replay`` does both in one pass per event, on one mutable table, so it gives
exactly what ``check`` then ``apply`` would (a test holds it to that).
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence

from msgspec import Struct

from asara_cli.core.findings import (
    CHECKPOINT,
    ERROR,
    NOTE,
    WARNING,
    CannotApply,
    Verdicts,
    Violation,
    errors,
)
from asara_cli.core.names import hidden_character, name_key, same_name
from asara_cli.core.words import ordinal, plural
from asara_cli.games.yspahan.rules.board import CAMELS_ROW, GOLD_ROW, Board, CardKind
from asara_cli.games.yspahan.rules.events import (
    HIDDEN,
    INNER,
    INTO_CAMELS,
    INTO_GOLD,
    Build,
    Camels,
    Checkpoint,
    Draw,
    Event,
    Gold,
    Goods,
    Play,
    Roll,
    Send,
    Shop,
    Supervisor,
    Turn,
)
from asara_cli.games.yspahan.rules.scoring import (
    building_points,
    caravan_evaluation,
    last_day_order,
    souk_points,
    tower_rows,
    winners,
)
from asara_cli.games.yspahan.rules.state import (
    BUILDING,
    CAMELVP,
    CARAVAN,
    CARAVAN_FULL,
    CARAVAN_WEEK,
    GOLDVP,
    OPEN,
    OVER,
    ROLL,
    SECRET,
    SOUK,
    TURN,
    GameState,
    LedgerEntry,
    Setup,
    Table,
    new_table,
    snapshot,
    thaw,
)

__all__ = ["AFTER_ACTION", "AFTER_BUILD", "BEFORE_ROLL", "BEFORE_ROW", "CHECKPOINT", "ERROR",
           "NOTE", "WARNING", "CannotApply", "Flow", "Replay", "Violation", "Walker", "advance",
           "apply", "check", "check_setup", "errors", "moved", "replay"]

# the windows of a turn in which a card may be played (Y6.11), as a walker's ``play`` takes
# them (the sampler and the legal moves play cards on scratch tables with them)
BEFORE_ROLL = "before the roll"
BEFORE_ROW = "before the row"
AFTER_ACTION = "after the action"
AFTER_BUILD = "after the build"


class Flow(Struct, frozen=True):
    """What the table moves by hand for one step of an event: a player's gold, camels and
    cards gained (positive) or paid (negative), and why (``camels row: 2 dice + 1 pasture``).
    A step that moves nothing may still say something (the supervisor's free walk)."""

    player: int
    gold: int = 0
    camels: int = 0
    cards: int = 0
    why: str = ""


class _Skip(Exception):
    """The rest of this step cannot be carried out (what it names does not exist)."""


class Walker:
    """One event walked on a table: ``out`` collects findings (``None``: apply only). Its
    steps (``play``, ``place``, ``capacity``, ``use_card``) are public so that the sampler
    and the legal moves take a turn step by step on a scratch table, as the referee does."""

    __slots__ = ("b", "flows", "number", "out", "player", "t")

    def __init__(self, board: Board, t: Table, number: int, out: list[Violation] | None,
                 flows: list[Flow] | None = None) -> None:
        self.b, self.t, self.number, self.out = board, t, number, out
        self.player: str | None = None
        self.flows = flows  # what moved, only when asked (:func:`moved`)

    def flow(self, seat: int, why: str, gold: int = 0, camels: int = 0, cards: int = 0
             ) -> None:
        if self.flows is not None:
            self.flows.append(Flow(seat, gold, camels, cards, why))

    def err(self, rule: str, message: str, severity: str = ERROR) -> None:
        if self.out is not None:
            self.out.append(Violation(self.number, self.player, rule, message, severity))

    def card_data(self, confirmed: bool, message: str) -> None:
        """A finding that rests on card data (Y1): an error only when the profile marks it
        confirmed, else a warning."""
        self.err("Y1.5", message, ERROR if confirmed else WARNING)

    def name(self, seat: int) -> str:
        return self.t.names[seat]

    def seat_of(self, name: str) -> int | None:
        return self.t.seats.get(name_key(name))

    # --- supplies -----------------------------------------------------------------------

    def gain_gold(self, seat: int, n: int, why: str = "") -> None:
        t = self.t
        self.flow(seat, why, gold=n)
        t.gold[seat] += n
        t.gold_supply -= n
        if self.b.gold_supply is not None and t.gold_supply < 0 <= t.gold_supply + n:
            self.err("Y6.14", f"the gold supply ({self.b.gold_supply} in the profile) has run "
                              f"out", WARNING)

    def gain_camels(self, seat: int, n: int, why: str = "") -> None:
        t = self.t
        self.flow(seat, why, camels=n)
        t.camels[seat] += n
        t.camel_supply -= n
        if self.b.camel_supply is not None and t.camel_supply < 0 <= t.camel_supply + n:
            self.err("Y6.14", f"the camel supply ({self.b.camel_supply} in the profile) has "
                              f"run out", WARNING)

    def pay(self, seat: int, gold: int, camels: int, why: str = "") -> None:
        t = self.t
        if gold or camels:
            self.flow(seat, why, gold=-gold, camels=-camels)
        t.gold[seat] -= gold
        t.gold_supply += gold
        t.camels[seat] -= camels
        t.camel_supply += camels

    def cube_out(self, seat: int) -> None:
        """A cube leaves the player's supply (to a shop, the caravan or a building)."""
        t = self.t
        t.cubes[seat] -= 1
        if self.b.cube_supply is not None and t.cubes[seat] == -1:
            self.err("Y6.14", f"{self.name(seat)} has no cube left at home "
                              f"({self.b.cube_supply} per player in the profile)", WARNING)

    def score(self, seat: int, points: int, source: str, explanation: str) -> None:
        t = self.t
        t.score[seat] += points
        t.ledger.append(LedgerEntry(seat, points, source, t.week, t.day, self.number,
                                    explanation))

    # --- cards --------------------------------------------------------------------------

    def use_card(self, seat: int, kind: str, how: str) -> CardKind | None:
        """A card leaves the hand for the discard pile (played, discarded for a die, or a
        cost card): ``None`` when it cannot (unknown, or not held)."""
        b, t = self.b, self.t
        ck = b.cards.get(kind)
        if ck is None:
            self.err("Y1.5", f"no card kind {kind!r} is in the board profile (kinds: "
                             f"{', '.join(b.cards)})")
            return None
        hand = t.hand[seat]
        held = hand.get(kind, 0)
        if held > 0:
            if held == 1:
                del hand[kind]  # a hand holds no zero counts: its keys are what it holds
            else:
                hand[kind] = held - 1
        elif t.hidden[seat] > 0:  # a secret card, named as it is played
            t.hidden[seat] -= 1
            if t.discard.get(kind, 0) + 1 > ck.copies:
                self.card_data(ck.confirmed, f"the game has {plural(ck.copies, kind + ' card')}; "
                                             f"this would be the {ordinal(ck.copies + 1)} in "
                                             f"the discard pile")
        else:
            shown = ", ".join(sorted(k for k, c in hand.items() for _ in range(c)))
            self.err("Y2.8", f"{self.name(seat)} holds no {kind} card to {how} "
                             f"(the hand: {shown or 'no cards'})")
            return None
        t.discard[kind] = t.discard.get(kind, 0) + 1
        if self.flows is not None:  # the words only when asked: a replay needs none
            self.flow(seat, {"play": f"plays {kind}", "discard": f"discards {kind}"}.get(
                how, f"{kind} for the building"), cards=-1)
        return ck

    def draw(self, seat: int, card: str | None, why: str) -> None:
        """``seat`` draws the top card (Y2.8): the log names it, ``hidden``, or ``None`` when
        no card is left anywhere."""
        b, t = self.b, self.t
        if t.deck == 0 and t.discard:
            self.reshuffle()
        who = self.name(seat)
        if t.deck == 0:
            if card is not None:
                self.err("Y2.8", f"no card is left in the deck or the discard pile: {who} "
                                 f"draws nothing ({why}), yet the log names {card!r}")
            return
        if card is None:
            self.err("Y2.8", f"{who} draws a card ({why}); the log names none")
            t.hidden[seat] += 1
        elif card == HIDDEN:
            if t.open_hands:
                self.err("Y7", f"hands are open at this table: name the card {who} draws "
                               f"({why})")
            t.hidden[seat] += 1
        else:
            ck = b.cards.get(card)
            if ck is None:
                self.err("Y1.5", f"no card kind {card!r} is in the board profile (kinds: "
                                 f"{', '.join(b.cards)})")
                t.hidden[seat] += 1
            else:
                if t.open_hands:
                    left = t.deck_kinds.get(card, 0)
                    if left <= 0:
                        self.card_data(ck.confirmed, f"no {card} card is left in the deck for "
                                                     f"{who} to draw (the game has "
                                                     f"{ck.copies}: the others are in hands "
                                                     f"or the discard pile)")
                    else:
                        t.deck_kinds[card] = left - 1
                t.hand[seat][card] = t.hand[seat].get(card, 0) + 1
        t.deck -= 1
        if self.flows is not None:
            self.flow(seat, why if card in (None, HIDDEN) else f"{why}: {card}", cards=1)
        if t.deck == 0 and t.discard:
            self.reshuffle()

    def reshuffle(self) -> None:
        """The discard pile becomes the deck (Y2.8)."""
        t = self.t
        t.deck = t.discard_size()
        t.deck_kinds = dict(t.discard)
        t.discard = {}

    def play(self, seat: int, p: Play, window: str) -> None:
        """A card played for its effect (Y3.9) in one of the turn's windows (Y6.11)."""
        b, t = self.b, self.t
        who = self.name(seat)
        ck = b.cards.get(p.kind)
        if ck is None:
            self.use_card(seat, p.kind, "play")
            return
        effect = ck.effect
        needs_k = effect in ("goldvp", "camelvp", "exchange")
        if needs_k and (p.k is None or p.k < 1):
            self.err("Y6.15", f"the {p.kind} card needs a number k of at least 1, "
                              f"got {p.k if p.k is not None else 'none'}")
            return
        if not needs_k and p.k is not None:
            self.err("Y3.9", f"the {p.kind} card takes no number k")
            return
        if (effect == "exchange") != (p.into is not None) or p.into not in (
                None, INTO_GOLD, INTO_CAMELS):
            self.err("Y3.9", "the exchange card turns camels into gold or gold into camels: "
                             "say which (into gold, or into camels)" if effect == "exchange"
                     else f"the {p.kind} card exchanges nothing")
            return
        if (effect == "souk") != (p.shop is not None):
            self.err("Y3.9", "the souk card names the shop its cube goes to"
                     if effect == "souk" else f"the {p.kind} card places no cube")
            return
        if effect != "caravan" and p.card is not None:
            self.err("Y6.5", f"the {p.kind} card sends no cube to the caravan, so no card is "
                             f"drawn with it")
            return
        k = p.k or 0
        if effect in ("goldvp", "camelvp"):
            have = t.gold[seat] if effect == "goldvp" else t.camels[seat]
            unit = "gold" if effect == "goldvp" else plural(k, "camel").split(" ", 1)[1]
            if k > have:
                self.err("Y6.16", f"{who} cannot return {k} {unit} with the {p.kind} card: "
                                  f"{who} has {have}")
                return
        if effect == "exchange":
            have = t.camels[seat] if p.into == INTO_GOLD else t.gold[seat]
            if k > have:
                what = "camels" if p.into == INTO_GOLD else "gold"
                self.err("Y6.16", f"{who} cannot exchange {k} {what}: {who} has {have}")
                return
        if effect == "souk" and not any(self.capacity(seat, q) for q in b.quarters):
            self.err("Y6.13", f"no shop of any quarter is open to {who}: the souk card "
                              f"cannot be played")
            return
        if self.use_card(seat, p.kind, "play") is None:
            return
        if effect == "camels":
            self.gain_camels(seat, ck.amount, f"the {p.kind} card")
        elif effect == "gold":
            self.gain_gold(seat, ck.amount, f"the {p.kind} card")
        elif effect in ("nocamels", "nogold"):
            if t.turn_built:
                self.err("Y6.12", f"the {p.kind} card played {window} waives nothing: the "
                                  f"building is built", WARNING)
            elif effect == "nocamels":
                t.waive_camels = t.waived_by_play = True
            else:
                t.waive_gold = t.waived_by_play = True
        elif effect == "caravan":
            self.cube_out(seat)
            self.land(seat, p.card, by_card=True)
        elif effect == "souk":
            assert p.shop is not None
            self.place(seat, p.shop, None)
        elif effect in ("goldvp", "camelvp"):
            cap = ck.cap or 0
            if k > cap:
                self.card_data(ck.cap_confirmed, f"the {p.kind} card returns at most {cap}, "
                                                 f"not {k}")
            points = k * ck.points
            if effect == "goldvp":
                self.pay(seat, k, 0, f"the {p.kind} card")
                self.score(seat, points, GOLDVP, f"{p.kind}: {k} gold x {ck.points} = {points}")
            else:
                self.pay(seat, 0, k, f"the {p.kind} card")
                self.score(seat, points, CAMELVP,
                           f"{p.kind}: {plural(k, 'camel')} x {ck.points} = {points}")
        elif effect == "exchange":
            if p.into == INTO_GOLD:
                self.pay(seat, 0, k, f"the {p.kind} card")
                self.gain_gold(seat, k, f"the {p.kind} card")
            else:
                self.pay(seat, k, 0, f"the {p.kind} card")
                self.gain_camels(seat, k, f"the {p.kind} card")

    # --- souks ----------------------------------------------------------------------------

    def capacity(self, seat: int, quarter: str) -> int:
        """Cubes ``seat`` could place in ``quarter`` now (Y3.4.4): the empty shops of its
        unfinished souks there and every shop of the empty souks there."""
        t = self.t
        room = 0
        for s in self.b.souks_of(quarter):
            owner = t.owner[s]
            if owner == seat or owner < 0:
                room += self.b.souks[s].shops - t.filled[s]
        return room

    def place(self, seat: int, shop: Shop, quarter: str | None, listed: Sequence[Shop] = (),
              said: set[tuple[str, str]] | None = None) -> bool:
        """One cube from ``seat``'s supply into ``shop`` (Y3.4.1-Y3.4.3), of ``quarter``
        when a quarter row places it (``None``: the souk card, any quarter). What refuses a
        whole souk is said once for the cubes ``listed`` with ``shop`` (kept in ``said``),
        naming their shops."""
        b, t = self.b, self.t
        who = self.name(seat)
        si = b.souk_index(shop.souk)
        if si is None:
            self.err("Y3.4", f"no souk is named {shop.souk!r} (souks: "
                             f"{', '.join(s.id for s in b.souks)})")
            return False
        souk = b.souks[si]

        def refuse(rule: str, message: str) -> bool:
            """A reason that holds for every cube listed for this souk: said once, with
            ``{souk}`` in ``message`` the souk and the shops listed in it, ``chest6 (W8,
            W10)``."""
            if said is not None:
                if (rule, souk.id) in said:
                    return False
                said.add((rule, souk.id))
            cells = ", ".join(s.cell for s in listed if s.souk == souk.id) or shop.cell
            self.err(rule, message.replace("{souk}", f"{souk.id} ({cells})"))
            return False

        if quarter is not None and souk.quarter != quarter:
            return refuse("Y3.4", f"{{souk}} is in the {souk.quarter} quarter; the {quarter} "
                                  f"row places cubes in the {quarter} quarter only")
        owner = t.owner[si]
        if shop.cell == INNER:
            if souk.inner == 0:
                self.err("Y3.4", f"{souk.id} has no inner shop: every shop of it faces the "
                                 f"street ({self._cells(souk.street)})")
                return False
            if t.inner[si] >= souk.inner:
                self.err("Y3.4.1", f"every inner shop of {souk.id} already holds a cube of "
                                   f"{self.name(owner)}")
                return False
            index = -1
        else:
            found = souk.shop_at(shop.cell)
            if found is None:
                self.err("Y3.4", f"no shop of {souk.id} faces the street cell {shop.cell} "
                                 f"(its street-side shops face {self._cells(souk.street)}"
                                 f"{f'; {souk.inner} inner' if souk.inner else ''})")
                return False
            index = found
            if t.street[si][index]:
                self.err("Y3.4.1", f"the {souk.id} shop facing {shop.cell} already holds a "
                                   f"cube of {self.name(owner)}")
                return False
        if owner >= 0 and owner != seat:
            return refuse("Y3.4.2", f"{{souk}} in the {souk.quarter} quarter holds "
                                    f"{self.name(owner)}'s cubes: it is closed to {who}")
        if owner < 0:
            open_ = [b.souks[s].id for s in b.souks_of(souk.quarter)
                     if t.owner[s] == seat and t.filled[s] < b.souks[s].shops]
            if open_:
                return refuse("Y3.4.3", f"{who} has the unfinished souk {', '.join(open_)} in "
                                        f"the {souk.quarter} quarter and must fill it before "
                                        f"starting {{souk}}")
        if index < 0:
            t.inner[si] += 1
        else:
            t.street[si][index] = True
        t.filled[si] += 1
        t.owner[si] = seat
        self.cube_out(seat)
        return True

    @staticmethod
    def _cells(street: tuple[tuple[str, ...], ...]) -> str:
        return ", ".join("+".join(cells) for cells in street)

    # --- caravan --------------------------------------------------------------------------

    def land(self, seat: int, card: str | None, by_card: bool = False) -> None:
        """A cube of ``seat`` lands on the first free camel (Y3.6, Y4.1): immediate points,
        the caravanserai's draw (Y6.5), and the evaluation when it filled the last camel
        (Y4.2 a, Y6.4)."""
        b, t = self.b, self.t
        place = len(t.caravan)
        t.caravan.append(seat)
        row = b.caravan_row(t.n, place)
        points = b.caravan_points[row]
        if points:
            self.score(seat, points, CARAVAN, f"cube on the {ordinal(place + 1)} camel "
                                              f"({b.caravan_rows[row]} row): {points}")
        serai = "caravanserai" in t.built[seat]
        if serai and (b.caravanserai_on_card or not by_card):
            for _ in range(b.buildings["caravanserai"].bonus):
                self.draw(seat, card, "caravanserai")
        elif card is not None:
            why = ("the caravanserai draws nothing for the caravan card at this table "
                   "(caravanserai_on_card is off)") if serai else \
                f"{self.name(seat)} has no caravanserai"
            self.err("Y6.5", f"no card is drawn for this cube: {why}")
        if len(t.caravan) == b.caravan_size(t.n):
            self.evaluate_caravan(CARAVAN_FULL)

    def evaluate_caravan(self, source: str) -> None:
        """Y4.2: (a) the caravan is full: score, then the cubes go home; (b) a week end: score,
        the cubes stay."""
        b, t = self.b, self.t
        per_row = b.caravan_camels[t.n]
        when = "full caravan" if source == CARAVAN_FULL else "caravan at the week end"
        for cs in caravan_evaluation(t.caravan, per_row, b.caravan_factors):
            self.score(cs.player, cs.points, source,
                       f"{when}: {plural(cs.cubes, 'cube')} x {cs.factor} (highest in the "
                       f"{b.caravan_rows[cs.row]} row) = {cs.points}")
        if source == CARAVAN_FULL:
            for seat in t.caravan:
                t.cubes[seat] += 1
            t.caravan.clear()

    def send(self, mover: int, to: str, sends: Sequence[Send]) -> None:
        """The cubes in the shops facing ``to`` go to the caravan in the mover's order
        (Y3.5, Y3.6); each owner may keep the cube for a camel."""
        b, t = self.b, self.t
        facing = b.faces[to]
        waiting = {si: shop for si, shop in facing if t.street[si][shop]}
        done: set[int] = set()
        for s in sends:
            si = b.souk_index(s.souk)
            if si is None or si not in waiting:
                what = ("no souk is named " + repr(s.souk)) if si is None else (
                    f"no cube of {s.souk} faces {to}")
                self.err("Y3.5", f"{what}: it cannot be sent")
                continue
            if si in done:
                self.err("Y3.6", f"the cube of {s.souk} facing {to} is sent twice")
                continue
            done.add(si)
            owner = t.owner[si]
            kept = False
            if s.camel:
                if t.camels[owner] < 1:
                    self.err("Y3.6", f"{self.name(owner)} has no camel to keep the cube in "
                                     f"{s.souk} facing {to}")
                else:
                    kept = True
                    self.pay(owner, 0, 1, f"keeps the {s.souk} cube facing {to}")
                    self.cube_out(owner)
            if not kept:
                t.street[si][waiting[si]] = False
                t.filled[si] -= 1
                if t.filled[si] == 0:
                    t.owner[si] = -1
            self.land(owner, s.card)
        for si in waiting:
            if si not in done:
                self.err("Y3.5", f"the cube of {self.name(t.owner[si])} in the "
                                 f"{b.souks[si].id} shop facing {to} goes to the caravan; "
                                 f"the log does not send it")

    # --- the events -----------------------------------------------------------------------

    def event(self, ev: Event) -> None:
        if isinstance(ev, Turn):
            self.turn(ev)
        elif isinstance(ev, Roll):
            self.roll(ev)
        else:
            self.checkpoint(ev)

    def expect(self, phase: str, who: str) -> int:
        """The seat of ``who``, who must be the one the table waits for in ``phase``."""
        t = self.t
        self.player = who
        if t.phase == OVER:
            self.err("Y4.6", f"the game is over: the {ordinal(self.b.weeks)} week has ended")
            raise CannotApply("over")
        if t.phase != phase:
            if phase == TURN:
                self.err("Y2.1", f"day {self.day_number()} begins with the start player's "
                                 f"roll, by {self.name(t.start)}")
            else:
                self.err("Y2.1", f"the dice are rolled already; it is "
                                 f"{self.name(t.order[t.done])}'s turn")
            raise CannotApply("phase")
        expected = t.order[t.done]
        seat = self.seat_of(who)
        if seat is None:
            self.err("Y2.1", f"no player is named {who!r}")
            return expected
        if seat != expected:
            doing = "rolls" if phase == ROLL else "takes the next turn"
            rule = ("Y5.2" if t.n == 4 and self.last_day()
                    else "Y2.2" if phase == ROLL else "Y2.1")
            self.err(rule, f"{self.name(expected)} {doing} on day {self.day_number()}, "
                           f"not {self.name(seat)}")
        self.player = self.name(seat)
        return seat

    def day_number(self) -> int:
        return (self.t.week - 1) * self.b.days + self.t.day

    def last_day(self) -> bool:
        return self.day_number() == self.b.weeks * self.b.days

    def roll(self, ev: Roll) -> None:
        b, t = self.b, self.t
        seat = self.expect(ROLL, ev.player)
        for p in ev.plays:
            self.play(seat, p, BEFORE_ROLL)
        faces = b.faces_per_die
        white = list(ev.white)
        yellow = list(ev.yellow)
        if len(white) != b.white_dice:
            self.err("Y2.4", f"all {b.white_dice} white dice are rolled, not {len(white)}")
        if len(yellow) > b.yellow_dice:
            self.err("Y2.3", f"at most {b.yellow_dice} yellow dice can be bought, "
                             f"not {len(yellow)}")
        bad = [v for v in (*white, *yellow) if not 1 <= v <= faces]
        if bad:
            self.err("Y2.4", f"a die shows 1 to {faces}, not {bad[0]}")
            white = [v for v in white if 1 <= v <= faces]
            yellow = [v for v in yellow if 1 <= v <= faces]
        cost = b.yellow_cost * len(yellow)
        if cost > t.gold[seat]:
            dice = "1 yellow die costs" if len(yellow) == 1 else f"{len(yellow)} yellow dice cost"
            self.err("Y2.3", f"{dice} {cost} gold; {self.name(seat)} has {t.gold[seat]}")
        self.pay(seat, cost, 0, "1 yellow die" if len(yellow) == 1 else
                 f"{len(yellow)} yellow dice")
        t.tower = tower_rows(len(b.rows), white, yellow)
        t.taken = [-1] * len(b.rows)
        t.phase = TURN

    def turn(self, ev: Turn) -> None:
        seat = self.expect(TURN, ev.player)
        with contextlib.suppress(_Skip):
            self.turn_steps(seat, ev)
        self.end_turn(seat)

    def turn_steps(self, seat: int, ev: Turn) -> None:
        b, t = self.b, self.t
        who = self.name(seat)
        for p in ev.before:
            self.play(seat, p, BEFORE_ROW)
        action = ev.action
        dice = value = 0
        row = ev.row
        if row is None:
            left = [b.rows[i] for i, r in enumerate(t.tower) if r is not None and r[1]]
            if left:
                self.err("Y2.5", f"{who} must take a row of dice: the {', '.join(left)} "
                                 f"row{'s are' if len(left) > 1 else ' is'} left")
            if ev.discard is not None:
                self.err("Y3.7", "with no row taken, no card can be discarded for +1 die")
            if not isinstance(action, Draw):
                self.err("Y3.7", f"with no row of dice left, {who} draws a card")
                raise _Skip
        else:
            index = (b.row_index or {}).get(row)
            if index is None:
                self.err("Y2.5", f"the tower has no {row!r} row (rows: {', '.join(b.rows)})")
                raise _Skip
            taken = t.tower[index]
            if taken is None or not taken[1]:
                if taken is None:
                    by = t.taken[index] if index < len(t.taken) else -1
                    self.err("Y2.5", f"the {row} row was taken today by {self.name(by)}"
                             if by >= 0 else f"the {row} row is empty: no die of today's "
                             f"roll landed on it")
                else:
                    self.err("Y2.6", f"the {row} row held only yellow dice, which left after "
                                     f"the start player's turn")
                raise _Skip
            value, dice = taken[0], taken[1]
            t.tower[index] = None
            if index < len(t.taken):  # a state made before rows were kept has none
                t.taken[index] = seat
        extra = 0
        if (ev.discard is not None and row is not None
                and self.use_card(seat, ev.discard, "discard") is not None):
            extra = 1
            if isinstance(action, Supervisor | Draw):
                what = "supervisor" if isinstance(action, Supervisor) else "card draw"
                self.err("Y6.9", f"the card discarded for +1 die does nothing for a {what}",
                         WARNING)
        if isinstance(action, Camels):
            self.gain(seat, row, dice, extra, CAMELS_ROW, "pasture")
        elif isinstance(action, Gold):
            self.gain(seat, row, dice, extra, GOLD_ROW, "shop")
        elif isinstance(action, Goods):
            self.goods(seat, row, dice, extra, action.shops)
        elif isinstance(action, Supervisor):
            self.supervisor(seat, value, action)
        else:
            self.draw(seat, action.card, "no row left" if row is None else "the card action")
        for p in ev.after:
            self.play(seat, p, AFTER_ACTION)
        if ev.build is not None:
            self.build(seat, ev.build)
        for p in ev.last:
            self.play(seat, p, AFTER_BUILD)

    def gain(self, seat: int, row: str | None, dice: int, extra: int, own: str,
             building: str) -> None:
        """The camel or gold row's action (Y3.1, Y3.2)."""
        if row != own:
            what = "camels come" if own == CAMELS_ROW else "gold comes"
            self.err("Y3.1" if own == CAMELS_ROW else "Y3.2",
                     f"{what} from the {own} row, not the {row} row")
            raise _Skip
        bonus = self.b.buildings[building].bonus if building in self.t.built[seat] else 0
        n = dice + extra + bonus
        why = ""
        if self.flows is not None:  # the words only when asked: a replay needs none
            why = f"{own} row: " + " + ".join(x for x in (
                "1 die" if dice == 1 else f"{dice} dice", "1 discarded card" if extra else "",
                f"{bonus} {building}" if bonus else "") if x)
        if own == CAMELS_ROW:
            self.gain_camels(seat, n, why)
        else:
            self.gain_gold(seat, n, why)

    def goods(self, seat: int, row: str | None, dice: int, extra: int,
              shops: Sequence[Shop]) -> None:
        """A quarter row's action (Y3.4): place all you can (Y6.6)."""
        b, t = self.b, self.t
        who = self.name(seat)
        if row not in b.quarters:
            self.err("Y3.4", f"goods go to a quarter with that quarter's row; the {row} row "
                             f"is no quarter's")
            raise _Skip
        assert row is not None
        hoist = b.buildings["hoist"].bonus if "hoist" in t.built[seat] else 0
        n = dice + extra + hoist
        room = self.capacity(seat, row)
        if room == 0:
            self.err("Y3.4.4", f"no shop of the {row} quarter is open to {who}: the goods "
                               f"action cannot be chosen")
            raise _Skip
        want = min(n, room)

        def how() -> str:  # the words, only for a refusal (most goods actions are fine)
            dice_word = f"{dice} {'die' if dice == 1 else 'dice'}"
            return " + ".join(x for x in (dice_word, "1 discarded card" if extra else "",
                                          f"{hoist} hoist" if hoist else "") if x)

        if len(shops) > n:  # the count is the mistake: what the extra cubes meet follows
            self.err("Y3.4", f"{who} may place {plural(n, 'cube')} ({how()}); "
                             f"{len(shops)} are listed")
        said: set[tuple[str, str]] = set()
        for shop in shops:
            self.place(seat, shop, row, shops, said)
        if want > len(shops):  # after the shops: a cube in the wrong souk is the mistake
            self.err("Y6.6", f"{who} must place {plural(want, 'cube')} in the {row} quarter "
                             f"({n} entitled: {how()}; room for {room}); {len(shops)} "
                             f"{'is' if len(shops) == 1 else 'are'} listed")

    def supervisor(self, seat: int, value: int, action: Supervisor) -> None:
        """Move the supervisor (Y3.5, Y6.1, Y6.2) and send the cubes facing its end cell."""
        b, t = self.b, self.t
        who = self.name(seat)
        to = action.to
        if b.cell_position(to) is None:
            arms = ", ".join(f"{a}1-{a}{n}" for a, n in b.arms)
            self.err("Y3.5", f"no street cell is named {to!r} (cells: {b.centre}, {arms})")
            raise _Skip
        d = b.distance(t.supervisor, to)
        free = b.buildings["bath"].bonus if "bath" in t.built[seat] else 0
        steps = abs(d - value)
        cost = max(0, steps - free)
        if cost > t.gold[seat]:
            bath = f", {free} free with the bath" if free else ""
            self.err("Y3.5", f"moving the supervisor {plural(d, 'cell')} from {t.supervisor} "
                              f"to {to} with a {value} costs {cost} gold ({steps} steps of "
                              f"change{bath}); {who} has {t.gold[seat]}")
        walk = ""
        if self.flows is not None:  # the words only when asked: a replay needs none
            change = "no change" if not steps else plural(steps, "step") + " of change"
            bath = f", {min(free, steps)} free with the bath" if free and steps else ""
            walk = (f"supervisor {plural(d, 'cell')} from {t.supervisor} to {to} with a "
                    f"{value}: {change}{bath}")
            if not cost:
                self.flow(seat, walk + ", free")
        self.pay(seat, cost, 0, walk)
        t.supervisor = to
        self.send(seat, to, action.sends)

    def build(self, seat: int, bld: Build) -> None:
        """Build one building after the action (Y2.7, Y3.8)."""
        b, t = self.b, self.t
        who = self.name(seat)
        spec = b.buildings.get(bld.building)
        if spec is None:
            self.err("Y1.4", f"no building is named {bld.building!r} (buildings: "
                             f"{', '.join(b.buildings)})")
            return
        if bld.building in t.built[seat]:
            self.err("Y2.7", f"{who} has built the {bld.building} already")
            return
        for kind in bld.cards:
            ck = b.cards.get(kind)
            if ck is not None and ck.effect not in ("nocamels", "nogold"):
                self.err("Y3.8", f"{kind} is no building-cost card")
                continue
            if self.use_card(seat, kind, "pay the building") is None or ck is None:
                continue
            if ck.effect == "nocamels":
                t.waive_camels = True
            else:
                t.waive_gold = True
        camels = 0 if t.waive_camels else spec.camels
        gold = 0 if t.waive_gold else spec.gold
        if camels > t.camels[seat] or gold > t.gold[seat]:
            self.err("Y3.8", f"the {bld.building} costs {plural(camels, 'camel')} and {gold} "
                             f"gold{self._waived()}; {who} has {plural(t.camels[seat], 'camel')} "
                             f"and {t.gold[seat]} gold")
            return
        self.pay(seat, gold, camels, f"the {bld.building}")
        t.built[seat].append(bld.building)
        t.turn_built = True
        self.cube_out(seat)
        order = len(t.built[seat])
        points = building_points(b.building_points, order)
        if points:
            self.score(seat, points, BUILDING,
                       f"{bld.building}, the {ordinal(order)} building: {points}")

    def _waived(self) -> str:
        t = self.t
        parts = [w for w, on in (("no camels", t.waive_camels), ("no gold", t.waive_gold)) if on]
        return f" ({' and '.join(parts)} by card)" if parts else ""

    def end_turn(self, seat: int) -> None:
        b, t = self.b, self.t
        if t.waived_by_play and not t.turn_built:
            self.err("Y6.12", f"{self.name(seat)} played a building-cost card and built "
                              f"nothing: the card is wasted", WARNING)
        t.waive_camels = t.waive_gold = t.waived_by_play = t.turn_built = False
        if t.done == 0:  # the start player's turn: the yellow dice leave (Y2.6); a row of
            for r in t.tower:  # only yellow dice stays with 0 dice, to say why it is empty
                if r is not None and r[2]:
                    r[1] -= r[2]
                    r[2] = 0
        t.done += 1
        if t.done < len(t.order):
            return
        # the day ends (Y2.9)
        t.tower = [None] * len(b.rows)
        t.taken = [-1] * len(b.rows)
        if t.day == b.days:
            self.week_end()
            if t.week == b.weeks:
                t.phase = OVER
                return
            t.week += 1
            t.day = 1
        else:
            t.day += 1
        t.previous_start = t.start
        t.start = (t.start + 1) % t.n
        t.order = [(t.start + i) % t.n for i in range(t.n)]
        if t.n == 4 and self.last_day():
            t.order = last_day_order(t.score, t.previous_start)
            t.start = t.order[0]
        t.done = 0
        t.phase = ROLL

    def week_end(self) -> None:
        """Y4.5: complete souks score (+ the market), the cubes leave the quarters, the
        caravan is evaluated and stays, the supervisor goes back to the centre."""
        b, t = self.b, self.t
        market = b.buildings["market"].bonus
        for si, souk in enumerate(b.souks):
            owner = t.owner[si]
            if owner < 0:
                continue
            if t.filled[si] == souk.shops:
                has_market = "market" in t.built[owner]
                points = souk_points(souk.value, has_market, market)
                shown = f"{souk.value} + {market} market = {points}" if has_market else str(
                    points)
                self.score(owner, points, SOUK, f"{souk.id} complete at the week end: {shown}")
            t.cubes[owner] += t.filled[si]
            t.owner[si] = -1
            t.filled[si] = 0
            t.inner[si] = 0
            t.street[si] = [False] * len(souk.street)
        self.evaluate_caravan(CARAVAN_WEEK)
        t.supervisor = b.centre

    def checkpoint(self, ev: Checkpoint) -> None:
        t = self.t
        for what, pairs, have in (("score", ev.scores, t.score), ("gold", ev.gold, t.gold),
                                  ("camels", ev.camels, t.camels)):
            for name, shown in pairs:
                seat = self.seat_of(name)
                if seat is None:
                    if self.out is not None:
                        self.out.append(Violation(self.number, name, CHECKPOINT,
                                                  f"no player is named {name!r}"))
                    continue
                if have[seat] != shown and self.out is not None:
                    who = self.name(seat)
                    self.out.append(Violation(
                        self.number, who, CHECKPOINT,
                        f"the table counts {who}'s {what} as {shown}; the events recorded give "
                        f"{have[seat]} (a difference of {shown - have[seat]:+d})"))


# --- the public functions ------------------------------------------------------------------


def check_setup(board: Board, setup: Setup) -> tuple[Violation, ...]:
    """Problems with the header (event 0): player count, names, the oldest player, colours,
    the hands switch."""
    out = []
    n = len(setup.players)
    if not board.min_players <= n <= board.max_players:
        out.append(Violation(0, None, "Y1", f"Yspahan is for {board.min_players} to "
                                            f"{board.max_players} players, not {n}"))
    for name in setup.players:
        bad = hidden_character(name)
        if bad or not name.strip():
            out.append(Violation(0, name, "Y1", f"a player's name must be plain text"
                                                f"{f' (it holds {bad})' if bad else ''}"))
    twice = same_name(setup.players)
    if twice:
        out.append(Violation(0, twice[1], "Y1", f"two players are named {twice[0]!r} (names "
                                                f"are compared ignoring case)"))
    if n and not 0 <= setup.oldest < n:
        out.append(Violation(0, None, "Y1", "the oldest player is not one of the players"))
    if setup.colours and (len(setup.colours) != n or len(set(setup.colours)) < n):
        out.append(Violation(0, None, "Y1", "each player needs a colour of their own"))
    if setup.hands not in (OPEN, SECRET):
        out.append(Violation(0, None, "Y7", f"hands are \"open\" or \"secret\", not "
                                            f"{setup.hands!r}"))
    return tuple(out)


def _table(board: Board, state: Table | GameState) -> Table:
    return state if isinstance(state, Table) else thaw(board, state)


def check(board: Board, state: Table | GameState, event: Event) -> tuple[Violation, ...]:
    """Everything wrong (and noteworthy) about ``event`` on ``state``; empty when clean.
    ``state`` is left as it was."""
    t = _table(board, state)
    t = t.copy() if t is state else t
    out: list[Violation] = []
    with contextlib.suppress(CannotApply):
        Walker(board, t, t.events + 1, out).event(event)
    return tuple(out)


def apply(board: Board, table: Table, event: Event) -> None:
    """Carry out ``event`` on ``table`` in place, legal or not (call :func:`check` first);
    an event that cannot be carried out at all (a turn during the roll, anything after the
    game) only counts as an event."""
    number = table.events + 1
    with contextlib.suppress(CannotApply):
        Walker(board, table, number, None).event(event)
    table.events = number


def moved(board: Board, state: Table | GameState, event: Event) -> tuple[Flow, ...]:
    """What the table moves by hand for ``event`` on ``state``, step by step (for the move's
    line); ``state`` is left as it was. Points are the ledger's."""
    t = _table(board, state)
    t = t.copy() if t is state else t
    flows: list[Flow] = []
    with contextlib.suppress(CannotApply, _Skip):
        Walker(board, t, t.events + 1, None, flows).event(event)
    return tuple(flows)


def advance(board: Board, state: GameState, event: Event) -> GameState:
    """The frozen state after ``event`` (a convenience over :func:`apply`)."""
    t = thaw(board, state)
    apply(board, t, event)
    return snapshot(t)


class Replay(Struct, frozen=True):
    """The result of replaying a log.

    ``state`` is the state after the legal prefix: before the first illegal event
    (``stopped``), or after every event. ``states`` (only when asked) holds the state before
    any event and after each event of the legal prefix. ``violations`` are the errors: those
    after the first illegal event carry ``later=True`` (found on a table that carried the
    illegal event out anyway, so they may be its consequences); checkpoint differences are
    errors that do not stop the replay. ``notes`` are the warnings and notes of the legal
    prefix."""

    state: GameState
    violations: tuple[Violation, ...]
    notes: tuple[Violation, ...]
    stopped: int | None
    states: tuple[GameState, ...] = ()

    @property
    def valid(self) -> bool:
        return not self.violations

    @property
    def complete(self) -> bool:
        """The game reached its last week end without an illegal event."""
        return self.stopped is None and self.state.over

    @property
    def ledger(self) -> tuple[LedgerEntry, ...]:
        return self.state.ledger

    @property
    def scores(self) -> tuple[int, ...]:
        return self.state.scores

    def winners(self) -> tuple[int, ...]:
        return winners(self.scores) if self.complete else ()


def replay(board: Board, setup: Setup, events: Sequence[Event], *, states: bool = False
           ) -> Replay:
    """Fold ``events`` over the start of the game, on one table updated in place; frozen
    snapshots are made only at the end (and after each event with ``states=True``)."""
    problems = check_setup(board, setup)
    if problems:
        return Replay(snapshot(new_table(board, _safe(setup))), problems, (), 0)
    t = new_table(board, setup)
    kept = [snapshot(t)] if states else []
    verdicts = Verdicts()
    out: list[Violation] = []
    run = Walker(board, t, 0, out)
    for number, event in enumerate(events, start=1):
        run.number = number
        run.player = None
        with contextlib.suppress(CannotApply):
            run.event(event)
        t.events = number
        if out:
            verdicts.add(number, out)
            out.clear()
        if states and verdicts.stopped is None:
            kept.append(snapshot(t))
    stopped = verdicts.stopped
    if stopped is None:
        final = kept[-1] if states else snapshot(t)
    elif states:
        final = kept[-1]
    else:  # the state before the first illegal event: replay the legal prefix again
        again = new_table(board, setup)
        for event in events[:stopped - 1]:
            apply(board, again, event)
        final = snapshot(again)
    return Replay(final, tuple(verdicts.violations), tuple(verdicts.notes), stopped,
                  tuple(kept))


def _safe(setup: Setup) -> Setup:
    """A setup a table can be laid for, to show something for a header that is wrong."""
    oldest = setup.oldest if 0 <= setup.oldest < len(setup.players) else 0
    return Setup(setup.players, oldest, (), OPEN)
