"""The hex grid of rules/core (flat-topped hexes in columns; ids printed column then row; RULINGS L1 directions).

Expected neighbours are read off a printed flat-topped map with even columns
shifted down (column 13 sits high, column 14 low), not computed by the module.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tui.rules.core.errors import RuleError
from tui.rules.core.hexgrid import DIRECTIONS, Hex, HexGrid, direction_between, direction_name, ring, within

GRID = HexGrid(26, 18)
ODD = HexGrid(10, 8, shifted="odd")

coords = st.integers(-40, 40)
hexes = st.builds(Hex, coords, coords)
on_map = st.builds(lambda c, r: GRID.at(c, r), st.integers(1, 26), st.integers(1, 18))


def ids(grid: HexGrid, hs: list[Hex]) -> list[str]:
    return [grid.hex_id(h) for h in hs]


def test_neighbours_of_a_high_column_hex_l1() -> None:
    """RULINGS L1: N, NE, SE, S, SW, NW around 1309 (odd column, drawn high)."""
    assert ids(GRID, GRID.neighbours(GRID.parse("1309"))) == ["1308", "1408", "1409", "1310", "1209", "1208"]


def test_neighbours_of_a_low_column_hex_l1() -> None:
    """RULINGS L1: around 1409 (even column, drawn half a hex lower) the east and west neighbours are a row lower."""
    assert ids(GRID, GRID.neighbours(GRID.parse("1409"))) == ["1408", "1509", "1510", "1410", "1310", "1309"]


def test_odd_columns_shifted() -> None:
    """A map whose odd columns sit low: around 0303 the side neighbours are a row lower."""
    assert ids(ODD, ODD.neighbours(ODD.parse("0303"))) == ["0302", "0403", "0404", "0304", "0204", "0203"]


def test_corner_has_two_neighbours_on_the_map() -> None:
    assert ids(GRID, GRID.neighbours(GRID.parse("0101"))) == ["0201", "0102"]


def test_centre_of_26_by_18_is_1309() -> None:
    assert GRID.hex_id(GRID.centre()) == "1309"


def test_die_faces_are_directions_clockwise_from_north_l1() -> None:
    """RULINGS L1: 1 = N, then clockwise."""
    assert [direction_name(i) for i in range(1, 7)] == ["N", "NE", "SE", "S", "SW", "NW"]
    with pytest.raises(RuleError):
        direction_name(7)
    with pytest.raises(RuleError):
        direction_name("up")


def test_parse_refuses_bad_and_off_map_ids() -> None:
    for bad in ("abc", "130", "2701", "0119", "0000", ""):
        with pytest.raises(RuleError):
            GRID.parse(bad)


def test_distance_worked_examples() -> None:
    assert GRID.parse("0101").distance(GRID.parse("0104")) == 3
    assert GRID.parse("1309").distance(GRID.parse("1509")) == 2
    assert GRID.parse("0101").distance(GRID.parse("0401")) == 3  # 0201 is low, 0301 high: a zig-zag along row 1


def test_within_and_ring_sizes() -> None:
    assert len(within(Hex(0, 0), 2)) == 19
    assert len(ring(Hex(0, 0), 2)) == 12
    assert len(GRID.within(GRID.parse("0101"), 1)) == 3


def test_every_hex_id_is_unique_and_round_trips() -> None:
    seen = {GRID.hex_id(h) for h in GRID.hexes()}
    assert len(seen) == 26 * 18
    assert all(GRID.hex_id(GRID.parse(i)) == i for i in seen)


@given(hexes, hexes)
def test_distance_is_symmetric(a: Hex, b: Hex) -> None:
    assert a.distance(b) == b.distance(a)
    assert (a.distance(b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert a.distance(c) <= a.distance(b) + b.distance(c)


@given(hexes)
def test_neighbours_at_distance_one_and_directions_between(h: Hex) -> None:
    for d, n in zip(DIRECTIONS, h.neighbours()):
        assert h.distance(n) == 1
        assert direction_between(h, n) == d


@given(hexes, st.integers(0, 6))
def test_six_steps_in_a_loop_return_home(h: Hex, n: int) -> None:
    """One side of each direction, clockwise, closes a hexagon."""
    x = h
    for d in DIRECTIONS:
        x = x.step(d, n)
    assert x == h
    assert h.step("N", n).step("S", n) == h


@given(hexes, st.sampled_from(DIRECTIONS), st.integers(0, 8))
def test_n_steps_go_n_hexes(h: Hex, d: str, n: int) -> None:
    assert h.distance(h.step(d, n)) == n


@given(on_map)
def test_id_round_trip(h: Hex) -> None:
    assert GRID.parse(GRID.hex_id(h)) == h
    assert GRID.on_map(h)


@given(st.integers(1, 30), st.integers(1, 30), st.sampled_from(["even", "odd"]), st.integers(0, 3), st.integers(0, 3))
def test_ids_round_trip_on_any_grid(cols: int, rows: int, shifted: str, fc: int, fr: int) -> None:
    grid = HexGrid(cols, rows, fc, fr, shifted)
    hs = list(grid.hexes())
    assert len(set(hs)) == cols * rows
    assert all(grid.on_map(h) and grid.parse(grid.hex_id(h)) == h for h in hs)
    assert grid.on_map(grid.centre())


def test_hexart_draws_flat_topped_columns_with_content_and_marks() -> None:
    """The drawing worked by hand for 3 x 2 hexes, even columns half a hex lower."""
    from tui.rules.core import hexart

    grid = HexGrid(3, 2)
    canvas = hexart.draw(grid, {"0101": "●2"}, {("0202", "N"): ("river", "~"), ("0102", "NE"): ("bridge", "=")})
    assert hexart.text(canvas) == "\n".join([
        " ____      ____",
        "/0101\\____/0301\\",
        "\\●2__/0201\\____/",
        "/0102=~~~~/0302\\",
        "\\____/0202\\____/",
        "     \\____/",
    ])
    assert hexart.size(grid) == (16, 6)
    assert canvas[1][2].hex == "0101" and canvas[1][2].role == "id"
    assert canvas[3][7].role == "river" and canvas[3][5].role == "bridge"


def test_issue21_the_large_layout_shares_edges_and_keeps_ids_off_the_neighbours_contents() -> None:
    """Issue 21: large hexes (a name line, the id, a glyph line); neighbouring hexes share their slanted edges, and a
    hex's id line holds nothing of another hex but its edges."""
    from tui.rules.core.hexart import draw_large, text

    canvas = draw_large(HexGrid(2, 2), {"0101": "●3A"}, {"0101": "Brest"})
    assert text(canvas).splitlines() == [
        "  ______",
        " /Brest \\",
        "/  0101  \\______",
        "\\  ●3A   /      \\",
        " \\______/  0201  \\",
        " /      \\        /",
        "/  0102  \\______/",
        "\\        /      \\",
        " \\______/  0202  \\",
        "        \\        /",
        "         \\______/",
    ]
    for line in canvas:
        ids = {c.hex for c in line if c.role == "id"}
        assert all(c.role in ("edge", "blank") or c.hex in ids for c in line) if ids else True


def test_issue21_the_overview_draws_each_hex_in_two_characters() -> None:
    """Issue 21: zoomed out to the whole board, a hex is two characters on its printed row."""
    from tui.rules.core.hexart import draw_overview, text

    canvas = draw_overview(HexGrid(3, 2), {"0101": "●M", "0201": "~"})
    assert text(canvas).splitlines() == ["●M~ ·", "· · ·"]
    assert canvas[0][2].hex == "0201" and canvas[1][4].hex == "0302" and canvas[0][0].role == "id"
