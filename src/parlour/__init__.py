"""Parlour: five Victorian games of patience, faithful to their books."""

__version__ = "0.1.0"
