"""Message templates of a JSON file that cannot be used and of a value in it that is not what its key
takes (:mod:`configurator.core.json_values`), and of a summary's path that cannot be written
(:mod:`configurator.report.file_formats`), in both languages; merged into
:mod:`configurator.core.messages`' catalogues, keyed by message id. Until December 2026 these were
English literals, said in English in the Chinese window and command line."""

from __future__ import annotations

JSON_ENGLISH: dict[str, str] = {
    "json-not-utf8": "{name} is not UTF-8 text (byte {byte} of the file cannot be read)",
    "json-empty": "{name} is empty ({size} bytes): nothing was written to it, or it was emptied",
    "json-zero-bytes": "{name} holds only zero bytes ({size} bytes): its content was lost, as a power cut or a crash "
                       "while it was written can leave a file",
    "json-invalid": "{name} is not valid JSON (line {line}, column {column}: {why})",
    "json-too-deep": "{name} is nested too deeply (at most {depth} levels)",
    "json-in-file": "{name}: {problem}",
    "json-not-number": "{name} is not a JSON number",
    "json-too-many-digits": "a number with too many digits ({digits}; at most {most} are read)",
    "json-number-too-large": "the number {text} is too large",
    "json-key-twice": 'the key "{key}" appears twice in one object',
    "json-not-object": "{name} must hold a JSON object, not {what}",
    "json-the-text": 'the text "{text}"',
    "json-long-number": "a number of about {digits} digits",
    "value-not-whole": "{key} must be a whole number, not {what}",
    "value-out-of-range": "{key} = {what} is outside the range {range}",
    "value-not-flag": "{key} must be true or false, not {what}",
    "value-not-text": "{key} must be text, not {what}",
    "report-format-unknown": "unknown report format '{suffix}'; use one of {formats}",
    "report-folder-missing": "folder {folder} does not exist",
    "report-pdf-incomplete": "the PDF was not written completely ({size} bytes; is the disk full?)",
}

JSON_CHINESE: dict[str, str] = {
    "json-not-utf8": "{name} 不是 UTF-8 文本（文件第 {byte} 个字节无法读取）",
    "json-empty": "{name} 是空文件（{size} 字节）：从未写入内容，或已被清空",
    "json-zero-bytes": "{name} 只含零字节（{size} 字节）：其内容已丢失，写入时断电或程序崩溃可能留下这样的文件",
    "json-invalid": "{name} 不是有效的 JSON（第 {line} 行第 {column} 列：{why}）",
    "json-too-deep": "{name} 嵌套过深（最多 {depth} 层）",
    "json-in-file": "{name}：{problem}",
    "json-not-number": "{name} 不是 JSON 数字",
    "json-too-many-digits": "数字位数过多（{digits} 位；最多读取 {most} 位）",
    "json-number-too-large": "数字 {text} 过大",
    "json-key-twice": "键“{key}”在同一对象中出现两次",
    "json-not-object": "{name} 必须是 JSON 对象，而不是{what}",
    "json-the-text": "文本“{text}”",
    "json-long-number": "约 {digits} 位的数字",
    "value-not-whole": "{key} 必须是整数，而不是{what}",
    "value-out-of-range": "{key} = {what} 超出范围 {range}",
    "value-not-flag": "{key} 必须是 true 或 false，而不是 {what}",
    "value-not-text": "{key} 必须是文本，而不是{what}",
    "report-format-unknown": "未知的报告格式“{suffix}”；请使用 {formats} 之一",
    "report-folder-missing": "文件夹 {folder} 不存在",
    "report-pdf-incomplete": "PDF 没有写完整（{size} 字节；磁盘是否已满？）",
}

JSON_TERMS_CHINESE: dict[str, str] = {
    "a list": "列表",
    "an object": "对象",
    # what Python's JSON decoder says of the first error (json.decoder, CPython 3.11–3.13)
    "Expecting value": "此处应为一个值",
    "Expecting property name enclosed in double quotes": "此处应为带双引号的键名",
    "Expecting ',' delimiter": "此处应为逗号“,”",
    "Expecting ':' delimiter": "此处应为冒号“:”",
    "Unterminated string starting at": "字符串未结束",
    "Invalid control character at": "无效的控制字符",
    "Invalid \\escape": "无效的转义符",
    "Invalid \\uXXXX escape": "无效的 \\uXXXX 转义",
    "Extra data": "多余的数据",
    "Illegal trailing comma before end of object": "对象末尾多了逗号",
    "Illegal trailing comma before end of array": "数组末尾多了逗号",
}
"""Word-valued parameters of these messages in Chinese (the kinds of value :func:`describe_said`
names, the JSON decoder's own reasons); merged into :data:`configurator.core.messages.TERMS`."""
