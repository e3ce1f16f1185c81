"""Message templates of the files the user gives: the user's catalog file (``user-catalog.json``) —
a row or a part of it that cannot be used and is skipped, the file skipped whole, and its lock held
by another window (:func:`configurator.core.files.exclusive_lock`) — and a model's ``config.json``
that cannot be imported (:func:`configurator.core.hf_config.load_hf_config`) — and a currency the
program cannot convert to (:class:`configurator.core.currency.CurrencyError`). Until December 2026 (session 38, zhleft) these were
English-only strings in ``Catalog.problems``, shown as they were in a Chinese window."""

from __future__ import annotations

CATALOG_ENGLISH: dict[str, str] = {
    "file-lock-held": "{path} is held by another window for more than {wait:g} s; try again",
    "user-catalog-problem": "user catalog {path}: {problem}",
    "user-catalog-skipped": "user catalog {path} skipped: {why}",
    "catalog-top-not-object": "top level must be an object",
    "catalog-in-file": "{path}: {problem}",
    "catalog-overlay-not-editable": (
        "{path}: 'cards' must be a list of objects and 'prices' an object; correct or remove the file "
        "before adding to it"
    ),
    "catalog-card-field": "card '{card}': field '{field}': {problem}",
    "catalog-card-not-finite": "card '{card}': a number is not finite or too long",
    "overlay-cards-not-list": "'cards' must be a list of cards; the user's cards are skipped",
    "overlay-prices-not-object": "'prices' must map card ids to lists of prices; the user's prices are skipped",
    "overlay-card-skipped": "{problem}; this card is skipped",
    "overlay-card-twice": "card '{card}' appears more than once; the last entry is used",
    "overlay-prices-unknown-card": "prices for unknown card '{card}' are skipped",
    "overlay-prices-not-list": "prices of '{card}' must be a list; they are skipped",
    "overlay-price-skipped": "{problem} (price {number}); this price is skipped",
    "overlay-price-not-finite": "card '{card}': price {number} holds a number that is not finite; skipped",
    "card-unknown-currency": "unknown currency '{value}' (not an ISO 4217 code)",
    "price-high-below-amount": "amount_high is below amount",
    "card-id-not-slug": "id must be a lowercase slug (a-z, 0-9, '.', '-')",
    "card-usable-above-marketed": "usable_memory_gib exceeds the marketed memory_gb",
    "hf-not-object": "config.json must hold a JSON object",
    "hf-text-config-not-object": "text_config must be an object",
    "hf-not-decoder": (
        "config.json describes an encoder-decoder or encoder-only model ({family}); only decoder-only language "
        "models (GPT, Llama, Mistral, Qwen …) can be sized"
    ),
    "hf-lacks": "config.json lacks {missing} (e.g. num_hidden_layers, hidden_size)",
    "hf-family-unknown": "this model",
    "currency-no-rate": "no exchange rate for {currency} in the price file",
    "currency-no-rate-give-one": "no exchange rate for {currency} in the price file: give one ({currency} per USD)",
    "currency-base-rate": "{base} is the price file's currency: its rate is 1, not {rate:g}",
}
"""English templates: ``{card}`` a card id as the file writes it, ``{field}`` a field's name (dotted
path), ``{number}`` the price's place in the card's list (from 1), ``{wait}`` [s]."""

CATALOG_CHINESE: dict[str, str] = {
    "file-lock-held": "{path} 已被另一个窗口占用超过 {wait:g} 秒，请稍后重试",
    "user-catalog-problem": "用户加速卡目录 {path}：{problem}",
    "user-catalog-skipped": "用户加速卡目录 {path} 未被读取：{why}",
    "catalog-top-not-object": "顶层必须是一个对象",
    "catalog-in-file": "{path}：{problem}",
    "catalog-overlay-not-editable": "{path}：'cards' 必须是对象的列表，'prices' 必须是对象；请先更正或删除该文件，再向其中添加",
    "catalog-card-field": "卡“{card}”的字段“{field}”：{problem}",
    "catalog-card-not-finite": "卡“{card}”：有数值不是有限数或位数过多",
    "overlay-cards-not-list": "'cards' 必须是卡的列表；已跳过您的卡",
    "overlay-prices-not-object": "'prices' 必须将卡编号映射到价格列表；已跳过您的价格",
    "overlay-card-skipped": "{problem}；已跳过这张卡",
    "overlay-card-twice": "卡“{card}”出现了不止一次；采用最后一条",
    "overlay-prices-unknown-card": "未知卡“{card}”的价格已跳过",
    "overlay-prices-not-list": "“{card}”的价格必须是列表；已跳过",
    "overlay-price-skipped": "{problem}（第 {number} 个价格）；已跳过该价格",
    "overlay-price-not-finite": "卡“{card}”：第 {number} 个价格含有非有限数值；已跳过",
    "card-unknown-currency": "未知货币“{value}”（不是 ISO 4217 代码）",
    "price-high-below-amount": "amount_high 低于 amount",
    "card-id-not-slug": "编号必须是小写短名（a-z、0-9、'.'、'-'）",
    "card-usable-above-marketed": "usable_memory_gib 超过标称显存 memory_gb",
    "hf-not-object": "config.json 必须是一个 JSON 对象",
    "hf-text-config-not-object": "text_config 必须是一个对象",
    "hf-not-decoder": "config.json 描述的是编码器-解码器或仅编码器模型（{family}）；只能估算仅解码器语言模型（GPT、Llama、Mistral、Qwen 等）",
    "hf-lacks": "config.json 缺少 {missing}（如 num_hidden_layers、hidden_size）",
    "hf-family-unknown": "该模型",
    "currency-no-rate": "价格文件中没有 {currency} 的汇率",
    "currency-no-rate-give-one": "价格文件中没有 {currency} 的汇率：请给出汇率（每美元兑多少 {currency}）",
    "currency-base-rate": "{base} 是价格文件的货币：其汇率为 1，而不是 {rate:g}",
}
"""Simplified Chinese templates, in the vocabulary of resources/i18n/glossary.json."""
