"""Issue 32: the sealed dice' roll function: fixed, documented, unbiased (chi-square over 60,000 faces per size)."""

from __future__ import annotations

import hashlib
import hmac
import math
import re
from pathlib import Path

import pytest

from tui.pbem import PbemRefused, dice

ROOT = Path(__file__).resolve().parent.parent
#: The worked example of docs/pbem.md: a seed, a request hash, what they give.
EXAMPLE_SEED = bytes(range(32))
EXAMPLE_REQUEST = hashlib.sha256(b"example request").digest()
FACES = 60_000
#: Smallest p-value a fair die's chi-square must have (the brief: p > 0.001).
ALPHA = 0.001


def chi_square_p(statistic: float, df: int) -> float:
    """P(X >= statistic) for a chi-square X of ``df`` degrees of freedom (the regularized upper incomplete gamma
    Q(df/2, statistic/2)), by its closed forms: a finite sum for even ``df``, erfc and a finite sum for odd."""
    x = statistic / 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, df // 2):
            term *= x / i
            total += term
        return math.exp(-x) * total
    total = math.erfc(math.sqrt(x))
    term = math.sqrt(x) * 2 / math.sqrt(math.pi)
    for i in range(1, (df + 1) // 2):
        total += math.exp(-x) * term
        term *= x / (i + 0.5)
    return total


def test_the_p_value_function_agrees_with_known_quantiles() -> None:
    """The chi-square tables' 0.05 and 0.001 quantiles give those p-values (df 1, 5, 9, 19)."""
    for df, q05, q001 in ((1, 3.841, 10.828), (5, 11.070, 20.515), (9, 16.919, 27.877), (19, 30.144, 43.820)):
        assert chi_square_p(q05, df) == pytest.approx(0.05, abs=2e-4)
        assert chi_square_p(q001, df) == pytest.approx(0.001, abs=2e-5)


def draw(sides: int) -> list[int]:
    """60,000 faces of dice of ``sides`` sides from 60 fixed seeds, 10 fixed request hashes each, 100 faces each."""
    faces: list[int] = []
    for s in range(60):
        seed = hashlib.sha256(f"fair seed {s}".encode()).digest()
        for r in range(10):
            stream = dice.DiceStream(seed, hashlib.sha256(f"fair request {r}".encode()).digest())
            faces += stream.rolls(sides, FACES // 600)
    return faces


@pytest.mark.parametrize(("sides", "statistic"), [(6, 8.2272), (10, 10.0867), (2, 4.9323), (20, 20.6247)])
def test_sixty_thousand_faces_pass_a_chi_square_test(sides: int, statistic: float) -> None:
    """Each face of a d6, d10, d2 and d20 comes up about equally often: the chi-square statistic (sides - 1 degrees
    of freedom) over 60,000 faces from fixed seeds has p > 0.001; its value is pinned (the draw is fixed)."""
    faces = draw(sides)
    assert len(faces) == FACES and set(faces) == set(range(1, sides + 1))
    expected = FACES / sides
    chi2 = sum((faces.count(face) - expected) ** 2 / expected for face in range(1, sides + 1))
    assert chi2 == pytest.approx(statistic, abs=1e-4)
    assert chi_square_p(chi2, sides - 1) > ALPHA


def test_a_number_past_the_last_whole_multiple_is_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rejection sampling: for a d6, ``u >= (2**64 // 6) * 6`` (the 4 highest values) is skipped, not folded."""
    top = (2**64 // 6) * 6
    numbers = iter([top, 2**64 - 1, top - 1, 7])
    monkeypatch.setattr(dice, "_numbers", lambda seed, request: numbers)
    stream = dice.DiceStream(bytes(32), bytes(32))
    assert stream.roll(6) == 1 + (top - 1) % 6 == 6
    assert stream.roll(6) == 2
    assert stream.drawn == 2


def test_the_stream_is_hmac_sha256_blocks_of_four_big_endian_numbers() -> None:
    """The documented function, computed here from its definition, gives the stream's faces."""
    us = []
    for j in range(3):
        block = hmac.new(EXAMPLE_SEED, b"harbormaster-pbem-roll-v1\0" + EXAMPLE_REQUEST + j.to_bytes(8, "big"),
                         hashlib.sha256).digest()
        us += [int.from_bytes(block[8 * k:8 * k + 8], "big") for k in range(4)]
    expected = [1 + u % 6 for u in us if u < (2**64 // 6) * 6][:10]
    assert dice.DiceStream(EXAMPLE_SEED, EXAMPLE_REQUEST).rolls(6, 10) == expected


def test_dice_of_several_sizes_come_from_one_stream_in_order() -> None:
    mixed = dice.DiceStream(EXAMPLE_SEED, EXAMPLE_REQUEST)
    assert [mixed.roll(6), mixed.roll(10), mixed.roll(2), mixed.roll(20)] == [2, 8, 2, 7]
    assert dice.faces(EXAMPLE_SEED, EXAMPLE_REQUEST, [{"sides": 6, "count": 2}, {"sides": 10, "count": 1}]) == [2, 4, 10]
    assert dice.faces(EXAMPLE_SEED, EXAMPLE_REQUEST, "stream") == []


def test_another_request_or_another_seed_gives_another_stream() -> None:
    base = dice.DiceStream(EXAMPLE_SEED, EXAMPLE_REQUEST).rolls(20, 12)
    other_request = dice.DiceStream(EXAMPLE_SEED, hashlib.sha256(b"example request.").digest()).rolls(20, 12)
    other_seed = dice.DiceStream(bytes(32), EXAMPLE_REQUEST).rolls(20, 12)
    assert base != other_request and base != other_seed


def test_the_commitment_is_sha256_of_the_prefixed_seed_and_a_seed_is_32_random_bytes() -> None:
    assert dice.commitment(EXAMPLE_SEED) == hashlib.sha256(b"harbormaster-pbem-commit-v1\0" + EXAMPLE_SEED).hexdigest()
    assert dice.seed_matches(EXAMPLE_SEED.hex(), dice.commitment(EXAMPLE_SEED))
    assert not dice.seed_matches(bytes(32).hex(), dice.commitment(EXAMPLE_SEED))
    seeds = {dice.new_seed() for _ in range(50)}
    assert len(seeds) == 50 and all(len(s) == 32 for s in seeds)


def test_a_die_or_a_request_of_the_wrong_size_is_refused() -> None:
    stream = dice.DiceStream(EXAMPLE_SEED, EXAMPLE_REQUEST)
    for sides in (0, 1, True, dice.MAX_SIDES + 1):
        with pytest.raises(PbemRefused, match="sides"):
            stream.roll(sides)
    with pytest.raises(PbemRefused):
        dice.DiceStream(bytes(31), EXAMPLE_REQUEST)
    for bad in ([], "all", [{"sides": 6}], [{"sides": 6, "count": 0}], [{"sides": 6, "count": 1, "x": 1}],
                [{"sides": 6, "count": 1}] * (dice.MAX_GROUPS + 1)):
        with pytest.raises(PbemRefused):
            dice.check_dice(bad, "the dice")


def test_the_manuals_worked_example_is_what_the_code_computes() -> None:
    """docs/pbem.md's worked example (seed, request hash, commitment, first block, its numbers, the first faces) is
    generated by this code: another program can check itself against it."""
    page = (ROOT / "docs" / "pbem.md").read_text(encoding="utf-8")
    block = hmac.new(EXAMPLE_SEED, dice.ROLL_PREFIX + EXAMPLE_REQUEST + bytes(8), hashlib.sha256).digest()
    numbers = [int.from_bytes(block[8 * k:8 * k + 8], "big") for k in range(4)]
    stream = dice.DiceStream(EXAMPLE_SEED, EXAMPLE_REQUEST)
    mixed = dice.DiceStream(EXAMPLE_SEED, EXAMPLE_REQUEST)
    expected = {
        "seed": EXAMPLE_SEED.hex(),
        "request hash": EXAMPLE_REQUEST.hex(),
        "commitment": dice.commitment(EXAMPLE_SEED),
        "block 0": block.hex(),
        "numbers of block 0": ", ".join(str(u) for u in numbers),
        "first eight d6": ", ".join(str(f) for f in stream.rolls(6, 8)),
        "first eight d10": ", ".join(str(f) for f in dice.DiceStream(EXAMPLE_SEED, EXAMPLE_REQUEST).rolls(10, 8)),
        "a d6, a d10, a d2, a d20": ", ".join(str(mixed.roll(s)) for s in (6, 10, 2, 20)),
    }
    for label, value in expected.items():
        assert re.search(rf"^{re.escape(label)}: +{re.escape(value)}$", page, re.M), f"docs/pbem.md: {label}: {value}"
