"""``PortForm``: add a port, or edit one — name, type, owner, harbour, hex, sea zone."""

from __future__ import annotations

from typing import Any, Sequence

from .form_prompt import FormField, FormPrompt

#: The fields a port edit may change, in form order, with the ``port edit`` key each one sets.
EDIT_KEYS = (("type", "type"), ("owner", "owner"), ("harbour", "harbour"), ("hex", "hex"), ("sea_zone", "zone"))


class PortForm(FormPrompt):
    """A :class:`FormPrompt` for a port; ``port`` (a row of the ports view) pre-fills it for an edit."""

    def __init__(self, *, types: Sequence[str], owners: Sequence[str], harbours: Sequence[str],
                 port: dict[str, Any] | None = None) -> None:
        port = port or {}
        editing = bool(port)
        fields = [
            FormField("name", "Name", default=port.get("name"), required=True, disabled=editing, placeholder="e.g. Port Sudan"),
            FormField("type", "Type", "choice", default=port.get("type", "standard"), choices=tuple(types)),
            FormField("owner", "Owner", "choice", default=port.get("owner"), choices=tuple(owners)),
            FormField("harbour", "Harbour", "choice", default=port.get("harbour", "none"), choices=tuple(harbours)),
            FormField("hex", "Hex", default=port.get("hex") or None, placeholder="e.g. 19A:2416"),
            FormField("sea_zone", "Sea zone", default=port.get("sea_zone") or None, placeholder="e.g. Red Sea"),
        ]
        title = f"Edit port {port['name']}" if editing else "Add a port"
        super().__init__(title, fields, text="31.A.1: the port's printed type and where it is.", ok="Save" if editing else "Add")
        self.port = port
        """The port being edited (empty when adding)."""


def add_line(values: dict[str, Any]) -> list[str]:
    """The arguments of ``port add`` for the form's values."""
    args = ["port", "add", str(values["name"]), str(values["type"]), str(values["owner"]), f"harbour={values['harbour']}"]
    if values.get("hex"):
        args.append(f"hex={values['hex']}")
    if values.get("sea_zone"):
        args.append(f"zone={values['sea_zone']}")
    return args


def edit_line(port: dict[str, Any], values: dict[str, Any]) -> list[str] | None:
    """The arguments of ``port edit`` for what changed, or None when nothing did."""
    pairs = []
    for field, key in EDIT_KEYS:
        new = values.get(field) or ""
        old = port.get(field) or ""
        if str(new) != str(old):
            pairs.append(f"{key}={new}")
    if not pairs:
        return None
    return ["port", "edit", str(port["name"]), *pairs]
