"""The rules reference `asara rules` prints: every rule id a message cites (``[R2.2]``,
``Y-R4``) with its text, from the Markdown files in ``data/rules/`` (docs/rules/'s bytes), one
per game; a heading that starts with a rule id opens its entry. No game's package is needed."""

from __future__ import annotations

import re
import textwrap
from difflib import get_close_matches
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable

from msgspec import Struct

from asara_cli.core import i18n
from asara_cli.core.i18n import _

#: A heading's id: its letters (``R``, ``Y-R``), which the references own, and numbers.
_ID = re.compile(r"([A-Z]+(?:-[A-Z]+)?)\d+(?:\.\d+)*")
_HEADING = re.compile(r"^(#{2,4}) (\S+) (.+)$")


class Rule(Struct, frozen=True):
    """One entry, its text Markdown as written."""

    id: str
    title: str
    game: str
    level: int
    text: str


def parse(game: str, markdown: str) -> tuple[Rule, ...]:
    """The entries of a reference: every heading ends the entry above it."""
    pieces = re.split(r"^(#.*)\n?", markdown, flags=re.MULTILINE)
    rules = []
    for head, body in zip(pieces[1::2], pieces[2::2], strict=True):
        heading = _HEADING.match(head)
        if heading is not None and _ID.fullmatch(heading.group(2)):
            rules.append(Rule(heading.group(2), heading.group(3).strip(), game,
                              len(heading.group(1)), body.strip()))
    return tuple(rules)


def _folder() -> Traversable:
    return resources.files("asara_cli") / "data" / "rules"


def games() -> list[str]:
    return sorted(e.name.removesuffix(".md") for e in _folder().iterdir()
                  if e.name.endswith(".md"))


def shown_in_english(game: str) -> str | None:
    """A line saying that ``game``'s reference is shown in English, where the language has none."""
    language = i18n.language()
    if language == i18n.SOURCE or (_folder() / language / f"{game}.md").is_file():
        return None
    from asara_cli.language import name

    return _("No rules reference for {game} in {language} yet: shown in English.").format(
        game=game.upper(), language=name(language))


def reference() -> dict[str, Rule]:
    return _reference(i18n.language())


@cache
def _reference(language: str) -> dict[str, Rule]:
    """Each game's reference in ``language`` where it has one (``data/rules/de/``), else English."""
    found: dict[str, Rule] = {}
    for game in games():
        translated = _folder() / language / f"{game}.md"
        chosen = (translated if language != i18n.SOURCE and translated.is_file()
                  else _folder() / f"{game}.md")
        for rule in parse(game, chosen.read_text("utf-8")):
            found.setdefault(rule.id, rule)
    return found


def lookup(wanted: str) -> Rule | None:
    """The entry ``wanted`` names, case and surrounding brackets aside."""
    return reference().get(_key(wanted))


def near(wanted: str) -> list[str]:
    """Ids close to ``wanted``, for a did-you-mean."""
    return get_close_matches(_key(wanted), list(reference()), n=3, cutoff=0.6)


def _key(wanted: str) -> str:
    return wanted.strip().strip("[]()").upper()


def children(rule: Rule) -> list[Rule]:
    """The entries directly below ``rule`` (R2.1 .. R2.3 for R2)."""
    prefix = rule.id + "."
    return [r for r in reference().values()
            if r.id.startswith(prefix) and "." not in r.id[len(prefix):]]


def shown(rule: Rule, width: int = 80) -> str:
    """The entry for a terminal: paragraphs wrapped, tables kept, emphasis marks taken off."""
    out = [f"{rule.id} {rule.title} ({rule.game.upper()})"]
    for para in re.split(r"\n\s*\n", rule.text):
        lines = para.splitlines()
        if not lines:
            continue
        if lines[0].startswith("|"):
            out.append("\n".join(lines))
            continue
        text = " ".join(line.strip() for line in lines)
        if text.startswith("*") and text.endswith("*"):
            text = text.strip("*")
        out.append(textwrap.fill(text, width=width, break_on_hyphens=False))
    below = children(rule)
    if below:
        out.append(textwrap.fill(_("Below it: {rules}").format(
            rules="; ".join(f"{r.id} {r.title}" for r in below)), width=width))
    return "\n\n".join(out)


def listing() -> str:
    """Every id with its title, game by game, a section indented below its rule."""
    out: list[str] = []
    game = None
    for rule in reference().values():
        if rule.game != game:
            if out:
                out.append("")
            game = rule.game
            out.append(_("{game} (asara rules ID prints one)").format(game=game.upper()))
        depth = rule.id.count(".")
        out.append(f"  {'  ' * depth}{rule.id:<{10 - 2 * depth}} {rule.title}")
    return "\n".join(out)


def _cited() -> re.Pattern[str]:
    """A rule id as messages cite it, with the references' letters (longest first)."""
    letters = {m.group(1) for key in reference() if (m := _ID.fullmatch(key))}
    ordered = sorted(letters, key=lambda x: (-len(x), x))
    return re.compile(r"\b(?:" + "|".join(re.escape(x) for x in ordered) + r")\d+(?:\.\d+)*\b")


#: A rule id as messages cite it (from the references' own ids: no game's letters here).
RULE_ID = _cited()
