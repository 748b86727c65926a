"""The effect DSL: parse → AST → check → hook IR, plus rendering to text and back to DSL."""
