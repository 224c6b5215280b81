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
    """A function made for ``cls`` that copies every slot but the ``changes`` (generated once
    per class, so the copy is straight-line code: no loop over names, no getattr).

    A frozen dataclass refuses plain assignment, and storing through ``object.__setattr__``
    or a slot's setter is a call per field. So the copy is made as an instance of a twin
    class with the same slots and no frozen ``__setattr__``, filled by plain assignment, and
    then given its real class: Python allows that when the two lay out their slots the same
    way, which they do when both add the same slots to ``object``. Another class (one with
    a slotted base) is filled through each slot's setter instead."""
    names = [f.name for f in fields(cls)]
    scope: dict[str, Any] = {"cls_": cls, "absent_": _ABSENT}
    params = ", ".join(f"{name}=absent_" for name in names)
    lines = [f"def copy(obj_, {params}):"]
    if cls.__bases__ == (object,) and tuple(getattr(cls, "__slots__", ())) == tuple(names):
        scope["twin_"] = type(cls.__name__, (), {"__slots__": tuple(names)})
        lines.append("    new = twin_()")
        for name in names:
            lines.append(f"    new.{name} = obj_.{name} if {name} is absent_ else {name}")
        lines.append("    new.__class__ = cls_")
    else:
        lines.append("    new = object.__new__(cls_)")
        for i, name in enumerate(names):
            scope[f"set_{i}"] = slot_setter(cls, name)
            lines.append(f"    set_{i}(new, obj_.{name} if {name} is absent_ else {name})")
    lines.append("    return new")
    exec("\n".join(lines), scope)  # the source is built from field names only
    made: Callable[..., Any] = scope["copy"]
    return made


_ABSENT = object()


def slot_setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """The setter of the slot ``name`` of a slotted class (found along its bases)."""
    for klass in cls.__mro__:
        slot = klass.__dict__.get(name)
        if isinstance(slot, MemberDescriptorType):
            setter: Callable[[Any, Any], None] = slot.__set__
            return setter
    raise TypeError(f"{cls.__name__} has no slot {name!r}")


def evolve(obj: T, **changes: Any) -> T:
    """``obj`` with ``changes``, as ``dataclasses.replace`` would give it (a name that is no
    field raises ``TypeError``)."""
    cls = type(obj)
    copy = _COPIERS.get(cls)
    if copy is None:
        copy = _COPIERS[cls] = _copier(cls)
    result: T = copy(obj, **changes)
    return result
