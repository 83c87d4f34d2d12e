"""`artemis version`."""


def version() -> None:
    """Print the engine version."""
    from artemis import __version__

    print(__version__)
