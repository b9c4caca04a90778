"""C-2: a deal number gives the same layout in every release, for every game and variant. The
shuffle's own vectors are in tests/core/test_deals.py; these fix what each game makes of it
(Royal Marriage's middle fifty, the Discards cut, two packs, the Wrangle's two shuffles and its
cut for the first player), so that a deal shared, a saved game or a stored odds run keeps its
meaning. A changed digest means every deal number now names another deal."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from parlour.core.game import Game
from tests.conformance.cases import CASES

DEALS = (1, 2, 12345)
DIGESTS = {
    "royal-marriage[standard-as-dealt]": "d48859abf6cd2d0b",
    "royal-marriage[standard-open]": "30509f999fe20fa9",
    "royal-marriage[push-pin-as-dealt]": "d48859abf6cd2d0b",
    "royal-marriage[push-pin-open]": "30509f999fe20fa9",
    "royal-marriage[discards-as-dealt]": "7656997a5b91fc2f",
    "royal-marriage[discards-open]": "00769481f9735630",
    "heads-and-tails[standard]": "647ec703d2925ae4",
    "heads-and-tails[open-spaces]": "647ec703d2925ae4",
    "four-corners": "4ba7b3b9cb71bc98",
    "plait[standard]": "e7abbcfee82cf190",
    "plait[four-passes]": "e7abbcfee82cf190",
    "wrangle[cut]": "3ed48dae4631b915",
    "wrangle[north]": "0aaf797bbb03fd75",
    "wrangle[south]": "25aeeb516e511eba",
}


def test_C_2_every_case_has_its_vector() -> None:
    assert {case.id for case in CASES} == set(DIGESTS)


@pytest.mark.parametrize(("game", "params"), CASES)
def test_C_2_a_deal_number_gives_the_same_layout_in_every_release(
    game: Game[Any, Any], params: Any, request: pytest.FixtureRequest
) -> None:
    digest = hashlib.sha256()
    for deal in DEALS:
        piles = game.to_json(game.new(params, deal=deal))["piles"]
        digest.update(json.dumps(piles, sort_keys=True).encode())
    case = request.node.callspec.id
    assert digest.hexdigest()[:16] == DIGESTS[case]
