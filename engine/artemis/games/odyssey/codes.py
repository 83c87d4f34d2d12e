"""The stable codes of the Odyssey's own content problems (docs/errors.md, "The Artemis
Odyssey's checks"): E35x its cross-file checks, E45x the rulebook's counts on its base pack.
The kernel's codes (`artemis.content.problems.CODES`: YAML, schema, ids, references, packs)
are reported for its content as for any game's."""

from __future__ import annotations

CODES: dict[str, str] = {
    "E351": "Travel card shows the Starting system",
    "E352": "setup does not fit the box or the stars",
    "E353": "modify scope does not fit its parameter",
    "E354": "keeps more Alien Artifacts than it draws",
    "E355": "Action card shows what its action does not use",
    "E356": "team setup row does not fit its player count",
    "E451": "Odyssey base game system count",
    "E452": "Odyssey base game planets and Resource cards",
    "E453": "Odyssey base game Action card count",
    "E454": "Odyssey base game Alien Artifacts",
    "E455": "Odyssey base game Singularity card count",
    "E456": "Odyssey base game Mission count",
    "E457": "Odyssey Planning board slots",
    "E458": "Odyssey base game Assets and scoring options",
}
