"""A World at War, chapter 21 Naval Operations (seed 004): naval units, bases and every naval activity."""

from .ruleset import load

__all__ = ["load"]
