"""The referee: pure, stdlib-only rules of YSPAHAN (YSPAHAN.md Y1-Y9; no I/O, no TOML).

Import the pieces from their modules::

    board    board_from_mapping(mapping) -> Board        (BoardError names the bad key)
    events   Roll, Turn, Checkpoint (= Event); inside a turn: Play, Shop, Send, Build and the
             actions Camels, Gold, Goods, Supervisor, Draw; HIDDEN, INNER
    state    Setup(players, oldest=0, colours=(), hands="open"|"secret"); new_table(board,
             setup) -> Table (mutable); snapshot(table) -> GameState (frozen);
             thaw(board, state) -> Table; LedgerEntry and its SOURCES
    engine   check(board, table_or_state, event) -> tuple[Violation, ...]   (changes nothing)
             apply(board, table, event) -> None                             (in place)
             advance(board, state, event) -> GameState                      (frozen in, out)
             replay(board, setup, events, states=False) -> Replay
             check_setup(board, setup) -> tuple[Violation, ...]
    scoring  tower_rows, caravan_evaluation, souk_points, building_points, last_day_order,
             winners, tie_break_key (pure arithmetic the engine puts in the ledger)
    sampler  random_event(board, table, rng), play_game(board, setup, rng), secret(events)

A log is, per day: a ``Roll`` by the start player (yellow dice bought = the yellow values
given), then one ``Turn`` per player in the order the referee derives (clockwise from the
start player; 4 players' last day by score, Y5.2). After the last turn of day 7 the week end
is scored on its own (Y4.5). A ``Checkpoint`` (the table's totals) may come anywhere.

A ``Turn`` holds, in table order: cards played before taking a row (``before``), the row
taken (``None`` when none is left, Y3.7), the card discarded for +1 die, the action, cards
played after it (``after``), the building (with its cost cards), cards played after the build
(``last``). Goods name each cube's shop as ``Shop(souk id, cell faced or "inner")``; the
supervisor names its end cell and each cube sent in the mover's order, with the owner's camel
choice and any caravanserai draw. Every card drawn is written where it is drawn: its kind
when hands are open, ``"hidden"`` when secret, ``None`` when no card is left anywhere.

Findings are ``asara_cli.core.findings.Violation`` values: event number (0 = the header),
player, rule id (``Y3.4.2`` ...) and the facts. Card data the profile does not mark
``confirmed`` gives warnings, not errors (Y1). Scores are the sum of the ledger: every point
has an entry (building, souk with market bonus, caravan place, caravan evaluation when full
or at a week end, goldvp/camelvp), each with its week, day, event and arithmetic.

Speed: ``replay`` keeps one mutable ``Table`` and updates it in place; frozen snapshots are
made only at the end, or after every event with ``states=True``.
"""
