"""Reading a Markdown summary's page-one lines in tests: the language's colon from one place, the
report's own words (``Words(language).label(": ")``: ': ' in English, '：' in Chinese)."""

from __future__ import annotations

from configurator.report.language import Words


def colon(language: str) -> str:
    """The colon a summary in ``language`` writes after a bold label."""
    return Words(language).label(": ")


def headline_line(label: str, value: str, language: str) -> str:
    """One headline line as the Markdown summary writes it ('- **Capex**: 1,000 USD')."""
    return f"- **{label}**{colon(language)}{value}"


def front(text: str, language: str) -> dict[str, str]:
    """Page one's headline lines (before the first '## ' heading) as {label: value}."""
    mark = f"**{colon(language)}"
    return {line.split("**")[1]: line.split(mark, 1)[1] for line in text.split("## ")[0].splitlines()
            if line.startswith("- **") and mark in line}
