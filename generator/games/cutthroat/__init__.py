"""CutThroat!: hidden identities and life markers for 6-13 players with one standard deck
(seeds/002). Not registered yet: the rules engine comes first (issue 13)."""
