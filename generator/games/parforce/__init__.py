"""Parforcejagd: one stag against four hounds, four riders and a dog handler round a pond
(seeds/004). The board family is in board.py, the rules in rules.py; the game is not yet
registered (issue 12)."""
