"""The command line: thin entry points over the packages (``main`` is `splendor-companion`)."""
