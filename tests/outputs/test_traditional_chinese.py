"""A contract in Traditional characters (Hong Kong, Macao, Taiwan drafting) is reviewed as well
as its Simplified twin: the playbook, segmenter and classifier read a Simplified copy of the
same length, and the review quotes the contract in its own characters."""

from __future__ import annotations

from opencc import OpenCC

SALE = """設備買賣合同

出賣人（甲方）：香港示例機械有限公司
買受人（乙方）：深圳樣本製造有限公司

第一條 價款
本合同總價款為人民幣貳拾萬元整（¥200,000.00）。本合同簽訂後五日內，乙方向甲方支付合同總價款的30%作為定金。

第二條 驗收
乙方收貨人在送貨單上簽字後，即視為乙方對設備的數量、型號及內在質量均已驗收合格。

第三條 違約責任
乙方逾期付款的，每逾期一日，應按合同總價款的3%向甲方支付違約金。

第四條 爭議解決
協商不成的，任何一方既可以向深圳國際仲裁院申請仲裁，也可以向甲方所在地人民法院提起訴訟。
"""


def test_a_traditional_contract_is_reviewed_like_its_simplified_twin(review_bytes):
    simplified = OpenCC("t2s").convert(SALE)
    trad = review_bytes(SALE.encode("utf-8"), "sale.txt").review
    simp = review_bytes(simplified.encode("utf-8"), "sale.txt").review
    assert simp.risks, "the Simplified twin has risks to compare with"
    assert [r.title for r in trad.risks] == [r.title for r in simp.risks]
    assert trad.contract_type == simp.contract_type == "买卖合同"
    for r in trad.risks:  # quoted in the contract's own characters, where it stands
        assert r.clause.text == SALE[r.clause.char_start:r.clause.char_end]
        assert r.original_text.replace("\n", "") in r.clause.text.replace("\n", "")
    assert any("繁体" in w for w in trad.warnings)
