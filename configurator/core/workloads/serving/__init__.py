"""Serving (inference): a deployment that runs on, answering requests.

``family.py`` (what the window, the CLI and the ranking ask) → ``deployment.py`` (the fewest
cards that carry the load) → ``plan.py`` (the serving layout search) → ``weighing.py`` (how the
search ranks and weighs a layout, the rate probe) → ``estimate.py`` (the assembly), over
:mod:`configurator.core.workloads.base`.
"""
