"""Numbers in the words every front end shows them in."""


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """`number` with its noun agreeing: "1 move", "2 moves", "1,000 deals", "1 loss"."""
    return f"{number:,} {noun if number == 1 else plural or noun + 's'}"
