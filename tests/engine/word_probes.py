"""The probes of tests/engine/test_every_word_runs.py: for each vocabulary word, a small
effect of a probe general (``PROBE``, seat 0 of the table below unless the probe says
otherwise) and what the engine must then show. ``covers`` names the words a probe proves
(``action:draw``, ``event:take_damage:before``, ``phase:play:start``, ``selector:male``
…); the test checks each probe's effect really uses them.

The default identity table: seat 0 is the probe general (lord, 3 of 4 HP), then Huang Gai,
Xu Chu (rebels) and Diao Chan (renegade), whose skills do nothing in seat 0's play phase;
the deck's top is known; play starts in seat 0's play phase; optional steps are taken.
A Guozhan probe (``mode="guozhan"``) sits the probe general as seat 0's main general
beside a hidden Xu Chu, with Huang Gai (Wu), Cao Cao (Wei) revealed and Liu Bei & Guan Yu
(Shu) hidden. A probe of a card's own words (``card=``) is a card, not a general.
A probe's ``table`` may set ``patch: {SEAT: {…}}`` to change one seat of the default table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

IDENTITY = """
kind: scenario
name: a vocabulary probe
mode: identity
seats:
  - {general: PROBE, role: lord, hp: 3, hand: [slash ♠7, jink ♥2, peach ♥3]}
  - {general: huanggai, role: rebel, hand: [slash ♠8, jink ♦2]}
  - {general: xuchu, role: rebel, hand: [jink ♦3]}
  - {general: diaochan, role: renegade}
deck: [heart 9 slash, club 9 jink, diamond 9 peach, spade 9 slash, heart 10 jink,
       club 10 jink, diamond 10 slash, spade 10 jink]
start: {seat: 0, phase: play}
phases: [play]
defaults: {yes_no: yes}
"""

GUOZHAN = """
kind: scenario
name: a Guozhan vocabulary probe
mode: guozhan
seats:
  - {generals: [PROBE, gz_menghuo], revealed: [true, false], hp: 3,
     hand: [slash ♠7, jink ♥2, peach ♥3]}
  - {generals: [gz_huanggai, gz_zhoutai], revealed: [true, false], hand: [slash ♠8, jink ♦2]}
  - {generals: [gz_caocao, gz_zhangliao], revealed: [true, false], hand: [jink ♦3]}
  - {generals: [gz_liubei, gz_guanyu], revealed: [false, false]}
deck: [heart 9 slash, club 9 jink, diamond 9 peach, spade 9 slash, heart 10 jink,
       club 10 jink, diamond 10 slash, spade 10 jink]
start: {seat: 0, phase: play}
phases: [play]
defaults: {yes_no: yes}
"""


@dataclass
class Probe:
    """One probe: the words it proves, the probe general's effect, and the scenario keys
    (YAML) it sets over the default table: expect, script, deck, seats, start …"""

    covers: tuple[str, ...]
    effect: str
    table: str = ""
    patch: dict[int, dict[str, Any]] = field(default_factory=dict)
    mode: str = "identity"
    tags: str = "[]"
    hp: int = 4
    kingdom: str = "shu"
    gender: str = "male"
    card: str = ""
    extra: str = ""
    """More fields of the probe general (``marks: …``, ``piles: …``)."""
    """For a card's own words: the probe is a card with these fields (``type: …``) whose
    id the table names as ``PROBE``, not a general."""

    def base(self) -> str:
        return GUOZHAN if self.mode == "guozhan" else IDENTITY


def P(covers: str, effect: str, table: str = "", **kw: Any) -> Probe:
    return Probe(tuple(covers.split()), effect, table, **kw)


PROBES: list[Probe] = [
    # --- actions --------------------------------------------------------------------------
    P("action:draw phase:play:start quantity:lost_hp", """
at start of play:
  draw lost_hp
""", """
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9]}]
"""),
    P("action:discard card_word:card", """
at start of play:
  discard 1 jink card
""", """
expect:
  events: [{e: move, to: discard, reason: discard, cards: [jink ♥2]}]
  state: {seats: {0: {hand: [slash ♠7, peach ♥3]}}}
"""),
    P("action:judge", """
at start of play:
  judge
""", """
expect:
  events: [{e: judge, seat: 0, card: slash ♥9}]
"""),
    P("action:reveal_from_deck action:gain", """
at start of play:
  reveal_from_deck 2 as shown
  gain shown
""", """
expect:
  events: [{e: reveal, seat: 0, cards: [slash ♥9, jink ♣9]}]
  state: {seats: {0: {hand: 5}}}
"""),
    P("action:take selector:with_hand_cards", """
at start of play:
  take 1 hand card from 1 other with_hand_cards
""", """
patch: {1: {hand: []}}
expect:
  state: {seats: {0: {hand: 4}, 2: {hand: 0}}}
"""),
    P("action:give selector:other", """
at start of play:
  give 1 peach card to 1 other
""", """
script: [{seat: 0, pick: 2, when: choose}]
expect:
  state: {seats: {0: {hand: [slash ♠7, jink ♥2]}, 2: {hand: [jink ♦3, peach ♥3]}}}
"""),
    P("action:distribute selector:others card_word:cards", """
at start of play:
  distribute 2 cards among others
""", """
patch: {0: {hand: [slash ♠7, jink ♥2]}}
expect:
  state: {seats: {0: {hand: 0}}}
"""),
    P("action:damage enum:nature:fire", """
at start of play:
  damage 1 fire to 1 other
""", """
script: [{seat: 0, pick: 3, when: choose}]
expect:
  events: [{e: damage, seat: 3, source: 0, n: 1, nature: fire}]
"""),
    P("action:lose_hp", """
at start of play:
  lose_hp 1
""", """
expect:
  events: [{e: lose_hp, seat: 0, n: 1, hp: 2}]
"""),
    P("action:lose_max_hp", """
at start of play:
  lose_max_hp 1
""", """
expect:
  events: [{e: max_hp, seat: 0, max_hp: 3}]
"""),
    P("action:gain_max_hp", """
at start of play:
  gain_max_hp 1
""", """
expect:
  events: [{e: max_hp, seat: 0, max_hp: 5}]
"""),
    P("action:recover", """
at start of play:
  recover 1
""", """
expect:
  events: [{e: recover, seat: 0, n: 1, hp: 4}]
"""),
    P("action:retrial event:judge:when", """
at start of play:
  judge
when judge:
  retrial with 1 red hand card
""", """
expect:
  events: [{e: retrial, seat: 0, old: slash ♥9}]
"""),
    P("action:swap_judgement event:judge:before", """
at start of play:
  judge
before judge:
  swap_judgement with 1 jink card
""", """
expect:
  events: [{e: retrial, seat: 0, old: slash ♥9, new: jink ♥2}]
  state: {seats: {0: {hand: [slash ♠7, peach ♥3, slash ♥9]}}}
"""),
    P("action:replace_judgement", """
at start of play:
  judge
  if judgement is black:
    draw 2
when judge:
  reveal_from_deck 1 as top
  replace_judgement with top
""", """
expect:
  events: [{e: retrial, seat: 0, old: slash ♥9, new: jink ♣9},
           {e: move, to: discard, cards: [slash ♥9]},
           {e: draw, seat: 0, cards: [peach ♦9, slash ♠9]}]
"""),
    P("action:respond", """
at start of play:
  respond jink by 1 other as answer
  if answer.count == 0:
    draw 1
""", """
script: [{seat: 1, pick: jink, when: play jink}]
expect:
  events: [{e: play, seat: 1, card: jink ♦2}]
  no_events: [{e: draw, seat: 0}]
"""),
    P("action:respond_use", """
at start of play:
  respond_use jink by 1 other as answer
""", """
script: [{seat: 1, pick: jink, when: use jink}]
expect:
  events: [{e: use, seat: 1, card: jink ♦2}]
"""),
    P("action:pick", """
at start of play:
  pick 1 other as chosen
  lose_hp 1 for chosen
""", """
script: [{seat: 0, pick: 2, when: choose}]
expect:
  events: [{e: lose_hp, seat: 2, n: 1}]
"""),
    P("action:add_amount event:take_damage:when", """
at start of play:
  damage 1 to you
when take_damage:
  add_amount 1
""", """
expect:
  events: [{e: damage, seat: 0, source: 0, n: 2, hp: 1}]
"""),
    P("action:prevent event:take_damage:before", """
at start of play:
  damage 1 to you
before take_damage:
  prevent 1
""", """
expect:
  events: [{e: prevent, seat: 0, n: 1}, {e: damage_prevented, seat: 0}]
  no_events: [{e: damage}]
"""),
    P("event:take_damage:after quantity:hp", """
at start of play:
  damage 1 to you
after take_damage:
  draw hp
""", """
expect:
  events: [{e: damage, seat: 0, hp: 2}, {e: draw, seat: 0, cards: [slash ♥9, jink ♣9]}]
"""),
    P("event:deal_damage:before", """
at start of play:
  damage 1 to 1 other
before deal_damage:
  draw 1
""", """
expect:
  events: [{e: draw, seat: 0}, {e: damage, seat: 1, source: 0}]
"""),
    P("event:deal_damage:when", """
at start of play:
  damage 1 to 1 other
when deal_damage:
  add_amount 1
""", """
expect:
  events: [{e: damage, seat: 1, source: 0, n: 2}]
"""),
    P("event:deal_damage:after", """
at start of play:
  damage 1 to 1 other
after deal_damage:
  draw amount
""", """
expect:
  events: [{e: damage, seat: 1, source: 0}, {e: draw, seat: 0, cards: [slash ♥9]}]
"""),
    P("action:ask_play event:asked:when", """
when asked jink:
  may ask_play jink from others
""", """
start: {seat: 1, phase: play}
patch: {0: {hand: []}}
script:
  - {seat: 1, pick: slash}
  - {seat: 1, pick: 0, when: choose}
  - {seat: 2, pick: jink, when: play jink}
expect:
  events:
    - {e: play, seat: 2, card: jink ♦3}
    - {e: use, seat: 0, card: jink ♦3, provided: true}
  no_events: [{e: damage}]
"""),
    P("event:asked:before", """
before asked jink:
  draw 1
""", """
start: {seat: 1, phase: play}
script:
  - {seat: 1, pick: slash}
  - {seat: 1, pick: 0, when: choose}
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9]}, {e: damage, seat: 0, source: 1}]
"""),
    P("action:ask_use", """
at start of play:
  ask_use peach by 1 other on you
""", """
patch: {1: {hand: [peach ♥4]}}
script: [{seat: 1, pick: peach, when: use peach}]
expect:
  events: [{e: use, seat: 1, card: peach ♥4, targets: [0]}, {e: recover, seat: 0, hp: 4}]
"""),
    P("action:use", """
at start of play:
  use duel on 1 other
""", """
script: [{seat: 0, pick: 3, when: choose}]
expect:
  events: [{e: use, seat: 0, card: duel, targets: [3]}, {e: damage, seat: 3, source: 0}]
"""),
    P("action:use_card", """
at start of play:
  use_card 1 slash card on 1 other in_range
""", """
script: [{seat: 0, pick: 1, when: choose}]
expect:
  events: [{e: use, seat: 0, card: slash ♠7, targets: [1]}, {e: damage, seat: 1, source: 0}]
"""),
    P("action:offer_use selector:wounded", """
at start of play:
  offer_use 1 peach card on 1 wounded other
""", """
patch: {2: {hp: 3}}
expect:
  events: [{e: use, seat: 0, card: peach ♥3, targets: [2]}, {e: recover, seat: 2, hp: 4}]
"""),
    P("action:use_uncounted", """
at start of play:
  use_uncounted slash on 1 other in_range
""", """
script:
  - {seat: 0, pick: 1, when: choose}
  - {seat: 0, pick: slash ♠7}
  - {seat: 0, pick: 1, when: choose}
expect:
  events:
    - {e: damage, seat: 1, source: 0, card: slash}
    - {e: use, seat: 0, card: slash ♠7}
    - {e: damage, seat: 1, source: 0, card: slash ♠7}
"""),
    P("action:skip enum:phase:play phase:draw:start", """
at start of draw:
  skip play
""", """
start: {seat: 0, phase: draw}
phases: [draw, play]
expect:
  events: [{e: skip, seat: 0, phase: play}]
  no_events: [{e: phase, seat: 0, phase: play}]
"""),
    P("action:extra_turn", """
at start of play:
  extra_turn
""", """
turns: 2
expect:
  events: [{e: turn, seat: 0, turn: 1}, {e: turn, seat: 0, turn: 2}]
"""),
    P("enum:period:turn action:gain_skill", """
at start of play, once per game:
  gain_skill jianxiong until turn
""", """
expect:
  events: [{e: gain_skill, seat: 0, skill: jianxiong},
           {e: lose_skills, seat: 0, skills: [jianxiong]}]
  state: {seats: {0: {skills: [PROBE]}}}
"""),
    P("action:gain_skill", """
at start of play, once per game:
  gain_skill jianxiong
""", """
expect:
  events: [{e: gain_skill, seat: 0, skill: jianxiong}]
  state: {seats: {0: {skills: [PROBE, jianxiong]}}}
"""),
    P("action:turn_over event:turned_over:after", """
at start of play:
  turn_over
after turned_over:
  draw 1
""", """
expect:
  events: [{e: turn_over, seat: 0, turned_over: true}, {e: draw, seat: 0, cards: [slash ♥9]}]
"""),
    P("action:reveal", """
at start of play:
  reveal 1 peach card
""", """
expect:
  events: [{e: reveal, seat: 0, cards: [peach ♥3]}]
"""),
    P("action:look_top action:arrange_top", """
at start of play:
  look_top 2 as seen
  arrange_top seen
""", """
script:
  - {seat: 0, pick: [slash ♥9], when: bottom}
expect:
  events: [{e: look_top, seat: 0, n: 2}, {e: arrange_top, seat: 0, top: 1, bottom: 1}]
  state: {deck: [jink ♣9]}
"""),
    P("action:put_on_deck", """
at start of play:
  put_on_deck 1 peach card
""", """
expect:
  state: {deck: [peach ♥3, slash ♥9], seats: {0: {hand: 2}}}
"""),
    P("action:shuffle_into_deck", """
at start of play:
  shuffle_into_deck 1 peach card
""", """
expect:
  events: [{e: move, to: draw, reason: shuffle, cards: [peach ♥3]}]
  state: {seats: {0: {hand: 2}}}
"""),
    P("action:move selector:with_equipment", """
at start of play:
  move 1 card from 1 other with_equipment to you
""", """
patch: {2: {equipment: [dilu]}}
expect:
  state: {seats: {0: {equipment: [dilu]}, 2: {equipment: []}}}
"""),
    P("action:place", """
at start of play:
  place 1 indulgence card on 1 other
""", """
patch: {0: {hand: [indulgence ♠6]}}
script: [{seat: 0, pick: 2, when: choose}]
expect:
  state: {seats: {2: {judgement: [indulgence ♠6]}}}
"""),
    P("event:use:before", """
before use slash:
  draw 1
""", """
script:
  - {seat: 0, pick: slash}
  - {seat: 0, pick: 1, when: choose}
expect:
  events: [{e: use, seat: 0, card: slash ♠7}, {e: draw, seat: 0, cards: [slash ♥9]}]
"""),
    P("event:use:when action:change_nature", """
when use slash:
  change_nature thunder
""", """
script:
  - {seat: 0, pick: slash}
  - {seat: 0, pick: 1, when: choose}
expect:
  events: [{e: damage, seat: 1, source: 0, nature: thunder}]
"""),
    P("event:use:after", """
after use slash:
  draw 2
""", """
script:
  - {seat: 0, pick: slash}
  - {seat: 0, pick: 1, when: choose}
expect:
  events: [{e: damage, seat: 1}, {e: draw, seat: 0, cards: [slash ♥9, jink ♣9]}]
"""),
    P("action:fail_use", """
when use slash:
  fail_use
""", """
script:
  - {seat: 0, pick: slash}
expect:
  events: [{e: fail_use, seat: 0, card: slash}]
  no_events: [{e: damage}]
"""),
    P("event:targeting:before", """
before targeting with slash:
  draw 1
""", """
script:
  - {seat: 0, pick: slash}
  - {seat: 0, pick: 1, when: choose}
expect:
  events: [{e: target, seat: 0, targets: [1]}, {e: draw, seat: 0, cards: [slash ♥9]}]
"""),
    P("event:targeting:when action:deny", """
when targeting with slash:
  deny jink to target
""", """
script:
  - {seat: 0, pick: slash}
  - {seat: 0, pick: 1, when: choose}
expect:
  events: [{e: deny, seat: 1, card: jink}, {e: damage, seat: 1, source: 0}]
  no_events: [{e: use, seat: 1}]
"""),
    P("event:targeting:after action:require_responses", """
after targeting with slash:
  require_responses 2 jink from target
""", """
script:
  - {seat: 0, pick: slash}
  - {seat: 0, pick: 1, when: choose}
  - {seat: 1, pick: jink, when: use jink}
expect:
  events: [{e: use, seat: 1, card: jink ♦2}, {e: damage, seat: 1, source: 0}]
"""),
    P("event:dodged:after action:force_effect", """
after dodged:
  force_effect
""", """
script:
  - {seat: 0, pick: slash}
  - {seat: 0, pick: 1, when: choose}
  - {seat: 1, pick: jink, when: use jink}
expect:
  events: [{e: use, seat: 1, card: jink ♦2}, {e: force_effect, seat: 0},
           {e: damage, seat: 1, source: 0}]
"""),
    P("event:targeted:before", """
before targeted by slash:
  draw 1
""", """
start: {seat: 1, phase: play}
script:
  - {seat: 1, pick: slash}
  - {seat: 1, pick: 0, when: choose}
expect:
  events: [{e: target, seat: 1, targets: [0]}, {e: draw, seat: 0, cards: [slash ♥9]}]
"""),
    P("event:targeted:when action:redirect", """
when targeted by slash:
  redirect to 1 other except source
""", """
start: {seat: 1, phase: play}
script:
  - {seat: 1, pick: slash}
  - {seat: 1, pick: 0, when: choose}
  - {seat: 0, pick: 3, when: PROBE}
expect:
  events: [{e: redirect, frm: 0, to: 3}, {e: damage, seat: 3, source: 1}]
  no_events: [{e: damage, seat: 0}]
"""),
    P("event:targeted:after action:cancel_target", """
after targeted by slash:
  cancel_target
""", """
start: {seat: 1, phase: play}
script:
  - {seat: 1, pick: slash}
  - {seat: 1, pick: 0, when: choose}
expect:
  events: [{e: cancel_target, card: slash, targets: [0]}]
  no_events: [{e: damage}]
"""),
    P("action:become_damage_source", """
when targeted by slash of others:
  become_damage_source
""", """
start: {seat: 1, phase: play}
script:
  - {seat: 1, pick: slash}
  - {seat: 1, pick: 2, when: choose}
expect:
  events: [{e: source_taken, seat: 0, card: slash}, {e: damage, seat: 2, source: 0}]
"""),
    P("event:take_effect:before", """
before take_effect slash on you:
  draw 1
""", """
start: {seat: 1, phase: play}
script:
  - {seat: 1, pick: slash}
  - {seat: 1, pick: 0, when: choose}
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9]}, {e: damage, seat: 0, source: 1}]
"""),
    P("event:take_effect:when action:cancel", """
when take_effect slash on you:
  cancel
""", """
start: {seat: 1, phase: play}
script:
  - {seat: 1, pick: slash}
  - {seat: 1, pick: 0, when: choose}
expect:
  events: [{e: cancel, card: slash, targets: [0]}]
  no_events: [{e: damage}]
"""),
    P("event:cancelled:after", """
when take_effect slash on you:
  cancel
after cancelled slash on you:
  draw 2
""", """
start: {seat: 1, phase: play}
script:
  - {seat: 1, pick: slash}
  - {seat: 1, pick: 0, when: choose}
expect:
  events: [{e: cancel, card: slash}, {e: draw, seat: 0, cards: [slash ♥9, jink ♣9]}]
"""),
    P("event:play:before event:play:after", """
before play slash:
  draw 1
after play slash:
  draw 1
""", """
patch: {1: {hand: [duel ♠A]}}
start: {seat: 1, phase: play}
script:
  - {seat: 1, pick: duel}
  - {seat: 1, pick: 0, when: choose}
  - {seat: 0, pick: slash, when: play slash}
expect:
  events: [{e: play, seat: 0, card: slash ♠7}, {e: draw, seat: 0, cards: [slash ♥9]},
           {e: draw, seat: 0, cards: [jink ♣9]}]
"""),
    P("event:play:when", """
when play jink:
  draw 1
""", """
patch: {1: {hand: [archery_attack ♥A]}}
start: {seat: 1, phase: play}
script:
  - {seat: 1, pick: archery_attack}
  - {seat: 0, pick: jink, when: play jink}
expect:
  events: [{e: play, seat: 0, card: jink ♥2}, {e: draw, seat: 0, cards: [slash ♥9]}]
"""),
    P("event:lose_hp:before", """
at start of play:
  lose_hp 1
before lose_hp:
  draw 1
""", """
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9]}, {e: lose_hp, seat: 0, n: 1}]
"""),
    P("event:lose_hp:when", """
at start of play:
  lose_hp 1
when lose_hp:
  add_amount 1
""", """
expect:
  events: [{e: lose_hp, seat: 0, n: 2, hp: 1}]
"""),
    P("event:lose_hp:after", """
at start of play:
  lose_hp 1
after lose_hp:
  draw amount
""", """
expect:
  events: [{e: lose_hp, seat: 0, n: 1}, {e: draw, seat: 0, cards: [slash ♥9]}]
"""),
    P("event:recover:before", """
at start of play:
  recover 1
before recover:
  draw 1
""", """
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9]}, {e: recover, seat: 0, hp: 4}]
"""),
    P("event:recover:when", """
at start of play:
  recover 1
when recover:
  add_amount 1
""", """
patch: {0: {hp: 2}}
expect:
  events: [{e: recover, seat: 0, n: 2, hp: 4}]
"""),
    P("event:recover:after", """
at start of play:
  recover 1
after recover:
  draw 2
""", """
expect:
  events: [{e: recover, seat: 0, hp: 4}, {e: draw, seat: 0, cards: [slash ♥9, jink ♣9]}]
"""),
    P("event:dying:when", """
when dying of others:
  recover 1 for victim
""", """
patch: {1: {hp: 1}}
script:
  - {seat: 0, pick: slash}
  - {seat: 0, pick: 1, when: choose}
expect:
  events: [{e: dying, seat: 1}, {e: recover, seat: 1, hp: 1}]
  no_events: [{e: death}]
"""),
    P("event:death:before", """
before death of others:
  draw 1
""", """
patch: {1: {hp: 1}}
script:
  - {seat: 0, pick: slash}
  - {seat: 0, pick: 1, when: choose}
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9]}, {e: death, seat: 1, killer: 0}]
"""),
    P("event:death:when", """
when death of others:
  draw 2
""", """
patch: {1: {hp: 1}}
script:
  - {seat: 0, pick: slash}
  - {seat: 0, pick: 1, when: choose}
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9, jink ♣9]}, {e: death, seat: 1}]
"""),
    P("event:death:after", """
after death of others:
  recover 1
""", """
patch: {1: {hp: 1}}
script:
  - {seat: 0, pick: slash}
  - {seat: 0, pick: 1, when: choose}
expect:
  events: [{e: death, seat: 1}, {e: recover, seat: 0, hp: 4}]
"""),
    P("event:judged:after", """
at start of play:
  judge
after judged:
  gain judgement
""", """
expect:
  events: [{e: judge, seat: 0, card: slash ♥9}]
  state: {seats: {0: {hand: 4}}}
"""),
    P("event:lose_cards:after", """
at start of play:
  discard 2 hand cards
after lose_cards from hand cards:
  draw amount
""", """
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9, jink ♣9]}]
  state: {seats: {0: {hand: 3}}}
"""),
    P("event:gain_cards:after", """
at start of play, once per phase:
  draw 1
after gain_cards, once per turn:
  recover 1
""", """
expect:
  events: [{e: draw, seat: 0}, {e: recover, seat: 0, hp: 4}]
"""),
    P("event:hand_size_changed:after", """
at start of play:
  discard 3 hand cards
after hand_size_changed:
  if hand_count == 0 and previous > 0:
    draw 1
""", """
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9]}]
"""),
    P("event:hp_changed:after", """
at start of play:
  lose_hp 1
after hp_changed:
  if hp < previous:
    draw 1
""", """
expect:
  events: [{e: lose_hp, seat: 0}, {e: draw, seat: 0, cards: [slash ♥9]}]
"""),
    P("event:hp_reduced:after", """
at start of play:
  lose_hp 1
after hp_reduced:
  draw amount
""", """
expect:
  events: [{e: lose_hp, seat: 0}, {e: draw, seat: 0, cards: [slash ♥9]}]
"""),
    P("event:cards_discarded:after", """
at start of play:
  discard 2 hand cards
after cards_discarded:
  gain cards
""", """
expect:
  state: {seats: {0: {hand: 3}}}
"""),
    P("event:phase_begins:before", """
before phase_begins play of others:
  draw 1
""", """
start: {seat: 1, phase: play}
expect:
  events: [{e: phase, seat: 1, phase: play}, {e: draw, seat: 0, cards: [slash ♥9]}]
"""),
    P("event:phase_begins:when", """
when phase_begins draw of others:
  draw 1
""", """
start: {seat: 1, phase: draw}
phases: [draw]
expect:
  events: [{e: phase, seat: 1, phase: draw}, {e: draw, seat: 0, cards: [slash ♥9]}]
"""),
    P("event:phase_ending:before", """
before phase_ending play of others:
  draw 1
""", """
start: {seat: 1, phase: play}
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9]}]
"""),
    P("event:phase_ending:when", """
when phase_ending discard of others:
  gain discarded
""", """
start: {seat: 1, phase: discard}
phases: [discard]
patch: {1: {hp: 1}}
expect:
  state: {seats: {0: {hand: 4}, 1: {hand: 1}}}
"""),
    P("event:declare:before event:declare:when "
      "action:question modifier:disguise quantity:questioners", """
disguise 1 hand card for basic card
before declare:
  draw 1
when declare:
  question by others
  if questioners > 0:
    fail_use
""", """
script:
  - {seat: 0, pick: disguise}
  - {seat: 0, pick: peach, when: declare it as}
expect:
  events: [{e: declare, seat: 0, named: peach}, {e: draw, seat: 0},
           {e: question, seats: [1, 2, 3]}, {e: fail_use, seat: 0}]
"""),
    P("event:unequipped:after", """
at start of play:
  discard 1 equipment card
after unequipped:
  draw 2
""", """
patch: {0: {equipment: [dilu]}}
expect:
  events: [{e: move, to: discard, cards: [dilu]}, {e: draw, seat: 0, cards: [slash ♥9, jink ♣9]}]
"""),
    P("phase:play:end", """
at end of play:
  draw 1
""", """
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9]}]
"""),
    P("phase:start:start phase:start:end enum:phase:start", """
at start of start:
  draw 1
at end of start:
  draw 1
""", """
start: {seat: 0, phase: start}
phases: [start]
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9]}, {e: draw, seat: 0, cards: [jink ♣9]}]
"""),
    P("phase:judge:start phase:judge:end enum:phase:judge", """
at start of judge:
  draw 1
at end of judge:
  draw 1
""", """
start: {seat: 0, phase: judge}
phases: [judge]
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9]}, {e: draw, seat: 0, cards: [jink ♣9]}]
"""),
    P("phase:draw:end enum:phase:draw", """
at end of draw:
  lose_hp 1
""", """
start: {seat: 0, phase: draw}
phases: [draw]
expect:
  events: [{e: draw, seat: 0}, {e: lose_hp, seat: 0}]
"""),
    P("phase:discard:start phase:discard:end enum:phase:discard", """
at start of discard:
  draw 1
at end of discard:
  recover 1
""", """
start: {seat: 0, phase: discard}
phases: [discard]
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9]}, {e: move, reason: hand_limit},
           {e: recover, seat: 0}]
"""),
    P("phase:finish:start phase:finish:end enum:phase:finish", """
at start of finish:
  draw 1
at end of finish:
  draw 1
""", """
start: {seat: 0, phase: finish}
phases: [finish]
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9]}, {e: draw, seat: 0, cards: [jink ♣9]}]
"""),
    P("phase:turn:start phase:turn:end enum:phase:turn", """
at start of turn:
  draw 1
at end of turn:
  draw 1
""", """
start: {seat: 0, phase: start}
phases: null
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9]}, {e: phase, seat: 0, phase: draw},
           {e: draw, seat: 0}]
"""),
    P("action:add_tally quantity:tally enum:period:turn", """
at start of play:
  add_tally 2 per turn
  draw tally
""", """
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9, jink ♣9]}]
"""),
    P("action:adjust_draw", """
at start of draw:
  adjust_draw +1
""", """
start: {seat: 0, phase: draw}
phases: [draw]
expect:
  events: [{e: adjust_draw, seat: 0, n: 1},
           {e: draw, seat: 0, cards: [slash ♥9, jink ♣9, peach ♦9]}]
"""),
    P("action:ask_continue", """
at start of play:
  repeat:
    draw 1
    ask_continue
""", """
script:
  - {seat: 0, pick: yes, when: go on}
  - {seat: 0, pick: no, when: go on}
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9]}, {e: draw, seat: 0, cards: [jink ♣9]}]
  state: {seats: {0: {hand: 5}}}
"""),
    P("action:borrow_weapon selector:with_weapon", """
at start of play:
  borrow_weapon from 1 other with_weapon
""", """
patch: {2: {equipment: [spear]}}
script:
  - {seat: 0, pick: slash}
  - {seat: 0, pick: 2, when: choose}
expect:
  events: [{e: borrow_weapon, seat: 0, owner: 2, card: spear},
           {e: damage, seat: 2, source: 0, card: slash ♠7}]
"""),
    P("action:choose_cards", """
at start of play:
  reveal_from_deck 3 as shown
  choose_cards 1 from shown as kept
  gain kept
""", """
script: [{seat: 0, pick: peach ♦9, when: choose}]
expect:
  state: {seats: {0: {hand: [slash ♠7, jink ♥2, peach ♥3, peach ♦9]}}}
"""),
    P("action:choose_among action:look_top action:order_top enum:suit:heart", """
at start of play:
  look_top 3 as seen
  choose_among any heart cards from seen as hearts
  gain hearts
  order_top seen
""", """
deck: [heart 9 slash, club 9 jink, heart 10 jink, spade 9 slash]
script:
  - {seat: 0, pick: [slash ♥9, jink ♥10], when: choose}
expect:
  state: {seats: {0: {hand: 5}}, deck: [jink ♣9, slash ♠9]}
"""),
    P("action:choose_hand_card action:show_cards", """
at start of play:
  choose_hand_card from 1 other as picked
  show_cards picked by 1 other
""", """
patch: {1: {hand: [peach ♥4]}, 2: {hand: []}}
expect:
  events: [{e: reveal, seat: 1, cards: [peach ♥4]}]
"""),
    P("action:discard_own", """
at start of play:
  discard_own 1 card by 1 other
""", """
script: [{seat: 0, pick: 2, when: choose}]
expect:
  events: [{e: move, to: discard, reason: discard, cards: [jink ♦3]}]
"""),
    P("action:discard_same_suit", """
at start of play:
  judge as judged
  discard_same_suit 1 card like judgement
""", """
deck: [heart 9 slash]
expect:
  events: [{e: judge, seat: 0, card: slash ♥9}]
  state: {seats: {0: {hand: 2}}}
"""),
    P("action:discard_up_to", """
at start of play:
  discard_up_to 2 hand cards
""", """
script: [{seat: 0, pick: [slash ♠7, jink ♥2], when: discard}]
expect:
  state: {seats: {0: {hand: [peach ♥3]}}}
"""),
    P("action:draw_up_to quantity:max_hp", """
at start of play:
  draw_up_to max_hp
""", """
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9]}]
  state: {seats: {0: {hand: 4}}}
"""),
    P("action:end_phase", """
at start of play:
  end_phase play
""", """
patch: {0: {hand: [slash ♠7]}}
script: []
defaults: {play: slash}
expect:
  events: [{e: end_phase, seat: 0, phase: play}]
  no_events: [{e: use}]
"""),
    P("action:extra_phase", """
at start of play, once per turn:
  extra_phase play
""", """
expect:
  events: [{e: phase, seat: 0, phase: play}, {e: extra_phase, seat: 0, phase: play},
           {e: phase, seat: 0, phase: play}]
  no_events: [{e: extra_phase_lost}]
"""),
    P("action:forgo_draw", """
at start of draw:
  forgo_draw
""", """
start: {seat: 0, phase: draw}
phases: [draw]
expect:
  events: [{e: forgo_draw, seat: 0}]
  no_events: [{e: draw}]
"""),
    P("action:gain_mark action:lose_mark", """
at start of play:
  gain_mark grit 2
  lose_mark grit 1
  draw grit
""", """
expect:
  events: [{e: mark, seat: 0, mark: grit, total: 2}, {e: mark, seat: 0, mark: grit, total: 1},
           {e: draw, seat: 0, cards: [slash ♥9]}]
""", extra="marks: [{id: grit, name: {zh: 毅, en: Grit, ko: 의}}]"),
    P("action:gain_one", """
at start of play:
  reveal_from_deck 2 as shown
  gain_one shown by 1 other
""", """
script:
  - {seat: 0, pick: 3, when: choose}
  - {seat: 3, pick: jink ♣9, when: gain one}
expect:
  state: {seats: {3: {hand: [jink ♣9]}}}
"""),
    P("action:guess action:name_color "
      "action:name_suit attribute:player.named_color attribute:player.named_suit", """
at start of play:
  guess color by 1 other
  name_color by 1 other
  name_suit by you
  if you.named_suit == heart:
    draw 1
  pick 1 other as namer
  if namer.named_color == red:
    draw 1
""", """
script:
  - {seat: 0, pick: 1, when: choose}
  - {seat: 1, pick: black, when: name a color}
  - {seat: 0, pick: 1, when: choose}
  - {seat: 1, pick: red, when: name a colour}
  - {seat: 0, pick: heart, when: name a suit}
  - {seat: 0, pick: 1, when: choose}
expect:
  events: [{e: guess, seat: 1, named: black}, {e: name_color, seat: 1, color: red},
           {e: name_suit, seat: 0, suit: heart}, {e: draw, seat: 0, cards: [slash ♥9]},
           {e: draw, seat: 0, cards: [jink ♣9]}]
"""),
    P("action:let_take", """
at start of play:
  let_take 1 peach card by 1 other
""", """
script: [{seat: 0, pick: 2, when: choose}]
expect:
  state: {seats: {0: {hand: [slash ♠7, jink ♥2]}, 2: {hand: [jink ♦3, peach ♥3]}}}
"""),
    P("action:look_hand", """
at start of play:
  look_hand of 1 other
""", """
script: [{seat: 0, pick: 2, when: choose}]
expect:
  events: [{e: look_hand, seat: 0, of: 2}]
"""),
    P("action:obtain", """
at start of play:
  pick 1 other as giver
  pick 1 other except giver as taker
  obtain 1 hand card from giver by taker
""", """
script:
  - {seat: 0, pick: 1, when: choose}
  - {seat: 0, pick: 3, when: choose}
expect:
  state: {seats: {1: {hand: 1}, 3: {hand: 1}}}
"""),
    P("action:pindian quantity:pindian_number quantity:rival_pindian_number", """
at start of play:
  pindian with 1 other with_hand_cards
  if pindian_number > rival_pindian_number:
    draw 2
""", """
patch: {0: {hand: [slash ♠K]}, 1: {hand: [jink ♦2]}, 2: {hand: []}}
expect:
  events: [{e: pindian, seat: 0, rival: 1, winner: 0},
           {e: draw, seat: 0, cards: [slash ♥9, jink ♣9]}]
"""),
    P("action:pick_in_range_of", """
at start of play:
  pick 1 other as holder
  pick_in_range_of 1 other of holder as victim
  lose_hp 1 for victim
""", """
patch: {2: {equipment: [spear]}}
script:
  - {seat: 0, pick: 2, when: choose}
  - {seat: 0, pick: 3, when: choose}
expect:
  events: [{e: lose_hp, seat: 3, n: 1}]
"""),
    P("action:put_in_discard_pile", """
at start of play:
  reveal_from_deck 1 as shown
  put_in_discard_pile shown
""", """
expect:
  events: [{e: move, to: discard, reason: put_in_discard_pile, cards: [slash ♥9]}]
"""),
    P("action:put_on_bottom", """
at start of play:
  put_on_bottom 1 peach card
""", """
expect:
  events: [{e: put_on_bottom, seat: 0, n: 1}]
  state: {seats: {0: {hand: 2}}, deck: [slash ♥9]}
"""),
    P("action:put_on_general quantity:general_pile_count enum:zone:general_pile", """
at start of play:
  put_on_general 1 peach card
  draw general_pile_count
  discard 1 general_pile card
""", """
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9]}, {e: move, to: discard, cards: [peach ♥3]}]
"""),
    P("action:recast", """
at start of play:
  recast 1 peach card
""", """
expect:
  events: [{e: recast, seat: 0, cards: [peach ♥3]}, {e: draw, seat: 0, cards: [slash ♥9]}]
"""),
    P("action:recover_to", """
at start of play:
  recover_to 4
""", """
patch: {0: {hp: 1}}
expect:
  events: [{e: recover, seat: 0, n: 3, hp: 4}]
"""),
    P("action:suffer_damage enum:nature:thunder", """
at start of play:
  suffer_damage 1 thunder
""", """
expect:
  events: [{e: damage, seat: 0, source: null, n: 1, nature: thunder}]
"""),
    P("action:swap_equipment", """
at start of play:
  swap_equipment you with 1 other with_equipment
""", """
patch: {0: {equipment: [dilu]}, 2: {equipment: [spear]}}
expect:
  state: {seats: {0: {equipment: [spear]}, 2: {equipment: [dilu]}}}
"""),
    P("action:swap_hands", """
at start of play:
  swap_hands you with 1 other
""", """
script: [{seat: 0, pick: 2, when: choose}]
expect:
  events: [{e: swap_hands, seat: 0, to: 2}]
  state: {seats: {0: {hand: [jink ♦3]}, 2: {hand: 3}}}
"""),
    P("action:toggle_chain", """
at start of play:
  toggle_chain you
""", """
expect:
  events: [{e: chain, seat: 0, chained: true}]
"""),
    P("action:transfer_damage", """
at start of play:
  damage 1 to you
when take_damage:
  transfer_damage to 1 other
""", """
script: [{seat: 0, pick: 3, when: choose}]
expect:
  events: [{e: transfer_damage, seat: 0, to: 3}, {e: damage, seat: 3, source: 0}]
  no_events: [{e: damage, seat: 0}]
"""),
    P("action:virtual_play", """
when asked jink:
  virtual_play jink
""", """
start: {seat: 1, phase: play}
patch: {0: {hand: []}}
script:
  - {seat: 1, pick: slash}
  - {seat: 1, pick: 0, when: choose}
expect:
  events: [{e: virtual_play, seat: 0, card: jink}, {e: use, seat: 0, card: jink, provided: true}]
  no_events: [{e: damage}]
"""),
    P("action:flip_lightning", """
when delayed_effect:
  flip_lightning
""", """
seats:
  - {general: huanggai, role: lord, judgement: [PROBE]}
  - {general: xuchu, role: rebel}
start: {seat: 0, phase: judge}
phases: [judge]
expect:
  events: [{e: pass_on, card: PROBE, to: 1}]
  state: {seats: {1: {judgement: [PROBE]}}}
""", card="type: delayed_trick"),
    # --- Guozhan ---------------------------------------------------------------------------
    P("action:reveal_general event:revealed:after enum:general_slot:deputy", """
at start of play:
  reveal_general deputy
after revealed:
  draw 1
""", """
expect:
  events: [{e: reveal_general, seat: 0, general: gz_menghuo, slot: deputy},
           {e: draw, seat: 0, cards: [slash ♥9]}]
  state: {seats: {0: {revealed: [true, true]}}}
""", mode="guozhan"),
    P("action:hide_general enum:general_slot:head", """
at start of play:
  hide_general head for 1 other revealed
""", """
script: [{seat: 0, pick: 2, when: choose}]
expect:
  events: [{e: hide_general, seat: 2, general: gz_caocao, slot: main}]
  state: {seats: {2: {revealed: [false, false]}}}
""", mode="guozhan"),
    P("action:view_generals selector:unrevealed", """
at start of play:
  view_generals of 1 other unrevealed
""", """
expect:
  events: [{e: view_general, seat: 0, of: 3, slot: main},
           {e: view_general, seat: 0, of: 3, slot: deputy}]
""", mode="guozhan"),
    P("action:view_one_general", """
at start of play:
  view_one_general of 1 other unrevealed
""", """
script: [{seat: 0, pick: deputy, when: choose}]
expect:
  events: [{e: view_general, seat: 0, of: 3, slot: deputy}]
""", mode="guozhan"),
    P("action:remove_general", """
at start of play:
  remove_general deputy for 1 other revealed
""", """
script: [{seat: 0, pick: 2, when: choose}]
expect:
  events: [{e: lose_skills, seat: 2, general: deputy}]
""", mode="guozhan"),
    P("action:remove_general_skills", """
at start of play:
  remove_general_skills head from 1 other revealed
""", """
script: [{seat: 0, pick: 1, when: choose}]
expect:
  events: [{e: lose_skills, seat: 1, general: main}]
  state: {seats: {1: {skills: [gz_buqu]}}}
""", mode="guozhan"),
    P("action:restore_general", """
at start of play:
  turn_over
  toggle_chain you
  restore_general
""", """
expect:
  events: [{e: turn_over, seat: 0, turned_over: true}, {e: chain, seat: 0, chained: true},
           {e: chain, seat: 0, chained: false}]
  state: {seats: {0: {turned_over: false}}}
""", mode="guozhan"),
    P("action:pick_ally_of selector:revealed", """
at start of play:
  pick 1 other revealed as first
  pick_ally_of 1 other of first as ally
  lose_hp 1 for ally
""", """
seats:
  - {generals: [PROBE, gz_menghuo], revealed: [true, false], hp: 3}
  - {generals: [gz_huanggai, gz_zhoutai], revealed: [true, false]}
  - {generals: [gz_sunquan, gz_lvmeng], revealed: [true, false]}
  - {generals: [gz_liubei, gz_guanyu], revealed: [false, false]}
script:
  - {seat: 0, pick: 1, when: choose}
  - {seat: 0, pick: 2, when: choose}
expect:
  events: [{e: lose_hp, seat: 2, n: 1}]
""", mode="guozhan"),
    P("enum:general_slot:this_general", """
at start of play:
  if this_general == head:
    draw 1
""", """
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9]}]
""", mode="guozhan"),
    # --- modifiers ------------------------------------------------------------------------
    P("modifier:attack_range", "attack_range +2", """
turns: 0
expect:
  attack_range: [{seat: 0, is: 3}]
"""),
    P("modifier:attack_range_for", "attack_range_for +1 for others", """
turns: 0
expect:
  attack_range: [{seat: 1, is: 2}, {seat: 0, is: 1}]
"""),
    P("modifier:change_suit enum:suit:spade", """
change_suit spade into heart
at start of play:
  judge
  if judgement is heart:
    draw 1
""", """
deck: [spade 9 slash, heart 10 jink]
expect:
  events: [{e: judge, seat: 0, card: slash ♠9}, {e: draw, seat: 0, cards: [jink ♥10]}]
"""),
    P("modifier:count_as", "count_as eight_diagram", """
patch: {0: {hand: []}}
start: {seat: 1, phase: play}
script:
  - {seat: 1, pick: slash}
  - {seat: 1, pick: 0, when: choose}
deck: [heart 9 slash]
expect:
  events: [{e: skill, seat: 0, skill: eight_diagram}, {e: judge, seat: 0, card: slash ♥9}]
  no_events: [{e: damage}]
"""),
    P("modifier:damage", "damage +1 with slash", """
script:
  - {seat: 0, pick: slash}
  - {seat: 0, pick: 1, when: choose}
expect:
  events: [{e: damage, seat: 1, source: 0, n: 2}]
"""),
    P("modifier:distance", "distance -1 to others", """
turns: 0
expect:
  distance: [{from: 0, to: 2, is: 1}, {from: 2, to: 0, is: 2}]
"""),
    P("modifier:draw_count", "draw_count +1", """
start: {seat: 0, phase: draw}
phases: [draw]
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9, jink ♣9, peach ♦9]}]
"""),
    P("modifier:equip_limit enum:card_type:horse", "equip_limit 1 horse card", """
patch: {0: {hand: [chitu ♥5], equipment: [dilu ♣5]}}
script: [{seat: 0, pick: chitu}]
expect:
  events: [{e: move, to: discard, reason: replaced, cards: [dilu ♣5]}]
  state: {seats: {0: {equipment: [chitu]}}}
"""),
    P("modifier:extra_targets", "extra_targets +1 for slash", """
script:
  - {seat: 0, pick: slash}
  - {seat: 0, pick: [1, 3], when: choose}
expect:
  events: [{e: target, seat: 0, targets: [1, 3]}, {e: damage, seat: 1}, {e: damage, seat: 3}]
"""),
    P("modifier:extra_targets_among", "extra_targets_among 1 for slash among others", """
script:
  - {seat: 0, pick: slash}
  - {seat: 0, pick: 1, when: choose}
  - {seat: 0, pick: [2], when: extra targets}
expect:
  events: [{e: damage, seat: 1, source: 0}, {e: damage, seat: 2, source: 0}]
"""),
    P("modifier:fixed_distance", "fixed_distance 1 to others", """
turns: 0
expect:
  distance: [{from: 0, to: 2, is: 1}]
  in_range: [{from: 0, to: 2, is: true}]
"""),
    P("modifier:forbid_use", "forbid_use peach", """
defaults: {yes_no: "yes", play: peach}
expect:
  no_events: [{e: use, card: peach}]
  state: {seats: {0: {hand: [slash ♠7, jink ♥2, peach ♥3]}}}
"""),
    P("modifier:forbid_play", "forbid_play slash", """
start: {seat: 1, phase: play}
patch: {1: {hand: [duel ♠A]}}
defaults: {yes_no: "yes", respond: slash}
script:
  - {seat: 1, pick: duel}
  - {seat: 1, pick: [0]}
  - {seat: 1, pick: end}
expect:
  events: [{e: damage, seat: 0, source: 1, card: duel ♠A}]
  state: {seats: {0: {hand: [slash ♠7, jink ♥2, peach ♥3]}}}
"""),
    P("modifier:hand_limit", "hand_limit +2", """
start: {seat: 0, phase: discard}
phases: [discard]
patch: {0: {hand: [slash ♠7, jink ♥2, peach ♥3, jink ♦4, jink ♦5]}}
expect:
  no_events: [{e: move, reason: hand_limit}]
"""),
    P("modifier:hand_limit_for", "hand_limit_for -1 for others", """
start: {seat: 1, phase: discard}
phases: [discard]
patch: {1: {hand: [slash ♠8, jink ♦2, jink ♦4, jink ♦5]}}
expect:
  events: [{e: move, to: discard, reason: hand_limit}]
  state: {seats: {1: {hand: 3}}}
"""),
    P("modifier:ignore_armour", "ignore_armour slash", """
script:
  - {seat: 0, pick: slash}
  - {seat: 0, pick: 1, when: choose}
patch: {1: {equipment: [renwang_shield]}}
expect:
  events: [{e: damage, seat: 1, source: 0, card: slash ♠7}]
  no_events: [{e: immune}]
"""),
    P("modifier:immune", "immune to slash", """
start: {seat: 1, phase: play}
script:
  - {seat: 1, pick: slash}
  - {seat: 1, pick: 0, when: choose}
expect:
  events: [{e: immune, seat: 0, card: slash}]
  no_events: [{e: damage}]
"""),
    P("modifier:may_refuse", "may_refuse slash", """
start: {seat: 1, phase: play}
script:
  - {seat: 1, pick: slash}
  - {seat: 1, pick: 0, when: choose}
expect:
  events: [{e: refuse, seat: 0, card: slash, by: 1}]
  no_events: [{e: damage}]
"""),
    P("modifier:next_damage", "next_damage +1 with slash", """
script:
  - {seat: 0, pick: slash}
  - {seat: 0, pick: 1, when: choose}
expect:
  events: [{e: damage, seat: 1, source: 0, n: 2}]
"""),
    P("modifier:no_distance_limit", "no_distance_limit slash", """
script:
  - {seat: 0, pick: slash}
  - {seat: 0, pick: 2, when: choose}
expect:
  events: [{e: damage, seat: 2, source: 0}]
"""),
    P("modifier:no_dying", """
no_dying
at start of play:
  lose_hp 1
""", """
patch: {0: {hp: 1}}
expect:
  events: [{e: lose_hp, seat: 0, hp: 0}]
  no_events: [{e: dying}, {e: death}]
"""),
    P("modifier:response_cost", "response_cost 1 card against slash", """
script:
  - {seat: 0, pick: slash}
  - {seat: 0, pick: 1, when: choose}
  - {seat: 1, pick: jink, when: use jink}
expect:
  events: [{e: use, seat: 1, card: jink ♦2},
           {e: move, to: discard, reason: discard, cards: [slash ♠8]}]
  no_events: [{e: damage}]
"""),
    P("modifier:responses_needed", "responses_needed 2 jink against slash", """
script:
  - {seat: 0, pick: slash}
  - {seat: 0, pick: 1, when: choose}
  - {seat: 1, pick: jink, when: use jink}
expect:
  events: [{e: use, seat: 1, card: jink ♦2}, {e: damage, seat: 1, source: 0}]
"""),
    P("modifier:skip_discard_limit", "skip_discard_limit", """
start: {seat: 0, phase: discard}
phases: [discard]
patch: {0: {hand: [slash ♠7, jink ♥2, peach ♥3, jink ♦4, jink ♦5]}}
expect:
  no_events: [{e: move, reason: hand_limit}]
"""),
    P("modifier:taunt", "taunt slash", """
start: {seat: 1, phase: play}
patch: {1: {equipment: [spear]}}
script:
  - {seat: 1, pick: slash}
expect:
  events: [{e: target, seat: 1, targets: [0]}]
"""),
    P("modifier:untargetable", "untargetable by slash", """
start: {seat: 1, phase: play}
script:
  - {seat: 1, pick: slash}
expect:
  events: [{e: target, seat: 1, targets: [2]}]
"""),
    P("modifier:use_as enum:color:black", "use_as duel with black hand card", """
script:
  - {seat: 0, pick: "PROBE: slash ♠7 as duel"}
  - {seat: 0, pick: 2, when: choose}
expect:
  events: [{e: use, seat: 0, card: duel ♠7}, {e: damage, seat: 2, source: 0}]
"""),
    P("modifier:use_distance", "use_distance slash within 2", """
script:
  - {seat: 0, pick: slash}
  - {seat: 0, pick: 2, when: choose}
expect:
  events: [{e: damage, seat: 2, source: 0}]
"""),
    P("modifier:uses", "uses +1 of slash", """
patch: {0: {hand: [slash ♠7, slash ♠9]}}
script:
  - {seat: 0, pick: slash ♠7}
  - {seat: 0, pick: 1, when: choose}
  - {seat: 0, pick: slash ♠9}
  - {seat: 0, pick: 1, when: choose}
expect:
  events: [{e: damage, seat: 1, card: slash ♠7}, {e: damage, seat: 1, card: slash ♠9}]
"""),
    P("modifier:ignore_distance_to", "ignore_distance_to others", """
script:
  - {seat: 0, pick: slash}
  - {seat: 0, pick: 2, when: choose}
expect:
  events: [{e: damage, seat: 2, source: 0, card: slash ♠7}]
"""),
    P("modifier:ignore_armour_of", "ignore_armour_of others", """
patch: {1: {equipment: [renwang_shield]}}
script:
  - {seat: 0, pick: slash}
  - {seat: 0, pick: 1, when: choose}
expect:
  events: [{e: damage, seat: 1, source: 0, card: slash ♠7}]
  no_events: [{e: immune}]
"""),
    P("modifier:unlimited_on", "unlimited_on slash to others", """
patch: {0: {hand: [slash ♠7, slash ♠9]}}
script:
  - {seat: 0, pick: slash ♠7}
  - {seat: 0, pick: 1, when: choose}
  - {seat: 0, pick: slash ♠9}
  - {seat: 0, pick: 1, when: choose}
expect:
  events: [{e: damage, seat: 1, card: slash ♠7}, {e: damage, seat: 1, card: slash ♠9}]
"""),
    P("modifier:change_name", "change_name jink into slash", """
patch: {0: {hand: [jink ♥2]}}
script:
  - {seat: 0, pick: slash}
  - {seat: 0, pick: 1, when: choose}
expect:
  events: [{e: use, seat: 0, card: slash}, {e: damage, seat: 1, source: 0}]
"""),
    P("modifier:no_reveal", "no_reveal others", """
seats:
  - {generals: [PROBE, gz_menghuo], revealed: [true, false], hand: [slash ♠7]}
  - {generals: [gz_xiahoudun, gz_xuchu], revealed: [false, false]}
  - {generals: [gz_caocao, gz_zhangliao], revealed: [false, false]}
  - {generals: [gz_liubei, gz_guanyu], revealed: [false, false]}
script:
  - {seat: 0, pick: slash}
  - {seat: 0, pick: 1, when: choose}
expect:
  events: [{e: damage, seat: 1, source: 0}]
  no_events: [{e: reveal_general, seat: 1}]
""", mode="guozhan"),
    # --- selectors (Huang Gai: Wu, 4 HP; Xu Chu: Wei, 4 HP; Diao Chan: Qun, female, 3 HP) ---
    P("selector:all", """
at start of play:
  draw 1 for all
""", """
expect:
  state: {seats: {0: {hand: 4}, 1: {hand: 3}, 2: {hand: 2}, 3: {hand: 1}}}
"""),
    P("selector:female selector:players", """
at start of play:
  draw 1 for female players
""", """
expect:
  events: [{e: draw, seat: 3, cards: [slash ♥9]}]
  state: {seats: {0: {hand: 3}, 1: {hand: 2}, 2: {hand: 1}}}
"""),
    P("selector:male", """
at start of play:
  draw 1 for male others
""", """
expect:
  events: [{e: draw, seat: 1}, {e: draw, seat: 2}]
  no_events: [{e: draw, seat: 3}, {e: draw, seat: 0}]
"""),
    P("selector:player", """
at start of play:
  pick 1 player as chosen
  draw 2 for chosen
""", """
script: [{seat: 0, pick: 3, when: choose}]
expect:
  events: [{e: draw, seat: 3, cards: [slash ♥9, jink ♣9]}]
"""),
    P("selector:you", """
at start of play:
  damage 1 to you
after take_damage:
  if source in you:
    draw 2
""", """
expect:
  events: [{e: damage, seat: 0, source: 0}, {e: draw, seat: 0, cards: [slash ♥9, jink ♣9]}]
"""),
    P("selector:lord", """
at start of play:
  lose_hp 1 for lord
""", """
patch: {0: {role: rebel}, 1: {role: lord}}
expect:
  events: [{e: lose_hp, seat: 1, n: 1}]
"""),
    P("selector:current", """
when phase_begins play of others:
  draw 2 for current
""", """
start: {seat: 1, phase: play}
expect:
  events: [{e: draw, seat: 1, cards: [slash ♥9, jink ♣9]}]
"""),
    P("selector:alive", """
at start of play:
  draw 1 for alive others
""", """
patch: {3: {alive: false}}
expect:
  events: [{e: draw, seat: 1}, {e: draw, seat: 2}]
  no_events: [{e: draw, seat: 3}]
"""),
    P("selector:shu", """
at start of play:
  draw 1 for shu players
""", """
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9]}]
  no_events: [{e: draw, seat: 1}, {e: draw, seat: 2}, {e: draw, seat: 3}]
"""),
    P("selector:wei", """
at start of play:
  draw 1 for wei players
""", """
expect:
  events: [{e: draw, seat: 2, cards: [slash ♥9]}]
  no_events: [{e: draw, seat: 0}]
"""),
    P("selector:wu", """
at start of play:
  draw 1 for wu players
""", """
expect:
  events: [{e: draw, seat: 1, cards: [slash ♥9]}]
  no_events: [{e: draw, seat: 0}]
"""),
    P("selector:qun", """
at start of play:
  draw 1 for qun players
""", """
expect:
  events: [{e: draw, seat: 3, cards: [slash ♥9]}]
  no_events: [{e: draw, seat: 0}]
"""),
    P("selector:in_range", """
at start of play:
  lose_hp 1 for others in_range
""", """
expect:
  events: [{e: lose_hp, seat: 1}, {e: lose_hp, seat: 3}]
  no_events: [{e: lose_hp, seat: 2}]
"""),
    P("selector:at_distance_1", """
at start of play:
  draw 1 for others at_distance_1
""", """
patch: {1: {equipment: [dilu]}}
expect:
  events: [{e: draw, seat: 3}]
  no_events: [{e: draw, seat: 1}, {e: draw, seat: 2}]
"""),
    P("selector:with_cards", """
at start of play:
  discard 1 card from 1 other with_cards
""", """
patch: {1: {hand: []}}
expect:
  events: [{e: move, to: discard, reason: discard, cards: [jink ♦3]}]
"""),
    P("selector:opposite_gender", """
at start of play:
  draw 1 for others opposite_gender
""", """
expect:
  events: [{e: draw, seat: 3}]
  no_events: [{e: draw, seat: 1}, {e: draw, seat: 2}]
"""),
    P("selector:adjacent_to_target", """
at start of play:
  damage 1 to 1 other
after deal_damage:
  lose_hp 1 for 1 player adjacent_to_target except you
""", """
script: [{seat: 0, pick: 2, when: choose}, {seat: 0, pick: 3, when: choose}]
expect:
  events: [{e: damage, seat: 2, source: 0}, {e: lose_hp, seat: 3, n: 1}]
  no_events: [{e: lose_hp, seat: 1}]
"""),
    P("selector:more_hp", """
at start of play:
  draw 1 for others more_hp
""", """
expect:
  events: [{e: draw, seat: 1}, {e: draw, seat: 2}]
  no_events: [{e: draw, seat: 3}]
"""),
    P("selector:nearest", """
at start of play:
  lose_hp 1 for 1 other nearest
""", """
patch: {1: {equipment: [dilu]}}
expect:
  events: [{e: lose_hp, seat: 3, n: 1}]
  no_events: [{e: lose_hp, seat: 1}]
"""),
    P("selector:not_dying", """
when dying of others:
  draw 1 for others not_dying
""", """
patch: {1: {hp: 1}}
script:
  - {seat: 0, pick: slash}
  - {seat: 0, pick: 1, when: choose}
expect:
  events: [{e: dying, seat: 1}, {e: draw, seat: 2}, {e: draw, seat: 3}]
  no_events: [{e: draw, seat: 1}]
"""),
    P("selector:fewest_hand_cards", """
at start of play:
  draw 2 for others fewest_hand_cards
""", """
expect:
  events: [{e: draw, seat: 3, cards: [slash ♥9, jink ♣9]}]
  no_events: [{e: draw, seat: 1}, {e: draw, seat: 2}]
"""),
    P("selector:questioning", """
disguise 1 hand card for basic card
when declare:
  question by others
  for each questioning player as doubter:
    lose_hp 1 for doubter
""", """
script:
  - {seat: 0, pick: disguise}
  - {seat: 0, pick: peach, when: declare it as}
  - {seat: 1, pick: yes, when: question}
  - {seat: 2, pick: no, when: question}
  - {seat: 3, pick: no, when: question}
expect:
  events: [{e: question, seats: [1]}, {e: lose_hp, seat: 1, n: 1}]
  no_events: [{e: lose_hp, seat: 2}]
"""),
    P("selector:within", """
at start of play:
  lose_hp 1 for others within 1
""", """
expect:
  events: [{e: lose_hp, seat: 1}, {e: lose_hp, seat: 3}]
  no_events: [{e: lose_hp, seat: 2}]
"""),
    P("selector:face_down selector:face_up", """
at start of play:
  pick 1 other as flipped
  turn_over for flipped
  draw 1 for others face_down
  lose_hp 1 for others face_up
""", """
script: [{seat: 0, pick: 2, when: choose}]
expect:
  events: [{e: turn_over, seat: 2, turned_over: true}, {e: draw, seat: 2},
           {e: lose_hp, seat: 1}, {e: lose_hp, seat: 3}]
  no_events: [{e: lose_hp, seat: 2}]
"""),
    P("selector:same_kingdom", """
at start of play:
  draw 1 for others same_kingdom
""", """
patch: {3: {revealed: [true, false]}}
expect:
  events: [{e: draw, seat: 3}]
  no_events: [{e: draw, seat: 1}, {e: draw, seat: 2}]
""", mode="guozhan"),
    P("selector:other_kingdom", """
at start of play:
  draw 1 for others other_kingdom
""", """
expect:
  events: [{e: draw, seat: 1}, {e: draw, seat: 2}]
  no_events: [{e: draw, seat: 3}]
""", mode="guozhan"),
    P("selector:target_kingdom", """
at start of play:
  damage 1 to 1 other
after deal_damage:
  draw 1 for players target_kingdom
""", """
patch: {3: {generals: [gz_xiahoudun, gz_zhangliao], revealed: [true, false]}}
script: [{seat: 0, pick: 2, when: choose}]
expect:
  events: [{e: damage, seat: 2, source: 0}, {e: draw, seat: 2}, {e: draw, seat: 3}]
  no_events: [{e: draw, seat: 1}, {e: draw, seat: 0}]
""", mode="guozhan"),
    P("selector:partly_hidden selector:fully_revealed", """
at start of play:
  draw 1 for others partly_hidden
  lose_hp 1 for others fully_revealed
""", """
patch: {1: {revealed: [true, true]}}
expect:
  events: [{e: draw, seat: 2}, {e: draw, seat: 3}, {e: lose_hp, seat: 1}]
  no_events: [{e: draw, seat: 1}, {e: lose_hp, seat: 2}]
""", mode="guozhan"),
    P("selector:careerist", """
at start of play:
  draw 1 for others careerist
""", """
patch: {2: {careerist: true}}
expect:
  events: [{e: draw, seat: 2}]
  no_events: [{e: draw, seat: 1}, {e: draw, seat: 3}]
""", mode="guozhan"),
    # --- quantities, functions, attributes --------------------------------------------------
    P("quantity:alive_count", """
at start of play:
  draw alive_count
""", """
patch: {3: {alive: false}}
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9, jink ♣9, peach ♦9]}]
"""),
    P("quantity:attack_range", """
at start of play:
  draw attack_range
""", """
patch: {0: {equipment: [spear]}}
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9, jink ♣9, peach ♦9]}]
"""),
    P("quantity:equipment_count", """
at start of play:
  draw equipment_count
""", """
patch: {0: {equipment: [spear, dilu]}}
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9, jink ♣9]}]
"""),
    P("quantity:hand_count", """
at start of play:
  draw hand_count
""", """
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9, jink ♣9, peach ♦9]}]
"""),
    P("quantity:slashes_in_play_phase", """
at end of play:
  draw slashes_in_play_phase
""", """
script:
  - {seat: 0, pick: slash}
  - {seat: 0, pick: 1, when: choose}
expect:
  events: [{e: damage, seat: 1}, {e: draw, seat: 0, cards: [slash ♥9]}]
"""),
    P("quantity:unlimited", """
action, times per phase = unlimited:
  draw 1
""", """
script:
  - {seat: 0, pick: PROBE}
  - {seat: 0, pick: PROBE}
  - {seat: 0, pick: PROBE}
expect:
  state: {seats: {0: {hand: 6}}}
"""),
    P("enum:limit:unlimited enum:amount:unlimited", "uses unlimited of slash", """
patch: {0: {hand: [slash ♠7, slash ♠9, slash ♠10]}}
script:
  - {seat: 0, pick: slash ♠7}
  - {seat: 0, pick: 1, when: choose}
  - {seat: 0, pick: slash ♠9}
  - {seat: 0, pick: 1, when: choose}
  - {seat: 0, pick: slash ♠10}
  - {seat: 0, pick: 1, when: choose}
expect:
  events: [{e: damage, seat: 1, card: slash ♠10}]
"""),
    P("quantity:general_pile_repeats", """
at start of play:
  put_on_general 2 hand cards
  draw general_pile_repeats
""", """
patch: {0: {hand: [slash ♠7, jink ♥7]}}
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9, jink ♣9]}]
"""),
    P("quantity:kingdom_count", """
at start of play:
  draw kingdom_count
""", """
patch: {3: {revealed: [true, false]}}
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9, jink ♣9]}]
""", mode="guozhan"),
    P("phase:play:start quantity:kingdoms_alive", """
at start of play:
  draw kingdoms_alive
""", """
patch: {3: {general: caocao}}
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9, jink ♣9, peach ♦9]}]
"""),
    P("quantity:kingdoms_alive", """
at start of play:
  draw kingdoms_alive
""", """
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9, jink ♣9, peach ♦9]}]
""", mode="guozhan"),
    P("quantity:min_kingdom_count", """
at start of play:
  draw (min_kingdom_count + 1)
""", """
patch: {3: {revealed: [true, false]}}
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9, jink ♣9]}]
""", mode="guozhan"),
    P("function:min function:max", """
at start of play:
  draw (min(hp, 2))
  lose_hp (max(1, lost_hp))
""", """
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9, jink ♣9]}, {e: lose_hp, seat: 0, n: 1}]
"""),
    P("function:half function:difference", """
at start of play:
  draw (half(hand_count))
  pick 1 other as them
  draw (difference(hp, them.hp)) for them
""", """
script: [{seat: 0, pick: 1, when: choose}]
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9]}, {e: draw, seat: 1, cards: [jink ♣9]}]
"""),
    P("function:distance", """
at start of play:
  pick 1 other as far
  draw (distance(you, far))
""", """
script: [{seat: 0, pick: 2, when: choose}]
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9, jink ♣9]}]
"""),
    P("attribute:player.hp attribute:player.max_hp attribute:player.lost_hp", """
at start of play:
  pick 1 other as them
  draw them.hp
  if them.max_hp == 3 and them.lost_hp == 0:
    lose_hp 1 for them
""", """
script: [{seat: 0, pick: 3, when: choose}]
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9, jink ♣9, peach ♦9]}, {e: lose_hp, seat: 3}]
"""),
    P("attribute:player.hand_count "
      "attribute:player.equipment_count attribute:player.attack_range", """
at start of play:
  pick 1 other as them
  draw them.hand_count
  draw them.equipment_count
  if them.attack_range == 3:
    lose_hp 1 for them
""", """
patch: {1: {equipment: [spear]}}
script: [{seat: 0, pick: 1, when: choose}]
expect:
  events: [{e: draw, seat: 0, cards: [slash ♥9, jink ♣9]}, {e: draw, seat: 0, cards: [peach ♦9]},
           {e: lose_hp, seat: 1}]
"""),
    P("attribute:player.gender attribute:player.kingdom enum:gender:female "
      "enum:gender:male enum:kingdom:qun enum:kingdom:wei", """
at start of play:
  pick 1 other as them
  if them.gender == female and them.kingdom == qun:
    draw 1
  if you.gender == male:
    draw 1
  if them.kingdom != wei:
    draw 1
""", """
script: [{seat: 0, pick: 3, when: choose}]
expect:
  state: {seats: {0: {hand: 6}}}
"""),
    P("enum:kingdom:shu enum:kingdom:wu enum:kingdom:god", """
at start of play:
  if you.kingdom == shu:
    draw 1
  pick 1 other as them
  if them.kingdom == wu:
    draw 1
  if them.kingdom == god:
    draw 5
""", """
script: [{seat: 0, pick: 1, when: choose}]
expect:
  state: {seats: {0: {hand: 5}}}
"""),
    P("attribute:cards.suit attribute:cards.color attribute:cards.number "
      "attribute:cards.count enum:suit:club enum:color:red", """
at start of play:
  judge
  if judgement.suit == club:
    draw 1
  if judgement.color != red and judgement.number == 9 and judgement.count == 1:
    draw 1
""", """
deck: [club 9 jink, heart 9 slash, spade 9 slash]
expect:
  events: [{e: judge, seat: 0, card: jink ♣9}, {e: draw, seat: 0, cards: [slash ♥9]},
           {e: draw, seat: 0, cards: [slash ♠9]}]
"""),
    P("attribute:cards.name attribute:cards.type attribute:cards.nature "
      "enum:nature:normal enum:card_type:basic enum:suit:diamond", """
at start of play:
  judge
  if judgement.name == peach and judgement.type == basic and judgement.nature == normal:
    draw 1
  if judgement is diamond:
    draw 1
""", """
deck: [diamond 9 peach, heart 9 slash, spade 9 slash]
expect:
  state: {seats: {0: {hand: 5}}}
"""),
    P("attribute:cards.color_count attribute:cards.suit_count attribute:cards.type_count", """
at start of play:
  reveal_from_deck 3 as shown
  draw shown.color_count
  draw shown.suit_count
  draw shown.type_count
""", """
deck: [heart 9 slash, diamond 9 jink, spade 9 slash, heart 10 jink, club 10 jink, club 4 jink,
       club 5 jink, club 6 jink, club 7 jink]
expect:
  events: [{e: draw, seat: 0, cards: [jink ♥10, jink ♣10]},
           {e: draw, seat: 0, cards: [jink ♣4, jink ♣5, jink ♣6]},
           {e: draw, seat: 0, cards: [jink ♣7]}]
"""),
    # --- card kinds, zones, periods ---------------------------------------------------------
    P("enum:card_type:weapon enum:card_type:armour "
      "enum:card_type:plus_horse enum:zone:equipment", """
at start of play:
  discard 1 weapon card
  discard 1 armour card
  discard 1 equipment plus_horse card
""", """
patch: {0: {equipment: [spear, renwang_shield, dilu, chitu]}}
expect:
  state: {seats: {0: {equipment: [chitu]}}}
"""),
    P("enum:card_type:minus_horse enum:card_type:equipment_card enum:zone:hand", """
at start of play:
  discard 1 minus_horse card
  discard 1 hand equipment_card card
""", """
patch: {0: {hand: [slash ♠7, spear], equipment: [dilu, chitu]}}
expect:
  state: {seats: {0: {hand: [slash ♠7], equipment: [dilu]}}}
"""),
    P("enum:card_type:trick enum:card_type:non_delayed_trick enum:card_type:delayed_trick", """
at start of play:
  discard 1 non_delayed_trick card
  discard 1 delayed_trick card
  discard 1 trick card
""", """
patch: {0: {hand: [slash ♠7, dismantlement ♣3, indulgence ♠6, lightning ♠A]}}
expect:
  state: {seats: {0: {hand: [slash ♠7]}}}
"""),
    P("enum:zone:judgement_zone", """
at start of play:
  discard 1 judgement_zone card from 1 other
""", """
patch: {2: {judgement: [indulgence ♠6]}}
script: [{seat: 0, pick: 2, when: choose}]
expect:
  events: [{e: move, to: discard, reason: discard, cards: [indulgence ♠6]}]
  state: {seats: {2: {judgement: []}}}
"""),
    P("enum:zone:any_zone", """
at start of play:
  take 1 any_zone card from 1 other with_cards
""", """
patch: {1: {hand: []}, 2: {hand: [], equipment: [dilu]}}
expect:
  state: {seats: {0: {hand: 4}, 2: {equipment: []}}}
"""),
    P("enum:zone:field", """
at start of play:
  discard 1 field card from 1 other
""", """
patch: {1: {hand: [], equipment: [dilu]}}
script: [{seat: 0, pick: 1, when: choose}]
expect:
  events: [{e: move, to: discard, reason: discard, cards: [dilu]}]
"""),
    P("enum:period:phase", """
action, once per phase:
  draw 1
""", """
defaults: {yes_no: "yes", play: PROBE}
expect:
  state: {seats: {0: {hand: 4}}}
"""),
    P("enum:period:round", """
action, once per round:
  draw 1
""", """
defaults: {yes_no: "yes", play: PROBE}
expect:
  state: {seats: {0: {hand: 4}}}
"""),
    P("enum:period:game", """
action, once per game:
  draw 2
""", """
defaults: {yes_no: "yes", play: PROBE}
expect:
  state: {seats: {0: {hand: 5}}}
"""),
    P("enum:use_limit:distance", """
at start of play:
  use slash on 1 other ignoring distance
""", """
script: [{seat: 0, pick: 2, when: choose}]
expect:
  events: [{e: damage, seat: 2, source: 0, card: slash}]
"""),
    P("event:delayed_effect:when", """
when delayed_effect:
  draw 2
""", """
seats:
  - {general: huanggai, role: lord, judgement: [PROBE]}
  - {general: xuchu, role: rebel}
start: {seat: 0, phase: judge}
phases: [judge]
expect:
  events: [{e: delayed, seat: 0, card: PROBE}, {e: draw, seat: 0, cards: [slash ♥9, jink ♣9]}]
""", card="type: delayed_trick"),
    # issue 13's held-out corpus words (龙吟, 求援, 峻刑/御策, 称象, 纵适, 惴恐)
    P("action:uncount selector:in_play_phase", """
when use slash of players in_play_phase:
  uncount
""", """
patch: {0: {hand: [slash ♠7, slash ♠10]}, 1: {hand: []}}
script:
  - {seat: 0, pick: slash ♠7}
  - {seat: 0, pick: 1, when: choose}
  - {seat: 0, pick: slash ♠10}
  - {seat: 0, pick: 1, when: choose}
  - {seat: 0, pick: end}
expect:
  events: [{e: uncount, seat: 0, card: slash}, {e: use, seat: 0, card: slash ♠10},
           {e: damage, seat: 1, source: 0, card: slash ♠10}]
"""),
    P("action:add_target", """
when targeting with slash:
  add_target 1 other except target
""", """
patch: {1: {hand: []}, 2: {hand: []}}
script:
  - {seat: 0, pick: slash ♠7}
  - {seat: 0, pick: 1, when: choose}
  - {seat: 0, pick: 2, when: choose}
  - {seat: 0, pick: end}
expect:
  events: [{e: add_target, card: slash, targets: [2]}, {e: damage, seat: 1, source: 0},
           {e: damage, seat: 2, source: 0}]
"""),
    P("action:discard_other_type", """
at start of play:
  judge as judged
  discard_other_type 1 hand card unlike judgement
""", """
patch: {0: {hand: [slash ♠7, qinggang_sword ♠6]}}
expect:
  events: [{e: judge, seat: 0, card: slash ♥9},
           {e: move, to: discard, reason: discard, cards: [qinggang_sword ♠6]}]
  state: {seats: {0: {hand: [slash ♠7]}}}
"""),
    P("action:choose_rank_sum", """
at start of play:
  reveal_from_deck 3 as shown
  choose_rank_sum from shown below 13 as kept
  gain kept
""", """
script: [{seat: 0, pick: jink ♣9, when: ranks}]
expect:
  events: [{e: move, seat: 0, to: hand, cards: [jink ♣9]}]
  state: {seats: {0: {hand: 4}}}
"""),
    P("event:won_pindian:after", """
at start of play:
  pindian with 1 other with_hand_cards
after won_pindian:
  gain rival_card
""", """
patch: {0: {hand: [slash ♠K]}, 1: {hand: [jink ♦2]}, 2: {hand: []}}
expect:
  events: [{e: pindian, seat: 0, rival: 1, winner: 0},
           {e: move, seat: 0, to: hand, cards: [jink ♦2]}]
  state: {seats: {0: {hand: [jink ♦2]}}}
"""),
    P("event:lost_pindian:after", """
at start of play:
  pindian with 1 other with_hand_cards
after lost_pindian:
  gain own_card
""", """
patch: {0: {hand: [slash ♠2]}, 1: {hand: [jink ♦K]}, 2: {hand: []}}
expect:
  events: [{e: pindian, seat: 0, rival: 1, winner: 1},
           {e: move, seat: 0, to: hand, cards: [slash ♠2]}]
  state: {seats: {0: {hand: [slash ♠2]}}}
"""),
    P("modifier:fixed_distance_from", "fixed_distance_from 1 from others", """
turns: 0
expect:
  distance: [{from: 2, to: 0, is: 1}, {from: 0, to: 2, is: 2}]
  in_range: [{from: 2, to: 0, is: true}]
"""),
]
