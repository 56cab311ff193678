"""Benchmarks: ``review`` (one process: ``contract-review bench review``), ``chain`` (a
running deployment: ``bench-chain``), ``fleet`` (a worker layout started here:
``bench chain``)."""

from worker.bench.review import raw_decode_speed, run_bench

__all__ = ["raw_decode_speed", "run_bench"]
