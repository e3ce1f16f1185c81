"""The planner's CPU optimizer offload (core/workloads/training/offload.py): no layout fits on the cards alone,
so the optimizer goes to host memory (Megatron-LM's hybrid optimizer under Megatron-Core's recipes; with PyTorch's
recipes FSDP2's parameters, gradients and optimizer), with the host memory each server then needs, en and zh_CN;
merged into :mod:`configurator.core.messages`."""

from __future__ import annotations

OFFLOAD_ENGLISH: dict[str, str] = {
    "offload-planned": (
        "No layout of {count:,} × {card} fits on the cards alone: planned with the optimizer in host memory "
        "(Megatron-LM's --optimizer-cpu-offload: fp32 master weights, moments and gradients on the host, the update "
        "on its CPUs; after each backward the gradients go out and the fp32 weights come back over PCIe, neither "
        "hidden behind compute). Each server needs {host_gib:,.1f} GiB of host memory for it beyond what "
        "the system and the data loaders use: check its RAM is that large. Slower than a count that fits on the "
        "cards (pin the CPU offload off to see the shortfall instead)."
    ),
    "offload-planned-params": (
        "No layout of {count:,} × {card} fits on the cards alone: planned with the training states in host memory "
        "as PyTorch FSDP2 offloads them (CPUOffloadPolicy, torchtitan's enable_cpu_offload: the sharded parameters, "
        "their gradients and the optimizer step on the host; each layer's weights copied to the card over PCIe for "
        "forward and again for backward). Each server needs {host_gib:,.1f} GiB of host memory for it beyond what "
        "the system and the data loaders use: check its RAM is that large. Slower than a count that fits on the "
        "cards (pin the CPU offload off to see the shortfall instead)."
    ),
}

OFFLOAD_CHINESE: dict[str, str] = {
    "offload-planned": (
        "仅靠显存，{count:,} 张 {card} 放不下任何并行布局：已按优化器放在主机内存规划（Megatron-LM 的 --optimizer-cpu-offload："
        "fp32 主权重、动量和梯度在主机，由其 CPU 更新；每次反向之后梯度经 PCIe 传出、fp32 权重传回，都不与计算重叠）。每台服务器为此需 {host_gib:,.1f} GiB 主机内存，"
        "另加系统和数据加载所用：请确认其内存有这么大。比显存放得下的卡数慢（将 CPU 卸载固定为关闭可改看缺口）。"
    ),
    "offload-planned-params": (
        "仅靠显存，{count:,} 张 {card} 放不下任何并行布局：已按 PyTorch FSDP2 的方式把训练状态放在主机内存规划"
        "（CPUOffloadPolicy，即 torchtitan 的 enable_cpu_offload：切分后的参数、其梯度和优化器步骤都在主机；每层权重"
        "在前向和反向时各经 PCIe 复制到卡上一次）。每台服务器为此需 {host_gib:,.1f} GiB 主机内存，另加系统和数据加载"
        "所用：请确认其内存有这么大。比显存放得下的卡数慢（将 CPU 卸载固定为关闭可改看缺口）。"
    ),
}
