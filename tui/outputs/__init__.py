"""What a game gives out besides its screen: a side's briefing, the state as a report, and a what-if branch of it."""
