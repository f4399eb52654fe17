"""Which defending ships engage a raider group (seed 004, 21.5342A-E): the types the dice send, then the ships.

21.5342A-D: each die of the defender sends the ship type of its Raider Table
line; when no eligible ship of that type is available (none there, or a "6"
without a fast carrier and as many light ship factors, 21.5342C) "the
defender must choose a lesser die roll". :func:`ship_types` reads the dice
from the highest down, each taking its own type while one is there; a die
whose type is not there stops at a choice when more than one lesser type is
available (the referee's answer, or the lesser result typed with the die,
``4:2``), and takes the only one otherwise.

21.5342E: "the defender chooses which eligible ships actually engage".
:func:`next_choice` walks the types sent, from the highest down: the ships
that may fill each die (those that leave the other dice their types), the
fast carrier first and then its light ship factors (21.5342C, 21.313); a die
only one ship can fill takes it.

Ships are :class:`Ship` and the factors each still has to give are a dict
(id -> factors), so nothing here needs the world model. A counter of ships
that are a factor each (destroyers, a cruiser counter of three or more
factors) may give part of its factors; any other counter engages whole.
"""

from __future__ import annotations

from typing import Any, Sequence

import msgspec

from ..core.errors import RuleError


class Ship(msgspec.Struct, frozen=True):
    """A defending naval unit as the Raider Table sees it."""

    id: str
    type: str
    factors: int
    light: bool = False
    """A light ship: destroyers and cruisers (21.5342C's "light fleet factors")."""
    whole: bool = True
    """One ship (a capital ship, a two-factor cruiser): it engages whole; False: a factor is a ship (destroyers)."""


class Engaged(msgspec.Struct, frozen=True):
    """A ship (or some factors of a counter) engaging for one die: as the die's ship, or as a carrier's light factors."""

    die: int
    unit: str
    factors: int
    role: str = "ship"
    """``ship`` or ``escort`` (the light ship factors that go with a fast carrier, 21.5342C)."""


class Types(msgspec.Struct, frozen=True):
    """What :func:`ship_types` found: the face each die sends (0: nothing is left; None: not decided yet), and the die
    waiting for the defender's choice of a lesser type with the faces he may choose."""

    sent: tuple[int | None, ...]
    choose: int | None = None
    options: tuple[int, ...] = ()
    automatic: tuple[int, ...] = ()
    """Dice that took the only lesser type there was (21.5342D)."""


class Choice(msgspec.Struct, frozen=True):
    """The next ship the defender names (21.5342E): for die ``die`` its ship or its carrier's light factors, among
    ``candidates``; ``need`` is the light factors still wanted for a carrier."""

    die: int
    role: str
    candidates: tuple[str, ...]
    need: int = 0


def _rows(rows: Sequence[Any]) -> dict[int, Any]:
    return {r.face: r for r in rows}


def _light(avail: dict[str, int], ships: dict[str, Ship]) -> int:
    return sum(n for i, n in avail.items() if ships[i].light)


def candidates(face: int, rows: dict[int, Any], ships: dict[str, Ship], avail: dict[str, int], reserved: int,
               carrier_sent: bool) -> list[str]:
    """The ships that can be the one a ``face`` sends (21.5342), heavy ones first: a ship of the line's type and size
    still free; a "6": a fast carrier of any size with as many light ship factors beside the ``reserved`` ones, one a
    attempt (21.5342C); a "1": a destroyer factor. Light ships are offered only while the carrier's light factors are
    left."""
    row = rows[face]
    light = _light(avail, ships)
    out = []
    for i, n in avail.items():
        s = ships[i]
        if n <= 0 or s.type not in row.types:
            continue
        if row.factors == 0:
            if carrier_sent or n < s.factors or s.factors > light - reserved:
                continue
        elif "destroyer" in row.types:
            if s.light and light - 1 < reserved:
                continue
        else:
            if n != row.factors or s.factors != row.factors or (s.light and light - n < reserved):
                continue
        out.append(i)
    return sorted(out, key=lambda i: ships[i].light)


def _take(face: int, unit: str, rows: dict[int, Any], ships: dict[str, Ship], avail: dict[str, int], reserved: int
          ) -> tuple[dict[str, int], int]:
    """The factors left once ``unit`` is the ship ``face`` sends, and the light factors a carrier now reserves."""
    row = rows[face]
    avail = dict(avail)
    if row.factors == 0:
        avail[unit] = 0
        return avail, reserved + ships[unit].factors
    if "destroyer" in row.types:
        avail[unit] -= 1
        return avail, reserved
    avail[unit] = 0
    return avail, reserved


def ship_types(faces: Sequence[int], rows: Sequence[Any], ships: dict[str, Ship], avail: dict[str, int],
               missing: set[int], chosen: dict[int, int]) -> Types:
    """21.5342A-D: the face each die sends, the highest dice first. ``missing``: faces the referee marks as not there;
    ``chosen``: die index -> the lesser face the defender chose (answered, or typed with the die). Refuses a lesser face
    that is not one of the die's options, and one for a die whose own type is there."""
    by_face = _rows(rows)
    order = sorted(range(len(faces)), key=lambda k: -faces[k])
    sent: list[int | None] = [None] * len(faces)
    automatic: list[int] = []
    reserved, carrier = 0, False
    for i in order:
        face = faces[i]
        own = [] if face in missing else candidates(face, by_face, ships, avail, reserved, carrier)
        pick = face if own else None
        if own and i in chosen:
            raise RuleError(f"the die {face}'s ship type ({by_face[face].text}) is there: the die sends it, not a lesser "
                            "result (21.5342D; mark a type that is not there with --missing)")
        if pick is None:
            options = tuple(f for f in range(face - 1, 0, -1)
                            if f not in missing and candidates(f, by_face, ships, avail, reserved, carrier))
            pick = chosen.get(i)
            if pick is not None and pick not in options:
                shown = ", ".join(map(str, options)) or "none"
                raise RuleError(f"no eligible ship of the die {face}'s type is there, and {pick} is not a lesser result the "
                                f"defender may choose: {shown} (21.5342D)")
            if pick is None and len(options) > 1:
                return Types(tuple(sent), i, options, tuple(automatic))
            if pick is None:
                pick = options[0] if options else 0
                if options:
                    automatic.append(i)
        sent[i] = pick
        if pick:
            found = candidates(pick, by_face, ships, avail, reserved, carrier)
            # 21.5342C-D: a carrier reserves its size in light factors; the smallest leaves the lesser dice the most
            unit = min(found, key=lambda u: ships[u].factors) if by_face[pick].factors == 0 else found[0]
            avail, reserved = _take(pick, unit, by_face, ships, avail, reserved)
            carrier = carrier or by_face[pick].factors == 0
    return Types(tuple(sent), None, (), tuple(automatic))


def _feasible(faces: Sequence[int], rows: dict[int, Any], ships: dict[str, Ship], avail: dict[str, int], reserved: int,
              carrier: bool) -> bool:
    """Whether each of ``faces`` (the highest first) still finds its ship, and the carrier its light factors."""
    for face in sorted(faces, reverse=True):
        c = candidates(face, rows, ships, avail, reserved, carrier)
        if not c:
            return False
        avail, reserved = _take(face, c[0], rows, ships, avail, reserved)
        carrier = carrier or rows[face].factors == 0
    return _light(avail, ships) >= reserved


def escort_factors(ship: Ship, left: int, need: int) -> int:
    """The light ship factors ``ship`` gives a carrier that still needs ``need``: a counter of one ship all of its
    ``left``; a counter of a ship per factor as many as are needed (21.5342C)."""
    return left if ship.whole else min(left, need)


def state_after(sent: Sequence[int | None], rows: Sequence[Any], ships: dict[str, Ship], avail: dict[str, int],
                engaged: Sequence[Engaged]) -> tuple[dict[str, int], int, bool]:
    """The factors left, the light factors a carrier still needs, and whether a carrier engages, after ``engaged``."""
    by_face = _rows(rows)
    avail = dict(avail)
    need, carrier = 0, False
    for e in engaged:
        avail[e.unit] = avail.get(e.unit, 0) - e.factors
        face = sent[e.die] or 0
        if e.role == "ship" and face and by_face[face].factors == 0:
            carrier = True
            need += ships[e.unit].factors
        if e.role == "escort":
            need -= e.factors
    return avail, max(need, 0), carrier


def next_choice(sent: Sequence[int | None], rows: Sequence[Any], ships: dict[str, Ship], avail: dict[str, int],
                engaged: Sequence[Engaged]) -> Choice | None:
    """21.5342E: the next ship to name, the highest face first (a carrier's light factors right after it), with the
    ships that may be it; None when every die sending a ship has one."""
    by_face = _rows(rows)
    left, need, carrier = state_after(sent, rows, ships, avail, engaged)
    order = sorted((i for i, f in enumerate(sent) if f), key=lambda k: -(sent[k] or 0))
    named = {e.die for e in engaged if e.role == "ship"}
    for n, i in enumerate(order):
        face = sent[i] or 0
        rest = [sent[k] or 0 for k in order[n + 1:] if k not in named]
        if i not in named:
            pool = candidates(face, by_face, ships, left, need, carrier)
            fit = []
            for c in pool:
                after, reserved = _take(face, c, by_face, ships, left, need)
                if _feasible(rest, by_face, ships, after, reserved, carrier or by_face[face].factors == 0):
                    fit.append(c)
            return Choice(i, "ship", tuple(fit or pool))
        if by_face[face].factors == 0 and need:
            pool = [u for u, f in left.items() if f > 0 and ships[u].light]
            fit = []
            for c in pool:
                after = dict(left)
                give = escort_factors(ships[c], left[c], need)
                after[c] -= give
                if _feasible(rest, by_face, ships, after, max(need - give, 0), True):
                    fit.append(c)
            return Choice(i, "escort", tuple(fit or pool), need)
    return None


def engage(choice: Choice, unit: str, sent: Sequence[int | None], rows: Sequence[Any], ships: dict[str, Ship],
           avail: dict[str, int], engaged: Sequence[Engaged]) -> Engaged:
    """The :class:`Engaged` record of ``unit`` named for ``choice``; refuses a ship that is not one of its candidates."""
    if unit not in choice.candidates:
        raise RuleError(f"{unit} may not engage for this die: {', '.join(choice.candidates) or 'no ship is left'} (21.5342E)")
    left, need, _ = state_after(sent, rows, ships, avail, engaged)
    if choice.role == "escort":
        return Engaged(choice.die, unit, escort_factors(ships[unit], left[unit], need), "escort")
    row = _rows(rows)[sent[choice.die] or 0]
    return Engaged(choice.die, unit, 1 if "destroyer" in row.types else ships[unit].factors)
