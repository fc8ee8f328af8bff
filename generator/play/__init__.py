"""Playing against the bots: `quarry play GAME`, on screen or at the table.

session.py holds one game between a person and our bots (chance, the bots' moves, the
person's moves, undo, the record written as it goes, what the bots believed); presenters/
draws each game for one seat; screen.py is the terminal program that plays it on screen.
"""
