"""The reference engine: plays Sanguosha games from the compiled hook IR."""

PLAYED_MODES = ("identity", "korean")
"""The modes the engine plays; Guozhan and samurai words have no primitives yet."""
