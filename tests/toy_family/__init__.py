"""A toy workload family, kept outside the core to prove its promise (issue 26, part 6): batch
embedding — a corpus of tokens run once through an embedding model, paid for per million tokens.

The whole family is this package; ``tests/test_toy_family.py`` adds it with one registry line
(:func:`configurator.core.workloads.register_family`). Its floors follow the built-in families':
``estimate.py`` (the assembly) → ``family.py`` (what the window, the ranking and the CLI ask).
"""
