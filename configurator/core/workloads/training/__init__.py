"""Training (pre-training, full fine-tuning, LoRA, QLoRA): a job of a token budget.

``family.py`` (what the window, the CLI and the ranking ask) → ``deployment.py`` (the counts
worth ranking) → ``plan.py`` (the layout chosen, estimated exactly) → ``search.py`` (the
vectorised layout search over ``grid.py``'s layouts; ``layout_speed.py`` its step times, per
distinct value of the fields each part reads; ``search_answer.py`` its answer; ``shared_grids.py``
the grids and their memory shared across the cards and counts of a pass) and ``estimate.py`` (the
assembly), over
:mod:`configurator.core.workloads.base`.
"""
