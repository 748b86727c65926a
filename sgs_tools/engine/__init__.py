"""The reference engine: plays Sanguosha games from the compiled hook IR."""

PLAYED_MODES = ("identity", "korean")
"""The modes the engine plays; Guozhan and samurai words have no primitives yet."""

LOG_EVENTS = frozenset({
    "arrange_top", "borrow_weapon", "cancel", "card_effect", "chain", "damage",
    "damage_prevented", "death", "decide", "declare", "delayed", "denied", "deny",
    "draw", "dying", "error", "fail_use", "force_effect", "forgo_draw", "gain_skill",
    "guess", "immune", "judge", "judge_result", "look_hand", "look_top", "lose_hp",
    "max_hp", "move", "name_color", "pass_on", "phase", "play", "prevent", "question",
    "recover", "redirect", "reshuffle", "retrial", "reveal", "reward", "seats", "setup",
    "skill", "skip", "skip_turn", "stalled", "target", "turn", "turn_over", "undo",
    "use", "virtual_play", "will_skip", "win"
})
"""Every kind of entry in a game's event log (the ``e`` of each entry)."""
