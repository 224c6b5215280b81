"""Recording a Yspahan game at the table: ``new``, the day's ``roll``, one command per
action, ``checkpoint`` (YSPAHAN.md Y2-Y7). A turn's other parts (the cards played, the card
discarded, the building) are options of its action's command (:data:`AROUND`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from msgspec import Struct, field

from asara_cli import commandwords
from asara_cli.cli import recording
from asara_cli.cli.common import find_game_option, out
from asara_cli.cli.completion import players
from asara_cli.cli.grammar import REQUIRED, MoveKind, Said, Word, command, declared
from asara_cli.core.i18n import _, ngettext, pgettext
from asara_cli.core.shown import show_path
from asara_cli.core.words import either, fold, number
from asara_cli.errors import Asked
from asara_cli.games import game as registered
from asara_cli.games.yspahan import complete, words
from asara_cli.games.yspahan.codec import WordsError, parse_play
from asara_cli.games.yspahan.rules import events as ev
from asara_cli.games.yspahan.rules import terms
from asara_cli.games.yspahan.rules.board import CAMELS_ROW, GOLD_ROW, Board
from asara_cli.games.yspahan.rules.engine import BEFORE_ROW, Walker, check_setup
from asara_cli.games.yspahan.rules.state import (
    OPEN,
    OVER,
    SECRET,
    TURN,
    GameState,
    PlayerState,
    Setup,
    thaw,
)
from asara_cli.games.yspahan.rules.state import Table as Laid

if TYPE_CHECKING:
    from asara_cli.cli.transaction import Position, Typed

KEY = "yspahan"

# --- shared options ---------------------------------------------------------------------------

PLAYER = Word("player", str | None, "Who moves. The log implies it; a different name is "
              "refused (Y2.1).", ("--player", "-p"), complete=players)
PLAY = Word("play", list[str] | None, "A card played before taking the row (repeatable): its "
            "kind and what its effect needs, e.g. gold3, \"goldvp 4\", \"exchange 2 into "
            "gold\", \"souk chest8 N2\", \"caravan draws gold3\" (Y3.9).", ("--play",),
            complete=complete.cards)
AFTER = Word("after", list[str] | None, "A card played after the action, before building "
             "(repeatable; as --play).", ("--after",), complete=complete.cards)
LAST = Word("last", list[str] | None, "A card played after building (repeatable; as --play).",
            ("--last",), complete=complete.cards)
DISCARD = Word("discard", str | None, "The kind of the card discarded to count the row as one "
               "die larger (Y2.5).", ("--discard",), complete=complete.cards)
BUILD = Word("build", str | None, "The building built after the action: pasture, shop, bath, "
             "caravanserai, market or hoist (Y3.8).", ("--build", "-b"),
             complete=complete.buildings)
WITH = Word("with_cards", list[str] | None, "A building-cost card paying for --build: "
            "nocamels or nogold (repeatable).", ("--with",))

#: What every action's command takes besides its own words: the cards played around it,
#: the card discarded for a die, the building, the mover, the log, a check only.
AROUND = (PLAY, DISCARD, AFTER, BUILD, WITH, LAST, PLAYER, recording.LOG, recording.DRY)


class Table(Struct, frozen=True):
    """What a move is typed against: the board, the state, the player word given."""

    board: Board
    state: GameState
    said: Said
    named: bool = False  # the header's movers = "named": every move names its mover
    dry: bool = False  # a check only: a card drawn cannot be known, any is taken
    #: the cards a check took for the draws it cannot know: (who draws, the card, whether
    #: their caravanserai draws it, else the card action)
    picked: list[tuple[str, str, bool]] = field(default_factory=list)

    @property
    def names(self) -> tuple[str, ...]:
        return self.state.setup.players

    def mover(self) -> str:
        seat = None if self.state.phase == OVER else self.state.to_move
        return recording.mover(self.said, self.names, seat, self.named, words.player,
                               _("the game is over: no more turns (see `asara score`) [Y4.6]"))

    @property
    def secret(self) -> bool:
        return self.state.setup.hands == SECRET

    def plays(self, texts: list[str] | None, flag: str = "--play", serai: bool = False
              ) -> tuple[ev.Play, ...]:
        return tuple(self.play(t, flag, serai) for t in texts or [])

    def play(self, text: str, flag: str = "--play", serai: bool = False) -> ev.Play:
        """A card played, as typed with ``flag``: its kind, then what its effect needs; what
        that leaves out is the mover's choice, asked. ``serai``: the mover's caravanserai
        stands by then (built this turn, before the window)."""
        parts = text.replace(",", " ").split()
        if not parts:
            raise words.WordError(_("an empty card played"))
        kind = words.card(parts[0], self.board)
        effect = self.board.cards[kind].effect
        rest = [words.english_word(w) for w in parts[1:]]  # Gold, Truhe8 as well
        if effect == "exchange":  # "exchange 2 gold" as well as "exchange 2 into gold"
            rest = words.exchange(rest)
        if effect == "souk" and rest and rest[0] != "draws":
            try:
                found = self.shops(rest)
            except WhichShop as e:
                raise self._which_shop(text, flag, kind, e) from None
            if len(found) != 1:
                raise words.WordError(_("expected one shop, e.g. {example}, got {typed}").format(
                    example=f"{terms.souk('chest8')} N2", typed=repr(" ".join(rest))))
            rest = [found[0].souk, found[0].cell]
        try:
            p = parse_play(" ".join([kind, *rest]))
        except WordsError as e:
            raise words.WordError(str(e)) from None
        serai = serai or self._serai()
        if (effect == "caravan" and p.card is None and self.secret
                and self.board.caravanserai_on_card and serai):
            p = ev.Play(p.kind, p.k, p.into, p.shop, ev.HIDDEN)  # the caravanserai's card (Y6.5)
        elif self.dry and self._serai_draws(p, serai):
            p = ev.Play(p.kind, p.k, p.into, p.shop, self.any_card(self.mover(), True))
        if flag == "--play" and not self._may_hold(kind):
            return p  # the real mistake first: the referee says the card is not held
        asked = self._card_choice(p, text, flag, serai)
        if asked is not None:
            raise asked
        return p

    def before_row(self, texts: list[str] | None) -> Laid:
        """The table after the cards played before the row, by the referee's own steps on a
        copy: what the action then reads (a souk card's cube facing the supervisor's cell,
        camels a card gave). A card refused stops there: the turn's check says why."""
        laid = thaw(self.board, self.state)
        seat = self.names.index(self.mover())
        for p in self.plays(texts):
            run = Walker(self.board, laid.copy(), laid.events + 1, [])
            run.play(seat, p, BEFORE_ROW)
            if any(v.is_error for v in run.out or []):
                break
            laid = run.t
        return laid

    def _holder(self) -> PlayerState | None:
        try:
            return self.state.players[self.names.index(self.mover())]
        except (recording.WordError, recording.Refused):
            return None

    def _may_hold(self, kind: str) -> bool:
        holder = self._holder()
        return holder is None or holder.hidden > 0 or kind in holder.hand

    def _serai(self) -> bool:
        """The mover's caravanserai stands (it draws for the caravan card's cube, Y6.5)."""
        holder = self._holder()
        return holder is not None and "caravanserai" in holder.buildings

    def _card_choice(self, p: ev.Play, text: str, flag: str, serai: bool) -> Asked | None:
        """What the card's effect needs and ``text`` left out, asked of the mover (Y3.9, Y6.5):
        why, the words to add, the question (short: with the name and the answer it fits 80
        columns), and how an answer becomes the card's words."""
        kind = self.board.cards[p.kind]
        card, n, k = terms.card(p.kind), kind.points, p.k
        said: Callable[[str], str] | None = _k_answer  # None: the answer as it is
        example, rule, way = "3", "Y3.9", ""
        if kind.effect == "goldvp" and k is None:
            need = ngettext("the {card} card returns k gold for {n} point each: say k",
                            "the {card} card returns k gold for {n} points each: say k", n)
            question = ngettext(
                "how many gold do you return with the {card} card ({n} point each)?",
                "how many gold do you return with the {card} card ({n} points each)?", n)
        elif kind.effect == "camelvp" and k is None:
            need = ngettext("the {card} card returns k camels for {n} point each: say k",
                            "the {card} card returns k camels for {n} points each: say k", n)
            question = ngettext(
                "how many camels do you return with the {card} card ({n} point each)?",
                "how many camels do you return with the {card} card ({n} points each)?", n)
        elif kind.effect == "exchange" and (k is None or p.into is None):
            need = _("the {card} card turns camels into gold or gold into camels: {said}")
            said, example = None, "2"
            if k is not None:
                way, example = _("say {k} into gold or into camels"), _("into gold")
                question = _("the {card} card: {k} into gold or into camels?")
            elif p.into is None:
                way, example = _("say how many, and into gold or into camels"), _("2 into gold")
                question = _("the {card} card: how many, and into gold or into camels?")
            elif p.into == ev.INTO_GOLD:
                way = _("say how many camels into gold")
                question = _("the {card} card: how many camels into gold?")
            else:
                way = _("say how many gold into camels")
                question = _("the {card} card: how many gold into camels?")
        elif kind.effect == "souk" and p.shop is None:
            said, example = None, f"{terms.souk('chest8')} N2"
            need = _("the {card} card puts a cube in a shop of any quarter: say which (its souk "
                     "and the cell it faces, or inner)")
            question = _("which shop does the {card} card's cube go to? (e.g. {example})")
        elif self._serai_draws(p, serai):
            said, rule = self._serai_card, "Y6.5"
            example = f"{words.spoken_word('draws')} {terms.card('gold3')}"
            need = _("the caravanserai draws a card for the {card} card's cube (hands are open "
                     "at this table): name it")
            question = _("your caravanserai draws for the {card} card's cube: which card?")
        else:
            return None

        def completed(answer: str) -> list[str]:
            given = recording.answered(answer)
            card = f"{text} {given if said is None else said(given)}"
            with suppress(Asked):  # what the answer still leaves out is asked next
                self.play(card, flag, True)
            return [flag, card]

        return Asked(_("{need}, e.g. {option} \"{example}\" [{rule}]").format(
            need=need.format(card=card, n=n, said=way.format(k=k)), option=flag,
            example=f"{' '.join(text.split())} {example}", rule=rule), self.mover(),
            question.format(card=card, n=n, k=k, example=example), completed,
            replace=(flag, text))

    def _serai_card(self, answer: str) -> str:
        return f"draws {words.card(answer, self.board)}"

    def _serai_draws(self, p: ev.Play, serai: bool) -> bool:
        """The mover's caravanserai (``serai``) draws for the caravan card ``p``'s cube a card
        the words do not name (Y6.5)."""
        return (self.board.cards[p.kind].effect == "caravan" and p.card is None and serai
                and self.board.caravanserai_on_card
                and self.state.deck + len(self.state.discard) > 0)

    def _which_shop(self, text: str, flag: str, kind: str, e: WhichShop) -> Asked:
        """The souk card's souk named and several of its shops free: the cell asked."""
        cells = either(e.free)
        card, souk = terms.card(kind), terms.souk(e.souk)

        def completed(answer: str) -> list[str]:
            said = answer.split()
            card = " ".join([kind, *said] if said and _is_souk(said[0], self.board)
                            else [text, *said])
            self.play(card, flag, True)
            return [flag, card]

        return Asked(_("which shop of {souk} does the {card} card's cube go to? Say the cell "
                       "it faces: {cells}, e.g. {option} \"{example}\" [Y3.9]").format(
                           souk=souk, card=card, cells=cells, option=flag,
                           example=f"{card} {souk} {e.free[0]}"),
                     self.mover(),
                     _("which shop of {souk} for the {card} card's cube: {cells}?").format(
                         card=card, souk=souk, cells=cells),
                     completed, replace=(flag, text))

    def shops(self, items: list[str]) -> list[ev.Shop]:
        """``chest8 N2 chest8 chest6 W8`` as shops: each souk, then the cell its shop faces
        (or ``inner``); a souk alone takes a free shop when it is certain which."""
        b = self.board
        tokens = [w for item in items for w in re.split(r"[\s,@]+", item) if w]
        typed: list[tuple[str, str | None]] = []
        ends: list[int] = []  # where each souk's word ends among the tokens
        i = 0
        while i < len(tokens):
            souk_id = words.souk(tokens[i], b)
            i += 1
            ends.append(i)
            cell: str | None = None
            if i < len(tokens) and words.english_word(tokens[i]) == ev.INNER:
                cell = ev.INNER
                i += 1
            elif i < len(tokens) and not _is_souk(tokens[i], b):
                cell = words.cell(tokens[i], b)
                i += 1
            typed.append((souk_id, cell))
        # the cells named anywhere in the list are taken before a free shop is chosen
        placed = [ev.Shop(s, c) for s, c in typed if c is not None]
        out: list[ev.Shop] = []
        for k, (souk_id, cell) in enumerate(typed):
            if cell is None:
                unnamed = sum(s == souk_id and c is None for s, c in typed[k:])
                try:
                    cell = self._free_shop(souk_id, placed, unnamed)
                except WhichShop as e:
                    e.tokens, e.at = tokens, ends[k]  # where the cell answered goes
                    raise
                placed.append(ev.Shop(souk_id, cell))
            out.append(ev.Shop(souk_id, cell))
        return out

    def _free_shop(self, souk_id: str, placed: list[ev.Shop], unnamed: int) -> str:
        """A free shop of ``souk_id`` for a cube typed without a cell; ``unnamed``: this
        cube and the souk's later ones typed without a cell."""
        b, state = self.board, self.state
        si = b.souk_index(souk_id)
        assert si is not None
        souk, held = b.souks[si], state.souks[si]
        mine = [s for s in placed if s.souk == souk_id]
        if held.inner + sum(s.cell == ev.INNER for s in mine) < souk.inner:
            return ev.INNER
        shops = [cells for i, cells in enumerate(souk.street)
                 if not held.street[i] and not any(s.cell in cells for s in mine)]
        free = [cells[0] for cells in shops]
        if free and len(free) <= unnamed:  # the only free shop, or every one is filled
            return free[0]
        if not free:
            return souk.street[0][0] if souk.street else ev.INNER  # the referee says it is full
        raise WhichShop(souk_id, tuple(free), {c for cells in shops for c in cells})

    def drawn(self, word: str | None, message: str, who: str, question: str,
              before: list[str], later: int = 0, laid: Laid | None = None) -> str | None:
        """The card drawn: as typed; ``hidden`` with secret hands; ``None`` when no card is
        left (``later``: cards drawn earlier in this move). Left out with open hands, it is
        asked of ``who`` (``message``, ``question``; ``before``: the words before it).
        ``laid``: the table a supervisor's move left, whose caravanserai draws."""
        if word is not None:
            if _is(word, _NONE):
                return None
            return ev.HIDDEN if _is(word, (ev.HIDDEN,)) else words.card(word, self.board)
        left = (self.state.deck + len(self.state.discard) if laid is None else
                laid.deck + laid.discard_size()) - later
        if left <= 0:
            return None
        if self.secret:
            return ev.HIDDEN
        if self.dry:
            return self.any_card(who, laid is not None)

        def named(answer: str) -> list[str]:
            return [*before, "none" if _is(answer, _NONE) else words.card(answer, self.board)]

        raise Asked(message, who, question, named)

    def any_card(self, who: str, serai: bool) -> str:
        """A check's card for a draw of ``who`` (open hands; ``serai``: their caravanserai's),
        which cannot be known: the kind the deck and discard hold most of; the move's notes
        say so."""
        left = Counter(dict(self.state.deck_kinds)) + Counter(self.state.discard)
        left.subtract(card for _who, card, _serai in self.picked)
        card = max(sorted(left), key=lambda k: left[k])
        self.picked.append((who, card, serai))
        return card

    def turn(self, row: str | None, action: ev.Action) -> ev.Turn:
        """The turn of ``action`` on ``row`` with what the table did around it (the words
        every action takes: :data:`AROUND`)."""
        w, b = self.said, self.board
        built = None
        if w.build is not None:
            built = ev.Build(words.building(w.build, b),
                             tuple(words.card(c, b) for c in w.with_cards or []))
        elif w.with_cards:
            raise words.WordError(_("--with pays for a building: give --build too"))
        serai = built is not None and built.building == "caravanserai"
        return ev.Turn(self.mover(), row, action,
                       None if w.discard is None else words.card(w.discard, b),
                       built, self.plays(w.play), self.plays(w.after, "--after"),
                       self.plays(w.last, "--last", serai))


class WhichShop(words.WordError):
    """Several shops of a souk are free and the words did not say which."""

    def __init__(self, souk: str, free: tuple[str, ...], cells: set[str]) -> None:
        shown = terms.souk(souk)
        super().__init__(_("which shop of {souk}? Say the cell it faces: {cells} (e.g. "
                           "{example})").format(souk=shown, cells=either(free),
                                                example=f"{shown} {free[0]}"))
        self.souk = souk
        self.free = free  # a cell each free shop faces
        self.cells = cells  # every cell a free shop faces
        self.tokens: list[str] = []  # the shops as typed, and where the cell goes
        self.at = 0

    def asked(self, who: str, lead: list[str], typed: list[str]) -> Asked:
        """The shop of a goods cube, asked of the mover (Y3.4): the cell answered goes
        after the souk's word."""
        cells = either(self.free)
        souk = terms.souk(self.souk)

        def chosen(answer: str) -> list[str]:
            cell = recording.answered(answer).split()[-1].upper()
            if cell not in self.cells:
                raise words.WordError(_("say the cell a free shop of {souk} faces: {cells}")
                                      .format(souk=souk, cells=cells))
            return [*lead, *self.tokens[: self.at], cell, *self.tokens[self.at:]]

        return Asked(str(self), who, _("which shop of {souk} does your cube go to: {cells}?")
                     .format(souk=souk, cells=cells), chosen, replace=tuple(typed))


def _k_answer(answer: str) -> str:
    k = number(answer)
    if k is None or k < 1:
        raise words.WordError(_("answer a number of at least 1 (e.g. 3), not {answer}")
                              .format(answer=repr(answer)))
    return str(k)


#: No card drawn: none is left anywhere (the language in use's words: words.py).
_NONE = ("none", "nothing")


def _is(answer: str, meant: tuple[str, ...]) -> bool:
    """Whether the word ``answer`` (in English or the language in use) is one of ``meant``."""
    return fold(answer) in meant or words.english_word(answer) in meant


def _owner(seat: int | None, names: tuple[str, ...]) -> str | None:
    return None if seat is None else names[seat]


def _is_souk(word: str, board: Board) -> bool:
    try:
        words.souk(word, board)
    except words.WordError:
        return False
    return fold(word) not in {fold(c) for c in board.cells}


def _record(ctx: typer.Context, said: Said, make: Callable[[Table, Said], ev.Event]
            ) -> recording.Move:
    dry = said.dry_run or recording.is_check(ctx)

    def typed(p: Position) -> ev.Event | Typed[ev.Event]:
        from asara_cli.cli.transaction import Typed

        t = Table(p.board, p.state, said, p.log.header.movers == "named", dry)
        event = make(t, said)
        if not t.picked:
            return event
        return Typed(event, tuple(
            (_("a check cannot know the card {player}'s caravanserai draws: it takes {card}, "
               "a card still to be drawn") if serai else
             _("a check cannot know the card {player} draws: it takes {card}, a card still "
               "to be drawn")).format(player=who, card=terms.card(card))
            for who, card, serai in t.picked))

    return recording.record_move(ctx, registered(KEY), said.log, said.dry_run, typed)


# --- the day's roll -----------------------------------------------------------------------------


def _dice(items: list[str] | None, what: str) -> tuple[int, ...]:
    """Die values as typed: ``1 1 3``, ``1,1,3`` or ``113`` (a run of digits, a die each)."""
    found: list[int] = []
    for item in items or []:
        for w in re.split(r"[\s,]+", item):
            if not w:
                continue
            dice = [number(c) for c in w]  # a run of digits: a die each
            if None in dice:
                raise words.WordError(_("{what}: a die shows a number, not {word}").format(
                    what=what, word=repr(w)))
            found += [d for d in dice if d is not None]
    return tuple(found)


ROLL = MoveKind[Table](
    "roll", """The start player rolls: white dice, and the yellow dice bought (Y2.3, Y2.4).

    The referee sorts the dice onto the tower. --play: cards the start player plays before
    buying yellow dice (Y6.11).

    Example: asara roll 1 1 3 3 5 5 6 6 6 --yellow "1 2"
    """,
    (Word("white", list[str], "The values of the 9 white dice, e.g. 1 1 3 3 5 5 6 6 6 (or "
          "113355666).", default=REQUIRED),
     Word("yellow", list[str] | None, "The values of the yellow dice the start player bought "
          "(1 gold each, up to 3): e.g. -y 1 -y 2, or -y \"1 2\" (Y2.3).", ("--yellow", "-y")),
     PLAY, PLAYER, recording.LOG, recording.DRY),
    lambda t, w: ev.Roll(t.mover(), _dice(w.white, pgettext("dice", "white")),
                         _dice(w.yellow, "--yellow"), t.plays(w.play)))


# --- a turn: one command per action ----------------------------------------------------------


CAMELS = MoveKind[Table](
    "camels", """Take the camel row: a camel per die (+1 with --discard, +1 with the pasture)
    (Y3.1).

    Example: asara camels --build pasture
    """,
    (), lambda t, w: t.turn(CAMELS_ROW, ev.Camels()), AROUND, lambda a, row, t: ["camels"])

GOLD = MoveKind[Table](
    "gold", """Take the gold row: a gold per die (+1 with --discard, +2 with the shop) (Y3.2).

    Example: asara gold --discard gold3
    """,
    (), lambda t, w: t.turn(GOLD_ROW, ev.Gold()), AROUND, lambda a, row, t: ["gold"])


def _goods(t: Table, w: Said) -> ev.Event:
    items = [word for item in w.shops for word in item.replace(",", " ").split()]
    quarter = None
    if items and not _is_souk(items[0], t.board):
        with suppress(words.WordError):
            quarter = words.quarter(items[0], t.board)
    lead = [] if quarter is None else items[:1]
    try:
        placed = t.shops(items[len(lead):])
    except WhichShop as e:
        raise e.asked(t.mover(), lead, w.shops) from None
    if quarter is None:
        if not placed:
            raise words.WordError(_("which quarter? e.g. asara goods {quarter} {souk} N2")
                                  .format(quarter=terms.quarter("chest"),
                                          souk=terms.souk("chest8")))
        souk = t.board.souk(placed[0].souk)
        assert souk is not None
        quarter = souk.quarter
    return t.turn(quarter, ev.Goods(tuple(placed)))


def shop_words(shops: Sequence[ev.Shop]) -> list[str]:
    return [w for s in shops for w in (s.souk, s.cell)]


GOODS = MoveKind[Table](
    "goods", """Take a quarter's row and put cubes in its shops, a cube per die (Y3.4).

    +1 with --discard, +1 with the hoist; place all you can (Y6.6).

    Example: asara goods chest chest8 N2 chest8 inner
    """,
    (Word("shops", list[str], "The quarter (optional: the souks say it), then each cube's "
          "shop: its souk and the street cell it faces, or inner; a souk alone takes its next "
          "free shop. E.g. chest chest8 N2 chest8 inner.", default=REQUIRED,
          complete=complete.shops),),
    _goods, AROUND, lambda a, row, t: ["goods", row, *shop_words(a.shops)])


def _supervisor(t: Table, w: Said) -> ev.Event:
    b = t.board
    taken = words.row(w.row, b)
    to = words.cell(w.cell, b)
    # the cubes, owners, camels and caravanserais as the cards played first leave them
    # (a souk card's cube may face the cell: it is sent too, Y3.5)
    laid = t.before_row(w.play)
    ids = [b.souks[si].id for si, shop in b.faces.get(to, ()) if laid.street[si][shop]]
    # a souk named in --order that faces no cube (one a card would have put there) is
    # sent as asked: the referee judges it
    wanted = list(dict.fromkeys(words.souk(o, b) for o in w.order or []))
    rest = [i for i in ids if i not in wanted]
    ids = [*wanted, *rest]
    owners = _owners(laid, ids)
    _order_given(t, to, rest, owners)
    kept = _cubes_named(t, to, w.camel, "--camel", ids, owners)
    sent = _cubes_named(t, to, w.no_camel, "--no-camel", ids, owners)
    both = kept & sent
    if both:
        raise words.WordError(_("the cube of {souk} is named by both --camel and "
                                "--no-camel: say one").format(souk=terms.souk(min(both))))
    _camels_chosen(t, to, ids, owners, kept | sent, kept, laid.camels)
    cards = list(w.draws or [])
    sends = []
    drawn = 0
    for souk_id in ids:
        owner = owners.get(souk_id)
        card = None
        if owner is not None and "caravanserai" in laid.built[owner]:
            who = t.names[owner]
            souk = terms.souk(souk_id)
            card = t.drawn(
                cards.pop(0) if cards else None,
                _("which card is drawn ({player}'s caravanserai, for the cube of {souk})? "
                  "Name it, e.g. {card} (hands are open at this table)").format(
                      player=who, souk=souk, card=terms.card("gold3")), who,
                _("your caravanserai draws for the cube of {souk}: which card?").format(
                    souk=souk), ["--draws"], drawn, laid)
            drawn += 1
        sends.append(ev.Send(souk_id, souk_id in kept, card))
    if cards:
        raise words.WordError(_("--draws {card}: no caravanserai draws for the cubes sent")
                              .format(card=cards[0]))
    return t.turn(taken, ev.Supervisor(to, tuple(sends)))


def _owners(laid: Laid, ids: Sequence[str]) -> dict[str, int | None]:
    """The seat owning each souk of ``ids`` (``None``: no one)."""
    return {i: None if laid.owner[si] < 0 else laid.owner[si] for i in ids
            if (si := laid.board.souk_index(i)) is not None}


def _supervisor_words(a: ev.Supervisor, row: str, t: Laid) -> list[str]:
    """The words of the supervisor sent to ``a.to`` on ``row``, ``t`` the table before."""
    said = ["supervisor", row, a.to]
    if len(a.sends) > 1:
        said += [w for s in a.sends for w in ("--order", s.souk)]
    # each owner who holds a camel when their cube is sent says whether they keep it (a
    # keep earlier in the same send counts): the command asks for that choice, never assumes
    ids = [s.souk for s in a.sends]
    kept = {s.souk for s in a.sends if s.camel}
    said += [w for souk, _seat, _n in _holding(ids, _owners(t, ids).get, t.camels, kept)
             for w in ("--camel" if souk in kept else "--no-camel", souk)]
    if t.setup.hands != SECRET:
        said += [w for s in a.sends if s.card is not None for w in ("--draws", s.card)]
    return said


SUPERVISOR = MoveKind[Table](
    "supervisor", """Take a row and move the supervisor by its die value; pay a gold per step of
    change.

    Every cube in a shop facing the end cell goes to the caravan, unless its owner keeps it
    for a camel (Y3.5, Y3.6). Those are other players' decisions, and the order of cubes of
    several players is the mover's: nothing is assumed. An owner holding a camel is named
    with --camel or --no-camel, and cubes of two players or more need --order; until then
    the move is refused as incomplete (exit code 2) and nothing is written.

    Example: asara supervisor bag N2 --no-camel Anna
    """,
    (Word("row", str, "The row of dice taken: its value is how far the supervisor goes "
          "(camels, bag, barrel, chest, vase, gold).", default=REQUIRED,
          complete=complete.rows),
     Word("cell", str, "The street cell the supervisor ends on, e.g. W5 (C is the centre; "
          "Y6.1).", default=REQUIRED, complete=complete.cells),
     Word("order", list[str] | None, "With cubes of two players or more facing the cell: their "
          "souks in the order the mover sends them, e.g. --order barrel3 --order bag3 (Y3.6); "
          "needed then.", ("--order",)),
     Word("camel", list[str] | None, "A cube its owner keeps in its shop by returning a camel: "
          "the owner or the souk (repeatable; Y3.6).", ("--camel",)),
     Word("no_camel", list[str] | None, "A cube its owner lets go to the caravan although "
          "holding a camel: the owner or the souk (repeatable). Each owner holding a camel "
          "says one or the other.", ("--no-camel",)),
     Word("draws", list[str] | None, "With open hands: the card a caravanserai draws for a "
          "cube sent, in the order sent (repeatable; Y6.5).", ("--draws",))),
    _supervisor, AROUND, _supervisor_words)


def _cubes_named(t: Table, to: str, named: list[str] | None, flag: str, ids: list[str],
                 owners: dict[str, int | None]) -> set[str]:
    """The souks of the cubes ``--camel``/``--no-camel`` name: by souk, or all of an
    owner's facing ``to``."""
    found: set[str] = set()
    for c in named or []:
        mine = _cubes(t, c, ids, owners)
        if not mine:
            raise words.WordError(_("{option} {word}: {player} has no cube facing {cell}")
                                  .format(option=flag, word=c, player=words.player(c, t.names),
                                          cell=to))
        found.update(mine)
    return found


def _cubes(t: Table, word: str, ids: list[str], owners: dict[str, int | None]) -> list[str]:
    """The cubes ``word`` names: by their souk, or every one of ``ids`` its owner has."""
    try:
        return [words.souk(word, t.board)]
    except words.WordError:
        who = words.player(word, t.names)
    return [i for i in ids if _owner(owners.get(i), t.names) == who]


def _order_given(t: Table, to: str, rest: list[str], owners: dict[str, int | None]) -> None:
    """Cubes of two players or more left unordered: the mover says the order (it decides
    who gets which camel of the caravan, Y3.6)."""
    if len({owners.get(i) for i in rest}) < 2:
        return
    described = [_("{player}'s in {souk}").format(player=_owner(owners.get(i), t.names),
                                                  souk=terms.souk(i)) for i in rest]
    souks = either([terms.souk(i) for i in rest])
    example = " ".join(f"--order {i}" for i in rest)
    mover = t.mover()

    def first(answer: str) -> list[str]:
        """The cube named by its souk, or by its owner when they have one of them."""
        try:
            mine = _cubes(t, answer, rest, owners)
        except words.WordError:
            mine = []
        if len(mine) != 1:
            raise words.WordError(_("say the souk of the cube sent first: {souks}")
                                  .format(souks=souks))
        if mine[0] not in rest:
            raise words.WordError(_("no cube in {souk} waits to be sent: say {souks}").format(
                souk=terms.souk(mine[0]), souks=souks))
        return ["--order", mine[0]]

    n = len(rest)
    raise Asked(ngettext(
        "{n} cube of different players faces {cell} ({cubes}): the order they go to the "
        "caravan is the mover's ({player}) choice; say it, first sent first, e.g. {example}",
        "{n} cubes of different players face {cell} ({cubes}): the order they go to the "
        "caravan is the mover's ({player}) choice; say it, first sent first, e.g. {example}",
        n).format(n=n, cell=to, cubes=", ".join(described), player=mover, example=example),
        mover, _("which goes to the caravan first: {cubes}?").format(cubes=either([
            _("{souk} ({player})").format(souk=terms.souk(i),
                                          player=_owner(owners.get(i), t.names))
            for i in rest])), first)


def _camels_chosen(t: Table, to: str, ids: list[str], owners: dict[str, int | None],
                   decided: set[str], kept: set[str], camels: Sequence[int]) -> None:
    """Every owner holding a camel when the cube is sent has said whether it is kept; an
    owner with no camel left has no choice (Y3.6)."""
    missing: list[str] = []
    asked: Asked | None = None
    for souk_id, owner, n in _holding(ids, owners.get, camels, kept):
        if souk_id in decided:
            continue
        who = t.names[owner]
        asked = asked or _camel_question(who, souk_id, n)
        missing.append(ngettext(
            "{player} holds {n} camel and may keep the cube in {souk} (facing {cell}) by "
            "returning one: {player}'s choice is --camel {player} (kept) or --no-camel "
            "{player} (sent to the caravan)",
            "{player} holds {n} camels and may keep the cube in {souk} (facing {cell}) by "
            "returning one: {player}'s choice is --camel {player} (kept) or --no-camel "
            "{player} (sent to the caravan)", n).format(
                player=who, n=n, souk=terms.souk(souk_id), cell=to))
    if asked is not None:
        raise Asked("; ".join(missing), asked.who, asked.question, asked.words)


def _holding(ids: Sequence[str], owner: Callable[[str], int | None], camels: Sequence[int],
             kept: Collection[str]) -> Iterator[tuple[str, int, int]]:
    """Each cube sent (by its souk) whose owner holds a camel then, with the owner's seat and
    camels: the owner's choice (Y3.6); a cube kept earlier in the send cost a camel."""
    left = dict(enumerate(camels))
    for souk_id in ids:
        seat = owner(souk_id)
        if seat is not None and left.get(seat, 0) > 0:
            yield souk_id, seat, left[seat]
            left[seat] -= souk_id in kept


def _camel_question(who: str, souk_id: str, camels: int) -> Asked:
    """The owner's choice for one cube, asked of the owner: yes keeps it for a camel."""

    def chosen(answer: str) -> list[str]:
        if words.yes_no(answer) is True:
            return ["--camel", souk_id]
        if words.yes_no(answer) is False:
            return ["--no-camel", souk_id]
        raise words.WordError(_("answer yes (the cube stays, a camel is returned) or no (the "
                                "cube goes to the caravan), not {answer}").format(
                                    answer=repr(answer)))

    return Asked("", who, ngettext(
        "keep your cube in {souk} for your {n} camel? (yes/no)",
        "keep your cube in {souk} for one of your {n} camels? (yes/no)", camels).format(
            souk=terms.souk(souk_id), n=camels), chosen)


def _draw(t: Table, w: Said) -> ev.Event:
    if w.row is None:
        _row_left_out(t)
    taken = None if w.row is None else words.row(w.row, t.board)
    example = terms.card("gold3")
    if taken:
        message = _("which card is drawn (the card action)? Name it, e.g. {card} (hands "
                    "are open at this table)").format(card=example)
        question = _("which card do you draw (the card action)? (e.g. {card})")
    else:
        message = _("which card is drawn (no row left)? Name it, e.g. {card} (hands are "
                    "open at this table)").format(card=example)
        question = _("which card do you draw (no row left)? (e.g. {card})")
    return t.turn(taken, ev.Draw(t.drawn(w.card, message, t.mover(),
                                         question.format(card=example), [])))


def _draw_words(a: ev.Draw, row: str | None, t: Laid) -> list[str]:
    card = ["none"] if a.card is None else [] if a.card == ev.HIDDEN else [a.card]
    return ["draw", *card, *([] if row is None else ["--row", row])]


DRAW = MoveKind[Table](
    "draw", """Take a row and draw a card (Y3.3), or draw one when no row is left (Y3.7).

    Example: asara draw gold3 --row barrel
    """,
    (Word("card", str | None, "The card drawn (open hands): e.g. gold3. Secret hands: leave it "
          "out. No card left anywhere: none."),
     Word("row", str | None, "The row of dice taken for the card action (any row; Y3.3). Leave "
          "out when no row is left (Y3.7).", ("--row", "-r"))),
    _draw, AROUND, _draw_words)


def _row_left_out(t: Table) -> None:
    """A card drawn with no row named while rows of dice are left: which row is asked
    first, as a card drawn without one could never be legal (Y2.5)."""
    state = t.state
    if state.phase != TURN:
        return  # not a turn's time: the referee says what is wrong
    left = [name for name, r in zip(t.board.rows, state.tower, strict=False)
            if r is not None and r.dice > 0]
    if not left:
        return  # no row left: the card is drawn without one (Y3.7)
    mover = t.mover()
    shown = [terms.row(r) for r in left]

    def taken(answer: str) -> list[str]:
        said = words.row(answer, t.board)
        if said not in left:
            raise words.WordError(_("say a row that holds dice: {rows}").format(
                rows=either(shown)))
        return ["--row", said]

    raise Asked(ngettext(
        "{player} must take a row of dice to draw a card: the {rows} row is left; say "
        "which with --row, e.g. --row {row} [Y2.5]",
        "{player} must take a row of dice to draw a card: the {rows} rows are left; say "
        "which with --row, e.g. --row {row} [Y2.5]", len(left)).format(
            player=mover, rows=", ".join(shown), row=shown[-1]),
        mover, _("which row for the card: {rows}?").format(rows=", ".join(shown)), taken)


# --- the table's own count -------------------------------------------------------------------


def _pairs(items: list[str], names: tuple[str, ...]) -> list[tuple[str, int]]:
    """``Tina=5`` once per option, or every player in one: ``"Tina=5, Paul=3"`` or
    ``"Tina=5 Paul=3"`` (a name with a space in it stays whole: a pair ends at its number)."""
    pairs: list[str] = []
    for item in items:
        for chunk in item.split(","):
            words_so_far: list[str] = []
            for w in chunk.split():
                words_so_far.append(w)
                if "=" in w or ":" in w:
                    pairs.append(" ".join(words_so_far))
                    words_so_far = []
            if words_so_far:  # a name without its number: name_numbers says so
                pairs.append(" ".join(words_so_far))
    return recording.name_numbers(pairs, names, words.player)


def _checkpoint(t: Table, w: Said) -> ev.Event:
    s = _pairs(w.score or [], t.names)
    g = _pairs(w.gold_counts or [], t.names)
    c = _pairs(w.camel_counts or [], t.names)
    if not (s or g or c):
        raise words.WordError(_("what does the table count? e.g. asara checkpoint "
                                "Tina=34"))
    return ev.Checkpoint(tuple(s), tuple(g), tuple(c))


CHECKPOINT = MoveKind[Table](
    "checkpoint", """Confirm what the score track shows (and gold, camels); refused if the log
    disagrees.

    Example: asara checkpoint Tina=0 Paul=0 Anna=2 --gold "Tina=6, Paul=0, Anna=2"
    """,
    (Word("score", list[str] | None, "What the score track shows: NAME=POINTS for each player "
          "given."),
     Word("gold_counts", list[str] | None, "Gold the players count: NAME=GOLD, or all in one: "
          "\"Tina=5, Paul=3\" (repeatable).", ("--gold",)),
     Word("camel_counts", list[str] | None, "Camels the players count: NAME=CAMELS, or all in "
          "one (as --gold; repeatable).", ("--camels",)),
     recording.LOG, recording.DRY),
    _checkpoint)


# --- the log itself ---------------------------------------------------------------------------


def _new(_ctx: typer.Context, w: Said) -> None:
    with recording.errors():
        if w.game is not None and find_game_option(w.game).key != KEY:
            raise words.WordError(_("--game {game}: this `{new}` starts a Yspahan game").format(
                game=w.game, new=commandwords.local("new")))
        rules, setup = _setup(w)

        def said() -> None:
            made = (_("new Yspahan game in {path}: {players} (hands secret)") if w.secret
                    else _("new Yspahan game in {path}: {players} (hands open)"))
            out().print(made.format(path=show_path(w.log), players=", ".join(setup.players)),
                        soft_wrap=True)
            out().print(_("Everyone has {gold} gold. {player} is the oldest: {player} rolls "
                          "first (`asara roll ...`).").format(
                gold=rules.start_gold, player=setup.players[setup.oldest]), soft_wrap=True)
            if w.name_movers:
                out().print(_("Every move names its mover: -p NAME."))

        recording.new_game(w, KEY, setup, check_setup(rules, setup), said)


new = declared("new", """Start a Yspahan game log: players in seat order, the oldest player,
    hands (Y1, Y7).

    Example: asara new game.toml --game yspahan -p Tina -p Paul -p Anna --oldest Paul
    """, (
    recording.NEW_LOG,
    Word("players", list[str], "A player, in clockwise seat order: 3 or 4 times.",
         ("--player", "-p"), REQUIRED),
    recording.GAME,
    Word("colours", list[str] | None, "The players' colours in seat order (blue, red, green, "
         "yellow), one each (optional).", ("--colour", "-c")),
    Word("oldest", str | None, "The oldest player: the first start player (default: the "
         "first player).", ("--oldest",)),
    Word("secret", bool, "Hands are kept secret: a card drawn is logged as hidden and named "
         "when played (Y7).", ("--secret",), False),
    recording.NAME_MOVERS,
    Word("board", Path | None, "A board profile TOML file with your table's numbers (see "
         "`asara board --game yspahan`); the log refers to it.", ("--board",)),
    recording.DATE, recording.PLACE, recording.USE), _new)


def _setup(w: Said) -> tuple[Board, Setup]:
    names, oldest, rules = recording.new_seats(w, "oldest", words.player, KEY)
    chosen = tuple(words.colour(c) for c in w.colours or [])
    return rules, Setup(names, oldest, chosen, SECRET if w.secret else OPEN)


def who_starts(given: Mapping[str, Any]) -> Asked | None:
    """At the table: who is the oldest, when ``new``'s words leave it out."""
    return recording.who_begins(given, "oldest", _setup, check_setup,
                                _("who is the oldest ({players})?"), words.player)


# --- registration -----------------------------------------------------------------------------

#: The moves, in table order: the roll, a command per action, the table's count.
KINDS: dict[str, MoveKind[Table]] = {k.name: k for k in (
    ROLL, CAMELS, GOLD, GOODS, SUPERVISOR, DRAW, CHECKPOINT)}
MOVES: tuple[tuple[str, Callable[..., object]], ...] = tuple(
    (name, command(kind, _record)) for name, kind in KINDS.items())

#: The names of the commands :func:`register` adds (``check`` aside, a group of the moves).
COMMANDS: tuple[str, ...] = ("new", *KINDS)


def register(app: typer.Typer, only: str | None = None) -> None:
    recording.register(app, [("new", new), *MOVES], MOVES, only,
                       "asara check goods chest chest8 N2")
