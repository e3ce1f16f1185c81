"""Qt layer: windows, wizard pages, charts and printing glue (PySide6, pyqtgraph)."""
