"""Issue 29.2: a shared folder never leads an INPUT out of a private one.

``scenario import`` copied the referee's private CSV file into a shared output when the co-player replaced one of
the input files by a link to it: inputs were read with no link rule at all (``scenario check``, ``new --scenario``
too). Every user-named input (a CSV folder and its files, a scenario TOML) is now read through the rule saves and
outputs follow (:func:`tui.store.links.link_refusal`): a co-player's link on the way or at the name is refused in
one line naming the link and its owner, exit 2, nothing written and nothing of the private file in any output or
message; the read goes through the folder pinned once, never following a name swapped after the check. The
referee's own link is still followed.

Also the smaller races seen by strace: ``report -o`` forces its folder to the disk through the pinned folder, not by
path; ``scenario export`` looks at each ``OUT/x.csv`` through the pinned ``OUT``; :meth:`PinnedFolder.unmake`
removes the folders it made through their held parents.
"""

from __future__ import annotations

import os
import pwd
import shutil
from pathlib import Path

import pytest

from tests.accounts import other_account  # noqa: F401  (a fixture)
from tests.cli_fixtures import run
from tests.test_output_links import Outputs
from tests.test_planted_links import listing, one_line

SECRET = "AlexandriaSECRETPORT"


class Inputs(Outputs):
    """The :class:`Outputs` table, with the referee's private CSV export (``referee/pexp``, a port renamed to the
    secret) and a private scenario file made from it (``referee/secret.toml``), and a copy of a harmless export the
    co-player owns in the shared folder (``shared/in``)."""

    def __init__(self, tmp_path: Path, data: Path, uid: int, gid: int, name: str, capsys) -> None:
        super().__init__(tmp_path, data, uid, gid, name)
        self.pexp = self.private / "pexp"
        assert run(capsys, "scenario", "export", str(self.campaign), "-o", str(self.pexp))[0] == 0
        for csv in self.pexp.iterdir():
            csv.write_text(csv.read_text(encoding="utf-8").replace("Alexandria", SECRET), encoding="utf-8")
        assert SECRET in (self.pexp / "ports.csv").read_text(encoding="utf-8").splitlines()[1]
        self.toml = self.private / "secret.toml"
        assert run(capsys, "scenario", "import", "--ruleset", "europa", str(self.pexp), "-o", str(self.toml))[0] == 0
        self.inside = self.shared / "in"
        assert run(capsys, "scenario", "export", str(self.campaign), "-o", str(self.inside))[0] == 0
        for path in [self.inside, *self.inside.iterdir()]:
            os.lchown(path, uid, gid)
        self.before = self.state()

    def link(self, at: Path, target: Path, uid: int | None = None) -> Path:
        """A link ``at`` to ``target`` owned by ``uid`` (the co-player by default), replacing what was there."""
        if at.is_symlink() or at.is_file():
            at.unlink()
        at.symlink_to(target)
        os.lchown(at, self.uid if uid is None else uid, self.gid)
        self.before = self.state()
        return at


@pytest.fixture
def inp(tmp_path: Path, data: Path, other_account: tuple[str, int], capsys) -> Inputs:  # noqa: F811
    name, uid = other_account
    return Inputs(tmp_path, data, uid, pwd.getpwnam(name).pw_gid, name, capsys)


def refused(inp: Inputs, capsys, *argv: str, link: Path) -> str:
    """Run ``harbormaster ARGV``: exit 2, one line naming ``link`` as the co-player's, nothing changed anywhere, and
    the secret in no output or message. The line."""
    code, stdout, err = run(capsys, *argv)
    assert code == 2, (stdout, err)
    line = one_line(err)
    assert inp.owned_by_co_player(line, link), line
    assert SECRET not in stdout + err
    assert inp.unchanged(), (inp.state(), inp.before)
    return line



@pytest.mark.multiuser
def test_29_2_import_refuses_a_co_players_link_at_an_input_csv(inp: Inputs, capsys) -> None:
    """Issue 29.2 (B): ``shared/in/ports.csv`` replaced by the co-player's link to the private ports.csv: ``scenario
    import shared/in -o shared/out.toml`` wrote out.toml with the secret, rc 0. Refused; out.toml is not made. The
    file named alone, and ``scenario check``, are refused too."""
    link = inp.link(inp.inside / "ports.csv", inp.pexp / "ports.csv")
    out = inp.shared / "out.toml"
    refused(inp, capsys, "scenario", "import", "--ruleset", "europa", str(inp.inside), "-o", str(out), link=link)
    files = [str(p) for p in sorted(inp.inside.iterdir())]
    refused(inp, capsys, "scenario", "import", "--ruleset", "europa", *files, "-o", str(out), link=link)
    refused(inp, capsys, "scenario", "check", str(inp.inside), link=link)
    refused(inp, capsys, "scenario", "check", str(link), "--ruleset", "europa", link=link)
    assert not os.path.lexists(out)


@pytest.mark.multiuser
def test_29_2_import_refuses_a_co_players_link_at_the_input_folder(inp: Inputs, capsys) -> None:
    """Issue 29.2: ``shared/in2`` the co-player's link to the private export folder, and ``shared/dl`` a link to the
    private folder on the way (``shared/dl/pexp``): import and check refuse both in one line."""
    link = inp.link(inp.shared / "in2", inp.pexp)
    out = inp.shared / "out.toml"
    refused(inp, capsys, "scenario", "import", "--ruleset", "europa", str(link), "-o", str(out), link=link)
    refused(inp, capsys, "scenario", "check", str(link), link=link)
    way = inp.link(inp.shared / "dl", inp.private)
    refused(inp, capsys, "scenario", "import", "--ruleset", "europa", str(way / "pexp"), "-o", str(out), link=way)
    refused(inp, capsys, "scenario", "check", str(way / "pexp" / "ports.csv"), "--ruleset", "europa", link=way)
    assert not os.path.lexists(out)


@pytest.mark.multiuser
def test_29_2_a_co_players_link_at_a_scenario_toml_is_refused(inp: Inputs, capsys) -> None:
    """Issue 29.2: ``scenario check shared/s.toml`` and ``new shared/n.json --scenario shared/s.toml`` (s.toml the
    co-player's link to the referee's private scenario, or a file reached through a folder link) are refused in one
    line; no save is made."""
    link = inp.link(inp.shared / "s.toml", inp.toml)
    refused(inp, capsys, "scenario", "check", str(link), link=link)
    refused(inp, capsys, "new", str(inp.shared / "n.json"), "--scenario", str(link), link=link)
    way = inp.link(inp.shared / "dl", inp.private)
    refused(inp, capsys, "scenario", "check", str(way / "secret.toml"), link=way)
    refused(inp, capsys, "new", str(inp.shared / "n.json"), "--scenario", str(way / "secret.toml"), link=way)
    assert not os.path.lexists(inp.shared / "n.json")


@pytest.mark.multiuser
def test_29_2_the_referees_own_input_links_are_still_followed(inp: Inputs, capsys) -> None:
    """Issue 29.2 (control): the referee's own links (to a CSV file, to the export folder, on the way, to the TOML)
    are followed by import, check and new --scenario."""
    me = os.geteuid()
    inp.link(inp.inside / "ports.csv", inp.pexp / "ports.csv", uid=me)
    mine = inp.link(inp.shared / "mine", inp.pexp, uid=me)
    way = inp.link(inp.shared / "way", inp.private, uid=me)
    toml = inp.link(inp.shared / "s.toml", inp.toml, uid=me)
    own = inp.own
    steps = [
        ("scenario", "import", "--ruleset", "europa", str(inp.inside), "-o", str(own / "a.toml")),
        ("scenario", "import", "--ruleset", "europa", str(mine), "-o", str(own / "b.toml")),
        ("scenario", "import", "--ruleset", "europa", str(way / "pexp"), "-o", str(own / "c.toml")),
        ("scenario", "check", str(mine)),
        ("scenario", "check", str(toml)),
        ("scenario", "check", str(way / "secret.toml")),
        ("new", str(own / "n.json"), "--scenario", str(toml), "--seed", "3"),
    ]
    for argv in steps:
        code, stdout, err = run(capsys, *argv)
        assert code == 0, (argv, stdout, err)
    for name in ("a.toml", "b.toml", "c.toml"):
        assert SECRET in (own / name).read_text(encoding="utf-8")
    assert (own / "n.json").is_file()


def test_29_2_an_input_file_swapped_for_a_link_after_the_check_is_not_read(tmp_path: Path) -> None:
    """Issue 29.2: the CSV files named are judged once, in their folder held open; a file replaced by a link (even
    the user's own) between the check and the read is refused, not followed, and the refusal quotes nothing of it."""
    from tui.engine.inputs import InputRefused, inputs, read_input

    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "ports.csv").write_text("name\nHaifa\n", encoding="utf-8")
    private = tmp_path / "private.csv"
    private.write_text(f"name\n{SECRET}\n", encoding="utf-8")
    found = inputs([folder])
    assert [f.path for f in found] == [folder / "ports.csv"]
    (folder / "ports.csv").unlink()
    (folder / "ports.csv").symlink_to(private)
    with pytest.raises(InputRefused) as caught:
        read_input(found[0])
    assert "changed while it was being checked" in str(caught.value) and SECRET not in str(caught.value)
    assert "\n" not in str(caught.value)


def test_29_2_an_input_folder_swapped_for_a_link_after_the_check_is_not_followed(tmp_path: Path) -> None:
    """Issue 29.2: the folder is pinned once: renamed away and replaced by a link to a private folder meanwhile, the
    files read are still the ones checked."""
    from tui.engine.inputs import inputs, read_input

    shared = tmp_path / "shared"
    folder = shared / "in"
    folder.mkdir(parents=True)
    (folder / "ports.csv").write_text("name\nHaifa\n", encoding="utf-8")
    private = tmp_path / "private"
    private.mkdir()
    (private / "ports.csv").write_text(f"name\n{SECRET}\n", encoding="utf-8")
    found = inputs([folder])
    folder.rename(shared / "moved")
    folder.symlink_to(private)
    assert read_input(found[0]) == b"name\nHaifa\n"


def test_29_2_a_scenario_file_swapped_after_the_check_is_not_read(tmp_path: Path, monkeypatch) -> None:
    """Issue 29.2: ``new --scenario FILE.toml`` reads the file in its folder held open with O_NOFOLLOW: a file swapped
    for a link right after the check (the hook) is refused in one line quoting nothing of the link's target."""
    from tui.engine.setup import load_scenario_file
    from tui.rules.core.errors import DataError
    from tui.engine import inputs

    toml = tmp_path / "s.toml"
    toml.write_text('[scenario]\nid = "x"\n', encoding="utf-8")
    private = tmp_path / "private.toml"
    private.write_text(f'[scenario]\nid = "{SECRET}"\nbroken\n', encoding="utf-8")
    real = inputs.inputs

    def swapped(paths, **kw):
        found = real(paths, **kw)
        toml.unlink()
        toml.symlink_to(private)
        return found

    monkeypatch.setattr(inputs, "inputs", swapped)
    with pytest.raises(DataError) as caught:
        load_scenario_file(toml)
    assert "changed while it was being checked" in str(caught.value) and SECRET not in str(caught.value)


def test_29_2_report_output_forces_the_pinned_folder_to_the_disk(tmp_path: Path) -> None:
    """Issue 29.2: ``report -o`` ended with ``fsync_dir`` of the folder opened BY PATH: a folder swapped for a link
    after the file was made led the fsync elsewhere. It forces the folder held open."""
    from tui.store.export import write_export
    from tui.store.fileops import FileOps

    shared = tmp_path / "shared"
    folder = shared / "out"
    folder.mkdir(parents=True)
    folder_id = os.stat(folder)
    elsewhere = tmp_path / "private"
    elsewhere.mkdir()
    synced: list[os.stat_result] = []

    class Swapping(FileOps):
        def link(self, src, dst, *a, **k):  # the file is linked into place: then the folder is swapped
            super().link(src, dst, *a, **k)
            folder.rename(shared / "moved")
            folder.symlink_to(elsewhere)

        def fsync_dir(self, where: str) -> None:
            synced.append(os.stat(where))
            super().fsync_dir(where)

    write_export(folder / "brief.md", b"# brief\n", ops=Swapping())
    assert (shared / "moved" / "brief.md").read_bytes() == b"# brief\n" and list(elsewhere.iterdir()) == []
    assert len(synced) == 1 and os.path.samestat(synced[0], folder_id)


def test_29_2_scenario_export_looks_at_its_files_through_the_pinned_folder(tmp_path: Path, data: Path,
                                                                          monkeypatch) -> None:
    """Issue 29.2: ``scenario export`` looked at each ``OUT/x.csv`` by path (does it exist, is it a save) after
    holding OUT open: OUT swapped for a link right after it was pinned (the hook) led those looks into a private
    folder (a save there named ports.csv refused the export, reading it). They look in the folder held."""
    from tui.scenario.export import to_csv
    from tui.scenario.write import write_files
    from tui.session import create_game
    from tui.store import links
    from tests.conftest import fixed_clock

    shared = tmp_path / "shared"
    folder = shared / "out"
    folder.mkdir(parents=True)
    private = tmp_path / "private"
    private.mkdir()
    game = create_game(private / "g.json", data, seed=3, clock=fixed_clock)
    game.close()
    shutil.copyfile(private / "g.json", private / "ports.csv")
    before = listing(private)
    real = links.pinned_folder

    def swapped(where, **kw):
        held = real(where, **kw)
        if Path(where) == folder and not folder.is_symlink():
            folder.rename(shared / "moved")
            folder.symlink_to(private)
        return held

    monkeypatch.setattr(links, "pinned_folder", swapped)
    files = to_csv("europa", {"scenario": {"id": "x", "ruleset": "europa"}}, folder)
    write_files(files, force=True)
    assert sorted(p.name for p in (shared / "moved").iterdir()) == sorted(p.name for p in files)
    assert listing(private) == before


def test_29_2_unmake_removes_through_the_held_parents(tmp_path: Path) -> None:
    """Issue 29.2: :meth:`PinnedFolder.unmake` removed the folders it made by path: the made folder ``a`` renamed and
    replaced by a link to a private folder holding an empty ``b`` led ``rmdir a/b`` into it. It removes through the
    held parent, and only the very folder made."""
    from tui.store.links import pinned_folder

    shared = tmp_path / "shared"
    shared.mkdir()
    private = tmp_path / "private"
    (private / "b").mkdir(parents=True)
    where = pinned_folder(shared / "a" / "b", make=True)
    assert where.made == [str(shared / "a"), str(shared / "a" / "b")]
    (shared / "a").rename(shared / "moved")
    (shared / "a").symlink_to(private)
    where.close()
    where.unmake()
    assert (private / "b").is_dir()
    assert not (shared / "moved" / "b").exists()
