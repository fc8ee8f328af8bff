"""The game-agnostic engine: the game protocol, records and replay, simulation, statistics."""
