"""Fugitive deck design: every deck the designer returns meets every constraint, measured on
the deck itself (`meets`, plain Python, never the CP-SAT model); half-three agrees with a
brute-force count of pairs; ranking, the report, and `quarry generate deck`."""

import json
from itertools import combinations

import numpy as np
import pytest

from generator.errors import QuarryError
from generator.games.fugitive.bots import fugitive_win_rate
from generator.games.fugitive.cards import (
    EVENT_KEYS,
    EVENT_VARIANTS,
    PILED_VARIANTS,
    DeckConfig,
    load_config,
    published,
)
from generator.games.fugitive.design import solving
from generator.games.fugitive.design.balance import generate_decks, report_text
from generator.games.fugitive.design.solving import build_deck_model, design_decks
from generator.games.fugitive.design.spec import (
    ACCEPTED,
    PAIR_CARDS,
    PAIRS,
    DeckBase,
    meets,
    parse_constraint,
    parse_constraints,
    three_pairs,
    variant_of,
)
from generator.solve.cpsat import solve
from tests.games import conflicts
from tests.test_cli_errors import assert_nothing_written, one_error_line

# --- the language ----------------------------------------------------------------------------
WORDS = [
    "ones>=20",
    "pile1-zeros<=3",
    "pile2-twos=7",
    "pile3-threes>=1",
    "start-fours<=2",
    "fives=0",
    "total>=60",
    "pile1-total<=20",
    "max-run<=3",
    "pile3-max-run>=4",
    "half-three",
    "half-three<=0.5",
    "half-three<=1",
    "half-three<=12.25",
    "values=1..3",
    "published-start",
    "variant=random",
    "events>=6",
    "fugitive-events<=2",
    "marshal-events=3",
    "neutral-events>=1",
    "events-balance<=1",
    "event=safe-house",
    "no-event=dragnet",
    "pile1-events<=1",
    "pile2-events>=2",
    "pile3-events=0",
    "pile-events>=4",
    "pile-spread<=1",
]


@pytest.mark.parametrize("text", WORDS)
def test_every_constraint_word_parses_and_its_canonical_text_round_trips(text):
    constraint = parse_constraint(text)
    assert constraint.text == text
    assert parse_constraint(constraint.text) == constraint
    assert parse_constraint(f"  {text.upper()} ") == constraint


def test_constraint_text_is_normalised():
    assert parse_constraint(" Pile1 - Events == 2 ").text == "pile1-events=2"
    assert parse_constraint("HALF-THREE<=2").text == "half-three"  # the default tolerance
    assert parse_constraint("half-three<=0.10").text == "half-three<=0.1"
    texts = ["events>=6", "EVENTS >= 6", "variant=random"]
    assert [c.text for c in parse_constraints(texts)] == ["events>=6", "variant=random"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ones>=44", "K must be 0 to 43 for all cards 0-42"),
        ("pile1-twos>=12", "K must be 0 to 11 for pile1 (4-14)"),
        ("max-run<=0", "K must be 1 to 43"),
        ("half-three<=51", "T must be 0 to 50"),
        ("values=3..2", "0 <= A <= B <= 5"),
        ("variant=chaos", "the variant must be one of none, random, discovery"),
        ("events>=11", "K must be 0 to 10 for the events in play"),
        ("fugitive-events<=5", "K must be 0 to 4 for the fugitive events in play"),
        ("neutral-events=3", "K must be 0 to 2 for the neutral events in play"),
        ("events-balance<=5", "K must be 0 to 4"),
        ("pile2-events>=11", "K must be 0 to 10 for the events shuffled into pile2"),
        ("pile-spread<=-1", "K must be 0 to 10"),
        ("event=ambush", "no event 'ambush'; the events are safe-house, false-lead"),
        ("start-events>=1", "or per pile (pile1-events, pile2-events, pile3-events), not in start"),
        ("pile1-fugitive-events>=1", "not in pile1"),
        ("sevens>=2", "unknown constraint"),
        ("events>6", "unknown constraint"),
        ("events-in-pile1<=1", "unknown constraint"),
        ("half-three>=1", "unknown constraint"),
    ],
)
def test_bad_constraint_words_are_refused_before_solving_naming_what_is_accepted(
    text, expected, monkeypatch
):
    def no_solving(*args, **kwargs):
        raise AssertionError("solved before refusing")

    monkeypatch.setattr(solving, "solve", no_solving)
    with pytest.raises(QuarryError) as caught:
        generate_decks(["variant=random", "half-three", text], seed=1)
    message = str(caught.value)
    assert expected in message and "\n" not in message
    if expected == "unknown constraint":
        assert message.endswith(ACCEPTED)
        for word in ("events", "event=KEY", "pile1-events", "pile-spread", "events-balance"):
            assert word in ACCEPTED


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (["events>=6"], "needs variant=random, variant=discovery"),
        (["variant=none", "event=dragnet"], "not variant=none"),
        (["variant=discovery", "pile1-events<=1"], "needs variant=random, variant=helpful"),
        (["variant=catchup", "pile-spread<=1"], "not variant=catchup"),
        (["variant=random", "variant=catchup"], "variant=random, variant=catchup; drop"),
    ],
)
def test_event_words_need_a_variant_that_uses_them(texts, expected):
    with pytest.raises(QuarryError, match=expected):
        parse_constraints(texts)


def test_events_in_play_words_are_accepted_for_every_variant_with_events():
    for variant in EVENT_VARIANTS:
        parse_constraints([f"variant={variant}", "events>=4", "no-event=dragnet"])
    for variant in PILED_VARIANTS:
        parse_constraints([f"variant={variant}", "pile1-events<=2", "pile-spread<=1"])


# --- half-three against brute force ----------------------------------------------------------
def brute_pairs(sprint):
    return sum(1 for a, b in combinations(PAIR_CARDS, 2) if sprint[a] + sprint[b] == 3)


def brute_half_three(sprint, hundredths):
    """Is the share of pairs adding up to 3 within `hundredths`/100 points of 1/2?"""
    share = brute_pairs(sprint) / PAIRS
    return abs(share - 0.5) * 10000 <= hundredths + 1e-9


def test_half_three_counts_pairs_like_brute_force():
    assert PAIRS == len(list(combinations(PAIR_CARDS, 2))) == 703
    rng = np.random.default_rng(5)
    for _ in range(40):
        sprint = tuple(int(v) for v in rng.integers(0, 6, size=43))
        assert three_pairs(sprint) == brute_pairs(sprint)
        for text in ("half-three", "half-three<=1", "half-three<=10", "half-three<=25"):
            constraint = parse_constraint(text)
            assert meets(DeckConfig(sprint), constraint) == brute_half_three(
                sprint, constraint.bound
            )


def test_the_published_deck_meets_the_plain_half_three_as_the_tip_claims():
    sprint = published().sprint
    assert brute_pairs(sprint) == 361  # 19 odd (+1) times 19 even (+2) among 4-41
    assert abs(361 / 703 - 0.5) == pytest.approx(0.01351, abs=1e-5)
    assert meets(published(), parse_constraint("half-three"))
    assert not meets(published(), parse_constraint("half-three<=1"))


@pytest.mark.parametrize("text", ["half-three", "half-three<=1", "half-three<=0.1"])
def test_the_half_three_model_admits_exactly_the_decks_brute_force_admits(text):
    """Values 1 or 2: a deck's pairs depend only on how many of 4-41 are +1; for each count
    the model is feasible exactly when brute force says such a deck meets the constraint."""
    constraint = parse_constraint(text)
    admitted = []
    for ones in range(len(PAIR_CARDS) + 1):
        sprint = tuple(1 if c in PAIR_CARDS[:ones] else 2 for c in range(43))
        expected = brute_half_three(sprint, constraint.bound)
        dm = build_deck_model([constraint])
        dm.model.add(dm.count(PAIR_CARDS, 1) == ones)
        assert (solve(dm.model, dm.primary, 10.0) is not None) == expected, ones
        admitted.append(expected)
    assert any(admitted) and not all(admitted)


# --- designed decks --------------------------------------------------------------------------
DESIGNED = [
    [],
    ["half-three"],
    ["half-three<=0.1", "pile3-max-run<=2", "published-start"],
    ["values=1..3", "threes>=4", "pile1-total<=18", "max-run<=3"],
    ["variant=random"],
    ["variant=random", "events<=8", "event=dragnet", "no-event=safe-house"],
    ["variant=random", "pile1-events<=1", "pile-events>=4", "events-balance<=0", "half-three"],
    ["variant=random", "events=5", "pile-spread<=0"],
    ["variant=helpful-fugitive", "fugitive-events=3", "pile-spread<=1"],
    ["variant=helpful-marshal", "pile3-events=0", "marshal-events>=3"],
    ["variant=helpful-fugitive", "no-event=lie-low"],
    ["variant=catchup", "neutral-events=0", "events>=5", "pile2-ones>=8"],
    ["variant=discovery", "events<=3", "event=windfall", "fugitive-events>=1"],
]


@pytest.mark.parametrize("constraints", DESIGNED, ids=lambda c: "+".join(c) or "none")
def test_designed_decks_are_distinct_usable_and_meet_every_constraint(constraints):
    decks = design_decks(constraints, seed=3, candidates=8)
    assert len(decks) == len(set(decks)) == 8
    parsed = parse_constraints(constraints)
    variant = variant_of(parsed)
    for config in decks:
        assert config.problem() is None, config.problem()
        assert DeckConfig.from_json(json.loads(json.dumps(config.to_json()))) == config
        assert config.variant == variant
        for constraint in parsed:
            assert meets(config, constraint), (constraint.text, config.to_json())
        if "values=1..3" not in constraints:
            assert set(config.sprint) <= {1, 2}


def test_without_event_words_the_events_are_as_the_rule_text_says():
    for variant in ("none", "random", "helpful-marshal", "catchup"):
        for config in design_decks([f"variant={variant}"], seed=2, candidates=3):
            assert config.events == EVENT_KEYS and config.events_per_pile is None
    for config in design_decks(["variant=random", "events>=7"], seed=2, candidates=3):
        assert config.events_per_pile is None and config.pile_counts() == (2, 2, 2)


def test_variety_between_candidates_includes_the_event_choices():
    decks = design_decks(["variant=random", "pile-events<=6"], seed=4, candidates=8)
    assert len({c.events for c in decks}) == 1  # no events word: all 10 in play
    assert len({c.events_per_pile for c in decks}) >= 3
    decks = design_decks(["variant=discovery", "events<=6"], seed=4, candidates=8)
    assert len({c.events for c in decks}) >= 4
    # With the Sprint values pinned, the candidates differ only by their events.
    pinned = [f"pile{p}-ones=0" for p in (1, 2, 3)] + ["start-ones=0"]
    decks = design_decks(["variant=catchup", "events>=9", *pinned], seed=1, candidates=20)
    assert len(decks) == 11  # all 10, or one of the 10 set aside
    assert len({c.sprint for c in decks}) == 1


def test_same_seed_same_decks_and_seeds_vary():
    constraints = ["variant=random", "events<=8", "half-three"]
    first = design_decks(constraints, seed=11, candidates=4)
    assert design_decks(constraints, seed=11, candidates=4) == first
    firsts = {design_decks(constraints, seed=s, candidates=1)[0] for s in range(5)}
    assert len(firsts) == 5


def test_fewer_decks_than_asked_when_fewer_exist():
    pinned = ["ones=0"]  # every value +2: the decks differ only by their events in play
    decks = design_decks(["variant=discovery", "events>=9", *pinned], seed=1, candidates=50)
    assert len(decks) == len(set(decks)) == 11


# --- refusals --------------------------------------------------------------------------------
INFEASIBLE = [
    (["ones>=30", "twos>=20"], ["ones>=30", "twos>=20"]),
    (
        ["half-three<=0.1", "pile1-ones=0", "pile2-ones=0", "published-start"],
        ["half-three<=0.1", "pile1-ones=0", "pile2-ones=0"],
    ),
    (["variant=random", "events<=4", "half-three"], ["events<=4"]),
    (
        ["variant=random", "pile1-events>=5", "events<=4", "max-run<=3"],
        ["pile1-events>=5", "events<=4"],
    ),
    (
        ["variant=helpful-fugitive", "fugitive-events=2", "pile1-events>=3", "pile-spread<=3"],
        ["fugitive-events=2", "pile1-events>=3"],
    ),
    (
        ["variant=catchup", "events-balance<=0", "fugitive-events=4", "no-event=dragnet"],
        ["events-balance<=0", "fugitive-events=4", "no-event=dragnet"],
    ),
    (["variant=helpful-marshal", "marshal-events<=0", "events>=2"], ["marshal-events<=0"]),
]


@pytest.mark.parametrize(("constraints", "named"), INFEASIBLE, ids=lambda c: "+".join(c))
def test_infeasible_constraints_name_a_smallest_conflicting_set(constraints, named):
    with pytest.raises(QuarryError) as caught:
        design_decks(constraints, seed=1)
    message = str(caught.value)
    assert "\n" not in message and message.startswith("no deck meets these constraints")
    listed = message.split(": ", 1)[1].split("; drop")[0].split(", ")
    assert sorted(listed) == sorted(named)
    parsed = parse_constraints(constraints)
    base = DeckBase.of(parsed)  # what the message's parenthesis says stays in force
    by_text = {c.text: c for c in parsed}
    assert solve(build_deck_model([by_text[t] for t in named], base).model, [], 10.0) is None
    for dropped in named:
        rest = [c for c in parsed if c.text != dropped]
        assert solve(build_deck_model(rest, base).model, [], 10.0) is not None, dropped


def test_the_message_says_what_the_variant_and_defaults_keep_in_force():
    with pytest.raises(QuarryError) as caught:
        design_decks(["variant=random", "events<=4"], seed=1)
    assert "random shuffles 2 events into each pile" in str(caught.value)
    with pytest.raises(QuarryError) as caught:
        design_decks(["variant=helpful-marshal", "marshal-events<=0"], seed=1)
    assert "helpful-marshal needs at least one marshal event in play" in str(caught.value)


# --- contradictory constraints: one line naming them as written, before any game ----------
DEFAULT_VALUES_NOTE = "(Sprint values 1 or 2 unless values=A..B is given)"


def named(message: str) -> list[str]:
    return conflicts.named(message, "deck", r"(?: \([^)]*\))?")


def no_games(config, games, seed):
    raise AssertionError("a game was played before the conflict was named")


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (["pile1-twos=3", "Pile1-Twos = 5"], ["pile1-twos=3", "Pile1-Twos = 5"]),
        (["max-run>=5", "half-three", "max-run<=2"], ["max-run>=5", "max-run<=2"]),
        (["values=1..1", "values=2..2"], ["values=1..1", "values=2..2"]),
        (["variant=random", "event=dragnet", "no-event = dragnet"],
         ["event=dragnet", "no-event = dragnet"]),
        (["variant=random", "ones>=4", "Variant=catchup"], ["variant=random", "Variant=catchup"]),
    ],
)  # fmt: skip
def test_two_constraints_that_cannot_both_hold_are_named_as_written(texts, expected):
    with pytest.raises(QuarryError) as caught:
        generate_decks(texts, seed=1, candidates=2, games=1, scorer=no_games)
    assert named(str(caught.value)) == expected


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        # Sprint values are 1 or 2 unless values=A..B says otherwise
        (["half-three", "threes>=1"], f"together {DEFAULT_VALUES_NOTE}: threes>=1; drop"),
        (["total>=100"], f"together {DEFAULT_VALUES_NOTE}: total>=100; drop"),
        # the rule's random variant shuffles 2 events into each pile: 6 in play at least
        (["variant=random", "events<=4"], "random shuffles 2 events into each pile): events<=4;"),
        # the events in play are a word of the variants with events, not of the default none
        (["Events >= 6"], "constraint 'Events >= 6' is about the events in play"),
        # pile 1 holds 11 Hideouts
        (["pile1-ones>=12"], "K must be 0 to 11 for pile1 (4-14)"),
    ],
)
def test_a_constraint_against_a_default_or_a_limit_names_it(texts, expected):
    with pytest.raises(QuarryError) as caught:
        generate_decks(texts, seed=1, candidates=2, games=1, scorer=no_games)
    assert expected in str(caught.value) and "\n" not in str(caught.value)


def test_three_constraints_that_conflict_only_together_are_named_together():
    # Pile 1 holds 11 Hideouts: 5 at +1, 4 at +2 and 3 at +3 make 12. Any two fit.
    three = ["pile1-ones>=5", "pile1-twos>=4", "pile1-threes>=3"]
    base = DeckBase.of(parse_constraints(["values=1..3", *three]))
    for pair in combinations(three, 2):
        model = build_deck_model(parse_constraints(["values=1..3", *pair]), base).model
        assert solve(model, [], 10.0) is not None, pair
    with pytest.raises(QuarryError) as caught:
        generate_decks(["values=1..3", *three], seed=1, games=1, scorer=no_games)
    assert named(str(caught.value)) == three


def test_a_constraint_written_twice_is_one_constraint():
    texts = ["half-three<=2", "Half-Three", "half-three", "pile1-twos>=3", "pile1-twos >= 3"]
    report = generate_decks(texts, seed=1, candidates=2, games=1, scorer=FakeScorer())
    assert report.constraints == ("half-three", "pile1-twos>=3") and len(report.ranked) == 2


def test_the_cli_names_contradictory_constraints_in_one_line_and_writes_nothing(quarry, tmp_path):
    out = tmp_path / "out"
    args = ["--games", "1", "--candidates", "1", "--constraint", "pile1-twos=3"]
    done = quarry("generate", "deck", *args, "--constraint", "pile1-twos = 5", "--out", out)
    assert one_error_line(done) == (
        f"quarry: error: no deck meets these constraints together {DEFAULT_VALUES_NOTE}: "
        "pile1-twos=3, pile1-twos = 5; drop or loosen one of them"
    )
    assert_nothing_written(out)


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        ({"candidates": 0}, "candidates must be 1 to 50"),
        ({"candidates": 51}, "candidates must be 1 to 50"),
        ({"games": 0}, "games must be 1 to 100000"),
        ({"target": 1.5}, "target must be a win rate from 0 to 1"),
    ],
)
def test_counts_out_of_range_are_refused(kwargs, expected):
    with pytest.raises(QuarryError, match=expected):
        generate_decks([], seed=1, **kwargs)


# --- ranking and the report ------------------------------------------------------------------
class FakeScorer:
    """A deterministic stand-in for the bots: more Sprint and more events in play, a higher
    Fugitive win rate; records every call."""

    def __init__(self):
        self.calls = []

    def __call__(self, config, games, seed):
        self.calls.append((config, games, seed))
        value = (sum(config.sprint) - 43) / 43 + len(config.events) / 100
        return {"value": value, "ci95": [value - 0.05, value + 0.05]}


def test_generate_decks_ranks_by_distance_to_the_target_beside_the_published_deck():
    scorer = FakeScorer()
    constraints = ["variant=random", "events>=6", "pile-spread<=1"]
    report = generate_decks(constraints, seed=2, target=0.45, games=77, scorer=scorer)
    distances = [r.distance for r in report.ranked]
    assert distances == sorted(distances)
    for entry in report.ranked:
        assert entry.distance == pytest.approx(abs(entry.score["value"] - 0.45))
    assert report.best is report.ranked[0]
    assert sorted(r.found for r in report.ranked) == list(range(1, 9))
    # The published deck is measured the same way: same games, same seed.
    assert {(games, seed) for _, games, seed in scorer.calls} == {(77, 2)}
    assert scorer.calls[-1][0] == published("random") == report.published.config
    assert report.published_breaks == ()
    data = report.to_json()
    assert data["best"]["deck"] == report.best.config.to_json()
    assert data["best"]["events"] == list(report.best.config.events)
    assert data["best"]["events_per_pile"] == list(report.best.config.pile_counts())
    assert data["published"]["events_per_pile"] == [2, 2, 2]
    text = report_text(report)
    assert text.count("events: ") == 9  # a line under each candidate and the published deck
    assert "events: all 10 in play; into piles 1/2/3: 2/2/2 (the rule's)" in text
    assert f"{report.best.score['value']:.3f} ± 0.050" in text


def test_the_report_shows_no_events_for_the_variant_none_and_names_what_published_breaks():
    report = generate_decks(["half-three<=1"], seed=1, candidates=2, scorer=FakeScorer())
    text = report_text(report)
    assert "events:" not in text and "events" not in report.to_json()["best"]
    assert report.published_breaks == ("half-three<=1",)
    assert "(the published deck breaks: half-three<=1)" in text


def test_the_report_says_when_fewer_decks_exist():
    report = generate_decks(["ones=0", "variant=discovery", "events>=10"], 1, scorer=FakeScorer())
    assert len(report.ranked) == 1 and "only 1 of 8" in report_text(report)


def test_the_win_rate_plays_the_decks_own_events():
    fewer = DeckConfig(published().sprint, "discovery", ("informant",))
    assert fugitive_win_rate(fewer, 6, 9) != fugitive_win_rate(published("discovery"), 6, 9)


def test_generate_decks_with_the_bots():
    constraints = ["variant=random", "events<=8", "pile-spread<=1"]
    report = generate_decks(constraints, seed=3, candidates=2, games=6)
    assert len(report.ranked) == 2
    for entry in (*report.ranked, report.published):
        low, high = entry.score["ci95"]
        assert low <= entry.score["value"] <= high
    assert report.ranked[0].distance <= report.ranked[1].distance
    assert generate_decks(constraints, seed=3, candidates=2, games=6) == report


# --- the command line ------------------------------------------------------------------------


def test_generate_deck_writes_a_deck_json_that_simulate_accepts(root, tmp_path, quarry):
    done = quarry(
        "generate",
        "deck",
        "--constraint",
        "variant=helpful-marshal",
        "--constraint",
        "marshal-events>=3",
        "--constraint",
        "pile1-events<=1",
        "--games",
        "4",
        "--candidates",
        "2",
        "--seed",
        "5",
        "--out",
        str(tmp_path),
    )
    assert done.returncode == 0, done.stderr
    assert "events: " in done.stdout and "into piles 1/2/3" in done.stdout
    folder = tmp_path / "fugitive-deck"
    config = load_config(folder / "deck.json")
    assert config.variant == "helpful-marshal" and config.events_per_pile[0] <= 1
    report = json.loads((folder / "report.json").read_text())
    assert report["best"]["deck"] == config.to_json()
    simulated = quarry("simulate", "fugitive", "--deck", str(folder / "deck.json"), "--games", "3")
    assert simulated.returncode == 0, simulated.stderr
    assert "variant=helpful-marshal" in simulated.stdout
    # The folder keeps the design and its report; the cards to print are the kit's
    # (quarry kit fugitive --design, tests/games/fugitive/test_table.py).
    from pypdf import PdfReader

    assert not list(folder.glob("cards-*.pdf")) and not list(folder.glob("events-*.pdf"))
    assert (folder / "report.txt").read_text() in done.stdout
    report_page = PdfReader(folder / "report-a4.pdf").pages[0].extract_text()
    assert "Fugitive: designed decks" in report_page and "published" in report_page
    assert f"quarry kit fugitive --design {folder}" in done.stdout


@pytest.mark.parametrize(
    "constraint",
    ["events>=6", "pile1-events>=11", "sevens>=2", "variant=random,events<=3"],
)
def test_generate_deck_refuses_bad_constraints_in_one_line_and_writes_nothing(
    root, tmp_path, constraint, quarry
):
    args = ["generate", "deck", "--games", "2", "--candidates", "1", "--out", str(tmp_path)]
    for text in constraint.split(","):
        args += ["--constraint", text]
    done = quarry(*args)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("quarry: error:")
    assert "Traceback" not in done.stderr and not done.stdout
    assert list(tmp_path.iterdir()) == []
