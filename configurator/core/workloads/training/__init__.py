"""Training (pre-training, full fine-tuning, LoRA, QLoRA): a job of a token budget.

``family.py`` (what the window, the CLI and the ranking ask) → ``deployment.py`` (the counts
worth ranking) → ``plan.py`` (the layout chosen, estimated exactly) → ``search.py`` (the
vectorised layout search) and ``estimate.py`` (the assembly), over :mod:`configurator.core.workloads.base`.
"""
