"""Commercial detectors (checks of ``pipelines/playbook/commercial.yaml``).

Written from the legal norm, not from one contract's wording: each reads the structure of a
sentence — who holds a right (a party word before 有权/可以), on what ground (an open ground such
as 随时/根据需要/视情况, or none), with what consequence — and compares numbers and periods in
code, and reads annex tables against the body (rates, values, unit prices, arithmetic). Tested
on team-written phrasings (``tests/pipelines/data/playbook_cases_commercial.yaml``).
"""

from __future__ import annotations

import bisect
import itertools
import math
import re
from collections.abc import Iterable
from datetime import date

from pipelines.clause_structure import MODAL_DE
from pipelines.clause_structure import (
    ROLE as _PARTY_ANY,  # any party word of every contract type
)
from pipelines.rules.core import (
    _C_TOTAL_SKIP,
    _C_YUAN,
    _DURATION,
    _K_UNDECIDED,
    _NUM,
    _T_PERIOD_TOTAL,
    _T_TOTAL_ROW,
    DETECTORS,
    Hit,
    _c_total_prices,
    _c_yuan_value,
    _dates,
    _duration_months,
    _per_doc,
    _row_cells,
    _split,
    _t_total_label,
    parse_amount,
    parse_number,
    parse_rate,
    table_row_sentences,
    table_runs,
    unglossed,
)
from pipelines.types import Clause, Severity

_C_PARTY = (r"(?:甲方|乙方|丙方|买方|卖方|买受人|出卖人|采购方|采购人|供货方|供应方|供方|需方|供应商|发包人|发包方|承包人|承包方|"
            r"分包人|分包方|总包方|委托人|委托方|受托人|受托方|定作人|定作方|承揽人|承揽方|出租人|出租方|承租人|承租方|"
            r"服务方|服务商|客户|用户|开发方|许可方|被许可方|授权方|被授权方|托运人|托运方|承运人|承运方|存货人|保管人|"
            r"仓储方|转让方|受让方|特许人|被特许人|特许方|加盟商|总部|品牌方|平台方|平台|业主|物业服务人|物业公司|广告主|发布者|广告发布者|投资方|本公司|我方|我司|公司|"
            r"房东|租客|租户|雇主|雇员|贵方|贵司|您|物业服务企业|管理公司)")
_C_MUTUAL = re.compile(r"双方|任何一方|任一方|各方|一方[^。；]{0,20}另一方|彼此|互相|相互")
_C_OPEN_GROUND = (r"随时|任意|(?:在)?任何时(?:候|间)|为(?:其|自身|自己|本方)?(?:的)?便利|无需(?:说明|告知|提供)?(?:任何)?理由|无须(?:说明)?(?:任何)?理由|不需(?:要)?(?:说明)?理由|"
                  r"(?:基于|因|以|出于)?任何理由|(?:根据|依据|按照|结合|视)(?:其|自身|自己|本方|公司|甲方|乙方)?的?(?:实际|经营|业务|工作|项目|自身)?(?:需要|需求|情况|安排|判断|调整)|"
                  r"视(?:具体)?情况|认为(?:必要|需要|合适|有必要)|自行决定|酌情|"
                  r"(?:因|由于|基于|出于)(?:其|自身|本方|内部|经营|业务|工作|公司|战略)[^，。；]{0,6}(?:需要|调整|安排|决策|变化)|"
                  # a ground inside the holder's own sphere: its planning, layout, strategy or
                  # organisation changing (因区域布局调整, 基于品牌整体规划需要, 因项目规划调整)
                  r"(?:因|由于|基于|出于)(?:(?!政府|国家|法律|政策|不可抗力|违约|恶化|破产)[^，。；]){0,10}(?:规划|布局|策略|战略|经营|业务|组织架构|架构|机构|人事|产品线|市场)[^，。；]{0,4}(?:调整|变化|变更|需要|考虑|安排)")
_C_NEG_RIGHT = re.compile(r"不得|无权|不能|不可|不享有|禁止|不应")
_C_NOCOMP = re.compile(r"(?:无需|无须|不需|不承担|不予|不负|不作|免于|免除)[^。；]{0,10}(?:赔偿|补偿|违约责任|任何责任|责任)|不(?:赔偿|补偿)"
                       r"|互不(?:承担|负|赔偿|补偿)|(?:不得|无权|不能)(?:因此)?(?:提出|要求|主张|请求)[^。；]{0,6}(?:索赔|赔偿|补偿|违约金)"
                       # the other's claim barred with its object named first: 乙方不得就预期收益主张任何赔偿
                       r"|(?:不得|无权|不能)(?:就|以|对)[^。；，]{0,12}(?:提出|要求|主张|请求)[^。；]{0,6}(?:索赔|赔偿|补偿|违约金|报酬|损失)"
                       # nothing to pay or claim: 无须支付任何费用 / 乙方放弃主张任何损失 / 未付款项不再支付
                       r"|(?:无需|无须|不需|不必|不再)(?:向[^。；，]{0,8})?(?:支付|承担)[^。；，]{0,6}(?:费用|报酬|款项|损失|补偿)"
                       r"|放弃(?:主张|要求|追究|索赔)[^。；，]{0,6}(?:损失|赔偿|补偿|报酬|违约金)"
                       r"|(?:未付|剩余)(?:款项|费用|报酬)[^。；，]{0,4}不再(?:支付|结算)")


_C_PRICE_CHANGE_IF = re.compile(rf"^[\s\d.、（）()]*(?:如|若|如果)?(?P<p>{_C_PARTY})[^。；，]{{0,4}}(?:调整|上调|提高|变更|修改)[^。；]{{0,24}}"
                                rf"(?:价格|售价|单价|价款|费用|运费|收费标准|收费|费率|租金|服务费|报酬|计费规则|结算规则)[^。；]{{0,24}}的[，,]")
_C_CHANGE_BINDS = re.compile(r"(?:发布|公布|公告|公示|通知|告知|送达|发出|上线)[^。；]{0,10}(?:后|之日起|之时|时|起)[^。；，]{0,3}(?:即|立即)?"
                             r"(?:对[^。；，]{0,8})?(?:生效|适用|执行|发生效力)|(?:无需|无须|不需|不必)[^。；，]{0,8}(?:确认|同意|认可)")


def _c_holder(sent: str, verb_at: int) -> re.Match | None:
    """The party word that holds the right exercised at ``verb_at``: the last party word
    before it within the same clause part (no 。；), followed by 有权/可以/可/得 (or 自行 before
    a verb of deciding: 乙方自行确定新的价格) with no negation between; failing that, the holder read from the sentence's structure
    (:func:`pipelines.clause_structure.right_holder`: ``P保留…的权利``, ``由P…确定``, a modal
    whose subject heads the sentence). Returns a match whose ``p`` group is the party."""
    head = re.split(r"[。；]", sent[:verb_at])[-1]
    ahead = head + sent[verb_at: verb_at + 3]  # 得 needs to see the verb after it (本公司得解除)
    last = None
    for m in re.finditer(rf"(?P<p>{_C_PARTY})(?P<gap>[^，。；]{{0,24}}?)(?:有权|可以|可(?!能)|得以|享有[^，。；]{{0,8}}权|{MODAL_DE}|(?<!应)(?<!须)(?<!需)自行(?=决定|确定|调整|制定|变更|修改|解除|终止))", ahead):
        if m.end() > len(head):
            break
        last = m
    if last is not None and not _C_NEG_RIGHT.search(last.group("gap")):
        return last
    # a list of one party's rights read with its lead-in (乙方除…外，还享有下列权利：（三）…调整单价)
    lists = list(re.finditer(rf"(?P<p>{_C_PARTY})[^。；：:]{{0,30}}?(?:享有|拥有|有权行使|可行使)(?:如|以)?下列?(?:权利|权力)[：:]?", head))
    listed = lists[-1] if lists else None
    if listed is not None and not re.search(r"(?:不|无)(?:享有|拥有)", listed.group(0)):
        return listed
    from pipelines.clause_structure import right_holder

    party = right_holder(sent, verb_at)
    if party is None or re.search(r"合同|协议|条款|附件", party):
        return None  # 本合同自…之日起终止: the contract, not a party, is the subject
    at = sent.rfind(party, 0, verb_at)
    # the party word alone: the rest of the sentence (双方互不承担…) is not the holder
    return re.compile(rf"(?P<p>{re.escape(party)})").match(sent, at) if at >= 0 else None


# a confirmed order is a contract of its own (民法典第四百八十三条): cancelling it is terminating that contract
_C_TERMINATE = re.compile(r"(?:解除|终止|撤销|退出|解约|叫停)(?:本|该)?(?:合同|协议|合作|委托|服务|订单)?|取消[^。；，]{0,8}订单")
_C_FEE = r"(?:[\u4e00-\u9fff]{0,3}(?:费|价|租金|报酬)(?:标准|费率)?|价格|单价|收费标准)"
# what a party pays for the contract's subject, by its usual names (a subscription or licence fee too)
_C_FEE_NAMED = (r"(?:价格|单价|租金|费用|服务费|价款|费率|利率|报酬|收费标准|许可费|运费|运价|加盟费|管理费|物业费|订阅费|使用费|会员费|年费|月费|维护费|授权费|技术服务费|提成比例|提成标准|提成率|分成比例|佣金比例|扣点|佣金"
                # the fee a contract type names for its own consideration
                r"|仓储费|保管费|存储费|加工费|检测费|保洁费|清洁费|维修费|维保费|充电费|停车费|场地费|代理费|课时费|学费|床位费|护理费|餐费|培训费|咨询费|设计费|运营费|托管费|保育费|承包费)")
_C_PRICE_CHANGE = re.compile(r"(?:调整|上调|提高|变更|修改)[^。；，]{0,4}(?:产品|商品|货物|服务)?(?:售价|价位|报价)"
                             rf"|(?:调整|上调|提高|变更|修改|确定|决定)[^。；，]{{0,6}}(?:{_C_FEE_NAMED}|合同金额)"
                             rf"|{_C_FEE_NAMED}[^。；，]{{0,6}}(?:调整|上调|提高|变更)")
_C_PRICE_BY_ONE = re.compile(rf"(?:价格|单价|价款|费用|服务费|租金|报酬|费率|收费标准)[^。；]{{0,16}}(?:以|按|由|依)(?P<p>{_C_PARTY})[^。；，]{{0,8}}(?:届时|当时|当期|最新|实时)?的?(?:报价|通知|公布|确定|决定|调整|核定|指定)(?:的价格)?(?:为准|执行|结算|确定)"
                             # the standard or sum that party fixes later, charged on top (按甲方实际核定的标准另行收取)
                             rf"|(?:价格|单价|价款|费用|服务费|租金|报酬|费率|收费标准)[^。；]{{0,16}}(?:以|按|由|依)(?P<q>{_C_PARTY})[^。；，]{{0,6}}(?:实际|届时|事后|自行|单方)?(?:核定|确定|决定|认定|核算)的(?:标准|金额|数额|价格|费率|单价)(?:另行|据实)?(?:收取|计收|计取|结算|计算|支付|为准)"
                             # the price as whatever that party's own letter says (复核后的单价以甲方发出的《价格调整函》为准);
                             # an order the other side confirms is no such letter
                             rf"|(?:价格|单价|价款|服务费|租金|报酬|费率|收费标准)[^。；]{{0,16}}以(?P<r>{_C_PARTY})(?:单方)?(?:发出|出具|下发|作出|发布)的[^。；，]{{0,4}}《?[^。；，》]{{0,8}}(?:调整函|调价函|调价通知|价格通知|通知书|通知|价格表|调价单)》?为准")
_C_PRICE_LIST_BY_ONE = re.compile(rf"(?:价格|单价|价款|费用|服务费|租金|报酬|费率|收费标准)[^。；]{{0,16}}(?:以|按|依|执行)(?P<p>{_C_PARTY})[^。；，]{{0,6}}(?:届时|当时|当期|最新|实时|发货时|下单时|订货时|调整后)[^。；，]{{0,6}}(?:价目表|价格表|价格目录|价格清单|报价单|公布价|目录价|价格政策)"
                                  # the time first: 以供货时甲方公布的价格表为准
                                  rf"|(?:价格|单价|价款|费用|服务费|租金|报酬|费率|收费标准)[^。；]{{0,16}}(?:以|按|依|执行)(?:届时|当时|当期|供货时|发货时|下单时|订货时|结算时)(?P<q>{_C_PARTY})[^。；，]{{0,6}}(?:价目表|价格表|价格目录|价格清单|报价单|公布价|目录价|价格政策)"
                                  # a list that party publishes only after the period has begun: 延续期的收费标准适用乙方于该延续期开始后发布的《年度价目表》
                                  rf"|(?:价格|单价|价款|费用|服务费|租金|报酬|费率|收费标准)[^。；]{{0,16}}(?:以|按|依|执行|适用)(?P<r>{_C_PARTY})(?:于|在)?[^。；，]{{0,14}}(?:后|届时|当时)(?:发布|公布|制定|更新)的[^。；，]{{0,4}}《?[^。；，》]{{0,6}}(?:价目表|价格表|价格目录|价格清单|收费标准|报价单)")
# the party first, then the price it publishes at the time: 按乙方届时在其官方网站公布的工时单价计费
# (a price list fixed at signing — 按乙方投标报价单所列单价 — has no 届时/最新 and is not read)
_C_PRICE_PUBLISHED_BY_ONE = re.compile(rf"(?:以|按|依|执行)(?P<p>{_C_PARTY})[^。；，]{{0,4}}(?:届时|当时|当期|最新|实时|不时|调整后)[^。；，]{{0,12}}(?:公布|发布|确定|制定|调整|公示)(?:的)?[^。；，]{{0,6}}"
                                       r"(?:价格|单价|价目表|价格表|收费标准|费率|报价)(?:为准|执行|计费|计收|结算|收取|确定|另行计费)?")
# the price of a renewal or an order is whatever the seller's page shows when it charges:
# 续费价格以扣款当日会员购买页面展示的价格为准 (the page is the seller's; the buyer agreed to no figure)
_C_PRICE_PAGE_AT_CHARGE = re.compile(r"(?:续费|续订|续期|自动续费|会员费|服务费|价格|单价|费用|价款)[^。；]{0,12}(?:以|按|依)(?:扣款|续费|续订|支付|下单|结算|发货|收费)(?:当日|当天|之日|时)[^。；，]{0,16}"
                                     r"(?:页面|官网|网站|平台|应用|APP|App|app|商城|价目表)[^。；，]{0,8}(?:展示|显示|公布|公示|标示|标注)的?(?:价格|费用|标准)?(?:为准|执行|计费|扣费|收取)")
# the price as the topic, fixed by one party in the same part: 租金每年由出租人根据市场水平确定
_C_PRICE_SET_BY = re.compile(rf"(?:价格|单价|价款|费用|服务费|租金|报酬|费率|收费标准|许可费|物业费|运费|管理费)[^。；，]{{0,12}}由(?P<p>{_C_PARTY})(?!与|和|及)[^。；，]{{0,24}}(?:确定|决定|调整|核定|制定|指定|公布)")
_C_PRICE_BARE = re.compile(rf"(?:有权|可以|可(?!能)|保留)(?:不时|随时|[^，。；不未无]){{0,4}}(?:对|就)?{_C_FEE}[^，。；不未无]{{0,6}}(?:进行|作出|予以)?(?:调整|上调|变更|修改|更新)"
                           rf"|(?:有权|可以|可(?!能)|保留)(?:不时|随时|[^，。；不未无]){{0,4}}(?:调整|上调|变更|修改|更新)[^，。；]{{0,4}}{_C_FEE}")
# the price named first, the right to change it after a comma with the object left out:
# 采购价格以甲方每月发布的《价目表》为准，甲方可根据市场情况随时调整，乙方不得提出异议
_C_PRICE_ELIDED = re.compile(rf"(?:价格|单价|价款|价目表|收费标准|供货价|费率|租金|服务费)[^。；]{{0,40}}[，,](?P<p>{_C_PARTY})[^，。；]{{0,2}}(?:有权|可以|可(?!能))"
                             r"[^，。；]{0,12}(?:随时|不时|单方面?|自行)(?:进行|予以)?(?:调整|变更|修改|上调)(?=[，,。；]|$)")
# the price named after one party's act: 以买方确认的价格为准, 按出租人公布的租金标准执行
_C_PRICE_OF_ONE = re.compile(rf"(?:以|按|依|按照|依照)(?P<p>{_C_PARTY})[^。；，]{{0,8}}(?:确认|确定|决定|核定|报价|公布|发布|通知|指定|调整后)的?(?:价格|单价|价款|费用|服务费|租金|报酬|费率|收费标准|供货价|结算价)[^。；，]{{0,4}}(?:为准|执行|结算|计算)")
# the price at one party's own current rates: 由乙方按照其届时适用的人天单价核定费用
_C_PRICE_OWN_RATES = re.compile(rf"(?P<p>{_C_PARTY})[^。；，]{{0,4}}(?:按照|按|依|依照|根据|参照|以)其(?:届时|当时|最新|现行|当期|不时|自行)[^。；，]{{0,10}}(?:单价|价格|费率|收费标准|价目表|报价|标准)[^。；，]{{0,4}}(?:核定|确定|计算|结算|收取|计收|计费)")
# extra work charged at one party's own schedule that the contract neither attaches nor fixes:
# 超出部分按乙方收费标准另行计费 (民法典第五百一十条、第五百一十一条第二项: the price is then unclear
# and that party can set it); 按附件二所列收费标准 or a schedule the contract attaches is lawful
_C_PRICE_OWN_SCHEDULE = re.compile(rf"(?:按|按照|依|依照|参照|执行)(?P<p>{_C_PARTY})(?:的|之)?(?:收费标准|价目表|标准价格|报价标准|收费价目|服务价目)[^。；，]{{0,4}}(?:另行|单独|额外)?(?:计费|收取|计收|结算|收费|计价|支付)")
# agreement first, one party's word when it fails: 协商不成的，以买方确认的价格为准 — the
# negotiation is no limit on that party (民法典第五百四十三条 needs both)
_C_FALLBACK_TO_ONE = re.compile(r"(?:协商|磋商|沟通)(?:不成|未果|不一致|未能达成一致|无法达成一致|未达成一致)|未能(?:协商|达成)一致|无法(?:协商|达成)一致")
# a vague market ground: 如周边租金水平明显上涨, 遇原材料价格波动 (no figure, no index)
_C_MARKET_GROUND = re.compile(r"(?:市场|行情|周边|同类|原材料|成本|物价|租金水平|价格水平)[^。；，]{0,10}(?:上涨|波动|变化|上升|变动|较大|明显)")
# the adjusted price applies from one side's notice, or is "accepted" by going on performing:
# the change takes effect without the other's consent (民法典第五百四十三条)
_C_ADJUST_BY_NOTICE = re.compile(r"(?:调整|变更|更新|上调|修改)后的?[^。；，]{0,8}?(?:价格|单价|价款|费用|费率|收费标准|标准|租金|服务费|报酬|价目|比例|扣点|佣金)[^。；]{0,6}(?:自|在|于|经)[^。；]{0,16}(?:通知|告知|邮件|函|公告|公布|发出|送达|发布)[^。；]{0,10}(?:执行|生效|适用|起算|计收|施行)"
                                 # the notice first: 调价通知送达之日起即按新单价执行 / 自收到通知的次月起按调整后的标准支付
                                 r"|(?:通知|告知|邮件|函|公告|公布|发出|送达)[^。；]{0,16}(?:起|后)[^。；]{0,6}?(?:即|均)?(?:按|执行|适用)[^。；]{0,4}(?:新|调整后|变更后|上调后)的?(?:单价|价格|标准|费率|租金|收费|价款|比例|扣点)"
                                 r"|继续[^。；]{0,16}视为(?:接受|同意|认可)[^。；，]{0,4}(?:调整|调价|新价格|新标准|新单价|新费率)"
                                 # silence as consent: 未在通知期内提出书面异议的，视为同意
                                 r"|未[^。；]{0,14}(?:提出|表示)[^。；]{0,4}异议的?[，,]?\s*视为(?:同意|接受|认可)"
                                 r"|(?:调整|修订|更新)后的[^。；，]{0,8}(?:于|自|在)[^。；]{0,12}(?:公布|公告|发布|通知)[^。；]{0,4}(?:后|之日起?)?(?:即)?生效")
# a ground only the adjusting party can assess (根据其内部成本核算结果) or a market it reads alone
# (根据周边同类商铺租金水平): the extent of the change is that party's to decide
_C_OWN_ASSESSMENT = re.compile(r"(?:根据|依据|按照|以|视)(?:其|本方|自身|自己)(?:的)?(?:内部)?[^，。；]{0,8}(?:核算|测算|评估|判断|认定|决定)(?:结果|情况)?"
                               r"|(?:根据|依据|参照|结合|视)[^。；，]{0,16}(?:市场|行情|商圈|周边|同类|经营状况|租金水平|价格水平)")
# one party's right to change what the other pays, the price named up to twenty characters after the verb
_C_ADJUST_PRICE_LATE = re.compile(rf"(?:调整|上调|上浮|提高|变更|修改|更新|修订)(?P<obj>[^。；]{{0,20}}?)(?:{_C_FEE_NAMED}|供货价|收费|价目|佣金|房租)")
# the change needs the other side's confirmation, or is only proposed (提出调价申请)
_C_NEEDS_CONSENT = re.compile(r"(?<![无不免])(?<!无需另行)(?<!无须另行)(?<!不必另行)(?:须经|需经|应经|经过?|须取得|需取得|应取得|取得|征得)(?:对方|[甲乙丙]方|买方|卖方|供方|需方|承租人|出租人|委托方|受托方|客户|用户|双方)?(?:的)?(?:书面)?(?:确认|同意|认可|批准)"
                              r"|提出[^。；]{0,24}(?:申请|建议|请求|要求)|协商"
                              # the other side's own yes: 自甲方书面回复同意之日起, 甲方接受的，另行签署价格确认单
                              r"|(?:对方|[甲乙]方|买方|卖方|供方|需方|承租人|出租人|委托方|客户|发包人|发包方|采购方|采购人|业主)(?:书面)?(?:回复|表示)?(?:同意|接受|确认|认可)(?:之日|后|的)"
                              r"|另行签(?:署|订)[^。；]{0,8}(?:确认单|确认书|补充协议)"
                              # the other side may refuse and leave (承租人不接受的，可以不续租): no one is bound to the new price
                              r"|不(?:接受|同意)[^。；]{0,10}(?:可以|有权|可)(?:选择)?(?:不续租|不再续|不续约|不续订|(?:无责)?解除(?:本)?合同)"
                              # a price set by an independent valuer or the state's tax rate, not by either side
                              r"|(?:第三方|独立|专业)[^。；，]{0,6}(?:评估|估价|审计)机构")


_NEGATED_BEFORE = re.compile(r"(?:无需|无须|不需要?|不必|不用|免于|不再|没有|不经|毋需|无)[^。；，]{0,6}$")


def affirmed(rx: re.Pattern | str, text: str) -> bool:
    """Whether ``rx`` matches ``text`` somewhere that the eight characters before do not
    negate (无需协商, 不需要经过买方同意, 无需另行取得个人同意, 上调无上限 say the opposite of a
    limit or of consent). One reader for every check that takes a party's consent or a
    stated limit as what makes a clause lawful."""
    return any(not _NEGATED_BEFORE.search(text[max(0, m.start() - 8): m.start()])
               for m in re.finditer(rx, text))


_C_PRICE_LAWFUL = re.compile(r"协商一致|双方协商|书面同意|双方(?:书面)?确认|经双方|政府(?:指导价|定价)|调价公式|幅度不(?:超过|得超过|高于)|不超过[^。；]{0,8}[%％]|(?<!上)涨幅|公式|指数|上限")
_C_TIME_BY_ONE = re.compile(rf"(?:交货|交付|发货|送货|供货|送达|到达|运抵|履行|完成|开工|进场|提供服务|施工)[^。；]{{0,12}}(?:时间|日期|期限|时限|工期)[^。；]{{0,10}}(?:以|按|由|依|根据)(?P<p>{_C_PARTY})[^。；，]{{0,8}}(?:的)?(?:通知|安排|调度|确定|决定|指定|计划|排期|生产计划|安排情况)(?:为准|确定|而定|执行|决定)?"
                            # a term-sheet cell: 交货期：卖方另行通知
                            rf"|(?:交货|交付|发货|供货|完工|竣工)(?:期|时间|日期)\s*[：:|｜]\s*(?P<q>{_C_PARTY})[^。；，]{{0,4}}(?:另行通知|通知|确定|安排|决定|另定)"
                            # the party first: 卖方将根据生产安排另行通知买方具体交货时间
                            rf"|(?P<r>{_C_PARTY})[^。；，]{{0,12}}(?:另行|届时|随后|适时)(?:通知|告知|确定|决定|安排)[^。；，]{{0,8}}(?:具体)?(?:交货|交付|发货|送货|供货|到货)(?:的)?(?:时间|日期|期限)")
# when the inspection or acceptance takes place, left to one side: 试模验收的具体时间由甲方根据其进度另行安排
_C_ACCEPT_TIME_BY_ONE = re.compile(rf"(?:验收|检验|试模|测试|初验|终验|验货)[^。；]{{0,8}}(?:的)?(?:具体)?(?:时间|日期|期限|安排)[^。；]{{0,8}}(?:由|以|按|根据)(?P<p>{_C_PARTY})[^。；，]{{0,14}}(?:另行)?(?:安排|确定|决定|通知|而定)"
                                   rf"|(?P<q>{_C_PARTY})[^。；，]{{0,12}}(?:另行|届时|适时)(?:安排|确定|决定|通知)[^。；，]{{0,8}}(?:验收|检验|试模|测试|初验|终验)(?:的)?(?:时间|日期)")
_C_TIME_LAWFUL = re.compile(r"(?<!不设)(?<!没有)(?<!无)最迟|不(?:得)?晚于|不超过|最长|[\d一二三四五六七八九十两]+\s*(?:个工作日|日|天|小时|周|个月)内|之日起[^。；]{0,6}(?:日|天)内|前(?:完成|交付|交货|送达)")


# the contract ends on one party's own decision, written as a condition: 甲方管理层决定不再继续
#本项目的，本合同即告终止 / 如采购方选择取消该项目，本协议自动终止
_C_OWN_DECISION_ENDS = re.compile(
    rf"(?P<p>{_C_PARTY})[^，。；]{{0,10}}?(?:决定|决策|选择|认为|要求|提出|通知)[^，。；]{{0,12}}?(?:不再|停止|终止|取消|放弃|中止|不继续|暂停|撤销|撤回)"
    r"[^，。；]{0,16}(?:的|时|后)?[，,]\s*(?:则)?(?:本|该|双方)?(?:合同|协议|合作|委托|订单)[^，。；]{0,6}?(?:即告|即行|自动|当然|随即|即|立即|自行)?(?:终止|解除|失效)")


def discretionary_term(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A core term left to one party's discretion: a right held by one party only, with no
    ground or an open ground (随时, 根据需要, 视情况, 无需理由).

    ``params["object"]`` selects the term:

    * ``termination`` — ``甲方有权随时解除本合同`` / ``委托方可根据业务调整终止合作``
      (民法典第五百六十三条: termination needs a statutory or agreed ground; 第四百九十七条:
      a standard term excluding the other's main rights is void). Mutual rights (双方/任何一方)
      and grounds (违约, 不可抗力, 情形之一) do not count. Where the law itself gives an at-will
      right (委托合同 第九百三十三条, 定作人 第七百八十七条) the clause is flagged only when it
      also excludes the compensation the law keeps (``且无需承担任何赔偿``, ``乙方不得就预期收益主张
      任何赔偿``); paying for the work done (``并按乙方已完成的工作量支付相应费用``) is that
      compensation. In a 劳务派遣协议 the user unit's exit from the agreement itself (``解除本协议``)
      is read as a commercial termination; a labour contract's is left to the labour checks. The same right
      written as a condition — the contract ends when one party decides to stop
      (``甲方管理层决定不再继续本项目的，本合同即告终止``) — is read the same way.
    * ``price`` — ``乙方有权根据原材料行情调整单价`` / ``价格以卖方届时报价为准`` (民法典第五百四十三条:
      a change needs agreement; 第五百一十条/五百一十一条: a price not agreed). A formula,
      a cap, mutual confirmation or 政府指导价 is lawful.
    * ``delivery_time`` — ``具体交货时间以卖方通知为准`` with no outer limit (民法典第五百一十条、
      第五百一十一条第四项: the period is not agreed; the other party cannot tell when the
      performer is late).
    """
    obj = params.get("object", "termination")
    # a dispatch agreement is a contract between two companies: the user unit's exit from the agreement
    # itself (解除本协议) is a commercial termination; the dispatched worker's labour contract is not
    b2b_exit = ctx.contract_type == "劳务派遣协议" and re.search(r"(?:解除|终止)(?:本|该)?(?:劳务派遣)?协议", clause.text) \
        and not re.search(r"(?:解除|终止)[^。；，]{0,6}劳动合同", clause.text)
    if obj == "termination" and not b2b_exit and (ctx.contract_type in ("劳动合同", "保密协议", "竞业限制协议", "劳务派遣协议")
                                                  or _C_LABOUR.search(clause.text)
                                                  or re.search(r"竞业", clause.text)):
        return []  # employment termination: the labour checks (劳动合同法第三十九条 ff.)
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        if obj == "termination":
            cond = _C_OWN_DECISION_ENDS.search(flat)
            if cond and not _C_MUTUAL.search(cond.group(0)) and not re.search(
                    r"违约|不可抗力|政府|政策|法律|破产|审批未|未获批|未通过|第三方|情形之一", cond.group(0)):
                statutory = re.search(r"委托人|受托人|定作人|委托方|受托方|定作方", cond.group("p")) or ctx.contract_type == "委托合同"
                if not statutory or _C_NOCOMP.search(flat) or re.search(r"自行(?:承担|消化|负担)", flat[cond.end():]):
                    return [Hit(evidence=flat.strip(), sentence=flat, severity=Severity.high)]
            if re.search(r"[：:︰]\s*$", flat) and (not re.search(_C_OPEN_GROUND, flat) or re.search(r"(?:情形|情况|事由|条件)(?:如下|包括)", flat)):
                continue  # 甲方可以解除本合同：(一)… — the grounds follow in the list
            for m in _C_TERMINATE.finditer(flat):
                if re.search(r"(?:不得|不能|无权|不可)[^，。；]{0,10}$|(?:不得|不能|无权|不可)以[^，。；]{0,6}为由[^，。；]{0,10}$", flat[:m.start()]):
                    continue  # a bar on ending it (不得以此为由拒绝采购或要求解除合同), not a right to
                holder = _c_holder(flat, m.start())
                if holder is None or _C_MUTUAL.search(holder.group(0)) or re.search(r"双方均?可|任何一方", flat):
                    continue
                open_ground = re.search(_C_OPEN_GROUND, flat[max(0, holder.start() - 20): m.end() + 6])
                nocomp = _C_NOCOMP.search(flat[m.start():])
                if nocomp and re.search(r"(?:支付|赔偿|给予)[^。；]{0,24}(?:补偿|赔偿|违约金|租金|费用)[^。；]{0,4}[，,]?\s*(?:除此之外|除此以外|此外|除[^。；，]{1,12}(?:之外|以外|外))[^。；，]{0,2}$",
                                       flat[m.start(): m.start() + nocomp.start()]):
                    nocomp = None  # 并支付一个月租金的补偿，除此之外不承担其他违约责任: the compensation is paid, nothing beyond it
                # …or an event outside the holder's will: a loan, licence or approval refused (贷款申请未获批准的)
                # (…or the other side's change the holder does not accept: 乙方不接受调价的，可…解除本合同)
                ground = re.search(r"违约|不可抗力|情形之一|下列情形|以下情形|逾期|拖欠|欠付|未(?:按|能|履行|经)|擅自|转租|经催告|严重|破产|丧失|被吊销|"
                                   r"不(?:接受|同意|认可)[^。；，]{0,12}(?:调价|调整|变更|修改|涨价|价格)|"
                                   r"未获(?:得)?[^。；，]{0,10}(?:批准|审批|核准|同意|许可)|未通过[^。；，]{0,6}(?:审批|审核|核准|验收)|(?:审批|审核|申请)[^。；，]{0,6}(?:被拒|未通过|不予)", flat[:m.end()])
                statutory = re.search(r"委托人|受托人|定作人|委托方|受托方|定作方", holder.group("p")) or (
                    ctx.contract_type == "委托合同" and re.search(r"委托", holder.group("p")))
                # a ground listed beside one the holder alone judges (出现下列情形，或者买方认为有必要的) is no limit
                subjective = re.search(r"认为(?:必要|需要|合适|有必要)|自行决定|酌情|(?:根据|视)(?:其|自身|本方)?的?(?:经营|业务|实际)?需要", flat[:m.end()])
                if ground and not subjective and not re.search(r"(?:无需|无须|不需要?|不必)(?:说明|提供|给出|任何)*(?:理由|原因)|任何理由", flat):
                    continue  # a ground is given; 随时 then only says when
                if ctx.contract_type == "房屋租赁合同" and re.search(r"出售|出卖|转让|过户|变卖", flat[holder.start(): m.start()]):
                    continue  # a lease ended by the sale of the premises: lease.sale_ends_lease (民法典第七百二十五条) judges it
                if statutory and not nocomp:
                    continue
                # the holder pays for what was done or the other's loss, written as a duty (应赔偿…损失) or as
                # part of the right (…解除本合同，并按乙方已完成的工作量支付相应费用): 民法典第九百三十三条、第七百八十七条
                comp = None if nocomp else re.search(
                    r"(?:但|并|且)?(?:应|须|需)(?:当)?[^。；]{0,8}(?:赔偿|补偿|支付|结清|承担)[^。；]{0,20}(?:损失|费用?|价款|报酬|工程款|款项)"
                    r"|(?:并|且|同时)(?:按|根据|依|依照|按照)[^。；]{0,20}(?:已完成|已履行|已提供|实际完成|实际发生)[^。；]{0,12}(?:支付|结清|结算|赔偿|补偿)[^。；]{0,8}(?:费用|价款|报酬|款项|损失)"
                    # …解除本合同，并支付相当于一个月租金的补偿
                    r"|(?:并|且|同时)(?:应|须)?(?:向[^。；，]{0,8})?(?:支付|赔偿|给予)[^。；]{0,20}(?:补偿|赔偿|违约金|损失)",
                    flat[m.end():])
                payer = re.findall(_C_PARTY, flat[m.end(): m.end() + comp.start()]) if comp else []
                if comp and not (payer and payer[-1] != holder.group("p") and not re.search(r"对方|另一方", payer[-1])):
                    continue  # at-will but the other party's loss is made good: lawful (not when it is the other party who pays)
                if not open_ground and not nocomp:
                    continue
                sev = Severity.high if open_ground else Severity.medium
                return [Hit(evidence=flat.strip(), sentence=flat, severity=sev)]
        elif obj == "price":
            # the price agreed replaced by the seller's own list price at a later date (按入住当日的挂牌价格补足差额)
            later = re.search(r"(?:按|依|以)(?:照)?[^。；，]{0,12}(?:当日|届时|当时|彼时|实际[^。；，]{0,8}时|入住时|使用时|提货时|发货时|交付时|"
                              r"(?:续期|续订|续费|续约|延续期|新一期)(?:开始|起始|生效)?时)的?[^。；，]{0,10}"
                              r"(?:挂牌|公布|公示|标价|门市|牌价|执行|最新)(?:的)?(?:标准)?(?:价格|价|标准)", flat)
            # (or deducted for a renewal the customer's silence triggers: 按届时的门市标准价格扣划续期费用)
            if later and re.search(r"补足|补交|补缴|补齐|补差|差额|高于|上涨|上调|扣划|扣款|划扣|扣除|自动续|续期费|续费|自动延续|延续期|续约|续期", flat) and not re.search(r"较低|低者|孰低|不(?:得)?高于", flat):
                return [Hit(evidence=flat.strip(), sentence=flat)]
            one = _C_PRICE_OF_ONE.search(flat)
            if one and not _C_MUTUAL.search(one.group(0)) and _C_FALLBACK_TO_ONE.search(flat[:one.start()]):
                return [Hit(evidence=flat.strip(), sentence=flat)]
            # the payer bound to pay whatever the other side's notice names (乙方同意按照甲方届时书面通知的新标准缴纳)
            by_notice = re.search(rf"(?:按照?|依照?|以)(?P<p>{_C_PARTY})(?:届时|另行|随时|不时)?(?:的)?(?:书面)?(?:通知|公布|公告|发布|确定|调整)的?"
                                  r"(?:新|最新|调整后)?(?:的)?(?:收费)?(?:标准|价格|费率|单价|价款)(?:缴纳|支付|计收|执行|结算|计费|交纳|收取)", flat)
            payer = re.findall(_C_PARTY, flat[max(0, by_notice.start() - 10): by_notice.start()]) if by_notice else []
            if by_notice and payer and payer[-1] != by_notice["p"] and not re.search(r"协商|双方|经[^。；，]{0,6}同意|政府|物价|指导价", flat):
                return [Hit(evidence=flat.strip(), sentence=flat)]
            # the fee named first as the sentence's topic, then one party's right to change it, binding on its own notice
            # or on a ground it alone judges (服务费比例、计费规则…，甲方可根据市场情况及运营需要进行调整，调整后的规则公告后即生效)
            topic = re.match(r"[^，。；]{0,30}(?:费率|费用|价格|单价|收费标准|计费规则|服务费|佣金|比例|租金)[^，。；]{0,20}[，,]", flat)
            right = re.search(rf"(?P<p>{_C_PARTY})[^。；，]{{0,4}}(?:可|可以|有权)[^。；]{{0,24}}?(?:进行)?(?:调整|变更|修改|修订|上调)", flat[topic.end():]) if topic else None
            if right and not _C_MUTUAL.search(right.group(0)) and not re.search(r"协商|经[^。；，]{0,6}同意|书面确认", flat) and (
                    _C_CHANGE_BINDS.search(flat, topic.end() + right.end()) or _C_MARKET_GROUND.search(flat)
                    or re.search(rf"{_C_OPEN_GROUND}|(?:经营|运营|业务|管理)需要", flat[topic.end():topic.end() + right.end()])):
                return [Hit(evidence=flat.strip(), sentence=flat)]
            if affirmed(_C_PRICE_LAWFUL, flat):
                continue
            # (a fuel's retail price is a market index, not the reseller's own price: 柴油零售价格较签约时变动超过5%)
            if re.search(r"转售价格|(?<![油气])(?:建议)?零售价|对外销售价格|终端(?:销售)?价格|(?:转售|销售|卖)给(?:下游|终端|第三方)[^。；，]{0,6}的?价格", flat) or (
                    ctx.contract_type in ("劳动合同", "劳务派遣协议") and re.search(r"劳动报酬|工资|薪酬|薪资|奖金|福利|提成", flat)):
                continue  # the reseller's own price to its customers is not this contract's price; pay is for the labour checks
            if re.search(r"(?:变卖|拍卖|折价|处置|处分)[^，。；]{0,8}(?:价格|价款|金额|所得)|(?:价格|价款)[^，。；]{0,4}(?:自行)?(?:变卖|拍卖|折价|处置|处分)|(?:留置|质押|抵押)(?:物|财产)", flat):
                continue  # disposing of collateral or retained goods is not the contract price (民法典第四百一十条、第四百三十六条、第四百五十三条 judge it)
            if affirmed(_C_NEEDS_CONSENT, flat):
                continue  # a proposal the other side must accept is not a unilateral change
            if re.search(r"税率|税收政策|税法", flat) and not re.search(r"原材料|市场|成本|行情|经营|需要", flat):
                continue  # a tax rate the state changes moves the tax, not either side's price
            # every change the sentence names, not only the first (LPR调整，…出租人有权相应调整租赁利率及剩余各期租金:
            # the market rate changing has no holder, the lessor's adjustment has)
            for m in _C_PRICE_CHANGE.finditer(flat):
                holder = _c_holder(flat, m.start())
                if holder is not None and not _C_MUTUAL.search(holder.group(0)) and not re.search(
                        r"不予|不得|不再|无权|不作", flat[holder.start(): m.start()]) and (re.search(
                        rf"{_C_OPEN_GROUND}|单方面?|自行|(?:根据|依据|视|按照)[^。；，]{{0,10}}(?:行情|成本|市场|原材料|价格波动|汇率|通胀)",
                        flat[holder.start(): m.end() + 10]) or _C_MARKET_GROUND.search(flat[:m.start()])
                        or _C_OWN_ASSESSMENT.search(flat[holder.start(): m.start()]) or _C_ADJUST_BY_NOTICE.search(flat[m.start():])
                        # the change binds on the changer's own notice (调整通知以短信发送甲方联系人后即生效)
                        or _C_CHANGE_BINDS.search(flat, m.end())):
                    return [Hit(evidence=flat.strip(), sentence=flat)]
            # the right to adjust with the price named further on (调整附件一所列各项费用标准), read as one
            # party's when that party holds it and either an open or a market ground is given, or the
            # adjusted price applies from its notice
            for m in _C_ADJUST_PRICE_LATE.finditer(flat):
                holder = _c_holder(flat, m.start())
                if holder is None or _C_MUTUAL.search(holder.group(0)) or re.search(
                        r"不予|不得|不再|无权|不作|税", flat[holder.start(): m.end()]):
                    continue
                if (_C_ADJUST_BY_NOTICE.search(flat[m.start():]) or _C_MARKET_GROUND.search(flat[holder.start(): m.start()])
                        or _C_OWN_ASSESSMENT.search(flat[holder.start(): m.start()])
                        or re.search(_C_OPEN_GROUND, flat[holder.start(): m.start()])):
                    return [Hit(evidence=flat.strip(), sentence=flat)]
            # a change stated as a condition and made binding by the changer's own notice or posting
            # (乙方调整运费价格的，在乙方后台发布公告后即对甲方生效，无需甲方另行确认): no right is named, but the
            # change needs nothing from the other side (民法典第五百四十三条)
            cond = _C_PRICE_CHANGE_IF.search(flat)
            if cond and not _C_MUTUAL.search(cond["p"]) and _C_CHANGE_BINDS.search(flat, cond.end()):
                return [Hit(evidence=flat.strip(), sentence=flat)]
            bare = _C_PRICE_BARE.search(flat)
            if bare and not re.search(r"(?:根据|按照|依据|依照|参照|如|若|遇)[^，。；]{0,16}(?:约定|公式|指数|附件|标准|政府|国家|规定|法律)", flat):
                holder = _c_holder(flat, bare.end() - 1)
                if holder is not None and not _C_MUTUAL.search(holder.group(0)):
                    return [Hit(evidence=flat.strip(), sentence=flat)]
            own = _C_PRICE_OWN_SCHEDULE.search(flat)
            if own and not _C_MUTUAL.search(own.group(0)) and not re.search(r"附件|附表|所列|本合同|本协议|约定的|签订时|双方确认", flat) \
                    and not re.search(r"物业|政府|供电|供水|供气|燃气|电力|自来水|第三方|有关部门|物价|主管部门", own.group(0)) \
                    and not _per_doc(ctx, "schedule_attached", lambda: bool(re.search(
                        r"(?:收费标准|价目表|报价)[^。；]{0,8}(?:见|详见|列于|如|载于)[^。；]{0,4}附|附件[一二三四五六七八九十\d]*[^。；\n]{0,8}(?:收费标准|价目表|报价单)", ctx.text))):
                return [Hit(evidence=flat.strip(), sentence=flat)]
            m = (_C_PRICE_BY_ONE.search(flat) or _C_PRICE_LIST_BY_ONE.search(flat) or _C_PRICE_SET_BY.search(flat) or _C_PRICE_OWN_RATES.search(flat)
                 or _C_PRICE_OF_ONE.search(flat) or _C_PRICE_PUBLISHED_BY_ONE.search(flat) or _C_PRICE_PAGE_AT_CHARGE.search(flat)
                 or _C_PRICE_ELIDED.search(flat))
            if m and not _C_MUTUAL.search(m.group(0)):
                return [Hit(evidence=flat.strip(), sentence=flat)]
        elif obj == "acceptance_time":
            m = _C_ACCEPT_TIME_BY_ONE.search(flat)
            if m and not _C_MUTUAL.search(m.group(0)) and not _C_TIME_LAWFUL.search(flat):
                return [Hit(evidence=flat.strip(), sentence=flat)]
        elif obj == "delivery_time":
            m = _C_TIME_BY_ONE.search(flat)
            # the start of works fixed by the employer's start notice against a planned start date the contract
            # states is how construction contracts are drafted (建设工程施工合同解释（一）第八条: the notice's date)
            if m and re.search(r"开工(?:日期|时间|日)[^。；，]{0,4}以[^。；，]{0,12}开工(?:通知|令|报告)", flat) \
                    and re.search(r"计划开工(?:日期|时间)|开工日期[：:为]?\s*\d{4}\s*年", ctx.text or ""):
                continue
            if m and not _C_MUTUAL.search(m.group(0)) and not _C_TIME_LAWFUL.search(flat):
                return [Hit(evidence=flat.strip(), sentence=flat)]
    return []


_C_PAY = re.compile(r"付款|支付|付清|结清|结算|拨付|发放|放款|付(?:给|至)|(?:再|才|后|就)付|支付[^。；]{0,6}(?:款|费|价款|报酬)|付[^。；]{0,4}款")
_C_PAYER_JUDGEMENT = re.compile(
    # the time left to the party who holds the money: 风险准备金的返还时间由乙方根据退件情况确定
    r"(?:返还|退还|支付|付款|结算|划付|释放|解冻)(?:的)?(?:时间|期限|日期|时点)[^。；，]{0,4}由[^。；，]{0,12}?(?:根据|视|按照?|结合)?[^。；，]{0,12}(?:自行)?(?:确定|决定|安排)"
    r"|"
    r"(?:根据|视|依据|按照|结合|依)(?:其|自身|本身|自己|甲方|乙方|买方|发包人|公司|本公司)?的?(?:资金|财务|经营|预算|现金流|回款|资金计划)(?:情况|状况|安排|计划|能力|进度)?"
    r"|(?:根据|视|依据|按照|结合|依)[^，。；]{0,6}(?:资金|财务|预算|现金流|回款)[^，。；]{0,4}(?:情况|状况|安排|计划|到位|能力)"
    r"|(?:根据|视|依据|按照|结合|依)[^，。；]{0,10}(?:审批|决策)[^，。；]{0,4}(?:进度|情况|安排|流程|结果)"
    r"|(?:资金|财务|预算)(?:情况|状况)?[^。；，]{0,4}(?:允许|宽裕|许可|到位|充裕|落实|周转开)(?:了|时|后|的情况下|前提下)"
    r"|(?:内部|财务|公司|领导|集团)[^。；，]{0,4}(?:审批|审核|批准|决策)(?:流程|程序|手续)?(?:全部|均|已经?)?(?:确认)?(?:完成|通过|完毕|同意|办结|无误)?(?:后|之后|为准|的前提下|前提下)"
    # the payer's own approval time stops the clock: 审批期间不计入付款期限
    r"|(?:审批|审核|流转|报批)(?:所需|所用|占用)?(?:的)?(?:期间|时间|周期)[^。；，]{0,4}(?:不计入|不计算在|不包括在|不算入)"
    # the payer's own budget or funding step as the trigger: 在其年度预算批复后安排支付
    r"|(?:其|自身|甲方|买方|发包人|公司)?(?:的)?(?:年度|项目|专项)?(?:预算|资金|拨款|经费)[^。；，]{0,4}(?:批复|下达|审批|批准|到位|落实|拨付)(?:后|之后|以后|时)"
    # the payer's own takings or funding named as the condition of paying, or the payment put off until they arrive:
    # 以发包人取得相应楼栋预售回款为前提条件; 回款不足时付款顺延至回款到账之日
    r"|以[^。；，]{0,24}(?:回款|销售款|预售款|售房款|销售收入|融资款?|贷款|资金|拨款|经费)[^。；，]{0,6}(?:到账|到位|落实|回笼)?为(?:前提|条件|先决条件)"
    r"|(?:顺延|推迟|延后|延至|顺延至|推迟至)[^。；，]{0,8}(?:回款|资金|销售款|融资款|贷款|拨款|经费)[^。；，]{0,4}(?:到账|到位|落实|回笼)"
    # the payer's own financing as the trigger: 发包人取得项目开发贷款最后一期放款后三十日内支付
    r"|(?:取得|获得|收到|完成)[^。；，]{0,12}(?:贷款|融资|借款)[^。；，]{0,8}(?:放款|发放|到账|到位)?(?:后|之后|以后|时)"
    r"|(?:认为|确认)(?:满意|合适|可以)(?:后|时|的)"
    # a volume the payer alone produces or uses (模具累计生产合格品达到三十万模次后): it may never come
    rf"|(?:累计)?(?:生产|使用|运行|销售|产出)[^。；，]{{0,14}}(?:达到|满)[^。；，]{{0,6}}?(?:{_NUM})\s*(?:万)?\s*(?:次|件|台|模次|小时|套|吨)[^。；，]{{0,4}}(?:后|之后|时)"
    r"|(?:认为|判断|确认)[^。；，]{0,12}(?:良好|满意|合适|正常|稳定|无问题)(?:后|时|之后)"
    r"|(?:有权)?(?:视情况|酌情|自行决定|根据需要)(?:暂缓|延期|推迟|分期|决定)?(?:支付|付款)"
    # the payer's own approval or conclusion decides: 是否放款以甲方内部审批结论为准
    r"|内部[^。；，]{0,4}(?:审批|审核|评审|决策)(?:结论|结果|意见)为准"
    # the payer fixes the time of payment: 由乙方根据市场反馈和发行情况决定支付时间
    r"|由(?!双方|各方)[^。；，]{1,6}(?:根据|视|依据|结合)?[^。；]{0,20}(?:决定|确定|安排|自行确定|自主决定)[^。；，]{0,2}(?:支付|付款|结算|发放|放款)(?:的)?(?:时间|日期|期限|时点|节点)"
    r"|(?:支付|付款|结算|发放|放款)(?:的)?(?:具体)?(?:时间|日期|期限|时点)[^。；，]{0,4}由(?!双方|各方)[^。；，]{1,6}(?:根据|视|依据|结合)?[^。；]{0,20}(?:决定|确定|安排|自行确定)")
_C_THIRD = r"(?:(?:最终|终端|下游|上游)(?:用户|客户|业主|经销商|消费者|买家)|最终用户|终端用户|终端客户|建设单位|建设方|开发商|业主|业主方|项目业主|第三方|上游客户|下游客户|其客户|甲方客户|甲方的客户|客户方|用户单位|总包方|总承包人|发包人|发包方|财政|政府|审计部门|审计机关|审计局|财政部门|主管部门|使用单位|招标人|采购人)"
_C_BACK_TO_BACK = re.compile(
    rf"背靠背"
    rf"|(?:收到|取得|获得|收妥|到账|回笼|回收)[^。；，]{{0,14}}{_C_THIRD}[^。；，]{{0,14}}(?:支付|拨付|付|结算|回款|划拨)的?[^。；，]{{0,10}}(?:款|费|资金|价款)"
    # the third party paying first, however far its verb stands (下游客户就该设备所服务项目向甲方结清全部款项后…支付)
    rf"|{_C_THIRD}[^。；，]{{0,20}}?(?:支付|拨付|付清|结清|清偿|付讫|结算|回款|划拨|资金到位|款项到位|审计|审定|审核|评审|决算)[^。；，]{{0,16}}(?:后|之后|以后|为前提|为条件|前提下|为准)[^。；]{{0,30}}(?:支付|付款|拨付|结算|付清)"
    rf"|以[^。；，]{{0,14}}{_C_THIRD}[^。；，]{{0,10}}(?:付款|支付|拨付|回款|资金到位|审计|审定|决算)为(?:前提|条件|依据)"
    # the money received from the third party named without its verb (收到建设方对应工程款之后向分包单位支付)
    rf"|(?:收到|取得|获得|收妥)[^。；，]{{0,4}}{_C_THIRD}[^。；，]{{0,10}}(?:款|费|资金|价款)[^。；，]{{0,4}}(?:后|之后|以后)[^。；]{{0,30}}(?:支付|付款|拨付|结算|付清)"
    # the third party's payment named as the condition of the payment: 支付分包工程款的前提条件如下：（1）业主已向甲方支付相应工程款
    rf"|(?:支付|付款|拨付|结算)[^。；]{{0,16}}(?:前提|先决条件|条件)[^。；，]{{0,10}}?{_C_THIRD}[^。；，]{{0,8}}(?:已|已经)?(?:向[^。；，]{{0,6}})?(?:支付|拨付|付款|付清|回款)"
    # plain drafting: 业主付到总包后再付 / 业主付多少按比例给
    rf"|{_C_THIRD}[^。；，]{{0,4}}付(?:到|至|给|款|清)[^。；，]{{0,8}}后[^。；，]{{0,4}}(?:再|才|方)(?:付|给|支付)"
    rf"|(?:待|在|于|按)[^。；，]{{0,8}}{_C_THIRD}[^。；，]{{0,10}}(?:支付|拨付|付款|回款|到位|审计|审定|决算)[^。；]{{0,20}}(?:后|比例|进度)[^。；]{{0,20}}(?:支付|付款|拨付)"
    # the payer's own resale and collection as the condition: 余款在甲方将该批产品实现终端销售并收回货款后支付
    rf"|(?:实现|完成)?(?:终端|对外|最终)?(?:销售|转售|售出|卖出)[^。；，]{{0,20}}?(?:并|且|后)?(?:实际)?(?:收回|收到|回笼|回收|收齐)[^。；，]{{0,6}}(?:货款|款项|资金|销售款|价款|回款)[^。；，]{{0,4}}(?:后|之后|时)[^。；，]{{0,20}}(?:支付|付款|结算|付清)"
    # …or the payer's resale itself, for goods or work already delivered: 未售出部分的加工费待售出后再行结算 /
    # 加工费按甲方实际售出的数量结算 (the payer's buyers decide whether the payee is ever paid)
    rf"|未(?:售出|销售|卖出|出售)(?:部分|的)?[^。；，]{{0,12}}(?:待|于|在)[^。；，]{{0,4}}(?:售出|销售|卖出|出售)(?:后|之后)[^。；，]{{0,6}}(?:结算|支付|付款|付清)"
    rf"|(?:加工费|货款|价款|报酬|承揽费|定作费)[^。；]{{0,12}}(?:按|以|根据)[^。；，]{{0,14}}(?:实际)?(?:售出|卖出|出售|对外销售)的?(?:数量|件数|金额)[^。；，]{{0,4}}(?:结算|支付|计付|计算)")
# the payer's own receipt of money from a third party, read as a condition (…后/为前提/时):
# 待总承包人从建设单位实际收到对应款项后七日内支付 / 以总包方收到建设单位相应拨款为前提
_C_RECEIPT_FROM_THIRD = re.compile(
    rf"(?:(?:从|自|由|向)?{_C_THIRD}[^，。；]{{0,4}}(?:处)?[^，。；]{{0,6}}?(?:实际)?(?:收到|收回|回收|收讫|取得|获得|收妥|到账|拨付|拨款|付款|回款|支付)"
    rf"|(?:收到|取得|获得|收妥|到账|回笼|回收)[^，。；]{{0,14}}?{_C_THIRD}"
    rf"|(?:收到|收回|取得|获得|收讫)(?!{_PARTY_ANY})[\u4e00-\u9fff]{{2,8}}?(?:支付|拨付|划拨|发放)?的)[^，。；]{{0,12}}?(?:款|资金|费)[^，。；]{{0,6}}?(?:后|之后|以后|为前提|为条件|前提下|时)")
_C_PAY_FALLBACK = re.compile(r"最迟|不晚于|不影响[^。；]{0,12}(?:付款|支付)|无论[^。；]{0,16}(?:是否|与否)|不论[^。；]{0,16}(?:是否|与否)|不以[^。；]{0,20}为(?:前提|条件)|不受[^。；]{0,20}影响|最长不超过"
                            # a fixed period after an event neither side controls alone: 甲方收到发票后10个工作日内付款
                            r"|(?:(?:收到|收讫|取得)[^。；，]{0,10}发票|验收合格|到货|交货|签收)[^。；，]{0,6}(?:后|之日起|起)\s*(?:\d{1,3}|[一二两三四五六七八九十]{1,3})\s*(?:个)?(?:工作日|自然日|日|天)(?:内|之内|以内)[^。；，]{0,6}(?:付款|支付|付清|结清)")


def payment_time_indeterminate(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A payment whose time depends on the payer's own judgement or on a third party.

    ``params["source"]``: ``payer`` — 根据甲方资金情况支付 / 内部审批通过后付款 / 甲方有权视情况暂缓支付;
    ``third_party`` — 收到业主拨付的工程款后支付 / 以最终用户回款为前提 / 以政府审计结果为准后支付
    (a 背靠背 term). Either way the payment period is not agreed, so the payee cannot tell
    when the payer is late (民法典第五百一十条、第五百一十一条第四项); a condition the payer
    controls may be treated as fulfilled when the payer obstructs it (民法典第一百五十九条).
    A definite outer limit (最迟…日内, 无论…是否…均应支付, 不以…为前提) is lawful.
    """
    source = params.get("source", "payer")
    rx = _C_PAYER_JUDGEMENT if source == "payer" else _C_BACK_TO_BACK
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        # the return of retained money is a payment to the payee too: 质保金的退还时间根据甲方资金计划安排
        paid = _C_PAY.search(flat) or re.search(r"(?:质保金|质量保证金|保修金|保证金|尾款|准备金|押金|暂扣款|预留款|扣留款)[^。；]{0,10}(?:退还|返还)", flat)
        if not paid or _C_PAY_FALLBACK.search(flat):
            continue
        if source == "payer" and re.search(r"奖金|年终奖|绩效奖|分红|奖励", flat):
            continue  # a bonus is the payer's to assess under its published rules, not a price with an agreed due date
        m = rx.search(flat) or (_C_RECEIPT_FROM_THIRD.search(flat) if source == "third_party" else None)
        if m is None:
            continue
        # the judgement governs another act (根据自身经营需要随时书面通知乙方解除本协议): what it decides is the
        # termination, not when money is paid
        if source == "payer" and re.search(r"^[^。；，]{0,4}[，,]?[^。；，]{0,16}?(?:解除|终止|退回|辞退|调岗|调整(?:岗位|工作)|变更|暂停(?:合作|履行|供货)|下达订单|确定(?:采购)?数量|开票|开具发票)", flat[m.end():]) \
                and not re.search(r"^[^。；，]{0,4}[，,]?[^。；，]{0,16}?(?:支付|付款|结算|拨付|付清)", flat[m.end():]):
            continue
        if source == "third_party" and ctx.contract_type in ("建设工程施工合同", "装饰装修合同") and re.search(r"发包人|发包方", m.group(0)) \
                and not re.search(r"分包|总包|承包人在收到|收到发包", flat):
            continue  # the employer paying the main contractor is not a third party
        return [Hit(evidence=flat.strip(), sentence=flat)]
    return []


_C_DEEMED = re.compile(r"(?<!不)(?:视为|视作|视同|即为|推定为?|认定为|即表示|表示|代表|意味着|等同于|即证明|即构成|构成)[^。；，]{0,28}(?:验收合格|验收通过|通过(?:最终|竣工|整体|全部|初步)?验收|已验收|已经验收|质量合格|合格|认可|无[^。；，]{0,4}异议|符合(?:约定|合同|要求)|接受|确认|(?<!包装)(?<!外观)完好|(?<!包装)无损)")
_C_SIGN_TRIGGER = re.compile(r"签收|签字|签章|收货|收到货物|收到(?:标的物|设备|产品)|到货|送货单|交接单|收货单|验收单上签|接收")
_C_USE_TRIGGER = re.compile(r"(?:投入|开始|正式)[^。；，]{0,4}(?:使用|运营|运行|生产|营业)|(?:录入|导入|上传|迁移)[^。；，]{0,6}(?:任何|业务|生产|真实)?数据|正式环境|生产环境|生产系统|(?:用于|应用于)[^。；，]{0,8}(?:业务|生产|运营|场景|经营)|投入使用|开始使用|使用的|使用后|已使用|实际使用|上线|试运行|运行|安装(?:调试)?(?:完毕|完成)?后|动用")
_C_PERIOD = re.compile(rf"(?P<n>{_NUM})\s*(?P<u>个工作日|工作日|日|天|小时|个小时|周|个月|月)\s*(?:内|之内|以内)?")


def _c_days(n: float, unit: str) -> float:
    return {"个工作日": n * 1.4, "工作日": n * 1.4, "日": n, "天": n, "小时": n / 24, "个小时": n / 24,
            "周": n * 7, "个月": n * 30, "月": n * 30}[unit]


# receipt ends quality claims without a "deemed" word: 货物一经签收，质量异议不再受理
_C_BARS_QUALITY = re.compile(r"(?:质量|品质)(?:异议|问题|瑕疵|索赔)[^。；]{0,12}(?:不再|不予|概不|一律不)(?:受理|负责|承担|处理|认可|接受)"
                             # the buyer barred from raising any quality objection: 不得再以任何理由就功能或质量提出异议
                             # …or any claim for damage or shortage in transit: 此后不得就货物毁损、短少提出任何索赔 (民法典第八百三十一条)
                             r"|(?:不得|不能|无权|不再)(?:再)?(?:以任何理由)?[^。；]{0,14}(?:质量|功能|性能|品质|毁损|短少|短缺|破损|损坏|灭失|货损|货差)[^。；]{0,8}(?:提出|主张)(?:任何)?(?:异议|索赔|主张|要求|赔偿)"
                             r"|(?:不再|不予|概不)(?:受理|接受)[^。；]{0,6}(?:质量|品质)(?:异议|问题|索赔)"
                             # …with the reach spelled out first: 不得再以任何理由（包括须经实验室检测方可发现的…）向甲方主张质量责任
                             r"|(?:不得|不能|无权|不再)(?:再)?以任何理由[^。；]{0,60}(?:主张|追究|要求)[^。；，]{0,6}(?:质量|品质)(?:责任|异议|问题|赔偿)")


# receipt, signing, pick-up or hand-over, as the event after which quality claims are barred
_C_RECEIPT_EVENT = re.compile(rf"(?:一经|一旦|自|于)?(?:{_C_SIGN_TRIGGER.pattern}|提货|交付)(?:后|之后|即|完成|时)?")


def _signing_bars_quality(flat: str) -> Hit | None:
    """A sentence in which receipt or signing itself cuts off quality objections
    (``一经签收，质量异议不再受理``, ``提货后质量问题概不负责``): by law receipt presumes only
    quantity and appearance were checked (民法典第六百二十三条). A carve-out for latent or
    internal defects, or a period still left for them, makes it lawful."""
    trig = _C_RECEIPT_EVENT.search(flat)
    # an acceptance (初验通过后) barring every later objection "for any reason" takes the claim
    # for hidden defects too (民法典第六百二十一条: a reasonable period, up to two years)
    acc = re.search(r"(?:初验|预验收|验收)(?:通过|合格)(?:后|之后)|通过(?:初验|验收)(?:后|之后)", flat)
    if acc and (trig is None or acc.start() < trig.start()) and re.search(r"任何理由|任何(?:质量|功能)", flat[acc.end():]):
        trig = acc
    if trig is None:
        return None
    m = _C_BARS_QUALITY.search(flat, trig.end())
    if m is None or re.search(r"(?:内在|隐蔽|潜在)[^。；]{0,12}除外|除[^。；]{0,12}(?:内在|隐蔽|潜在)|仅[^。；]{0,6}(?:数量|外观)", flat):
        return None
    if re.search(r"保管不当|使用不当|不当使用|人为|自然磨损|不可抗力|(?:质保|保修|质量保证)期(?:满|届满|外|以外)|超过[^。；]{0,8}期", flat):
        return None  # a cause the seller does not answer for, or the warranty has run out
    if re.search(rf"{_NUM}\s*(?:个工作日|日|天|个月|月)内", flat[trig.end():m.start()]):
        return None  # a period for objections first: the silence/short-period checks judge it
    if trig is acc:
        return Hit(evidence=flat.strip(), sentence=flat, explanation=(
            "约定验收通过后不得以任何理由提出质量异议，连验收时无法发现的隐蔽瑕疵也被排除；依法买受人在发现或应当发现瑕疵后的"
            "合理期限内（最长二年）仍可提出异议（民法典第六百二十一条）。"))
    return Hit(evidence=flat.strip(), sentence=flat)


# a check of the outside only (箱数, 外包装, 铅封, 唛头, 外观) taken as proof of what is inside
_OUTER_CHECK = re.compile(r"外包装|外箱|包装箱|箱数|件数|唛头|铅封|封签|封条|外观|包装完好|包装无")
_INSIDE_DEEMED = re.compile(r"(?:视为|即为|即证明|推定|认定为?|即表明|即代表)[^。；，]{0,20}(?:妥善保管|完整交付|交付完毕|已(?:按约定)?(?:全部)?(?:履行|交付|完成)|"
                            r"(?<!包装)(?<!外观)完好|质量合格|品质合格|合格|符合约定|无(?:质量)?(?:瑕疵|问题|缺陷)|运输完好|完好无损)")
_INSIDE_BARRED = re.compile(r"(?:不得|不再|无权|不能|不予)[^。；]{0,10}(?:箱内|内在|内部|内装|实物|货物本身)?[^。；]{0,8}(?:短少|短缺|变质|漏液|破损|损坏|质量|品质|霉变|数量)")


def _outer_check_conclusive(flat: str) -> Hit | None:
    """A check of the outside of the goods (箱数相符, 外包装完好, 铅封无损) made conclusive of what
    is inside: ``出库时外包装箱数相符且外观无明显破损的，即视为已妥善保管并完整交付`` or the same
    followed by a bar on claims for shortage or spoilage inside. By law such a check presumes
    only quantity and appearance (民法典第六百二十三条); a keeper answers for loss or damage
    from poor storage (第九百一十七条) and a carrier for loss in transit (第八百三十二条) —
    damage inside an intact case is exactly what the check cannot see. A carve-out for what is
    inside (内在质量、隐蔽瑕疵除外; 仅表明数量和外观) makes it lawful."""
    o = _OUTER_CHECK.search(flat)
    if o is None:
        return None
    rest = flat[o.end():]
    if not re.search(r"相符|一致|完好|无误|无(?:明显)?(?:破损|损坏|异常|开启|拆封)|正确|完整", rest[:30]):
        return None
    if re.search(r"仅(?:表明|证明|视为|代表|确认|说明)|只(?:表明|证明|代表|确认)|(?:内在|隐蔽|潜在|箱内|内部)[^。；]{0,14}(?:除外|不在此限|仍(?:可|有权|应)|不受影响)"
                 r"|不(?:视为|代表|等于|意味着|影响)[^。；，]{0,10}(?:质量|品质|内在|妥善)", flat):
        return None
    deemed = _INSIDE_DEEMED.search(rest)
    if deemed and re.search(r"外观|外包装|数量|件数|箱数", deemed.group(0)):
        deemed = None  # 视为外观验收合格: what the check saw, no more
    if deemed or _INSIDE_BARRED.search(rest):
        return Hit(evidence=flat.strip(), sentence=flat, severity=Severity.medium, explanation=(
            "条款以外包装、箱数或外观相符作为货物内在状况良好的结论，并据此排除对箱内短少、变质等的主张；外观检查依法只能推定数量和外观"
            "已经检验（民法典第六百二十三条），外包装完好并不能说明箱内货物完好，保管人因保管不善、承运人因运输造成的损毁仍应赔偿"
            "（第九百一十七条、第八百三十二条）。"))
    return None


def deemed_acceptance(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A deemed acceptance that takes the inspection away.

    ``params["trigger"]``:

    * ``signing`` — signing a delivery note / receipt is itself deemed quality acceptance
      (``买方签收即视为质量合格``). By law a signed delivery note only presumes that quantity
      and appearance were checked (民法典第六百二十三条); the buyer keeps an inspection period
      (第六百二十条、第六百二十一条). ``仅确认数量和外观`` / ``不视为质量验收`` is lawful.
    * ``silence_or_use`` — no objection within a period shorter than ``min_days`` (default 7
      calendar days; working days count 1.4) or mere use/launch is deemed acceptance
      (``三个工作日内未提异议视为验收合格`` / ``甲方使用即视为验收通过``): a period too short to
      inspect counts only for visible defects (民法典第六百二十二条). Use of a building by the
      employer before completion acceptance is a statutory rule (建设工程解释一第十四条) and
      is not flagged.
    """
    trigger = params.get("trigger", "signing")
    min_days = float(params.get("min_days", 7))
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        if trigger == "signing" and (h := _signing_bars_quality(flat) or _outer_check_conclusive(flat)):
            return [h]
        m = _C_DEEMED.search(flat)
        if m is None or re.search(r"不(?:视为|作为|构成|代表|等于|意味着)", flat):
            continue
        # quality claims expressly kept (但不影响甲方此后就质量缺陷依法主张权利): the deemed consent bars no inspection
        if re.search(r"不影响[^。；]{0,16}(?:质量|缺陷|瑕疵)[^。；]{0,12}(?:主张|索赔|权利|要求|异议)", flat[m.start():]):
            continue
        if not re.search(r"验收|检验|质量|品质|终验|初验|完好|无损|货损|损坏|瑕疵", flat) or re.search(r"监理|试车|隐蔽工程|隐蔽部位|中间验收|签证|结算|答复", flat):
            continue  # a procedural approval (监理人认可试车记录, 视为认可结算资料) is not acceptance of goods or work
        if trigger == "signing" and not re.search(r"质量|品质|验收合格|验收通过|通过验收|合格|(?<!包装)(?<!外观)完好|(?<!包装)无损", flat[m.start():]):
            continue
        if trigger == "signing" and re.search(r"(?:外观|外包装|数量|件数|箱数)(?:验收|检验|查验)?(?:合格|通过|无误|相符)", m.group(0)) \
                and not re.search(r"质量|品质|内在", flat[m.start():]):
            continue  # 视为外观验收合格: the receipt stands for what it saw (民法典第六百二十三条), no more
        before = flat[:m.start()]
        if trigger == "signing":
            handed_over = re.search(r"交付(?:完成|即|时|之时)", before) and not re.search(r"检验|验收|测试|检测", before)
            if not (_C_SIGN_TRIGGER.search(before) or handed_over) or re.search(r"仅|只(?:表明|确认|代表)|数量(?:和|及|、)外观|外观(?:和|及|、)数量", flat):
                continue
            if re.search(rf"{_NUM}\s*(?:个工作日|工作日|日|天|个月|小时|个小时)(?:内|之内|以内)?", before):
                continue  # a period before the deemed acceptance: judged by silence_or_use and the objection-period check
            return [Hit(evidence=flat.strip(), sentence=flat)]
        else:
            if re.search(r"擅自使用|提前使用|入住|未经(?:竣工)?验收[^。；]{0,10}(?:使用|入住)|竣工验收前", flat):
                # use of works before completion acceptance: 建设工程解释一第十四条 bars claims on the part used only;
                # moving in deemed acceptance of the whole works and a waiver of every quality claim goes beyond it
                if re.search(r"(?:整体|全部|整个)[^。；，]{0,6}(?:验收合格|合格|验收通过)", flat) and re.search(
                        r"(?:不得|不再|无权)[^。；，]{0,10}(?:任何|全部|一切)[^。；，]{0,8}异议|(?:任何|全部|一切)[^。；，]{0,6}(?:质量)?(?:异议|索赔)[^。；，]{0,6}(?:不予|均不)", flat):
                    return [Hit(evidence=flat.strip(), sentence=flat, explanation=(
                        "条款约定竣工验收前入住、搬入或使用任何部位即视为整体验收合格，并排除对工程质量的一切异议；依法提前使用的，"
                        "发包人（定作人）只是不能就使用部分的质量不符合约定主张权利（建设工程施工合同解释（一）第十四条），"
                        "未使用部分和保修期内的质量问题仍可主张修理、重作、减少报酬或赔偿（民法典第七百八十一条），格式条款排除该权利的可能无效（第四百九十七条）。"))]
                continue
            if re.search(r"(?:收到|接到|送达)[^。；，]{0,8}(?:提示|催告|催促|催验)|(?:提示|催告|催促)[^。；，]{0,12}(?:后|之日起)", before):
                continue  # silence after the performer's reminder, once the inspection period has run: the acceptor was warned
            if re.search(r"(?:到达|到货|送达|交付|交货|收货|收到)[^。；，]{0,8}(?:当日|当天|当场|即时)[^。；]{0,16}未[^。；，]{0,6}(?:提出|书面|异议)", before) \
                    and re.search(r"质量|内在|品质|规格", flat[m.start():]):
                return [Hit(evidence=flat.strip(), sentence=flat, explanation=(
                    "条款约定到货当日未提异议即视为质量（包括内在质量）合格，当日无法完成需要检测、复验的质量检验；过短的检验期限依法"
                    "仅视为外观瑕疵的异议期限（民法典第六百二十二条），内在质量仍可在合理期限内提出异议（第六百二十一条）。"))]
            per = None
            for p in _C_PERIOD.finditer(before):
                tail = before[p.end(): p.end() + 8]
                if re.search(r"未|不|没有|逾期", tail) or re.search(r"内未|内不|内没有", before[p.start(): p.end() + 3]):
                    per = p
            if per is not None:
                n = parse_number(per["n"])
                if n is not None and _c_days(n, per["u"]) < min_days:
                    return [Hit(evidence=flat.strip(), sentence=flat, explanation=(
                        f"约定{per.group(0).strip()}未提异议即视为验收合格，期限过短，验收方难以完成必要的检验；过短的检验期限依法仅视为外观瑕疵的异议期限（民法典第六百二十二条）。"))]
                # a fair period, or (或者) mere use as another way to be deemed to accept: the use alone ends the inspection
                alt = re.search(r"或者?|或是", before[per.end():])
                rest = before[per.end() + alt.end():] if alt else ""
                # (use for a stated time — 投入使用满六个月, 连续正常运行满三十日 —, use after the inspection period, or a
                # written confirmation is no bare use)
                if not (alt and _C_USE_TRIGGER.search(rest)) or re.search(r"满\s*[^。；，]{0,4}(?:日|天|个月|月|年)|期满后|届满后|确认|签署|书面", rest):
                    continue
            if not _C_PERIOD.search(before) and re.search(
                    r"第[^。；，]{1,8}(?:条|款)(?:约定|规定)?的?(?:验收|检验)?期限(?:内|届满)", before):
                continue  # silence within an inspection period another clause sets: judged where that period is agreed
            use = _C_USE_TRIGGER.search(before)
            # (use for a stated time — 连续正常运行满三十日 — is a trial run that proves the goods, not use instead of inspection)
            if use and not _C_SIGN_TRIGGER.search(before[-6:]) and not re.search(
                    r"(?:满|达到?|超过)\s*[^。；，]{0,6}(?:日|天|个月|月|年|小时)", before[use.start():]):
                return [Hit(evidence=flat.strip(), sentence=flat)]
            # the performer's own act, with no period and no silence to wait for: 自竣工通知书发出之日起即视为验收合格
            if re.search(r"(?:发出|提交|送达|完工|竣工|交付|交货|安装(?:完毕|完成)|调试完毕|上线|部署完成)[^。；，]{0,8}?(?:之日|之时|当日|时|后)?(?:起)?[，,]?[^。；，]{0,6}?(?:即|便|就|均)?$", before) \
                    and not re.search(r"未|不|没有|逾期|届满|期满|签署|签发|出具|签字|盖章|确认|验收|检验|测试|检测", before) \
                    and re.search(r"验收合格|验收通过|通过验收|质量合格", m.group(0)):
                return [Hit(evidence=flat.strip(), sentence=flat, explanation=(
                    "条款约定交付方一经完工、交付或发出通知即视为验收合格，验收方没有任何检验期间；验收方应有合理期间检验"
                    "（民法典第六百二十条、第六百二十一条；建设工程竣工后发包人应当及时验收，第七百九十九条）。"))]
    return []


_C_CAP = re.compile(r"最高(?:赔偿|责任)(?:额|金额|限额|总额)?(?:为|是)|(?:赔偿|责任|损失)[^。；]{0,50}(?:以[^。；]{1,30}为(?:上)?限|最高不(?:超过|得超过)|(?:累计|总额|总计|合计)?不(?:超过|得超过|高于)|上限(?:为|是)?|封顶|最多(?:赔偿|承担))"
                    # the loss answered by a multiple of the fee and nothing else: …质量问题，乙方按该票运费的两倍予以运费减免，不再承担其他责任
                    r"|(?:损失|损坏|毁损|灭失|质量问题|变质|短少)[^。；]{0,30}(?:按|以)[^。；，]{0,10}(?:运费|服务费|保管费|仓储费|费用)[^。；，]{0,4}的?(?:[一二三两四五六七八九十\d.]+\s*倍|[\d.]+\s*[%％]|百分之[一二三四五六七八九十]+)"
                    r"[^。；，]{0,8}(?:减免|扣减|抵扣|折让|退还|赔偿)[^。；]{0,4}[，,]?\s*(?:不再|不另|不)(?:承担|负)(?:其他|其它|任何|另外)(?:赔偿)?责任"
                    r"|(?:以[^。；]{1,30}为限|最高不超过|上限为)[^。；]{0,12}(?:承担|赔偿)[^。；]{0,6}(?:责任|损失)")
# the frame that makes a named case an exception to a cap or exemption
_C_EXCEPTION = re.compile(r"除外|不适用|不受[^。；]{0,16}限|不在此限|除[^。；]{0,40}外|不免除|不得免除|不因此免除|不在[^。；]{0,8}(?:限额|上限|免责|限制)"
                          r"|(?:仍|另行|依法|全额|据实|按实际损失)[^。；，]{0,8}(?:承担|赔偿)")
_C_CARVE_OUT = re.compile(r"故意|重大过失|重大过错|恶意|人员伤亡|人身(?:伤亡|损害|伤害)|欺诈|法律(?:另有|强制性)规定|(?:依法|法律规定)不得(?:限制|免除)")


def liability_cap_no_carveout(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A cap on liability or damages that does not carve out intent, gross negligence and
    personal injury.

    Exemptions for personal injury and for property loss caused intentionally or by gross
    negligence are void (民法典第五百零六条); in a standard term an unreasonable limitation
    of one's own liability is void too (第四百九十七条). Shapes: ``乙方的赔偿总额以当月服务费为限``,
    ``无论何种原因，卖方承担的全部责任最高不超过合同总价的10%``. High when the cap is said to
    apply whatever the cause (无论/不论/任何情况下), medium otherwise. A cap on a 违约金 rate
    (``违约金累计不超过未付款项的5%``) is a lawful limit of a penalty, not an exemption; a
    carve-out anywhere in the clause (故意或重大过失除外) makes the cap lawful.
    """
    text = clause.text.replace("\n", "")
    # a carve-out excludes the cases from the cap (除外, 不适用, 仍应承担, or naming them as the
    # ground of a liability outside the cap); 包括/即使/适用于…故意或重大过失(在内) puts them under it
    for seg in re.split(r"[。；;]", text):
        for c in _C_CARVE_OUT.finditer(seg):
            if re.search(r"(?:员|工|人员)[^。；，]{0,14}(?:受到|遭受)$", seg[max(0, c.start() - 24): c.start()]) \
                    and re.search(r"由[^。；，]{0,10}(?:依法)?(?:处理|负责|自行)", seg[c.end(): c.end() + 30]) \
                    and not re.search(r"限额|上限|为限|不受|(?:赔偿|补偿)(?:甲方|乙方|对方)", seg):
                continue  # a party's own staff injured at work (保安员…受到人身伤害的，由乙方依法处理) is no carve-out from the cap
            near = seg[max(0, c.start() - 60): c.end() + 60]  # bounded: a long segment stays linear
            included = re.search(r"(?:包括|包含|含|即使|即便|纵使|无论|不论|适用于)[^。；]{0,30}$", seg[max(0, c.start() - 40): c.start()]) \
                or re.match(r"[^。；，]{0,12}在内", seg[c.end(): c.end() + 16])
            # the named case as the subject the cap then limits (任何财产损失或者人身伤害，乙方承担的赔偿总额均不超过…;
            # 造成…人身伤亡的，乙方承担的赔偿责任以合同总价的10%为上限): under the cap, not carved out of it
            # (personal injury only: 因乙方故意或者重大过失造成…的，…赔偿 names the ground of a duty, and a deduction from
            # wages capped at 20% a month is the worker's protection, 工资支付暂行规定第十六条, not a cap on liability)
            cap_after = _C_CAP.search(seg[c.end(): c.end() + 60]) if re.search(r"人身|人员伤亡", c.group(0)) and "工资" not in seg else None
            if not included and cap_after and not _C_EXCEPTION.search(seg[c.end(): c.end() + cap_after.end()]):
                included = cap_after
            if _C_EXCEPTION.search(near) or not included:
                return []
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        m = _C_CAP.search(flat)
        if m is None:
            continue
        # the measure of the cap may follow a long qualifier (不超过甲方在引起索赔的事件发生前一个月内实际支付的订阅费金额)
        region = flat[m.start(): m.end() + 40]
        if not re.search(r"元|[%％]|百分之|费|价款|总价|金额|总额|报酬|租金|倍|损失", region) or re.search(
                r"责任期|保修期|质保期|期限|期间", flat[max(0, m.start() - 10): m.end()]) or "预见" in flat:
            continue
        if re.search(r"以[^。；，]{0,10}实际(?:发生的|遭受的)?(?:的)?损失为限", m.group(0)):
            continue  # the actual loss is the measure of damages (民法典第五百八十四条), not a cap below it
        if re.search(r"违约金|滞纳金|定金", m.group(0)) or (
                re.search(r"违约金|滞纳金", flat) and not re.search(r"赔偿(?:责任|总额|金额|范围)|全部责任|责任总额|损失赔偿", flat)):
            continue
        # a cap measured by insurance (以保险赔付金额为限) is liability.limited_to_insurance's; insurance named only as
        # where the rest may be recovered (超出部分由甲方自行承担或通过保险解决) leaves the cap a cap
        if re.search(r"保险|保额|赔付", flat[max(0, m.start() - 12): m.end() + 12]) and not re.search(r"赔偿责任", flat):
            continue
        if re.search(r"(?:因|由于|基于)[^。；，]{0,12}(?:需要|调整|自身原因|经营原因|便利|策略)[^。；，]{0,10}(?:提前)?(?:终止|解除)", flat[:m.start()]) \
                and not re.search(r"违约|过错|侵权|人身|财产损失|任何原因|无论|不论|故障|或", flat[:m.start()]):
            continue  # the price of a right to end the contract early, not an exemption for a breach or a harm (民法典第506条)
        sev = Severity.high if re.search(r"无论|不论|任何情况|任何原因|一切|何种原因|任何损失", flat) else Severity.medium
        return [Hit(evidence=flat.strip(), sentence=flat, severity=sev)]
    return []


# what a carve-out must reach besides intent: gross negligence, or any fault (过失 includes it), or
# whatever the law forbids limiting
_C_REACHES_GROSS = re.compile(r"过失|过错|法律(?:另有|强制性)?规定|依法不得|不得(?:限制|免除)的")
_C_INTENT = r"(?:故意|恶意|蓄意|欺诈)"
# a cap's exception that names intent: 但乙方故意泄露数据的除外 / 恶意违约的，不受此限
_C_INTENT_EXCEPTION = re.compile(rf"{_C_INTENT}[^。；]{{0,40}}(?:除外|不受[^。；]{{0,12}}限|不适用|不在此限)")
# liability only for intent: 甲方仅在其故意致损的情况下承担赔偿责任 / 保管人仅对其故意造成的损失承担责任
_C_ONLY_INTENT = re.compile(rf"(?:仅|只|唯)(?:在|对|就|于|限于|以|有)?[^。；，]{{0,16}}{_C_INTENT}[^。；，]{{0,20}}(?:的情况|的情形|时|的)?[^。；，]{{0,6}}"
                            r"(?:才|方)?(?:承担|负|予以赔偿|赔偿)")


def liability_intent_only_carve_out(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A limitation of liability whose only exception is intent: a cap "except where the
    supplier leaks the data intentionally", or liability "only for loss caused intentionally".

    Norm: an exemption for property loss caused by gross negligence is void as much as one
    for intent, and any exemption for personal injury is void (民法典第五百零六条); a cap or
    exemption that spares only intent still limits liability for gross negligence (and for
    injury) and is void to that extent, in a standard term also under 第四百九十七条. Flagged
    when the clause names intent (故意/恶意/欺诈) as the exception and nowhere names gross
    negligence, fault (过失/过错 — which includes it) or what the law forbids limiting. High
    when the clause deals with personal injury (人身/伤害/伤亡), medium otherwise.
    """
    text = clause.text.replace("\n", "")
    if not re.search(_C_INTENT, text) or _C_REACHES_GROSS.search(text):
        return []
    sev = Severity.high if re.search(r"人身|伤害|伤亡|摔伤|受伤", text) else Severity.medium
    m = _C_ONLY_INTENT.search(text)
    if m and not re.search(r"违约|过错|责任限额", text[m.start(): m.end()]):
        start = max(text.rfind("。", 0, m.start()), text.rfind("；", 0, m.start())) + 1
        end = next((i for i in (text.find("。", m.end()), text.find("；", m.end())) if i >= 0), len(text) - 1)
        evidence = text[start: end + 1].strip()
        return [Hit(evidence=evidence, sentence=evidence, severity=sev)]
    exc = _C_INTENT_EXCEPTION.search(text)
    if exc is None:
        return []
    cap = None
    for c in _C_CAP.finditer(text, max(0, exc.start() - 200), exc.start() + 1):
        if not re.search(r"违约金|滞纳金|定金", c.group(0)):
            cap = c
    if cap is None:
        return []
    start = max(text.rfind("。", 0, cap.start()), text.rfind("；", 0, cap.start())) + 1
    if re.search(r"以[^。；，]{0,12}(?:转让价款|合同价款|合同总价|总价款|合同总金额|交易价款|价款)(?:总额|总金额|全额)?为限", text[start: cap.end() + 2]) \
            and not re.search(r"[%％]|百分之|分之", text[start: cap.end() + 2]):
        return []  # a cap at the whole price, fraud and intent carved out: the market's usual warranty cap
    evidence = text[start: exc.end() + (1 if text[exc.end(): exc.end() + 1] in "。；" else 0)].strip()
    return [Hit(evidence=evidence, sentence=evidence, severity=sev)]


# one party's own termination made subject to the other's consent: 乙方提前解除的，应…取得甲方书面同意
_T_NEEDS_CONSENT = re.compile(rf"(?P<x>{_C_PARTY})[^。；：:]{{0,16}}(?:提前|单方)?(?:解除|终止|退出|退租|解约)[^。；：:（(]{{0,40}}?"
                              rf"(?:须|需|应当?|必须)[^。；：:（(，,]{{0,20}}?(?<!未)(?:取得|经|征得|获得|经过)(?P<y>{_C_PARTY})[^。；，]{{0,4}}(?:的)?"
                              r"(?:事先)?(?:书面)?(?:同意|批准|许可)")


def termination_needs_other_consent(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A termination right given to both sides in which one side may end the contract on
    notice alone and the other only with the first side's consent (双方均享有提前解除本协议的
    权利：甲方可提前十五日书面通知解除；乙方提前解除的，应…取得甲方书面同意).

    Norm: a right to terminate is exercised by notice and takes effect on arrival (民法典
    第五百六十二条第二款、第五百六十五条); a "right" that needs the other side's consent is
    no right, only the agreed termination any party always has (第五百六十二条第一款), so the
    clause gives the first side alone a right to leave; in a standard term that limits the
    other side's main rights (第四百九十七条). Flagged when the clause holds both the consent
    condition for one party and a termination right of the consenting party.
    """
    text = clause.text.replace("\n", "")
    for m in _T_NEEDS_CONSENT.finditer(text):
        x, y = m["x"], m["y"]
        if x == y or _C_MUTUAL.search(x) or re.search(r"双方|各方", y):
            continue
        if re.search(r"协商一致|双方(?:书面)?同意|不得", text[m.start(): m.end()]):
            continue
        right = re.search(rf"{re.escape(y)}[^。；，]{{0,16}}(?:可|有权|可以|得)[^。；]{{0,24}}(?:解除|终止)", text)
        if right is None or re.search(r"违约|未(?:按|能)|逾期|严重|致使|不能实现|不可抗力", text[right.start(): right.end() + 30]):
            continue  # the consenting party's own right only for the other's breach: not a right to leave at will
        start = max(text.rfind("。", 0, min(right.start(), m.start())) + 1, 0)
        end = text.find("。", max(right.end(), m.end()))
        evidence = text[start: (end + 1) if end >= 0 else len(text)].strip()
        return [Hit(evidence=evidence, sentence=evidence)]
    return []


_C_ARB = re.compile(r"(?:仲裁或(?:者)?(?:诉讼|起诉))|(?:(?:诉讼|起诉)或(?:者)?仲裁)|申请仲裁|提(?:交|请)[^。；]{0,30}仲裁|仲裁委员会|仲裁院|仲裁中心|仲裁机构|(?:通过|进行|交由|由)[^。；]{0,20}仲裁|仲裁解决")
_C_LIT = re.compile(r"(?:仲裁或(?:者)?(?:诉讼|起诉))|(?:(?:诉讼|起诉)或(?:者)?仲裁)|(?:向|由|到|在)[^。；]{0,30}(?:人民)?法院(?:提起|提出)?(?:诉讼|起诉|管辖|解决)|提起(?:民事)?诉讼|诉讼解决|诉至[^。；]{0,20}法院|(?:人民)?法院(?:管辖|诉讼)|起诉")
_C_LIT_ANCILLARY = re.compile(r"撤销|不予执行|强制执行|申请执行|执行|保全|不服|裁决[^。；]{0,10}(?:后|作出)|对[^。；]{0,6}裁决|确认仲裁协议")
_C_SELECTOR = re.compile(r"(?:下列|以下|如下)(?:第\s*[（(]?\s*[^）)。；]{0,3}\s*[)）]?)?\s*种方式|第\s*[（(_＿\s]*[)）_＿\s]*种|选择[^。；]{0,6}(?:一种|其中)|择一")
# bodies whose arbitration the law lets a party bypass for the court: labour disputes (劳动争议调解仲裁法
# 第五条) and rural land contracting (农村土地承包法第五十五条: 可以向农村土地承包仲裁机构申请仲裁，也可以
# 直接向人民法院起诉) — "arbitration or court" there is the statute's own route, not 或裁或诉
_C_LABOUR = re.compile(r"劳动(?:人事)?争议|劳动仲裁|劳动者|用人单位|(?:农村)?土地承包(?:经营)?(?:纠纷)?仲裁")


def _c_forums(text: str) -> tuple[bool, bool]:
    """Whether ``text`` agrees arbitration and litigation as forums (not set-aside,
    enforcement or interim measures in court)."""
    arb = lit = False
    if not re.search(r"争议|纠纷|争执", text):
        return arb, lit  # a remedy (出租人有权提起诉讼) is not a forum agreement
    for sent in _split(text):
        flat = sent.replace("\n", "")
        if _C_ARB.search(flat) and not re.search(r"不(?:得|能|可)[^。；]{0,6}仲裁", flat):
            arb = True
        for m in _C_LIT.finditer(flat):
            ctxt = flat[max(0, m.start() - 25): m.end() + 10]
            if _C_LIT_ANCILLARY.search(ctxt) or re.search(r"不(?:得|能|可)[^。；]{0,6}(?:起诉|诉讼)", ctxt):
                continue
            lit = True
    return arb, lit


def arbitration_and_litigation(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Arbitration and litigation both agreed for the same disputes (或裁或诉).

    Such an arbitration agreement is void (仲裁法解释第七条), so the dispute goes to court and
    the agreed arbitration fails. Shapes: ``可向XX仲裁委员会申请仲裁，也可向法院起诉``;
    ``提交仲裁或者向甲方所在地法院提起诉讼``; the two in separate sentences of one clause. Not
    flagged: a court's role after an award (撤销, 执行, 保全, 对裁决不服 — the latter is
    ``dispute.award_appealable``), a model form that asks the parties to choose one (下列第
    （ ）种方式), and labour disputes (arbitration then court is the statutory path).
    """
    text = clause.text.replace("\n", "")
    if _C_SELECTOR.search(text) or _C_LABOUR.search(text):
        return []
    if "仲裁" not in text:
        # the court offered in another clause as an alternative to the arbitration agreed
        # (尽管有第14.2条的约定，…许可方亦可选择向其住所地法院起诉): the same 或裁或诉
        return _court_beside_arbitration(clause, ctx)
    arb, lit = _c_forums(clause.text)
    if not (arb and lit):
        return []
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        if "仲裁" in flat or "法院" in flat or "诉讼" in flat:
            return [Hit(evidence=flat.strip(), sentence=flat)]
    return []


_C_ALTERNATIVE = re.compile(r"尽管|亦可|也可|另可|仍可|仍有权|(?:可(?:以)?|有权)(?:另行)?选择")


def _court_beside_arbitration(clause: Clause, ctx) -> list[Hit]:
    """A sentence that lets a party sue in court "as well" (尽管…亦可起诉), or sends the
    contract's disputes to a court outright (因本合同引起的诉讼，由乙方所在地人民法院管辖), while
    another clause of the contract agrees arbitration (仲裁法解释第七条). A court for setting
    aside or enforcing an award, or once the arbitration clause fails, is not this."""
    if not _per_doc(ctx, "arbitration_agreed", lambda: any(
            "仲裁" in c.text and _c_forums(c.text)[0] and not _C_LABOUR.search(c.text) for c in ctx.clauses)):
        return []
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        general = re.search(r"(?:因|由于|与|关于|就)(?:履行)?本(?:合同|协议)[^。；]{0,12}(?:争议|纠纷|诉讼)[^。；]{0,24}(?:由|向|提交|在)[^。；]{0,20}法院", flat)
        if not (_C_ALTERNATIVE.search(flat) or general) or re.search(r"仲裁(?:条款|协议)?[^。；，]{0,6}(?:无效|被(?:认定|确认)无效|不能执行|失效)|第三人|第三方|侵权人|保证人|担保人", flat):
            continue  # a court once the arbitration clause fails, or a suit against a stranger to it, is no 或裁或诉
        for m in _C_LIT.finditer(flat):
            if _C_LIT_ANCILLARY.search(flat[max(0, m.start() - 25): m.end() + 10]) or "法院" not in flat:
                continue
            return [Hit(evidence=flat.strip(), sentence=flat)]
    return []


_C_INSTITUTION = re.compile(r"(?P<name>[\u4e00-\u9fa5（）()]{2,24}?)(?P<kind>仲裁委员会|国际仲裁院|仲裁院|国际仲裁中心|仲裁中心)")
_C_GENERIC_PREFIX = re.compile(r"(?:提交|提请|交由|交|向|由|到|在|有关|相关|当地|所在地|住所地|的|有管辖权的?|有权|任何|一方|双方|选定|约定|其他|该|申请|经|依法|国内|中国境内|仲裁机构或)$")


def _c_named_institutions(flat: str) -> list[str]:
    out = []
    for m in _C_INSTITUTION.finditer(flat):
        name = re.split(r"[，。；、：:]|提交|提请|交由|向|申请|由|到|或者|或|和|及", m["name"])[-1]
        if len(name) < 2 or _C_GENERIC_PREFIX.search(name) or re.search(r"所在地|当地|住所地|有管辖", name):
            continue
        out.append(name + m["kind"])
    return out


def arbitration_body_unclear(clause: Clause, ctx, params) -> Iterable[Hit]:
    """An arbitration agreement that does not select one arbitration commission.

    An agreement must name the commission (仲裁法第二十七条); when it is not named or not
    clear and no supplementary agreement is reached, the agreement is void (第二十九条); two
    commissions named with no choice made is void too unless the parties agree on one
    (仲裁法解释第五条); ``当地仲裁机构`` is valid only where that place has a single
    commission (解释第六条). Shapes: ``提交仲裁委员会仲裁``, ``由有管辖权的仲裁机构裁决``,
    ``提交甲方所在地仲裁机构``, ``提交A仲裁委员会或B仲裁委员会``. A named commission
    (``广州仲裁委员会``, ``中国国际经济贸易仲裁委员会``, ``深圳国际仲裁院``) is lawful; a model form's
    blank (``向____仲裁委员会``) is a form to fill in, not flagged; labour arbitration has its
    own statutory commissions.
    """
    text = clause.text.replace("\n", "")
    if "仲裁" not in text or _C_LABOUR.search(text) or _C_SELECTOR.search(text):
        return []
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        if not re.search(r"仲裁", flat) or re.search(r"[_＿]{2,}|\s{2,}(?:仲裁委员会|仲裁机构)", sent):
            continue
        if not re.search(r"申请仲裁|提(?:交|请)[^。；]{0,30}仲裁|(?:仲裁委员会|仲裁机构|仲裁院|仲裁中心)[^。；]{0,6}(?:仲裁(?!机构|委员会)|裁决)|通过仲裁|仲裁解决|交由[^。；]{0,20}仲裁", flat):
            continue
        if re.search(r"(?:诉讼|起诉)或者?(?:依法)?申请仲裁|申请仲裁或者?(?:依法)?(?:提起)?诉讼", flat) and (
                _c_named_institutions(ctx.text.replace("\n", ""))
                or re.search(r"人民法院[^。；]{0,6}(?:提起诉讼|起诉|诉讼解决|管辖)", ctx.text.replace(flat, ""))):
            continue  # 依法提起诉讼或者申请仲裁 (民法典第九百四十四条's words) points to the remedy; the forum is agreed elsewhere
        if re.search(r"(?:法院|诉讼)或者?仲裁机构|仲裁机构或者?(?:法院|诉讼)|送达|联系方式", flat):
            continue  # a reference to 'a court or arbitration body' (送达地址 clauses) agrees no forum
        # a party's remedy on one matter (被除名人有异议的，可以申请仲裁) where the dispute clause elsewhere names one
        # commission: the arbitration it refers to is that agreement's, not a second one
        if re.search(r"(?:可以|可|有权)[^。；]{0,30}申请仲裁", flat) and not re.search(r"提(?:交|请)|交由|仲裁委员会|仲裁机构|仲裁院|仲裁中心", flat) \
                and len(set(_c_named_institutions(ctx.text.replace("\n", "").replace(flat, "")))) == 1:
            continue
        # a name in brackets right after another is that institution's other name (上海国际经济贸易仲裁委员会（上海国际仲裁中心）)
        named = [n for n in _c_named_institutions(flat) if not n.startswith(("（", "("))]
        distinct = sorted(set(named))
        # the choice offered between the names, not an 或 elsewhere (因本合同引起的或与本合同有关的争议)
        span = flat[min(flat.find(n) for n in distinct): max(flat.find(n) + len(n) for n in distinct)] if len(distinct) >= 2 else ""
        if len(distinct) >= 2 and (re.search(r"或|任选|择一|之一|任一|任何一", span) or re.search(r"任选|择一|之一|任一|任何一(?:家|个|机构)", flat)):
            return [Hit(evidence=flat.strip(), sentence=flat, explanation=(
                f"仲裁条款同时约定了{'、'.join(distinct)}，当事人不能就选择达成一致的，仲裁协议无效（仲裁法解释第五条）。"))]
        if distinct:
            continue
        if re.search(r"仲裁委员会|仲裁机构|仲裁院|仲裁中心|仲裁", flat):
            return [Hit(evidence=flat.strip(), sentence=flat)]
    return []


def award_appealable(clause: Clause, ctx, params) -> Iterable[Hit]:
    """An arbitration clause that lets a party take the award to court or appeal it.

    Arbitration is final (仲裁法第十条, 一裁终局): a court does not accept a suit on the
    same dispute after an award; a court may only set an award aside or refuse enforcement.
    Shapes: ``对仲裁裁决不服的，可向人民法院起诉``, ``仲裁裁决作出后任何一方可在十五日内上诉``,
    ``对裁决有异议的，可以向法院提起诉讼``. Labour arbitration (劳动争议调解仲裁法第五十条) and
    set-aside/enforcement (撤销, 不予执行) are not flagged.
    """
    text = clause.text.replace("\n", "")
    if _C_LABOUR.search(text) or ctx.contract_type == "劳动合同":
        return []
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        m = re.search(r"(?:仲裁)?裁决[^。；]{0,20}(?:不服|有异议|不满意|不接受|后|作出后)[^。；]{0,30}(?:起诉|诉讼|上诉|向[^。；]{0,12}法院)", flat) or \
            re.search(r"(?:不服|有异议)[^。；]{0,10}(?:仲裁)?裁决[^。；]{0,30}(?:起诉|诉讼|上诉|向[^。；]{0,12}法院)", flat)
        if m and not re.search(r"撤销|不予执行|强制执行|申请执行", flat[m.start(): m.end() + 16]):
            return [Hit(evidence=flat.strip(), sentence=flat)]
    return []


_C_RESULT_ALLOCATED = re.compile(
    r"(?:成果|软件|源代码|源程序|作品|设计|图纸|文档|交付物|知识产权|著作权|专利(?:申请)?权|技术秘密|所有权利)[^。；]{0,40}(?:归|属于|由)[^。；]{0,12}(?:所有|享有|共有|单独|拥有)"
    r"|(?:归|属于)(?:甲方|乙方|委托方|委托人|开发方|受托方|研究开发人|双方)(?:单独|共同)?(?:所有|享有|共有)"
    r"|(?:转让|让与)给?(?:甲方|委托方|委托人)|(?:甲方|委托方|委托人)(?:享有|拥有)[^。；]{0,20}(?:知识产权|著作权|所有权)"
    # said negatively: the paying side gets only a right of use and no IP (the other side keeps it)
    r"|(?:不获得|不取得|不享有|不拥有)[^。；]{0,20}(?:知识产权|著作权|所有权|源代码)")
_C_COMMISSIONED = re.compile(r"(?:委托|定制|研究)?开发[^。；]{0,20}(?:软件|系统|程序|平台|应用|APP|app|技术|产品|小程序|网站)|(?:开发|研发)成果|(?:设计|创作|编写|制作|撰写)[^。；]{0,12}(?:作品|方案|图纸|文案|设计稿|软件|程序|视频|广告|标志|LOGO|logo|稿件)")


def commissioned_results_unallocated(clause: Clause, ctx, params) -> Iterable[Hit]:
    """IP in commissioned results never allocated anywhere in the contract.

    Absent agreement the developer gets the patent right (民法典第八百五十九条), technical
    secrets are shared (第八百六十一条) and copyright in a commissioned work stays with the
    commissioned party (著作权法第十九条) — rarely what the paying party intends. One finding
    per document (``scope: document``), at the first IP clause, or at the first clause
    that commissions the work when there is none; silent when any clause allocates the
    results (``开发成果的知识产权归甲方所有``, ``著作权属于乙方``).
    """
    # (an allocation of background technology is none of the results': 乙方背景技术的知识产权归乙方所有 — but one that
    # only carves it out afterwards is: 交付成果的知识产权归甲方所有，但乙方背景技术除外)
    if _per_doc(ctx, "results_allocated", lambda: any(
            (m := _C_RESULT_ALLOCATED.search(flat)) and not re.search(r"签订前|签署前|原有|已有|既有|各自(?:拥有|所有|享有)|背景", flat[:m.end()])
            for c in ctx.clauses for flat in (s.replace("\n", "") for s in _split(c.text)))):
        return []  # once per document: this ran for every clause of every clause (quadratic) before
    if ctx.contract_type != "技术开发合同" and (
            ctx.contract_type not in ("服务合同", "技术服务合同", "委托合同", "软件许可合同", "承揽合同", "广告发布合同", "其他")
            or re.search(r"劳动合同|用人单位|施工合同|发包人|承包人|租赁", ctx.text[:3000])
            or not _per_doc(ctx, "commissions_work", lambda: any(
                # a recital about the provider's own product (鉴于乙方开发并运营…平台) commissions nothing
                not re.search(r"鉴于[^。；，]{0,10}$", flat[max(0, m.start() - 12): m.start()])
                for flat in (ctx.text.replace("\n", ""),) for m in _C_COMMISSIONED.finditer(flat)))):
        return []
    # where the term belongs: the clause that speaks of who owns the results (…的归属和分享，由双方另行协商确定), else
    # the first that names the rights, else the first that names results, else the one that commissions the work
    def target_of():
        for pattern in (_C_RESULT_OWNERSHIP_TALK, r"知识产权|著作权|专利|技术秘密", r"成果"):
            if c := next((c for c in ctx.clauses if re.search(pattern, c.text.replace("\n", ""))), None):
                return c
        return next((c for c in ctx.clauses if _C_COMMISSIONED.search(c.text.replace("\n", ""))), None)
    target = _per_doc(ctx, "results_target", target_of)
    if target is None or target.clause_id != clause.clause_id:
        return []
    sents = _split(clause.text)
    for pattern in (_C_RESULT_OWNERSHIP_TALK, r"知识产权|著作权|专利|技术秘密|成果"):
        for sent in sents:
            if re.search(pattern, sent.replace("\n", "")):
                return [Hit(evidence=sent.strip(), sentence=sent)]
    for sent in sents:
        if _C_COMMISSIONED.search(sent.replace("\n", "")):
            return [Hit(evidence=sent.strip(), sentence=sent)]
    return []


# a sentence about who owns the results, whatever it settles (归属…另行协商, 权属由双方确定)
_C_RESULT_OWNERSHIP_TALK = r"(?:知识产权|著作权|专利|技术秘密|成果)[^。；]{0,40}(?:归属|权属|所有权|分享|另行协商|另行约定|协商确定|归[^。；，]{0,8}(?:所有|享有))"


_C_INSPECTION_PERIOD = re.compile(rf"(?:验收|检验|检测|异议|质量问题|复检|核验)[^。；]{{0,30}}{_NUM}\s*(?:个工作日|工作日|日|天|小时|个月|月)|{_NUM}\s*(?:个工作日|工作日|日|天|小时|个月|月)\s*(?:内|之内|以内)[^。；]{{0,20}}(?:验收|检验|检测|提出[^。；]{{0,6}}异议)|检验期|验收期|异议期"
    # an agreed quality guarantee period is the objection window (民法典第六百二十一条第二款: 有质量保证期的，适用质量保证期)
    rf"|(?:质量保证期|质保期|保修期)[^。；]{{0,16}}{_NUM}\s*(?:个月|月|年)|{_NUM}\s*(?:个月|月|年)的?(?:质量保证期|质保期|保修期)")


def _doc_search(ctx, pattern: str) -> bool:
    """Whether ``pattern`` occurs anywhere in the document text, searched once per document
    (:func:`_per_doc`)."""
    return _per_doc(ctx, "re:" + pattern, lambda: re.search(pattern, getattr(ctx, "text", "") or "") is not None)


def _on_its_clause(clause: Clause, ctx, key: str, compute) -> list[Hit]:
    """The hit of a whole-document search when it lies in ``clause``, else none.

    ``compute()`` returns ``(clause id, hit)`` or None and runs once per document and ``key``
    (:func:`_per_doc`); the detector calling this is called once per clause, so the one
    finding of a ``scope: document`` check lands on the clause that holds it."""
    hit = _per_doc(ctx, key, compute)
    return [hit[1]] if hit is not None and hit[0] == clause.clause_id else []


def _cn_date(d: date) -> str:
    """``2025年7月1日`` for a date, as the contracts write it."""
    return f"{d.year}年{d.month}月{d.day}日"


def no_inspection_period(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A sale or work contract that delivers goods but agrees no inspection or objection
    period anywhere.

    Without an agreed period the buyer must inspect promptly and object within a
    'reasonable' period, up to two years (民法典第六百二十条、第六百二十一条第二款): the seller
    cannot tell when its quality exposure ends and the buyer cannot tell when its right
    lapses. One finding per document, at the first acceptance/inspection clause, else at the
    first delivery clause. Only for contracts that deliver goods or work results
    (买卖, 采购, 供货, 承揽/加工, 定作).
    """
    head = ctx.text[:600]
    if ctx.contract_type not in ("买卖合同", "采购合同", "供货/经销合同", "承揽合同", "其他") or (
            ctx.contract_type == "其他" and not re.search(r"承揽|定作|加工合同|供货合同|购销合同|订货合同", head)):
        return []
    if re.search(r"商品房|房屋|不动产|房产|建设工程|施工|土地", head):
        return []  # real estate and works: delivery and acceptance follow their own rules
    if re.search(r"签收[^。；]{0,6}不(?:视为|代表|等于|构成|作为)[^。；]{0,12}(?:质量|验收)", ctx.text or ""):
        return []  # the buyer keeps its quality claims beyond the receipt: what it may raise and when is addressed (民法典第六百二十一条)
    if _per_doc(ctx, "inspection_period", lambda: any(
            not _K_UNDECIDED.search(m.group(0) + ctx.text.replace("\n", "")[m.end(): m.end() + 16])
            for m in _C_INSPECTION_PERIOD.finditer(ctx.text.replace("\n", "")))):
        return []  # an agreed period; one left 待定/另议 is none
    if _per_doc(ctx, "deemed_acceptance_anywhere", lambda: any(
            next(iter(deemed_acceptance(c, ctx, {"trigger": t})), None) for t in ("signing", "silence_or_use") for c in ctx.clauses)):
        return []  # acceptance is deemed on signing or silence: that term is the finding (acceptance.deemed_*), not an absence
    target = _per_doc(ctx, "inspection_target", lambda: next(
        (c for c in ctx.clauses if c.category.value == "acceptance"), None) or next(
        (c for c in ctx.clauses if re.search(r"验收|检验", c.text)), None) or next(
        (c for c in ctx.clauses if c.category.value == "delivery"), None))
    if target is None or target.clause_id != clause.clause_id:
        return []
    sents = _split(clause.text)
    sent = next((s for s in sents if re.search(r"验收|检验|交付|交货", s)), sents[0] if sents else clause.text)
    return [Hit(evidence=sent.strip(), sentence=sent)]


_C_WARRANTY_MIN = (  # 建设工程质量管理条例第四十条 (建筑法第六十二条): minimum warranty periods, in months
    (re.compile(r"防水|渗漏|屋面|卫生间|外墙面"), 60, "屋面防水工程、有防水要求的卫生间、房间和外墙面的防渗漏，为5年"),
    (re.compile(r"电气管线|给排水|给水排水|设备安装|装修工程|装饰装修"), 24, "电气管线、给排水管道、设备安装和装修工程，为2年"),
    (re.compile(r"供热|供冷|采暖"), 24, "供热与供冷系统，为2个采暖期、供冷期"),
)


def construction_warranty_short(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A construction warranty (保修期) shorter than the statutory minimum.

    建筑法第六十二条 delegates the minimum periods to the State Council; 建设工程质量管理条例
    第四十条 sets them: foundations and main structure for the design life, waterproofing 5
    years, electrical/plumbing/installation/decoration 2 years, heating and cooling 2
    seasons. A shorter agreed period yields to the statutory one (民法典第六百二十二条第二款
    applies the same rule to sales). Shapes: ``屋面防水工程保修期为二年``, ``主体结构保修期为十年``.
    """
    if not re.search(r"建设工程|施工|装饰装修|装修工程|竣工", ctx.text[:3000]):
        return []
    if ctx.contract_type in ("买卖合同", "采购合同") and not re.search(r"商品房|住宅|商铺|写字楼|房屋买卖", ctx.text[:3000]):
        return []  # goods installed by the seller; a new building sold by its developer owes the same minimum (商品房销售管理办法第三十三条)
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        if not re.search(r"保修", flat) or re.search(r"劳务作业|劳务分包", flat):
            continue  # a labour subcontractor's warranty to the contractor is the parties' own term, not the statutory minimum owed the employer
        for part in re.split(r"[，,、]", flat):
            m = re.search(rf"(?P<n>{_NUM})\s*(?P<u>年|个月|月)", part)
            if not m:
                continue
            n = parse_number(m["n"])
            if n is None:
                continue
            months = n * 12 if m["u"] == "年" else n
            # 主体结构 as the scope (主体结构工程的保修期), not as the event the period starts from (自主体结构验收合格之日起)
            if re.search(r"地基基础|主体结构(?!验收|封顶|完工|施工完成)", part) and not re.search(r"合理使用年限|设计文件", part) and months < 600:
                return [Hit(evidence=flat.strip(), sentence=flat, explanation=(
                    "地基基础工程和主体结构工程的最低保修期限为设计文件规定的该工程的合理使用年限，约定的保修期短于法定最低期限（建筑法第六十二条、建设工程质量管理条例第四十条）。"))]
            for rx, minimum, rule in _C_WARRANTY_MIN:
                if rx.search(part) and months < minimum:
                    return [Hit(evidence=flat.strip(), sentence=flat, explanation=(
                        f"约定的保修期为{m.group(0)}，短于法定最低保修期限（{rule}；建筑法第六十二条、建设工程质量管理条例第四十条）。"))]
        # one work named earlier in the sentence and one period for it (因…施工造成的屋面渗漏，乙方的保修期限为…十二个月)
        durations = [m for m in re.finditer(rf"(?P<n>{_NUM})\s*(?P<u>年|个月|月)(?!\d)", flat)
                     if re.search(r"保修", flat[max(0, m.start() - 24): m.start()])]
        kinds = [(rx, minimum, rule) for rx, minimum, rule in _C_WARRANTY_MIN if rx.search(flat)]
        if len(durations) == 1 and len(kinds) == 1 and not re.search(r"地基基础|主体结构", flat):
            m, (rx, minimum, rule) = durations[0], kinds[0]
            n = parse_number(m["n"])
            if n is not None and (n * 12 if m["u"] == "年" else n) < minimum:
                return [Hit(evidence=flat.strip(), sentence=flat, explanation=(
                    f"约定的保修期为{m.group(0)}，短于法定最低保修期限（{rule}；建筑法第六十二条、建设工程质量管理条例第四十条）。"))]
    return []


# (质保期满十二个月 counts months after the period began, an event, not the period's length)
_C_WARRANTY_PERIOD = re.compile(rf"(?:质保期|质量保证期|保修期|质保期限|保修期限)(?:限)?(?!满|届满|内|结束)(?:为|是|：|:)?[^。；\d]{{0,20}}?(?P<n>{_NUM})\s*(?P<u>年|个月|月)")


# the time to pay after an event: 对账确认之日起六十日内支付 / 付款周期：对账确认后90日内付款
_C_PAY_PERIOD = re.compile(rf"(?P<t>对账(?:确认|完成|无误)?|验收合格|收到(?:合格|增值税专用|有效)?发票|开具发票|到货|交货|交付)(?:之日|当日)?(?:起|后)[^。；，\d]{{0,4}}?(?P<n>{_NUM})\s*(?P<u>个工作日|工作日|日|天|个月)(?:内|以内|之内)"
                           r"(?=[^。；]{0,16}(?:支付|付款|付清|结清|结算|汇入|转账)|\s*付款)")
_C_PAY_STAGE = re.compile(r"预付|首付|首期|进度款|尾款|余款|质保金|质量保证金|保证金|押金|定金|违约金|赔偿|退还|返还|运费|逾期")


# a period whose start is agreed (质保期自验收合格之日起, 会员卡自激活之日起计算两年有效期)
_PS_NOUN = r"(?P<noun>质保期|质量保证期|保修期|有效期|服务期|租赁期限?|租期|会籍期限?|许可期限?|保证期间)"
_PS_EVENT = r"(?P<ev>[^。；，自从]{1,24}?)(?:之日|当日|之时|当天)(?:起|开始)"
_PS_NOUN_FIRST = re.compile(rf"(?P<obj>[^。；，\s]{{0,4}}){_PS_NOUN}[^。；]{{0,14}}?(?:自|从){_PS_EVENT}")
_PS_EVENT_FIRST = re.compile(rf"(?:自|从){_PS_EVENT}(?:计算|起算|开始计算)?[^。；，]{{0,8}}?{_PS_NOUN}")
_PS_CLASSES = (("签订", r"签订|签署|签字|盖章|生效|成立"), ("验收", r"验收|终验|初验"),
               ("交付", r"交付|交货|到货|送达|签收|移交|入住|交房"), ("安装", r"安装|调试|上线|投入使用|试运行|开通"),
               ("激活", r"激活|首次|启用|入场|开卡"), ("付款", r"付款|支付|缴纳|到账|缴清"))
_PS_KEY = {"质保期": "质保期", "质量保证期": "质保期", "保修期": "质保期", "租赁期": "租期", "租赁期限": "租期",
           "租期": "租期", "会籍期": "有效期", "会籍期限": "有效期", "有效期": "有效期", "服务期": "服务期",
           "许可期": "许可期限", "许可期限": "许可期限", "保证期间": "保证期间"}


def _c_period_starts(clause: Clause) -> list[tuple[tuple[str, str], str]]:
    """``((period, start event class), sentence)`` for each sentence of ``clause`` that agrees
    when one period starts: ``质保期自验收合格之日起计算`` → ``("质保期", "验收")``. The
    period of the contract itself (本合同有效期) is kept apart from the term of what it sells
    (会员卡有效期); a sentence that gives alternative starts (以先到者为准) or several is skipped."""
    out = []
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        if re.search(r"以(?:先|后|较早|较晚|孰)|孰(?:先|早|晚)|(?:或|或者)[^。；，]{0,12}(?:之日|当日)起|顺延|延长|重新计算|中止", flat):
            continue
        found = [(m["noun"], m["ev"], flat[max(0, m.start("noun") - 4): m.start("noun")])
                 for rx in (_PS_NOUN_FIRST, _PS_EVENT_FIRST) for m in rx.finditer(flat)]
        classes = set()
        for noun, ev, before in found:
            cls = next((name for name, rx in _PS_CLASSES if re.search(rx, ev)), None)
            if cls is None:
                continue
            key = _PS_KEY.get(noun, noun) + ("(合同)" if re.search(r"合同|协议", before) else "")
            classes.add((key, cls))
        if len(classes) == 1:
            out.append((classes.pop(), flat.strip()))
    return out


# a temperature range (2℃至6℃, 0℃～8℃, 2-8℃); storage and carriage are compared apart
_TEMP_RANGE = re.compile(r"(?P<lo>[-－零下]?\d+(?:\.\d+)?)\s*(?:℃|°C|摄氏度)?\s*(?:至|～|~|〜|到|—|-|－)\s*(?P<hi>[-－零下]?\d+(?:\.\d+)?)\s*(?:℃|°C|摄氏度)")


def _c_temperature_ranges(clause: Clause, doc_text: str) -> list[tuple[tuple[str, float, float], str]]:
    """``((context, low, high), sentence)`` for each temperature range a sentence of
    ``clause`` requires; none where the contract keeps goods in several regimes (冷冻 and
    冷藏, several 温区), whose ranges rightly differ."""
    if not re.search(r"温度|温控|控温|恒温", clause.text):
        return []
    if re.search(r"冷冻", doc_text) and re.search(r"冷藏", doc_text) or re.search(r"温区|温层|分别", doc_text):
        return []
    out = []
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        if not re.search(r"温度|温控|控温|恒温", flat):
            continue
        ranges = {(float(m["lo"].replace("－", "-").replace("零下", "-")), float(m["hi"].replace("－", "-").replace("零下", "-")))
                  for m in _TEMP_RANGE.finditer(flat)}
        if len(ranges) == 1:
            lo, hi = ranges.pop()
            ctx_word = "仓储" if re.search(r"仓储|储存|存储|库内|库房|冷库|仓库", flat) else "运输" if re.search(r"运输|车厢|在途|途中|装车", flat) else ""
            out.append(((ctx_word, lo, hi), flat.strip()))
    return out


# where data are kept (存储于乙方位于新加坡的数据中心 / 存储位置：主存储位于美国): the place named first, a backup's skipped
_STORE_AT = re.compile(r"(?:存储|储存|存放|托管|保存)(?:于|在|至)|存储(?:地点|位置|地|区域)|(?:数据中心|服务器|机房)(?:位于|设在|所在地)|主存储")
_STORE_PLACE = re.compile(r"中华人民共和国境内|中国境内|中国大陆|境内|新加坡|香港|澳门|台湾|美国|欧盟|爱尔兰|德国|法兰克福|英国|日本|韩国|印度|澳大利亚|加拿大|马来西亚|越南|泰国|印度尼西亚|荷兰|法国|境外")
_STORE_CANON = {"中华人民共和国境内": "境内", "中国境内": "境内", "中国大陆": "境内", "法兰克福": "德国"}


def _c_storage_places(clause: Clause) -> list[tuple[str, str]]:
    """``(place, sentence)`` for each sentence that says where data are stored, the main
    store's place (a backup or disaster-recovery copy named beside it is left out)."""
    out = []
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        if not re.search(r"数据|个人信息|信息|存储(?:位置|地点)|主存储|服务器|机房", flat + clause.text[:200]):
            continue
        m = _STORE_AT.search(flat)
        if not m or re.search(r"(?:不得|禁止|严禁|不会)[^。；，]{0,8}(?:存储|储存|存放|托管)", flat[max(0, m.start() - 12): m.end()]):
            continue
        for p in _STORE_PLACE.finditer(flat, m.start()):
            if p.start() - m.end() > 24:
                break
            if re.search(r"备份|容灾|灾备|副本|镜像|同步", flat[max(0, p.start() - 8): p.start()]) or re.search(r"^[^。；，]{0,6}(?:备份|容灾|灾备|副本|镜像)", flat[p.end():]):
                continue  # a backup copy (灾备数据中心, 同步存储于…) is not where the data are kept
            out.append((_STORE_CANON.get(p.group(0), p.group(0)), flat.strip()))
            break
    return out


def _c_pay_periods(clause: Clause) -> list[tuple[str, float, str]]:
    """(event, days, sentence) for the one time to pay after an event each sentence of
    ``clause`` states; sentences about one stage (预付款, 尾款, 质保金), a refund or a
    penalty, and sentences that state two periods, are skipped."""
    out = []
    for s in _split(clause.text):
        flat = s.replace("\n", "")
        ms = list(_C_PAY_PERIOD.finditer(flat))
        if len(ms) != 1 or _C_PAY_STAGE.search(flat):
            continue
        m = ms[0]
        n = parse_number(m["n"])
        if n:
            ev = re.sub(r"确认|完成|无误|合格|增值税专用|有效|之日|当日", "", m["t"])
            out.append((ev, _c_days(n, m["u"].replace("个", "")), flat.strip()))
    return out


def _c_forum_kind(clause: Clause) -> set[str]:
    text = clause.text.replace("\n", "")
    if _C_SELECTOR.search(text) or _C_LABOUR.search(text):
        return set()
    arb, lit = _c_forums(clause.text)
    if arb and lit:
        return set()  # both in one clause: dispute.arbitration_or_litigation reports it
    kinds = set()
    if arb:
        names = {n for s in _split(clause.text) for n in _c_named_institutions(s.replace("\n", ""))}
        kinds.update({f"仲裁:{n}" for n in names} or {"仲裁"})
    if lit:
        kinds.add("诉讼")
    return kinds


def cross_clause_conflict(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Two clauses (or a clause and an annex table) that state the same kind of term with
    different values.

    ``params["kind"]``: ``total_price`` (合同总价/合计 amounts that differ by more than 0.5%),
    ``warranty_period`` (质保期/保修期 stated with different lengths; construction contracts,
    where periods differ per part of the works, are skipped), ``payment_period`` (the days
    to pay after the same event — 对账, 验收, 发票, 交货 — stated differently in two clauses,
    e.g. body and annex; a stage, a refund or a penalty is not compared) or ``forum`` (one clause sends
    disputes to arbitration and another to court, or two clauses name different
    commissions). The contract is then ambiguous on a core term (民法典第四百六十六条、第五百一十条);
    for the forum, an arbitration agreement that also allows court is void (仲裁法解释第七条).
    Reported once per document (``scope: document``), at the later clause of the first
    conflicting pair. Forums and warranty periods inside a single clause are not compared
    (a clause that itself names both is another check's); two total prices in two sentences
    of one clause are (``3.1 总价86万元 … 3.4 全部价款合计89.5万元``).
    """
    kind = params.get("kind", "total_price")
    key = (id(ctx), kind)
    cached = _CONFLICTS.get(key)
    if cached is None or cached[0] is not ctx:
        # the first conflicting pair is a property of the document: found once per
        # screen (linear in the clauses), not once per clause (quadratic)
        if len(_CONFLICTS) > 16:
            _CONFLICTS.clear()
        cached = _CONFLICTS[key] = (ctx, _first_conflict(ctx, kind))
    hit = cached[1]
    if hit is None or hit[0] != clause.clause_id:
        return []
    return [hit[1]]


_CONFLICTS: dict[tuple[int, str], tuple[object, tuple[str, Hit] | None]] = {}


def _first_conflict(ctx, kind: str) -> tuple[str, Hit] | None:
    """``(clause id, hit)`` of the first clause that conflicts with an earlier one, or None."""
    seen: list[tuple[object, Clause, str]] = []
    for c in ctx.clauses:
        if kind == "total_price":
            vals = [(v, s) for v, s in _c_total_prices(c)]
        elif kind == "warranty_period":
            if re.search(r"建设工程|施工合同|装饰装修", ctx.text[:2000]):
                return None
            vals = []
            for s in _split(c.text):
                flat = s.replace("\n", "")
                m = _C_WARRANTY_PERIOD.search(flat)
                if m and not re.search(r"延长|重新计算|另行|顺延|更换|维修后", flat):
                    n = parse_number(m["n"])
                    if n:
                        vals.append((n * 12 if m["u"] == "年" else n, flat.strip()))
                        break
        elif kind == "payment_period":
            vals = [((ev, d), flat) for ev, d, flat in _c_pay_periods(c)][:1]
        elif kind == "period_start":
            vals = _c_period_starts(c)
        elif kind == "temperature":
            vals = _c_temperature_ranges(c, ctx.text or "")
        elif kind == "storage_location":
            vals = _c_storage_places(c)[:1]
        else:
            vals = [(k, c.text.strip()[:120]) for k in sorted(_c_forum_kind(c))]
        for v, s in vals if kind != "warranty_period" else vals[:1]:
            for pv, pc, ps in seen:
                if pc.clause_id == c.clause_id and (kind != "total_price" or ps == s):
                    continue  # totals are also compared between two sentences of one clause
                if kind == "forum":
                    differ = (pv == "诉讼") != (v == "诉讼") or (pv.startswith("仲裁:") and v.startswith("仲裁:") and pv != v)
                elif kind == "payment_period":
                    differ = pv[0] == v[0] and abs(pv[1] - v[1]) >= 1 and pc.clause_id != c.clause_id
                elif kind == "period_start":
                    differ = pv[0] == v[0] and pv[1] != v[1] and pc.clause_id != c.clause_id
                elif kind == "temperature":
                    differ = (pv[0] == v[0] or not pv[0] or not v[0]) and pv[1:] != v[1:] and pc.clause_id != c.clause_id
                elif kind == "storage_location":
                    differ = pv != v and pc.clause_id != c.clause_id and "境外" not in (pv, v)
                else:
                    differ = abs(pv - v) > 0.005 * max(pv, v)
                if differ:
                    where = pc.number.strip() if pc.number and pc.number.strip() else "前文"
                    if kind == "total_price":
                        expl = f"{where}载明合同总价为{pv:,.2f}元，本条为{v:,.2f}元，合同总价前后不一致，结算依据不明（民法典第四百六十六条、第五百一十条）。"
                    elif kind == "warranty_period":
                        expl = f"{where}约定质保期为{pv:g}个月，本条为{v:g}个月，质量保证期限前后不一致，易生争议（民法典第四百六十六条）。"
                    elif kind == "payment_period":
                        expl = (f"{where}约定{pv[0]}后{pv[1]:g}日内付款，本条约定{v[0]}后{v[1]:g}日内付款，付款期限前后不一致；"
                                "付款何时到期、逾期付款违约金和解除权自何时起算均将发生争议（民法典第四百六十六条、第五百一十条）。")
                    elif kind == "period_start":
                        expl = (f"{where}约定{pv[0].replace('(合同)', '')}自{pv[1]}之日起算，本条约定自{v[1]}之日起算，同一期限有两个起算点，"
                                "期限何时届满、权利何时消灭将发生争议；格式条款有两种以上解释的，应作不利于提供格式条款一方的解释"
                                "（民法典第四百六十六条、第四百九十八条、第五百一十条）。")
                    elif kind == "storage_location":
                        expl = (f"{where}约定数据存储于{pv}，本条却载明（主）存储于{v}，数据存储地前后矛盾；实际存储地决定向哪一境外接收方、"
                                "哪一法域提供个人信息，告知个人的内容、影响评估和出境合规手续都以约定的存储地为前提"
                                "（个人信息保护法第二十一条、第三十九条；民法典第四百六十六条）。")
                    elif kind == "temperature":
                        expl = (f"{where}要求温度保持在{pv[1]:g}℃至{pv[2]:g}℃，本条为{v[1]:g}℃至{v[2]:g}℃，同一温控标准前后不一致；"
                                "货物是否“温度超标”、责任由谁承担将发生争议（民法典第四百六十六条、第五百一十条、第五百一十一条）。")
                    else:
                        expl = f"{where}约定的争议解决方式为“{pv.split(':')[-1]}”，本条为“{v.split(':')[-1]}”，争议解决条款前后矛盾；既约定仲裁又约定诉讼的仲裁协议无效（仲裁法解释第七条）。"
                    ev = s if kind != "forum" else next((x.strip() for x in _split(c.text) if re.search(r"仲裁|法院|诉讼", x)), s)
                    return c.clause_id, Hit(evidence=ev, sentence=ev, explanation=expl)
            seen.append((v, c, s))
    return None


_Q_UNIT = r"平方米|㎡|m²|台|件|吨|套|辆|箱|千克|公斤|延米|人天|人日|课时|亩|公顷|用户|账号|坐席"
# 每授权用户每月15元: the kind of user named between 每 and the unit
_Q_PER_UNIT = re.compile(rf"每\s*(?:授权|注册|活跃|付费|开通|使用)?(?P<u>{_Q_UNIT})")
# a count of users or seats given as a figure of its own: 授权用户数：600个 / 坐席数量为120个
_Q_SLASH_UNIT = re.compile(rf"\s*[/／]\s*(?P<u>{_Q_UNIT})(?!\s*[/／·]?\s*(?:每|月|年|日|天))")
_Q_QUANTITY = re.compile(rf"(?P<q>{_NUM})\s*(?P<u>{_Q_UNIT})")
# a count of users or seats given as a figure of its own: 授权用户数：600个 / 坐席数量为120个
_Q_COUNT = re.compile(rf"(?:授权|注册|活跃|付费|开通|使用)?(?P<u>用户|账号|坐席)(?:数|数量|总数)\s*(?:为|是|：|:)?\s*(?P<q>{_NUM})\s*(?:个|名|人|席)?")
_Q_NOT_PRODUCT = re.compile(r"优惠|折扣|折让|减免|抹零|另(?:行)?(?:计|收|加|付)|(?:含|包括|包含)[^。；]{0,12}(?:费|税)|以及|另有|不含|递增|上浮|调价")
# a later escalation (自第六年起上浮5%) changes later periods, not the first period's total beside the rate
_Q_ESCALATION = re.compile(r"递增|上浮|调价")
_Q_CANON = {"㎡": "平方米", "m²": "平方米", "公斤": "千克", "人日": "人天"}


def _unit_prices(sent: str) -> list[tuple[float, str]]:
    """(yuan, unit) for each price per unit in ``sent``: ``每平方米人民币22,100元``,
    ``单价5,000元/台``. A rate per unit and per period (``每平方米每月``, ``元/平方米/月``) is
    not a unit price of a quantity and is skipped."""
    out = []
    for m in _Q_PER_UNIT.finditer(sent):
        tail = sent[m.end(): m.end() + 16]
        a = _C_YUAN.search(tail)
        if a and not re.match(r"\s*[/／每]", tail[a.end():]):
            lead = tail[:a.start()]
            v = _c_yuan_value(a)
            if v and not re.search(r"每", lead):
                out.append((v, _Q_CANON.get(m["u"], m["u"])))
            elif v and (per := re.fullmatch(r"\s*每(?:个)?(?P<p>月|年)\s*(?:租金|单价|流转费|承包费|使用费)?(?:为|是)?\s*(?:人民币)?\s*", lead)):
                # 每平方米每月五十元, 每亩每年玖佰元: a rate per unit and period
                out.append((v, _Q_CANON.get(m["u"], m["u"]) + "/" + per["p"]))
    for a in _C_YUAN.finditer(sent):
        m = _Q_SLASH_UNIT.match(sent, a.end())
        if m and (v := _c_yuan_value(a)):
            out.append((v, _Q_CANON.get(m["u"], m["u"])))
    return out


_Q_TOTAL = re.compile(r"(?:总价款|总价|总金额|价款总额|价款合计|总计|合计)(?:金额)?(?:为|是|：|:)?\s*(?:人民币)?\s*")


def _unit_price_totals(text: str, periodic: bool = False) -> list[tuple[float, str]]:
    """(yuan, sentence) for each total a text states (``房屋总价款为人民币贰佰壹拾捌万元整``,
    ``合计：¥380,000``); totals before tax, provisional or of one instalment are skipped, and
    so are totals of one period (``每年流转费合计``) unless ``periodic``."""
    out = []
    for sent in _split(text):
        for m in _Q_TOTAL.finditer(sent):
            a = _C_YUAN.match(sent, m.end())
            before = sent[max(0, m.start() - 8): m.start()]
            skip = _C_TOTAL_SKIP.search(re.sub(r"每月|每年|每期", "", before) if periodic else before)
            # (a fee's total for a year is the price of a periodic service: 年度维保费合计)
            fee_total = re.search(r"(?<!流转)(?<!承包)(?<!使用)费用?$", before) and not (periodic and re.search(r"年度|每年|全年", before))
            if a and not skip and not re.search(r"首付|贷款|借款|尾款|余款|进度款|税", before) and not fee_total \
                    and (v := _c_yuan_value(a)):
                out.append((v, sent.strip()))
                break
    return out


def _quantities(text: str) -> dict[str, list[float]]:
    """``{unit: [quantity, ...]}`` for each quantity of a :data:`_Q_UNIT` unit ``text`` states
    (``建筑面积为98.62平方米``, ``共20台``); a unit price's own unit (``每吨``, ``/吨``) is none."""
    out: dict[str, list[float]] = {}
    for s in _split(text):
        flat = unglossed(s.replace("\n", ""))
        for m in (*_Q_QUANTITY.finditer(flat), *_Q_COUNT.finditer(flat)):
            if not re.search(r"[每/／]\s*$", flat[:m.start()]) and (q := parse_number(m["q"])):
                out.setdefault(_Q_CANON.get(m["u"], m["u"]), []).append(q)
    return out


def _off_product(quantities: list[float], price: float, total: float) -> bool:
    """True when ``total`` is not ``price`` times any of ``quantities`` within 0.2% (or 1 yuan)."""
    return all(abs(q * price - total) > max(1.0, 0.002 * total) for q in quantities)


def _unit_price_mismatch(ctx) -> tuple[str, Hit] | None:
    """``(clause id, hit)`` for the first clause whose total price is not the price per unit
    times any quantity of that unit the contract states, or None."""
    quantities: dict[str, list[float]] = {}
    for c in ctx.clauses:
        for unit, qs in _quantities(c.text).items():
            quantities.setdefault(unit, []).extend(qs)
    if not quantities:
        return None
    for c in ctx.clauses:
        # a price-list row is its own product: | 螺纹钢 | 100吨 | 4000元/吨 | 420000元 |
        for line, flat in table_row_sentences(c.text).items():
            row_q = _quantities(flat)
            rates, totals = set(_unit_prices(flat)), _unit_price_totals(flat)
            if len(rates) == 1 and totals and not _Q_NOT_PRODUCT.search(flat):
                (price, unit), = rates
                total = totals[0][0]
                if row_q.get(unit) and _off_product(row_q[unit], price, total):
                    q = row_q[unit][0]
                    expl = (f"价格清单中该行数量{q:g}{unit}、单价{price:,.2f}元/{unit}，按单价乘以数量应为{q * price:,.2f}元，"
                            f"该行载明的金额为{total:,.2f}元，相差{abs(total - q * price):,.2f}元；计价与金额相互矛盾，结算依据不明"
                            "（民法典第四百六十六条、第五百一十条）。")
                    return c.clause_id, Hit(evidence=line.strip(), sentence=line, explanation=expl)
        text = unglossed(c.text.replace("\n", ""))
        # a figure marked tax-inclusive (（含税）) adds nothing to it, unlike 含运费 or 不含安装费
        if _Q_NOT_PRODUCT.search(_Q_ESCALATION.sub("", re.sub(r"[（(]\s*含(?:增值)?税\s*[)）]", "", text))):
            continue
        rates = {r for s in _split(text) for r in _unit_prices(s)}
        totals = _unit_price_totals(text)
        if len(rates) != 1:
            continue  # several unit prices in one clause: line items, not one product
        (price, unit), = rates
        period = unit[-1] if unit.endswith(("/月", "/年")) else None
        qs = quantities.get(unit[:-2] if period else unit)
        if not qs:
            continue
        factor, per = 1, ""
        if period:  # a rate per unit and period is compared with the total of that period only
            yearly = r"年租金|每年(?:租金|应付|费用|流转费|承包费|服务费|使用费)?|年度(?:[\u4e00-\u9fff]{0,3}费|租金|费用)|全年"
            totals = [(v, sent) for v, sent in _unit_price_totals(text, periodic=True) if re.search(
                r"月租金|每月租金|月租|每月(?:应付|费用|服务费)" if period == "月" else yearly, sent)]
            if period == "月" and not totals:
                # a price per unit and month against a yearly total (每台每月380元，年度维保费合计…): twelve months of it
                totals = [(v, sent) for v, sent in _unit_price_totals(text, periodic=True) if re.search(yearly, sent)]
                factor, per = (12, "×12个月") if totals else (1, "")
            unit = unit[:-2]
        for total, sent in totals:
            if total <= price or _Q_ESCALATION.search(sent):
                continue
            if _off_product(qs, price * factor, total):
                q = min(qs, key=lambda x: abs(x * price * factor - total))
                expl = (f"按合同载明的数量{q:g}{unit}、单价{price:,.2f}元/{unit}{per}计算，价款应为{q * price * factor:,.2f}元，"
                        f"本条载明的总价为{total:,.2f}元，相差{abs(total - q * price * factor):,.2f}元；计价方式与总价相互矛盾，"
                        "应付价款及以总价为基数计算的各期款项、违约金将发生争议（民法典第四百六十六条、第五百一十条）。")
                return c.clause_id, Hit(evidence=sent, sentence=sent, explanation=expl)
    return None


_ANNEX_HEAD = re.compile(r"(?m)^[ \t\u3000]*附(?:件|表)[一二三四五六七八九十\d]*[ \t\u3000]*[：:、.．]?[ \t\u3000]*[^\n]{0,30}$")
_RATE_NOUN = re.compile(r"融资比例|返利|版税|佣金|提成|分成比例|分成|持股比例|股权比例|出资比例|服务费率|管理费率|管理费|托管费率|托管费|手续费率|费率|折扣|返点|扣点")
_RATE_SKIP = re.compile(r"违约金|逾期|滞纳|罚息|迟延|超过|以上|以下|不超过|最高|最低|上限|下限|至少|不低于|不高于|调整|上浮|下浮")


def _annex_title(text: str) -> re.Match | None:
    """The first line of ``text`` that is an annex title (``附件一：应收账款转让清单``), or None.
    A sentence about the annexes (``附件一为本合同组成部分``) is not a title."""
    for m in _ANNEX_HEAD.finditer(text):
        if not re.search(r"为本合同|组成部分|同等(?:法律)?效力|不一致|为准", m.group(0)):
            return m
    return None


def _body_annex_parts(ctx) -> list[tuple[Clause, str, str]]:
    """``(clause, body part, annex part)`` for every clause, the glosses removed
    (:func:`unglossed`): the annexes begin at the first annex title (:func:`_annex_title`) and
    run to the end, so a clause before it is all body, the one holding it is split there, and
    every later one is all annex. Computed once per document."""
    def parts():
        out, in_annex = [], False
        for c in ctx.clauses:
            text = unglossed(c.text)
            if in_annex:
                out.append((c, "", text))
            elif m := _annex_title(text):
                out.append((c, text[:m.start()], text[m.start():]))
                in_annex = True
            else:
                out.append((c, text, ""))
        return out
    return _per_doc(ctx, "body_annex_parts", parts)


def _rates_by_noun(text: str) -> dict[tuple[str, str], set[float]]:
    """``{(rate noun, period): {percent, ...}}`` for each comma-delimited fragment of ``text``
    that states one percentage next to one rate noun (``融资比例为应收账款票面金额的80%``,
    ``按年度实际提货额的2%返利``). Fragments about penalties, bounds or adjustments are
    skipped: a contract rightly states several of those."""
    out: dict[tuple[str, str], set[float]] = {}
    for line, flat in table_row_sentences(text).items():
        text = text.replace(line, flat)  # | 全部 | 3% | under | 成交金额 | 佣金比例 | → 佣金比例：3%
    pending = None  # a rate noun stated alone earlier in the sentence (销售佣金：按…有效成交金额（…）的20%计算)
    for frag, end in re.findall(r"([^，,；;。、\n|｜（）()]*)([，,；;。、\n|｜（）()]?)", text):
        # one noun written with its rate word (佣金费率, 返利比例, 提成率) is the noun
        frag = re.sub(r"(佣金|提成|返利|版税|分成|返点|折扣|扣点)(?:费率|比例|比率|率)", r"\1", frag)
        nouns = {m.group(0) for m in _RATE_NOUN.finditer(frag)}
        if len(nouns) > 1 and "费率" in nouns:
            nouns.discard("费率")  # 管理人按年费率1.5%收取管理费: the fee named is the noun, 费率 only says it is a rate
        rates = parse_rate(frag)
        if len(nouns) == 1 and not rates and not _RATE_SKIP.search(frag):
            pending = frag
        elif (not nouns or nouns == {"费率"}) and len(rates) == 1 and pending and not _RATE_SKIP.search(frag):
            # …or under a generic heading (| 管理费（投资期）| … | 费率 | 2.5%/年 |): the row's own noun names the rate
            frag = pending + re.sub(r"费率", "", frag)
            frag = pending + frag
            nouns = {m.group(0) for m in _RATE_NOUN.finditer(frag)}
            pending = None
        elif nouns or rates:
            pending = None
        if end in ("；", ";", "。", "\n"):
            pending = None
        if len(nouns) != 1 or len(rates) != 1 or _RATE_SKIP.search(frag) or len(frag) > 90:
            continue
        noun = re.sub(r"(?:比例|率)$", "", nouns.pop()) or "费"
        period = m.group(0) if (m := re.search(r"每日|日|每月|月|每年|年化|年|季", frag)) else ""
        out.setdefault((noun, period[-1] if period else ""), set()).add(round(rates[0][0], 4))
    return out


def _annex_rate_conflict(ctx) -> tuple[str, Hit] | None:
    """``(clause id, hit)`` for the first annex clause that states a rate (返利, 版税,
    融资比例 …) none of whose values the body states for the same rate, or None."""
    body: dict[tuple[str, str], set[float]] = {}
    annex: list[tuple[Clause, dict]] = []
    for c, head, tail in _body_annex_parts(ctx):
        for k, v in _rates_by_noun(head).items():
            body.setdefault(k, set()).update(v)
        if tail and (rates := _rates_by_noun(tail)):
            annex.append((c, rates))
    for c, rates in annex:
        for key, vals in rates.items():
            if key in body and not (vals & body[key]):
                sent = next((x.strip() for x in _split(c.text) for v in vals
                             if key[0] in x and any(abs(r[0] - v) < 1e-6 for r in parse_rate(x))), c.text.strip()[:120])
                b = "、".join(f"{v:g}%" for v in sorted(body[key]))
                a = "、".join(f"{v:g}%" for v in sorted(vals))
                expl = (f"正文约定的{key[0]}标准为{b}，附件载明的为{a}，正文与附件对同一计价标准的约定相互矛盾，"
                        "实际应付、应得金额将发生争议；合同另有“附件与正文不一致时以某一方为准”的约定时，须核对其结果是否为本方所接受"
                        "（民法典第一百四十二条、第四百六十六条）。")
                return c.clause_id, Hit(evidence=sent, sentence=sent, explanation=expl)
    return None


# a value with its unit as an annex row or a body clause states it (20家, 350元, 叁元伍角, 5%)
# (a period is not compared: 合同签订后五日内 and 收到首付款后三十日内 count from different events)
_KV_UNIT = r"万元|元|家|个(?!月|工作日|小时|自然日)|台|套|辆|人|名|户|间|店|份|件|吨|公斤|千克|平方米|亩|%|％"
_KV_NUM = r"\d[\d,]*(?:\.\d+)?|[零〇一二两三四五六七八九十百千万壹贰叁肆伍陆柒捌玖拾佰仟]+"
_KV_VALUE = re.compile(rf"(?P<n>{_KV_NUM})\s*(?P<u>{_KV_UNIT})(?:(?P<jiao>[零〇一二三四五六七八九壹贰叁肆伍陆柒捌玖])角)?")
_KV_PERIOD = re.compile(r"(?:每|/|／|·)\s*(?:人\s*[·/]?\s*)?(月|年|季|日|天|周|小时|次)")
# a bound, a part or a range is no statement of the item's value
_KV_NOT_VALUE = re.compile(r"不超过|不低于|不少于|不多于|以上|以下|以内|至少|最多|最高|最低|上限|下限|其中|首批|首期|累计|[-–—~～至]\s*\d")


def _yen(text: str) -> str:
    """``¥9,800`` written as ``9,800元`` (a value with its unit for :data:`_KV_VALUE`)."""
    return re.sub(r"[¥￥]\s*(\d[\d,]*(?:\.\d+)?)(?!\s*(?:万)?元)", r"\1元", text)


def _kv_values(text: str, header: str = "") -> list[tuple[float, str, str]]:
    """``(value, unit, period)`` for each value with a unit in ``text``; money in yuan
    (``万元`` × 10,000, ``叁元伍角`` = 3.5), ``%`` and ``％`` as ``%``, the period a price is
    per (``元/人·月``, ``每月`` → 月; '' when none). A bare number takes its unit from a
    header that names one (``收费标准（元/平方米·月）``, ``单价（人民币元）``)."""
    out = []
    text = _yen(text)
    for m in _KV_VALUE.finditer(text):
        v = parse_number(m["n"])
        if v is None:
            continue
        unit = m["u"]
        if unit == "万元":
            v, unit = v * 10000, "元"
        if unit == "元" and m["jiao"]:
            v += (parse_number(m["jiao"]) or 0) / 10
        unit = "%" if unit == "％" else unit
        near = text[max(0, m.start() - 8): m.end() + 8]
        out.append((round(v, 4), unit, p.group(1) if (p := _KV_PERIOD.search(near)) else ""))
    if not out and (h := re.search(r"[（(]\s*(?:人民币)?\s*(万)?元", header)):
        nums = _T_NUM.findall(text)
        if len(nums) == 1 and (v := parse_number(nums[0])) is not None:
            out.append((round(v * (10000 if h.group(1) else 1), 4), "元",
                        p.group(1) if (p := _KV_PERIOD.search(header)) else ""))
    return out


_KV_COMMA = re.compile(r"，|,(?!\d{3})")


def _kv_values_of(frag: str, names: list[str]) -> list[tuple[float, str, str]]:
    """Each value ``frag`` states for the item called by one of ``names`` (one per mention):
    the value nearest the name, within 16 characters either side and the same comma-delimited
    part (a comma between digits, 1,500, splits nothing; or the part right after a name
    stated alone: ``仓储费按托盘计收，每托每日人民币叁元伍角整``), with nothing between but the
    words of a statement (为, 按, 每…) — not a deduction, an increase or another sum
    (``在套餐总价中减免1000元``). A shortened name must stand alone (``管理服务费`` does not
    name ``派遣服务费``). Each is ``(value, unit, period)``; a value stated without a period
    takes one from the fragment's 年度/每年 or 月度/每月."""
    frag = _yen(frag)
    cuts = [m.start() for m in _KV_COMMA.finditer(frag)]
    frag_period = "年" if re.search(r"年度|每年|/年|全年", frag) else "月" if re.search(r"月度|每月|/月", frag) else ""
    out = []
    for n in names:
        for m in re.finditer(re.escape(n), frag):
            if n != names[0] and m.start() > 0 and re.match(r"[\u4e00-\u9fff]", frag[m.start() - 1]) \
                    and frag[m.start() - 1] not in "的为按其之及、":
                continue
            start = max((c + 1 for c in cuts if c < m.start()), default=0)
            part_end = min((c for c in cuts if c >= m.end()), default=len(frag))
            part = frag[start:part_end]
            local = m.start() - start
            vals = [(abs(v.start() - local) if v.start() < local else v.start() - (local + len(n)), v)
                    for v in _KV_VALUE.finditer(part)]
            if not vals and part_end < len(frag):
                nxt_end = min((c for c in cuts if c > part_end), default=len(frag))
                nxt = frag[part_end + 1: nxt_end]
                if re.match(r"\s*(?:每|按|为|计|人民币|¥|￥)", nxt) and not re.search(r"\d|[零壹贰叁肆伍陆柒捌玖]", part[local + len(n):]):
                    part, local = nxt, -len(n)
                    vals = [(v.start(), v) for v in _KV_VALUE.finditer(part)]
            if not vals:
                continue
            dist, v = min(vals, key=lambda x: x[0])
            between = part[local + len(n): v.start()] if v.start() >= local + len(n) else part[v.end(): local]
            if dist > 16 or re.search(r"减|扣|免|增|加收|上浮|下浮|优惠|折|超过|不足|违约|赔偿|补偿|退|罚|合计|总|共|含|定金|保证金|押金|[（(]|即|之和|倍|相当", between):
                continue
            got = _kv_values(part[v.start(): v.end() + 8])
            if got:
                near = part[max(0, v.start() - 8): v.end() + 8]
                out.append((got[0][0], got[0][1], p.group(1) if (p := _KV_PERIOD.search(near)) else frag_period))
        if out:
            break
    return out


def _annex_value_conflict(ctx) -> tuple[str, Hit] | None:
    """``(clause id, hit)`` for the first annex table row that states a value for a named
    item (``| 授权门店数量 | 15家 |``, ``| 派遣管理费 | 350元/人·月 |``, ``| 多层住宅 | 2.10 |``
    under ``收费标准（元/平方米·月）``) which the body states otherwise, or None.

    The row's item is its first cell without a bracketed gloss (2–14 characters, not a
    total); its value the first later cell that states exactly one value with a unit (or a
    bare amount under a money header, :func:`_kv_values`), not a bound or a range. The body's
    statement is a fragment (between ；, ; and 。) before the annexes that names the item (an
    item ending in 费 may be named by its last three or more characters: 冷冻仓储费 →
    仓储费) with a value beside the name in the same unit and period (:func:`_kv_value_of`).
    The row conflicts when no such fragment states its value and one states another. At most
    300 rows are read in all (a price list, not a hostile table). Failing a row, an annex
    delivery schedule (a 交货日期 column) whose dates all fall after the delivery deadline
    the body sets (``于2025年5月20日前…送达``).
    """
    body_frags: list[str] = []
    rows_seen: list[tuple[Clause, list[str], list[tuple[list[str], str]]]] = []
    for c, body, tail in _body_annex_parts(ctx):
        if body:
            body_frags += [f for x in _split(body) for f in re.split(r"[；;]", x.replace("\n", ""))]
        if tail:
            rows_seen += [(c, head, rows) for head, rows in table_blocks(tail)]
    rows: list[tuple[Clause, str, str, tuple[float, str, str]]] = []
    budget = 300
    for c, head, table in rows_seen:
        for cells, line in table[:max(0, budget)]:
            budget -= 1
            name = re.sub(r"[（(][^）)]*[）)]", "", cells[0]).strip()
            if not 2 <= len(name) <= 14 or _T_TOTAL_ROW.match(name) or re.search(r"\d", name):
                continue
            row_val, others = None, []
            for i, cell in enumerate(cells[1:], start=1):
                if _KV_NOT_VALUE.search(cell):
                    break
                vals = _kv_values(re.sub(r"[（(][^）)]*[）)]", "", cell), head[i] if i < len(head) else "")
                if len(vals) == 1 and row_val is None:
                    row_val = vals[0]
                elif len(vals) == 1:
                    others.append(vals[0])  # the same item in another column (试用期 | 转正后): a body value there is stated
                elif vals or row_val is not None:
                    break
            if row_val is not None:
                rows.append((c, name, line, row_val, others))
    # an item listed in several rows (白班 and 夜班, two models of one appliance) is no single value to compare
    counts: dict[str, int] = {}
    for _, name, _, _, _ in rows:
        counts[name] = counts.get(name, 0) + 1
    # the body fragments naming each item, found once over the joined body (linear in its size, not rows × fragments)
    joined = "\x00".join(body_frags)
    starts = [0]
    for f in body_frags[:-1]:
        starts.append(starts[-1] + len(f) + 1)
    for c, name, line, row_val, others in rows:
        if counts[name] > 1:
            continue
        names = [name] + ([name[-k:] for k in range(len(name) - 1, 2, -1)] if name.endswith("费") else [])
        hit_frags = sorted({bisect.bisect_right(starts, m.start()) - 1 for n in names
                            for m in itertools.islice(re.finditer(re.escape(n), joined), 50)})
        stated, other = False, None
        for fi in hit_frags[:50]:
            frag = body_frags[fi]
            if re.search(r"附件|附表|清单|报价单", frag) or _KV_NOT_VALUE.search(frag):
                continue
            for v in _kv_values_of(frag, names):
                if v[1] != row_val[1] or (v[2] and row_val[2] and v[2] != row_val[2]):
                    continue  # another unit, or a price per year against one per month
                if any(abs(v[0] - r[0]) <= max(0.001, 0.0005 * r[0]) for r in (row_val, *others) if r[1] == v[1]):
                    stated = True
                else:
                    other = other or (frag.strip(), v)
            if stated:
                break
        if stated or other is None:
            continue
        frag, v = other
        unit = row_val[1]
        return c.clause_id, Hit(evidence=line.strip(), sentence=line, explanation=(
            f"正文约定“{name}”为{v[0]:g}{unit}（“{frag[:40]}”），附件同一项目载明为{row_val[0]:g}{unit}；"
            "正文与附件对同一事项的约定相互矛盾，合同未约定以何者为准的，履行内容和应付金额将发生争议"
            "（民法典第一百四十二条、第四百六十六条、第五百一十条）。"))
    return _annex_schedule_after_deadline(body_frags, rows_seen) or _annex_warranty_column_conflict(ctx, rows_seen) \
        or _annex_total_conflict(ctx, rows_seen) or _annex_payment_term_conflict(ctx)


# the warranty period by any of its names (民法典第六百二十一条 质量保证期; 建设工程质量管理条例 保修期)
_WP_NAME = r"(?:质保期|质量保证期|保修期|保质期|质保期限|保修期限)"
def _annex_warranty_column_conflict(ctx, rows_seen) -> tuple[str, Hit] | None:
    """``(clause id, hit)`` for an annex table whose warranty column (质保期, 保修期 …) states
    for every row a period the body never states while the body states another
    (``设备质保期为自终验收合格之日起二十四个月`` against ``| 立式加工中心 | … | 12个月 |``), or
    None. The body's periods are those a fragment gives after the name (质保期为…N个月, 共计N个月,
    either of 交货后18个月或验收后12个月), not a period that runs after it (质保期满后…十年) nor a
    replaced part's or the software's own; a body that refers the warranty to the annex (质保期见附件一)
    states none. A column headed with its unit (质保期（月）) may hold bare numbers. At most 300 rows
    are read. Two statements of the warranty are read by their words, the related clauses and the
    purpose (民法典第一百四十二条、第四百六十六条); the buyer's claims in the meantime depend on which
    applies (第六百二十一条). Reported at the body's sentence, the term the annex contradicts."""
    body: list[tuple[float, str, str]] = []
    for c, text, _ in _body_annex_parts(ctx):
        for x in (_split(text) if text else ()):
            for frag in re.split(r"[；;]", x.replace("\n", "")):
                if not re.search(_WP_NAME, frag):
                    continue
                if re.search(rf"{_WP_NAME}[^。；]{{0,12}}(?:以|按|见|依|详见|按照)[^。；，]{{0,4}}(?:附件|附表|清单|设备清单)", frag):
                    return None  # the body defers to the annex: no second statement
                for m in re.finditer(rf"{_WP_NAME}(?!满|届满|内|期间|期内|开始|起算)[^。；]{{0,16}}?(?:为|是|：|:|共计|合计|计|共)[^。；]{{0,24}}", frag):
                    if re.search(r"(?:部件|零件|配件|软件|更换|维修|修复)[^。；，]{0,6}(?:的|后)?[，,]?\s*(?:其)?$|其$", frag[max(0, m.start() - 12): m.start()]):
                        continue  # another thing's warranty (质保期内更换的部件，其质保期为…6个月; 软件系统的质保期)
                    for sp in _DURATION.finditer(m.group(0)):
                        if (mo := _duration_months(sp.group(0))) is not None:
                            body.append((mo, frag.strip(), c.clause_id))
    if not body:
        return None
    stated = {round(b, 2) for b, _, _ in body}
    for c, head, table in rows_seen:
        col = next((i for i, h in enumerate(head) if re.fullmatch(rf"\s*{_WP_NAME}\s*(?:[（(][^）)]*[）)])?\s*", h)), None)
        if col is None:
            continue
        unit = re.search(r"[（(]\s*(个月|月|年)\s*[）)]", head[col])
        spans = []
        for cells, line in table[:300]:
            cell = cells[col].strip() if col < len(cells) else ""
            # (a bare number under a header that names its unit: 质保期（月） | 12)
            mo = _duration_months(cell) if _DURATION.fullmatch(cell) else (
                _duration_months(cell + unit[1][-1]) if unit and re.fullmatch(r"\d{1,3}", cell) else None)
            if mo is not None:
                spans.append((mo, cell, line))
        if not spans or any(round(mo, 2) in stated for mo, _, _ in spans):
            continue
        mo, cell, line = spans[0]
        _, frag, cid = body[0]
        shown = cell + (unit[1] if unit and cell.isdigit() else "")
        return cid, Hit(evidence=frag, sentence=frag, explanation=(
            f"正文约定质量保证（保修）期间（“{frag[:40]}”），附件表格（“{line.strip()[:40]}”）载明为{shown}；"
            "正文与附件对同一事项的约定相互矛盾，质保期内的修理、更换和质量保证金返还时间将发生争议（民法典第一百四十二条、第四百六十六条、第六百二十一条）。"))
    return None


_PT_NUM = r"\d{1,3}|[一二两三四五六七八九十百零〇壹贰叁肆伍陆柒捌玖拾佰]{1,4}"
_PT_PAY = r"(?:支付|付清|付款|结清|结算完毕|汇付|转账)"
# a period after a trigger (收到发票后三十日内…支付, 票到后60天), or a day of the month (次月15日前…付清)
_PT_PERIOD = re.compile(rf"(?:后|起|之日起|起算)\s*(?P<n>{_PT_NUM})\s*(?:个)?(?P<u>工作日|自然日|日|天)(?:内|之内|以内)?[^。；，]{{0,20}}{_PT_PAY}"
                        rf"|账期\s*[：:为是]?\s*[^。；，\d]{{0,8}}?(?P<n2>{_PT_NUM})\s*(?P<u2>工作日|自然日|日|天)")
_PT_DAY = re.compile(rf"(?:每月|次月|每个月|下月)\s*(?P<d>{_PT_NUM})\s*(?:日|号)\s*(?:前|之前|以前)?[^。；，]{{0,20}}{_PT_PAY}")
# other sums and charges have their own periods: deposits, penalties, refunds, instalments of a price, wages' extras
_PT_OTHER = re.compile(r"逾期|违约金|滞纳|利息|退还|返还|押金|保证金|定金|预付|首付|首期|尾款|余款|质保金|质量保证金|提成|奖金|分成|补偿|赔偿|补贴"
                       r"|第[一二三四五六七八九十\d]+(?:期|笔|次)|仍(?:未|不)|留置|催告|宽限"
                       r"|[%％]|百分之|进度款|结算款|验收款|到货款|发货款|保修款|维护期")
# what is paid: the fee a term is for (运费, 货款, 租金, 水电费 …)
_PT_NOUN = re.compile(r"(?:水电|物业|管理|技术服务|服务|仓储|保管|加工|设计|许可|使用|维护|维保|培训|咨询|装卸|配送|推广|广告|代理|监理|运输|停车|会员|课时|燃气|取暖|供暖|电|水)费"
                      r"|运费|货款|价款|租金|工资|报酬|佣金|酬金|工程款|加盟费")


def _pt_noun(frag: str) -> str:
    """The fee a payment term is for: the last fee word of the fragment (…支付上月实际发生的水电费 → 水电费;
    运费, 货款, 租金 …), or '' when it names none (付款账期：票到后60天)."""
    ws = [m.group(0) for m in _PT_NOUN.finditer(frag)]
    return ws[-1] if ws else ""


def _payment_terms(text: str) -> set[tuple[str, str, float, str]]:
    """The payment terms ``text`` states: ``("period", unit, days, fee)`` for a period after a trigger
    (``收到发票后三十日内支付``, ``付款账期：票到后60天``) and ``("day", "", n, fee)`` for a day of the
    month (``次月15日前付清``), ``fee`` the fee it is for (:func:`_pt_noun`, '' when none is named); fragments about deposits, penalties, refunds or one instalment
    of several (:data:`_PT_OTHER`) are not read."""
    out = set()
    for sent in _split(text):
        for frag in re.split(r"[；;]", sent.replace("\n", "")):
            if _PT_OTHER.search(frag):
                continue
            noun = _pt_noun(frag)
            for m in _PT_PERIOD.finditer(frag):
                n = parse_number(m["n"] or m["n2"])
                if n:
                    u = m["u"] or m["u2"]
                    out.add(("period", "工作日" if u == "工作日" else "日", n, noun))
            for m in _PT_DAY.finditer(frag):
                if (n := parse_number(m["d"])) and 1 <= n <= 31:
                    out.add(("day", "", n, noun))
    return out


def _annex_payment_term_conflict(ctx) -> tuple[str, Hit] | None:
    """``(clause id, hit)`` for the annex sentence whose payment term the body states
    otherwise (正文 ``收到发票后叁拾日内支付货款``, 附件 ``付款账期：票到后60天``; 正文 ``次月15日前付清``,
    附件 ``每月5日前支付``), or None.

    Compared only where the body states one term of the kind (a period in days, a period in
    working days, a day of the month) and the annex one of the same kind: a contract with
    several instalments states several, and those are not compared. Two statements of the
    time of payment that contradict each other are read by 民法典第一百四十二条、第四百六十六条;
    the time is then unclear (第五百一十条、第五百一十一条第四项). Reported on the annex's
    statement.
    """
    body_terms: set = set()
    annex: list[tuple[str, str, set]] = []
    for c, body, tail in _body_annex_parts(ctx):
        body_terms |= _payment_terms(body)
        for sent in _split(tail):
            if terms := _payment_terms(sent):
                annex.append((c.clause_id, sent, terms))
    annex_terms = set().union(*(ts for _, _, ts in annex)) if annex else set()
    for kind, unit in {(k, u) for k, u, _, _ in annex_terms}:
        b = {v for k, u, v, _ in body_terms if (k, u) == (kind, unit)}
        a = {v for k, u, v, _ in annex_terms if (k, u) == (kind, unit)}
        # the same fee, where both name one (租金 on the 10th and 水电费 on the 5th are two terms)
        nouns = {n for k, u, _, n in body_terms | annex_terms if (k, u) == (kind, unit) and n}
        if len(b) != 1 or len(a) != 1 or b == a or len(nouns) > 1:
            continue
        cid, sent = next((cid, s) for cid, s, ts in annex if any((k, u) == (kind, unit) for k, u, _, _ in ts))
        what = (f"每月{int(b.pop())}日前" if kind == "day" else f"{int(b.pop())}{'个工作日' if unit == '工作日' else '日'}内"), \
               (f"每月{int(a.pop())}日前" if kind == "day" else f"{int(a.pop())}{'个工作日' if unit == '工作日' else '日'}内")
        return cid, Hit(evidence=sent.strip(), sentence=sent, explanation=(
            f"正文约定的付款时间为{what[0]}，附件载明为{what[1]}；正文与附件对付款期限的约定相互矛盾，"
            "何时构成逾期付款、逾期违约金从何时起算将发生争议（民法典第一百四十二条、第四百六十六条、第五百一十一条）。"))
    return None


# a total the body states: 合同总价为…, 共计1,200吨, 授权用户数上限为200个 (the table's column named), each with a value
_AT_TOTAL = re.compile(r"总价款|总价|总金额|总额|合计|共计|总计|总量|总数量|总重量|总数")
# words that make the body's figure a part or a variant of what the annex totals
_AT_PART = re.compile(r"其中|包括|包含|另行|另计|另付|不含|除[^，。；]{0,12}外|以外|首批|首期|每批|每期|每月|每年|暂定|预计|估算|约"
                      r"|剩余|余款|尾款|首付|预付|定金|保证金|押金|第[一二三四五六七八九十\d]+(?:期|笔|次|批)|[（(][一二三四五六七八九十\d][)）]"
                      r"|分批|批次|分期|按季|按月|构成|组成|两部分|首年|第二年|自第")
# a money column a contract's total is the sum of (not a schedule of principal, interest or rent)
_AT_PRICE_HEAD = re.compile(r"金额|价款|总价|合价|价格|报价|费用|造价|预算|小计|合计")
_AT_NOT_PRICE_HEAD = re.compile(r"本金|利息|租金|保证金|押金|税额|税金|违约金")
_AT_GENERIC = re.compile(r"^(?:金额|数量|单价|价格|合计|小计|备注|序号|费用|总价|总额|名称|单位|规格|型号|税率|税额|说明)$")
_AT_UNIT = re.compile(r"[（(]\s*(?:人民币)?\s*(万元|元|吨|台|套|件|个|人|户|间|平方米|亩|公斤|千克|辆|名|家)\s*[)）]")
_VAT_FACTORS = (1.13, 1.09, 1.06, 1.03, 1.01)


def _fmt_amount(x: float) -> str:
    """``1,490,000`` or ``1,020.5``: an amount as a contract writes it, without a trailing .00."""
    return f"{int(x):,}" if x == int(x) else f"{x:,.2f}".rstrip("0").rstrip(".")


def _annex_total_conflict(ctx, rows_seen) -> tuple[str, Hit] | None:
    """``(clause id, hit)`` for the body sentence whose total an annex table's total row
    (合计, 总计) states otherwise, or None.

    Two shapes: the body states a total (合同总价, 共计, 总量 …) in the unit of one of the
    table's columns (``金额（元）``, ``数量（吨）``) in a sentence that sends the reader to the
    annex for its detail (附件, 清单, 明细); or the body names a column of the table itself
    (``授权用户数上限为200个`` against ``| 合计 | 150 |`` under ``授权用户数``). A body figure
    that is a part, a variant or an estimate (其中, 不含, 暂定, 每期 …) or differs from the
    annex's by a VAT rate (13%, 9%, 6%, 3%, 1%) is not compared. Two statements of one term
    that contradict each other are interpreted by their words, the related clauses and the
    purpose (民法典第一百四十二条、第四百六十六条); the term is then unclear (第五百一十条).
    Reported on the body sentence, where the contract states the term.
    """
    totals = []
    for c, head, rows in rows_seen:
        total = next((cells for cells, _ in rows[:300] if cells and _T_TOTAL_ROW.match(cells[0].strip())
                      and not cells[0].strip().startswith("小计")), None)
        if total is None or len(total) != len(head):
            continue
        data = [cells for cells, _ in rows[:300] if cells and not _T_TOTAL_ROW.match(cells[0].strip())]
        # an invoice layout (金额 | 税率 | 税额 | 价税合计): the contract price is the tax-inclusive column
        inclusive = [i for i, h in enumerate(head) if re.search(r"价税合计|含税(?:金额|价|总价|合计)", h)]
        for i in range(1, len(head)):
            if inclusive and i not in inclusive and _AT_PRICE_HEAD.search(head[i]):
                continue
            nums = _T_NUM.findall(total[i])
            if len(nums) != 1 or (v := parse_number(nums[0])) is None:
                continue
            u = _AT_UNIT.search(head[i])
            unit = u.group(1) if u else ""
            scale = 10000 if unit == "万元" else 1
            v, unit = v * scale, "元" if unit == "万元" else unit
            name = re.sub(r"[（(][^）)]*[）)]", "", head[i]).strip()
            # the column's own name is compared with the body only where every row states the total's value (授权用户数
            # 150 in each module row): a column of shares (认缴出资额 of each shareholder) sums to something else
            vals = [parse_number(n[0]) for cells in data if i < len(cells) and len(n := _T_NUM.findall(cells[i])) == 1]
            same = bool(vals) and all(x is not None and abs(x * scale - v) < 1e-6 for x in vals)
            totals.append((c, name, unit, v, same))
    # a table aligned with spaces: its total row (合计    1,020.000) keeps no columns, so it is read only where the
    # header has one column with a unit and the row one number
    for c, _, tail in _body_annex_parts(ctx):
        head = None
        for line in tail.splitlines()[:400]:
            cells = re.split(r"[ \u3000]{2,}|\t", line.strip())
            if head is None or len(cells) >= 3:
                if len(cells) >= 3 and not _row_cells(line):
                    head = head or cells
                continue
            if _T_TOTAL_ROW.match(cells[0]) and not cells[0].startswith("小计") and len(nums := _T_NUM.findall(line)) == 1:
                units = [(h, u.group(1)) for h in head if (u := _AT_UNIT.search(h))]
                if len(units) == 1 and (v := parse_number(nums[0])) is not None:
                    h, unit = units[0]
                    v, unit = (v * 10000, "元") if unit == "万元" else (v, unit)
                    totals.append((c, re.sub(r"[（(][^）)]*[）)]", "", h).strip(), unit, v, False))
            head = None
    if not totals:
        return None
    totals = totals[:20]  # a contract's annexes hold a few tables with totals, not thousands (bounded work)
    several: dict[str, bool] = {}  # a column name → whether the body gives it more than one value
    for c, body, _ in _body_annex_parts(ctx):
        for sent in _split(body):
            for frag in re.split(r"[；;]", sent.replace("\n", ""))[:50]:
                if len(frag) > 300 or _AT_PART.search(frag):
                    continue
                # a sentence that states the total and its parts (总价款…由设备价款和安装调试费35,000元构成) is no bare total
                values = {round(x[0], 2) for x in _kv_values(frag)}
                if len(values) != 1:
                    continue
                refers = re.search(r"附件|附表|清单|明细", frag) is not None
                m = _AT_TOTAL.search(frag)
                for _, name, unit, v, same in totals:
                    said = None
                    if same and 3 <= len(name) <= 10 and not _AT_GENERIC.match(name) and name in frag:
                        got = _kv_values_of(frag.replace("上限", ""), [name])
                        said = next((x[0] for x in got if not unit or x[1] == unit), None)
                        # the body giving the column several values (首年150个，次年起200个) states no single one
                        if name not in several:
                            several[name] = len({x[0] for f in _split(body) for x in _kv_values_of(f.replace("\n", ""), [name])}) > 1
                        if several[name]:
                            said = None
                    elif unit and refers and m \
                            and (unit != "元" or (_AT_PRICE_HEAD.search(name) and not _AT_NOT_PRICE_HEAD.search(name))):
                        got = _kv_values(frag[m.end(): m.end() + 24])
                        said = next((x[0] for x in got if x[1] == unit and not x[2]), None)
                    if said is None or abs(said - v) <= max(0.01, 0.0005 * v):
                        continue
                    if any(abs(said - v * f) <= max(1.0, 0.001 * v) or abs(v - said * f) <= max(1.0, 0.001 * said) for f in _VAT_FACTORS):
                        continue
                    return c.clause_id, Hit(evidence=frag.strip(), sentence=sent, explanation=(
                        f"正文约定为{_fmt_amount(said)}{unit}，附件表格“{name}”栏的合计为{_fmt_amount(v)}{unit}，"
                        "正文与附件对同一事项的约定相互矛盾，合同未约定以何者为准的，履行内容和应付金额将发生争议"
                        "（民法典第一百四十二条、第四百六十六条、第五百一十条）。"))
    return None


def _cell_date(cell: str) -> date | None:
    """The one date a table cell states (``2025年6月20日``, ``2025-06-20``, ``2025/6/20``), or None."""
    ds = [d for d, _ in _dates(cell)]
    for m in re.finditer(r"(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)", cell):
        try:
            ds.append(date(int(m[1]), int(m[2]), int(m[3])))
        except ValueError:
            continue
    return ds[0] if len(ds) == 1 else None


def _annex_schedule_after_deadline(body_frags, rows_seen) -> tuple[str, Hit] | None:
    """An annex delivery schedule whose every date falls after the deadline the body sets
    for delivering everything (``乙方应于2025年5月20日前将全部货物…送达``); see
    :func:`_annex_value_conflict`."""
    deadlines = []
    for frag in body_frags:
        if re.search(r"交货|送达|交付|供货|发货|运抵|运至|送至|到货", frag) and re.search(r"前|之前|以前", frag) \
                and not re.search(r"附件|附表|清单|分批", frag):
            ds = _dates(frag)
            if len(ds) == 1:
                deadlines.append((ds[0][0], frag.strip()))
    if len(deadlines) != 1:
        return None
    deadline, frag = deadlines[0]
    for c, head, rows in rows_seen:
        di = next((i for i, h in enumerate(head) if re.search(r"交货|交付|送达|到货", h) and re.search(r"日期|时间", h)), None)
        if di is None:
            continue
        dated = [(d, line) for cells, line in rows[:300] if di < len(cells) and (d := _cell_date(cells[di]))]
        if dated and all(d > deadline for d, _ in dated):
            d, line = dated[0]
            return c.clause_id, Hit(evidence=line.strip(), sentence=line, explanation=(
                f"正文约定于{_cn_date(deadline)}前交付（“{frag[:40]}”），附件交货计划载明的交货日期为{_cn_date(d)}，"
                "晚于正文的期限；正文与附件对履行期限的约定相互矛盾，迟延交货责任的起算将发生争议"
                "（民法典第一百四十二条、第四百六十六条、第五百一十一条）。"))
    return None


_UNIT_RATE_LEAD = r"单价|标准为|费率为|每(?:人|名|位|件|吨|台|次|小时|平方米|亩|个|份|单|箱|公斤|千克|人次|张|套|辆|课时)"
_PRICE_STATEMENT = re.compile(r"标准|单价|收费|价格|费用?(?:为|按)|每(?:人|月|年|次|件|台|小时|天|日)")


def _annex_unit_price_conflict(ctx) -> tuple[str, Hit] | None:
    """``(clause id, hit)`` for the first annex price-list row whose unit price the body
    states otherwise for the same item, or None.

    A row is read when its table has a unit-price column (``单价``, ``价格（元/…）``) and its
    first cell names an item; the item's name (the cell without its bracketed gloss, at
    least two characters) is looked up in the body's sentences that state a price
    (:data:`_PRICE_STATEMENT`) with one or two amounts. The row conflicts when the body
    names the item with a price and none of the body's amounts is the row's.
    """
    body_sents: list[str] = []
    for c, body, tail in _body_annex_parts(ctx):
        if body:
            body_sents += [x.replace("\n", "") for x in _split(body)]
        if not tail:
            continue
        for head, rows in table_blocks(tail):
            pi = next((i for i, h in enumerate(head) if _T_PRICE.search(h)), None)
            if pi is None or pi == 0:
                continue
            for cells, line in rows[:300]:  # a price list, not a hostile table of thousands of rows
                name = re.sub(r"[（(][^）)]*[）)]", "", cells[0]).strip()
                name = re.sub(r"(?:费|服务费|费用)$", "", name)
                v = _t_value(cells[pi], head[pi], True)
                if len(name) < 2 or not v or _T_TOTAL_ROW.match(cells[0]):
                    continue
                for sent in body_sents:
                    if name not in sent or not _PRICE_STATEMENT.search(sent) or re.search(r"附件|附表|清单|报价单", sent):
                        continue
                    # amounts stated as a price per unit (标准为每人每月45元, 单价…元, 45元/人), not a monthly minimum or a total
                    vals = [x for a in _C_YUAN.finditer(sent) if (x := _c_yuan_value(a)) and (
                        re.search(_UNIT_RATE_LEAD, sent[max(0, a.start() - 14): a.start()]) or re.match(r"\s*[）)]?\s*[/／]", sent[a.end(): a.end() + 4]))
                        and not re.search(r"最低|保底|合计|总计|总额|总价|共计", sent[max(0, a.start() - 14): a.start()])]
                    vals = sorted(set(vals))
                    if not 1 <= len(vals) <= 2 or any(abs(x - v) <= max(0.01, 0.001 * v) for x in vals):
                        continue
                    body = "、".join(f"{x:,.2f}元" for x in vals)
                    return c.clause_id, Hit(evidence=line.strip(), sentence=line, explanation=(
                        f"正文约定“{name}”的价格为{body}，附件价格表同一项目的单价为{v:,.2f}元；正文与附件对同一计价标准的约定相互矛盾，"
                        "合同未约定以何者为准的，实际应付金额将发生争议（民法典第一百四十二条、第四百六十六条、第五百一十条）。"))
    return None


# a worked calculation the contract writes out: 1,000万元×6%＋1,500万元×8%＝200万元, 85.6亩×900元＝77,040元
_F_NUM = r"\d[\d,]*(?:\.\d+)?\s*(?:万元|万|元|%|％|[\u4e00-\u9fff㎡]{1,3})?"
_F_OP = r"\s*[×xX*＋+－\-÷/]\s*"
_F_EXPR = rf"[（(]?\s*{_F_NUM}(?:{_F_OP}[（(]?\s*{_F_NUM}\s*[)）]?)*"
# a chain of equal expressions (提成＝30万×1.0%＋50万×1.5%＝0.3万＋0.75万＝1.05万元), the first with an operator;
# read around each equals sign within a bounded window, so a hostile run of numbers and operators stays linear
_F_LHS = re.compile(rf"[（(]?\s*{_F_NUM}(?:{_F_OP}[（(]?\s*{_F_NUM}\s*[)）]?)+\s*$")
_F_RHS = re.compile(rf"(?:\s*[=＝]\s*{_F_EXPR})+")


def _f_chains(flat: str) -> list[str]:
    """Each written calculation ``a×b＋c×d＝e[＝f…]`` in ``flat``, as text; at most 50 per
    sentence, each expression read within 120 characters of its equals sign."""
    out, covered = [], -1
    for k, eq in enumerate(re.finditer(r"[=＝]", flat)):
        if k >= 50:
            break
        p = eq.start()
        if p < covered:
            continue
        lm = _F_LHS.search(flat[max(0, p - 120): p])
        rm = _F_RHS.match(flat[p: p + 200]) if lm else None
        if rm:
            out.append(lm.group(0) + rm.group(0))
            covered = p + rm.end()
    return out


_F_TOKEN = re.compile(r"(?P<n>\d[\d,]*(?:\.\d+)?)\s*(?P<u>万元|万|元|%|％|[\u4e00-\u9fff㎡]{1,3})?|(?P<op>[×xX*＋+－\-÷/（()）])")


def _f_value(num: str, unit: str | None) -> float:
    v = float(num.replace(",", ""))
    if unit in ("%", "％"):
        return v / 100
    if unit in ("万元", "万"):
        return v * 10000
    return v


def _f_evaluate(expr: str) -> float | None:
    """The value of a written calculation (numbers with 万元/元/% and × ＋ － ÷, brackets),
    evaluated by Python's own arithmetic on a checked syntax tree; None when it is not one."""
    import ast
    out = []
    for t in _F_TOKEN.finditer(expr):
        if t["n"]:
            out.append(repr(_f_value(t["n"], t["u"])))
        else:
            out.append({"×": "*", "x": "*", "X": "*", "＋": "+", "－": "-", "÷": "/", "（": "(", "）": ")"}.get(t["op"], t["op"]))
    try:
        tree = ast.parse(" ".join(out), mode="eval")
    except SyntaxError:
        return None
    if not all(isinstance(n, (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Constant, ast.Add, ast.Sub, ast.Mult, ast.Div, ast.USub)) for n in ast.walk(tree)):
        return None
    try:
        return float(eval(compile(tree, "<formula>", "eval"), {"__builtins__": {}}, {}))  # noqa: S307 — numbers and + - * / only, checked above
    except (ZeroDivisionError, OverflowError):
        return None


def formula_arithmetic(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A calculation written out in the contract whose result is wrong
    (``1,000万元×6%＋1,500万元×8%＝200万元``: it is 180万元).

    Reads every ``expression ＝ result`` with at least one operator; units 万元/万 (×10,000),
    元 and % (÷100) are applied, other unit words (亩, 车次, 人) read as plain counts. Off by
    more than 0.5% (and one unit) is reported: a worked example or a computed figure is read
    as the parties' agreement on the method, and a wrong one leaves the price or the
    commission unclear (民法典第四百六十六条、第五百一十条).
    """
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        for chain in _f_chains(flat):
            parts = re.split(r"\s*[=＝]\s*", chain.strip())
            got = _f_evaluate(parts[0])
            wrong = None
            for part in parts[1:]:
                v = _f_evaluate(part)
                if got is None or v is None or got <= 0:
                    break
                if abs(got - v) > max(0.005 * max(got, v), 1.0 if v >= 100 else 0.005):
                    wrong = (part, v)
                    break
            if wrong:
                r = _F_TOKEN.match(wrong[0])
                shown = f"{got / 10000:,.4g}万" if wrong[1] >= 10000 and r and (r["u"] or "").startswith("万") else f"{got:,.2f}"
                return [Hit(evidence=chain.strip(), sentence=flat, explanation=(
                    f"条款写明的算式“{chain.strip()}”计算有误，按其数字计算结果应为{shown}；计算方法的示例或计算结果与约定的计价方式相互矛盾，"
                    "实际应付（应得）金额将发生争议（民法典第四百六十六条、第五百一十条）。"))]
    return []


def _sold_while_leased(ctx) -> tuple[str, Hit] | None:
    """``(clause id, hit)`` for the sentence stating a lease of the house sold whose term runs
    past the agreed handover date, with nothing said about ending it; None otherwise."""
    text = ctx.text or ""
    if not re.search(r"房屋|房产|住宅|商铺|不动产", text[:3000]) or re.search(
            r"放弃(?:行使)?(?:其)?优先购买权|(?:解除|终止)(?:该|原|上述)?租赁(?:合同|关系)|承租人[^。；]{0,20}(?:搬离|腾退|迁出|同意)", text):
        return None
    handover = None
    for x in _split(text):
        if re.search(r"交付|交房|腾空|移交", x) and (ds := _dates(x)) and re.search(r"前|之前|以前|当日|之日", x):
            handover = ds[0][0]
            break
    if handover is None:
        return None
    for c in ctx.clauses:
        for sent in _split(c.text):
            flat = sent.replace("\n", "")
            if not re.search(r"出租给|租给|租赁给|租赁情况|已出租|承租人|租期", flat):
                continue
            ds = _dates(flat)
            if ds and ds[-1][0] > handover and (len(ds) >= 2 or re.search(r"(?:租期|租赁期限?)[^。；，]{0,6}(?:至|到)", flat)):
                end = ds[-1][0]
                return c.clause_id, Hit(evidence=flat.strip(), sentence=flat, explanation=(
                    f"出卖的房屋现有租赁，租期至{_cn_date(end)}，晚于约定的交房日期（{_cn_date(handover)}前）；租赁物在承租人依据租赁合同占有期限内"
                    "发生所有权变动的，不影响租赁合同的效力（民法典第七百二十五条），承租人还享有同等条件下的优先购买权（第七百二十六条）。"
                    "合同只约定由卖方自行处理，没有承租人放弃优先购买权、按期腾退的安排和卖方不能交房的责任，买方可能无法按期取得空房。"))
    return None


def sold_while_leased(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A house sold while let, the lease running past the handover date, with no
    arrangement for the tenant (民法典第七百二十五条: sale does not break the lease;
    第七百二十六条: the tenant's pre-emption right). Not flagged: the tenant's waiver of
    pre-emption, the lease ended or the tenant's agreement to leave. Reported once per
    document, on the sentence that states the lease."""
    return _on_its_clause(clause, ctx, "sold_while_leased", lambda: _sold_while_leased(ctx))


# the transfer of title: 过户, 转移登记, 股权变更登记, 交割, the certificate issued to the buyer
_ENC_TRANSFER = r"(?:过户|转移登记|产权转移|(?:股权|工商|权属)?变更登记|权属登记|交割|不动产权证书?|房产证|产权证书?)"
# the seller's release of its mortgage or pledge: 解除/注销/涤除 抵押, 解押, 还清 the loan it secures
_ENC_RELEASE = re.compile(r"(?:解除|注销|涤除|撤销|撤除)[^。；，]{0,6}(?:抵押|质押)|(?:抵押|质押)(?:登记)?[^。；，]{0,4}(?:注销|解除|涤除)|解押|"
                          r"(?:清偿|还清|结清|偿还|归还)[^。；，]{0,12}(?:按揭|贷款|借款|抵押)")
_ENC_AFTER = re.compile(rf"{_ENC_TRANSFER}[^。；，]{{0,10}}?(?:完成|办妥|办理完毕|办结|完毕|取得|领取|颁发|核发|登记)?[^。；，]{{0,4}}?(?:之日起|之日后|后|以后|之后)")
_ENC_BEFORE = re.compile(rf"(?:申请|办理|递交|完成)?[^。；，]{{0,6}}{_ENC_TRANSFER}[^。；，]{{0,8}}?(?:前|之前|以前)|"
                         rf"(?:解除|注销|涤除)[^。；，]{{0,8}}(?:抵押|质押)[^。；]{{0,20}}(?:后|之后)[^。；]{{0,10}}(?:方可|再|才|始得|方能)[^。；]{{0,10}}{_ENC_TRANSFER}")
# the buyer takes the property subject to the charge with the chargee's consent (带押过户), or the
# price is paid straight to the chargee at registration: the order is arranged, not a risk
_ENC_ARRANGED = re.compile(r"带押过户|(?:抵押权人|质权人)[^。；，]{0,6}(?:书面)?同意[^。；，]{0,10}(?:转让|过户|出售|变更登记|转移登记)|转抵押|"
                           r"(?:直接|径行)[^。；，]{0,8}(?:支付|划付|划转)[^。；，]{0,8}(?:抵押权人|贷款银行|质权人)")


def _encumbrance_order(sent: str) -> str | None:
    """``"after"`` when the sentence times the seller's release of a mortgage or pledge on the
    thing sold after the transfer of title (``过户后三十日内解除抵押``), ``"before"`` when it
    times it before (``申请转移登记前注销抵押``), else None."""
    flat = sent.replace("\n", "")
    r = _ENC_RELEASE.search(flat)
    if not r or _ENC_ARRANGED.search(flat):
        return None
    if _ENC_BEFORE.search(flat):
        return "before"
    a = _ENC_AFTER.search(flat)
    if a and a.end() <= r.start() and r.start() - a.end() <= 40:
        return "after"
    return None


def _encumbrance_sentences(ctx) -> list[tuple[str, str, str]]:
    """``(clause id, sentence, "after"|"before")`` for each sentence that times the release of
    a charge on the thing sold against the transfer of title; empty where the contract
    arranges a transfer with the charge (带押过户, the chargee's consent)."""
    text = ctx.text or ""
    if _ENC_ARRANGED.search(text) or not re.search(r"抵押|质押", text):
        return []
    return [(c.clause_id, sent.replace("\n", "").strip(), order) for c in ctx.clauses for sent in _split(c.text)
            if (order := _encumbrance_order(sent))]


def encumbrance_released_after_transfer(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The seller's mortgage (or pledge) on the thing sold is to be released only after title
    passes to the buyer (``过户完成之日起三十日内清偿贷款并注销抵押``).

    Norm: a mortgaged thing may be transferred and the mortgage follows it (民法典第四百零六条:
    抵押财产转让的，抵押权不受影响; a pledged share likewise, 第四百四十三条); the seller owes a
    thing free of third-party rights (第六百一十二条). Timed after the transfer, the buyer
    pays and takes a title the chargee can still enforce against if the seller does not pay
    off its loan. Not flagged: release before the transfer is applied for, a transfer with
    the charge arranged with the chargee (带押过户, its written consent, the price paid
    straight to the chargee)."""
    ids = {cid: (sent, order) for cid, sent, order in _per_doc(ctx, "encumbrance_sentences", lambda: _encumbrance_sentences(ctx))
           if order == "after" and cid == clause.clause_id}
    if clause.clause_id in ids:
        sent = ids[clause.clause_id][0]
        return [Hit(evidence=sent, sentence=sent)]
    return []


def encumbrance_order_conflict(clause: Clause, ctx, params) -> Iterable[Hit]:
    """One clause has the seller release its mortgage (pledge) before the transfer of title
    and another only after it (民法典第四百六十六条: the terms contradict; 第四百零六条: a
    transfer before release leaves the buyer's title charged). Reported once per document,
    on the sentence that times the release after the transfer."""
    def find():
        found = _per_doc(ctx, "encumbrance_sentences", lambda: _encumbrance_sentences(ctx))
        before = [(cid, s) for cid, s, o in found if o == "before"]
        for cid, sent, order in found:
            if order == "after" and before:
                where = next((c.number.strip() for c in ctx.clauses if c.clause_id == before[0][0] and c.number), "前文")
                return cid, Hit(evidence=sent, sentence=sent, explanation=(
                    f"{where}约定卖方在办理转移登记之前解除抵押（质押），本条却约定在转移登记完成之后才清偿贷款、解除抵押，履行顺序前后矛盾；"
                    "抵押财产转让的，抵押权不受影响（民法典第四百零六条），若按本条先过户，买方取得的是仍负担抵押权的财产（第四百六十六条）。"))
        return None
    return _on_its_clause(clause, ctx, "encumbrance_order_conflict", find)


def co_owner_consent_missing(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A co-owned property disposed of with a warranty that no one else need consent.

    Norm: disposing of a co-owned immovable or movable needs the consent of co-owners of two
    thirds by share, or of all joint co-owners (民法典第三百零一条); a spouse's share of
    marital property likewise (第一千零六十二条). Flagged when the contract records co-ownership
    (共同共有, 按份共有, 共有人) and a sentence states the sale, lease or charge needs no third
    person's consent (``出售该房屋无需取得任何第三人的同意``); not when the co-owners sign or
    their written consent is attached.
    """
    if not _doc_search(ctx, r"共同共有|按份共有|共有人|共有情况[^。；\n]{0,4}(?:共同|按份)") or _doc_search(
            ctx, r"共有人[^。；]{0,12}(?:已|均已)(?:书面)?(?:同意|签字|签署|确认|出具)|(?:同意出售|同意出租|同意转让)(?:的)?(?:书面)?(?:声明|意见|确认书)|共有人(?:签字|签章)"):
        return []
    for sent in (ln for x in _split(clause.text) for ln in x.split("\n")):  # a table line is its own sentence
        flat = sent
        if re.search(r"(?:出售|处分|转让|抵押|出卖|处置)[^。；]{0,16}(?:无需|无须|不需|不必)(?:取得|征得|经)?(?:任何)?(?:其他)?(?:第三人|他人|其他人|任何人|共有人|配偶)(?:的)?(?:同意|许可|授权)", flat) \
                or re.search(r"(?:无需|无须|不需)(?:取得|征得|经)?(?:任何)?(?:第三人|他人|其他共有人|共有人|配偶)(?:的)?(?:同意|许可)[^。；]{0,10}(?:即可)?(?:出售|处分|转让|出租|抵押)", flat):
            return [Hit(evidence=flat.strip(), sentence=sent)]
    return []


_FEE_RATE = re.compile(rf"(?:佣金|中介费|居间费|服务报酬|代理费|服务费|报酬)[^。；]{{0,6}}(?:按|为|以)[^。；，]{{0,10}}?(?:成交|交易|挂牌|合同|总)(?:价格|价款|总价|价|金额)?(?:的)?\s*(?P<n>{_NUM})\s*[%％]|"
                       rf"(?:按|以)[^。；，]{{0,6}}(?:成交|交易|挂牌|合同|总)(?:价格|价款|总价|价|金额)(?:的)?\s*(?P<n2>{_NUM})\s*[%％][^。；，]{{0,10}}(?:支付|计付|收取)[^。；，]{{0,6}}(?:佣金|中介费|居间费|服务报酬|代理费|服务费|报酬)")


def termination_ld_above_fee(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A 违约金 for the principal's ending the mandate that exceeds the whole fee the agent
    would earn by completing it (``单方解除…按挂牌总价的3%支付违约金`` where the commission is
    2% of the price).

    Norm: the principal of a mandate or intermediation may end it at any time and owes the
    agent's loss, at most what performance would have earned (民法典第九百三十三条,
    第九百六十六条, 第五百八十四条); a 违约金 above the whole fee is beyond any loss and may
    be reduced (第五百八十五条第二款, 合同编通则解释第六十五条). Compared only when the fee and
    the 违约金 are both stated as percentages of the price."""
    fees = _per_doc(ctx, "fee_rates", lambda: [v for m in _FEE_RATE.finditer((ctx.text or "").replace("\n", ""))
                                                 if (v := parse_number(m["n"] or m["n2"])) is not None and 0 < v < 20])
    if not fees:
        return []
    fee = max(fees)
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        # the principal's own ending of the mandate (撤销委托, 撤牌, 单方解除本协议), not a sale's breach remedy (乙方有权解除合同)
        if not re.search(r"(?:撤销|撤回)(?:委托|挂牌|房源)|撤牌|(?:单方|提前|擅自|任意)(?:解除|终止)(?:本)?(?:委托|协议|合同)", flat) or "违约金" not in flat:
            continue
        for pct, m in parse_rate(flat):
            before = flat[max(0, m.start() - 14): m.start()]
            if re.search(r"(?:成交|交易|挂牌|合同|总)(?:价格|价款|总价|价|金额)(?:的)?\s*$", before) and pct > fee:
                return [Hit(evidence=flat.strip(), sentence=sent, explanation=(
                    f"委托人解除时须按价格的{pct:g}%支付违约金，高于受托方完成委托可得的全部报酬（价格的{fee:g}%）；"
                    "委托人可以随时解除委托，只须赔偿受托方的损失，以其可得利益为限（民法典第九百三十三条、第五百八十四条），"
                    "超过报酬的违约金过分高于损失，可请求减少（第五百八十五条第二款、合同编通则解释第六十五条）。"))]
    return []


_IR_PRINCIPAL = re.compile(r"(?:贷款|借款|融资|分期)(?:本金|金额|总额|额度)(?:为|是|：|:)?\s*(?:人民币)?\s*")
_IR_TERMS = re.compile(rf"(?:贷款|借款|分期|还款|融资)(?:期限|期数)(?:为|是|：|:)?\s*(?P<n>{_NUM})\s*(?:期|个月)|分\s*(?P<n2>{_NUM})\s*期")
_IR_RATE = re.compile(r"(?:年利率|年化利率|年化|年息)(?:为|是|：|:)?\s*(?P<r>\d+(?:\.\d+)?)\s*[%％]")
_IR_PAYMENT = re.compile(r"(?:月供|每期还款额?|每月还款额?|每期应还|每月应还|每期(?:应)?(?:支付|偿还)(?:金额)?)")


def _annuity(principal: float, annual_percent: float, n: int) -> float:
    """Equal instalment (等额本息) per month of ``principal`` over ``n`` months at
    ``annual_percent`` a year (monthly rate = annual / 12)."""
    i = annual_percent / 1200
    return principal / n if i == 0 else principal * i / (1 - (1 + i) ** -n)


def _instalment_rate_mismatch(ctx) -> tuple[str, Hit] | None:
    """``(clause id, hit)`` at the sentence stating an annual rate when the contract's own
    instalment for its principal and number of months is not what that rate gives."""
    text = ctx.text or ""
    if re.search(r"等额本金|先息后本|按月付息|到期还本|一次性还本", text):
        return None
    pm = _IR_PRINCIPAL.search(text)
    money = _C_YUAN.match(text, pm.end()) if pm else None
    principal = _c_yuan_value(money) if money else None
    tm = _IR_TERMS.search(text)
    n = parse_number(tm["n"] or tm["n2"]) if tm else None
    if not principal or not n or not 3 <= n <= 480:
        return None
    payment = None
    for pay in _IR_PAYMENT.finditer(text):
        a = _C_YUAN.search(text[pay.end(): pay.end() + 20])
        if a:
            payment = _c_yuan_value(a)
            break
        # a table: ｜期数｜每期还款额（元）｜合计还款额（元）｜ then ｜第1—36期｜4,986｜179,496｜
        for head, rows in table_blocks(text[text.rfind("\n", 0, pay.start()) + 1:])[:1]:
            col = next((i for i, h in enumerate(head) if _IR_PAYMENT.search(h)), None)
            if col is not None and rows:
                payment = _t_value(rows[0][0][col], head[col], True)
        if payment:
            break
    if not payment or payment * n < principal:
        return None
    for c in ctx.clauses:
        for sent in _split(c.text):
            flat = sent.replace("\n", "")
            r = _IR_RATE.search(flat)
            if not r:
                continue
            rate = float(r["r"])
            expected = _annuity(principal, rate, int(n))
            if abs(payment - expected) <= max(5.0, 0.02 * expected):
                return None
            lo, hi = 0.0, 200.0
            for _ in range(60):
                mid = (lo + hi) / 2
                lo, hi = (mid, hi) if _annuity(principal, mid, int(n)) < payment else (lo, mid)
            return c.clause_id, Hit(evidence=flat.strip(), sentence=flat, explanation=(
                f"合同载明年利率{rate:g}%，但按本金{principal:,.0f}元、{int(n)}期等额本息计算，每期应还约{expected:,.0f}元；合同约定的每期还款额为"
                f"{payment:,.0f}元，折合年利率约{lo:.1f}%。利率的表述与实际还款负担不符，借款人据此作出的决定建立在不真实的信息上"
                "（消费者权益保护法第二十条；民法典第四百六十六条）。"))
    return None


def instalment_rate_mismatch(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A stated annual rate that the contract's own instalments belie (``年利率3.99%``, while
    150,000 over 36 months at 4,986 a month is about 12% a year).

    The principal (贷款金额), the number of months (贷款期限…期) and the instalment (月供,
    每期还款额, in a sentence or a table) are read from the contract; the equal instalment the
    stated rate gives is compared with it (2% and 5 yuan tolerance) and the rate the instalment
    implies is found by bisection. Not read: 等额本金, interest-only loans. Norm: the
    information given to a consumer must be true and complete (消费者权益保护法第二十条); the
    contract's terms contradict each other (民法典第四百六十六条). Reported once per
    document, at the sentence stating the rate."""
    return _on_its_clause(clause, ctx, "instalment_rate_mismatch", lambda: _instalment_rate_mismatch(ctx))


_SHARE_ENTRY = re.compile(r"(?P<who>[\u4e00-\u9fa5]{2,6}?)(?:占|为|享有|持有|按|分得|承担)?\s*(?P<n>\d+(?:\.\d+)?)\s*[%％]")


def shares_do_not_add_up(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Parties' shares of one whole (profits, losses, the remaining assets, equity) that add
    up to more than 100%, or to less with nothing said of the rest
    (``按下列比例分配：许某45%，唐某35%，孟某25%``).

    Norm: the shares cannot all be performed; a partnership's profit-sharing agreed unclearly
    falls back on negotiation, then contributions, then equal shares (民法典第九百七十二条);
    terms that cannot be performed as written are interpreted by the related clauses and the
    purpose (第四百六十六条、第五百一十条)."""
    # a table with one column per party's share of the same base (| 渠道 | 甲方分成（占净收入） | 乙方分成（占净收入） |)
    for head, rows in table_blocks(clause.text):
        cols = [i for i, h in enumerate(head) if i and re.search(r"(?:甲方|乙方|丙方|[\u4e00-\u9fa5]{1,4}方|合伙人|股东)[^｜|]{0,4}(?:分成|分配|份额|比例|所得)", h)
                and not re.search(r"渠道|平台|税|手续", h)]
        bases = {re.sub(r"^.*?(?:分成|分配|份额|比例|所得)", "", head[i]) for i in cols}
        if len(cols) < 2 or len(bases) != 1:
            continue  # shares of different bases (占总流水 / 占净收入) do not add up to one whole
        for cells, line in rows:
            vals = [re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*[%％]\s*", cells[i]) for i in cols]
            if all(vals) and abs(sum(float(v.group(1)) for v in vals) - 100) > 0.01:
                total = sum(float(v.group(1)) for v in vals)
                return [Hit(evidence=line.strip(), sentence=line, explanation=(
                    f"表格该行{'、'.join(head[i] for i in cols)}分别为{'、'.join(cells[i] for i in cols)}，合计{total:g}%，不等于100%，"
                    "该渠道的收入无法按约分配（民法典第四百六十六条、第五百一十条）。"))]
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        if not re.search(r"利润|亏损|收益|盈余|剩余财产|份额|股权|股份|出资比例|分配比例|持股比例|分成|分红", flat):
            continue
        tail = flat[m.end():] if (m := re.search(r"(?:比例|如下|下列)[^。；：:]{0,10}[：:]", flat)) else flat
        entries = [e for e in _SHARE_ENTRY.finditer(tail) if not re.search(r"提取|提留|税|费|发展基金|公积金|年化|利率|违约金|不超过|不低于|以上|以下", tail[max(0, e.start() - 8): e.end()])]
        if len(entries) < 2 or len({e["who"] for e in entries}) != len(entries):
            continue
        # the entries sit in one list: only separators between them
        if any(not re.fullmatch(r"\s*[，,、；;和及与]?\s*", tail[a.end(): b.start()]) for a, b in zip(entries, entries[1:], strict=False)):
            continue
        total = sum(float(e["n"]) for e in entries)
        if total > 100.01 or (total < 99.99 and not re.search(r"其余|剩余部分|余下|其他", tail[entries[-1].end():])):
            parts = "、".join(f"{e['who']}{e['n']}%" for e in entries)
            return [Hit(evidence=flat.strip(), sentence=sent, explanation=(
                f"条款约定的分配比例为{parts}，合计{total:g}%，{'超过' if total > 100 else '不足'}100%，无法按约分配；"
                "比例约定不明的，按协商、实缴出资比例或平均分配确定（民法典第九百七十二条），相关条款前后矛盾（第四百六十六条、第五百一十条）。"))]
    return []


_ALL_INCLUSIVE = re.compile(r"包干价|全包价|一口价|总价包干|(?:不再|不)(?:另行|额外)?(?:收取|加收|计收)(?:任何)?其他(?:任何)?费用|已包含(?:全部|所有|一切)费用|为[^。；，]{0,12}全部(?:服务|费用)的(?:包干)?(?:价格|价款|总价)")
_SURCHARGE = re.compile(rf"(?:不含|未含|另行|另外|额外|单独)[^。；]{{0,16}}(?:{_NUM}\s*[%％])[^。；]{{0,10}}(?:服务费|附加费|管理费|手续费|开瓶费|包间费)|"
                        rf"(?:{_NUM}\s*[%％])(?:的)?(?:服务费|附加费|管理费)[^。；]{{0,16}}(?:另行|另外|额外|单独)?(?:计收|收取|加收)|加收[^。；，]{{0,10}}{_NUM}\s*[%％]|"
                        rf"(?:{_NUM}\s*[%％])[^。；，]{{0,4}}(?:另行|另外|额外|单独)(?:计收|收取|加收)[^。；，]{{0,4}}(?:服务费|附加费|管理费)")


def _surcharge_beyond_all_inclusive(ctx) -> tuple[str, Hit] | None:
    text = ctx.text or ""
    inclusive = _ALL_INCLUSIVE.search(text)
    if not inclusive:
        return None
    for c in ctx.clauses:
        for sent in _split(c.text):
            flat = sent.replace("\n", "")
            if _SURCHARGE.search(flat) and not _ALL_INCLUSIVE.search(flat) and not re.search(r"(?:甲方|客户|买方|委托方)[^。；，]{0,8}(?:书面)?(?:要求|申请)(?:增加|另行)", flat):
                return c.clause_id, Hit(evidence=flat.strip(), sentence=flat, explanation=(
                    f"合同一处写明价款为包干价、不再收取其他费用（“{inclusive.group(0)}”），此处却另按比例加收服务费等费用；"
                    "价款前后矛盾，加收的部分以注释或附件方式出现，未以显著方式提示对方（民法典第四百六十六条、第四百九十六条第二款）。"))
    return None


def surcharge_beyond_all_inclusive(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A percentage surcharge (服务费 15%, 附加费) added in a note or an annex to a price the
    contract calls all-inclusive (包干价格, 不再收取其他费用).

    Norm: the price is a main term; two statements of it that contradict each other are
    interpreted by the related clauses and the purpose (民法典第四百六十六条), and a standard
    term that adds to the other side's burden must be drawn to its attention (第四百九十六条
    第二款). Not flagged: items the client asks to add. Reported once per document, at the
    surcharge."""
    return _on_its_clause(clause, ctx, "surcharge_beyond_all_inclusive", lambda: _surcharge_beyond_all_inclusive(ctx))


def _sublease_consent_conflict(ctx) -> tuple[str, Hit] | None:
    """``(clause id, hit)`` at the sentence letting the tenant sublet without the landlord's
    consent when another sentence makes subletting without consent a ground to terminate
    or a breach."""
    free = banned = None
    for c in ctx.clauses:
        for sent in _split(c.text):
            flat = sent.replace("\n", "")
            if "转租" not in flat and "分租" not in flat:
                continue
            if free is None and re.search(r"(?:无须|无需|不需|不必)(?:另行)?(?:取得|征得|经)?[^。；，]{0,6}(?:甲方|出租人|出租方)?[^。；，]{0,4}(?:同意|许可|书面同意)", flat) \
                    and re.search(r"(?:可|可以|有权)[^。；]{0,40}(?:转租|分租)", flat):
                free = (c.clause_id, flat.strip())
            elif banned is None and re.search(r"未经[^。；，]{0,10}(?:同意|许可)[，,]?[^。；，]{0,10}(?:擅自)?[^。；，]{0,10}(?:转租|分租|转借)", flat):
                banned = (c.clause_id, flat.strip())
    if free and banned and free[0] != banned[0]:
        return free[0], Hit(evidence=free[1], sentence=free[1], explanation=(
            "一处约定承租人转租无须出租人同意，另一处却把未经出租人同意转租列为违约或出租人解除合同的事由，两处约定相互矛盾；"
            "承租人未经出租人同意转租的，出租人可以解除合同（民法典第七百一十六条第二款），承租人依前一处约定转租后可能面临被解除（第四百六十六条）。"))
    return None


def sublease_consent_conflict(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A lease that lets the tenant sublet without consent in one clause and treats
    subletting without consent as a breach or a ground to terminate in another (民法典
    第七百一十六条, 第四百六十六条). Reported once per document, at the permissive sentence."""
    return _on_its_clause(clause, ctx, "sublease_consent_conflict", lambda: _sublease_consent_conflict(ctx))


def exclusivity_hollowed(clause: Clause, ctx, params) -> Iterable[Hit]:
    """An exclusive agency or distribution whose principal keeps the right to sell into the
    territory itself, without the agent's commission or any limit (``对于重点客户，甲方保留直接
    洽谈和销售的权利，该等订单不计入乙方销售额``).

    Norm: the parties' terms are read together and by the contract's purpose (民法典第一百四十二条、
    第四百六十六条); an exclusive grant and a reserved direct-sales right over the same
    territory contradict each other, and the agent loses the commission the exclusivity was
    bought for. Flagged when the contract grants 独家代理/独家经销/独家销售 and a sentence lets the
    principal sell or negotiate directly (保留…直接/自行…销售|洽谈|供货) without paying the agent;
    a reservation that still credits the agent (计入乙方销售额, 照付佣金) is not.
    """
    if not _per_doc(ctx, "exclusive_grant", lambda: bool(re.search(r"独家(?:代理|经销|销售|分销|授权)|排他(?:性)?(?:代理|经销|授权)|区域保护|独占区域|区域独家", ctx.text or ""))):
        return []
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        # a franchisor's own outlets carved out of the protected territory it granted (甲方在该区域内开设的直营店
        # 及外卖卫星店，不受本合同区域保护条款限制)
        if re.search(r"(?:开设|设立|经营|发展)[^。；]{0,24}(?:直营|自营|门店|店铺|网点|卫星店|加盟店)[^。；]{0,24}不受[^。；]{0,12}(?:区域保护|独家|排他|独占)[^。；]{0,8}限制", flat) \
                and not re.search(r"区域(?:以|之)外|范围(?:以|之)外", flat):
            return [Hit(evidence=flat.strip(), sentence=sent, explanation=(
                "合同一处承诺在保护区域内不再开设门店、授予区域保护，另一处又允许授予方在同一区域开设直营店或其他网点且不受区域保护限制，"
                "两处约定相互矛盾，被授予方为区域保护支付的对价落空，争议时按相关条款、合同目的和诚信原则解释（民法典第一百四十二条、第四百六十六条）。"))]
        m = re.search(r"(?:甲方|委托方|委托人|供应商|供货方|生产商|厂家|本公司)[^。；，]{0,12}(?:保留|有权|可以|可)[^。；，]{0,10}(?:直接|自行)[^。；，]{0,16}(?:洽谈|销售|供货|签约|签订|接洽|开发)", flat)
        if not m or re.search(r"不得|不在[^。；，]{0,8}(?:代理区域|区域内)|区域(?:以|之)外", flat):
            continue
        if re.search(r"不(?:计入|计算在)|(?:不|无权|无需)[^。；，]{0,8}(?:享有|主张|支付|计付|取得|获得)[^。；，]{0,8}(?:佣金|提成)", flat):
            return [Hit(evidence=flat.strip(), sentence=sent)]
    return []


def annex_rate_conflict(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A rate of the consideration (返利, 版税, 佣金, 融资比例, 费率 …) stated in an annex with
    values the body never states for it.

    The body's and the annexes' rates are read per rate noun and period from fragments
    that state exactly one percentage beside exactly one rate noun (:func:`_rates_by_noun`);
    the annexes begin at the first annex title line (:func:`_annex_title`). A conflict is
    an annex value set disjoint from the body's (tiers written the same way in both agree).
    Two clauses that contradict each other are interpreted by their words, the related
    clauses and the purpose (民法典第一百四十二条、第四百六十六条); the price term is then
    unclear (第五百一十条). Failing a rate, an annex price-list row whose unit price the body
    states otherwise for the same item (:func:`_annex_unit_price_conflict`). Reported once per
    document, on the annex sentence or row.
    """
    return _on_its_clause(clause, ctx, "annex_rate_conflict", lambda: _annex_rate_conflict(ctx) or _annex_unit_price_conflict(ctx))


def annex_value_conflict(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A value an annex table states for a named item (a count, a fee, a unit price, a
    delivery date) that the body states otherwise (:func:`_annex_value_conflict`).

    Two clauses that contradict each other are interpreted by their words, the related
    clauses and the purpose (民法典第一百四十二条、第四百六十六条); the term is then unclear
    (第五百一十条、第五百一十一条). Reported once per document, on the annex row — or, for a
    total the annex's total row contradicts (:func:`_annex_total_conflict`), on the body
    sentence; a rate or a unit price the rate check reads (:func:`annex_rate_conflict`) is left
    to it.
    """
    if _per_doc(ctx, "annex_rate_conflict", lambda: _annex_rate_conflict(ctx) or _annex_unit_price_conflict(ctx)):
        return []
    return _on_its_clause(clause, ctx, "annex_value_conflict", lambda: _annex_value_conflict(ctx))


_T_QTY = re.compile(r"数量|工程量|面积|重量|件数|台数|人数|天数|课时|工时|用量|工作量|车次|趟次|趟数|班次|批次数")
_T_PRICE = re.compile(r"单价|运价|单次价格|每(?:车次|趟|次)(?:价格|费用|运费)|(?:价格|租金|月租|日租|费用|服务费|运费)\s*[（(]\s*(?:万)?元\s*/")
# a column of periods a per-period price is multiplied by: 租期（月）, 服务月数, 天数
_T_PERIOD = re.compile(r"租期|租赁期|期限|月数|期数|时长|工期|服务期|使用期|计费天数|租赁天数")
# (a subtotal per period is money too: 小计（元/月）)
_T_MONEY = re.compile(r"金额|总价|合价|总额|价款|费用|小计|运费|[（(]\s*(?:万)?元\s*(?:/\s*(?:月|年|季|期|次))?\s*[）)]|目标|额")
_T_NUM = re.compile(r"\d[\d,]*(?:\.\d+)?")


def table_blocks(text: str) -> list[tuple[list[str], list[tuple[list[str], str]]]]:
    """The tables of ``text`` that have a header row (:func:`table_runs`), as ``(header cells,
    [(row cells, row line), ...])``; rows whose cell count differs from the header's are
    left out, and a table with no row left is not returned."""
    return [(head, kept) for head, rows in table_runs(text) if head
            for kept in ([r for r in rows if len(r[0]) == len(head)],) if kept]


_T_CURRENCY = re.compile(r"^(?:USD|US\$|RMB|CNY|EUR|HKD|JPY|GBP|\$|¥|￥|€)|(?<=\d)(?:USD|RMB|CNY|EUR|HKD|JPY|GBP)(?=$|/)", re.I)


def _t_currency(*cells: str) -> str:
    """The currency the cells name (``USD 1,850/柜`` → 美元), 元 when none."""
    flat = " ".join(cells)
    for rx, name in ((r"USD|US\$|美元|\$", "美元"), (r"EUR|欧元|€", "欧元"), (r"HKD|港元|港币", "港元"), (r"JPY|日元", "日元"), (r"GBP|英镑", "英镑")):
        if re.search(rx, flat, re.I):
            return name
    return "元"


def _t_value(cell: str, header: str, money: bool) -> float | None:
    """The number a table cell states (``128平方米`` → 128, ``1,083,000.00``); a money cell
    in 万元 (by the cell or the header) is given in yuan. None when the cell holds no
    number or two (``30,000–35,000``, a model code such as ``LT-NTC-10K``). A money cell written
    in words only (``叁拾贰万元整``) is read as its amount. A cell over 300 characters is prose, not
    a figure, and is not read (the patterns below backtrack quadratically on a long run of digits)."""
    if len(cell) > 300:
        return None
    flat = re.sub(r"[（(][^）)]*[）)]", "", cell.replace(" ", ""))  # a gloss: 256,000元（其中192,000元为定金）
    flat = _T_CURRENCY.sub("", flat)  # a currency code is no model code: USD 1,850/柜, RMB 600
    nums = _T_NUM.findall(flat)
    if money and not nums and (w := re.fullmatch(r"(?:人民币|RMB)?(?P<n>[零〇壹贰叁肆伍陆柒捌玖拾佰仟万亿一二三四五六七八九十百千两]+)(?P<u>万?元)(?:整|正)?", flat)):
        v = parse_number(w["n"])  # an amount written in words only: 叁拾贰万元整
        return None if v is None else v * (10000 if w["u"] == "万元" else 1)
    if len(nums) != 1 or re.search(r"[A-Za-z][\w-]*\d|\d[\w-]*[A-Za-z]|[-–—~～至]\s*\d", flat):
        return None
    v = parse_number(nums[0])
    if v is None or not money:
        return v
    after = flat[flat.find(nums[0]) + len(nums[0]):]
    return v * 10000 if after.startswith("万") or (re.search(r"万元", header) and not after.startswith("元")) else v


# columns that are periods of one series (第一季度 … 第四季度, 1月 … 12月, 2025年 2026年, 第一期 第二期):
# their sum is what a total column of the same row states; 合计 after 数量 and 单价 is a product, not a sum
_T_SERIES = re.compile(r"^\s*(?:第[一二三四五六七八九十\d]{1,3}(?:季度|期|年度?|个?月|阶段|批|周)|[一二三四五六七八九十\d]{1,2}月(?:份)?|"
                       r"Q[1-4]|[上下]半年|\d{4}\s*年度?|[一二三四]季度)\s*(?:[（(][^）)]*[）)])?\s*$")
_T_TOTAL_COL = re.compile(r"合计|总计|共计|全年|年度合计|总额|总数|小计")


def _t_row_total(head: list[str], body: list[tuple[list[str], str]]) -> Hit | None:
    """A row whose total column does not equal the sum of its period columns (``| 提车目标 | 60 |
    80 | 90 | 100 | 360 |`` under ``季度 | 第一季度 | … | 第四季度 | 年度合计``); None when every
    row adds up, or the columns beside the total are not periods of one series (at least two
    columns of :data:`_T_SERIES`, and no other numeric column)."""
    ti = next((i for i in range(len(head) - 1, 0, -1) if _T_TOTAL_COL.search(head[i])), None)
    series = [i for i, h in enumerate(head) if i and i != ti and _T_SERIES.match(h)]
    if ti is None or len(series) < 2 or any(i not in series and i != ti for i in range(1, len(head))):
        return None
    money = bool(_T_MONEY.search(head[ti]) and re.search(r"元|金额|价|费", head[ti]))
    for cells, line in body:
        # a rate, a share, a unit price or a running total is not summed across periods
        if re.search(r"比例|比率|利率|费率|税率|单价|价格|累计|累积|占比|率|均价|平均", cells[0]) or \
                any(re.search(r"[%％‰]|负|^\s*[-−]", c) for c in cells[1:]):
            continue
        total = _t_value(cells[ti], head[ti], money)
        # a dash in a period column (a year that starts in May has no first quarter) adds nothing
        values = [0.0 if re.fullmatch(r"\s*[—\-–/／无]+\s*", cells[i]) else _t_value(cells[i], head[i], money) for i in series]
        if total is None or any(v is None for v in values) or sum(1 for v in values if v) < 2:
            continue
        if abs(sum(values) - total) > max(0.5, 0.001 * total):
            parts = " + ".join(f"{v:,.10g}" for v in values) if len(values) <= 12 else f"{len(values)}栏之和"
            cols = "、".join(head[i].strip() for i in series) if len(series) <= 12 else f"{head[series[0]].strip()}至{head[series[-1]].strip()}各栏"
            expl = (f"表格“{cells[0].strip() or head[0]}”一行中{cols}各为{parts}，相加为"
                    f"{sum(values):,.10g}，“{head[ti].strip()}”一栏却载明{total:,.10g}，相差{abs(sum(values) - total):,.10g}；"
                    f"分期数额与合计相互矛盾，以合计为基数的考核、返利、违约金或付款将发生争议（民法典第四百六十六条、第五百一十条）。")
            return Hit(evidence=line.strip(), sentence=line, explanation=expl)
    return None


_T_UNIT_SEP = re.compile(r"[·・•×*/]")


_T_SPAN = re.compile(r"第?\s*(?P<a>[一二三四五六七八九十\d]{1,3})\s*(?:个)?(?P<u>年|年度|月|期|季度)?\s*(?:至|到|—|－|-|–|~|～)\s*第?\s*"
                     r"(?P<b>[一二三四五六七八九十\d]{1,3})\s*(?:个)?(?P<u2>年度?|月|期|季度)")


def _t_span(cells: list[str], i: int) -> int:
    """How many periods a row's amount counts for in a column total: the span its label names
    (``第三年至第五年``, ``第6-8年``) when the amount is stated per period (``每年1,260,000``,
    ``1,260,000/年``); 1 otherwise."""
    if not re.search(r"每(?:年|个?月|期|季度?)|[/／](?:年|月|期|季)", cells[i]):
        return 1
    for c in cells[:i]:
        if (m := _T_SPAN.search(c)) and (a := parse_number(m["a"])) and (b := parse_number(m["b"])) and 1 < b - a + 1 <= 100:
            return int(b - a + 1)
    return 1


def _t_unit_factors(head: list[str], pi: int, ai: int) -> list[int] | None:
    """The columns a compound unit price multiplies (``单价（元/吨·公里）`` × ``运距（公里）`` ×
    ``载量（吨）``): one column per unit of the price's denominator, each named by that unit
    in its header's brackets or at its end; None unless the price has two units or more and
    every unit names exactly one other column."""
    m = re.search(r"元\s*/\s*([^）)]+)", head[pi])
    units = [u.strip() for u in _T_UNIT_SEP.split(m.group(1))] if m else []
    if len(units) < 2 or not all(units):
        return None
    cols = []
    for u in units:
        found = [i for i, h in enumerate(head) if i not in (pi, ai, *cols)
                 and re.search(rf"[（(]\s*{re.escape(u)}\s*[）)]|{re.escape(u)}\s*$", h)]
        if len(found) != 1:
            return None
        cols.append(found[0])
    return cols


def _table_arithmetic(ctx) -> tuple[str, Hit] | None:
    """``(clause id, hit)`` for the first table whose arithmetic does not hold: a row's
    quantity × unit price against its amount, a row's total column against the sum of its
    period columns (:func:`_t_row_total`), or a total row against the sum of the rows above
    it (same column); None when every table adds up."""
    for c in ctx.clauses:
        for head, rows in table_blocks(unglossed(c.text)):
            body = [(cells, line) for cells, line in rows if _t_total_label(cells) is None and not cells[0].startswith("其中")]
            totals = [(cells, line) for cells, line in rows if _t_total_label(cells) is not None]
            qi = next((i for i, h in enumerate(head) if _T_QTY.search(h) and not _T_PRICE.search(h)), None)
            pi = next((i for i, h in enumerate(head) if _T_PRICE.search(h)), None)
            # (the first column names the rows: 费用项目 is a label, not the amount)
            ai = next((i for i, h in enumerate(head) if i and _T_MONEY.search(h) and not _T_PRICE.search(h) and i not in (qi, pi)), None)
            ti = next((i for i, h in enumerate(head) if _T_PERIOD.search(h) and i not in (qi, pi, ai)), None)
            if qi is None and pi is not None and ai is not None and (fi := _t_unit_factors(head, pi, ai)):
                for cells, line in body:
                    p, a = _t_value(cells[pi], head[pi], True), _t_value(cells[ai], head[ai], True)
                    fs = [_t_value(cells[i], head[i], False) for i in fi]
                    if not p or not a or not all(fs):
                        continue
                    expected = p * math.prod(fs)
                    if abs(expected - a) > max(1.0, 0.002 * a):
                        cur = _t_currency(cells[pi], cells[ai], head[pi], head[ai])
                        factors = "、".join(f"{head[i].strip()}{f:g}" for i, f in zip(fi, fs))
                        expl = (f"表格该行单价{p:g}{cur}（{head[pi].strip()}）乘以{factors}，应为{expected:,.2f}{cur}，该行载明的金额为{a:,.2f}{cur}，"
                                f"相差{abs(expected - a):,.2f}{cur}；以该行金额为基数的合计、结算及付款随之失真，应付价款不明确"
                                "（民法典第四百六十六条、第五百一十条）。")
                        return c.clause_id, Hit(evidence=line.strip(), sentence=line, explanation=expl)
            if qi is not None and pi is not None and ai is not None:
                for cells, line in body:
                    q, p = _t_value(cells[qi], head[qi], False), _t_value(cells[pi], head[pi], True)
                    a = _t_value(cells[ai], head[ai], True)
                    # a price per period times the periods too (数量 × 月租金 × 租期): the period column is a factor
                    t = _t_value(cells[ti], head[ti], False) if ti is not None else None
                    expected = q * p * t if q and p and t else (q * p if q and p else None)
                    if expected and a and abs(expected - a) > max(1.0, 0.002 * a) and abs(q * p - a) > max(1.0, 0.002 * a):
                        times = f"、{head[ti]}{t:g}" if t else ""
                        cur = _t_currency(cells[pi], cells[ai], head[pi], head[ai])
                        expl = (f"表格该行数量{q:g}、单价{p:,.2f}{cur}{times}，相乘应为{expected:,.2f}{cur}，该行载明的金额为{a:,.2f}{cur}，"
                                f"相差{abs(expected - a):,.2f}{cur}；以该行金额为基数的合计、总价及付款比例随之失真，应付价款不明确"
                                "（民法典第四百六十六条、第五百一十条）。")
                        return c.clause_id, Hit(evidence=line.strip(), sentence=line, explanation=expl)
            if (hit := _t_row_total(head, body)) is not None:
                return c.clause_id, hit
            if (hit := _t_rate_row(head, body, totals)) is not None:
                return c.clause_id, hit
            if (hit := _t_month_year(head, body)) is not None:
                return c.clause_id, hit
            if not totals and (hit := _t_total_line_after(c.text, head, body)) is not None:
                return c.clause_id, hit
            # one total (or a total for a period followed by totals for longer ones: 月合计, then 季度预缴合计,
            # which multiply it); subtotals of sections are not summed here
            if not totals or (len(totals) > 1 and not _T_PERIOD_TOTAL.match(_t_total_label(totals[0][0]) or "")) \
                    or any(_t_total_label(cells).strip().startswith("小计") for cells, _ in totals):
                continue
            label_at = next(i for i, c in enumerate(totals[0][0]) if c.strip())
            # the rows a total sums are those above it (a one-off fee listed under the total is not in it)
            above = [(cells, line) for cells, line in rows[:rows.index(totals[0])] if (cells, line) in body]
            # rows left out of an excerpt (期数 1, 2, 3, 12; a row of …… or 略) do not sum to the whole's total
            seq = [int(x) for cells, _ in above if (x := cells[0].strip()).isdigit()]
            if any(re.fullmatch(r"[.…。·\s]*|略|……|\.\.\.", cells[0].strip()) and not any(x.strip() for x in cells[1:3])
                   for cells, _ in above) or any(b - a > 1 for a, b in zip(seq, seq[1:])):
                continue
            # a total that names what it leaves out (合计（不含社保补贴）, 除运费外合计) does not sum those rows
            label = _t_total_label(totals[0][0]) or ""
            if m := re.search(r"(?:不含|不包括|除)([^）)，、外]{2,12})", label):
                left_out = [w for w in re.split(r"[及和与、]", m.group(1)) if len(w) >= 2]
                above = [(cells, line) for cells, line in above
                         if not (cells[0].strip() and any(w in cells[0] or cells[0].strip() in w for w in left_out))]
            for i, h in enumerate(head):
                if i <= label_at or not _T_MONEY.search(h) or _T_PRICE.search(h):
                    continue
                total = _t_value(totals[0][0][i], h, True)
                values = [v * _t_span(cells, i) if v is not None else None
                          for cells, _ in above for v in (_t_value(cells[i], h, True),)]
                if any(v is None and not re.fullmatch(r"[—\-–/无]*", cells[i].strip()) for v, (cells, _) in zip(values, above)):
                    continue  # a cell that cannot be read (按实际, a range): the column's sum is unknown
                known = [v for v in values if v is not None]
                if total and len(known) >= 2 and (hit := _column_sum_hit(h, known, total, totals[0][1], "合计行")):
                    return c.clause_id, hit
    return _annex_sum_against_body(ctx) or _escalation_rows(ctx)


# a yearly increase the contract states: 自第二个租赁年度起，年租金在上一年度基础上递增百分之五 / 每年递增3%
_ESCALATION = re.compile(r"(?:每年|逐年|每(?:一|个)?(?:租赁|合同|承包|服务|经营)?年度|上一?(?:个)?(?:租赁|合同|承包|服务|经营)?年度?(?:的)?(?:租金|价格|费用|承包费|服务费)?(?:的)?基础上|"
                         r"上年(?:度)?(?:的)?(?:租金|价格|费用|承包费|服务费)?(?:的)?基础上)[^。；]{0,16}?(?:递增|上涨|增长|增加|上浮|调增)"
                         r"(?:百分之(?P<cn>[一二三四五六七八九十]+(?:点[一二三四五六七八九十]+)?)|(?P<d>\d+(?:\.\d+)?)\s*[%％])")
_YEAR_ROW = re.compile(r"^\s*第\s*(?P<n>[一二三四五六七八九十\d]{1,3})\s*(?:个)?(?:租赁|合同|承包|服务|经营)?(?:年度?|年)\s*$")


def _escalation_rows(ctx) -> tuple[str, Hit] | None:
    """``(clause id, hit)`` for a row of a yearly table that departs from the yearly increase
    the contract states (``年租金在上一年度基础上递增百分之五`` against ``| 第五年 | … |
    457,582.25 |`` where 437,582.25 follows): rows labelled 第一年, 第二年 … in order, the first
    money column, each year read as the first year's amount increased (compound or simple
    increase, or the year before increased; whichever fits more rows), 0.05% and 1 yuan
    tolerated. At least two later years must fit; None otherwise (民法典第四百六十六条、第五百一十条:
    two statements of one sum leave it undetermined)."""
    m = _ESCALATION.search(unglossed(ctx.text or ""))
    if not m:
        return None
    rate = (parse_number(m["cn"]) if m["cn"] else float(m["d"])) or 0
    if not 0 < rate <= 50:
        return None
    r = rate / 100
    for c in ctx.clauses:
        for head, rows in table_blocks(unglossed(c.text)):
            mi = next((i for i, h in enumerate(head) if i and _T_MONEY.search(h) and not _T_PRICE.search(h)), None)
            if mi is None:
                continue
            years = []
            for cells, line in rows:
                y = _YEAR_ROW.match(cells[0])
                v = _t_value(cells[mi], head[mi], True)
                if y and v and (n := parse_number(y["n"])):
                    years.append((int(n), v, line))
            if len(years) < 3 or [n for n, _, _ in years] != list(range(1, len(years) + 1)):
                continue
            base = years[0][1]
            close = lambda a, b: abs(a - b) <= max(1.0, 0.0005 * b)
            models = {"compound": lambda k: base * (1 + r) ** k, "simple": lambda k: base * (1 + r * k)}
            best = max(models, key=lambda name: sum(close(v, models[name](k)) for k, (_, v, _) in enumerate(years) if k))
            expect = models[best]
            misfit = [(k, v, line) for k, (_, v, line) in enumerate(years) if k and not close(v, expect(k))
                      and not close(v, years[k - 1][1] * (1 + r))]
            fits = len(years) - 1 - len(misfit)
            if misfit and fits >= 2:
                k, v, line = misfit[0]
                want = expect(k)
                return c.clause_id, Hit(evidence=line.strip(), sentence=line, explanation=(
                    f"合同约定{m.group(0)}，按此计算第{k + 1}年应为{want:,.2f}元，表格载明{v:,.2f}元，相差{abs(v - want):,.2f}元；"
                    "递增比例与逐年金额相互矛盾，该年度应付数额将发生争议（民法典第四百六十六条、第五百一十条）。"))
    return None


_T_RATE_COL = re.compile(r"比例|比率|费率|税率|提成|分成|佣金率|折扣率|返利率|[%％]")


def _t_rate_row(head: list[str], body: list[tuple[list[str], str]], totals=()) -> Hit | None:
    """A row whose amount is not its base times its rate (``| 2028 | 12,000 | 3% | 390 |`` under
    ``| 年度 | 销售额（万元） | 提成比例 | 提成金额（万元） |``): the money column before a column
    of percentages is the base, the money column after it the amount. Not reported where the
    amount is the base grossed up or netted by the rate (含税价 ÷ (1 + 税率), 价款 × (1 − 折扣)),
    or the rate cell is not one percentage. A difference over 0.2% and 1 yuan is reported
    (民法典第四百六十六条、第五百一十条: two statements of one sum leave it undetermined)."""
    ri = next((i for i, h in enumerate(head) if i and _T_RATE_COL.search(h)
               and all(re.fullmatch(r"\s*\d+(?:\.\d+)?\s*[%％]\s*", cells[i]) or re.fullmatch(r"\s*[—\-–/无]*\s*", cells[i]) for cells, _ in body)), None)
    if ri is None:
        return None
    money = [i for i, h in enumerate(head) if i and i != ri and _T_MONEY.search(h) and not _T_PRICE.search(h) and not re.search(r"比例|比率|率|[%％]", h)]
    bi = next((i for i in reversed(money) if i < ri), None)
    ai = next((i for i in money if i > ri), None)
    if bi is None and ai is not None and len(totals) == 1:
        # a payment schedule: each instalment is its share of the total the table's own total row states
        # (| 3 | 主体钢结构吊装完成 | 25% | 3,125,000 | under | 合计 | — | 100% | 12,860,000 |)
        total = _t_value(totals[0][0][ai], head[ai], True)
        shares = [re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*[%％]\s*", cells[ri]) for cells, _ in body]
        if not total or not all(shares) or abs(sum(float(m.group(1)) for m in shares) - 100) > 0.01:
            return None
        for (cells, line), m in zip(body, shares):
            a = _t_value(cells[ai], head[ai], True)
            share = float(m.group(1)) / 100
            if a and abs(share * total - a) > max(1.0, 0.002 * a):
                return Hit(evidence=line.strip(), sentence=line, explanation=(
                    f"表格该行{head[ri]}为{m.group(1)}%，按合计{total:,.2f}元计应为{share * total:,.2f}元，该行{head[ai]}却载明{a:,.2f}元，"
                    f"相差{abs(share * total - a):,.2f}元；各期比例与金额相互矛盾，应付数额不明确（民法典第四百六十六条、第五百一十条）。"))
        return None
    if bi is None or ai is None or re.search(r"累计|累积|上限|下限|最高|最低(?!提成)", head[ai] + head[bi]):
        return None
    for cells, line in body:
        r = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*[%％]\s*", cells[ri])
        b, a = _t_value(cells[bi], head[bi], True), _t_value(cells[ai], head[ai], True)
        if not r or not b or not a:
            continue
        rate = float(r.group(1)) / 100
        close = lambda x: abs(x - a) <= max(1.0, 0.002 * a)  # noqa: E731
        if close(b * rate) or close(b / (1 + rate)) or close(b * (1 + rate)) or close(b * (1 - rate)) or close(b * rate / (1 + rate)):
            continue
        unit = "万元" if "万元" in head[ai] else "元"
        k = 10000 if unit == "万元" else 1
        return Hit(evidence=line.strip(), sentence=line, explanation=(
            f"表格该行{head[bi]}为{b / k:,.2f}{unit}、{head[ri]}为{r.group(1)}%，相乘应为{b * rate / k:,.2f}{unit}，该行{head[ai]}却载明"
            f"{a / k:,.2f}{unit}，相差{abs(b * rate - a) / k:,.2f}{unit}；以哪一个为准将发生争议，应付数额不明确（民法典第四百六十六条、第五百一十条）。"))
    return None


_T_MONTHLY_COL = re.compile(r"^\s*(?:每月|月度?|按月)[^年季]{0,10}(?:费|租金|金额|工资|报酬|价款)|(?:费|租金|金额)[（(]\s*元\s*/\s*月\s*[）)]")
_T_YEARLY_COL = re.compile(r"^\s*(?:每年|年度?|全年|按年)[^月季]{0,10}(?:费|租金|金额|工资|报酬|价款)|(?:费|租金|金额)[（(]\s*元\s*/\s*年\s*[）)]")


def _t_month_year(head: list[str], body: list[tuple[list[str], str]]) -> Hit | None:
    """A row whose yearly amount is not twelve times its monthly amount (``| 住宅 | 250.60 |
    3,307.20 |`` under ``| 房屋类型 | 月物业服务费（元） | 年物业服务费（元） |``); None when
    every row agrees, or the table has no monthly and yearly column of one fee. A difference
    over 0.2% and over 1 yuan is reported (民法典第四百六十六条、第五百一十条)."""
    mi = next((i for i, h in enumerate(head) if _T_MONTHLY_COL.search(h) and not _T_PRICE.search(h)), None)
    yi = next((i for i, h in enumerate(head) if _T_YEARLY_COL.search(h) and not _T_PRICE.search(h)), None)
    if mi is None or yi is None or mi == yi:
        return None
    # a column of the months charged (应付月数 10（免租两个月）): the year is that many months, not twelve
    ni = next((i for i, h in enumerate(head) if re.search(r"月数|计租月|计费月|应付月|收费月|月份数", h) and i not in (mi, yi)), None)
    for cells, line in body:
        if len(cells) != len(head):
            continue
        m, y = _t_value(cells[mi], head[mi], True), _t_value(cells[yi], head[yi], True)
        if ni is not None:
            n = _t_value(cells[ni], head[ni], False)
            if n and m and y and abs(n * m - y) > max(1.0, 0.002 * y):
                return Hit(evidence=line.strip(), sentence=line, explanation=(
                    f"表格该行{head[mi]}为{m:,.2f}元，按{head[ni]}{n:g}个月计应为{n * m:,.2f}元，该行{head[yi]}却载明{y:,.2f}元，相差"
                    f"{abs(n * m - y):,.2f}元；月度与年度金额相互矛盾，应付数额不明确（民法典第四百六十六条、第五百一十条）。"))
            continue
        if re.search(r"免租|免收|减免", line):
            continue  # rent-free months in the row: the year rightly holds fewer than twelve
        if m and y and abs(12 * m - y) > max(1.0, 0.002 * y):
            return Hit(evidence=line.strip(), sentence=line, explanation=(
                f"表格该行{head[mi]}为{m:,.2f}元，按十二个月计应为{12 * m:,.2f}元，该行{head[yi]}却载明{y:,.2f}元，相差"
                f"{abs(12 * m - y):,.2f}元；月度与年度金额相互矛盾，应付数额不明确（民法典第四百六十六条、第五百一十条）。"))
    return None


def _t_total_line_after(text: str, head: list[str], body: list[tuple[list[str], str]]) -> Hit | None:
    """A total written as a line right under a table (``合计：人民币186,000元``) that is not the
    sum of the table's amount column (the last money column that is no unit price); None when
    it is, or there is no such line or column. A difference over 0.1% and 1 yuan is reported
    (民法典第四百六十六条、第五百一十条)."""
    lines = text.splitlines()
    last = body[-1][1]
    if last not in lines:
        return None
    after = next((x for x in lines[lines.index(last) + 1:] if x.strip()), "")
    m = re.match(r"\s*(?:合计|总计|共计|总价|总金额|总额)(?:金额)?", after)
    a = _C_YUAN.search(after, m.end()) if m else None
    # a bare figure in the table's own unit (合计（含税）：8,458,000.00 under 单位：人民币元)
    bare = None if a or not m else re.fullmatch(
        r"\s*(?:[（(][^）)]{0,8}[）)])?\s*[：:]?\s*(?:人民币|RMB)?\s*(\d[\d,]*(?:\.\d+)?)\s*", after[m.end():])
    cols = [i for i, h in enumerate(head) if _T_MONEY.search(h) and not _T_PRICE.search(h) and not _T_QTY.search(h) and i]
    if not (a or bare) or not cols:
        return None
    i = cols[-1]
    values = [_t_value(cells[i], head[i], True) for cells, _ in body]
    total = _c_yuan_value(a) if a else _t_value(bare.group(1), head[i], True)
    if not total or len(values) < 2 or any(v is None for v in values):
        return None
    return _column_sum_hit(head[i], values, total, after, "表下合计")


def _column_sum_hit(header: str, values: list[float], total: float, line: str, where: str) -> Hit | None:
    """The hit at ``line`` when a money column's ``values`` (yuan) do not add up to the
    ``total`` that ``line`` states (``where``: 合计行, 表下合计), off by more than 0.1% and 1
    yuan (0.001% where the column is in yuan: a transposed digit, 15,698,400 written 15,689,400, is
    0.06% off); None when they do (民法典第四百六十六条、第五百一十条)."""
    if abs(sum(values) - total) <= max(1.0, (0.001 if "万" in header else 0.00001) * total):
        return None
    parts = " + ".join(f"{v:,.2f}" for v in values) if len(values) <= 12 else f"{len(values)}行之和"
    return Hit(evidence=line.strip(), sentence=line, explanation=(
        f"表格“{header}”一栏各行相加为{parts} = {sum(values):,.2f}元，{where}载明{total:,.2f}元，相差"
        f"{abs(sum(values) - total):,.2f}元；明细与合计相互矛盾，应付价款不明确（民法典第四百六十六条、第五百一十条）。"))


_ANNEX_ID = re.compile(r"附(?:件|表)\s*(?P<n>[一二三四五六七八九十\d]+)")
_SUM_WORD = re.compile(r"年度|全年|总额|总计|合计|共计|累计|总价|总金额|总目标")
_SUM_SKIP = re.compile(r"约|不低于|不少于|不超过|以上|以下|以内|最低|最高|至少|预计|暂定|上限|下限|超过|未达到|达到|[%％]")


def _annex_sum_against_body(ctx) -> tuple[str, Hit] | None:
    """``(clause id, hit)`` for a body sentence that gives the total of an annex table
    without a total row (``年度销售目标为1,200万元，分季度目标详见附件一``) when no money
    column of that annex's tables adds up to it; None otherwise."""
    sums: dict[int, list[tuple[float, str]]] = {}
    annex: int | None = None
    body_sents: list[tuple[Clause, str]] = []
    for c in ctx.clauses:
        text = unglossed(c.text)
        m = _annex_title(text)
        if annex is None:
            head = text[:m.start()] if m else text
            body_sents += [(c, x) for x in _split(head.replace("\n", ""))]
            if not m:
                continue
        if m and (n := _ANNEX_ID.search(m.group(0))) and (v := parse_number(n["n"])):
            annex = int(v)
            text = text[m.start():]
        if annex is None:
            continue
        for head, rows in table_blocks(text):
            if any(_T_TOTAL_ROW.match(cells[0]) for cells, _ in rows):
                continue
            for i, h in enumerate(head):
                if i == 0 or not _T_MONEY.search(h) or _T_PRICE.search(h) or _T_QTY.search(h):
                    continue
                values = [_t_value(cells[i], h, True) for cells, _ in rows]
                if len(values) >= 2 and all(v is not None for v in values):
                    sums.setdefault(annex, []).append((sum(values), re.sub(r"[（(][^）)]*[）)]", "", h)))
    for c, sent in body_sents:
        ids = {int(v) for m in _ANNEX_ID.finditer(sent) if (v := parse_number(m["n"]))}
        if len(ids) != 1 or not (cols := sums.get(next(iter(ids)))) or not _SUM_WORD.search(sent) or _SUM_SKIP.search(sent):
            continue
        amounts = sorted({v for a in _C_YUAN.finditer(sent) if (v := _c_yuan_value(a))})  # 捌拾陆万元整（¥860,000.00） is one amount
        if len(amounts) != 1:
            continue
        related = [(v, h) for v, h in cols if any(h[i:i + 2] in sent for i in range(len(h) - 1))]
        if related and all(abs(v - amounts[0]) > max(1.0, 0.005 * amounts[0]) for v, _ in related):
            v, h = related[0]
            expl = (f"本条载明的合计为{amounts[0]:,.2f}元，而附件{next(iter(ids))}表格“{h}”一栏各行相加为{v:,.2f}元，"
                    f"相差{abs(v - amounts[0]):,.2f}元；正文与附件对同一数额的约定相互矛盾，以哪一个为准将发生争议"
                    "（民法典第一百四十二条、第四百六十六条）。")
            return c.clause_id, Hit(evidence=sent.strip(), sentence=sent, explanation=expl)
    return None


_PERIOD_NOUN = r"(?P<noun>服务费|租金|管理费|物业费|使用费|订阅费|承包费|维护费|托管费|顾问费|费用|工资|薪酬|报酬)"
_PERIOD_FEES = tuple(re.compile(p) for p in (
    # 月服务费为…, 年度服务费合计…
    rf"(?<!个)(?P<per>每月|月度|当月|本月|月|每季度?|季度|当季|本季|每年|年度|全年|当年|本年|年)(?:物业|技术|维保|维修|运维|保洁|安保|咨询|订阅|许可)?{_PERIOD_NOUN}(?:总额|合计|共计|总计)?(?:金额)?(?:为|是|：|:|合计|共计)?\s*(?:人民币|RMB)?\s*",
    # 租金标准为每月…, 服务费：每月…
    rf"{_PERIOD_NOUN}(?:标准)?(?:为|是|按|：|:)?\s*(?P<per>每月|每季度?|每年)(?:人民币|RMB)?\s*",
    # 每月收取托管费…, 每年支付服务费…
    rf"(?P<per>每月|每季度?|每年)(?:收取|支付|缴纳|交纳|应付|计收)(?:的)?{_PERIOD_NOUN}(?:为|：|:)?\s*(?:人民币|RMB)?\s*",
    # 十二个月租金合计…, 6个月服务费共计… (a number of months stated with its total)
    rf"(?<![\d一二三四五六七八九十两])(?P<months>{_NUM})个月(?:的)?{_PERIOD_NOUN}(?:总额|合计|共计|总计)(?:金额)?(?:为|是|：|:)?\s*(?:人民币|RMB)?\s*",
))
_PERIOD_MONTHS = {"月": 1, "季": 3, "年": 12}
# words that make a clause's monthly and yearly figures rightly differ (rent-free months, a
# discount, a first year); escalation, bounds and estimates only matter in the sentence that
# states the fee (扣减比例最高不超过当月服务费的20% in the next sentence bounds a deduction, not
# the fee; a right to adjust the rate later does not make today's two figures differ)
_PERIOD_SKIP = re.compile(r"免租|优惠|折扣|减免|首年|第[一二三四五六七八九十\d]+年|试运行")
# (不含 only where tax is left out: a fee 不含药品、耗材 says what it covers, not that it is net of tax; an escalation
# or adjustment in the sentence that states a fee — not a right to adjust later, stated in another sentence)
_PERIOD_SKIP_SENT = re.compile(r"不含(?:[^。；，]{0,6}税)|另计|以上|以下|不超过|不低于|约|预计|暂定|最高|最低|递增|上浮|调整|调价")


def _period_amount_mismatch(ctx) -> tuple[str, Hit] | None:
    """``(clause id, hit)`` for the first clause that states one fee per month (quarter) and
    the same fee per year (quarter) where the longer is not the shorter times the number of
    months, or None."""
    for c in ctx.clauses:
        text = unglossed(c.text.replace("\n", ""))
        if _PERIOD_SKIP.search(text):
            continue
        found: dict[str, dict[int, set[float]]] = {}
        where: dict[tuple[str, int], str] = {}
        for sent in _split(text):
            if _PERIOD_SKIP_SENT.search(sent):
                continue
            for m in (m for rx in _PERIOD_FEES for m in rx.finditer(sent)):
                a = _C_YUAN.match(sent, m.end())
                if a and (v := _c_yuan_value(a)):
                    if m.groupdict().get("months"):
                        n = parse_number(m["months"])
                        if not n or n != int(n) or not 2 <= n <= 120:
                            continue
                        months = int(n)
                    else:
                        months = _PERIOD_MONTHS[next(k for k in _PERIOD_MONTHS if k in m["per"])]
                    noun = "费用" if m["noun"] in ("费用",) else m["noun"]
                    found.setdefault(noun, {}).setdefault(months, set()).add(v)
                    where[(noun, months)] = sent.strip()
        # a fee table's total row in a monthly column (| 合计 | 186,400 | — | 546,400 | under 月收费) is the monthly fee
        # of the clause's yearly or quarterly total stated beside the table
        if any(3 in by or 12 in by for by in found.values()) and not any(1 in by for by in found.values()):
            for head, rows in table_runs(c.text):
                cols = [i for i, h in enumerate(head or []) if re.search(r"月", h) and re.search(r"费|租金|金额|收费|价款", h)
                        and not re.search(r"单价|元/|/月|每", h)]
                total_row = next((cells for cells, _ in rows if re.search(r"合计|总计", cells[0])), None)
                if len(cols) == 1 and total_row and cols[0] < len(total_row) and (v := parse_amount(total_row[cols[0]])):
                    for by in found.values():
                        if 3 in by or 12 in by:
                            by.setdefault(1, set()).add(v)
                    break
        for noun, by in found.items():
            if any(len(vs) > 1 for vs in by.values()):
                continue  # several fees of one period (tiers, stores): not one fee restated
            pairs = [(1, 12), (1, 3), (3, 12)] + [(1, n) for n in sorted(by) if n not in (1, 3, 12)]
            for short, long_ in pairs:
                if short in by and long_ in by:
                    (a,), (b,) = by[short], by[long_]
                    k = long_ // short
                    # (12 monthly sums of a fee are exact to the yuan: 0.05% catches 546,400 × 12 written 6,565,800)
                    if abs(a * k - b) > max(1.0 * k, 0.0005 * b):
                        names = {1: "月", 3: "季度", 12: "年度"}
                        names.setdefault(long_, f"{long_}个月")
                        expl = (f"本条约定{names[short]}{noun}为{a:,.2f}元，{names[long_]}{noun}为{b:,.2f}元，"
                                f"而{a:,.2f}元×{k} = {a * k:,.2f}元，相差{abs(a * k - b):,.2f}元；同一费用的两种表述相互矛盾，"
                                "应付数额不明确（民法典第四百六十六条、第五百一十条）。")
                        sent = where[(noun, long_)]
                        return c.clause_id, Hit(evidence=sent, sentence=sent, explanation=expl)
    return None


def period_amount_mismatch(clause: Clause, ctx, params) -> Iterable[Hit]:
    """One fee stated per month and per year (or per quarter) in the same clause, where the
    yearly figure is not twelve monthly ones (a quarter not three, a year not four quarters).

    Read per fee noun (服务费, 租金, 管理费 …) from ``月服务费为…元`` / ``年度服务费合计…元``;
    a clause that speaks of escalation, adjustment, rent-free months, discounts, the first
    year, bounds or estimates is skipped (the figures then rightly differ), and so is a
    clause with two fees of one period. A monthly figure may be the total row of a fee table's
    monthly column (``月收费（元）``). A difference over 0.05% (and 1 yuan a month) is reported,
    once per document, on the longer period's sentence. The price is a main term
    (民法典第四百七十条); two statements that disagree leave it undetermined (第四百六十六条、
    第五百一十条).
    """
    return _on_its_clause(clause, ctx, "period_amount_mismatch", lambda: _period_amount_mismatch(ctx))


def table_arithmetic(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A price or payment table whose own arithmetic does not hold.

    Reads every table that has a header row (:func:`table_blocks`): where the header names
    a quantity (数量, 工程量, 面积 …), a unit price (单价) and an amount (金额, 总价, 合价 …),
    each row's quantity × unit price is compared with its amount; where a row is a total
    (合计, 总计), each money column's total is compared with the sum of the rows above it;
    an annex table without a total row is compared with the body sentence that names the
    annex and states its total (``年度销售目标为1,200万元，分季度目标详见附件一``) when a
    column header shares a word with that sentence. A difference over 0.2% (rows) or 0.1% (totals), and over 1 yuan, is reported. Cells
    with a range, a model code or no number are not read; tables with sub-totals are
    skipped. The price is a main term (民法典第四百七十条); an itemised price list that
    does not add up leaves the price undetermined (第四百六十六条、第五百一十条).
    Reported once per document, on the row or total that does not add up.
    """
    return _on_its_clause(clause, ctx, "table_arithmetic", lambda: _table_arithmetic(ctx))


def unit_price_total_mismatch(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A total price that is not the contract's own price per unit times its quantity.

    Reads the one price per unit of a clause (``单价为每平方米22,100元``, ``5,000元/台``),
    the total the same clause states (:data:`_C_TOTAL_LABEL`), and every quantity of that unit
    the contract states anywhere (``建筑面积为98.62平方米``, ``共20台``); the total is
    reported when no stated quantity times the unit price comes within 0.2% (or 1 yuan) of it.
    Clauses with several unit prices (line items), a discount, an extra charge or tax
    named beside the price, or an escalating price are skipped, and so is a rate per unit
    and period (``每平方米每月``). The price is a main term (民法典第四百七十条); two ways of
    stating it that disagree leave it undetermined (第四百六十六条、第五百一十条).
    Reported once per document, on the total's sentence.
    """
    return _on_its_clause(clause, ctx, "unit_price_total_mismatch", lambda: _unit_price_mismatch(ctx))


DETECTORS.update({
    "annex_rate_conflict": annex_rate_conflict,
    "annex_value_conflict": annex_value_conflict,
    "arbitration_and_litigation": arbitration_and_litigation,
    "arbitration_body_unclear": arbitration_body_unclear,
    "award_appealable": award_appealable,
    "co_owner_consent_missing": co_owner_consent_missing,
    "commissioned_results_unallocated": commissioned_results_unallocated,
    "construction_warranty_short": construction_warranty_short,
    "cross_clause_conflict": cross_clause_conflict,
    "deemed_acceptance": deemed_acceptance,
    "discretionary_term": discretionary_term,
    "encumbrance_order_conflict": encumbrance_order_conflict,
    "encumbrance_released_after_transfer": encumbrance_released_after_transfer,
    "exclusivity_hollowed": exclusivity_hollowed,
    "formula_arithmetic": formula_arithmetic,
    "instalment_rate_mismatch": instalment_rate_mismatch,
    "liability_cap_no_carveout": liability_cap_no_carveout,
    "liability_intent_only_carve_out": liability_intent_only_carve_out,
    "no_inspection_period": no_inspection_period,
    "payment_time_indeterminate": payment_time_indeterminate,
    "period_amount_mismatch": period_amount_mismatch,
    "shares_do_not_add_up": shares_do_not_add_up,
    "sold_while_leased": sold_while_leased,
    "sublease_consent_conflict": sublease_consent_conflict,
    "surcharge_beyond_all_inclusive": surcharge_beyond_all_inclusive,
    "table_arithmetic": table_arithmetic,
    "termination_ld_above_fee": termination_ld_above_fee,
    "termination_needs_other_consent": termination_needs_other_consent,
    "unit_price_total_mismatch": unit_price_total_mismatch,
})
