"""Code detectors of the rule playbook: checks that need arithmetic, structure or the whole document.

Each detector is ``detector(clause, ctx, params) -> Iterable[Hit]`` and is named from a
playbook check's ``detector`` key (see :mod:`pipelines.screen`). Numbers are parsed with
``cn2an`` (Chinese numerals, including 大写 amounts) and compared in code (DESIGN §7).
The thresholds come from the playbook ``params`` and each names its legal source.

One module per part of the playbook; each adds its detectors to :data:`DETECTORS`:

- :mod:`~pipelines.rules.core` — :class:`Hit`, number and amount parsing, the registry,
  whole-document detectors (amounts in words and figures, dates, citations, party names);
- :mod:`~pipelines.rules.commercial` — rights, grounds and consequences in commercial
  contracts; annex tables against the body (``commercial.yaml``);
- :mod:`~pipelines.rules.labour` — employment and dispatch (``employment.yaml``);
- :mod:`~pipelines.rules.data_processing` — personal information (``data.yaml``);
- :mod:`~pipelines.rules.property_finance` — loans, guarantees, finance leases, sub-leases
  (``property_finance.yaml``);
- :mod:`~pipelines.rules.injection` — injected instructions (OWASP LLM01);
- :mod:`~pipelines.rules.checklist` — the practitioner's checklist by contract type
  (``checklist.yaml``);
- :mod:`~pipelines.rules.remedies` — 违约金, waivers, forum, terms, later whole-contract checks
  (``remedies.yaml``).
"""

from __future__ import annotations

# each module imports what it reads from the others; importing them all registers every detector
from pipelines.rules import (  # noqa: F401  (imported to register their detectors)
    checklist,
    commercial,
    core,
    data_processing,
    injection,
    labour,
    property_finance,
    remedies,
)
from pipelines.rules.core import (
    COMPUTED_DETECTORS,
    DETECTORS,
    Hit,
    _head_parties,  # noqa: F401  (tests/pipelines/test_hostile_inputs.py)
    _per_doc,  # noqa: F401  (pipelines.screen runs a document-wide check once per document)
    cited_article_invalid,
    parse_amount,
    parse_number,
    parse_rate,
    party_name_mismatch,
    side_words,
    unglossed,
)

__all__ = [
    "COMPUTED_DETECTORS", "DETECTORS", "Hit", "cited_article_invalid", "parse_amount", "parse_number",
    "parse_rate", "party_name_mismatch", "side_words", "unglossed",
]
