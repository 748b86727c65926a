"""What an action gives back agrees with what the vocabulary says it returns: the checker
lets `as NAME` bind only the result of a step that returns something, and the engine's
primitive for that word really returns it (cards as a list, characters as a tuple)."""

from __future__ import annotations

from sgs_tools.dsl.vocabulary import full_registry
from sgs_tools.engine.primitives import ACTIONS

KINDS = {"cards": list, "player": tuple}


def test_declared_returns_match_the_primitives() -> None:
    reg = full_registry()
    wrong = []
    for word, fn in sorted(ACTIONS.items()):
        verb = reg.actions.get(word)
        if verb is None:
            continue
        hint = str(fn.__annotations__.get("return", "None"))  # a string: lazy annotations
        gives = list if hint.startswith("list[int]") else tuple if hint.startswith(
            "tuple") else None  # cards are uids (list[int]); characters are seats (tuple)
        if verb.returns is None and gives in (list, tuple):
            wrong.append(f"{word}: the primitive returns {hint}, the vocabulary declares "
                         "nothing (so 'as NAME' on it is refused)")
        elif verb.returns is not None and KINDS.get(verb.returns) not in (gives, None):
            wrong.append(f"{word}: declares {verb.returns}, the primitive returns {hint}")
    assert wrong == []
