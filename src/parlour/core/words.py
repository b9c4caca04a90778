"""How messages word what they show: numbers with their nouns, refused input cut short."""

ECHO_LIMIT = 40  # characters of refused input a message repeats


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """`number` with its noun agreeing: "1 move", "2 moves", "1,000 deals", "1 loss"."""
    return f"{number:,} {noun if number == 1 else plural or noun + 's'}"


def clipped(text: str) -> str:
    """Refused input as a message repeats it: long text is cut to its first characters and an
    ellipsis, so that the reason after it still shows."""
    return text if len(text) <= ECHO_LIMIT else text[: ECHO_LIMIT - 1] + "…"
