"""Built-in plugins of the artemis engine, loaded through the `artemis.plugins` entry points."""
