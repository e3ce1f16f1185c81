"""Time to first token past the carrying steps: the rest of the running step plus the queueing
waits, as percentiles (:func:`ttft_quantiles`, read by :mod:`configurator.core.load`) and as a
mean (:func:`ttft_mean`).

``R + W``: ``R`` the rest of the running step when a prompt arrives (of the running scheduling pass
of ``N`` steps under multi-step scheduling: the caller passes the pass as the step), uniform over the step (its 16
midpoints), ``W`` the sum of two independent waits, each zero with probability ``1 − p`` and
exponential with mean ``θ`` otherwise. The distribution function is evaluated on a fixed grid — 64
points across the step and 400 past it, geometric over 40 mean waits of the longer wait — and
each percentile read off it by linear interpolation (``np.interp``'s rule). The grid, the
midpoints and the interpolation are the model; how they are computed is not: plain floats where
the step's points follow from the exponentials of its 64 gaps (the common case), arrays
elsewhere (:mod:`configurator.core.ttft_grid`, with the grid, the percentiles and the share within a
time read off it).
"""

from __future__ import annotations

import math

from configurator.core.ttft_grid import FAR, MIDPOINTS, NEAR, PERCENTILES, ttft_quantiles_on_arrays

_LEVEL_LIST = [k / 100 for k in PERCENTILES]
_PERCENTILE_LEVELS = tuple(zip(PERCENTILES, _LEVEL_LIST, strict=True))
"""Each percentile with its share [-] (paired once)."""
_NEAR_LIST = NEAR.tolist()
_FAR_LIST = FAR.tolist()
_LAST_NEAR, _LAST_FAR = len(_NEAR_LIST) - 1, len(_FAR_LIST) - 1
_LOG_FAR_STEP = math.log(_FAR_LIST[-1] / _FAR_LIST[0]) / _LAST_FAR
"""The tail grid's ratio between neighbouring points, as a logarithm."""
_COUNT = float(len(MIDPOINTS))
"""The step's midpoints: 16."""


def ttft_quantiles(step: float, waits: list[tuple[float, float]]) -> dict[int, float]:
    """Percentiles of ``R + W`` (module docstring) [s]: ``step`` the mean step [s], ``waits`` the
    two waits as (probability of waiting, mean wait when waiting [s]).

    The grid's distribution function and its interpolation as :func:`ttft_quantiles_on_arrays` has them,
    each grid point read only where the search for a percentile needs it, in plain floats and closed form.
    ``P(W₁ + W₂ > x) = Σ a·e^(−x/θ)`` for ``x ≥ 0`` (:func:`~configurator.core.ttft_grid._tail_terms`), so
    at the step's point ``k/64`` the sum over the midpoints at or before it of the terms at its gaps ``(k −
    2)/64``, ``(k − 6)/64``, … ``ρ/64`` of the step is per term a geometric series, ``a·e^(ρu)·(e^(4Ju) −
    1)/(e^(4u) − 1)`` with ``u = −step/(64·θ)`` and ``J`` the midpoints (``expm1``: no cancellation as ``u →
    0``), and past the step each term is ``a·m·e^(−(t − step)/θ)`` with ``m`` the mean of ``e^(−(step −
    r)/θ)`` over the midpoints, again a geometric series. A percentile before the step's end is searched
    among its 64 points from a guess; past it the slowest term alone gives the tail point (exactly, with one
    term), its neighbours confirm it. The sums run in another order than the arrays' (matrix product,
    pairwise), so the percentiles agree with the arrays' to rounding: within 1e-9 relative
    (``tests/test_ttft_tail.py``, a grid of steps, probabilities and means over twelve orders of magnitude;
    3e-10 where a percentile falls where the distribution function is flat to 1e-16). Where the terms do not
    split so (no positive finite step, a first wait of no length, two waits of one mean), the arrays'
    function itself. One wait (a closed loop's) takes the same search written out for its one term
    (:func:`_one_wait_quantiles`), two the search over both terms (:func:`_terms_quantiles`)."""
    (p1, t1), (p2, t2) = waits
    if not (0.0 < step < math.inf and 0.0 < t1 < math.inf
            and (not p2 or (p1 > 0 and 0.0 < t2 < math.inf and abs(t1 - t2) > 1e-9 * t1))):
        return ttft_quantiles_on_arrays(step, waits)
    span = 40 * (t1 if t1 > t2 else t2)
    if not p2:  # one wait (a closed loop's): its term alone, written out
        quantiles = _one_wait_quantiles(step, p1, t1, span)
        return ttft_quantiles_on_arrays(step, waits) if quantiles is None else quantiles
    both = p1 * p2 / (t1 - t2)  # _tail_terms' two terms
    quantiles = _terms_quantiles(step, ((p1 * (1 - p2) + both * t1, t1), (p2 * (1 - p1) - both * t2, t2)), span)
    return ttft_quantiles_on_arrays(step, waits) if quantiles is None else quantiles


def _terms_quantiles(step: float, terms: tuple, span: float) -> dict[int, float] | None:
    """:func:`ttft_quantiles` from the wait's tail terms ``(a, θ)`` (``P(W > x) = Σ a·e^(−x/θ)``) and
    the tail grid's span ``40·θ_max`` [s]; None where the step is no longer than rounding of a wait
    (the arrays' function then)."""
    near, far = [], []  # per term: (u·4, a·e^(ρu)/(e^(4u) − 1) for ρ = 0 … 3); (a·m, −θ)
    for a, theta in terms:
        u = step / (-64.0 * theta)
        ratio = math.expm1(4.0 * u)
        if not ratio:  # the step no longer than rounding of the wait: the arrays' function
            return None
        twice = math.exp(2.0 * u)  # read by both grids (the same number)
        near.append((4.0 * u, (a / ratio, a * math.exp(u) / ratio, a * twice / ratio, a * math.exp(3.0 * u) / ratio)))
        far.append((a * twice * math.expm1(64.0 * u) / ratio / _COUNT, -theta))
    end = _near_cdf(near, _LAST_NEAR)  # the distribution function at the step's end
    quantiles = {}
    found = -1  # the tail point at or below the last percentile (−1: the step's end)
    for k, level in _PERCENTILE_LEVELS:
        if level < end:
            quantiles[k] = _near_quantile(near, step, level, end)
        else:
            quantiles[k], found = _far_quantile(far, step, span, level, found, end)
    return quantiles


def _one_wait_quantiles(step: float, a: float, theta: float, span: float) -> dict[int, float] | None:
    """:func:`_terms_quantiles` of one term ``(a, θ)`` (one wait: a closed loop's, whose users hold
    their slots), the same operations in the same order with :func:`_near_cdf`, :func:`_far_cdf`,
    :func:`_near_quantile`, :func:`_far_quantile` and :func:`_between` written out for one term (no
    list of terms, no call per grid point: every estimate without a stated request rate asks), so
    the same numbers (``tests/test_ttft_tail.py`` compares them bit for bit)."""
    expm1, exp = math.expm1, math.exp
    u = step / (-64.0 * theta)
    ratio = expm1(4.0 * u)
    if not ratio:  # the step no longer than rounding of the wait: the arrays' function
        return None
    step4, twice = 4.0 * u, exp(2.0 * u)
    weights = (a / ratio, a * exp(u) / ratio, a * twice / ratio, a * exp(3.0 * u) / ratio)
    weight, minus_theta = a * twice * expm1(64.0 * u) / ratio / _COUNT, -theta
    # the near grid's distribution function at point i ≥ 0: (count − w[(i − 1) & 3]·expm1(count·4u)) / 16
    # with count = (i + 3) >> 2 midpoints at or before it (0.0 where none); at the step's end count is 16
    end = (16 - weights[2] * expm1(16 * step4)) / _COUNT
    quantiles = {}
    found = -1  # the tail point at or below the last percentile (−1: the step's end)
    for k, level in _PERCENTILE_LEVELS:
        if level < end:  # among the step's points: _near_quantile
            low = int(level / end * 64.0) - 1
            low = -1 if -1 > low else low
            low = _LAST_NEAR - 1 if _LAST_NEAR - 1 < low else low
            count = (low + 3) >> 2
            f_low = (count - weights[(low - 1) & 3] * expm1(count * step4)) / _COUNT if low >= 0 and count else 0.0
            width = 1
            if f_low <= level:
                while True:
                    high = low + width
                    if high >= _LAST_NEAR:
                        high, f_high = _LAST_NEAR, end
                        break
                    count = (high + 3) >> 2
                    f_high = (count - weights[(high - 1) & 3] * expm1(count * step4)) / _COUNT if count else 0.0
                    if f_high > level:
                        break
                    low, f_low, width = high, f_high, width * 2
            else:
                high, f_high = low, f_low
                while True:
                    low = high - width
                    if low < 0:
                        low, f_low = -1, 0.0
                        break
                    count = (low + 3) >> 2
                    f_low = (count - weights[(low - 1) & 3] * expm1(count * step4)) / _COUNT if count else 0.0
                    if f_low <= level:
                        break
                    high, f_high, width = low, f_low, width * 2
            while high - low > 1:
                middle = (low + high) >> 1
                count = (middle + 3) >> 2
                value = (count - weights[(middle - 1) & 3] * expm1(count * step4)) / _COUNT if count else 0.0
                if value <= level:
                    low, f_low = middle, value
                else:
                    high, f_high = middle, value
            if low < 0:
                quantiles[k] = step * _NEAR_LIST[0]
            elif f_low == level:
                quantiles[k] = step * _NEAR_LIST[low]
            else:
                t_low, t_high = step * _NEAR_LIST[low], step * _NEAR_LIST[high]
                quantiles[k] = (t_high - t_low) / (f_high - f_low) * (level - f_low) + t_low
            continue
        # past the step's end: _far_quantile, each point's time t and distribution function
        # max(1 − weight·e^((t − step)/(−θ)), end) as _far_cdf has them (the step's end at −1)
        start = guess = found
        if weight > 0 and level < 1.0:
            x = -minus_theta * math.log(weight / (1.0 - level))
            if x > span * _FAR_LIST[0]:
                guess = int(math.log(x / (span * _FAR_LIST[0])) / _LOG_FAR_STEP)
                guess = start if start > guess else guess
                guess = _LAST_FAR if _LAST_FAR < guess else guess
        low, high = guess, guess + 1
        if low < 0:
            t_low, f_low = step, end
        else:
            t_low = _FAR_LIST[low] * span + step
            f_low = 1.0 - weight * exp((t_low - step) / minus_theta)
            f_low = f_low if f_low > end else end
        if f_low <= level:
            width = 1
            while True:
                if high > _LAST_FAR:
                    high, t_high, f_high = _LAST_FAR + 1, math.inf, math.inf
                    break
                t_high = _FAR_LIST[high] * span + step
                f_high = 1.0 - weight * exp((t_high - step) / minus_theta)
                f_high = f_high if f_high > end else end
                if f_high > level:
                    break
                low, t_low, f_low, width = high, t_high, f_high, width * 2
                high = low + width
        else:
            high, t_high, f_high, width = low, t_low, f_low, 1
            while True:
                low = high - width
                low = start if start > low else low
                if low < 0:
                    t_low, f_low = step, end
                else:
                    t_low = _FAR_LIST[low] * span + step
                    f_low = 1.0 - weight * exp((t_low - step) / minus_theta)
                    f_low = f_low if f_low > end else end
                if f_low <= level:
                    break
                high, t_high, f_high, width = low, t_low, f_low, width * 2
        while high - low > 1:
            middle = (low + high) >> 1
            if middle < 0:
                t_mid, f_mid = step, end
            else:
                t_mid = _FAR_LIST[middle] * span + step
                f_mid = 1.0 - weight * exp((t_mid - step) / minus_theta)
                f_mid = f_mid if f_mid > end else end
            if f_mid <= level:
                low, t_low, f_low = middle, t_mid, f_mid
            else:
                high, t_high, f_high = middle, t_mid, f_mid
        found = low
        if high > _LAST_FAR or f_low == level:
            quantiles[k] = t_low
        else:
            quantiles[k] = (t_high - t_low) / (f_high - f_low) * (level - f_low) + t_low
    return quantiles


def ttft_mean(step: float, waits: list[tuple[float, float]]) -> float:
    """Mean of ``R + W`` (module docstring) [s]: ``step`` the mean step [s], ``waits`` the two
    waits as (probability of waiting, mean wait when waiting [s]).

    ``E[R + W] = E[R] + E[W₁] + E[W₂] = step/2 + p₁·θ₁ + p₂·θ₂``: ``R`` uniform over the step (the
    mean of its 16 midpoints ``(j + ½)/16`` is exactly ½), each wait zero with probability ``1 − p``
    and exponential with mean ``θ`` otherwise (mean ``p·θ``); the mean of a sum is the sum of the
    means whatever their dependence. The distribution is right-skewed (the waits' exponential
    tails), so its mean lies above its median (:func:`ttft_quantiles`' 50th percentile) wherever a
    wait is likely: a published *mean* TTFT (vLLM ``bench serve``, NVIDIA AIPerf) is compared with
    this, not with the median."""
    (p1, t1), (p2, t2) = waits
    return 0.5 * step + p1 * t1 + p2 * t2


def _between(level: float, low: float, high: float, t_low: float, t_high: float) -> float:
    """``np.interp``'s value between two grid points: ``slope·(level − low) + t_low`` [s]."""
    return (t_high - t_low) / (high - low) * (level - low) + t_low


def _near_cdf(near: list, i: int) -> float:
    """The distribution function at the step's point ``i`` (``(i + 1)/64`` of the step) [-]."""
    count = (i + 3) >> 2  # midpoints (4j + 2)/64 at or before the point
    if not count:
        return 0.0
    rest = (i - 1) & 3
    if len(near) == 1:  # one wait: its term alone (0.0 + x is x, and count − ±0 the same number)
        step4, weights = near[0]
        return (count - weights[rest] * math.expm1(count * step4)) / _COUNT
    tail = 0.0
    for step4, weights in near:
        tail += weights[rest] * math.expm1(count * step4)
    return (count - tail) / _COUNT


def _near_quantile(near: list, step: float, level: float, end: float) -> float:
    """The percentile at ``level`` (below ``end``, the distribution function at the step's end):
    the step's points ``low``, ``low + 1`` with ``f(low) ≤ level < f(low + 1)`` (the distribution
    function does not fall), searched from where a straight rise to ``end`` crosses the level — a
    bracket doubled away from that point, then bisected: the same two points as a bisection of all
    64 finds, in two or three values instead of six — and interpolated as ``np.interp`` does [s]."""
    low = int(level / end * 64.0) - 1  # within [−1, last − 1]: f(−1) = 0 ≤ level < end = f(last)
    low = -1 if -1 > low else low  # min(max(·, −1), last − 1) written out: no call
    low = _LAST_NEAR - 1 if _LAST_NEAR - 1 < low else low
    f_low = _near_cdf(near, low) if low >= 0 else 0.0
    width = 1
    if f_low <= level:
        while True:
            high = low + width
            if high >= _LAST_NEAR:
                high, f_high = _LAST_NEAR, end
                break
            f_high = _near_cdf(near, high)
            if f_high > level:
                break
            low, f_low, width = high, f_high, width * 2
    else:
        high, f_high = low, f_low
        while True:
            low = high - width
            if low < 0:
                low, f_low = -1, 0.0
                break
            f_low = _near_cdf(near, low)
            if f_low <= level:
                break
            high, f_high, width = low, f_low, width * 2
    while high - low > 1:
        middle = (low + high) >> 1
        value = _near_cdf(near, middle)
        if value <= level:
            low, f_low = middle, value
        else:
            high, f_high = middle, value
    if low < 0:
        return step * _NEAR_LIST[0]
    if f_low == level:
        return step * _NEAR_LIST[low]
    return _between(level, f_low, f_high, step * _NEAR_LIST[low], step * _NEAR_LIST[high])


def _far_cdf(far: list, step: float, span: float, i: int, end: float) -> tuple[float, float]:
    """(time [s], distribution function) at the tail's point ``i``, at least ``end`` (the running
    maximum from the step's end); −1: the step's end itself."""
    if i < 0:
        return step, end
    t = _FAR_LIST[i] * span + step
    past = t - step
    if len(far) == 1:  # one wait: its term alone (0.0 + x is x, and 1 − ±0 the same number)
        weight, minus_theta = far[0]
        value = 1.0 - weight * math.exp(past / minus_theta)
        return t, value if value > end else end
    tail = 0.0
    for weight, minus_theta in far:
        tail += weight * math.exp(past / minus_theta)
    value = 1.0 - tail
    return t, value if value > end else end


def _minus_theta(term: tuple[float, float]) -> float:
    """A tail term's ``−θ`` [s] (:func:`_far_quantile` picks the slowest term by it)."""
    return term[1]


def _far_quantile(far: list, step: float, span: float, level: float, start: int, end: float
                  ) -> tuple[float, int]:
    """The percentile at ``level`` (at least ``end``, the distribution function at the step's end)
    and the tail point at or below it [s, index], searched from ``start`` (−1: the step's end): first
    where the slowest term alone crosses the level (exact with one term), then a bracket doubled
    away from it and bisected."""
    guess = start
    # the slowest term (the largest θ: the most negative −θ)
    if len(far) == 1:
        weight, minus_theta = far[0]
    elif len(far) == 2:  # min(far, key=_minus_theta) written out: the first of the smallest −θ
        weight, minus_theta = far[1] if far[1][1] < far[0][1] else far[0]
    else:
        weight, minus_theta = min(far, key=_minus_theta)
    if weight > 0 and level < 1.0:
        x = -minus_theta * math.log(weight / (1.0 - level))
        if x > span * _FAR_LIST[0]:
            guess = int(math.log(x / (span * _FAR_LIST[0])) / _LOG_FAR_STEP)
            guess = start if start > guess else guess  # min(max(·, start), last) written out: no call
            guess = _LAST_FAR if _LAST_FAR < guess else guess
    low, high = guess, guess + 1  # f(low) ≤ level < f(high) once the bracket holds; past the grid: above
    t_low, f_low = _far_cdf(far, step, span, low, end)
    if f_low <= level:
        width = 1
        while True:
            if high > _LAST_FAR:
                high, t_high, f_high = _LAST_FAR + 1, math.inf, math.inf
                break
            t_high, f_high = _far_cdf(far, step, span, high, end)
            if f_high > level:
                break
            low, t_low, f_low, width = high, t_high, f_high, width * 2
            high = low + width
    else:
        high, t_high, f_high, width = low, t_low, f_low, 1
        while True:
            low = high - width
            low = start if start > low else low  # max(·, start) written out: no call
            t_low, f_low = _far_cdf(far, step, span, low, end)
            if f_low <= level:
                break
            high, t_high, f_high, width = low, t_low, f_low, width * 2
    while high - low > 1:
        middle = (low + high) >> 1
        t_mid, f_mid = _far_cdf(far, step, span, middle, end)
        if f_mid <= level:
            low, t_low, f_low = middle, t_mid, f_mid
        else:
            high, t_high, f_high = middle, t_mid, f_mid
    if high > _LAST_FAR or f_low == level:
        return t_low, low
    return _between(level, f_low, f_high, t_low, t_high), low


_ttft_quantiles = ttft_quantiles
