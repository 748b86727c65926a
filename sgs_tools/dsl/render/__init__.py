"""Rules text from checked effects, in English, Chinese and Korean.

``core.Renderer`` walks an effect once; each language's phrasing and morphology is its own
module (``en``, ``zh``, ``ko``) behind the ``language.Language`` interface. The names
callers use are importable from here.
"""

from sgs_tools.dsl.render.common import capitalise
from sgs_tools.dsl.render.core import LANGUAGES, Names, Renderer, language, render
from sgs_tools.dsl.render.en import en_plural

__all__ = ["LANGUAGES", "Names", "Renderer", "capitalise", "en_plural", "language", "render"]
