"""Reading a scenario's CSV files: every row checked against its kind's struct, every problem named.

The header row names the columns (the fields of the kind's struct; unknown
ones are refused by name). A row whose first cell starts with ``#`` is a
comment, and an empty row is skipped. A UTF-8 byte order mark is accepted.
One ``'`` before a cell is taken off (the escape of a cell a spreadsheet
would run as a formula, see :mod:`.cells`).
"""

from __future__ import annotations

import csv
import io
import re
from typing import Any

import msgspec
from msgspec import field

from ..rules.core.text import control_problem
from ..rules.core.cells import CellError, field_types, parse, required, unescape
from .forms import Kind
from .problems import Problem

BOM = b"\xef\xbb\xbf"
COMMENT = "#"
#: No scenario file is larger (a guard against reading a device or a huge file by mistake).
MAX_BYTES = 20_000_000


class Sheet(msgspec.Struct):
    """One kind's rows as read: the plain values (``rows``) and the line each starts on (``lines``)."""

    kind: Kind
    file: str
    rows: list[dict[str, Any]] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)  # map: the key of each row
    left_out: list[str] = field(default_factory=list)  # the key cell of each row left out for a problem ("" if none)

    def value(self) -> Any:
        """The plain value of the kind: a list of rows, one table, or a mapping."""
        if self.kind.shape == "rows":
            return self.rows
        if self.kind.shape == "table":
            return self.rows[0] if self.rows else {}
        return {k: r for k, r in zip(self.keys, (row["value"] for row in self.rows))}


def decode(blob: bytes, file: str, problems: list[Problem]) -> str | None:
    """The text of a CSV file (UTF-8, an optional BOM); None, with a problem naming line and column, if it is not."""
    if blob.startswith(BOM):
        blob = blob[len(BOM):]
    try:
        return blob.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = blob[: exc.start].count(b"\n") + 1
        start = blob.rfind(b"\n", 0, exc.start) + 1
        before = blob[start:exc.start].decode("utf-8", "replace")
        header = next(csv.reader([blob.split(b"\n", 1)[0].decode("utf-8", "replace")]), [])
        index = len(next(csv.reader([before]), [""])) - 1 if before else 0
        column = header[index].strip() if index < len(header) and line > 1 else str(index + 1)
        problems.append(Problem(file, line, column, f"byte 0x{blob[exc.start]:02x} is not UTF-8 (save the file as CSV UTF-8)"))
        return None


def read_sheet(text: str, kind: Kind, file: str, problems: list[Problem]) -> Sheet:
    """The rows of one CSV file of ``kind``; each problem is added to ``problems`` (a row with one is left out)."""
    sheet = Sheet(kind, file)
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    records: list[tuple[int, list[str]]] = []
    end = 0
    try:
        for record in reader:
            records.append((end + 1, record))
            end = reader.line_num
    except csv.Error as exc:
        if "field larger than field limit" in str(exc):  # a cell the csv module will not hold: say which one
            limit = csv.field_size_limit()
            problems.append(Problem(file, end + 1, _long_column(text, end, records, limit), f"the cell is longer than {limit:,} characters"))
            return sheet
        problems.append(Problem(file, end + 1, _quote_column(text, end, records), f"is not valid CSV ({exc}); a cell holding a comma or a quote is "
                                "written in double quotes, a quote inside it doubled (\"\")"))
        return sheet
    if not records or not any(c.strip() for c in records[0][1]):
        problems.append(Problem(file, 1, kind.header()[0], f"the file is empty: it needs a header row ({','.join(kind.header())})"))
        return sheet
    header = [c.strip() for c in records[0][1]]
    if len(header) == 1 and ";" in header[0] and header[0] not in kind.header():
        problems.append(Problem(file, 1, header[0].split(";")[0], "the cells are separated by ';': save the file as "
                                "CSV with commas (the header names the columns: " + ",".join(kind.header()) + ")"))
        return sheet
    if not _header_ok(header, kind, file, problems):
        return sheet
    types = _types(kind)
    seen: dict[str, int] = {}
    for line, record in records[1:]:
        if not any(c.strip() for c in record) or record[0].lstrip().startswith(COMMENT):
            continue
        if len(record) > len(header):
            problems.append(Problem(file, line, str(len(header) + 1), f"the row has {len(record)} cells, the header "
                                    f"{len(header)}: a cell holding a comma is written in double quotes"))
            continue
        row = _row(dict(zip(header, record)), types, kind, file, line, problems)
        key_column = kind.columns[0] if kind.shape == "map" else kind.key
        if row is None:
            cells = dict(zip(header, record))
            sheet.left_out.append(unescape(cells.get(key_column, "")) if key_column else "")
            continue
        if key_column:
            key = str(row.get("key" if kind.shape == "map" else key_column, "")).lower()
            if key in seen:
                problems.append(Problem(file, line, key_column, f"'{record[header.index(key_column)].strip()}' is "
                                        f"listed twice (first on line {seen[key]})"))
                continue
            seen[key] = line
        if kind.shape == "map":
            sheet.keys.append(row.pop("key"))
        sheet.rows.append(row)
        sheet.lines.append(line)
    if kind.shape == "table" and len(sheet.rows) != 1 and not any(p.file == file and p.line > 1 for p in problems):
        where = sheet.lines[1] if len(sheet.rows) > 1 else len(records) + 1
        problems.append(Problem(file, where, "", f"a {kind.name} file has one row under its header, not {len(sheet.rows)}"))
    return sheet


def _quote_column(text: str, end: int, records: list[tuple[int, list[str]]]) -> str:
    """The column of the cell whose quote is not closed on line ``end + 1`` (its header name, else its number)."""
    line = text.splitlines()[end] if end < len(text.splitlines()) else ""
    before = line[: line.find('"')] if '"' in line else line
    index = before.count(",")
    header = [c.strip() for c in records[0][1]] if records else []
    return header[index] if index < len(header) else str(index + 1)


_FIELD = re.compile(r'"[^"]*(?:""[^"]*)*"|[^,"\r\n]*')  # one cell: quoted (a quote doubled inside) or plain


def _long_column(text: str, end: int, records: list[tuple[int, list[str]]], limit: int) -> str:
    """The column of the first cell longer than ``limit`` in the record starting on line ``end + 1`` (its header name,
    else its number); the unclosed quote's column if no cell is found so."""
    start = 0
    for _ in range(end):
        start = text.find("\n", start) + 1
        if start == 0:
            return _quote_column(text, end, records)
    header = [c.strip() for c in records[0][1]] if records else []
    pos, index = start, 0
    while True:
        cell = _FIELD.match(text, pos)
        assert cell is not None  # the pattern matches the empty cell too
        if len(cell.group()) > limit:
            return header[index] if index < len(header) else str(index + 1)
        pos = cell.end()
        if text[pos:pos + 1] != ",":
            return _quote_column(text, end, records)
        pos, index = pos + 1, index + 1


def _types(kind: Kind) -> dict[str, Any]:
    if kind.shape == "map":
        import msgspec.inspect as mi

        return {"key": mi.StrType(), "value": mi.type_info(kind.struct)}
    return field_types(kind.struct)


def _header_ok(header: list[str], kind: Kind, file: str, problems: list[Problem]) -> bool:
    allowed = kind.header()
    ok = True
    for i, name in enumerate(header):
        if name not in allowed:
            problems.append(Problem(file, 1, name or str(i + 1), f"unknown column; the columns are: {', '.join(allowed)}"))
            ok = False
        elif header.index(name) != i:
            problems.append(Problem(file, 1, name, "the column is named twice"))
            ok = False
    needed = kind.columns if kind.shape == "map" else required(kind.struct)
    for name in needed:
        if name not in header:
            problems.append(Problem(file, 1, name, f"the column is missing (it is required); the columns are: {', '.join(allowed)}"))
            ok = False
    return ok


def _row(cells: dict[str, str], types: dict[str, Any], kind: Kind, file: str, line: int,
         problems: list[Problem]) -> dict[str, Any] | None:
    """One row as plain values, or None after adding its problems."""
    names = dict(zip(("key", "value"), kind.columns)) if kind.shape == "map" else {n: n for n in types}
    by_field = {f: cells.get(col) for f, col in names.items()}
    row: dict[str, Any] = {}
    bad = False
    must = ("key", "value") if kind.shape == "map" else required(kind.struct)
    for name, text in by_field.items():
        text = None if text is None else unescape(text)  # a spreadsheet-safe cell ('=x) is the text it escapes
        if text is None or not text.strip():
            if name in must:
                problems.append(Problem(file, line, names[name], "is required (the cell is empty)"))
                bad = True
            continue
        why = control_problem(text)
        if why is not None:
            problems.append(Problem(file, line, names[name], f"{why} (a cell holds text only, on one line)"))
            bad = True
            continue
        try:
            row[name] = parse(text, types[name])
        except CellError as exc:
            problems.append(Problem(file, line, names[name], str(exc)))
            bad = True
    if bad:
        return None
    if kind.shape != "map":
        try:
            msgspec.convert(row, kind.struct)
        except msgspec.ValidationError as exc:
            text = str(exc)
            column = text.rsplit("`$.", 1)[1].split("`")[0].split(".")[0].split("[")[0] if "`$." in text else ""
            problems.append(Problem(file, line, column, text.split(" - at ")[0]))
            return None
    return row
