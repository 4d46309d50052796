"""The duel engine: rules of play, agents, logs, replays and scenarios (DESIGN.md, Engine)."""
