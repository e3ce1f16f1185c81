"""House rule: small modules, every source module of the app under 600 lines (split along a seam
when one grows past it; session 37's merges left ``core/memory.py`` at 607)."""

from __future__ import annotations

from pathlib import Path

import configurator

MAX_LINES = 600
"""Most lines a module of the app may have [lines] (the house rule in the helpers' common brief: "Small
modules (< 600 lines; split along seams if you grow one past it)")."""


def test_every_module_is_under_the_line_limit():
    root = Path(configurator.__file__).parent
    over = {str(p.relative_to(root)): n for p in root.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) >= MAX_LINES}
    assert over == {}


def test_kv_cache_per_token_lives_with_serving_memory():
    from configurator.core import memory
    from configurator.core.architecture import preset
    from configurator.core.kv_memory import kv_cache_bytes_per_token, kv_shards

    assert not hasattr(memory, "kv_cache_bytes_per_token")
    model = preset("llama3-70b")
    assert kv_cache_bytes_per_token(model, 2.0) == 2 * 80 * 8 * 128 * 2.0
    assert kv_shards(model, 16) == 8
