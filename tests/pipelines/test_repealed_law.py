"""A repealed law is reported once, where the parties rely on it — not in a model form's
explanatory note, and not once per clause that names it again.

GIVEN an official form whose 说明 (the issuing authority's note) cites 《合同法》 and whose
agreement and general conditions rely on it twice
WHEN the playbook screens it
THEN one finding, at the agreement.
"""

from __future__ import annotations

from pipelines.screen import ScreenContext, load_playbook, screen
from pipelines.types import Clause, Stance


def _c(cid: str, path: tuple[str, ...], text: str) -> Clause:
    return Clause(clause_id=cid, path=path, number="", title=path[-1] if path else "", text=text,
                  char_start=0, char_end=len(text), level=len(path))


def test_a_repealed_law_is_reported_once_where_the_parties_rely_on_it():
    clauses = [
        _c("c1", (), "建设工程施工合同\n（示范文本）\n某部 制定\n说 明"),
        _c("c2", ("一、《示范文本》的组成",), "一、《示范文本》的组成\n本示范文本依据《中华人民共和国合同法》制定。"),
        _c("c3", ("第一部分 合同协议书",), "第一部分 合同协议书\n发包人与承包人根据《中华人民共和国合同法》及有关法律规定，订立本合同。"),
        _c("c4", ("第二部分 通用合同条款",), "第二部分 通用合同条款\n通用合同条款是根据《中华人民共和国合同法》等法律法规的规定作出的约定。"),
    ]
    playbook = load_playbook()
    ctx = ScreenContext(contract_type="建设工程施工合同", clauses=clauses, text="\n".join(c.text for c in clauses),
                        stance=Stance.neutral, party_roles={"party_a": ("发包人",), "party_b": ("承包人",)})
    found = [f for f in screen(clauses, playbook, ctx) if f.check_id == "legal_reference.repealed_law"]
    assert [f.clause_id for f in found] == ["c3"]


def test_two_repealed_laws_are_two_findings():
    clauses = [_c("c1", ("第一条",), "第一条 依据《中华人民共和国合同法》订立本合同。"),
               _c("c2", ("第二条",), "第二条 保证责任适用《中华人民共和国担保法》的规定。")]
    ctx = ScreenContext(contract_type="保证合同", clauses=clauses, text="\n".join(c.text for c in clauses),
                        stance=Stance.neutral, party_roles={"party_a": ("甲方",), "party_b": ("乙方",)})
    found = [f for f in screen(clauses, load_playbook(), ctx) if f.check_id == "legal_reference.repealed_law"]
    assert [f.clause_id for f in found] == ["c1", "c2"]
