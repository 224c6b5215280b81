"""``asara rules``: the project's rules reference, one rule or the list (asara_cli/reference.py)."""

from __future__ import annotations

from typing import Annotated

import typer

from asara_cli.cli.common import EXIT_INPUT, fail, out
from asara_cli.core.i18n import N_, _


def rules(
    rule: Annotated[str | None, typer.Argument(
        help="A rule id as messages cite it (R2.2, Y3.8, G7, Y-R4); none: list them all.",
        show_default=False, metavar=N_("[ID]"))] = None,
) -> None:
    """Print a rule of the rules reference, or the list of every rule id.

    The reference says each game's rules in the project's own words, with the rulebook's
    section beside each id, and the rulings where the rulebook is silent (the same text as
    docs/rules/ and docs/rulings.md).

    Example: asara rules Y3.4.3
    """
    from asara_cli.reference import games, listing, lookup, near, shown, shown_in_english

    writer = out()
    if rule is None:
        for said in filter(None, map(shown_in_english, games())):
            writer.print(said, soft_wrap=True)
        writer.print(listing(), soft_wrap=True)
        return
    found = lookup(rule)
    if found is None:
        from asara_cli.core.shown import one_line

        close = near(rule)
        if close:
            said = _("no rule {rule} (did you mean {ids}?)").format(
                rule=repr(rule), ids=_("{first} or {last}").format(
                    first=", ".join(close[:-1]), last=close[-1]) if len(close) > 1
                else close[0])
        else:
            said = _("no rule {rule} (asara rules lists every id)").format(rule=repr(rule))
        raise fail(one_line(said), EXIT_INPUT)
    english = shown_in_english(found.game)
    if english is not None:
        writer.print(english, soft_wrap=True)
    writer.print(shown(found, width=min(writer.width, 100)), soft_wrap=True)
