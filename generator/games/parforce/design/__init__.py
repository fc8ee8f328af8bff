"""Designing hunting boards: CP-SAT lays out the board, the balance loop picks by simulation.

- `spec`: the designer's knobs, the constraint language and the limits.
- `layout`: the CP-SAT model of a board (pond, thickets, start squares, the stag's lap).
- `solving`: solving that model, and naming the constraints in conflict when it cannot.
- `balance`: `generate_hunting_board`, the balance loop and its report.
- `folder`: `build_design_kit`, the design folder.

docs/design-parforce.md explains the constraint language, the model and the balance loop.
"""
