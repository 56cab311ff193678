"""The Celery side (DESIGN §3, §10): ``app`` (the Celery application, queues and
reliability settings), ``dispatch`` (sending a document's chain), ``tasks`` (thin task
wrappers), ``stages`` (start, extract, review, persist) and ``fanout`` (prepare, generate
per unit, retrieve, merge: the LLM path fanned out per clause batch)."""
