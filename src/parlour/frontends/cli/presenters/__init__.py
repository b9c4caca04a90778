"""Terminal presenters by game id."""

from __future__ import annotations

from parlour.frontends.cli.presenters.base import Presenter
from parlour.frontends.cli.presenters.four_corners import FourCornersPresenter
from parlour.frontends.cli.presenters.heads_and_tails import HeadsAndTailsPresenter
from parlour.frontends.cli.presenters.plait import PlaitPresenter
from parlour.frontends.cli.presenters.royal_marriage import RoyalMarriagePresenter
from parlour.frontends.cli.presenters.wrangle import WranglePresenter

PRESENTERS: dict[str, Presenter] = {
    "royal-marriage": RoyalMarriagePresenter(),
    "heads-and-tails": HeadsAndTailsPresenter(),
    "four-corners": FourCornersPresenter(),
    "plait": PlaitPresenter(),
    "wrangle": WranglePresenter(),
}
