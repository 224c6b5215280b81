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
from asara_cli.core.i18n import N_, Later, Text, _, ngettext
from asara_cli.core.names import hidden_character, name_key, same_name
from asara_cli.games.base import Replayed
from asara_cli.games.yspahan.rules import terms
from asara_cli.games.yspahan.rules.board import CAMELS_ROW, GOLD_ROW, Board, CardKind, Souk
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
BEFORE_ROLL = N_("before the roll")
BEFORE_ROW = N_("before the row")
AFTER_ACTION = N_("after the action")
AFTER_BUILD = N_("after the build")
#: What a card leaves the hand for (:meth:`Walker.use_card`): the refusal when the hand
#: lacks it, and the words of what the table moves
_USES = {
    "play": (N_("{player} holds no {card} card to play (the hand: {hand})"), N_("plays {card}")),
    "discard": (N_("{player} holds no {card} card to discard (the hand: {hand})"),
                N_("discards {card}")),
    "pay the building": (N_("{player} holds no {card} card to pay the building (the hand: "
                            "{hand})"), N_("{card} for the building")),
}


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

    def flow(self, seat: int, why: Text, gold: int = 0, camels: int = 0, cards: int = 0
             ) -> None:
        if self.flows is not None:
            self.flows.append(Flow(seat, gold, camels, cards, str(why)))

    def err(self, rule: str, message: str, severity: str = ERROR) -> None:
        if self.out is not None:
            self.out.append(Violation(self.number, self.player, rule, message, severity))

    def refuse(self, rule: str, message: str) -> _Skip:
        """An error that ends the step it is found in: ``raise self.refuse(...)``."""
        self.err(rule, message)
        return _Skip()

    def card_data(self, confirmed: bool, message: str) -> None:
        """A finding that rests on card data (Y1): an error only when the profile marks it
        confirmed, else a warning."""
        self.err("Y1.5", message, ERROR if confirmed else WARNING)

    def name(self, seat: int) -> str:
        return self.t.names[seat]

    def seat_of(self, name: str) -> int | None:
        seats = self.t.seats
        seat = seats.get(name)  # the name as the header writes it, nearly always
        return seats.get(name_key(name)) if seat is None else seat

    # --- supplies -----------------------------------------------------------------------

    def receive(self, seat: int, n: int, why: Text = "", camels: bool = False) -> None:
        """``n`` gold (``camels``: camels) from the supply to ``seat`` (Y6.14)."""
        t = self.t
        if self.flows is not None:
            self.flow(seat, why, gold=0 if camels else n, camels=n if camels else 0)
        if camels:
            t.camels[seat] += n
            t.camel_supply -= n
            limit, left = self.b.camel_supply, t.camel_supply
        else:
            t.gold[seat] += n
            t.gold_supply -= n
            limit, left = self.b.gold_supply, t.gold_supply
        if limit is not None and left < 0 <= left + n:
            self.err("Y6.14", (_("the camel supply ({supply} in the profile) has run out")
                               if camels else _("the gold supply ({supply} in the profile) has "
                                                "run out")).format(supply=limit), WARNING)

    def pay(self, seat: int, gold: int, camels: int, why: Text = "") -> None:
        t = self.t
        if (gold or camels) and self.flows is not None:
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
            self.err("Y6.14", _("{player} has no cube left at home ({supply} per player in "
                                "the profile)").format(player=self.name(seat),
                                                       supply=self.b.cube_supply), WARNING)

    def score(self, seat: int, points: int, source: str, explanation: Text) -> None:
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
            self.err("Y1.5", _unknown_kind(kind, b))
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
                self.card_data(ck.confirmed, ngettext(
                    "the game has {n} {card} card; this would be the {nth} in the discard pile",
                    "the game has {n} {card} cards; this would be the {nth} in the discard pile",
                    ck.copies).format(n=ck.copies, card=terms.card(kind),
                                      nth=terms.ordinal(ck.copies + 1, "card")))
        else:
            self.err("Y2.8", _(_USES[how][0]).format(
                player=self.name(seat), card=terms.card(kind),
                hand=", ".join(terms.card(k) for k in sorted(hand) for _n in range(hand[k]))
                or _("no cards")))
            return None
        t.discard[kind] = t.discard.get(kind, 0) + 1
        if self.flows is not None:  # the words only when asked: a replay needs none
            self.flow(seat, _(_USES[how][1]).format(card=terms.card(kind)), cards=-1)
        return ck

    def draw(self, seat: int, card: str | None, why: Text) -> None:
        """``seat`` draws the top card (Y2.8): the log names it, ``hidden``, or ``None`` when
        no card is left anywhere."""
        b, t = self.b, self.t
        if t.deck == 0 and t.discard:
            self.reshuffle()
        who = self.name(seat)
        if t.deck == 0:
            if card is not None:
                self.err("Y2.8", _("no card is left in the deck or the discard pile: {player} "
                                   "draws nothing ({why}), yet the log names {card}").format(
                                       player=who, why=why, card=repr(card)))
            return
        ck = None if card is None else b.cards.get(card)  # (no kind is named hidden)
        if card is None:
            self.err("Y2.8", _("{player} draws a card ({why}); the log names none").format(
                player=who, why=why))
        elif card == HIDDEN and t.open_hands:
            self.err("Y7", _("hands are open at this table: name the card {player} draws "
                             "({why})").format(player=who, why=why))
        elif ck is None and card != HIDDEN:
            self.err("Y1.5", _unknown_kind(card, b))
        if ck is None:  # a card whose kind the table does not know
            t.hidden[seat] += 1
        else:
            if t.open_hands:
                left = t.deck_kinds.get(ck.id, 0)
                if left <= 0:
                    self.card_data(ck.confirmed, _(
                        "no {card} card is left in the deck for {player} to draw (the game "
                        "has {n}: the others are in hands or the discard pile)").format(
                            card=terms.card(ck.id), player=who, n=ck.copies))
                else:
                    t.deck_kinds[ck.id] = left - 1
            t.hand[seat][ck.id] = t.hand[seat].get(ck.id, 0) + 1
        t.deck -= 1
        if self.flows is not None:
            self.flow(seat, why if card in (None, HIDDEN) else _("{why}: {card}").format(
                why=why, card=terms.card(card)), cards=1)
        if t.deck == 0 and t.discard:
            self.reshuffle()

    def reshuffle(self) -> None:
        """The discard pile becomes the deck (Y2.8)."""
        t = self.t
        t.deck = t.discard_size()
        t.deck_kinds = dict(t.discard)
        t.discard = {}

    def play(self, seat: int, p: Play, window: str) -> None:
        """A card played for its effect (Y3.9) in one of the turn's windows (Y6.11): checked
        (:meth:`check_play`), then carried out (:meth:`play_effect`)."""
        ck = self.b.cards.get(p.kind)
        card = Later(terms.card, (p.kind,))  # worded in a refusal or a ledger line, if any
        if ck is not None:
            try:
                self.check_play(seat, p, ck, card)
            except _Skip:
                return
        ck = self.use_card(seat, p.kind, "play")
        if ck is not None:
            self.play_effect(seat, p, ck, card, window)

    def check_play(self, seat: int, p: Play, ck: CardKind, card: Later) -> None:
        """Refuses (:meth:`refuse`) a card that cannot be played so: its number, what it
        names, what the player has, an open shop."""
        effect, k = ck.effect, p.k or 0
        needs_k = effect in ("goldvp", "camelvp", "exchange")
        if needs_k and (p.k is None or p.k < 1):
            raise self.refuse("Y6.15", _("the {card} card needs a number k of at least 1, got "
                                         "none").format(card=card) if p.k is None else
                              _("the {card} card needs a number k of at least 1, got {k}")
                              .format(card=card, k=p.k))
        if not needs_k and p.k is not None:
            raise self.refuse("Y3.9", _("the {card} card takes no number k").format(card=card))
        if (effect == "exchange") != (p.into is not None) or p.into not in (
                None, INTO_GOLD, INTO_CAMELS):
            raise self.refuse("Y3.9", _(
                "the {card} card turns camels into gold or gold into camels: say which (into "
                "gold, or into camels)").format(card=terms.card("exchange"))
                if effect == "exchange" else
                _("the {card} card exchanges nothing").format(card=card))
        if (effect == "souk") != (p.shop is not None):
            raise self.refuse("Y3.9", _("the {card} card names the shop its cube goes to").format(
                card=terms.card("souk")) if effect == "souk"
                else _("the {card} card places no cube").format(card=card))
        if effect != "caravan" and p.card is not None:
            raise self.refuse("Y6.5", _("the {card} card sends no cube to the caravan, so no "
                                        "card is drawn with it").format(card=card))
        gold = effect == "goldvp" or p.into == INTO_CAMELS  # what the k returned or exchanged is
        have = self.t.gold[seat] if gold else self.t.camels[seat]
        if needs_k and k > have:
            # the English says "camels" whatever k for the exchange; the plural form serves
            # other languages
            raise self.refuse("Y6.16", (
                _("{player} cannot return {k} gold with the {card} card: {player} has {have}")
                if effect == "goldvp" else ngettext(
                    "{player} cannot return {k} camel with the {card} card: {player} has {have}",
                    "{player} cannot return {k} camels with the {card} card: {player} has "
                    "{have}", k) if effect == "camelvp" else
                _("{player} cannot exchange {k} gold: {player} has {have}") if gold else
                ngettext("{player} cannot exchange {k} camels: {player} has {have}",
                         "{player} cannot exchange {k} camels: {player} has {have}", k)
            ).format(player=self.name(seat), k=k, card=card, have=have))
        if effect == "souk" and not any(self.capacity(seat, q) for q in self.b.quarters):
            raise self.refuse("Y6.13", _("no shop of any quarter is open to {player}: the {card} "
                                         "card cannot be played").format(
                                             player=self.name(seat), card=terms.card("souk")))

    def play_effect(self, seat: int, p: Play, ck: CardKind, card: Later, window: str) -> None:
        """What the card played does (Y3.9), the card already taken from the hand."""
        b, t = self.b, self.t
        effect, k = ck.effect, p.k or 0
        the_card = "" if self.flows is None else said(N_("the {card} card"), card=card)
        if effect in ("camels", "gold"):
            self.receive(seat, ck.amount, the_card, effect == "camels")
        elif effect in ("nocamels", "nogold"):
            if t.turn_built and b.cost_card_credit_kept:  # for a later building (Y-R13)
                self.keep_credit(seat, camels=effect == "nocamels",
                                 gold=effect == "nogold")
            elif t.turn_built:
                self.err("Y6.12", _("the {card} card played {window} waives nothing: the "
                                    "building is built").format(card=card,
                                                                window=_(window)),
                         WARNING)
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
            if k > cap:  # a rule where the table plays Boardspace's caps (Y-R14)
                self.card_data(ck.cap_confirmed or b.vp_card_caps, _(
                    "the {card} card returns at most {cap}, not {k}").format(
                        card=card, cap=cap, k=k))
            gold, points = effect == "goldvp", k * ck.points
            self.pay(seat, k if gold else 0, 0 if gold else k, the_card)
            self.score(seat, points, GOLDVP if gold else CAMELVP,
                       Later(_points_said, (gold, card, k, ck.points, points)))
        elif effect == "exchange":  # k camels into gold, or k gold into camels
            into_gold = p.into == INTO_GOLD
            self.pay(seat, 0 if into_gold else k, k if into_gold else 0, the_card)
            self.receive(seat, k, the_card, camels=not into_gold)

    # --- souks ----------------------------------------------------------------------------

    def capacity(self, seat: int, quarter: str) -> int:
        """Cubes ``seat`` could place in ``quarter`` now (Y3.4.4): the empty shops of its
        unfinished souks there and every shop of the empty souks there."""
        b, t = self.b, self.t
        souks, owners, filled = b.souks, t.owner, t.filled
        room = 0
        for s in b.souks_of(quarter):
            owner = owners[s]
            if owner == seat or owner < 0:
                room += souks[s].shops - filled[s]
        return room

    def place(self, seat: int, shop: Shop, quarter: str | None, listed: Sequence[Shop] = (),
              said: set[tuple[str, str]] | None = None) -> bool:
        """One cube from ``seat``'s supply into ``shop`` (Y3.4.1-Y3.4.3), of ``quarter``
        when a quarter row places it (``None``: the souk card, any quarter). What refuses a
        whole souk is said once for the cubes ``listed`` with ``shop`` (kept in ``said``),
        naming their shops."""
        try:
            si, index = self.placing(seat, shop, quarter, listed, said)
        except _Skip:
            return False
        t = self.t
        if index < 0:
            t.inner[si] += 1
        else:
            t.street[si][index] = True
        t.filled[si] += 1
        t.owner[si] = seat
        self.cube_out(seat)
        return True

    def placing(self, seat: int, shop: Shop, quarter: str | None, listed: Sequence[Shop],
                said: set[tuple[str, str]] | None) -> tuple[int, int]:
        """Where :meth:`place` puts the cube: the souk's index and the shop's (-1: an inner
        shop); refused (:meth:`refuse`) where the rules refuse it. The words are made only
        for a refusal (a replay places some 80 cubes a game)."""
        b, t = self.b, self.t
        si = b.souk_index(shop.souk)
        if si is None:
            raise self.refuse("Y3.4", _("no souk is named {souk} (souks: {souks})").format(
                souk=repr(shop.souk), souks=", ".join(s.id for s in b.souks)))
        souk = b.souks[si]
        if quarter is not None and souk.quarter != quarter:
            raise self._refuse(souk.id, shop, listed, said, "Y3.4", _(
                "{souk} is in the {quarter}; the {row} row places cubes in the {its_quarter} "
                "only"), quarter=terms.quarter_named(souk.quarter), row=terms.row(quarter),
                its_quarter=terms.quarter_named(quarter))
        owner = t.owner[si]
        index = self._shop_index(si, souk, owner, shop)
        if owner >= 0 and owner != seat:
            raise self._refuse(souk.id, shop, listed, said, "Y3.4.2", _(
                "{souk} in the {quarter} holds {owner}'s cubes: it is closed to {player}"),
                quarter=terms.quarter_named(souk.quarter), owner=self.name(owner),
                player=self.name(seat))
        if owner < 0 and seat in t.owner:  # (a player with no souk has none to finish)
            souks, owners, filled = b.souks, t.owner, t.filled
            open_ = [terms.souk(souks[s].id) for s in b.souks_of(souk.quarter)
                     if owners[s] == seat and filled[s] < souks[s].shops]
            if open_:
                raise self._refuse(souk.id, shop, listed, said, "Y3.4.3", _(
                    "{player} has the unfinished souk {open} in the {quarter} and must fill "
                    "it before starting {souk}"), player=self.name(seat), open=", ".join(open_),
                    quarter=terms.quarter_named(souk.quarter))
        return si, index

    def _refuse(self, souk: str, shop: Shop, listed: Sequence[Shop],
                said: set[tuple[str, str]] | None, rule: str, message: str,
                **facts: object) -> _Skip:
        """A refusal that holds for every cube listed for ``souk``: said once (kept in
        ``said``), with ``{souk}`` in ``message`` the souk and the shops listed in it,
        ``chest6 (W8, W10)``."""
        if said is not None:
            if (rule, souk) in said:
                return _Skip()
            said.add((rule, souk))
        cells = ", ".join(terms.cell(s.cell) for s in listed if s.souk == souk) or \
            terms.cell(shop.cell)
        return self.refuse(rule, message.format(souk=f"{terms.souk(souk)} ({cells})", **facts))

    def _shop_index(self, si: int, souk: Souk, owner: int, shop: Shop) -> int:
        """The index of the shop of ``souk`` (index ``si``, held by ``owner``) that ``shop``
        names (-1: an inner one); refused where there is none or it holds a cube."""
        t = self.t
        if shop.cell == INNER:
            if souk.inner == 0:
                raise self.refuse("Y3.4", _("{souk} has no inner shop: every shop of it faces "
                                            "the street ({cells})").format(
                                                souk=terms.souk(souk.id),
                                                cells=self._cells(souk.street)))
            if t.inner[si] >= souk.inner:
                raise self.refuse("Y3.4.1", _("every inner shop of {souk} already holds a cube "
                                              "of {owner}").format(souk=terms.souk(souk.id),
                                                                   owner=self.name(owner)))
            return -1
        found = souk.shop_at(shop.cell)
        if found is None:
            raise self.refuse("Y3.4", (ngettext(
                "no shop of {souk} faces the street cell {cell} (its street-side shops face "
                "{cells}; {inner} inner)",
                "no shop of {souk} faces the street cell {cell} (its street-side shops face "
                "{cells}; {inner} inner)", souk.inner) if souk.inner else _(
                "no shop of {souk} faces the street cell {cell} (its street-side shops face "
                "{cells})")).format(souk=terms.souk(souk.id), cell=shop.cell,
                                    cells=self._cells(souk.street), inner=souk.inner))
        if t.street[si][found]:
            raise self.refuse("Y3.4.1", _("the {souk} shop facing {cell} already holds a cube "
                                          "of {owner}").format(souk=terms.souk(souk.id),
                                                               cell=shop.cell,
                                                               owner=self.name(owner)))
        return found

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
            self.score(seat, points, CARAVAN,
                       Later(_camel_said, (place + 1, b.caravan_rows[row], points)))
        serai = "caravanserai" in t.built[seat]
        if serai and (b.caravanserai_on_card or not by_card):
            for _draw in range(b.buildings["caravanserai"].bonus):
                self.draw(seat, card, Later(terms.building, ("caravanserai",)))
        elif card is not None:
            self.err("Y6.5", _("no card is drawn for this cube: the caravanserai draws nothing "
                               "for the caravan card at this table (caravanserai_on_card is "
                               "off)") if serai else
                     _("no card is drawn for this cube: {player} has no caravanserai").format(
                         player=self.name(seat)))
        if len(t.caravan) == b.caravan_size(t.n):
            self.evaluate_caravan(CARAVAN_FULL)

    def evaluate_caravan(self, source: str) -> None:
        """Y4.2: (a) the caravan is full: score, then the cubes go home; (b) a week end: score,
        the cubes stay."""
        b, t = self.b, self.t
        per_row = b.caravan_camels[t.n]
        for cs in caravan_evaluation(t.caravan, per_row, b.caravan_factors):
            self.score(cs.player, cs.points, source, Later(_caravan_said, (
                source == CARAVAN_FULL, cs.cubes, cs.factor, b.caravan_rows[cs.row],
                cs.points)))
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
                self.err("Y3.5", _("no souk is named {souk}: it cannot be sent").format(
                    souk=repr(s.souk)) if si is None else
                    _("no cube of {souk} faces {cell}: it cannot be sent").format(
                        souk=terms.souk(s.souk), cell=to))
                continue
            if si in done:
                self.err("Y3.6", _("the cube of {souk} facing {cell} is sent twice").format(
                    souk=terms.souk(s.souk), cell=to))
                continue
            done.add(si)
            owner = t.owner[si]
            kept = False
            if s.camel:
                if t.camels[owner] < 1:
                    self.err("Y3.6", _("{owner} has no camel to keep the cube in {souk} facing "
                                       "{cell}").format(owner=self.name(owner),
                                                        souk=terms.souk(s.souk), cell=to))
                else:
                    kept = True
                    self.pay(owner, 0, 1,
                             "" if self.flows is None else said(
                                 N_("keeps the {souk} cube facing {cell}"),
                                 souk=Later(terms.souk, (s.souk,)), cell=to))
                    self.cube_out(owner)
            if not kept:
                t.street[si][waiting[si]] = False
                t.filled[si] -= 1
                if t.filled[si] == 0:
                    t.owner[si] = -1
            self.land(owner, s.card)
        for si in waiting:
            if si not in done:
                self.err("Y3.5", _("the cube of {owner} in the {souk} shop facing {cell} goes "
                                   "to the caravan; the log does not send it").format(
                                       owner=self.name(t.owner[si]),
                                       souk=terms.souk(b.souks[si].id), cell=to))

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
        if t.phase != phase:
            if t.phase == OVER:
                self.err("Y4.6", _("the game is over: the {nth} week has ended").format(
                    nth=terms.ordinal(self.b.weeks, "week")))
                raise CannotApply("over")
            if phase == TURN:
                self.err("Y2.1", _("week {week}, day {day} begins with the start player's "
                                   "roll, by {player}").format(week=t.week, day=t.day,
                                                                player=self.name(t.start)))
            else:
                self.err("Y2.1", _("the dice are rolled already; it is {player}'s turn").format(
                    player=self.name(t.order[t.done])))
            raise CannotApply("phase")
        expected = t.order[t.done]
        seat = t.seats.get(who)  # the name as the header writes it, nearly always
        if seat is None:
            seat = self.seat_of(who)
        if seat is None:
            self.err("Y2.1", _("no player is named {name}").format(name=repr(who)))
            return expected
        if seat != expected:
            rule = ("Y5.2" if t.n == 4 and self.last_day()
                    else "Y2.2" if phase == ROLL else "Y2.1")
            self.err(rule, (_("{player} rolls in week {week}, day {day}, not {other}")
                            if phase == ROLL else
                            _("{player} takes the next turn in week {week}, day {day}, not "
                              "{other}")).format(
                player=self.name(expected), week=self.t.week, day=self.t.day,
                other=self.name(seat)))
        self.player = t.names[seat]
        return seat

    def last_day(self) -> bool:
        return (self.t.week - 1) * self.b.days + self.t.day == self.b.weeks * self.b.days

    def roll(self, ev: Roll) -> None:
        b, t = self.b, self.t
        seat = self.expect(ROLL, ev.player)
        for p in ev.plays:
            self.play(seat, p, BEFORE_ROLL)
        faces = b.faces_per_die
        white = list(ev.white)
        yellow = list(ev.yellow)
        if len(white) != b.white_dice:
            self.err("Y2.4", _("all {n} white dice are rolled, not {rolled}").format(
                n=b.white_dice, rolled=len(white)))
        if len(yellow) > b.yellow_dice:
            self.err("Y2.3", _("at most {n} yellow dice can be bought, not {bought}").format(
                n=b.yellow_dice, bought=len(yellow)))
        rolled = white + yellow
        if rolled and not 1 <= min(rolled) <= max(rolled) <= faces:  # (one pass each, in C)
            bad = [v for v in rolled if not 1 <= v <= faces]
            self.err("Y2.4", _("a die shows 1 to {faces}, not {value}").format(faces=faces,
                                                                              value=bad[0]))
            white = [v for v in white if 1 <= v <= faces]
            yellow = [v for v in yellow if 1 <= v <= faces]
        cost = b.yellow_cost * len(yellow)
        if cost > t.gold[seat]:
            self.err("Y2.3", ngettext("{n} yellow die costs {cost} gold; {player} has {gold}",
                                      "{n} yellow dice cost {cost} gold; {player} has {gold}",
                                      len(yellow)).format(n=len(yellow), cost=cost,
                                                          player=self.name(seat),
                                                          gold=t.gold[seat]))
        # the words of a payment are only the flows' (a replay asks for none)
        self.pay(seat, cost, 0, "" if self.flows is None else Later(_yellow_said, (len(yellow),)))
        t.tower = tower_rows(len(b.rows), white, yellow)
        t.taken = [-1] * len(b.rows)
        t.phase = TURN

    def turn(self, ev: Turn) -> None:
        seat = self.expect(TURN, ev.player)
        # not contextlib.suppress: a context manager made for every turn of a replay
        try:  # noqa: SIM105
            self.turn_steps(seat, ev)
        except _Skip:
            pass
        self.end_turn(seat)

    def turn_steps(self, seat: int, ev: Turn) -> None:
        for p in ev.before:
            self.play(seat, p, BEFORE_ROW)
        action = ev.action
        row = ev.row
        value, dice = self.take_row(seat, ev)
        extra = 0
        if (ev.discard is not None and row is not None
                and self.use_card(seat, ev.discard, "discard") is not None):
            extra = 1
            if isinstance(action, Supervisor | Draw):
                self.err("Y6.9", _("the card discarded for +1 die does nothing for a supervisor")
                         if isinstance(action, Supervisor) else
                         _("the card discarded for +1 die does nothing for a card draw"),
                         WARNING)
        if isinstance(action, Camels):
            self.gain(seat, row, dice, extra, True)
        elif isinstance(action, Gold):
            self.gain(seat, row, dice, extra, False)
        elif isinstance(action, Goods):
            self.goods(seat, row, dice, extra, action.shops)
        elif isinstance(action, Supervisor):
            self.supervisor(seat, value, action)
        else:
            self.draw(seat, action.card, _NO_ROW if row is None else _CARD_ACTION)
        for p in ev.after:
            self.play(seat, p, AFTER_ACTION)
        if ev.build is not None:
            self.build(seat, ev.build)
        for p in ev.last:
            self.play(seat, p, AFTER_BUILD)

    def take_row(self, seat: int, ev: Turn) -> tuple[int, int]:
        """The row of dice the turn takes off the tower (Y2.5-Y2.6, Y3.7): its value and
        how many dice; none (0, 0) when no row is left and the player draws a card."""
        b, t = self.b, self.t
        row = ev.row
        if row is None:
            left = [b.rows[i] for i, r in enumerate(t.tower) if r is not None and r[1]]
            if left:
                self.err("Y2.5", ngettext("{player} must take a row of dice: the {rows} row is "
                                          "left", "{player} must take a row of dice: the {rows} "
                                          "rows are left", len(left)).format(
                    player=self.name(seat), rows=", ".join(terms.row(r) for r in left)))
            if ev.discard is not None:
                self.err("Y3.7", _("with no row taken, no card can be discarded for +1 die"))
            if not isinstance(ev.action, Draw):
                raise self.refuse("Y3.7", _("with no row of dice left, {player} draws a "
                                            "card").format(player=self.name(seat)))
            return 0, 0
        index = (b.row_index or {}).get(row)
        if index is None:
            raise self.refuse("Y2.5", _("the tower has no {row} row (rows: {rows})").format(
                row=repr(row), rows=", ".join(b.rows)))
        taken = t.tower[index]
        if taken is None or not taken[1]:
            shown = terms.row(row)
            by = t.taken[index] if index < len(t.taken) else -1
            raise self.refuse("Y2.6" if taken else "Y2.5", _(
                "the {row} row held only yellow dice, which left after the start player's "
                "turn").format(row=shown) if taken else
                _("the {row} row was taken today by {player}").format(
                    row=shown, player=self.name(by)) if by >= 0 else
                _("the {row} row is empty: no die of today's roll landed on it").format(
                    row=shown))
        t.tower[index] = None
        if index < len(t.taken):  # a state made before rows were kept has none
            t.taken[index] = seat
        return taken[0], taken[1]

    def gain(self, seat: int, row: str | None, dice: int, extra: int, camels: bool) -> None:
        """The camel or gold row's action (Y3.1, Y3.2), with the pasture's or shop's bonus."""
        own, building = (CAMELS_ROW, "pasture") if camels else (GOLD_ROW, "shop")
        if row != own:
            raise self.refuse("Y3.1" if camels else "Y3.2", (
                _("camels come from the {own} row, not the {row} row") if camels
                else _("gold comes from the {own} row, not the {row} row")).format(
                    own=terms.row(own), row=terms.row(str(row))))
        bonus = self.b.buildings[building].bonus if building in self.t.built[seat] else 0
        n = dice + extra + bonus
        why = ""
        if self.flows is not None:  # the words only when asked: a replay needs none
            why = _("{row} row: {parts}").format(row=terms.row(own),
                                                 parts=_entitled(dice, extra, bonus, building))
        self.receive(seat, n, why, camels)

    def goods(self, seat: int, row: str | None, dice: int, extra: int,
              shops: Sequence[Shop]) -> None:
        """A quarter row's action (Y3.4): place all you can (Y6.6)."""
        b, t = self.b, self.t
        who = self.name(seat)
        if row not in b.quarters:
            raise self.refuse("Y3.4", _("goods go to a quarter with that quarter's row; the {row} "
                                        "row is no quarter's").format(row=terms.row(str(row))))
        assert row is not None
        hoist = b.buildings["hoist"].bonus if "hoist" in t.built[seat] else 0
        n = dice + extra + hoist
        room = self.capacity(seat, row)
        if room == 0:
            raise self.refuse("Y3.4.4", _("no shop of the {quarter} is open to {player}: the "
                                          "goods action cannot be chosen").format(
                                              quarter=terms.quarter_named(row), player=who))
        want = min(n, room)

        if len(shops) > n:  # the count is the mistake: what the extra cubes meet follows
            self.err("Y3.4", ngettext("{player} may place {n} cube ({how}); {listed} are listed",
                                      "{player} may place {n} cubes ({how}); {listed} are "
                                      "listed", n).format(
                player=who, n=n, how=_entitled(dice, extra, hoist, "hoist"), listed=len(shops)))
        said: set[tuple[str, str]] = set()
        for shop in shops:
            self.place(seat, shop, row, shops, said)
        if want > len(shops):  # after the shops: a cube in the wrong souk is the mistake
            self.err("Y6.6", ngettext(
                "{player} must place {n} cube in the {quarter} ({entitled} entitled: "
                "{how}; room for {room}); {listed}",
                "{player} must place {n} cubes in the {quarter} ({entitled} entitled: "
                "{how}; room for {room}); {listed}", want).format(
                player=who, n=want, quarter=terms.quarter_named(row), entitled=n,
                how=_entitled(dice, extra, hoist, "hoist"), room=room,
                listed=ngettext("{n} is listed", "{n} are listed", len(shops)).format(
                    n=len(shops))))

    def supervisor(self, seat: int, value: int, action: Supervisor) -> None:
        """Move the supervisor (Y3.5, Y6.1, Y6.2) and send the cubes facing its end cell."""
        b, t = self.b, self.t
        who = self.name(seat)
        to = action.to
        if b.cell_position(to) is None:
            arms = ", ".join(f"{a}1-{a}{n}" for a, n in b.arms)
            raise self.refuse("Y3.5", _("no street cell is named {cell} (cells: {centre}, "
                                        "{arms})").format(cell=repr(to), centre=b.centre,
                                                          arms=arms))
        free = b.free_steps(t.built[seat])
        d, steps, cost = b.walk(t.supervisor, to, value, free)
        if cost > t.gold[seat]:
            self.err("Y3.5", (ngettext(
                "moving the supervisor {n} cell from {start} to {end} with a {value} costs "
                "{cost} gold ({steps} steps of change, {free} free with the bath); {player} has "
                "{gold}",
                "moving the supervisor {n} cells from {start} to {end} with a {value} costs "
                "{cost} gold ({steps} steps of change, {free} free with the bath); {player} has "
                "{gold}", d) if free else ngettext(
                "moving the supervisor {n} cell from {start} to {end} with a {value} costs "
                "{cost} gold ({steps} steps of change); {player} has {gold}",
                "moving the supervisor {n} cells from {start} to {end} with a {value} costs "
                "{cost} gold ({steps} steps of change); {player} has {gold}", d)).format(
                n=d, start=t.supervisor, end=to, value=value, cost=cost, steps=steps, free=free,
                player=who, gold=t.gold[seat]))
        walk = ""
        if self.flows is not None:  # the words only when asked: a replay needs none
            if not steps:
                change = _("no change")
            elif free:
                change = ngettext("{n} step of change, {free} free with the bath",
                                  "{n} steps of change, {free} free with the bath",
                                  steps).format(n=steps, free=min(free, steps))
            else:
                change = ngettext("{n} step of change", "{n} steps of change", steps).format(
                    n=steps)
            walk = ngettext("supervisor {n} cell from {start} to {end} with a {value}: {change}",
                            "supervisor {n} cells from {start} to {end} with a {value}: "
                            "{change}", d).format(n=d, start=t.supervisor, end=to, value=value,
                                                  change=change)
            if not cost:
                self.flow(seat, _("{walk}, free").format(walk=walk))
        self.pay(seat, cost, 0, walk)
        t.supervisor = to
        self.send(seat, to, action.sends)

    def build(self, seat: int, bld: Build) -> None:
        """Build one building after the action (Y2.7, Y3.8)."""
        b, t = self.b, self.t
        who = self.name(seat)
        spec = b.buildings.get(bld.building)
        if spec is None:
            self.err("Y1.4", _("no building is named {building} (buildings: {buildings})")
                     .format(building=repr(bld.building), buildings=", ".join(b.buildings)))
            return
        building = Later(terms.building, (bld.building,))  # worded when shown
        if bld.building in t.built[seat]:
            self.err("Y2.7", _("{player} has built the {building} already").format(
                player=who, building=building))
            return
        for kind in bld.cards:
            ck = b.cards.get(kind)
            if ck is not None and ck.effect not in ("nocamels", "nogold"):
                self.err("Y3.8", _("{card} is no building-cost card").format(
                    card=terms.card(kind)))
                continue
            if self.use_card(seat, kind, "pay the building") is None or ck is None:
                continue
            if ck.effect == "nocamels":
                t.waive_camels = True
            else:
                t.waive_gold = True
        # a credit kept from an earlier turn (Y-R13) waives its part, and is spent
        t.waive_camels = t.waive_camels or t.credit_camels[seat]
        t.waive_gold = t.waive_gold or t.credit_gold[seat]
        camels = 0 if t.waive_camels else spec.camels
        gold = 0 if t.waive_gold else spec.gold
        if camels > t.camels[seat] or gold > t.gold[seat]:
            self.err("Y3.8", _("the {building} costs {camels} and {gold} gold{waived}; {player} "
                               "has {have_camels} and {have_gold} gold").format(
                building=building, camels=_camels(camels), gold=gold, waived=self._waived(),
                player=who, have_camels=_camels(t.camels[seat]), have_gold=t.gold[seat]))
            return
        self.pay(seat, gold, camels,
                 "" if self.flows is None else said(N_("the {building}"), building=building))
        t.credit_camels[seat] = t.credit_gold[seat] = False
        t.built[seat].append(bld.building)
        t.turn_built = True
        self.cube_out(seat)
        order = len(t.built[seat])
        points = building_points(b.building_points, order)
        if points:
            self.score(seat, points, BUILDING,
                       Later(_building_said, (building, order, points)))

    def keep_credit(self, seat: int, camels: bool, gold: bool) -> None:
        """A cost card played with no building to waive keeps its credit for the player's
        next building (the profile's switch cost_card_credit_kept, Y-R13)."""
        t = self.t
        t.credit_camels[seat] = t.credit_camels[seat] or camels
        t.credit_gold[seat] = t.credit_gold[seat] or gold
        self.flow(seat, said(N_("kept for a later building: {waived} (cost_card_credit_kept)"),
                             waived=Later(waived, (t.credit_camels[seat], t.credit_gold[seat]))))

    def _waived(self) -> str:
        t = self.t
        if t.waive_camels and t.waive_gold:
            return _(" (no camels and no gold by card)")
        if t.waive_camels:
            return _(" (no camels by card)")
        return _(" (no gold by card)") if t.waive_gold else ""

    def end_turn(self, seat: int) -> None:
        b, t = self.b, self.t
        if t.waived_by_play and not t.turn_built:
            if b.cost_card_credit_kept:
                self.keep_credit(seat, camels=t.waive_camels, gold=t.waive_gold)
            else:
                self.err("Y6.12", _("{player} played a building-cost card and built nothing: "
                                    "the card is wasted").format(player=self.name(seat)),
                         WARNING)
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
        t.order = [*range(t.start, t.n), *range(t.start)]  # from the start player
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
                self.score(owner, points, SOUK, Later(_souk_said, (
                    souk.id, souk.value, market if has_market else None, points)))
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
                    self.player = name
                    self.err(CHECKPOINT, _("no player is named {name}").format(name=repr(name)))
                elif have[seat] != shown:
                    self.player = self.name(seat)
                    self.err(CHECKPOINT, _counted(what, shown).format(
                        player=self.player, shown=shown, have=have[seat],
                        difference=f"{shown - have[seat]:+d}"))


# --- the public functions ------------------------------------------------------------------


def check_setup(board: Board, setup: Setup) -> tuple[Violation, ...]:
    """Problems with the header (event 0): player count, names, the oldest player, colours,
    the hands switch."""
    out = []
    n = len(setup.players)
    if not board.min_players <= n <= board.max_players:
        out.append(Violation(0, None, "Y1", _("Yspahan is for {min} to {max} players, not {n}")
                             .format(min=board.min_players, max=board.max_players, n=n)))
    for name in setup.players:
        bad = hidden_character(name)
        if bad or not name.strip():
            out.append(Violation(0, name, "Y1", _("a player's name must be plain text (it holds "
                                                  "{character})").format(character=bad) if bad
                                 else _("a player's name must be plain text")))
    twice = same_name(setup.players)
    if twice:
        out.append(Violation(0, twice[1], "Y1", _("two players are named {name} (names are "
                                                  "compared ignoring case)").format(
                                                      name=repr(twice[0]))))
    if n and not 0 <= setup.oldest < n:
        out.append(Violation(0, None, "Y1", _("the oldest player is not one of the players")))
    if setup.colours and (len(setup.colours) != n or len(set(setup.colours)) < n):
        out.append(Violation(0, None, "Y1", _("each player needs a colour of their own")))
    if setup.hands not in (OPEN, SECRET):
        out.append(Violation(0, None, "Y7", _("hands are \"open\" or \"secret\", not {hands}")
                             .format(hands=repr(setup.hands))))
    return tuple(out)


def _try(board: Board, state: Table | GameState, event: Event, out: list[Violation] | None,
         flows: list[Flow] | None = None) -> None:
    """Walk ``event`` on a table apart from ``state``, for its findings or its flows."""
    t = state.copy() if isinstance(state, Table) else thaw(board, state)
    with contextlib.suppress(CannotApply):
        Walker(board, t, t.events + 1, out, flows).event(event)


def check(board: Board, state: Table | GameState, event: Event) -> tuple[Violation, ...]:
    """Everything wrong (and noteworthy) about ``event`` on ``state``; empty when clean.
    ``state`` is left as it was."""
    out: list[Violation] = []
    _try(board, state, event, out)
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
    flows: list[Flow] = []
    _try(board, state, event, None, flows)
    return tuple(flows)


def advance(board: Board, state: GameState, event: Event) -> GameState:
    """The frozen state after ``event`` (a convenience over :func:`apply`)."""
    t = thaw(board, state)
    apply(board, t, event)
    return snapshot(t)


class Replay(Replayed[Board, Setup, Event, GameState], frozen=True):
    """YSPAHAN's replay of a log (:class:`~asara_cli.games.base.Replayed`): checkpoint
    differences are errors that do not stop it; ``replay(..., states=True)`` keeps every
    state at once."""

    def again(self, events: Sequence[Event], states: bool = False) -> Replay:
        return replay(self.board, self.setup, events, states=states)

    def totals(self) -> tuple[int, ...]:
        return self.state.scores

    @property
    def ledger(self) -> tuple[LedgerEntry, ...]:
        return self.state.ledger


def replay(board: Board, setup: Setup, events: Sequence[Event], *, states: bool = False
           ) -> Replay:
    """Fold ``events`` over the start of the game, on one table updated in place; frozen
    snapshots are made only at the end (and after each event with ``states=True``)."""
    events = tuple(events)
    problems = check_setup(board, setup)
    if problems:  # a table laid for what the header allows, to show something
        oldest = setup.oldest if 0 <= setup.oldest < len(setup.players) else 0
        safe = Setup(setup.players, oldest, (), OPEN)
        return Replay(snapshot(new_table(board, safe)), problems, (), 0, board, setup, events)
    t = new_table(board, setup)
    kept = [snapshot(t)] if states else []
    verdicts = Verdicts()
    out: list[Violation] = []
    run = Walker(board, t, 0, out)
    for number, event in enumerate(events, start=1):
        run.number = number
        run.player = None
        try:  # (not contextlib.suppress, as in Walker.turn)
            if type(event) is Turn:  # most events: Walker.event's first test, without the call
                run.turn(event)
            else:
                run.event(event)
        except CannotApply:
            pass
        t.events = number
        if out:
            verdicts.add(number, out)
            out.clear()
        if states and verdicts.stopped is None:
            kept.append(snapshot(t))
    return Replay.made(verdicts, kept, t, board, setup, events, new_table, apply, snapshot)


# --- words -----------------------------------------------------------------------------------


def waived(camels: bool, gold: bool) -> str:
    """What a cost card's credit waives: ``no camels``, ``no gold`` or both; empty:
    nothing."""
    if camels and gold:
        return _("no camels and no gold")
    return _("no camels") if camels else _("no gold") if gold else ""


def _unknown_kind(kind: str, board: Board) -> str:
    """A card kind the profile lacks, with the kinds a log may name."""
    return _("no card kind {kind} is in the board profile (kinds: {kinds})").format(
        kind=repr(kind), kinds=", ".join(board.cards))


def _entitled(dice: int, extra: int, bonus: int, building: str) -> str:
    """What a row's action is worth, term by term: ``2 dice + 1 discarded card + 1 hoist``
    (the sum is shown beside it, so the terms are joined by ``+`` in every language)."""
    parts = [ngettext("{n} die", "{n} dice", dice).format(n=dice)]
    if extra:
        parts.append(_("1 discarded card"))
    if bonus:
        parts.append(_("{n} {building}").format(n=bonus, building=terms.building(building)))
    return " + ".join(parts)


def _camels(n: int) -> str:
    return ngettext("{n} camel", "{n} camels", n).format(n=n)


def _counted(what: str, shown: int) -> str:
    """A checkpoint's count the events do not give, by what is counted. The English says
    "camels" whatever the count; the plural forms serve other languages."""
    if what == "score":
        return ngettext("the table counts {player}'s score as {shown}; the events recorded give "
                        "{have} (a difference of {difference})",
                        "the table counts {player}'s score as {shown}; the events recorded give "
                        "{have} (a difference of {difference})", shown)
    if what == "gold":
        return _("the table counts {player}'s gold as {shown}; the events recorded give {have} "
                 "(a difference of {difference})")
    return ngettext("the table counts {player}'s camels as {shown}; the events recorded give "
                    "{have} (a difference of {difference})",
                    "the table counts {player}'s camels as {shown}; the events recorded give "
                    "{have} (a difference of {difference})", shown)


# --- the words of a ledger line or a payment, made when shown -----------------------------------


def said(message: str, **values: object) -> Later:
    """``message`` (marked with ``N_``) filled with ``values`` (a value may be a
    :class:`Later` too), translated and worded when shown."""
    return Later(_worded, (message, values))


def _worded(message: str, values: dict[str, object]) -> str:
    return _(message).format(**values)


#: the words of a card drawn by the turn's action, as it shows them
_NO_ROW, _CARD_ACTION = said(N_("no row left")), said(N_("the card action"))


def _camel_said(nth: int, row: str, points: int) -> str:
    return _("cube on the {nth} camel ({row} row): {points}").format(
        nth=terms.ordinal(nth, "camel"), row=terms.caravan_row(row), points=points)


def _building_said(building: Text, order: int, points: int) -> str:
    return _("{building}, the {nth} building: {points}").format(
        building=building, nth=terms.ordinal(order, "building"), points=points)


def _points_said(gold: bool, card: Text, k: int, per: int, points: int) -> str:
    if gold:
        return _("{card}: {k} gold x {per} = {points}").format(card=card, k=k, per=per,
                                                                points=points)
    return ngettext("{card}: {k} camel x {per} = {points}",
                    "{card}: {k} camels x {per} = {points}", k).format(
        card=card, k=k, per=per, points=points)


def _caravan_said(full: bool, n: int, factor: int, row: str, points: int) -> str:
    return (ngettext(
        "full caravan: {n} cube x {factor} (highest in the {row} row) = {points}",
        "full caravan: {n} cubes x {factor} (highest in the {row} row) = {points}",
        n) if full else ngettext(
        "caravan at the week end: {n} cube x {factor} (highest in the {row} row) = {points}",
        "caravan at the week end: {n} cubes x {factor} (highest in the {row} row) = {points}",
        n)).format(n=n, factor=factor, points=points, row=terms.caravan_row(row))


def _yellow_said(n: int) -> str:
    return ngettext("{n} yellow die", "{n} yellow dice", n).format(n=n)


def _souk_said(souk: str, value: int, market: int | None, points: int) -> str:
    """A complete souk at the week end, with the market's bonus when its owner has one."""
    if market is not None:
        return _("{souk} complete at the week end: {value} + {bonus} market = {points}").format(
            souk=terms.souk(souk), value=value, bonus=market, points=points)
    return _("{souk} complete at the week end: {points}").format(souk=terms.souk(souk),
                                                                 points=points)
