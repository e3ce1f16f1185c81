"""The configuration summary as a document, and plain-text tables (no Qt widgets)."""
