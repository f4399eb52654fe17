"""Issue 29.2: a shared folder never leads an OUTPUT into a private one.

Every path the app writes or creates (``report -o``, ``scenario export/template/import -o``, ``branch NEW_PATH``,
``new PATH``, the ``R`` briefing and the Log's ``b`` branch beside the save, and every folder these make) is checked
with the rule saves are opened by (:func:`tui.store.links.planted_link`): every name on the way, the folders and the
last one, before anything is made. A co-player's link (a real second Unix account, made by the test) in the shared
folder, to the referee's private 0700 folder, is refused in one line naming the link and its owner, exit 2, and
nothing is made anywhere. The referee's own link is still followed where the rule allows it.
"""

from __future__ import annotations

import os
import pwd
from pathlib import Path

import pytest

from tests.accounts import other_account  # noqa: F401  (a fixture)
from tests.cli_fixtures import run
from tests.conftest import fixed_clock
from tests.test_planted_links import Table, listing, one_line
from tui.session import create_game, open_game

pytestmark = pytest.mark.multiuser


class Outputs(Table):
    """The :class:`Table`, with a save in the shared folder (``campaign.json``, the referee's, a plain file), a file
    of the referee's in the private folder (``victim.txt``), and a folder of the referee's others may read (``own``)."""

    def __init__(self, tmp_path: Path, data: Path, uid: int, gid: int, name: str) -> None:
        super().__init__(tmp_path, data, uid, gid)
        self.name = name
        self.campaign = self.shared / "campaign.json"
        game = create_game(self.campaign, data, seed=4, clock=fixed_clock)
        assert game.execute("hit Tobruk 1").ok
        game.close()
        (self.private / "victim.txt").write_bytes(b"the referee's own notes\n")
        self.own = tmp_path / "own"
        self.own.mkdir(mode=0o755)
        self.before = self.state()

    def owned_by_co_player(self, line: str, link: Path) -> bool:
        """Whether the one-line refusal names ``link`` as the co-player's."""
        return f"{link} is a symbolic link owned by {self.name} (uid {self.uid})" in line


@pytest.fixture
def out(tmp_path: Path, data: Path, other_account: tuple[str, int]) -> Outputs:  # noqa: F811
    name, uid = other_account
    return Outputs(tmp_path, data, uid, pwd.getpwnam(name).pw_gid, name)


def refused(out: Outputs, capsys, *argv: str, link: Path) -> str:
    """Run ``harbormaster ARGV``; check it is refused (exit 2) in one line naming ``link`` as the co-player's, and
    that nothing changed in the private or the shared folder. The line."""
    code, stdout, err = run(capsys, *argv)
    assert code == 2, (stdout, err)
    line = one_line(err)
    assert out.owned_by_co_player(line, link), line
    assert out.unchanged(), (out.state(), out.before)
    return line


def test_29_2_report_output_through_a_co_players_folder_link_is_refused(out: Outputs, capsys) -> None:
    """Issue 29.2: ``report -o shared/dirlink/out.md`` (dirlink the co-player's link to the private folder) wrote
    private/out.md; with --force it overwrote the referee's private file. Both are refused, nothing written."""
    link = out.plant("dirlink", out.private)
    refused(out, capsys, "report", str(out.campaign), "-o", str(link / "out.md"), link=link)
    refused(out, capsys, "report", str(out.campaign), "-o", str(link / "victim.txt"), "--force", link=link)
    assert (out.private / "victim.txt").read_bytes() == b"the referee's own notes\n"


def test_29_2_report_output_at_a_co_players_link_names_its_owner(out: Outputs, capsys) -> None:
    """Issue 29.2: ``report -o shared/brief.md`` where brief.md is the co-player's link: refused naming its owner."""
    link = out.plant("brief.md", out.private / "victim.txt")
    refused(out, capsys, "report", str(out.campaign), "-o", str(link), "--force", link=link)


@pytest.mark.parametrize("command", ["export", "template"])
def test_29_2_scenario_folder_output_through_a_co_players_folder_link_is_refused(out: Outputs, capsys, command) -> None:
    """Issue 29.2: ``scenario export -o shared/dirlink/sub`` made private/sub with 9 CSV files; ``template`` too.
    Refused, no folder made; ``-o shared/dirlink`` (the link itself) names the link and its owner, not "does not
    exist"."""
    link = out.plant("dirlink", out.private)
    source = [str(out.campaign)] if command == "export" else ["--ruleset", "europa"]
    refused(out, capsys, "scenario", command, *source, "-o", str(link / "sub"), link=link)
    line = refused(out, capsys, "scenario", command, *source, "-o", str(link), "--force", link=link)
    assert "does not exist" not in line


def test_29_2_scenario_import_output_through_a_co_players_folder_link_is_refused(out: Outputs, tmp_path: Path,
                                                                                   capsys) -> None:
    """Issue 29.2: ``scenario import … -o shared/dirlink/g.toml`` and ``-o shared/g.toml`` (the co-player's link)."""
    csv = tmp_path / "csv"
    assert run(capsys, "scenario", "export", str(out.campaign), "-o", str(csv))[0] == 0
    out.before = out.state()
    link = out.plant("dirlink", out.private)
    refused(out, capsys, "scenario", "import", "--ruleset", "europa", str(csv), "-o", str(link / "g.toml"), link=link)
    final = out.plant("g.toml", out.private / "g.toml")
    refused(out, capsys, "scenario", "import", "--ruleset", "europa", str(csv), "-o", str(final), "--force", link=final)


@pytest.mark.parametrize("where", ["new.json", "made/deeper/new.json"])
def test_29_2_branch_into_a_co_players_folder_link_writes_nothing(out: Outputs, capsys, where: str) -> None:
    """Issue 29.2: ``branch --at 0 SAVE shared/dirlink/new.json`` wrote private/new.json and only then refused;
    the folders it would make are not made either."""
    link = out.plant("dirlink", out.private)
    refused(out, capsys, "branch", "--at", "0", str(out.campaign), str(link / where), link=link)


def test_29_2_branch_at_a_co_players_link_names_its_owner(out: Outputs, capsys) -> None:
    """Issue 29.2: ``branch … shared/what-if.json`` where what-if.json is the co-player's (dangling) link."""
    link = out.plant("what-if.json", out.private / "what-if.json")
    refused(out, capsys, "branch", "--at", "0", str(out.campaign), str(link), link=link)


@pytest.mark.parametrize("where", ["n.json", "made/deeper/n.json"])
def test_29_2_new_in_a_co_players_folder_link_writes_nothing(out: Outputs, capsys, where: str) -> None:
    """Issue 29.2: ``new shared/dirlink/n.json`` wrote private/n.json and only then refused."""
    link = out.plant("dirlink", out.private)
    refused(out, capsys, "new", str(link / where), link=link)


def test_29_2_new_at_a_co_players_link_names_its_owner(out: Outputs, capsys) -> None:
    """Issue 29.2: ``new shared/n.json`` where n.json is the co-player's dangling link into the private folder."""
    link = out.plant("n.json", out.private / "n.json")
    refused(out, capsys, "new", str(link), link=link)


@pytest.mark.parametrize("command", ["new", "branch"])
def test_29_2_a_lock_that_is_a_link_is_named_as_one(out: Outputs, capsys, command: str) -> None:
    """Issue 29.2: a new save whose lock name (``n.json.lock``) is the co-player's link is refused in one line saying
    what it is (not "you cannot write the folder"), and nothing is made."""
    lock = out.plant("n.json.lock", out.private / "n.json.lock")
    argv = ["new", str(out.shared / "n.json")] if command == "new" else \
        ["branch", "--at", "0", str(out.campaign), str(out.shared / "n.json")]
    line = refused(out, capsys, *argv, link=lock)
    assert "cannot write the folder" not in line


def test_29_2_the_briefing_key_writes_through_no_co_players_link(out: Outputs, data: Path) -> None:
    """Issue 29.2: the ``R`` key writes its briefing with :func:`tui.outputs.briefing.write_file` (as ``report -o``): a path
    through the co-player's folder link is refused naming it, nothing written."""
    from tui.outputs.briefing import write_file
    from tui.store.export import OutputRefused

    link = out.plant("dirlink", out.private)
    with pytest.raises(OutputRefused) as caught:
        write_file(link / "campaign-briefing-referee-turn-1.md", "# briefing\n")
    assert out.owned_by_co_player(str(caught.value), link) and "\n" not in str(caught.value)
    assert out.unchanged()


def test_29_2_the_log_branch_key_writes_through_no_co_players_link(out: Outputs, data: Path) -> None:
    """Issue 29.2: the Log's ``b`` writes with :func:`tui.outputs.branch.branch_game` (as ``branch``): refused likewise."""
    from tui.outputs.branch import BranchError, branch_game

    link = out.plant("dirlink", out.private)
    game = open_game(out.campaign, data, mode="read")
    try:
        for where in ("b.json", "made/b.json"):
            with pytest.raises(BranchError) as caught:
                branch_game(game, 1, link / where)
            assert out.owned_by_co_player(str(caught.value), link) and "\n" not in str(caught.value)
    finally:
        game.close()
    assert out.unchanged()


def test_29_2_the_referees_own_folder_link_is_still_followed(out: Outputs, capsys) -> None:
    """Issue 29.2 (control): the referee's own link in the shared folder, to a folder of theirs, is followed by every
    writer, as its own link to a save is."""
    mine = out.plant("mine", out.own, uid=os.geteuid())
    steps = [
        ("report", str(out.campaign), "-o", str(mine / "out.md")),
        ("scenario", "export", str(out.campaign), "-o", str(mine / "csv")),
        ("scenario", "template", "--ruleset", "europa", "-o", str(mine / "tpl")),
        ("scenario", "import", "--ruleset", "europa", str(mine / "csv"), "-o", str(mine / "g.toml")),
        ("branch", "--at", "1", str(out.campaign), str(mine / "made" / "b.json")),
        ("new", str(mine / "n" / "n.json"), "--seed", "3"),
    ]
    for argv in steps:
        code, stdout, err = run(capsys, *argv)
        assert code == 0, (argv, stdout, err)
    assert sorted(p.name for p in out.own.iterdir()) == ["csv", "g.toml", "made", "n", "out.md", "tpl"]
    assert (out.own / "made" / "b.json").is_file() and (out.own / "n" / "n.json").is_file()
    assert len(list((out.own / "csv").iterdir())) == 9
    assert listing(out.private) == out.before[0]


def test_29_2_a_folder_swapped_for_a_link_after_the_check_is_not_followed(tmp_path: Path) -> None:
    """Issue 29.2: the folder an output is made in is held open once checked, and the file is made in it without
    following a name: a folder renamed away and replaced by a link meanwhile leads nowhere else."""
    from tui.store.links import pinned_folder

    folder = tmp_path / "shared" / "game"
    folder.mkdir(parents=True)
    elsewhere = tmp_path / "private"
    elsewhere.mkdir()
    with pinned_folder(folder) as where:
        folder.rename(tmp_path / "shared" / "moved")
        folder.symlink_to(elsewhere)
        fd = os.open(where.name_in("out.md"), os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
        os.close(fd)
    assert (tmp_path / "shared" / "moved" / "out.md").is_file() and list(elsewhere.iterdir()) == []

