"""The reference engine: plays Sanguosha games from the compiled hook IR."""
