"""A compiled effect → the generated text of each option of its choices (``chooses one``),
for the translation of FreeKill's choice labels.

The options are rendered by the rules-text renderer itself, in the same pass that renders
the whole effect, so an option reads exactly as it does inside the skill's text.
"""

from __future__ import annotations

from typing import Any

from sgs_tools.dsl import ast as A
from sgs_tools.dsl.render.core import Names, Renderer


class _Options(Renderer):
    """A renderer that keeps the text of every choice's options as it renders them."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.found: dict[int, list[str]] = {}  # id(choice node) → its options' texts
        self.order: list[int] = []

    def stmt(self, st: Any, actor: str, may: bool = False) -> str:
        if isinstance(st, A.Choice) and id(st) not in self.found:
            args = self.an.of(st)
            who = self.value(args.get("chooser")) if st.chooser is not None \
                else self.var("you")
            self.found[id(st)] = [self._option(branch, who) for branch in st.branches]
            self.order.append(id(st))
        return super().stmt(st, actor, may)


def option_texts(compiled: Any, names: Names | None, lang: str) -> list[list[str]]:
    """The options of each choice of the effect in source order (a choice's options in
    their order), as rendered in ``lang``."""
    r = _Options(compiled.analysis, compiled.registry, lang, names)
    for clause in compiled.effect.clauses:
        r.start_clause(clause)
        r.clause(clause)
    return [r.found[key] for key in r.order]
