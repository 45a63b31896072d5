"""The command's one error with a sentence (exit 2), shared by its subcommands."""


class UsageError(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message
