"""Designing the Dragon's route maps: CP-SAT draws legal maps, simulation ranks them.

- `spec`: the designer's knobs, the constraint language and the limits.
- `solving`: the CP-SAT model of the legal maps, distinct candidates drawn from it, and the
  constraints in conflict when no map meets them.
- `balance`: `generate_routes`, the ranking by the Dragon's score and its report.

The route map itself is maps.py; map_layout.py, art.py and mapsheet.py draw it.
docs/design-hunt.md explains the constraint language, the model and the ranking.
"""
