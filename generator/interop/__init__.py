"""The package that presents our games to outside frameworks (OpenSpiel, PettingZoo).

Everything here is built on each game's own GameState (generator/engine/game.py): no rule is
written a second time. `encoding.py` numbers actions for frameworks that want integer ids;
`openspiel.py` registers each game with OpenSpiel and is the only module that imports
pyspiel (the optional `openspiel` extra).
"""
