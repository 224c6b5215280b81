"""A quicker ``dataclasses.replace`` for the referee's frozen state values.

A replay makes several new states per event; ``dataclasses.replace`` re-runs the frozen
``__init__`` over all two dozen fields of a game state each time, and that was most of the
replay's time. ``evolve`` copies the slots directly. It is only for frozen, slotted
dataclasses whose ``__init__`` does nothing but store its fields (no ``__post_init__``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from types import MemberDescriptorType
from typing import Any, TypeVar

T = TypeVar("T")

_COPIERS: dict[type, Callable[..., Any]] = {}


def _copier(cls: type) -> Callable[..., Any]:
    """A function made for ``cls`` that copies every slot, then sets ``changes`` (generated
    once per class, so the copy is straight-line code: no loop over names, no getattr)."""
    names = [f.name for f in fields(cls)]
    # Each slot is stored through its own descriptor's setter, fetched once here: about a
    # third quicker than object.__setattr__, which looks the name up on every call.
    scope: dict[str, Any] = {"new_": object.__new__, "set_": object.__setattr__, "cls": cls}
    lines = ["def copy(obj, changes):", "    new = new_(cls)"]
    for i, name in enumerate(names):
        scope[f"set_{i}"] = slot_setter(cls, name)
        lines.append(f"    set_{i}(new, obj.{name})")
    lines += ["    for name, value in changes.items():",
              "        set_(new, name, value)  # a name that is no slot raises AttributeError",
              "    return new"]
    exec("\n".join(lines), scope)  # the source is built from field names only
    made: Callable[..., Any] = scope["copy"]
    return made


def slot_setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """The setter of the slot ``name`` of a slotted class (found along its bases)."""
    for klass in cls.__mro__:
        slot = klass.__dict__.get(name)
        if isinstance(slot, MemberDescriptorType):
            setter: Callable[[Any, Any], None] = slot.__set__
            return setter
    raise TypeError(f"{cls.__name__} has no slot {name!r}")


def evolve(obj: T, **changes: Any) -> T:
    """``obj`` with ``changes``, as ``dataclasses.replace`` would give it."""
    cls = type(obj)
    copy = _COPIERS.get(cls)
    if copy is None:
        copy = _COPIERS[cls] = _copier(cls)
    result: T = copy(obj, changes)
    return result
