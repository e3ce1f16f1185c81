"""Why a card is left out of a ranking (``Result.left_out``; the command line's ``--json`` under
``rejected`` and ``rejected_ids``), English and Chinese; merged into :mod:`configurator.core.messages`.
Until December 2026 these reasons were bare English strings, the only untranslated texts of the JSON
(persona11gfx, persona11zh)."""

LEFT_OUT_ENGLISH: dict[str, str] = {
    "left-out-filtered": "filtered out",
    "left-out-consumer": "consumer card: left out unless the classes are picked",
    "left-out-no-fit": "does not fit at any count tried",
    "left-out-no-load": "cannot carry the load within its targets at any count tried",
    "left-out-no-encoder": "no video encoder",
    "left-out-encoders-unverified": "video encoders not verified",
    "left-out-no-av1": "no AV1 encoder",
    "left-out-no-vdi-vgpu": "no virtual-desktop vGPU profiles (one card per user)",
    "left-out-vdi-vgpu-unverified": "virtual-desktop vGPU profiles not verified (one card per user)",
    "left-out-graphics-unverified": "graphics hardware not verified",
    "left-out-no-display": "no display outputs for the attached monitor",
    "left-out-no-figure": "no {objective} figure (price or power unknown)",
    "left-out-below-line": "{reasons}",
    "left-out-cloud-only": "sold only as a cloud service: rented, never bought; ranked by cloud rent",
}
LEFT_OUT_CHINESE: dict[str, str] = {
    "left-out-filtered": "已被筛选条件排除",
    "left-out-consumer": "消费级显卡：未选择其类别时不参与排名",
    "left-out-no-fit": "所试的任何卡数下都放不下",
    "left-out-no-load": "所试的任何卡数下都无法在目标内承载负载",
    "left-out-no-encoder": "无视频编码器",
    "left-out-encoders-unverified": "视频编码器未经核实",
    "left-out-no-av1": "无 AV1 编码器",
    "left-out-no-vdi-vgpu": "无虚拟桌面 vGPU 配置（每用户一张卡）",
    "left-out-vdi-vgpu-unverified": "虚拟桌面 vGPU 配置未经核实（每用户一张卡）",
    "left-out-graphics-unverified": "图形硬件未经核实",
    "left-out-no-display": "无显示输出，接不了所连的显示器",
    "left-out-no-figure": "无{objective}数值（价格或功耗未知）",
    "left-out-below-line": "{reasons}",
    "left-out-cloud-only": "仅以云服务提供：只能租用，不能购买；按云租金排名",
}
