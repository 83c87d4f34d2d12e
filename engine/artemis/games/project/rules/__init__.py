"""The rules of The Artemis Project: its vocabulary, content kinds and (later) its rule steps.

Everything Artemis-specific lives under this package; the kernel (content loading, the effect
registry, problems) stays game-agnostic so that another game can run on it.
"""
