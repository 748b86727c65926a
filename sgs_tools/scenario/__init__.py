"""Scenario tests: YAML tables with scripted decisions and expected events and state."""
