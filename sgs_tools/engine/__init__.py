"""The reference engine: plays Sanguosha games from the compiled hook IR."""

PLAYED_MODES = ("identity", "korean", "guozhan")
"""The bundled modes the engine plays (``engine.modes.RULES``: identity, Korean as identity
with its own data, Guozhan); a mode ``based_on`` one of them plays by its rules too
(``engine.modes.played_modes``)."""

LOG_FIELDS: dict[str, frozenset[str]] = {
    "arrange_top": frozenset({"bottom", "seat", "top"}),
    "borrow_weapon": frozenset({"card", "owner", "seat"}),
    "cancel": frozenset({"card", "skill", "targets"}),
    "card_effect": frozenset({"card", "event", "seat"}),
    "chain": frozenset({"chained", "seat"}),
    "damage": frozenset({"card", "hp", "n", "nature", "seat", "source"}),
    "damage_prevented": frozenset({"seat"}),
    "death": frozenset({"killer", "role", "seat"}),
    "decide": frozenset({"kind", "picked", "prompt", "seat"}),
    "declare": frozenset({"named", "seat"}),
    "delayed": frozenset({"card", "seat"}),
    "denied": frozenset({"card", "seat"}),
    "deny": frozenset({"card", "seat", "skill"}),
    "draw": frozenset({"cards", "seat"}),
    "dying": frozenset({"hp", "seat"}),
    "error": frozenset({"kind", "message"}),
    "fail_use": frozenset({"card", "seat"}),
    "force_effect": frozenset({"seat", "skill"}),
    "forgo_draw": frozenset({"seat", "skill"}),
    "gain_skill": frozenset({"seat", "skill"}),
    "guess": frozenset({"named", "seat"}),
    "immune": frozenset({"card", "seat", "skill"}),
    "judge": frozenset({"card", "seat", "skill"}),
    "judge_result": frozenset({"card", "seat"}),
    "look_hand": frozenset({"of", "seat"}),
    "look_top": frozenset({"n", "seat"}),
    "lose_hp": frozenset({"hp", "n", "seat"}),
    "max_hp": frozenset({"hp", "max_hp", "seat"}),
    "move": frozenset({"cards", "reason", "seat", "to"}),
    "name_color": frozenset({"color", "seat"}),
    "pass_on": frozenset({"card", "to"}),
    "phase": frozenset({"phase", "seat"}),
    "play": frozenset({"card", "provided", "seat"}),
    "prevent": frozenset({"n", "seat", "skill"}),
    "question": frozenset({"card", "seats"}),
    "recover": frozenset({"hp", "n", "seat", "source"}),
    "redirect": frozenset({"card", "frm", "skill", "to"}),
    "reshuffle": frozenset({"cards"}),
    "retrial": frozenset({"new", "old", "seat", "skill"}),
    "reveal": frozenset({"cards", "seat"}),
    "refuse": frozenset({"by", "card", "seat"}),
    "reward": frozenset({"rule", "seat"}),
    "reveal_general": frozenset({"faction", "general", "seat", "slot", "why"}),
    "hide_general": frozenset({"general", "seat", "slot"}),
    "companions": frozenset({"reward", "seat"}),
    "lone_half": frozenset({"seat"}),
    "seats": frozenset({"seats"}),
    "setup": frozenset({"first_game", "mode", "players", "scenario", "seed"}),
    "skill": frozenset({"seat", "skill"}),
    "skip": frozenset({"phase", "seat"}),
    "skip_turn": frozenset({"seat"}),
    "stalled": frozenset({"turns"}),
    "target": frozenset({"card", "seat", "targets"}),
    "turn": frozenset({"seat", "turn"}),
    "turn_over": frozenset({"seat", "turned_over"}),
    "undo": frozenset({"card", "seat"}),
    "use": frozenset({"card", "seat", "targets", "via"}),
    "virtual_play": frozenset({"card", "seat", "skill"}),
    "will_skip": frozenset({"phase", "seat"}),
    "win": frozenset({"seats", "side"}),
}
"""Every kind of entry in a game's event log (the ``e`` of each entry) → the fields such an
entry carries besides ``e``. Kept in step with the engine's ``log_event`` calls by
tests/engine/test_log_fields.py; scenario event patterns are checked against it."""

LOG_EVENTS = frozenset(LOG_FIELDS)
"""Every kind of entry in a game's event log (the ``e`` of each entry)."""
