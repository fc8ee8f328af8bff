"""Designing Fugitive decks: CP-SAT proposes Sprint values and events, the bots measure them.

- `spec`: the constraint language, its parsing, the limits, and `meets`, which measures a
  deck directly (without the model) so that every designed deck can be checked.
- `solving`: the CP-SAT model of the deck configurations (`build_deck_model`), the
  candidates drawn from it (`design_decks`) and the conflicting constraints when there is
  none.
- `balance`: `generate_decks`, playing and ranking the candidates beside the published
  deck, the report (`DeckReport`) and its text.

print.build_deck_kit writes the design folder. docs/design-fugitive.md explains the
constraint language.
"""
