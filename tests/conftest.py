"""Shared test settings."""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "parlour", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=60
)
settings.load_profile("parlour")
