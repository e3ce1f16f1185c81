"""The planner: the layouts a practitioner would choose, searched as arrays.

``training`` searches tensor × pipeline × interleaving × ZeRO × recomputation × micro-batch for a
model, card, count and global batch; ``serving`` chooses tensor parallelism and replicas for a
load. :func:`configurator.core.estimate.estimate` resolves every "Auto" layout field through it,
so estimate, wizard, recommendation and summary give one answer.
"""
