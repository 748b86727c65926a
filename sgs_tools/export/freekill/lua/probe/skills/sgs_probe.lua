-- One line on stderr per card used or played and per skill that takes effect:
--   [warn] sgs-probe use <card name>  /  [warn] sgs-probe skill <skill name>
local skel = fk.CreateSkill{ name = "#sgs_probe" }

local function card_seen(self, event, target, player, data)
  fk.qWarning("sgs-probe use " .. data.card.name)
end

skel:addEffect(fk.CardUseFinished, {
  global = true,
  can_refresh = function(self, event, target, player, data)
    return target == player and data.card ~= nil
  end,
  on_refresh = card_seen,
})

skel:addEffect(fk.CardRespondFinished, {
  global = true,
  can_refresh = function(self, event, target, player, data)
    return target == player and data.card ~= nil
  end,
  on_refresh = card_seen,
})

skel:addEffect(fk.AfterSkillEffect, {
  global = true,
  can_refresh = function(self, event, target, player, data)
    return target == player and data.skill ~= nil
  end,
  on_refresh = function(self, event, target, player, data)
    local skill = data.skill
    local owner = skill.getSkeleton and skill:getSkeleton()
    fk.qWarning("sgs-probe skill " .. (owner and owner.name or skill.name))
  end,
})

return skel
