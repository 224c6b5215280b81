"""Random legal events, for simulated games and property tests (YSPAHAN.md Y2-Y6).

:func:`random_event` builds the next event a table waits for (the day's roll or the next
turn) step by step on a scratch copy of the table, choosing only among legal options at each
step, so every action, building and card turns up over a few games. Card draws name a kind
drawn at random from what the deck holds (hands open); :func:`secret` turns such a log into
the same game with hands kept secret.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from asara_cli.games.yspahan.rules import events as ev
from asara_cli.games.yspahan.rules.board import CAMELS_ROW, GOLD_ROW, Board
from asara_cli.games.yspahan.rules.engine import (
    AFTER_ACTION,
    AFTER_BUILD,
    BEFORE_ROLL,
    BEFORE_ROW,
    Walker,
)
from asara_cli.games.yspahan.rules.state import OVER, ROLL, Setup, Table, new_table


def next_card(t: Table, rng: random.Random) -> str | None:
    """A kind for the next card drawn from ``t``'s deck (hands open): weighted by what the
    deck holds, or by the discard pile when the deck is empty and will be reshuffled; ``None``
    when no card is left anywhere."""
    pool = t.discard if t.deck == 0 else t.deck_kinds
    kinds = [k for k, c in pool.items() for _ in range(c)]
    if not kinds:
        return None if t.deck == 0 else ev.HIDDEN
    return rng.choice(kinds)


def shops_open_to(run: Walker, seat: int, quarter: str) -> list[ev.Shop]:
    """Every shop where ``seat`` may put its next cube in ``quarter`` on the walker's table
    (Y3.4.1-Y3.4.3): the free shops of the souks it owns there, or, owning none with a
    free shop, those of the empty souks; a corner shop once."""
    b, t = run.b, run.t
    souks = b.souks_of(quarter)
    mine = [s for s in souks if t.owner[s] == seat and t.filled[s] < b.souks[s].shops]
    targets = mine or [s for s in souks if t.owner[s] < 0]
    out = []
    for s in targets:
        souk = b.souks[s]
        for i, cells in enumerate(souk.street):
            if not t.street[s][i]:  # a corner shop named by either cell, varied, not drawn
                out.append(ev.Shop(souk.id, cells[(t.events + t.done) % len(cells)]))
        if t.inner[s] < souk.inner:
            out.append(ev.Shop(souk.id, ev.INNER))
    return out


def _plays(run: Walker, seat: int, window: str, rng: random.Random, chance: float
           ) -> tuple[ev.Play, ...]:
    """Cards played in one window, each applied to the scratch table as chosen."""
    b, t = run.b, run.t
    out: list[ev.Play] = []
    for kind in sorted(t.hand[seat]):
        if t.hand[seat].get(kind, 0) < 1 or rng.random() >= chance:
            continue
        ck = b.cards[kind]
        effect = ck.effect
        play: ev.Play | None = None
        if effect in ("camels", "gold"):
            play = ev.Play(kind)
        elif effect == "caravan":
            card = None
            if "caravanserai" in t.built[seat] and b.caravanserai_on_card:  # drawn once the
                # caravan card is in the discard pile
                t.discard[kind] = t.discard.get(kind, 0) + 1
                card = next_card(t, rng)
                t.discard[kind] -= 1
                if not t.discard[kind]:
                    del t.discard[kind]
            play = ev.Play(kind, card=card)
        elif effect == "souk":
            options = [s for q in b.quarters for s in shops_open_to(run, seat, q)]
            if options:
                play = ev.Play(kind, shop=rng.choice(options))
        elif effect in ("goldvp", "camelvp"):
            have = t.gold[seat] if effect == "goldvp" else t.camels[seat]
            if have:
                play = ev.Play(kind, k=rng.randint(1, min(have, ck.cap or have)))
        elif effect == "exchange":
            into = rng.choice((ev.INTO_GOLD, ev.INTO_CAMELS))
            have = t.camels[seat] if into == ev.INTO_GOLD else t.gold[seat]
            if have:
                play = ev.Play(kind, k=rng.randint(1, have), into=into)
        if play is not None:
            run.play(seat, play, window)
            out.append(play)
    return tuple(out)


def random_event(board: Board, table: Table, rng: random.Random) -> ev.Event | None:
    """A random legal event for what ``table`` waits for next; ``None`` once the game is
    over. ``table`` is left as it was."""
    if table.phase == OVER:
        return None
    t = table.copy()
    run = Walker(board, t, t.events + 1, None)
    seat = t.order[t.done]
    name = t.names[seat]
    if t.phase == ROLL:
        return _roll(board, run, seat, rng)
    before = _plays(run, seat, BEFORE_ROW, rng, 0.2)
    rows = [(i, r) for i, r in enumerate(t.tower) if r is not None and r[1]]
    discard: str | None = None
    action: ev.Action | None = None
    row: str | None = None
    if rows:
        index, (value, dice, _) = rng.choice(rows)
        row = board.rows[index]
        t.tower[index] = None
        extra = 0
        own = row in (CAMELS_ROW, GOLD_ROW) or run.capacity(seat, row) > 0
        pick = rng.random()
        # a discard only where it adds a die (Y6.9: for the supervisor or a draw it is a slip)
        if t.hand[seat] and own and pick < 0.65 and rng.random() < 0.25:
            discard = rng.choice(sorted(k for k, c in t.hand[seat].items() if c))
            run.use_card(seat, discard, "discard")
            extra = 1
        if own and pick < 0.65:
            if row in (CAMELS_ROW, GOLD_ROW):
                run.gain(seat, row, dice, extra, row == CAMELS_ROW)
                action = ev.Camels() if row == CAMELS_ROW else ev.Gold()
            else:
                hoist = board.buildings["hoist"].bonus if "hoist" in t.built[seat] else 0
                want = min(dice + extra + hoist, run.capacity(seat, row))
                placed = []
                for _ in range(want):
                    shop = rng.choice(shops_open_to(run, seat, row))
                    run.place(seat, shop, row)
                    placed.append(shop)
                action = ev.Goods(tuple(placed))
        elif pick < 0.88:
            action = _supervisor(run, seat, value, rng)
    if action is None:  # no row left, or the card action
        card = next_card(t, rng)
        run.draw(seat, card, "")
        action = ev.Draw(card)
    after = _plays(run, seat, AFTER_ACTION, rng, 0.25)
    build = _build(run, seat, rng)
    last = _plays(run, seat, AFTER_BUILD, rng, 0.1)
    return ev.Turn(name, row, action, discard, build, before, after, last)


def _roll(board: Board, run: Walker, seat: int, rng: random.Random) -> ev.Roll:
    """The start player's roll: the cards played first, the yellow dice bought, the dice."""
    t = run.t
    plays = _plays(run, seat, BEFORE_ROLL, rng, 0.4)
    affordable = min(board.yellow_dice, t.gold[seat] // max(board.yellow_cost, 1))
    yellow = rng.choice((0, 0, rng.randint(0, affordable)))
    white = tuple(rng.randint(1, board.faces_per_die) for _ in range(board.white_dice))
    return ev.Roll(t.names[seat], white, tuple(rng.randint(1, board.faces_per_die)
                                               for _ in range(yellow)), plays)


def _supervisor(run: Walker, seat: int, value: int, rng: random.Random) -> ev.Supervisor:
    """A move the player can pay for, often to a cell with cubes in front of it."""
    b, t = run.b, run.t
    free = b.free_steps(t.built[seat])
    cells = [c for c in b.cells if b.walk(t.supervisor, c, value, free)[2] <= t.gold[seat]]
    busy = [c for c in cells if any(t.street[s][i] for s, i in b.faces[c])]
    to = rng.choice(busy if busy and rng.random() < 0.7 else cells)
    run.pay(seat, b.walk(t.supervisor, to, value, free)[2], 0)
    t.supervisor = to
    waiting = [s for s, i in b.faces[to] if t.street[s][i]]
    rng.shuffle(waiting)
    sends = []
    for s in waiting:
        owner = t.owner[s]
        camel = t.camels[owner] > 0 and rng.random() < 0.3
        card = next_card(t, rng) if "caravanserai" in t.built[owner] else None
        send = ev.Send(b.souks[s].id, camel, card)
        run.send(seat, to, (send,))
        sends.append(send)
    return ev.Supervisor(to, tuple(sends))


def _build(run: Walker, seat: int, rng: random.Random) -> ev.Build | None:
    """Often a building the player can pay, with cost cards where they help."""
    b, t = run.b, run.t
    if rng.random() < 0.3:
        return None
    options = []
    for bid, spec in b.buildings.items():
        if bid in t.built[seat]:
            continue
        cards: list[str] = []
        camels = 0 if t.waive_camels else spec.camels  # a waiver of a card played earlier
        gold = 0 if t.waive_gold else spec.gold
        for kind, ck in b.cards.items():
            if not t.hand[seat].get(kind):
                continue
            if ck.effect == "nocamels" and camels and (
                    camels > t.camels[seat] or rng.random() < 0.5):
                cards.append(kind)
                camels = 0
            elif ck.effect == "nogold" and gold and (gold > t.gold[seat] or rng.random() < 0.5):
                cards.append(kind)
                gold = 0
        if camels <= t.camels[seat] and gold <= t.gold[seat]:
            options.append(ev.Build(bid, tuple(cards)))
    if not options:
        return None
    build = rng.choice(options)
    run.build(seat, build)
    return build


def play_game(board: Board, setup: Setup, rng: random.Random) -> list[ev.Event]:
    """A whole random legal game (open hands)."""
    t = new_table(board, setup)
    events: list[ev.Event] = []
    while True:
        event = random_event(board, t, rng)
        if event is None:
            return events
        Walker(board, t, t.events + 1, None).event(event)
        t.events += 1
        events.append(event)


def secret(events: Sequence[ev.Event]) -> list[ev.Event]:
    """The same game logged with hands secret: every card drawn written ``hidden``."""
    out: list[ev.Event] = []
    for e in events:
        if isinstance(e, ev.Turn):
            action = e.action
            if isinstance(action, ev.Draw) and action.card is not None:
                action = ev.Draw(ev.HIDDEN)
            elif isinstance(action, ev.Supervisor):
                action = ev.Supervisor(action.to, tuple(
                    ev.Send(s.souk, s.camel, None if s.card is None else ev.HIDDEN)
                    for s in action.sends))
            out.append(ev.Turn(e.player, e.row, action, e.discard, e.build, _hide(e.before),
                               _hide(e.after), _hide(e.last)))
        elif isinstance(e, ev.Roll):
            out.append(ev.Roll(e.player, e.white, e.yellow, _hide(e.plays)))
        else:
            out.append(e)
    return out


def _hide(plays: tuple[ev.Play, ...]) -> tuple[ev.Play, ...]:
    return tuple(ev.Play(p.kind, p.k, p.into, p.shop, None if p.card is None else ev.HIDDEN)
                 for p in plays)
