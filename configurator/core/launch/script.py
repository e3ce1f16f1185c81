"""A launch script: comment lines, commands and configuration files, rendered as one shell text
(``launch_text``) that ``shlex`` parses. Commands keep which program each flag belongs to, so a
test can check every flag against :mod:`configurator.core.launch.flags`."""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass

from configurator.core.launch.notes import Note


@dataclass(frozen=True)
class Part:
    """The words of one program inside a command: the program's own words, then its flags."""

    target: str
    """The flag table the flags belong to (:data:`configurator.core.launch.flags.TABLES`)."""
    words: tuple[str, ...]


@dataclass(frozen=True)
class Command:
    """One command line: environment assignments, then its parts."""

    parts: tuple[Part, ...]
    env: tuple[tuple[str, str], ...] = ()

    @property
    def flags(self) -> list[tuple[str, str]]:
        """(target, flag) of every long option the command passes."""
        return [(p.target, w) for p in self.parts for w in p.words if w.startswith("--")]


@dataclass(frozen=True)
class ConfigFile:
    """A configuration file the commands read, written by a here-document."""

    target: str
    name: str
    kind: str
    """``toml`` or ``yaml``."""
    entries: tuple[tuple[str, object], ...]
    """(dotted key, value): ``parallelism.tensor_parallel_degree`` -> 8."""

    def text(self) -> str:
        """The file's content: TOML tables or YAML mappings of the dotted keys."""
        return _toml(self.entries) if self.kind == "toml" else _yaml(self.entries)


Step = Note | Command | ConfigFile


def command(*parts: tuple[str, list[str] | tuple[str, ...]], env: dict[str, str] | None = None) -> Command:
    """A command of (target, words) parts."""
    return Command(tuple(Part(t, tuple(w)) for t, w in parts), tuple((env or {}).items()))


def steps_to_dict(steps: tuple[Step, ...], language: str) -> dict:
    """The script as JSON: every command as its environment and argument vector (``argv``, the
    words a process is started with, and ``shell``, the same as one shell line), every file with
    its text, every comment line in ``language``, and the whole script (``text``) as
    :func:`render` writes it."""
    commands, files, notes = [], [], []
    for step in steps:
        if isinstance(step, Note):
            notes.append(step.text_in(language))
        elif isinstance(step, ConfigFile):
            files.append({"name": step.name, "kind": step.kind, "text": step.text() + "\n"})
        else:
            argv = [w for part in step.parts for w in part.words]
            commands.append({"env": dict(step.env), "argv": argv,
                             "shell": " ".join([*(f"{k}={_quote(v)}" for k, v in step.env), *map(_quote, argv)])})
    return {"commands": commands, "files": files, "notes": notes, "text": render(steps, language)}


def render(steps: tuple[Step, ...], language: str) -> str:
    """The script as shell text: '# ' comment lines, commands wrapped one flag per line, files
    written by a quoted here-document."""
    lines: list[str] = []
    for step in steps:
        if isinstance(step, Note):
            lines.append("# " + step.text_in(language))
        elif isinstance(step, ConfigFile):
            lines.append(f"cat > {shlex.quote(step.name)} <<'EOF'")
            lines.extend(step.text().splitlines())
            lines.append("EOF")
        else:
            lines.append(_command_text(step))
    return "\n".join(lines) + "\n"


_VARIABLE = re.compile(r"\$[A-Z_][A-Z0-9_]*(:[0-9]+)?")
"""A word the shell expands: ``$NAME``, or ``$NAME:PORT`` (an address and port)."""

_OVERRIDE = re.compile(r"~?[A-Za-z_][\w.]*(=.*)?")
"""A configuration override after a program's flags (torchtune's ``key=value`` or ``~key``): a line of its own."""


def _quote(word: str) -> str:
    """A word for the shell: a lone ``$NAME`` (or ``$NAME:PORT``) expanded (in double quotes), anything else
    quoted."""
    return f'"{word}"' if _VARIABLE.fullmatch(word) else shlex.quote(word)


def _override(word: str) -> bool:
    return ("=" in word or word.startswith("~")) and _OVERRIDE.fullmatch(word) is not None


def _command_text(cmd: Command) -> str:
    """Environment and each program's leading words on one line, then one flag and its values
    per line, and one configuration override per line, joined by backslash-newline."""
    groups: list[list[str]] = []
    lead = [f"{k}={_quote(v)}" for k, v in cmd.env]
    for part in cmd.parts:
        words = list(part.words)
        while words and not words[0].startswith("--"):
            lead.append(_quote(words.pop(0)))
        if lead:
            groups.append(lead)
            lead = []
        while words:
            flag = [_quote(words.pop(0))]
            while words and not words[0].startswith("--") and not _override(words[0]):
                flag.append(_quote(words.pop(0)))
            groups.append(flag)
    return " \\\n    ".join(" ".join(g) for g in groups)


def _value(value: object, kind: str) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(v, kind) for v in value) + "]"
    return json.dumps(str(value), ensure_ascii=False)


def _sections(entries: tuple[tuple[str, object], ...]) -> dict[str, list[tuple[str, object]]]:
    sections: dict[str, list[tuple[str, object]]] = {}
    for key, value in entries:
        section, _, name = key.rpartition(".")
        sections.setdefault(section, []).append((name, value))
    return sections


def _toml(entries: tuple[tuple[str, object], ...]) -> str:
    out: list[str] = []
    for section, items in _sections(entries).items():
        if out:
            out.append("")
        if section:
            out.append(f"[{section}]")
        out.extend(f"{name} = {_value(value, 'toml')}" for name, value in items)
    return "\n".join(out)


def _yaml(entries: tuple[tuple[str, object], ...]) -> str:
    out: list[str] = []
    for section, items in _sections(entries).items():
        indent = ""
        if section:
            out.append(f"{section}:")
            indent = "  "
        out.extend(f"{indent}{name}: {_value(value, 'yaml')}" for name, value in items)
    return "\n".join(out)
