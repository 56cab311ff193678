"""The blind whole-contract sets (tests/data/blind_contracts) keep what the rules find on them.

Figures, not timings: the rules-only eval over each set must match at least the gold risks it
matched when the set was last tuned, flag no high-severity risk on its clean contracts, and
keep its precision; a change that loses a risk or adds false alarms shows here.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from tests.worker.conftest import run_cli

SETS = Path(__file__).parents[1] / "data" / "blind_contracts"
# set -> (gold risks matched at least, predictions at most, precision at least)
# 2026-12-04 (seventh session): set 23's and set 27's precision floors lowered by one finding each, set 25's
# prediction cap raised by one: a guarantor's own penalty, a worker's leaving penalty and an equity sale
# without notice are now found, but those sets' writers filed them under another category than the
# one the dev set and sets 25/29 use (breach_liability vs guarantee, labor; delivery vs parties)
# set24 46 -> 45 (2026-12-05, tenth session): the employer's release of a non-compete without the three
# months' pay (劳动争议解释（一）第三十九条) had two checks, one filed under termination and one under labor;
# they are one check now, under labor (set 32's writer files it there, set 24's under termination)
# set23 40 (was 41): b05's dispatch-post risk was matched by a wrong finding in the same annex (月基本工资不含加班费
# read as overtime unpaid), removed in the eleventh session. set27 56 (was 55): g02's utility-model licence runs past
# the patent's term — a true finding (ip.licence_beyond_patent_term) at the term, where the writer anchored the fee clause.
# set28 40: h03's deposit-and-30% penalty (filed by the product under lease) was matched in the same clause by a
# wrong finding on 月租金的千分之三 per day of late handover, which is at most a day's rent and no longer reported.
# 2026-12-05 (twelfth session): set 28 back to 42 (the deposit forfeiture now filed under breach_liability, as the
# writers file it); set 36 added, measured blind at 23/49 (0.47) on the session's start code, 26 after its fixes.
# 2026-12-05 (thirteenth session): set 37 added, measured blind at 30/52 (0.58) on the session's start code, 41
# after its fixes; set 36 37 (t05: unpaid subscribed capital passing to the buyer, a six-month claims window;
# t06's overdue 违约金 on top of interest is now found by loan.overdue_charges_stacked, filed under loan as the dev
# set files it — its writer filed it under breach_liability — and no longer matched by the one-sided-liability
# check, which does not read loans any more).
# 2026-12-05 (fourteenth session): sets 38 and 39 added (blind 35/54 and 32/57, the latter the same on the session's
# start code); set 29 50 predicted (was 49): k08's clause relieving the lender of reviewing the guarantor's
# resolution is now found (guarantee.company_resolution_not_reviewed, filed under parties as set 39's writer files
# it; set 29's writer filed the same clause under effectiveness), so it counts as a false alarm there.
# set32 50 (was 51): p10's employee 违约金 for confidentiality (filed by its writer under breach_liability; the
# product files it under labor) was matched by "违约责任只约定一方", which no longer fires on an employee's undertaking.
# 2026-12-06 (fifteenth session): set 40 added (blind 25/48, precision 0.60, one clean high; 41/48 after its fixes);
# set37 60 predicted (was 61): a 定金 forfeited for not performing is 定金罚则, not a waiver of claims. Set 41 added
# (blind 28/57, precision 0.56, two clean highs, measured after set 40's fixes; 29/57 on the session's start code —
# the one lost was matched by a price left "另行协商" for adjustments, now read as lawful; 41/57 after its fixes);
# set 26 47 (a rent schedule row that starts inside the rent-free period), set 29 37 (prepaid course fees "一律不予
# 退还", now filed under termination as set 29's, 40's and 41's writers file it).
# 2026-12-06 (sixteenth session): set 41 44 matched, 58 predicted (the mortgage released after transfer, the
# temperature range and the membership start written twice: checks from set 42's norms); set 42 added (blind 26/55,
# precision 0.60, one clean high; 53/55 after its fixes); set 43 added (blind 25/59, precision 0.53, one clean high,
# identical on the session's start code — set 42's fixes reached none of it; 44/59 after its fixes); set 33 keeps 50
# but predicts 56: its writer filed 转包 under parties, now reported under delivery as sets 27, 30, 31, 41 and 42 file it.
# Set 44 added (blind 24/53, precision 0.57, one clean high; 23/53 on the session's start code; 33/53 after its fixes).
# 2026-12-06 (seventeenth session): set 45 added (blind 24/57, precision 0.56, clean high 0, identical on the session's
# start code; 40/57 after its fixes); set 44 36 matched, 51 predicted (a probation set by a management agreement's
# staff clause, a carve-out narrower than the exemption, a promised fund return); set 35 36 (was 37): s07's
# employee 违约金 on resigning, filed by its writer under breach_liability, is reported once, under labor, as the
# dev set files it (the second, breach_liability finding on the same sentence is gone).
# Set 46 added (blind 34/56, precision 0.49, clean high 0, identical on the session's start code: set 45's fixes reached
# none of its risks; 35/56, 69 predicted after removing three clean-contract false alarms and a pledge said to arise on signing); set 31 40 matched.
# 2026-12-06 (nineteenth session): set 49 added (blind 29/58, precision 0.71, clean high 0, identical on the session's
# start code; 45/58, 55 predicted after its fixes). Set 25 36 matched, 47 predicted (a dispatched worker's labour
# contract tied to the dispatch agreement, 劳动合同法58); set 29 52 predicted (k04's return of dispatched workers on
# the user unit's own opinion, 劳动合同法65, which its writer did not list); set 35 47 predicted (s06's patients'
# consent taken by a notice posted at reception, found under data_protection as 个人信息保护法29 requires separate
# consent; its writer did not list it). Set 50 added (blind 33/56, precision 0.69, clean high 0, identical on the
# session's start code — set 49's fixes reached none of it; 45/56, 60 predicted after its fixes); set 49 46 matched.
# Set 51 added (blind 26/56, precision 0.60, clean high 0, identical on the session's start code — sets 49 and 50's
# fixes reached none of it; 31/56, 48 predicted after the session's last fixes: amounts in words after 人民币 without
# ¥, a child's click deemed its guardian's consent, consent deemed from using the platform).
# 2026-12-06/07 (twentieth session): set 52 added (blind 28/57, precision 0.67, clean high 0, identical on the session's
# start code; 45/57, 55 predicted after its fixes and set 53's). Set 53 added (blind 30/53, precision 0.63, clean high 0,
# identical on the session's start code — set 52's fixes reached none of it; 40/53, 56 predicted after its fixes).
# Set 54 added (blind 34/45, precision 0.68, clean high 0, identical on the session's start code — sets 52 and 53's
# fixes reached none of it; 35/45, 51 predicted after one fix: pledged shares forfeited with the valuation excluded).
# Sets 33, 34 and 35 one match fewer by convention: a title listing the loan with its securities (借款及保证合同) is now
# a 借款合同 (民法典388/682: the securities are accessory), so overdue interest stacked with a 违约金 is reported under
# loan as the dev set files it; those sets' writers filed it under breach_liability. Set 51 32 matched (f07's principal barred from ending a mandate,
# 民法典933: an agency service named beside 服务 is now a 委托合同); set 30 44 matched (k03's court at a parent company's
# domicile, the company named between); set 32 65 predicted (p09's principal paying the whole year's fee on ending the
# mandate early, which its writer did not list); set 48 54 predicted (b09's cameras in the cared-for person's bedroom on
# the family's consent, 民法典1033, which its writer did not list). Twenty-first session: set 46 36 matched (x08's
# cold store that does not open the cases, now read as the outside taken for the inside, 民法典623/917); set 33 57
# predicted (q04's "外包装无明显破损的，视为货物完好出库", the same risk, which its writer did not list); set 31 41 matched, 51
# predicted (m05's sale and leaseback whose assets are valued far below the price, 民法典737).
# 2026-12-07 (twenty-second session): sets 27 and 55 one more prediction each — a 定金 over 20% of the price their
# writers did not list (g09: 120万 against a transfer price of 460万/480万; s55_01: 6万 against a 15万 franchise fee).
# 2026-12-07 (twenty-third session): set 61 added (blind 40/51, precision 0.83, clean high 0 on the session's start code;
# 48/51, 52 predicted after its fixes). Set 47 63 predicted: a02's 违约金 for leaving without notice (劳动合同法25) is now
# found under labor; its writer filed it under breach_liability. Set 31 one more prediction within its cap: m07's
# settlement by the publisher's own back-end data, third-party monitoring excluded, found under price_payment (its writer
# filed it under acceptance). Set 62 added (blind 36/53, precision 0.67, identical on the session's start code and after
# set 61's fixes; 48/53, 62 predicted after its fixes). The explicit waiver of a company guarantor's resolution review
# (guarantee.company_resolution_not_reviewed) is now filed under guarantee, as eight of the eleven blind writers who
# listed it file it (sets 23, 27, 30, 47, 50, 51, 56, 60, 62; parties in 25 and 39, effectiveness in 29): set 25 35
# matched (e05), set 39 43 (v06). New true findings their writers did not list: set 25 e06's notice by telephone with a
# ten-day deemed waiver and e08's dispatched workers unpaid while waiting after return (劳动合同法58); set 36 t05's
# notice to the other shareholder by word of mouth (公司法84).
# Set 63 added (blind 26/50, precision 0.65 on the session's start code; 27/50 after sets 61-62's fixes; 39/50, 52
# predicted after its own).
# Twenty-fourth session: sets 64 and 65 added (blind 38/52, precision 0.76 and 36/50, 0.77 on the session's start
# code; 49/52, 59 predicted and 43/50, 55 predicted after their fixes). Gains elsewhere from the same norms: an annex
# value the body states otherwise (set 23 b05, 25 e04, 56 s56_02), a fee kept whatever the cause now filed under
# price_payment as 9 of 20 blind writers file it (sets 33, 36, 47; one more predicted in 50 and 57 where the same
# sentence is also read as a forfeiture on breach), a company guarantee's resolution dispensed with (set 51), a fee
# deducted as the training's own (set 29). Set 44 matched one fewer: v06's self-help repossession was matched only
# because the paid-sums reading of the same clause was filed under breach_liability.
# Sets 66 and 67 added after those fixes, to measure them: 39/50 (0.75) and 37/47 (0.80, one high finding on a clean
# non-compete) on the session's start code; 40/50 and 38/47 on the code with sets 64-65's fixes; 40/50 (53 predicted)
# and 39/47 (47 predicted, clean high 0) after their own (an employer not invoking the non-compete owes no
# compensation; a ¥ amount in an annex; a lien sale price fixed by 乙方).
# Twenty-fifth session: sets 68 (security, pledge, guarantee, franchise, factoring, brokerage, technology transfer …)
# and 69 (everyday types) added, blind 31/45 (0.69, precision 0.72) and 33/46 (0.72, 0.61, one clean high: 角 and 分
# read as whole yuan); 37/45 (49 predicted) and 43/46 (53 predicted, clean high 0) after their fixes. Gains elsewhere
# from the same norms: a lien sale in one breath with the lien (set 33 q04), a relatives' non-compete with its 违约金
# filed under breach_liability as two of three writers file it (set 33 q09, set 36 t02), a cold store's disposal
# proceeds (set 53 h09), a total that leaves a row out (set 54 i02), payment terms the annex states otherwise (set 66
# s66_03, set 67 s67_01). Set 39 v07's ip risk was matched by chance (an unallocated-results finding on results that
# were allocated, at the clause of the writer's background-technology risk); it is now a miss and no false alarm.
# One more prediction each, true findings their writers did not list or listed at another place: set 35 s08's lien
# over "any" goods the carrier holds (民法典450), set 48 b04's escalation mismatch (found at the rate's sentence; its
# writer anchored the schedule row), set 61 s61_05's three-working-day acceptance window beside the writer's risk in
# the same clause, set 66 s66_05's acceptance deemed on use beside the now-found own-report acceptance.
# Twenty-sixth session: sets 70 (warehousing, construction, dispatch, consulting, advertising, distribution, non-compete,
# inter-company loan, gift, 行纪, work, brokerage) and 71 (equipment sale, software, shop lease, labour, guarantee, equity,
# technical service, logistics, cloud service with personal data, franchise, partnership, factoring) added: blind 24/50
# (0.48, precision 0.69) and 31/48 (0.65, 0.66, three clean highs) on the session's start code; 32/50 (40 predicted)
# and 35/48 (47 predicted, clean high 0) after their fixes. The general "一方概括免除自身责任" now yields to a specific
# finding of another category on the same sentence, its norm told in that finding (13 duplicate highs fewer over the
# earlier sets); set 69 s69_12's exemption for any development failure was matched only by that general finding beside a
# no-refund finding of price_payment on the same sentence: 42 matched. One more matched and one more predicted: set 25
# e08 (a dispatched worker's medical-check and uniform fees), set 68 s68_05 (an equity registration "在合理期限内").
FLOORS = {"set23": (41, 49, 0.83), "set24": (46, 56, 0.82), "set25": (37, 51, 0.72), "set26": (47, 59, 0.79),
          "set27": (44, 57, 0.77), "set28": (43, 53, 0.81), "set29": (38, 50, 0.76), "set30": (44, 54, 0.81), "set31": (41, 51, 0.80),
          "set32": (50, 65, 0.76), "set33": (52, 60, 0.86),
          "set34": (49, 54, 0.90),
          "set35": (35, 47, 0.74),
          "set36": (39, 50, 0.78),
          "set37": (43, 60, 0.71),
          "set38": (48, 57, 0.84),
          "set39": (42, 54, 0.77),
          "set40": (42, 48, 0.87),
          "set41": (45, 58, 0.77),
          "set42": (53, 59, 0.89),
          "set43": (44, 60, 0.72),
          "set44": (35, 51, 0.70),
          "set45": (40, 54, 0.74),
          "set46": (36, 70, 0.51),
          "set47": (48, 64, 0.75),
          "set48": (46, 55, 0.83),
          "set49": (46, 56, 0.82),
          "set50": (45, 61, 0.73),
          "set51": (33, 50, 0.66),
          "set52": (45, 55, 0.81),
          "set53": (41, 57, 0.71),
          "set54": (36, 52, 0.69),
          "set55": (52, 66, 0.78),
          "set56": (39, 53, 0.73),
          "set57": (30, 51, 0.58),
          "set58": (49, 64, 0.77),
          "set59": (48, 56, 0.86),
          "set60": (43, 57, 0.75),
          "set61": (48, 53, 0.90),
          "set62": (48, 62, 0.77),
          "set63": (39, 52, 0.75),
          "set64": (49, 59, 0.83),
          "set65": (43, 55, 0.78),
          "set66": (41, 55, 0.74),
          "set67": (40, 48, 0.83), "set68": (38, 50, 0.76), "set69": (42, 52, 0.80),
          "set70": (32, 40, 0.80), "set71": (35, 47, 0.74)}


@pytest.fixture(scope="module")
def blind_eval(tmp_path_factory, small_index_root) -> dict:
    """One ``contract-review eval`` process over every set's cases (ids ``setNN__case``): the
    index and playbook load once instead of once per set (about 4 s each)."""
    root = tmp_path_factory.mktemp("blind")
    cases = root / "cases"
    for name in sorted(FLOORS):
        for gold in sorted((SETS / name).glob("*/gold.json")):
            shutil.copytree(gold.parent, cases / f"{name}__{gold.parent.name}")
    env = {k: v for k, v in os.environ.items() if not k.startswith("CR_")}
    env.update({"CR_DATA_DIR": str(root / "data"), "CR_INDEX_DIR": str(small_index_root),
                "HF_HUB_OFFLINE": "1", "COLUMNS": "200"})
    out = root / "metrics.json"
    r = run_cli(["eval", str(cases), "--no-llm", "--out", str(out)], env, timeout=3600)
    assert r.returncode == 0, r.stderr
    return json.loads(out.read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_rules_keep_what_they_find_on_a_blind_set(name, blind_eval):
    cases = {k.split("__", 1)[1]: v for k, v in blind_eval["cases"].items() if k.startswith(f"{name}__")}
    failed = {k: v for k, v in blind_eval["failed"].items() if k.startswith(f"{name}__")}
    matched, most, precision = FLOORS[name]
    got = sum(c["matched"] for c in cases.values())
    predicted = sum(c["predicted"] for c in cases.values())
    assert len(cases) == 12 and not failed, failed
    assert got >= matched, {k: v["missed"] for k, v in cases.items()}
    assert predicted <= most and round(got / predicted, 4) >= precision, {k: v["false_alarms"] for k, v in cases.items()}
    assert sum(c["clean_high"] for c in cases.values()) == 0
