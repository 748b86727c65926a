-- sgs-tools cross-check probe (test equipment, installed only into scratch FreeKill trees
-- by sgs_tools/export/freekill/crosscheck.py, never part of an exported package): counts
-- which cards are used or played and which skills take effect in a whole AI game, so the
-- check can tell that the exported cards and skills were really in play.
local extension = Package:new("sgs_probe", Package.SpecialPack)
extension:loadSkillSkelsByPath("./packages/sgs_probe/skills")
return extension
