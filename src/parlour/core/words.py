"""How messages word what they show: numbers with their nouns, refused input cut short."""

ECHO_LIMIT = 40  # characters of refused input a message repeats
PATH_ECHO_LIMIT = 300  # of a file's name: longer than most real paths, far shorter than a flood


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """`number` with its noun agreeing: "1 move", "2 moves", "1,000 deals", "1 loss"."""
    return f"{number:,} {noun if number == 1 else plural or noun + 's'}"


def clipped(text: str, limit: int = ECHO_LIMIT) -> str:
    """Refused input as a message repeats it: long text is cut to its first `limit` characters
    with an ellipsis, so that the reason after it still shows."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
