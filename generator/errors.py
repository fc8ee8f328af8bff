"""The one exception type for user mistakes: the CLI prints it as one line and exits 2."""


class QuarryError(Exception):
    """A problem with what the user asked for (a file, an option, a value).

    The message says what is wrong, where, and what would be accepted. The CLI prints it
    on one line to stderr and exits with code 2; a traceback is only ever shown for bugs.
    """

    def __init__(self, message: str, *, where: str | None = None) -> None:
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)
