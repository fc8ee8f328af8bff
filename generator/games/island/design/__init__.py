"""Designing islands: CP-SAT lays out the board, the balance loop tunes it by simulation.

- `spec`: the designer's knobs, the constraint language and the limits.
- `layout`: the CP-SAT model of an island (zones, water, camp, summits, hiding, boats).
- `solving`: solving that model, and naming the constraints in conflict when it cannot.
- `balance`: `generate_island`, the balance loop and its report.

docs/design-island.md explains the model, the summit rule and the balance search.
"""
