"""The Odyssey's cross-file content checks (docs/odyssey-authoring.md 3; docs/errors.md, the
Odyssey's codes E351-E355 and E451-E458).

The validator enforces the rulebook's own counts on the base pack only (E45x), so an owner of
the printed game can correct any reconstructed value; the reconstruction's design rules (each
colour shows every Resource once, ...) are tests of the base pack, not checks.

A file that could not be read (`artemis.content.loader.Pack.unread`) may hold anything of its
kind: no count, reference or table of that kind is checked until it is read (`may_hold`), so
its problem (E112, ...) is the only one reported for it, as in the Project's checks.
"""

from __future__ import annotations

from collections import Counter

from artemis.content.checks import effect_budget, effect_contexts, unique_ids, walk_effect
from artemis.content.loader import Item, Pack, may_hold
from artemis.content.problems import Problem, did_you_mean
from artemis.effects.registry import PLAYER, SCORING, Registry
from artemis.games.odyssey.vocabulary import (
    ASSETS,
    CARDS_PER_ACTION,
    COLOURS,
    PLANET_TYPES,
    PLAYER_COUNTS,
    SCOPES,
    SCORING_OPTIONS,
    VARIANT_PARAMETERS,
)

# The rulebook's counts that the validator enforces on the base pack (docs/odyssey-authoring.md
# 3.10).
BASE_SYSTEMS = 9
BASE_PLANETS_PER_TYPE = 6
BASE_RESOURCE_CARDS = 25
BASE_CARDS_PER_COLOUR = 11
BASE_ARTIFACTS = 17
#: The Alien Artifacts removed in solo (rulebook, Solo Rules, Setup 5).
SOLO_REMOVED = ("Black Hole Grenade", "Black Hole Bomb", "Hypnotic Device", "Amnesia Beam")
BASE_SINGULARITY = 13
BASE_MISSIONS = 5
BASE_PIECES = 4
#: Player slots in use, and Singularity slots, at 1 to 5 players (research: 3 cards each at
#: 1-3 players, 2 at 4-5; rulebook: the Singularity slot at 1 and 2 players).
BASE_PLAYER_SLOTS = {1: 3, 2: 6, 3: 9, 4: 8, 5: 10}
BASE_SINGULARITY_SLOTS = {1: 1, 2: 1, 3: 0, 4: 0, 5: 0}
#: Planets around one star after setup (rulebook, Setup 5).
STAR_PLANETS = (3, 7)


def _of(items: list[Item], kind: str) -> list[Item]:
    return [i for i in items if i.kind == kind]


def _str_list(value) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def check_all(items: list[Item], packs: list[Pack], registry: Registry) -> list[Problem]:
    """Every cross-file check over the valid items, in load order. Each check reads a field
    only after checking its type, so an item that failed its schema is skipped, never indexed
    blindly."""
    items = [i for i in items if isinstance(i.data, dict)]
    out = unique_ids(items, packs)
    # a reference into a file that could not be read is not known to be wrong (None: unchecked)
    systems = None if may_hold(packs, "systems") else {
        i.id: i for i in _of(items, "systems") if isinstance(i.id, str)}
    options = set() if may_hold(packs, "scoring_options") else {
        i.id for i in _of(items, "scoring_options")}
    for item in items:
        d = item.data
        if item.kind == "scoring_options":
            out.extend(effect_contexts(item, d.get("effect"), SCORING, ("effect",), registry))
        elif item.kind in ("alien_artifacts", "singularity_cards"):
            out.extend(effect_contexts(item, d.get("effect"), PLAYER, ("effect",), registry))
        elif item.kind == "action_cards":
            out.extend(_action_card(item, systems, options))
        if isinstance(d.get("effect"), list):
            out.extend(effect_budget(item, [(d["effect"], ("effect",))], registry))
            out.extend(_effect_steps(item, d["effect"], options, registry))
    if not may_hold(packs, "planning_board"):
        out.extend(_board(_of(items, "planning_board")))
    if not may_hold(packs, "setup"):
        out.extend(_setup_counts(_of(items, "setup"), packs))
    if not any(may_hold(packs, k) for k in ("setup", "planet_types", "systems",
                                               "action_cards")):
        out.extend(_setup(_of(items, "setup"), _of(items, "planet_types"), systems,
                          _of(items, "action_cards")))
    out.extend(_base_counts([i for i in items if i.pack == "base"],
                            [p for p in packs if p.id == "base"]))
    return out


# which field each action shows; the others it must not
_SHOWS = {"produce": "resources", "travel": "systems", "score": "options"}


def _action_card(item: Item, systems: dict[str, Item] | None, options: set) -> list[Problem]:
    d = item.data
    out = []
    action = d.get("action")
    for field in ("resources", "systems", "options"):
        if field in d and _SHOWS.get(action) != field:
            out.append(item.problem(
                "E355", f"a {action} card shows no {field}",
                f"{field} belong on a {next(a for a, f in _SHOWS.items() if f == field)} "
                "card; remove them here", field, key=True))
    for k, system in enumerate(_str_list(d.get("systems")) if systems is not None else ()):
        if system not in systems:
            out.append(item.problem("E302", f"system '{system}' is not in the systems file",
                                    did_you_mean(system, systems), "systems", k))
        elif systems[system].data.get("start") is True:
            out.append(item.problem(
                "E351", f"a Travel card may not show the Starting system '{system}'",
                "rulebook, Travel: the Starting system is not represented on the Travel "
                "cards; name another star", "systems", k))
    for k, option in enumerate(_str_list(d.get("options"))):
        if options and option not in options:
            out.append(item.problem("E302", f"scoring option '{option}' is not in the scoring "
                                    "options file", did_you_mean(option, options),
                                    "options", k))
    return out


def _effect_steps(item: Item, effect: list, options: set, registry: Registry) -> list[Problem]:
    """E353 a modify whose scope is not its parameter's (or of a variant's parameter, which
    no scope fits); E354 a draw that keeps more than it draws; E302 a score_option naming an
    option that is not loaded."""
    out = []
    for name, params, at in walk_effect(effect, ("effect",), registry):
        if not isinstance(params, dict):
            continue
        if name == "modify" and params.get("param") in VARIANT_PARAMETERS:
            out.append(item.problem(
                "E353", f"'{params['param']}' is a variant's setting, which no card changes",
                f"modify one of {', '.join(sorted(SCOPES))}", *at, "param"))
        elif name == "modify" and params.get("param") in SCOPES:
            want = SCOPES[params["param"]]
            if params.get("scope") != want:
                out.append(item.problem(
                    "E353", f"'{params['param']}' lasts for {want}, not "
                    f"{params.get('scope')}", f"write scope: {want}", *at, "scope"))
        elif name == "draw_artifacts":
            draw, keep = params.get("draw"), params.get("keep")
            if isinstance(draw, int) and isinstance(keep, int) and keep > draw:
                out.append(item.problem(
                    "E354", f"keeps {keep} Alien Artifacts of the {draw} it draws",
                    f"keep at most {draw}, or draw more", *at, "keep"))
        elif name == "score_option" and options and params.get("option") not in options:
            out.append(item.problem(
                "E302", f"scoring option '{params.get('option')}' is not in the scoring "
                "options file", did_you_mean(params.get("option"), options), *at, "option"))
    return out


def _board(rows: list[Item]) -> list[Problem]:
    """E313: the slots are numbered 1, 2, 3, ... once each, and one Score track row."""
    out = []
    slots = [r for r in rows if isinstance(r.data.get("slot"), int)]
    seen: dict[int, Item] = {}
    for r in slots:
        n = r.data["slot"]
        if n in seen:
            out.append(r.problem("E313", f"slot {n} is given twice",
                                 f"first given at {seen[n].doc.file}:{seen[n].where('slot')[0]}"
                                 "; one row per slot", "slot"))
        seen[n] = r
    missing = [n for n in range(1, max(seen, default=0) + 1) if n not in seen]
    if missing:
        out.append(slots[-1].problem("E313", "the Planning board has no slot "
                                     + ", ".join(map(str, missing)),
                                     "number the slots 1, 2, 3, ... from the left"))
    tracks = [r for r in rows if r.data.get("table") == "score_track"]
    if rows and len(tracks) != 1:
        anchor = tracks[1] if len(tracks) > 1 else rows[-1]
        out.append(anchor.problem("E313", f"the Planning board has {len(tracks)} Score track "
                                  "rows", "give exactly one row with table: score_track"))
    return out


def _travel_stars(cards: list[Item]) -> dict[str, set]:
    """The stars each colour's Travel cards show."""
    stars: dict[str, set] = {}
    for c in cards:
        if c.data.get("action") == "travel" and isinstance(c.data.get("colour"), str):
            stars.setdefault(c.data["colour"], set()).update(_str_list(c.data.get("systems")))
    return stars


def _setup_counts(rows: list[Item], packs: list[Pack]) -> list[Problem]:
    """E313: one setup row for each player count the game is played at (`PLAYER_COUNTS`: a
    game at a count without a row cannot be set up), and no count given twice (which row
    would be used?). A count with no row is reported at the last setup row, or, with none
    at all, at the first manifest's ``files``."""
    out = []
    seen: dict[int, Item] = {}
    for r in rows:
        n = r.data.get("players")
        if not isinstance(n, int):
            continue  # the schema reports it
        out.extend(_team_row(r, n))
        if n in seen:
            first = seen[n]
            out.append(r.problem("E313", f"the setup row for {n} players is given twice",
                                 f"first given at {first.doc.file}:{first.where('players')[0]}"
                                 "; one row per player count", "players"))
        else:
            seen[n] = r
    missing = [n for n in PLAYER_COUNTS if n not in seen]
    if not missing:
        return out
    message = ("the setup table has no row for "
               + ", ".join(map(str, missing)) + f" player{'s' if missing != [1] else ''}")
    hint = ("the game is played at " + ", ".join(map(str, PLAYER_COUNTS))
            + " players: give one setup row for each (rulebook, Setup; Team Play)")
    if rows:
        out.append(rows[-1].problem("E313", message, hint))
    else:
        manifest = next((p.manifest for p in packs if p.manifest is not None), None)
        if manifest is not None:
            line, col = manifest.position(("files",))
            out.append(Problem(manifest.file, line, col, "/files", "E313", message,
                               hint + "; list the file that holds them in files"))
    return out


def _team_row(row: Item, n: int) -> list[Problem]:
    """E356: a count the game is played at with more seats than colours (6, 8) is a team row
    of n / 2 teams set up as for n / 2 players, and a count with a colour each (1 to 5) is
    not (rulebook, Team Play; OR14: seats s and s + n/2 are partners)."""
    d = row.data
    if n not in PLAYER_COUNTS:
        return []  # never played: E352 checks what it deals
    if "as_players" not in d:
        if n > len(COLOURS):
            return [row.problem("E356", f"{n} players play as teams: there are "
                                f"{len(COLOURS)} colours",
                                f"write {{players: {n}, as_players: {n // 2}, teams: "
                                f"{n // 2}}} (rulebook, Team Play)", "players")]
        return []
    if n <= len(COLOURS):
        return [row.problem("E356", f"{n} players each play a colour, not as teams",
                            "team play is for 6 and 8 players (rulebook, Team Play); give "
                            f"{n} players their own setup row", "as_players", key=True)]
    out = []
    for key in ("teams", "as_players"):
        if isinstance(d.get(key), int) and d[key] != n // 2:
            out.append(row.problem("E356", f"{n} players are {n // 2} teams of two partners, "
                                   f"set up as for {n // 2} players; {key} is {d[key]}",
                                   f"write {key}: {n // 2} (rulebook, Team Play; OR14)", key))
    return out


def _setup(rows: list[Item], types: list[Item], systems: dict[str, Item],
           cards: list[Item]) -> list[Problem]:
    """E302: a team row plays as a count that has a row. E352: a count's planets must exist
    in the box and fit 3 to 7 around each star it uses: all the stars but the Sun, or with
    ``stars: own_travel_cards`` (solo) the stars of the solo colour's Travel cards, for every
    colour, since the solo player may play any (a colour showing more stars than the planets
    can fill ended the setup in an internal error); ``own_travel_cards`` is for 1 player only
    (the Sun then keeps one planet, not one per player)."""
    out = []
    tokens = {t.data.get("id"): t.data.get("tokens") for t in types}
    by_count = {r.data.get("players"): r for r in rows}
    stars_all = sum(1 for s in systems.values() if s.data.get("start") is not True)
    solo_stars = {colour: len(shown) for colour, shown in _travel_stars(cards).items()}
    for r in rows:
        d = r.data
        if "as_players" in d:
            if d["as_players"] not in by_count or "as_players" in by_count[d["as_players"]].data:
                out.append(r.problem("E302", f"plays as {d['as_players']} players, which have "
                                     "no setup row of their own",
                                     "add that count's row, or name a count that has one",
                                     "as_players"))
            continue
        ppt, aliens, players = (d.get("production_per_type"), d.get("alien_planets"),
                                d.get("players"))
        if not all(isinstance(v, int) for v in (ppt, aliens, players)):
            continue
        short = [t for t in PLANET_TYPES if isinstance(tokens.get(t), int)
                 and (aliens if t == "alien" else ppt) > tokens[t]]
        if short:
            out.append(r.problem("E352", f"{players} players use more {short[0]} planets than "
                                 f"the box holds ({tokens[short[0]]})",
                                 "lower the count, or add tokens in the planet types file",
                                 "alien_planets" if short[0] == "alien"
                                 else "production_per_type"))
            continue
        if d.get("stars") == "own_travel_cards" and players != 1:
            # the solo galaxy: one planet on the Sun, the stars of one colour's cards
            out.append(r.problem("E352", f"stars: own_travel_cards is the solo galaxy; "
                                 f"{players} players use all the stars",
                                 "Solo Rules, Setup 2: write stars: all", "stars"))
            continue
        # the Sun keeps one planet per player (solo: the one), the rest are dealt (Setup 4-5)
        dealt = 6 * ppt + aliens - players
        lo, hi = STAR_PLANETS
        if d.get("stars") == "own_travel_cards":
            ways = [(n, f"the {n} stars of {colour}'s Travel cards")
                    for colour, n in solo_stars.items()]
        else:
            ways = [(stars_all, f"{stars_all} stars")]
        for stars, around in ways:
            if stars and not lo * stars <= dealt <= hi * stars:
                out.append(r.problem("E352", f"{dealt} planets are dealt around {around}: "
                                     f"each star takes {lo} to {hi}, so {lo * stars} to "
                                     f"{hi * stars} fit", "rulebook, Setup 5; change the "
                                     "planets in play", "production_per_type"))
                break
    return out


def _base_counts(items: list[Item], base: list[Pack]) -> list[Problem]:
    """The rulebook's counts, enforced on the base pack only (docs/odyssey-authoring.md
    3.10); ``base``: the base pack (or none). A count is not checked while a file of the pack
    that may hold its kind could not be read (`may_hold`)."""
    if not items:
        return []
    out: list[Problem] = []
    unread = {k for k in ("systems", "planet_types", "action_cards", "alien_artifacts",
                          "singularity_cards", "missions", "planning_board", "assets",
                          "scoring_options") if may_hold(base, k)}

    def anchor(kind: str) -> Item:
        return (_of(items, kind) or items)[0]

    systems = _of(items, "systems")
    starts = sum(1 for s in systems if s.data.get("start") is True)
    if "systems" not in unread and (len(systems) != BASE_SYSTEMS or starts != 1):
        out.append(anchor("systems").problem(
            "E451", f"the base game has {BASE_SYSTEMS} stars, one of them the Sun; found "
            f"{len(systems)}, {starts} marked start", "rulebook, Components: 9 Star tokens"))
    types = {t.data.get("id"): t for t in _of(items, "planet_types")}
    for t in PLANET_TYPES if "planet_types" not in unread else ():
        row = types.get(t)
        cards = 0 if t == "alien" else BASE_RESOURCE_CARDS
        if row is None or row.data.get("tokens") != BASE_PLANETS_PER_TYPE \
                or row.data.get("resource_cards") != cards:
            found = ("no row" if row is None else f"{row.data.get('tokens')} tokens, "
                     f"{row.data.get('resource_cards')} Resource cards")
            out.append((row or anchor("planet_types")).problem(
                "E452", f"the base game has {BASE_PLANETS_PER_TYPE} {t} planets and {cards} "
                f"{t} Resource cards; found {found}", "rulebook, Components: 42 Planet "
                "tokens, 6 of each type; 150 Resource cards, 25 of each Resource"))
    cards = _of(items, "action_cards")
    split = Counter((c.data.get("colour"), c.data.get("action")) for c in cards)
    bad = [c for c in COLOURS if sum(split[(c, a)] for a in CARDS_PER_ACTION)
           != BASE_CARDS_PER_COLOUR or any(split[(c, a)] != n
                                           for a, n in CARDS_PER_ACTION.items())]
    if "action_cards" not in unread and (len(cards) != len(COLOURS) * BASE_CARDS_PER_COLOUR
                                         or bad):
        out.append(anchor("action_cards").problem(
            "E453", f"the base game has 55 Action cards, 11 per colour (4 Score, 3 Produce, 2 "
            f"Travel, 1 Trade, 1 Build); found {len(cards)}"
            + (f", {', '.join(bad)} off" if bad else ""),
            "rulebook, Components: 55 Action cards, eleven in each player color"))
    artifacts = _of(items, "alien_artifacts")
    removed = sorted(a.data.get("name") for a in artifacts if a.data.get("solo") is False)
    if "alien_artifacts" not in unread and (len(artifacts) != BASE_ARTIFACTS
                                            or removed != sorted(SOLO_REMOVED)):
        out.append(anchor("alien_artifacts").problem(
            "E454", f"the base game has {BASE_ARTIFACTS} Alien Artifacts, of which "
            f"{', '.join(SOLO_REMOVED)} are removed in solo; found {len(artifacts)}, "
            f"removed in solo: {', '.join(removed) or 'none'}",
            "rulebook, Components and Solo Rules, Setup 5"))
    singularity = _of(items, "singularity_cards")
    if "singularity_cards" not in unread and len(singularity) != BASE_SINGULARITY:
        out.append(anchor("singularity_cards").problem(
            "E455", f"the base game has {BASE_SINGULARITY} Singularity cards; found "
            f"{len(singularity)}", "rulebook, Components: 13 Singularity cards"))
    missions = _of(items, "missions")
    if "missions" not in unread and len(missions) != BASE_MISSIONS:
        out.append(anchor("missions").problem(
            "E456", f"the base game has {BASE_MISSIONS} Mission cards; found {len(missions)}",
            "rulebook, Components: 5 Mission cards"))
    if "planning_board" not in unread:
        out.extend(_base_board(_of(items, "planning_board")))
    assets = {a.data.get("id"): a.data.get("pieces") for a in _of(items, "assets")}
    options = sorted(o.data.get("id") for o in _of(items, "scoring_options"))
    if not unread & {"assets", "scoring_options"} and (
            assets != dict.fromkeys(ASSETS, BASE_PIECES) or options != sorted(SCORING_OPTIONS)):
        pieces = ", ".join(f"{k} {v}" for k, v in assets.items())
        out.append(anchor("assets").problem(
            "E458", f"the base game has 4 Assets of {BASE_PIECES} pieces each and 8 scoring "
            f"options; found {len(assets)} Assets ({pieces}) and {len(options)} scoring "
            "options",
            "rulebook, Components and Scoring Options"))
    return out


def _base_board(rows: list[Item]) -> list[Problem]:
    """E457: the player slots and the Singularity slot in use at each count (1 to 5)."""
    if not rows:
        return []
    slots = [r.data for r in rows if isinstance(r.data.get("slot"), int)]
    out = []
    for n in BASE_PLAYER_SLOTS:
        players = sum(1 for s in slots if n in _ints(s.get("players")))
        singularity = sum(1 for s in slots if n in _ints(s.get("singularity")))
        if players != BASE_PLAYER_SLOTS[n] or singularity != BASE_SINGULARITY_SLOTS[n]:
            out.append(rows[0].problem(
                "E457", f"at {n} player{'s' if n > 1 else ''} the Planning board has "
                f"{BASE_PLAYER_SLOTS[n]} player slots and {BASE_SINGULARITY_SLOTS[n]} "
                f"Singularity slot; found {players} and {singularity}",
                "research: 3 Action cards each at 1-3 players, 2 at 4-5; rulebook: the "
                "Singularity slot at 1 and 2 players"))
    return out


def _ints(value) -> list[int]:
    return [v for v in value if isinstance(v, int)] if isinstance(value, list) else []
