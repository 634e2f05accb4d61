"""Pure computation for tslab: numpy and networkx only, never Qt (a test enforces it)."""
