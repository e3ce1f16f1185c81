"""What limits a configuration, as one factor: memory, compute, bandwidth, network, pipeline
bubble, host link, video engines or a vGPU/driver limit. The recommendation panel's "Limited by"."""

from __future__ import annotations

from configurator.core.estimate import Estimate

TIGHT_HEADROOM = 0.05
"""Below this share of the card's usable memory left free, memory is what limits (batch, context)."""

_GRAPHICS_FACTORS = {
    "framebuffer": "memory", "shading load": "compute", "encoders": "video engines", "decoders": "video engines",
    "vGPU instances": "vGPU limit", "passthrough": "vGPU limit", "encode sessions": "driver limit",
}


def limiting_factor(est: Estimate) -> str:
    """The one factor that bounds ``est``: for training the largest part of the step (compute,
    memory traffic, exposed communication, the pipeline bubble or CPU-offload traffic); for
    serving the decode step's bound (bandwidth or compute) unless memory is nearly full; for
    graphics the per-card limit the estimate names."""
    if est.graphics is not None:
        return _GRAPHICS_FACTORS.get(est.graphics.limiting, "unknown")
    if est.memory.headroom < TIGHT_HEADROOM:
        return "memory"
    t = est.training
    if t is not None:
        parts = {
            "compute": t.compute_s,
            "bandwidth": t.memory_traffic_s,
            "network": t.exposed_comm_s - t.offload_s,
            "pipeline bubble": t.bubble_fraction * t.step_time_s,
            "host link": t.offload_s,
        }
        return max(parts, key=parts.get)
    if est.inference is not None:
        return "bandwidth" if est.inference.decode_bound == "memory" else "compute"
    return "unknown"
