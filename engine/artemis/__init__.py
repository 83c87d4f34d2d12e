"""artemis: a rules-data engine for The Artemis Project.

Layers, one way (see docs/design.md): content (`artemis.content`) -> effects
(`artemis.effects`) -> state and rules -> decisions -> log.
"""

__version__ = "0.1.0"
