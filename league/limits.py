"""Rate limits: a token bucket per key (a table for its pushes, an address for the rest).

The clock is injected, so tests step it instead of waiting. Memory stays bounded: at most
``max_keys`` buckets, the least recently used dropped first (a dropped key starts full again,
which only ever lets a client through, never locks one out).
"""
from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass


@dataclass(frozen=True)
class Rate:
    per_second: float
    burst: int


class Limiter:
    def __init__(self, rate: Rate, clock=time.monotonic, max_keys: int = 10000):
        self.rate, self.clock, self.max_keys = rate, clock, max_keys
        self._buckets: OrderedDict = OrderedDict()
        self._lock = threading.Lock()

    def take(self, key) -> float:
        """0 when the request may go ahead, else the seconds until it may (``Retry-After``)."""
        now = self.clock()
        with self._lock:
            tokens, then = self._buckets.pop(key, (float(self.rate.burst), now))
            tokens = min(float(self.rate.burst), tokens + (now - then) * self.rate.per_second)
            if tokens >= 1:
                wait, tokens = 0.0, tokens - 1
            else:
                wait = (1 - tokens) / self.rate.per_second
            self._buckets[key] = (tokens, now)
            while len(self._buckets) > self.max_keys:
                self._buckets.popitem(last=False)
        return wait


def retry_after(wait: float) -> str:
    return str(max(1, math.ceil(wait)))
