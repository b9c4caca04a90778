"""Win rates and their 95% Wilson intervals, unknown deals widening the interval."""

from __future__ import annotations

import pytest

from parlour.stats.rates import rate


def test_wilson_interval_matches_published_values() -> None:
    # 3 successes in 10 trials: 0.1078 to 0.6032 (Wilson 1927; Newcombe 1998, table I).
    r = rate({"won": 3, "lost": 7})
    assert r.win_rate == pytest.approx(0.3)
    assert r.ci_low == pytest.approx(0.1078, abs=1e-4)
    assert r.ci_high == pytest.approx(0.6032, abs=1e-4)


def test_no_wins_still_has_an_upper_bound() -> None:
    r = rate({"lost": 10})
    assert r.win_rate == 0.0
    assert r.ci_low == pytest.approx(0.0, abs=1e-12)
    assert r.ci_high == pytest.approx(0.2775, abs=1e-4)


def test_unknown_deals_count_as_lost_below_and_won_above() -> None:
    r = rate({"won": 3, "lost": 5, "unknown": 2})
    assert (r.deals, r.won, r.lost, r.unknown) == (10, 3, 5, 2)
    assert r.win_rate == pytest.approx(0.3)
    assert r.ci_low == pytest.approx(0.1078, abs=1e-4)  # as if 3 of 10
    assert r.ci_high == pytest.approx(0.7634, abs=1e-4)  # as if 5 of 10


def test_unknowns_widen_the_interval_beyond_the_decided_deals() -> None:
    decided = rate({"won": 30, "lost": 70})
    undecided = rate({"won": 30, "lost": 60, "unknown": 10})
    assert undecided.ci_low is not None and decided.ci_low is not None
    assert undecided.ci_high is not None and decided.ci_high is not None
    assert undecided.ci_low == pytest.approx(decided.ci_low)
    assert undecided.ci_high > decided.ci_high


def test_draws_leave_the_rate_of_decided_games() -> None:
    r = rate({"won": 3, "lost": 7, "draw": 90})
    assert (r.deals, r.draw) == (100, 90)
    assert r.win_rate == pytest.approx(0.3)


def test_nothing_decided_has_no_rate() -> None:
    r = rate({"draw": 4})
    assert (r.win_rate, r.ci_low, r.ci_high) == (None, None, None)
    assert rate({}).deals == 0
