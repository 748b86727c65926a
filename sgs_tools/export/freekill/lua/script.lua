-- Support for the scenario tests sgs-tools emits (sgs export freekill); part of the package.
-- It answers a scenario's scripted decisions when FreeKill asks them, runs phases and turns
-- with FreeKill's own game events, and holds the checks the tests share. Unscripted
-- questions go on to FreeKill, whose test backend answers them with a cancel (decline,
-- pass, end the play phase) — the scenarios' default too.
local M = {}

local first_event = 0
local claimed = {}  -- cards an earlier scripted use already spends are not picked again

-- steps: { { player, "invoke" | "players" | "choice" | "give", when (part of the skill
--            name, or for "give" the card's name) or nil, answer } } in the order the
--            scenario scripts them.
-- default: the answer to unscripted yes/no questions (nil: FreeKill's test default, no).
function M.serve(room, default, steps)
  claimed = {}
  first_event = #room.logic.all_game_events
  local state = { queue = steps }
  local function take(player, kind, skill)
    local step = state.queue[1]
    if step == nil or step[1] ~= player or step[2] ~= kind then return nil end
    if step[3] ~= nil and (skill == nil or not skill:find(step[3], 1, true)) then return nil end
    table.remove(state.queue, 1)
    return step
  end
  local invoke = room.askToSkillInvoke
  room.askToSkillInvoke = function(self, player, params)
    local step = take(player, "invoke", params and params.skill_name)
    if step then return step[4] end
    if default ~= nil then return default end
    return invoke(self, player, params)
  end
  local choose = room.askToChoosePlayers
  room.askToChoosePlayers = function(self, player, params)
    local step = take(player, "players", params and params.skill_name)
    if step then return step[4] end
    return choose(self, player, params)
  end
  local choice = room.askToChoice
  room.askToChoice = function(self, player, params)
    local step = state.queue[1]
    if step and step[1] == player and step[2] == "choice" then
      for _, label in ipairs(step[4]) do
        if table.contains(params.choices or {}, label) then
          table.remove(state.queue, 1)
          return label
        end
      end
    end
    return choice(self, player, params)
  end
  -- a distribution: each scripted { player, "give", card name, to } hands one card out
  local yiji = room.askToYiji
  room.askToYiji = function(self, player, params)
    local list, pending, given = {}, table.simpleClone(params.cards or {}), false
    while true do
      local step = state.queue[1]
      if step == nil or step[1] ~= player or step[2] ~= "give" then break end
      local id = table.find(pending, function(i)
        local c = Fk:getCardById(i)
        return c.trueName == step[3] or c.name == step[3]
      end)
      if id == nil then break end
      table.remove(state.queue, 1)
      table.removeOne(pending, id)
      list[step[4].id] = list[step[4].id] or {}
      table.insert(list[step[4].id], id)
      given = true
    end
    if not given then return yiji(self, player, params) end
    self:doYiji(list, player, params.skill_name)
    if #pending > 0 then
      local others = table.simpleClone(params)
      others.cards = pending
      local rest = yiji(self, player, others)
      for pid, ids in pairs(rest) do
        list[pid] = table.connect(list[pid] or {}, ids)
      end
    end
    return list
  end
  return state
end

-- The reply using an active skill: the scripted cards and targets, then (like our engine's
-- default) the first legal ones in seat order until the skill has enough.
function M.use_skill(player, name, cards, targets)
  local skill = Fk.skills[name]
  for _, id in ipairs(player:getCardIds("he")) do
    if #cards >= skill:getMinCardNum(player) then break end
    if not table.contains(cards, id) and not claimed[id] and skill:cardFilter(player, id, cards) then
      cards[#cards + 1] = id
    end
  end
  for _, id in ipairs(cards) do claimed[id] = true end
  for _, p in ipairs(player.room.alive_players) do
    if #targets >= skill:getMinTargetNum(player) then break end
    if not table.contains(targets, p) and skill:targetFilter(player, p, targets, cards) then
      targets[#targets + 1] = p
    end
  end
  return { card = { skill = name, subcards = cards }, targets = table.map(targets, Util.IdMapper) }
end

-- Every scripted answer must have been asked for.
function M.done(state)
  lu.assertEquals(#state.queue, 0, "a scripted answer was never asked for")
end

-- A seat the scenario does not have (or a dead one): out of the game, so distances match.
function M.leave(room, player)
  player.dead = true
  table.removeOne(room.alive_players, player)
end

-- One phase of player's turn, as FreeKill's game flow runs it.
function M.phase(room, player, phase)
  room:setCurrent(player)
  GameEvent.Phase:create(PhaseData:new{ who = player, reason = "game_rule", phase = phase }):exec()
end

-- A whole turn.
function M.turn(room, player)
  room:setCurrent(player)
  GameEvent.Turn:create(TurnData:new(player, "game_rule")):exec()
end

local function events(room, kind)
  local out = {}
  for _, e in ipairs(room.logic.event_recorder[GameEvent[kind]] or {}) do
    if e.id > first_event then out[#out + 1] = e end
  end
  return out
end

-- How many recorded events of a kind (since the table was set) pass the test on their data.
function M.count(room, kind, test)
  local n = 0
  for _, e in ipairs(events(room, kind)) do
    if test(e.data) then n = n + 1 end
  end
  return n
end

-- The card moved to that area of that player (since the table was set).
function M.went(player, id, area)
  for _, e in ipairs(events(player.room, "MoveCards")) do
    for _, move in ipairs(e.data) do
      if move.to == player and move.toArea == area then
        for _, info in ipairs(move.moveInfo) do
          if info.cardId == id then return true end
        end
      end
    end
  end
  return false
end

-- A judgement card passing the test was revealed (FreeKill's judge record keeps only the
-- final card after a retrial; the reveal is the card's move to the processing area).
function M.revealed(room, test)
  for _, e in ipairs(events(room, "MoveCards")) do
    for _, move in ipairs(e.data) do
      if move.toArea == Card.Processing and move.moveReason == fk.ReasonJudge then
        for _, info in ipairs(move.moveInfo) do
          if test(Fk:getCardById(info.cardId)) then return true end
        end
      end
    end
  end
  return false
end

-- The card went to the discard pile (since the table was set).
function M.discarded(room, id)
  for _, e in ipairs(events(room, "MoveCards")) do
    for _, move in ipairs(e.data) do
      if move.toArea == Card.DiscardPile then
        for _, info in ipairs(move.moveInfo) do
          if info.cardId == id then return true end
        end
      end
    end
  end
  return false
end

local function match_all(ids, tests)
  local used = {}
  for _, test in ipairs(tests) do
    local found = false
    for i, id in ipairs(ids) do
      if not used[i] and test(Fk:getCardById(id)) then
        used[i] = true
        found = true
        break
      end
    end
    if not found then return false end
  end
  return true
end

-- Exactly these cards (one test each), in any order.
function M.holds(ids, tests)
  lu.assertEquals(#ids, #tests, "number of cards")
  lu.assertTrue(match_all(ids, tests), "the cards differ")
end

-- The pile starts with these cards, top first.
function M.on_top(pile, tests)
  for i, test in ipairs(tests) do
    lu.assertTrue(pile[i] ~= nil and test(Fk:getCardById(pile[i])), "card " .. i .. " of the pile")
  end
end

-- The pile holds these cards.
function M.contains(pile, tests)
  lu.assertTrue(match_all(pile, tests), "the pile lacks a card")
end

return M
