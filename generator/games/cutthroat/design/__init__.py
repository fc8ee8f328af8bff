"""Designing CutThroat! variants: CP-SAT proposes the tunable numbers, the bots measure them.

- `spec`: the tunable numbers, the constraint language and the limits.
- `solving`: the CP-SAT model, candidates spread over the ranges or near a leader, and the
  constraints in conflict when there is none.
- `balance`: `generate_variant`, the measuring and ranking, and its report.
- `chart`: each turn position's share of the win, chosen beside published, as SVG.
- `folder`: `build_design_kit`, the design folder (report page, JSON, text).

docs/design-cutthroat.md explains the constraint language, the model and the ranking.
"""
