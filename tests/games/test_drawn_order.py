"""The orders drawn for the searches' later stages (`drawn_order`): the same from the same
draw on every run, different from another draw, and always a reordering."""

from __future__ import annotations

from parlour.games.drawn_order import shuffle


def drawn(items: list[int], draw: int) -> tuple[list[int], int]:
    shuffled = list(items)
    return shuffled, shuffle(shuffled, draw)


def test_a_draw_reorders_the_same_way_every_time_and_says_the_next_draw() -> None:
    items = list(range(10))
    first, after = drawn(items, 7)
    assert drawn(items, 7) == (first, after)
    assert sorted(first) == items and first != items
    assert after != 7 and drawn(items, after)[0] != first


def test_other_draws_give_other_orders() -> None:
    orders = {tuple(drawn(list(range(8)), draw)[0]) for draw in range(1, 50)}
    assert len(orders) > 40


def test_fewer_than_two_items_stay_and_keep_the_draw() -> None:
    assert drawn([], 3) == ([], 3)
    assert drawn([5], 3) == ([5], 3)
