"""The `parlour` command."""
