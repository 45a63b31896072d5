"""The workbench: renderers, benchmarks, trainers and the demo's simulated table.

Never imported by the runtime (companion, vision, hardware); the command line reaches
it for `bench-vision`, `--demo` and the like."""
