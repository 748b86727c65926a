-- Support for the scenario tests sgs-tools emits (sgs export freekill); part of the package.
-- It serves a scenario's scripted answers to FreeKill's own questions, runs phases, and
-- holds the small checks the tests share. Unscripted questions go on to FreeKill, whose
-- test backend answers them with a cancel (decline, pass, end the play phase).
local M = {}

local prefix = ""

-- steps: { { player, "invoke" | "players", when (substring of the skill name) or nil, answer } }
function M.serve(room, skill_prefix, steps)
  prefix = skill_prefix
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
    return invoke(self, player, params)
  end
  local choose = room.askToChoosePlayers
  room.askToChoosePlayers = function(self, player, params)
    local step = take(player, "players", params and params.skill_name)
    if step then return step[4] end
    return choose(self, player, params)
  end
  return state
end

-- Every scripted answer must have been asked for.
function M.done(state)
  lu.assertEquals(#state.queue, 0, "a scripted answer was never asked for")
end

-- Run one phase of player's turn as FreeKill's game flow does.
function M.phase(room, player, phase)
  room:setCurrent(player)
  GameEvent.Phase:create(PhaseData:new{ who = player, reason = "game_rule", phase = phase }):exec()
end

-- The cards' names, in any order.
function M.same_names(ids, names)
  local got = {}
  for _, id in ipairs(ids) do got[#got + 1] = Fk:getCardById(id).trueName end
  local want = { table.unpack(names) }
  table.sort(got)
  table.sort(want)
  lu.assertEquals(got, want)
end

-- The card ended with the player (a draw or a take that the scenario expects).
function M.owns(player, id)
  return player.room:getCardOwner(id) == player
end

function M.used(player, skill)
  return player:usedSkillTimes(prefix .. skill, Player.HistoryGame) > 0
end

return M
