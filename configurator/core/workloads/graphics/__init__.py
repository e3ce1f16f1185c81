"""Graphics (virtual desktops, video transcoding, offline rendering): no parallel layout, no planner.

``desktops.py``, ``video.py``, ``rendering.py`` (each family) → ``family.py`` (what they share)
→ ``deployment.py`` (the cards that carry the load, or a render job at each count) →
``estimate.py`` (the assembly), over :mod:`configurator.core.workloads.base`.
"""
