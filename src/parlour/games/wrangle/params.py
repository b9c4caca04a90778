"""The Wrangle's parameters, apart from the compiled rules: the front ends read their choices
from the class's annotations, which a compiled class does not keep."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True, slots=True)
class WrangleParams:
    """`first`: who begins. WR-1: the deal decides (the text's cut) unless the players choose."""

    first: Literal["cut", "north", "south"] = "cut"
