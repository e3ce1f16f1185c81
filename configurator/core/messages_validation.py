"""Message templates of a value the models refuse, by the kind of problem pydantic reports
(:data:`configurator.core.bounds.KIND_MESSAGES`): a field missing, a value of the wrong type, not
one of the field's choices, a field the models do not have, a list of the wrong length — in both
languages, so a Chinese sentence never carries pydantic's English ("Input should be a valid
integer"). Merged into :mod:`configurator.core.messages`' catalogues, keyed by message id."""

from __future__ import annotations

VALIDATION_ENGLISH: dict[str, str] = {
    "field-missing": "not given; it is required",
    "field-not-whole": "{value} is not a whole number",
    "field-not-a-number": "{value} is not a number",
    "field-not-on-off": "{value} is not true or false",
    "field-not-text": "{value} is not a text (write it in quotes)",
    "field-not-an-object": "{value} is not a group of fields (an object in braces {{ }})",
    "field-not-a-list": "{value} is not a list (in brackets [ ])",
    "field-not-a-choice": "{value} is not one of the values this field takes: {choices}",
    "field-not-a-choice-here": "{value} is not one of the values this field takes",
    "field-unknown": "not a field this version knows (misspelt, or written by a newer version)",
    "field-list-too-short": "{count:|item|items}, fewer than the {limit:,} this field needs",
    "field-list-too-long": "{count:|item|items}, more than the {limit:,} this field takes",
    "field-named": "{label} ({path})",
    "json-not-a-number": "{key} must be a number, not {what}",  # a value read from a file by hand (core/hf_config.py)  # a field by its label and path (core/field_names.py)
    # why a damaged autosave gave no scenario (core/scenario_salvage.py)
    "salvage-not-finite": "a number is not finite",
    "salvage-too-many-wrong": "more than {count} fields are wrong",
}
VALIDATION_CHINESE: dict[str, str] = {
    "field-missing": "未给出；此项为必填",
    "field-not-whole": "{value} 不是整数",
    "field-not-a-number": "{value} 不是数字",
    "field-not-on-off": "{value} 不是 true 或 false",
    "field-not-text": "{value} 不是文本（请加引号）",
    "field-not-an-object": "{value} 不是一组字段（花括号 {{ }} 中的对象）",
    "field-not-a-list": "{value} 不是列表（方括号 [ ] 中）",
    "field-not-a-choice": "{value} 不是此字段可取的值：{choices}",
    "field-not-a-choice-here": "{value} 不是此字段可取的值",
    "field-unknown": "此版本没有这一字段（拼写有误，或由更新的版本写入）",
    "field-list-too-short": "{count:,} 项，少于此字段所需的 {limit:,} 项",
    "field-list-too-long": "{count:,} 项，多于此字段允许的 {limit:,} 项",
    "field-named": "{label}（{path}）",
    "json-not-a-number": "{key} 必须是数字，而不是{what}",
    "salvage-not-finite": "有数字不是有限数",
    "salvage-too-many-wrong": "超过 {count} 个字段有误",
}
