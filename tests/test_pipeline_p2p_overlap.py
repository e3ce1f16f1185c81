"""The interleaved schedule hides its pipeline sends; plain 1F1B leaves them on the critical path."""

import numpy as np

from configurator.core.formulas.parallelism import pipeline_p2p_exposed_seconds


def test_interleaved_schedule_hides_pipeline_sends():
    assert pipeline_p2p_exposed_seconds(1.5, 1) == 1.5
    assert pipeline_p2p_exposed_seconds(1.5, 5) == 0.0
    np.testing.assert_array_equal(pipeline_p2p_exposed_seconds(np.array([2.0, 2.0]), np.array([1, 8])), [2.0, 0.0])
