"""Pure review stages: typed inputs -> typed outputs; no Celery, DB or S3 (DESIGN §2).

Stages: :mod:`~pipelines.extract`, :mod:`~pipelines.segment`, :mod:`~pipelines.classify`,
:mod:`~pipelines.retrieve`, :mod:`~pipelines.screen` (+ :mod:`~pipelines.rules`),
:mod:`~pipelines.generate`, :mod:`~pipelines.report`; :mod:`~pipelines.review` composes them.
"""

# Bump when a stage's behaviour changes: reviews made with an older pipeline are re-run.
PIPELINE_VERSION = "0.1.0"
