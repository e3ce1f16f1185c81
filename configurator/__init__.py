"""GPU Configurator: which accelerator cards, and how many, for an AI or graphics workload."""

__version__ = "0.1.0"
