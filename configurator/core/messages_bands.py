"""Message templates of a likely range read from one group of rows (issue 27, part 6; session 50): the rows
of the scenario's engine on its card's software stack (:func:`configurator.core.uncertainty.band_for`), and,
where that group's runs were nearly all off the same way, where its median run was measured; in both
languages, merged into :mod:`configurator.core.messages`' catalogues, keyed by message id.

``{engine}`` and ``{stack}`` are product names (vLLM, ROCm) in both languages; ``{n}`` the group's rows at the
estimate's scale; ``{share}`` the group's median of measured / predicted off 1, as a fraction [-]; ``{what}`` the
number's kind, a word of :data:`BANDS_TERMS_CHINESE`."""

from __future__ import annotations

BANDS_ENGLISH: dict[str, str] = {
    "band-group": "Likely range of {engine} on {stack} alone: its {n} runs at this scale",
    "band-group-below": "{what}: {engine} on {stack} runs measured a median {share:.0%} below the estimate ({n} "
                        "runs at this scale); the likely range is widened to hold the estimate",
    "band-group-above": "{what}: {engine} on {stack} runs measured a median {share:.0%} above the estimate ({n} "
                        "runs at this scale); the likely range is widened to hold the estimate",
}

BANDS_CHINESE: dict[str, str] = {
    "band-group": "仅取 {stack} 上 {engine} 的可能范围：此规模的 {n} 次运行",
    "band-group-below": ("{what}：{stack} 上 {engine} 的运行实测中位数比估算低 {share:.0%}"
                         "（此规模 {n} 次运行）；可能范围已放宽以包含估算值"),
    "band-group-above": ("{what}：{stack} 上 {engine} 的运行实测中位数比估算高 {share:.0%}"
                         "（此规模 {n} 次运行）；可能范围已放宽以包含估算值"),
}

BANDS_TERMS_CHINESE: dict[str, str] = {
    "Serving throughput": "推理吞吐量", "Time to first token": "首词元延迟",
    "Time per output token": "每输出词元时间",
}
"""The kinds a grouped band's note names (``{what}``: :data:`configurator.core.uncertainty.GROUP_WHAT`), as the
estimate's tables name them (:mod:`configurator.core.view.words`)."""
