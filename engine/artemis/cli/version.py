"""`artemis version` and `artemis --version`."""


def engine_version() -> str:
    """The installed distribution's version (``artemis-engine``), or the package's own
    ``__version__`` when it runs from a source tree that is not installed."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as dist_version

    try:
        return dist_version("artemis-engine")
    except PackageNotFoundError:
        from artemis import __version__

        return __version__


def version() -> None:
    """Print the engine version."""
    print(engine_version())
