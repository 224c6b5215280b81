"""Recording an ASARA game at the table: ``new`` and one command per kind of move (RULES.md
R2-R5), each declared once (cli/grammar.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import typer
from msgspec import Struct

from asara_cli.cli import recording
from asara_cli.cli.common import find_game_option, out
from asara_cli.cli.grammar import REQUIRED, MoveKind, Said, Word, command, declared
from asara_cli.cli.transaction import Typed
from asara_cli.core.i18n import N_, _, ngettext
from asara_cli.core.shown import show_path
from asara_cli.core.words import fold, number
from asara_cli.errors import Asked
from asara_cli.games import game as registered
from asara_cli.games.asara import complete, words
from asara_cli.games.asara.codec import parse_gift, parse_use
from asara_cli.games.asara.deal import deal_due, deal_reminder, game_words
from asara_cli.games.asara.rules import events as ev
from asara_cli.games.asara.rules import terms
from asara_cli.games.asara.rules.areas import BY_LOG_TYPE, kind_of
from asara_cli.games.asara.rules.areas.bank import seen_value, space_for
from asara_cli.games.asara.rules.areas.lighted import lights_gold
from asara_cli.games.asara.rules.areas.tent import printed_cost
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.engine import check_setup, replay
from asara_cli.games.asara.rules.gifts import claim
from asara_cli.games.asara.rules.gifts import gift_text as gift_words
from asara_cli.games.asara.rules.model import Colour, Section, Variant
from asara_cli.games.asara.rules.state import GameState, Setup

# --- the words moves share --------------------------------------------------------------------

CARD = Word("card", str | None, "The buyer placed face up: its colour, e.g. blue (a unique "
            "prefix of a colour in play will do). `--card pair` = --pair.", ("--card", "-c"),
            complete=complete.buyers)
PAIRED = Word("pair", bool, "Two buyers face down on one space instead (R2.1).", ("--pair",),
            False)
PLAYER = Word("player", str | None, "Who moves. The turn implies it (a game started with "
              "--name-movers needs it on every move); a different name is refused (R2).",
              ("--player", "-p"), complete=complete.players)
SPACE = Word("space", int | None, "The space the buyer went on (optional where the spaces "
             "are alike).", ("--space", "-s"), min=1)
GOLD = Word("gold", bool, "The tile carries a gold decoration.", ("--gold", "-g"), False)
GENIE = Word("genie", int | None, "Expansion (pro): the buyer went to the House of the Bottle "
             "Genie's space that costs this much, and this is the move wished for; no buyer "
             "goes to this move's area [R6.2].", ("--genie",))
GIFT = Word("gift", list[str] | None, "Expansion: how a Caliph's gift on the space is "
            "resolved, e.g. \"buyer green\", \"buy base: gold red\", \"buy base: nothing\", "
            "\"lighted: red\". Repeat it for each gift on the space that needs a choice; gifts "
            "that need none are resolved by themselves [R6.1].", ("--gift",))

#: The words every move at an area takes after its own, every genie's visit wishing for
#: nothing, and every fact.
PLACED = (CARD, PAIRED, GENIE, GIFT, PLAYER, recording.LOG, recording.DRY)
VISIT = (CARD, PAIRED, PLAYER, recording.LOG, recording.DRY)
STATED = (recording.LOG, recording.DRY)


class Table(Struct, frozen=True):
    """What a move is typed against: the board, the state, the words the player gave."""

    board: Board
    state: GameState
    said: Said
    named: bool = False  # the header's movers = "named": every move names its mover
    asking: bool = False  # a player can be asked (the table session): transaction.Position

    @property
    def names(self) -> tuple[str, ...]:
        return self.state.setup.players

    def mover(self) -> str:
        return recording.mover(self.said, self.names, self.state.turn, self.named, words.player,
                               _("the game is over: no more turns (see `asara score`) [R5]"))

    def buyer(self) -> str:
        """The buyer placed: a colour face up, or a pair; left out, asked of the mover (R2)."""
        card, pair = self.said.card, self.said.pair
        labels, declared = self.state.labels, self.state.setup.buyers
        if pair and card is not None and not words.means(card, ev.PAIR):
            raise words.WordError(_("--card and --pair together: one buyer face up, or a "
                                    "pair"))
        if pair:
            return ev.PAIR
        if card is not None:
            return words.buyer(card, labels, declared)

        def placed(answer: str) -> list[str]:
            if words.buyer(recording.answered(answer), labels, declared) == ev.PAIR:
                return ["--pair"]
            return ["--card", answer]

        raise Asked(_("which buyer? --card COLOUR (face up) or --pair"), self.mover(),
                    _("which buyer do you place: its colour (face up), or pair?"), placed)

    def placement(self, space: int | None = None) -> ev.Placement:
        return ev.Placement(self.mover(), self.buyer(), space)

    def turn(self, action: ev.Action, space: int | None = None) -> ev.Turn:
        """A turn: the buyer placed on ``space`` for ``action``, or on the Bottle Genie's
        space ``--genie`` wishing for ``action`` (R6.2); then the gifts lying there (R6.1)."""
        self.deal_first()  # the year's deal comes before any question of the move
        genie, gifts = self.said.get("genie"), self.said.get("gift")
        if genie is not None:
            placement = self.placement(genie)
            action = ev.Genie(action, space)
        elif kind_of(action).face_down and self.said.card is None and not self.said.pair:
            placement = ev.Placement(self.mover(), None, space)
        else:
            placement = self.placement(space)
        key = kind_of(action).area(self.board, action).key
        return ev.Turn(placement, action, self.claim(key, placement, gifts or []))

    def deal_first(self) -> None:
        """Where someone is asked (the table session), a year's deal that is due is asked of
        the table before the year's first move, as its own ``gifts`` event; elsewhere the
        referee refuses the move (R6.1)."""
        board, year = self.board, self.state.year
        message = deal_due(board, self.state) if self.asking else None
        if message is None:
            return

        def dealt(answer: str) -> list[str]:
            said = words.lead_off(words.tokens([answer]), "gifts")
            _dealt(said, board)  # words that are no deal are asked again
            return ["gifts", *said]

        if self.state.chests:
            question = _("deal the Caliph's gifts of year {year} on {chests}: which gift lies "
                         "on which space (area, space, gift ...)?").format(
                             year=year, chests=", ".join(f"{words.area_word(a)} {s}"
                                                         for a, s in self.state.chests))
        else:
            question = _("deal the Caliph's gifts of year {year}: which gift lies on which "
                         "space (area, space, gift ...)?").format(year=year)
        raise Asked(message, _("Table"), question, dealt, first=True)

    def claim(self, area: str, placement: ev.Placement, texts: list[str]) -> tuple[ev.GiftUse, ...]:
        """The gifts on the space: as --gift says, else resolved where there is no choice
        (the rules decide which: rules/gifts.py)."""
        given: list[ev.GiftUse] = []
        for text in texts:
            use = parse_use(words.gift_text(" ".join(text.lower().split()),
                                            [*self.state.setup.buyers, *self.state.labels]))
            if use is None:
                raise words.WordError(_("--gift: expected e.g. \"buyer green\", \"asari 6\", "
                                        "\"buy base: red\", \"lighted: red\"; got {text!r}"
                                        ).format(text=text))
            given.append(use)
        found = claim(self.board, self.state, self.board.area(area), placement.space, given)
        if found.undecided is not None:
            raise _gift_asked(found.undecided, found.lying, placement.player, bool(texts))
        return found.uses


#: What a gift on the space that needs a choice says and asks, by its kind (else a purchase
#: gift's): the gift alone, what the words must say, the question.
_GIFT_ASKS = {
    ev.GiftKind.BUYER: (
        N_("a buyer gift lies on this space ({gift})"),
        N_("{lies}: say the buyer taken from the deck, e.g. --gift \"buyer green\" (or "
           "--gift buyer to leave its colour unsaid)"),
        N_("the gift buyer: which buyer do you take from the deck (its colour, or unsaid)?")),
    ev.GiftKind.LIGHTED: (
        N_("a lighted-window gift lies on this space ({gift})"),
        N_("{lies}: say the lighted window bought, e.g. --gift \"lighted: red\" (--gift "
           "lighted to leave its colour unsaid, \"lighted: nothing\" when it cannot be "
           "paid)"),
        N_("the gift lighted: which lighted window do you buy (a colour, unsaid, or "
           "nothing)?")),
    ev.GiftKind.BUY: (
        N_("a purchase gift lies on this space ({gift})"),
        N_("{lies}: say the tile bought for {gift}, e.g. --gift \"{typed}: red\" (or "
           "\"{typed}: nothing\" when nothing can be paid for)"),
        N_("the gift {gift}: which tile do you buy with it (a colour, or nothing)?"))}


def _gift_asked(gift: ev.Gift, lying: tuple[ev.Gift, ...], player: str, repeated: bool) -> Asked:
    """The choice a gift on the space needs, asked of the player who claims it (R6.1): the
    tile a purchase gift buys, the buyer taken from the deck, the lighted window bought."""
    shown = gift_words(gift)
    one, need, question = map(_, _GIFT_ASKS[gift.kind])
    lies = one.format(gift=shown) if len(lying) < 2 else ngettext(
        "{n} gift lies on this space ({gifts})", "{n} gifts lie on this space ({gifts})",
        len(lying)).format(n=len(lying), gifts=", ".join(map(gift_words, lying)))
    again = (" " + _("(one --gift for each gift that needs a choice: repeat --gift)")
             if repeated else "")
    joint = " " if gift.kind == ev.GiftKind.BUYER else ": "
    typed = " ".join(words.spoken_word(w) for w in str(gift).split())  # as --gift takes it
    return Asked(need.format(lies=lies, gift=shown, typed=typed) + again, player,
                 question.format(gift=shown),
                 lambda answer: ["--gift", _said(str(gift), answer, joint)])


def _said(gift: str, answer: str, joint: str) -> str:
    """The --gift words for an answer: ``buyer green``, ``lighted: red``, ``buyer`` for
    a colour left unsaid; an answer that is no such use is asked again."""
    answer = words.gift_text(" ".join(answer.lower().split()))
    if gift == "buyer":  # a German colour word answers with its English label
        from asara_cli.games.asara.colour_words import english

        answer = english(fold(answer)) or answer
    text = gift if words.means(recording.answered(answer), "unsaid") else f"{gift}{joint}{answer}"
    if parse_use(text) is None:
        raise words.WordError(_("{answer!r} does not answer it; e.g. {example}").format(
            answer=answer, example=(terms.buyer_colour("green") if gift == "buyer"
                                    else terms.colour("red"))))
    return text


# --- what a move is typed against -------------------------------------------------------------


def _record(ctx: typer.Context, said: Said,
            make: Callable[[Table, Said], ev.Event | Typed[ev.Event]]) -> recording.Move:
    return recording.record_move(ctx, registered("asara"), said.log, said.dry_run, lambda p: make(
        Table(p.board, p.state, said, p.log.header.movers == "named", p.asking), said))


# --- the moves --------------------------------------------------------------------------------


def _space(space: int | None) -> list[str]:
    return [] if space is None else ["--space", str(space)]


def _tile_words(colour: Colour | None, gold: bool) -> list[str]:
    return [] if colour is None else ev.gold_text(str(colour), gold).split()


BUY = MoveKind[Table](
    "buy", """Buy a section at a market area: pay its colour's price [R3.1].

    Example: asara buy window black --card blue;  asara buy turret gold white --pair
    """,
    (Word("area", str, "The market area: base, trunk, window or turret.", default=REQUIRED,
          complete=complete.sections),
     Word("tile", list[str] | None, "The tile bought: its colour, e.g. black or gold red "
          "(brown, green, red, black, white). Leave out when nothing was bought.",
          complete=complete.tile),
     GOLD, SPACE),
    lambda t, w: t.turn(ev.Buy(words.section(w.area), *words.tile(w.tile, w.gold)), w.space),
    PLACED,
    lambda a, space, amount: ["buy", str(a.section), *_tile_words(a.colour, a.gold),
                              *_space(space)])


def _build(t: Table, w: Said) -> ev.Event:
    mover = t.mover()  # a game over is said before any word of the build
    new_towers: list[ev.NewTower] = []
    additions: list[ev.Addition] = []
    for group in _groups(w.towers or []):
        _classify(group, None, new_towers, additions)
    for text in w.new or []:
        _classify(words.tokens([text]), True, new_towers, additions)
    for text in w.add or []:
        _classify(words.tokens([text]), False, new_towers, additions)
    lighted = _lighted(t, mover, w.light or [])
    return t.turn(ev.Build(tuple(new_towers), tuple(additions), tuple(lighted)), w.plot)


def _build_words(a: ev.Build, space: int | None, amount: str | None) -> list[str]:
    said = ["build", str(space)]
    for t in a.new:
        said += ["--new", " ".join([str(t.colour), *map(str, t.parts)])]
    for x in a.add:
        said += ["--add", " ".join([str(x.colour), str(x.tower), *map(str, x.parts)])]
    for w in a.lighted:
        said += ["--light", f"{w.colour} {w.tower} {'gold' if w.on_gold else 'plain'}"]
    return said


BUILD = MoveKind[Table](
    "build", """Build on plot N of the building circle: pay N, place N sections, +1 each [R3.2].

    Example: asara build 3 white base window turret --card blue;
    asara build 2 --add "black window" --light black --pair
    """,
    (Word("plot", int, "The plot of the building circle: pay N, build N sections.",
          default=REQUIRED),
     Word("towers", list[str] | None, "What is built, tower by tower: a colour, then its "
          "sections. A tower with a base and a turret is new; otherwise the sections go onto "
          "the tower of that colour (\"black 2 window\" for the 2nd black one). E.g. white "
          "base window turret black window.", complete=complete.build),
     Word("new", list[str] | None, "A new tower, e.g. \"white base gold window turret\".",
          ("--new",), complete=complete.colours),
     Word("add", list[str] | None, "Sections onto a standing tower, e.g. \"black window\" or "
          "\"red 2 trunk\".", ("--add",), complete=complete.towers_to_add),
     Word("light", list[str] | None, "Pro: a lighted window onto a window of that tower, e.g. "
          "black, \"red 2\", \"red 2 gold\" (onto a gold window) [R3.7].", ("--light",),
          complete=complete.towers_to_light)),
    _build, PLACED, _build_words)


def _groups(args: list[str]) -> list[list[str]]:
    """Split build words into towers: every colour word starts a tower."""
    groups: list[list[str]] = []
    for w in words.tokens(args):
        v = None if number(w) is not None else words.pick(w, words.DISPLAY_WORDS,
                                                          "tower colour or section type")
        if isinstance(v, Colour):
            groups.append([w])
        elif not groups:
            raise words.WordError(_("name the tower's colour before its sections "
                                    "(e.g. white {word} ...)").format(word=w))
        else:
            groups[-1].append(w)
    return groups


def _classify(group: list[str], is_new: bool | None, new: list[ev.NewTower],
              add: list[ev.Addition]) -> None:
    colour, n, rest = words.split_tower(group)
    parts = tuple(ev.Part(s, g) for s, g in words.parts(rest))
    said = words.spoken_word(str(colour))  # as the table types it
    if not parts:
        raise words.WordError(_("which sections go into the {colour} tower? (e.g. {colour} "
                                "base turret, or black window)").format(colour=said))
    if is_new is None:
        is_new = n is None and any(p.section in (Section.BASE, Section.TURRET) for p in parts)
    if is_new:
        if n is not None:
            raise words.WordError(_("a new tower has no number yet: {colour} {n} ...").format(
                colour=said, n=n))
        new.append(ev.NewTower(colour, parts))
    else:
        add.append(ev.Addition(colour, n or 1, parts))


def _lighted(t: Table, name: str, specs: list[str]) -> list[ev.LightedWindow]:
    """Lighted windows; one laid on a gold window when the rules say so (no plain one free)
    unless the words say "gold" or "plain"."""
    out_: list[ev.LightedWindow] = []
    lit: Counter[tuple[Colour, int]] = Counter()  # plain windows lit on a tower by this move
    for spec in specs:
        ws = [w for w in words.tokens([spec]) if words.english_word(w) != "on"]
        said: bool | None = None
        last = fold(words.english_word(ws[-1])) if ws else ""
        if last in (words.GOLD, "plain"):
            ws.pop()
            said = last == words.GOLD
        colour, n, rest = words.split_tower(ws)
        if rest:
            raise words.WordError(_("--light names a tower, e.g. {colour}, \"{colour} 2\" or "
                                    "\"{colour} 2 gold\"; got {spec!r}").format(
                                        colour=words.spoken_word(str(colour)), spec=spec))
        n = n or 1
        gold = said if said is not None else lights_gold(t.state, name, colour, n, lit[colour, n])
        if not gold:
            lit[colour, n] += 1
        out_.append(ev.LightedWindow(colour, n, gold))
    return out_


def _bank(t: Table, w: Said) -> Typed[ev.Event]:
    chosen, taken = w.space, w.amount
    notes: list[str] = []
    if chosen is None:
        if taken is None:
            raise _amount_asked(t, _("how much was taken? e.g. asara bank 12 (or --space "
                                  "N)"), _("how much do you take at the bank (the "
                                           "space's printed value)? (e.g. 12)"))
        chosen, known = space_for(t.board, t.state, taken, wished=w.genie is not None)
        if not known:
            notes.append(_("no free bank space is known to pay {taken} yet; it is "
                           "recorded on space {space} (--space N names the space) [R3.3]"
                           ).format(taken=taken, space=chosen))
    if taken is not None:
        seen = seen_value(t.state, chosen)
        if seen is not None and seen[0] != taken:
            notes.append(_("bank space {space} paid {paid} at event {event} in this "
                           "log; now {taken}: a printed value never changes, so check the "
                           "space and the amount [R3.3]").format(
                               space=chosen, paid=seen[0], event=seen[1], taken=taken))
    if taken is None:
        printed = t.board.bank_values
        value = printed[chosen - 1] if 1 <= chosen <= len(printed) else None
        if value is None:
            raise _amount_asked(t, _("the board profile does not know what bank space "
                                  "{space} pays: say the amount (asara bank N)").format(
                                      space=chosen),
                                _("how much do you take at bank space {space} (its "
                                  "printed value)? (e.g. 12)").format(space=chosen))
        taken = value
    return Typed(t.turn(ev.Bank(taken), chosen), tuple(notes))


BANK = MoveKind[Table](
    "bank", """Take money at the bank [R3.3].

    Without --space, the free space that pays that amount (or whose value the board profile
    does not know) is taken.

    Example: asara bank 12 --card violet;  asara bank 8 --space 2 --pair
    """,
    (Word("amount", int | None, "The Asari taken (the space's printed value). Left out: the "
          "value the board profile knows for --space.", min=0), SPACE),
    _bank, PLACED,
    lambda a, space, amount: ["bank", amount or str(a.amount), *_space(space)])


def _amount_asked(t: Table, message: str, question: str) -> Asked:
    """The Asari of a space the words did not give (the bank's value, the tent's cost),
    asked of the mover: the answer is the move's number."""
    def amount(answer: str) -> list[str]:
        if number(answer) is None:
            raise words.WordError(_("answer with a number of Asari (e.g. 12), not {answer!r}"
                                    ).format(answer=answer))
        return [answer]

    return Asked(message, t.mover(), question, amount)


COLOURED = MoveKind[Table](
    "coloured", """The coloured building: one face-down buyer, take its income (5) [R3.3].

    Example: asara coloured
    """,
    (), lambda t, w: t.turn(ev.Coloured()), PLACED, lambda a, space, amount: ["coloured"])

BRIBE = MoveKind[Table](
    "bribe", """Bribe the House of Spies: pay its space, search a pile, maybe buy a tile [R3.4].

    Example: asara bribe 3 turret black --card violet
    """,
    (Word("fee", int, "The House of Spies space, named by its cost (3 or 5 on the standard "
          "board; see `asara board`).", default=REQUIRED),
     Word("pile", str, "The face-down pile searched: base, trunk, window or turret.",
          default=REQUIRED, complete=complete.sections),
     Word("tile", list[str] | None, "The tile taken (shown to all), e.g. black or gold red; "
          "left out when none was taken.", complete=complete.tile),
     GOLD),
    lambda t, w: t.turn(ev.Bribe(words.section(w.pile), *words.tile(w.tile, w.gold)), w.fee),
    PLACED,
    lambda a, space, amount: ["bribe", str(space), str(a.pile),
                              *_tile_words(a.colour, a.gold)])

# the genie never grants the Caliph's patronage: the referee says so (R6.2)
CALIPH = MoveKind[Table](
    "caliph", """Take the Caliph's patronage: start next year, +1 at each year's end [R3.5].

    Example: asara caliph --card blue
    """,
    (), lambda t, w: t.turn(ev.Caliph()), PLACED, lambda a, space, amount: ["caliph"])


def _recruit(t: Table, w: Said) -> ev.Event:
    paid = w.cost if w.cost is not None else printed_cost(t.board, w.space)
    if paid is None:
        raise _amount_asked(t, _("how much was paid at the tent? e.g. asara recruit 2"),
                            _("how much do you pay at the tent (the space's printed "
                              "cost)? (e.g. 2)"))
    return t.turn(ev.Recruit(paid), w.space)


RECRUIT = MoveKind[Table](
    "recruit", """Pro: recruit at the tent: pay the space's cost, draw buyers (2) [R3.6].

    Example: asara recruit 2 --card violet
    """,
    (Word("cost", int | None, "The Asari paid (the tent space's printed cost). Left out: the "
          "cost the board profile knows for --space.", min=0), SPACE),
    _recruit, PLACED,
    lambda a, space, amount: ["recruit", amount or str(a.cost), *_space(space)])

LIGHTED = MoveKind[Table](
    "lighted", """Pro: lighted windows: pay 4 and keep 1, or pay 10 and keep 2 [R3.7].

    Example: asara lighted 4 --keep black --card blue
    """,
    (Word("pay", int, "The Asari paid: 4 (draw 3, keep 1) or 10 (draw 5, keep 2).",
          default=REQUIRED),
     Word("keep", list[str] | None, "The colour of a lighted window kept (optional: it may "
          "stay secret until built). Repeat for two.", ("--keep", "-k"),
          complete=complete.colours),
     SPACE),
    lambda t, w: t.turn(ev.Lighted(w.pay, tuple(words.colour(k) for k in words.tokens(
        w.keep or []))), w.space),
    PLACED,
    lambda a, space, amount: ["lighted", str(a.pay), *_space(space),
                              *(x for c in a.kept for x in ("--keep", str(c)))])


def _visit(t: Table, w: Said) -> ev.Event:
    t.deal_first()
    return ev.Turn(t.placement(w.cost), ev.Genie(None))


GENIE_VISIT = MoveKind[Table](
    "genie", """Pro: a visit to the House of the Bottle Genie that wishes for nothing [R6.2].

    The player may wish: to wish for a move, type that move with --genie COST instead.

    Example: asara genie 3 -c blue
    """,
    (Word("cost", int, "The genie's space, named by its cost: 3, 5 or 7.", default=REQUIRED),),
    _visit, VISIT, lambda a, space, amount: ["genie", str(space)])

DISPLAY = MoveKind[Table](
    "display", """State what market displays show after a refill (optional fact) [R3.1].

    Later purchases are checked against it.

    Example: asara display window brown green green gold green red gold red black white
    """,
    (Word("tiles", list[str], "For each area stated: its name, then every face-up tile there, "
          "e.g. window brown green gold green red black white trunk ...", default=REQUIRED,
          complete=complete.display),),
    lambda t, w: ev.Display(tuple((s, tuple(ev.Tile(s, c, g) for c, g in ts))
                               for s, ts in words.display(w.tiles))),
    STATED)

GIFTS = MoveKind[Table](
    "gifts", """Expansion: the Caliph's gifts dealt face up at a year's start [R6.1].

    One gift onto each chest space, before the year's first move; gifts left from earlier
    years stay where they are.

    Example: asara gifts base 2 asari 6 trunk 1 buyer window 3 buy turret turret 4 prestige
    """,
    (Word("dealt", list[str], "Each gift dealt: the area, the space, the gift (buyer, "
          "prestige, lighted, asari N or buy AREA), e.g. base 2 asari 6 window 1 buy turret "
          "lighted 1 lighted.", default=REQUIRED, complete=complete.gifts),),
    lambda t, w: ev.GiftsDealt(tuple(_dealt(words.tokens(w.dealt), t.board))),
    STATED)


def _dealt(items: list[str], board: Board) -> list[tuple[str, int, ev.Gift]]:
    """``base 2 asari 6 window 1 buy turret ...`` as (area, space, gift) triples."""
    keys = {a.key: a.key for a in board.areas}
    found: list[tuple[str, int, ev.Gift]] = []
    i = 0
    while i < len(items):
        area = words.area(items[i], keys)
        space = number(items[i + 1]) if i + 1 < len(items) else None
        if space is None:
            raise words.WordError(_("after the area {area!r} comes its space number, e.g. "
                                    "{area} 2 buyer").format(area=words.spoken_word(area)))
        i += 2
        if i >= len(items):
            raise words.WordError(_("which gift lies on {area} {space}? e.g. buyer, "
                                    "prestige, lighted, asari 6, buy base").format(
                                        area=words.spoken_word(area), space=space))
        head = words.gift_word(items[i])
        text = head
        if head in ("asari", "buy") and i + 1 < len(items):
            arg = items[i + 1]
            text = f"{head} {arg if head == 'asari' else words.section(arg).value}"
            i += 1
        gift = parse_gift(text)
        if gift is None:
            raise words.WordError(_("{text!r} is no gift (buyer, prestige, lighted, asari N, "
                                    "buy AREA)").format(text=text))
        found.append((area, space, gift))
        i += 1
    if not found:
        raise words.WordError(_("which gifts were dealt? e.g. asara gifts base 2 buyer"))
    return found


def _checkpoint(t: Table, w: Said) -> ev.Event:
    p = recording.name_numbers(w.prestige or [], t.names, words.player)
    m = recording.name_numbers(w.money or [], t.names, words.player)
    if not p and not m:
        raise words.WordError(_("what does the track show? e.g. asara checkpoint Tina=34"))
    return ev.Checkpoint(tuple(p), tuple(m))


CHECKPOINT = MoveKind[Table](
    "checkpoint", """Confirm what the prestige track shows (and money); refused if the log
    disagrees.

    Example: asara checkpoint Tina=34 Paul=30 --money Tina=12
    """,
    (Word("prestige", list[str] | None, "What the prestige track shows: NAME=POINTS for each "
          "player given."),
     Word("money", list[str] | None, "Asari a player counts: NAME=ASARI (repeatable).",
          ("--money", "-m"))),
    _checkpoint, STATED)


# --- the log itself ---------------------------------------------------------------------------


def _new(_ctx: typer.Context, w: Said) -> None:
    if w.game is not None:
        find_game_option(w.game)  # an unknown name: exit 2 with the games there are
    with recording.errors():
        rules, setup = _setup(w)
        recording.new_game(w, "asara", setup, check_setup(rules, setup),
                           lambda: _started(w.log, rules, setup, w.name_movers))


new = declared("new", """Start a game log: players in seat order, start player, variant [R1].

    Example: asara new game.toml -p Tina -p Paul -p Anna --date today --buyers "blue green
    orange violet yellow"
    """, (
    recording.NEW_LOG,
    Word("players", list[str], "A player, in clockwise seat order: 2 to 4 times.",
         ("--player", "-p"), REQUIRED),
    Word("start", str | None, "The start player (holds the Caliph's patronage at the start; "
         "default: the first player).", ("--start",), complete=complete.start),
    Word("pro", bool, "The professional version: the tent and the lighted windows.",
         ("--pro",), False),
    Word("gifts", bool, "Expansion: the Gifts of the Caliph (R6.1); record each year's deal "
         "with `asara gifts`.", ("--gifts",), False),
    Word("genie", bool, "Expansion: the House of the Bottle Genie (R6.2, with --pro); wish "
         "with --genie COST on the move wished for.", ("--genie",), False),
    Word("buyers", str | None, "The colours of your buyer cards, e.g. \"blue green orange "
         "violet yellow\": then any other colour is refused, so a typo cannot start a new "
         "one (R1).", ("--buyers",)),
    Word("board", Path | None, "A board profile TOML file with your table's printed numbers "
         "(see `asara board`); the log refers to it.", ("--board",)),
    recording.NAME_MOVERS, recording.DATE, recording.PLACE, recording.USE, recording.GAME),
    _new)


def _setup(w: Said) -> tuple[Board, Setup]:
    names, start, rules = recording.new_seats(w, "start", words.player, "asara")
    expansions = tuple(x for x in ("gifts", "genie") if w.get(x))
    return rules, Setup(names, start, Variant.PRO if w.pro else Variant.BASIC, expansions,
                        words.buyer_colours(w.buyers or ""))


def who_starts(given: Mapping[str, Any]) -> Asked | None:
    """At the table: who starts, when ``new``'s words leave it out (recording.who_begins)."""
    return recording.who_begins(given, "start", _setup, check_setup,
                                _("who starts ({players})?"), words.player)


def _started(log: Path, rules: Board, setup: Setup, name_movers: bool) -> None:
    """What a new game's log holds, said: the players, the Asari, who starts, the deal."""
    state = replay(rules, setup, ()).state
    money = ", ".join(f"{p.name} {p.money}" for p in state.players)
    out().print(_("new game in {path}: {players} ({game})").format(
        path=show_path(log), players=", ".join(setup.players), game=game_words(setup)),
                soft_wrap=True)
    out().print(_("Asari: {money}; {player} starts.").format(
        money=money, player=setup.players[setup.start]), soft_wrap=True)
    if name_movers:
        out().print(_("Every move names its mover: -p NAME."))
    reminder = deal_reminder(rules, state)
    if reminder is not None:
        out().print(reminder)


# --- registration -----------------------------------------------------------------------------

#: Each kind of move, in the order of the area kinds (a new area kind needs its move: checked
#: below; the genie's wishes are typed with --genie on the move wished for), then the facts.
KINDS: dict[str, MoveKind[Table]] = {k.name: k for k in (
    BUY, BUILD, BANK, COLOURED, BRIBE, CALIPH, RECRUIT, LIGHTED, GENIE_VISIT, DISPLAY, GIFTS,
    CHECKPOINT)}
if not set(BY_LOG_TYPE) <= set(KINDS):
    raise RuntimeError(f"moves and area kinds differ: {sorted(KINDS)} vs {sorted(BY_LOG_TYPE)}")
MOVES: tuple[tuple[str, Callable[..., object]], ...] = tuple(
    (name, command(kind, _record)) for name, kind in KINDS.items())


#: The names of the commands :func:`register` adds (``check`` aside, a group of the moves).
COMMANDS: tuple[str, ...] = ("new", *KINDS)


def register(app: typer.Typer, only: str | None = None) -> None:
    recording.register(app, [("new", new), *MOVES], MOVES, only,
                       "asara check buy window black --card blue")
