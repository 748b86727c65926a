"""Export to FreeKill (新月杀): an extension package of Lua generated from the hook IR."""
