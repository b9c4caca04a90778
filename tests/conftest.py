"""Shared test settings."""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "parlour", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=60
)
settings.load_profile("parlour")


@pytest.fixture(autouse=True)
def own_data_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """Every test's per-user data folder is its own: nothing a test plays in this process
    (an unfinished game kept, statistics) goes to that of whoever runs the tests."""
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("XDG_DATA_HOME", str(folder))
    return folder / "parlour"
