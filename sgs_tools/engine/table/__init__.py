"""The Sanguosha table's rules, by topic: each module holds functions that
`Game` binds as its methods (``Game.damage = health.damage``), so a newcomer finds a rule
by its topic while every caller keeps writing ``g.damage(...)``."""
