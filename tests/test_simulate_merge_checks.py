"""What `artemis simulate merge` refuses (docs/simulate.md, "Index ranges and merging"): ranges
whose packs have one id and version but other content (each report records a digest of every
pack's files), a report with digests beside one without, and a report with damaged sums, each
named by its file; reports written before the digests still merge with each other."""

from __future__ import annotations

import copy
import gzip
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from artemis.cli import app
from artemis.content.loader import pack_digest
from artemis.kernel.game import Game, GameConfig
from artemis.sim.report import MergeError, merge_reports

ROOT = Path(__file__).resolve().parent.parent
OLD = ROOT / "benchmarks" / "results" / "balance" / "reports" / "after-2p-v7.json.gz"

MANIFEST = ('id: beacon\nname: Beacon\nversion: 0.1.0\nengine: ">=0.1"\nrequires: [base]\n'
            'files: [buildings.yaml]\ndescription: "a test pack"\nauthors: ["tests"]\n'
            'provenance: "tests"\n')
BUILDING = """\
kind: buildings
items:
  - id: beacon
    name: Beacon
    kind: ocean
    slots: [any]
    trigger: {{on: on_building_claimed, effect: [{{vp: {vp}}}]}}
    provenance: "tests"
"""


def invoke(*args):
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})


def make_pack(folder: Path, vp: int = 1) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "expansion.yaml").write_text(MANIFEST)
    (folder / "buildings.yaml").write_text(BUILDING.format(vp=vp))
    return folder


def play(out: Path, start: int, pack: Path | None = None) -> dict:
    result = invoke("simulate", "--players", "2", "--games", "2", "--start", str(start),
                    "--seed", "3", "--workers", "1", "--game-timeout", "0", "--json",
                    "--out", str(out), *(["--expansion", str(pack)] if pack else []))
    assert result.exit_code == 0, result.output
    return json.loads(out.read_text())


def test_the_digest_reads_the_listed_files_wherever_the_pack_lies(tmp_path):
    pack = make_pack(tmp_path / "a" / "beacon")
    digest = pack_digest(pack)
    assert digest.startswith("sha256:") and len(digest) == len("sha256:") + 64
    # another folder, a file the manifest does not list, CRLF line ends: the same content
    moved = make_pack(tmp_path / "b" / "elsewhere")
    (moved / "notes.yaml").write_text("not: listed\n")
    assert pack_digest(moved) == digest
    (moved / "buildings.yaml").write_bytes(BUILDING.format(vp=1).replace("\n", "\r\n")
                                           .encode())
    assert pack_digest(moved) == digest
    # one value edited, or the manifest's name: other content
    (moved / "buildings.yaml").write_text(BUILDING.format(vp=2))
    assert pack_digest(moved) != digest
    make_pack(moved)
    (moved / "expansion.yaml").write_text(MANIFEST.replace("name: Beacon", "name: Lamp"))
    assert pack_digest(moved) != digest


def test_a_report_records_the_digest_of_every_pack_it_loaded(tmp_path):
    pack = make_pack(tmp_path / "beacon")
    report = play(tmp_path / "r.json", 0, pack)
    roots = {p.id: p.root for p in Game.new(GameConfig(players=2, expansions=[str(pack)]))
             .catalog.packs}
    assert [p["id"] for p in report["config"]["packs"]] == ["base", "beacon"]
    for p in report["config"]["packs"]:
        assert p["digest"] == pack_digest(roots[p["id"]]), p["id"]
    assert report["config"]["packs"][1] == {"id": "beacon", "version": "0.1.0",
                                            "digest": pack_digest(pack)}


def test_merge_refuses_ranges_played_on_edited_content_of_one_version(tmp_path):
    pack = make_pack(tmp_path / "beacon", vp=1)
    a, b, c = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "c.json"
    play(a, 0, pack)
    play(b, 2, pack)
    make_pack(pack, vp=9)  # edited, its version left at 0.1.0
    play(c, 4, pack)
    ok = invoke("simulate", "merge", str(a), str(b), "--json")
    assert ok.exit_code == 0, ok.output
    assert json.loads(ok.stdout)["indices"] == [[0, 4]]
    result = invoke("simulate", "merge", str(a), str(b), str(c))
    assert result.exit_code == 1
    err = " ".join(result.stderr.split())
    assert f"report 3 ({c}) and report 1 ({a}) played pack 'beacon' with other content" in err
    assert "give the edited pack a new version" in err
    assert "Traceback" not in result.output


def test_reports_without_digests_merge_with_each_other_not_with_one_that_has_them(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    ra, rb = play(a, 0), play(b, 2)
    merged = merge_reports([ra, rb])
    for r in (ra, rb):  # as written before reports recorded digests
        for p in r["config"]["packs"]:
            del p["digest"]
    old_a, old_b = tmp_path / "old-a.json", tmp_path / "old-b.json"
    old_a.write_text(json.dumps(ra))
    old_b.write_text(json.dumps(rb))
    result = invoke("simulate", "merge", str(old_a), str(old_b), "--json")
    assert result.exit_code == 0, result.output
    old = json.loads(result.stdout)
    assert old["config"]["packs"] == [{"id": "base", "version": "12.0.0"}]
    assert old["wins"] == merged["wins"] and old["sums"] == merged["sums"]
    # one with, one without: refused, naming the report that has none
    result = invoke("simulate", "merge", str(a), str(old_b))
    assert result.exit_code == 1
    err = " ".join(result.stderr.split())
    assert (f"report 2 ({old_b}) records no digest of its content packs (written before "
            f"reports recorded them) and report 1 ({a}) does") in err
    result = invoke("simulate", "merge", str(old_a), str(b))
    assert result.exit_code == 1
    assert f"report 1 ({old_a}) records no digest" in " ".join(result.stderr.split())


def test_a_stored_report_from_before_the_digests_still_merges():
    report = json.loads(gzip.decompress(OLD.read_bytes()))
    assert all("digest" not in p for p in report["config"]["packs"])
    merged = merge_reports([report])
    assert merged["finished"] == report["finished"] and merged["wins"] == report["wins"]


@pytest.mark.parametrize(("which", "damage", "why"), [
    (2, lambda t: t.pop("final"), "KeyError: 'final'"),
    (1, lambda t: t.update(seat_wins="xx"), "TypeError"),
    (2, lambda t: t.update(indices=[[0]]), "ValueError"),
    (1, lambda t: t.update(indices=[[0]]), "ValueError"),
    (2, lambda t: next(iter(t["item"].values())).update(strata={"random|0": [1, 2, 3]}),
     "ValueError"),
])
def test_merge_names_the_report_whose_sums_are_damaged(tmp_path, which, damage, why):
    reports = [play(tmp_path / "a.json", 0), play(tmp_path / "b.json", 2)]
    broken = copy.deepcopy(reports[which - 1])
    damage(broken["sums"])
    paths = [tmp_path / "a.json", tmp_path / "b.json"]
    paths[which - 1] = tmp_path / "damaged.json"
    paths[which - 1].write_text(json.dumps(broken))
    result = invoke("simulate", "merge", *map(str, paths))
    assert result.exit_code == 1, result.output
    err = " ".join(result.stderr.split())
    assert f"report {which} ({paths[which - 1]}) is damaged: its sums cannot be read" in err
    assert why in err and "Traceback" not in result.output
    other = paths[2 - which]
    assert f"({other}) is damaged" not in err


def test_merge_reports_labels_default_to_the_numbers():
    with pytest.raises(MergeError, match=r"^report 1 is not an artemis simulate report"):
        merge_reports([[]])
    with pytest.raises(MergeError, match=r"^report 2 \(b\) is damaged: its config is not"):
        merge_reports([{"format": "artemis-simulate/2", "config": {}, "sums": {}},
                       {"format": "artemis-simulate/2", "config": [], "sums": {}}],
                      names=["a", "b"])


def test_merge_reads_a_gzipped_report_and_names_a_damaged_one(tmp_path):
    """A stored report (``.json.gz``) merges as its text does; a gzip file cut short is
    named as damaged, with the fix, not a traceback."""
    report = json.loads(gzip.decompress(OLD.read_bytes()))
    result = invoke("simulate", "merge", str(OLD), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == merge_reports([report], names=[str(OLD)])
    plain = tmp_path / "plain.json"  # the same report uncompressed: the same merge
    plain.write_text(json.dumps(report))
    again = invoke("simulate", "merge", str(plain), "--json")
    assert json.loads(again.stdout) == json.loads(result.stdout)
    cut = tmp_path / "cut.json.gz"
    cut.write_bytes(OLD.read_bytes()[:200])
    result = invoke("simulate", "merge", str(cut))
    assert result.exit_code == 1
    err = " ".join(result.stderr.split())
    assert f"the report '{cut}' is a damaged gzip file" in err and "Traceback" not in err
    # a byte flipped (the CRC fails) and junk after the stream: damaged gzip too (gzip's
    # BadGzipFile is an OSError, and was once taken for a file that cannot be read)
    data = bytearray(OLD.read_bytes())
    data[-6] ^= 0xFF
    for name, raw in (("crc.json.gz", bytes(data)), ("trailing.json.gz",
                                                     OLD.read_bytes() + b"garbage")):
        bad = tmp_path / name
        bad.write_bytes(raw)
        result = invoke("simulate", "merge", str(bad))
        assert result.exit_code == 1
        assert f"the report '{bad}' is a damaged gzip file" in " ".join(result.stderr.split())
    for name, raw, why in (("empty.json", b"", "is empty"),
                           ("deep.json", b"[" * 100_000, "nests too deeply")):
        bad = tmp_path / name
        bad.write_bytes(raw)
        result = invoke("simulate", "merge", str(bad))
        assert result.exit_code == 1 and why in " ".join(result.stderr.split()), result.stderr
