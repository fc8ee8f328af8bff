"""`python -m generator` runs the quarry CLI."""

from generator.cli import main

main()
