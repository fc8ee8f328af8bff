"""CP-SAT helpers shared by every game: solve with a limit, certify uniqueness, explain."""
