"""What every rule set shares: explanations, data loading, dice, the phase machine."""
