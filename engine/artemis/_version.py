"""The engine's version, the one place it is written (pyproject's [tool.hatch.version] reads
it). Its own module, importing nothing, so that the lower layers read it without importing
the package's `__init__`, which reaches up to the kernel for ``hookimpl``."""

__version__ = "0.1.0"
