"""Qt-free estimator core: catalog, model architectures, scenarios and estimates."""
