"""Simulation: many seeded games over the cores, statistics, and replaying one game."""
