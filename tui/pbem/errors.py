"""The one exception of the sealed-dice core: a refusal that reads as one line.

Anything a hostile turn file, chain file or key file can cause ends as :class:`PbemRefused` (or a subclass), never
as another exception; its text is one line with every control character escaped, safe to print to a terminal.
"""

from __future__ import annotations

from ..rules.core.text import visible

#: Longest refusal text kept (a hostile value quoted in a message is cut to fit).
MAX_MESSAGE = 400


def one_line(text: str) -> str:
    """``text`` on one line, its control characters escaped (``\\x1b``), cut to :data:`MAX_MESSAGE` characters."""
    shown = visible(" ".join(str(text).split("\n")))
    return shown if len(shown) <= MAX_MESSAGE else shown[: MAX_MESSAGE - 1] + "…"


def quoted(value: object, limit: int = 40) -> str:
    """A value from a file, for a message: its repr cut to ``limit`` characters (never the whole hostile value)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class PbemRefused(Exception):
    """A key, chain, turn file or action was refused; ``str()`` is one line saying which entry and why.

    Nothing was changed by the call that raised it (except :class:`ForkFound`, whose proof is kept).
    """

    def __init__(self, message: str) -> None:
        """Keep ``message`` as one printable line."""
        super().__init__(one_line(message))


class ForkFound(PbemRefused):
    """A turn file holds an entry that conflicts with a known one signed by the same key: proof of a rewrite.

    ``fork`` is the :class:`tui.pbem.chain.Fork` (both entries); the receiving game keeps it and goes on only
    after a branch is chosen.
    """

    def __init__(self, message: str, fork: object) -> None:
        """The message and the fork found."""
        super().__init__(message)
        self.fork = fork
