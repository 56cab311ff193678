"""Everything with side effects: settings, database, model loading, CLI (DESIGN §2).

``worker`` calls the pure stages in :mod:`pipelines` and the statute corpus in
:mod:`knowledge`; they never import ``worker``.
"""
