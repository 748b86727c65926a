"""Exporters: the compiled hook IR written out as code for other engines."""
