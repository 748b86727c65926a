"""A character's state as conditions read it: whether their general card is face down
(turned over) or face up.

Registered here: the selector filters ``face_down`` and ``face_up`` (into
``prim_generals.FILTER_WORDS``, which ``Interpreter.filter_ok`` consults).
"""

from __future__ import annotations

from sgs_tools.engine.prim_generals import FILTER_WORDS

FILTER_WORDS["face_down"] = lambda g, p, me, f: p.turned_over
FILTER_WORDS["face_up"] = lambda g, p, me, f: not p.turned_over
