"""Data-processing detectors (checks of ``pipelines/playbook/data.yaml``; 个人信息保护法).

The purpose and scope of an entrusted processing, sub-processing, forced or blanket consent,
retention and deletion, incident notice, audit, security duties, cross-border transfer and
sensitive personal information. Examples: ``tests/pipelines/data/playbook_cases_data.yaml``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from pipelines.clause_structure import MODAL_DE
from pipelines.rules.commercial import (
    affirmed,
    table_blocks,
)
from pipelines.rules.core import (
    DETECTORS,
    Hit,
    _per_doc,
    _split,
    table_row_sentences,
    unglossed,
)
from pipelines.rules.labour import (
    _LF_NEG_BEFORE,
    _LF_NUMW,
    _lf_days,
    _lf_doc_has,
)
from pipelines.types import Clause

_LF_DATA = r"(?:个人信息|个人数据|个人资料|用户数据|客户数据|用户信息|客户信息|客户资料|用户资料|会员资料|客户名单|会员信息|员工(?:个人)?信息|消费者信息|(?:车主|业主|患者|学员|住户|学生|家长|旅客|乘客)(?:的)?(?:个人)?(?:资料|信息|档案)|业务数据|甲方数据|委托方数据|委托数据|原始数据|数据库|系统日志|敏感信息|数据)"
_LF_PROCESSOR = r"(?:乙方|受托方|受托人|服务商|服务方|服务提供方|供应商|处理方|承包方|技术方|平台方|平台|运营方|外包方|接收方)"
_LF_CONSENTED = r"(?:经|征得|取得|获得)[^。；]{0,12}(?:甲方|委托方|委托人|个人信息处理者|个人|用户|客户|信息主体|本人|员工|对方|业主|会员|住户|学员|患者|消费者|游客|旅客|车主|家长|学生|乘客)[^。；]{0,6}(?:的)?(?:事先|预先)?(?:书面|单独|明确)?(?:同意|授权|批准)"


def _lf_consented(sentence: str) -> bool:
    """True when the sentence makes the use depend on consent (:data:`_LF_CONSENTED`), not
    when it says none is needed (``无需另行取得委托方或个人同意``; :func:`affirmed`)."""
    return affirmed(_LF_CONSENTED, sentence)


# the people the data is about, as a contract names them
_LF_SUBJECTS = r"(?:个人|用户|客户|信息主体|本人|员工|业主|会员|住户|学员|患者|消费者|游客|旅客|车主|家长|学生)"


def _lf_consented_for(sentence: str) -> bool:
    """:func:`_lf_consented`, except that handing the data to others (提供给关联公司、合作方)
    needs the people's *separate* consent (个人信息保护法第二十三条): ``乙方负责取得客户的同意``
    is general consent and does not make the provision lawful; the controller's consent
    (``经甲方书面同意``) still counts, as it decides the processing (第二十一条)."""
    if not _lf_consented(sentence):
        return False
    if re.search(r"(?:无需|无须|不必|不需|不需要|免于)[^。；，]{0,16}?(?:征得|取得|获得|经过?|征求)[^。；，]{0,10}同意", sentence):
        return False  # the people's own consent waived: the controller's consent cannot stand in for it (第十三条、第十四条)
    if not re.search(rf"(?:提供|共享|披露|转让|出售|交换|传输)(?:给|予|至)?[^。；]{{0,14}}{_LF_RECIPIENT}", sentence):
        return True
    return bool(re.search(r"单独(?:的)?(?:书面)?(?:同意|授权)", sentence)) or not all(
        re.search(_LF_SUBJECTS, m.group(0)) and not re.search(r"甲方|委托方|委托人|个人信息处理者", m.group(0))
        for m in re.finditer(_LF_CONSENTED, sentence))


def _lf_is_dpa(ctx) -> bool:
    """A contract whose subject is processing personal information on another's behalf."""
    return _lf_is_dpa_text(ctx.contract_type, ctx.text)


@lru_cache(maxsize=8)
def _lf_is_dpa_text(contract_type: str, text: str) -> bool:
    if contract_type in ("个人信息委托处理协议", "数据处理协议"):
        return True
    # the service provider is itself the processor of the people it deals with (a research firm's respondents)
    # and hands over anonymised results: no processing on the client's behalf (个人信息保护法第七十三条第四项)
    if re.search(r"(?:乙方|服务方|调研方|受托方)(?:作为|为|系|是)[^。；，]{0,12}个人信息(?:的)?处理者", text) and not re.search(
            r"(?:甲方|委托方|客户)(?:作为|为|系|是)[^。；，]{0,12}个人信息(?:的)?处理者", text):
        return False
    head = text[:400]
    # the agreement's name: 个人信息委托处理协议, 数据处理协议 — not a consumer's terms that list
    # 个人信息处理 among the clauses it stresses (a controller's terms with its users)
    if re.search(r"个人信息[^\n]{0,6}委托处理|(?:个人信息|数据)处理(?:协议|合同)|数据保护协议|委托处理[^\n]{0,6}(?:协议|合同)", head):
        return True
    # the subject stated at the start: 委托方委托受托方处理其业务中涉及的客户个人信息
    if re.search(r"(?:委托方|甲方|委托人)委托(?:受托方|乙方|受托人|贵方)[^。；，]{0,4}(?:对|就)?[^。；，]{0,16}(?:个人信息|用户数据)[^。；，]{0,8}(?:进行)?处理"
                 r"|(?:委托方|甲方|委托人)委托(?:受托方|乙方|受托人|贵方)处理[^。；，]{0,16}(?:个人信息|用户数据)"
                 r"|(?:乙方|受托方|受托人)受(?:甲方|委托方|委托人)(?:的)?委托[，,]?(?:对|就)[^。；，]{0,16}(?:个人信息|用户数据)[^。；，]{0,6}(?:进行)?处理", head):
        return True
    return len(re.findall(r"委托处理|受托处理|代为处理|受托人|受托方", text)) >= 3 and text.count("个人信息") >= 3


def _lf_negated(s: str, pos: int, span: int = 12) -> bool:
    head = s[max(0, pos - span): pos]
    if re.search(r"未经[^。；，]{0,10}(?:同意|授权|许可|批准)的?(?:情况|前提)下", head):
        return False  # 在未经同意的情况下聘用: the act is done without consent, not forbidden
    return bool(re.search(rf"{_LF_NEG_BEFORE}|未经", head))


# items that are personal information by themselves (个人信息保护法第四条)
_LF_PERSONAL_ITEMS = r"(?:姓名|(?:会员|用户|住户|业主|学员|患者)名单|消费(?:记录|明细)|手机号码|电话号码|身份证(?:号码?|件)?|住址|住户资料|业主资料|住户信息|业主信息|会员数据|用户行为|通话录音|对话(?:文本|记录)|聊天记录|同行人信息|联系方式|健康档案|体检(?:报告|结果|数据)|病历|诊疗记录|就诊记录|护理记录|健康(?:状况|数据|信息)|人脸(?:信息|图像|数据)?|人像|指纹|声纹|车牌(?:号码?)?|(?:车辆)?(?:通行|出入)记录|行踪轨迹|位置信息)"
# a reference back to the data named before in the clause
_LF_DATA_BACKREF = r"(?:上述|前述|该等?|前款所?[述列]的?|前条所?[述列]的?|以上|此类|这些|相关)(?:个人)?(?:信息|数据|资料)"
# who receives the data: another company of the group, a partner, a merchant, anyone
_LF_RECIPIENT = (r"(?:第三方|关联(?:公司|方|企业)|母公司|子公司|集团|合作(?:伙伴|方|机构|商户|商家|单位)|合作的[^。；，]{0,6}(?:公司|机构|单位|企业)|(?:保险|金融)(?:公司|机构)|商户|商家|他人|其他(?:公司|机构|方|客户)|任何人)"
                 # 第三方测评报告: a third party's report handed to the controller, not data handed to a third party
                 r"(?!(?:机构|单位)?(?:的)?(?:数据)?(?:安全)?(?:测评|审计|评估|检测|认证|鉴定|出具|报告))")


def _lf_to_other_sides_group(s: str, m: re.Match) -> bool:
    """Whether the recipient is the other party's own affiliate or partner (乙方…提供给甲方的关联公司
    进行验收): the data goes back to the side it came from, not out to a new processor."""
    owner = re.search(r"(甲方|乙方)的?(?:关联|合作|母公司|子公司|集团)", m.group(0))
    # the holder: the party that has the right (甲方有权, 乙方可)
    # (甲方同意乙方可以…: 乙方 holds it, the party nearest the modal)
    holders = re.findall(r"(甲方|乙方)(?:(?!甲方|乙方)[^。；，]){0,4}?(?:有权|可以|可(?!能)|得以?|将)", s[:m.end()])
    return bool(owner and holders and owner.group(1) != holders[-1])


def _anonymisation_defined_short(text: str) -> bool:
    """The contract defines 匿名化 as less than the law's: a definition that removes or hides
    some fields (姓名、手机号码) without saying the person can no longer be identified and the
    data cannot be restored (个人信息保护法第七十三条第四项). Such data stays personal
    information (第四条: only anonymised information is not)."""
    for m in re.finditer(r"匿名化(?:处理|数据|信息)?[”\"’]?\s*[，,]?\s*(?:[:：]\s*(?:指|是指)?|是指|系指|指)([^。；\n]{4,80})", text or ""):
        if not re.search(r"无法识别|不能识别|不可识别|无法复原|不能复原|不可复原|不可逆|无法恢复|不能恢复|无法还原|不能还原", m.group(1)):
            return True
    return False


def data_processor_scope(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The processor may use the entrusted data for its own purposes, give it to others,
    or decide the purpose and means itself (个人信息保护法第21条第2款: the 受托人 processes
    only as agreed; 第23条: giving it to another processor needs separate consent).

    Shapes: ``乙方有权将用户数据用于自身产品研发/模型训练/营销``, ``服务商可将客户
    信息提供/共享给其关联公司``, ``乙方可根据业务需要自行决定处理方式和范围``.
    Not flagged: a prohibition, use with the controller's or the person's consent,
    anonymised statistics, disclosure the law or an authority requires.
    """
    # personal information named in the clause, then referred back to (上述信息, 该等数据)
    clause_data = re.search(rf"{_LF_DATA}|{_LF_PERSONAL_ITEMS}", clause.text)
    for sent in _split(clause.text):
        s = sent.replace("\n", "")
        # data named only under a prohibition (但不得使用客户数据) is not what the right covers
        granted = re.sub(r"(?:不得|不能|不可|禁止|严禁|不应|不会)[^。；]*", "", s)
        # nor data named as what is first removed (在去除…可识别数据后，将分析方法用于其他项目): what is used is the rest
        granted = re.sub(r"(?:去除|删除|剔除|移除|抹去|除去|清除)[^。；，]{0,30}后", "", granted)
        # and a method, not data, put to use (将其总结的数据清洗流程用于…): the head noun of what is used decides
        granted = re.sub(r"(?<=将)[^。；，]{0,20}?(?:方法|流程|经验|技术|工具|模板|知识|思路|方法论)(?=用于|应用于|运用于)", "", granted)
        if not (re.search(rf"{_LF_DATA}|{_LF_PERSONAL_ITEMS}", granted) or (clause_data and re.search(_LF_DATA_BACKREF, granted))):
            continue
        # 依法 as a hedge (在依法合规的前提下) is no legal duty to disclose; 依法要求/法律规定 is
        if _lf_consented_for(s) or re.search(r"依法(?:律|规)?[^。；，]{0,4}(?:要求|规定|调取|查询)|依照法律|法律(?:法规)?(?:规定|要求)|(?:司法|监管|行政|公安)(?:机关|部门)", s) or (
                re.search(r"(?<!去标识化)(?<!去标识)匿名化", s) and not _per_doc(ctx, "anonymisation_defined_short", lambda: _anonymisation_defined_short(ctx.text))):
            continue  # anonymised data is no personal information — unless the contract calls removing a few fields 匿名化
        if re.search(r"(?:不含|不包含|不涉及|不包括)(?:任何)?个人信息|(?:按照|依照|根据|按)(?:甲方|委托方|委托人)的?(?:书面)?指示"
                     r"|为(?:完成|履行|办理|实现)[^。；，]{0,12}(?:配送|运输|交付|出行|预订|手续|本合同|服务|验收)"
                     r"|为(?:发放|支付|代发)[^。；，]{0,4}(?:工资|薪酬|劳动报酬)|依法(?:为[^。；，]{0,6})?(?:办理|缴纳|代扣代缴|申报)[^。；，]{0,14}(?:社会保险|社保|公积金|个人所得税)", s):
            continue  # no personal information; the controller's own instruction; what performing the contract needs (个人信息保护法第十三条第一款第二项)
        shapes = (
            rf"(?:有权|可以|可|{MODAL_DE}|将|同意)[^。；]{{0,50}}(?:用于|使用于|利用于)(?:[^。；]{{0,20}}|[^。；]{{0,30}}(?:以及|，及|及其|并用于|同时用于)[^。；]{{0,16}})(?:自身|自己|其(?:自身|自有|他)|乙方(?:及其)?关联(?:公司|方|企业)|任何|商业|营销|推广|推介|推销|促销|招揽|广告|研发|训练|模型|改进(?:其)?(?:产品|服务)|用户画像|画像|其他(?:目的|用途|业务|项目|客户)|(?:信息|消息|优惠|广告|新品|商品|产品)推送|(?:商品|产品|新品)推荐|增值服务)",
            rf"(?:有权|可以|可|{MODAL_DE}|将)[^。；]{{0,60}}(?:提供|共享|披露|转让|出售|出租|交换|开放|转交|传输|同步|上传|导入|推送|传送)(?:给|予|至|到)?[^。；]{{0,14}}{_LF_RECIPIENT}",
            # the processor improving its own products with the data: 乙方利用…数据优化其产品算法与模型
            r"(?:利用|使用|运用|调用)[^。；]{0,24}(?:数据|信息|资料)[^。；，]{0,4}(?:优化|训练|改进|开发|研发|完善|迭代)(?:其|自身|自有|乙方|受托方|服务商)(?:自身|自有)?(?:的)?[^。；，]{0,6}(?:产品|算法|模型|服务|系统)",
            # the data used to sell to the people it is about: 可利用员工的联系方式向其推销保险产品
            rf"(?:有权|可以|可|{MODAL_DE})(?:利用|使用|运用|凭借)[^。；]{{0,40}}(?:向|对)[^。；]{{0,12}}(?:推销|推介|营销|推广|促销|招揽|销售)",
            # the purpose first: 乙方有权为优化自有产品及开发其他项目之目的，使用会员数据
            rf"(?:有权|可以|可|{MODAL_DE})[^。；]{{0,6}}为了?(?![^。；，]{{0,8}}(?:本|甲方|委托方|委托人|客户的))[^。；，]{{0,30}}(?:自身|自己|自有|其(?:自身|自有|他)|其他(?:项目|业务|客户|产品|目的)|商业|营销|推广|研发|训练|模型|改进|优化)[^。；]{{0,20}}(?:之|的)?(?:目的|需要|用途)?[，,]?[^。；，]{{0,6}}(?:使用|利用|处理|分析|加工|挖掘|调用)",
            # the data put to marketing for others: 并可向许可方关联公司提供精准营销服务
            rf"(?:有权|可以|可|{MODAL_DE}|将)[^。；]{{0,60}}(?:向|为)[^。；，]{{0,5}}{_LF_RECIPIENT}[^。；，]{{0,4}}提供[^。；，]{{0,10}}(?:营销|推广|画像|广告|推送|推荐|获客|引流)",
            # the recipient first: 与其关联公司及合作伙伴共享, 在关联公司范围内共享使用
            rf"(?:有权|可以|可|得|或)?[^。；]{{0,6}}(?:与|同|向|在|于)[^。；]{{0,14}}{_LF_RECIPIENT}[^。；]{{0,8}}(?:共享|分享|交换|互通|流转|传输)",
            r"(?:有权|可以|可|得)?[^。；]{0,6}(?:自行|自主|单方)(?:决定|确定|选择)[^。；]{0,15}(?:处理|使用)(?:的)?(?:目的|方式|范围|期限)",
            rf"(?:处理|使用)(?:的)?(?:目的|方式|范围)[^。；]{{0,10}}(?:由{_LF_PROCESSOR}[^。；]{{0,6}}(?:自行|单方|根据(?:其|自身)?(?:业务)?需要)(?:决定|确定))",
        )
        for rx in shapes:
            m = re.search(rx, s)
            if m and re.search(r"不得|不能|不可(?!撤销)|禁止|严禁|不应|不会|不允许", m.group(0)[2:]):
                continue  # 仅可为接待目的使用，不得用于营销或向第三方提供: the purpose named is the one forbidden
            decide = re.search(r"(?:自行|自主|单方)(?:决定|确定|选择)", m.group(0)) if m else None
            if decide and re.search(r"个人信息处理者|委托方|委托人", s[:m.start() + decide.start()]) and not re.search(
                    r"受托|乙方|服务商|处理方", s[:m.start() + decide.start()]):
                continue  # the controller deciding purpose and means is what a controller is (个人信息保护法第七十三条第一项)
            # the contract's own purpose (用于本合同, 根据甲方要求), not data merely collected under it (本合同项下收集的)
            # the contract's purpose named first and another added (用于为甲方提供本合同约定的服务，以及乙方关联公司的
            # 用户画像分析): only what follows the addition is the purpose this use serves
            own = m.group(0) if m else ""
            if m and (joint := list(re.finditer(r"以及|[，,]及|及其(?=关联)|并用于|同时用于|此外|外[，,]\s*(?:还|亦|也|并|同时|另)(?:可|可以|有权|将|得)?", own))) \
                    and not re.search(r"仅(?:可|能|限)?(?:用于|限于)|不得|禁止|不应", own[joint[-1].end():] + s[:m.start() + 8]):
                own = own[joint[-1].end():]
            if m and not _lf_negated(s, m.start() + 2) and not re.search(
                    r"(?:用于|为了?|以|根据|按照|依照|按|进行|的)[^。；，]{0,4}(?:履行|完成|实现)?(?:本合同|本协议|本项目|约定的|甲方(?:的)?(?:业务|指示|要求)|委托方(?:的)?(?:业务|指示))", own) \
                    and not _lf_to_other_sides_group(s, m):
                return [Hit(evidence=s.strip(), sentence=sent)]
    return []


# work that reaches people through their contact data: processing by its nature
_LF_CONTACT_WORK = r"短信|外呼|电话营销|电销|推送|呼叫|触达"


def data_subprocessing(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The processor may pass the processing to a sub-processor without the controller's
    consent (个人信息保护法第21条第3款).

    Shapes: ``乙方可将数据处理工作转委托/分包给第三方``, ``乙方有权自行选择次级受托方``,
    ``乙方可委托其关联公司处理，但应通知甲方`` (notice is not consent), ``乙方可将部分标注任务分配给其合作团队或众包平台``. Not flagged:
    sub-processing that needs the controller's prior consent, a prohibition.
    """
    sub = (r"(?:(?:委托|交由|交给|转交|移交|外包|分配|分发|派发)(?:给)?其[^。；，]{0,6}(?:合作|关联|下属|子公司|伙伴)|众包|转委托|再委托|分委托|转包|分包|(?:委托|聘请|聘用|交由|引入|使用|选择|选定|选用|指定|更换|外包|转交|移交|交给|交予)(?:给)?(?:其)?[^。；，]{0,4}(?:第三方|其他(?:方|单位|公司|服务商|供应商|机构)|关联(?:公司|方|企业)|分包商|供应商|服务提供(?:商|方)|外部|下游|合作方)|次级(?:受托|处理)|分处理者|第三方服务商|外包给"
           # the recipients listed first, then handed the data: 自行选定体检机构、代发银行等技术服务商，并委托其处理员工个人信息
           r"|(?:服务商|服务提供(?:商|方)|供应商|合作方|第三方|机构|银行)[^。；]{0,6}[，,]?\s*(?:并|且)?(?:委托|交由|授权)其(?:代为)?处理)")
    if not re.search(rf"个人信息|数据|信息|处理|{_LF_CONTACT_WORK}", clause.text):
        return []
    for sent in _split(clause.text):
        s = sent.replace("\n", "")
        m = re.search(sub, s)
        if not m:
            continue
        # work that is processing by its nature — messages and calls to the members whose data the
        # contract is about (短信发送、外呼等工作交由其合作方执行) — counts too
        # "处理" counts as the work handed over (委托其处理, 处理工作), not a party's handling of a defect (逾期不处理的)
        if not re.search(r"个人信息|数据|信息|(?:委托|交由|授权|转交)[^。；，]{0,12}处理|处理(?:工作|活动|事务|业务)", s) and not (
                re.search(r"服务|工作|任务", s) and (_lf_is_dpa(ctx) or re.search(r"个人信息", clause.text))) and not (
                re.search(_LF_CONTACT_WORK, s) and re.search(r"个人信息", ctx.text or "")):
            continue  # 委托第三方所作的修改、改进 in an IP definition hands over no personal information;
            # the work handed over in a clause about personal information (部分维护工作交由其合作的服务商) is processing
        if re.search(rf"{_LF_CONSENTED}|须经|需经|应经|应当经|必须经|事先同意|书面同意", s):
            if not re.search(r"(?:无需|无须|不需|不必)[^。；]{0,6}(?:经|征得|取得)?[^。；]{0,8}同意|未经[^。；，]{0,10}(?:同意|授权|许可)的?(?:情况|前提)下", s):
                continue
        if _lf_negated(s, m.start(), 14):
            continue
        if re.search(r"(?:进行|开展|实施)?(?:审计|检查|核查|评估|测评|鉴定|认证|检测|核实)", s[m.end(): m.end() + 16].split("，")[0]):
            continue  # 委托第三方进行审计: the controller's auditor, not a sub-processor
        # the modal may stand before a long list of the work handed over (乙方可将服务器托管、短信发送、…等工作交由第三方服务商完成)
        pre = s[:m.start()]
        cut = max(pre.rfind("，"), pre.rfind(","), m.start() - 40)
        if re.search(r"(?:有权|可以|可|自行|无需|无须|不需|直接|得)", s[max(0, min(cut + 1, m.start() - 20)): m.end() + 10]):
            return [Hit(evidence=s.strip(), sentence=sent)]
    return []


# a use of personal information (or a likeness) that the service itself does not need
_LF_UNNEEDED_USE = r"宣传|营销|推广|广告|展示|商业用途|推送|画像|研发|训练|出售|合作方|第三方|肖像|照片|视频|短视频|直播"


def data_consent_forced(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Service refused to a person who does not consent to a use of personal information
    the service does not need.

    Norm: 个人信息保护法第十六条 — a processor may not refuse a product or service because the
    person does not consent to processing, unless the processing is necessary for it; a
    likeness needs its holder's consent (民法典第一千零一十九条). Shapes: ``乙方不同意前述使用的，
    甲方有权拒绝为乙方办理入住``, ``会员拒绝授权营销推送的，平台可停止提供服务``. Flagged when the
    sentence (or the clause before it) names a use beyond the service — publicity,
    marketing, profiling, research, third parties, a likeness (:data:`_LF_UNNEEDED_USE`).
    Not flagged: a refusal tied to what the service needs (实名登记, 身份核验, 法律规定).
    """
    if not re.search(rf"个人信息|数据|资料|{_LF_UNNEEDED_USE}", clause.text):
        return []
    seen = ""
    for sent in _split(clause.text):
        s = sent.replace("\n", "")
        m = re.search(r"(?:不同意|拒绝(?:同意|授权)|未(?:予)?(?:同意|授权)|不(?:予)?授权|撤回(?:同意|授权))[^。；]{0,24}?(?:的|时)[，,]?[^。；]{0,12}?"
                      r"(?:有权|可以|可|将|得|则)?[^。；，]{0,4}(?:拒绝|不予|停止|暂停|终止|中止|取消|无法|不能)[^。；，]{0,10}?"
                      r"(?:提供|办理|服务|入住|注册|使用|接待|入学|入园|登记|合作)", s)
        if m and re.search(r"不(?:得|能|会|应|可)[^。；，]{0,6}(?:拒绝|不予|停止|暂停|终止|中止|取消)|不影响|禁止", m.group(0)):
            m = None  # 商家不得因此拒绝提供服务: the refusal is what is forbidden
        if m and re.search(_LF_UNNEEDED_USE, seen + s) and not re.search(
                r"实名|身份核验|身份验证|核验身份|法律(?:法规)?(?:规定|要求)|依法(?:登记|查验)|(?:提供|履行)[^。；，]{0,8}(?:所)?必(?:需|要)", s):
            return [Hit(evidence=s.strip(), sentence=sent)]
        seen += s
    return []


_LF_DELETE = r"(?:删除|返还|归还|退还|销毁|移交|交还|清除)"


def _lf_locate(ctx, clause: Clause, prefer: str) -> bool:
    """Whether ``clause`` is where an absent term belongs: the first clause matching
    ``prefer``, else the first clause about personal information."""
    for c in ctx.clauses:
        if re.search(prefer, c.text) and re.search(r"个人信息|数据|信息", c.text):
            return c.clause_id == clause.clause_id
    for c in ctx.clauses:
        if re.search(r"个人信息|数据", c.text):
            return c.clause_id == clause.clause_id
    return False


def _dpa_term_missing(ctx, clause: Clause, present: str, where: str, explanation: str) -> list[Hit]:
    """A data-processing agreement with no term matching ``present`` anywhere: one finding,
    at the first clause matching ``where`` (the place the term belongs), quoting its first
    sentence; ``[]`` for other contracts, or when the term is there."""
    if not _lf_is_dpa(ctx) or _lf_doc_has(present, ctx.text) or not _lf_locate(ctx, clause, where):
        return []
    first = _split(clause.text)[0] if clause.text.strip() else clause.text
    return [Hit(evidence=first.strip(), sentence=first, explanation=explanation)]


def data_retention(clause: Clause, ctx, params) -> Iterable[Hit]:
    """After the entrustment ends the processor keeps or uses the personal information,
    or the agreement never obliges it to return or delete it (个人信息保护法第21条第2款).

    Shapes: ``合同终止后乙方可继续保留/使用数据``, ``乙方可保留备份``, and (document
    scope, data-processing agreements only) no return/deletion obligation anywhere.
    Not flagged: retention for a period the law requires (第47条第2款).
    """
    prev = ""
    # personal information named in the clause, then referred back to (上述信息, 该等数据)
    clause_data = re.search(rf"{_LF_DATA}|{_LF_PERSONAL_ITEMS}", clause.text)
    for sent in _split(clause.text):
        s = sent.replace("\n", "")
        # the back reference read as the data it refers to; the evidence stays the sentence itself
        data_named = re.search(rf"{_LF_DATA}|{_LF_PERSONAL_ITEMS}", s) or (clause_data and re.search(_LF_DATA_BACKREF, s))
        # the time named in the part before the semicolon carries on: 本合同终止后，乙方应交还子账号；乙方可保留客户数据备份三年
        ended_before = prev.rstrip().endswith(("；", ";")) and re.search(r"(?:终止|解除|届满|到期|结束|期满)(?:后|之后|时)", prev)
        ended_before = ended_before and not re.search(r"期内|期间|有效期|合作期|履行期|服务期", s)  # the part names its own time
        prev = s
        if re.search(r"(?:无需|无须|不需|不必|不予)(?:删除|返还|销毁)|(?:不得|无权)(?:要求|请求)[^。；，]{0,8}(?:删除|返还|销毁|移交)", s) and data_named \
                and re.search(r"终止|解除|届满|到期|结束|期满", clause.text) and not re.search(r"法律(?:法规)?(?:规定|要求)|依法", s):
            return [Hit(evidence=s.strip(), sentence=sent)]  # 委托结束后…数据…无需删除
        keep = re.search(r"(?:有权|可以|可|继续|仍可|仍有权|可继续|仍将)[^。；]{0,10}(?:保留|保存|存储|使用|留存|备份|利用|保管)"
                         # a retention the processor announces for a period: 乙方将客户数据备份保留三年
                         r"|将[^。；，]{0,10}(?:保留|保存|留存|存储)[^。；，]{0,4}?[一二三四五六七八九十两\d]+\s*(?:个月|年|日|天)", s)
        # a retention right after 但 overrides the duty to return or delete stated before it
        # (受托方应返还全部个人信息，但受托方有权保留客户联系方式副本两年): the duty is read in its own part
        scope = s[max((m.end() for m in re.finditer(r"但(?:是)?", s[:keep.start()])), default=0):] if keep else s
        if (ended_before or re.search(r"(?:终止|解除|届满|到期|结束|期满|不再合作)", s + (clause.text if re.search(r"继续|仍|但", s) else ""))) and data_named \
                and keep \
                and not re.search(r"仅(?:可|能|限)|(?:应|须|应当|必须)(?:在|于)?[^。；]{0,16}(?:删除|返还|销毁)", scope) \
                and not re.search(r"(?:法律|法规|行政法规)[^。；]{0,8}(?:规定|要求)的?[^。；]{0,4}(?:保存|保留)|依法|按照法律", s) \
                and not _lf_negated(s, (re.search(r"保留|保存|存储|使用|留存|备份|利用", s) or re.search(".", s)).start(), 14):
            return [Hit(evidence=s.strip(), sentence=sent)]
        if re.search(r"(?:保留|保存|留存|存储)", s) and re.search(_LF_DATA, s) and re.search(rf"{_LF_PROCESSOR}[^。；]{{0,6}}(?:认为|视)(?:有)?(?:必要|需要)|根据其(?:自身)?(?:业务)?需要", s) \
                and not _lf_negated(s, re.search(r"保留|保存|留存|存储", s).start(), 14):
            return [Hit(evidence=s.strip(), sentence=sent)]
        if re.search(r"终止|解除|届满|到期|结束|期满", s) and re.search(_LF_DELETE, s):
            for m in re.finditer(rf"(?:终止|解除|届满|到期|结束|期满)[^。；]{{0,10}}?(?P<n>{_LF_NUMW})\s*(?P<u>个月|工作日|日|天|年|月)\s*(?:内|以内|之内)[^。；]{{0,12}}{_LF_DELETE}", s):
                days = _lf_days(m["n"], m["u"])
                if days is not None and days >= 90:
                    return [Hit(evidence=s.strip(), sentence=sent,
                                explanation=f"约定委托终止后约{days:.0f}日内才返还或删除个人信息，期间受托方仍保留个人信息，与个人信息保护法第二十一条“返还或者删除，不得保留”不符。")]
    return _dpa_term_missing(ctx, clause, rf"{_LF_DELETE}[^。；]{{0,20}}{_LF_DATA}|{_LF_DATA}[^。；]{{0,20}}{_LF_DELETE}", r"终止|解除|期满|届满|期限",
                             "委托处理协议未约定委托关系终止后受托人返还或删除个人信息的义务（个人信息保护法第二十一条第二款）。")


def data_kept_after_deletion(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The controller keeps or uses a person's information after the account is closed, the
    service stops or consent is withdrawn (个人信息保护法第四十七条第一款: it must then
    delete it on its own initiative; 第十九条: kept no longer than the purpose needs).

    Shapes: ``账号注销后，我们将继续保存并使用您的全部个人信息``, ``撤回同意后平台仍可使用
    已收集的数据``. Not flagged: keeping what a law requires for its period, or only storing
    it with security measures where deletion is technically impossible (第四十七条第二款),
    anonymised data, and data-processing agreements (the processor's duty is
    ``data.retention_after_end``).
    """
    if _lf_is_dpa(ctx):
        return []
    rows = table_row_sentences(clause.text)
    data = _LF_DATA + r"|身体数据|健康数据|心率|睡眠|轨迹|记录|个人资料|会员资料|证件|人脸|生物识别"
    for sent in _split(clause.text):
        s = rows.get(sent.strip(), sent).replace("\n", "")
        if re.search(r"法律(?:、行政法规|法规)?(?:规定|要求)|依法|匿名化|去标识化后|无法识别|技术上难以实现|除存储和采取必要的安全保护措施之外", s):
            continue
        forever = re.search(r"(?:永久|长期|无限期)(?:地)?(?:保存|保留|存储|留存)", s)
        end = re.search(r"注销|停止(?:向[^。；，]{0,6})?(?:提供)?(?:服务|运营)|撤回[^。；，]{0,12}(?:同意|授权)|(?:要求|申请|请求)删除|删除(?:账号|账户)"
                        r"|(?:终止|关闭)[^。；，]{0,12}(?:服务|使用|功能|账号|账户)|(?:资格|账户|账号|会员)[^。；，]{0,4}(?:终止|到期|失效)|不再使用(?:本)?(?:服务|产品|平台)", s)
        keep = re.search(r"(?:继续|仍|仍将|仍可|仍有权|可继续|有权继续|将继续|仍予|予以|仍然)[^。；，]{0,6}(?:保存|保留|存储|使用|留存|利用|分析|处理|保管)"
                         r"|(?:不会|不予|不|无需|无须)删除|(?:后台|数据库|服务器)[^。；，]{0,8}(?:保留|保存|留存)", s[end.end():]) if end else None
        if (forever or keep) and re.search(data + (r"|信息" if forever else ""), s) and not (keep and _lf_negated(s, end.end() + keep.start(), 4) and not re.search(r"删除", keep.group(0))):
            return [Hit(evidence=sent.strip(), sentence=sent)]
    return []


def data_incident_notice(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A security incident (leak, tampering, loss) that the processor need not report,
    or may report late, or a data-processing agreement with no incident duty at all
    (个人信息保护法第57条: remedy at once and notify; 第59条: the processor assists).

    Shapes: ``发生数据泄露的，乙方无需通知甲方``, ``乙方应在发现后十五日内告知``
    (more than 72 hours), and (document scope, data-processing agreements) no incident
    notification anywhere.
    """
    incident = r"(?:泄露|泄漏|丢失|篡改|毁损|安全事件|数据事件|入侵|攻击|非法访问|未经授权(?:的)?访问)"
    event_in_clause = re.search(incident, clause.text.replace("\n", ""))
    if event_in_clause and not re.search(r"个人信息|数据|信息安全|网络安全|信息系统|用户信息|客户信息|隐私", clause.text):
        event_in_clause = None  # 租赁物毁损 and 无需提前通知 in a clause about equipment are no data incident
    for sent in _split(clause.text):
        s = sent.replace("\n", "")
        no_notice = re.search(r"(?:无需|无须|不需|不负有|不承担|不负责|没有|无)[^。；]{0,6}(?:通知|告知|报告|通报)(?:义务)?", s)
        backref = re.search(r"(?:上述|前述|前款|该|此类|这些)(?:安全)?(?:事件|情形|情况|事故)", s)
        if not re.search(incident, s) and not (event_in_clause and (no_notice or backref)):
            continue  # the event may be named in the sentence before: 如…遭受攻击…；经评估影响轻微的，受托方无需通知
        if no_notice:
            return [Hit(evidence=s.strip(), sentence=sent)]
        if re.search(r"(?:调查|核实|查明|评估|确认|处理|处置|排查|整改|修复)[^。；，]{0,6}(?:完成|完毕|结束|清楚|终结)后[^。；]{0,16}(?:通知|告知|报告|通报)", s) \
                or re.search(r"(?:完成|结束|查明|终结)[^。；，]{0,8}(?:调查|核实|排查|原因|评估|处置|处理)[^。；，]{0,4}后[^。；]{0,16}(?:通知|告知|报告|通报)", s):
            return [Hit(evidence=s.strip(), sentence=sent,
                        explanation="约定个人信息安全事件在受托方自行调查或处理完毕后才通知，通知时间由受托方控制，不符合个人信息保护法第五十七条“立即采取补救措施并通知”的要求。")]
        for m in re.finditer(rf"(?P<n>{_LF_NUMW})\s*(?P<u>个月|个工作日|工作日|个小时|小时|日|天|周|月)[^。；]{{0,6}}(?:内|后)?[^。；]{{0,12}}(?:通知|告知|报告|通报)", unglossed(s)):
            days = _lf_days(m["n"], m["u"].removeprefix("个") if m["u"] != "个月" else m["u"])
            if days is not None and days > 3.01:
                return [Hit(evidence=s.strip(), sentence=sent,
                            explanation=f"约定发生个人信息安全事件后约{days:.0f}日内才通知，远迟于个人信息保护法第五十七条“立即采取补救措施并通知”的要求。")]
    return _dpa_term_missing(ctx, clause, rf"{incident}[^。]{{0,60}}(?:通知|告知|报告|通报)|(?:通知|告知|报告|通报)[^。]{{0,30}}{incident}"
                             rf"|{incident}[^。]{{0,60}}。[^。]{{0,20}}(?:上述|前述|该|此类)(?:安全)?(?:事件|情形|事故)[^。]{{0,40}}(?:通知|告知|报告|通报)", r"安全|保护措施|保密",
                             "委托处理协议未约定发生个人信息泄露、篡改、丢失时受托人立即补救并通知委托方的义务（个人信息保护法第五十七条、第五十九条）。")


def data_audit(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The controller may not supervise or audit the processor, or a data-processing
    agreement gives it no means to (个人信息保护法第21条第1款: the controller 对受托人的
    个人信息处理活动进行监督; 第54条 compliance audits).

    Shapes: ``甲方无权对乙方进行审计/检查``, ``乙方有权拒绝甲方的现场检查``, ``审计以
    乙方自行出具的报告为准``; (document scope, data-processing agreements) no audit,
    inspection or supervision right anywhere.
    """
    audit = r"(?:审计|检查|核查|稽核|监督|现场检查|查阅)"
    for sent in _split(clause.text):
        s = sent.replace("\n", "")
        if not re.search(audit, s):
            continue
        if re.search(rf"(?:甲方|委托方|委托人)[^。；]{{0,6}}(?:无权|不得|不能)[^。；]{{0,24}}{audit}", s) \
                or re.search(rf"{_LF_PROCESSOR}[^。；]{{0,6}}(?:有权)?(?:拒绝|不接受|不配合|无需配合|无义务配合)[^。；]{{0,20}}{audit}", s) \
                or re.search(rf"{audit}[^。；]{{0,20}}(?:请求|要求|申请)[^。；]{{0,6}}{_LF_PROCESSOR}[^。；]{{0,4}}(?:有权|可以|可)?(?:拒绝|不予配合|不配合|不予接受|不接受)", s) \
                or re.search(rf"{audit}[^。；]{{0,8}}(?:须|需|应)(?:事先)?(?:经|取得|征得){_LF_PROCESSOR}[^。；，]{{0,6}}同意", s) \
                or re.search(rf"{audit}[^。；]{{0,10}}(?:范围|内容|事项|对象|时间|次数|方式)[^。；，]{{0,4}}(?:以|限于|仅限于?)[^。；]{{0,8}}"
                             rf"{_LF_PROCESSOR}[^。；，]{{0,6}}(?:书面)?(?:同意|确认|认可|许可|指定)", s) \
                or re.search(rf"{audit}[^。；]{{0,15}}(?:仅以|只能以|仅限于|以)[^。；]{{0,6}}{_LF_PROCESSOR}[^。；]{{0,6}}(?:自行)?(?:出具|提供)的?[^。；]{{0,6}}(?:报告|说明|声明)为(?:准|限)", s):
            return [Hit(evidence=s.strip(), sentence=sent)]
    return _dpa_term_missing(ctx, clause, audit, r"义务|权利|安全",
                             "委托处理协议未约定委托方对受托方处理个人信息活动的监督、检查或审计权（个人信息保护法第二十一条）。")


def data_security_duty(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The processor disclaims the duty to keep the personal information secure, or a
    data-processing agreement states no protection measure at all (个人信息保护法第59条:
    the 受托人 takes the necessary measures; 第51条 the measures; 第21条 the agreement
    states the 保护措施).

    Shapes: ``乙方不承担数据安全保护责任``, ``因数据泄露造成的损失乙方概不负责``,
    ``数据安全由甲方自行负责``; (document scope, data-processing agreements) no
    加密/访问控制/安全措施 anywhere.
    """
    for sent in _split(clause.text):
        s = sent.replace("\n", "")
        if not re.search(r"个人信息|数据|信息安全", s):
            continue
        if re.search(rf"{_LF_PROCESSOR}[^。；]{{0,12}}(?:不承担|不负责|不负|免除|概不负责)[^。；]{{0,15}}(?:数据安全|信息安全|安全保护|安全保障|保护义务|泄露|泄漏|丢失)", s) \
                or re.search(rf"(?:泄露|泄漏|丢失|被窃|被攻击|黑客)[^。；]{{0,25}}{_LF_PROCESSOR}[^。；]{{0,4}}(?:(?:概|均|一律)?不(?:承担|负)(?:任何)?(?:赔偿)?责任|(?:概|均|一律)不负责)", s) \
                or re.search(r"(?:数据|信息)安全(?:保护)?(?:责任|义务)?(?:全部)?由(?:甲方|委托方)(?:自行)?(?:负责|承担)", s) \
                or re.search(rf"{_LF_PROCESSOR}[^。；]{{0,30}}(?:泄露|泄漏|丢失|被窃|攻击|入侵)[^。；]{{0,10}}(?:概|均|一律)?不(?:承担|负)(?:任何)?(?:赔偿)?责任", s) \
                or re.search(rf"{_LF_PROCESSOR}[^。；]{{0,6}}(?:均|概|一律)?不(?:对|就)[^。；]{{0,12}}(?:泄露|泄漏|丢失|被窃|攻击|入侵|安全事件|(?:数据|信息)(?:的)?安全)[^。；]{{0,40}}(?:承担|负)(?:任何)?(?:赔偿)?责任", s) \
                or re.search(rf"{_LF_PROCESSOR}[^。；]{{0,30}}不(?:承担|负)[^。；]{{0,16}}(?:安全保护|安全保障|数据安全|信息安全)(?:的)?(?:责任|义务)", s):
            if not re.search(r"(?:甲方|委托方)(?:原因|过错|提供的系统)|不可抗力", s):
                return [Hit(evidence=s.strip(), sentence=sent)]
    return _dpa_term_missing(ctx, clause, r"加密|访问控制|权限|安全(?:技术)?措施|保护措施|安全保护|安全管理制度|去标识化|安全保障|备份", r"义务|安全|保护",
                             "委托处理协议未约定受托方应采取的加密、访问控制等安全保护措施（个人信息保护法第二十一条、第五十一条、第五十九条）。")


def data_cross_border(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Personal information sent, stored or accessed abroad with none of the conditions
    of 个人信息保护法第38条 (security assessment, certification, standard contract) and no
    separate consent (第39条).

    Shapes: ``乙方可将用户信息传输至境外服务器``, ``数据可由境外母公司访问``,
    ``备份存储于新加坡``, and a row of a processing table (``| 存储地点 | 中国境内及新加坡（容灾备份） |``)
    whose data are named in the clause's other rows. Not flagged: storage in China, a transfer
    conditioned on the assessment / standard contract / certification, a prohibition (before or
    after the foreign party: ``境外关联公司不得访问``), ``不涉及数据出境``.
    """
    abroad = (r"(?:境外|境内外|境内、外|国内外|海内外|出境|海外|国外|跨境|中国大陆以外|中华人民共和国(?:境外|以外)|境外关联|境外总部|境外母公司|新加坡|香港|澳门|台湾|美国|欧洲|欧盟"
              r"|日本|韩国|德国|英国|法国|爱尔兰|荷兰|印度|澳大利亚|加拿大|马来西亚|越南|泰国|印度尼西亚|东京|首尔|法兰克福|伦敦|硅谷"
              r"|全球(?:任一|任何|各地|范围内)?(?:的)?(?:数据中心|节点|服务器|机房))")
    verb = r"(?:传输|提供|存储|储存|转移|传送|发送|访问|调取|同步|备份|处理|托管|共享|汇总|上传|容灾|转存|存放|保存|留存)"
    data_words = (r"个人信息|个人数据|个人资料|用户(?:数据|信息|资料)|客户(?:数据|信息|资料)|员工(?:个人)?(?:信息|资料|档案)|数据"
                  r"|姓名|手机号|电话号码|身份证|住址|联系方式|订单信息|账户信息|银行账号|位置信息"
                  rf"|{_LF_SUBJECTS}(?:的)?(?:个人)?(?:资料|信息|档案)")
    # a row of a processing table (| 存储地点 | 中国境内及新加坡（容灾备份） |) names the data in other rows
    clause_data = re.search(data_words, clause.text)
    # the arrangement named where the transfer is, or in a sentence of the clause about going abroad (a security
    # review of the processor's own systems, 定期开展安全评估, or a separate consent for sensitive data is none)
    if any(re.search(r"安全评估|标准合同|保护认证|个人信息保护认证|单独同意|网信部门|第三十八条", x) and re.search(r"境外|出境|跨境|境内", x)
           for x in _split(clause.text)) or re.search(r"出境安全评估|网信部门|第三十八条|出境标准合同|个人信息保护认证", clause.text):
        return []
    # a transfer the contract puts under one of 第三十八条's routes (标准合同 …) has its arrangement: whether the
    # people were asked separately is data.cross_border_consent_bypassed's question
    if _per_doc(ctx, "cross_border_basis", lambda: any(
            not re.search(r"(?:无需|无须|不需|不必|未|尚未|不再|不进行|免于)[^。；，]{0,8}$", (ctx.text or "")[max(0, m.start() - 12): m.start()])
            for m in re.finditer(r"(?:出境安全评估|网信部门[^。；，|｜]{0,10}安全评估|个人信息出境标准合同|(?:订立|签订|签署|依照|按照|依据)[^。；，|｜]{0,12}标准合同|个人信息保护认证)", ctx.text or ""))):
        return []
    for sent in _split(clause.text):
        s = sent.replace("\n", "")
        m = re.search(abroad, s)
        row = "|" in s or re.search(r"(?:存储|储存|存放|保存|服务器|机房|数据中心)(?:地点|地|位置|所在地|区域)", s)
        if not m or not (re.search(verb, s) or row) or not (re.search(data_words, s) or (row and clause_data)):
            continue
        if re.search(r"(?:存储|储存|保存|留存)(?:于|在)(?:中国)?(?:境内|中华人民共和国境内|中国大陆)|境内(?:存储|储存)", s) and not re.search(r"(?:可|有权|可以)[^。；]{0,20}" + abroad, s):
            continue
        if re.search(abroad + r"[^。；，]{0,16}(?:(?:全资|控股)?子公司|分公司|代表处|投资设立|注册成立|依法设立)", s) \
                and not re.search(r"传输|存储|储存|转移|传送|发送|访问|调取|同步|备份|上传|转存|存放", s):
            continue  # who the party is (系新加坡某集团在中国境内的全资子公司，能够提供…服务), not where data goes
        if _lf_negated(s, m.start(), 16) or re.search(rf"{_LF_NEG_BEFORE}[^。；]{{0,20}}{verb}[^。；]{{0,10}}{abroad}", s):
            continue
        # the ban or the denial after the foreign party: 乙方的境外关联公司不得访问… / 不涉及数据出境 / 均在境内完成
        if re.search(rf"{abroad}[^。；，]{{0,12}}(?:不得|不能|不会|禁止|严禁|无权|不允许)", s) or re.search(
                r"不涉及[^。；，]{0,6}(?:出境|跨境|境外)|均在(?:中国)?境内(?:完成|进行|处理|存储)", s):
            continue
        return [Hit(evidence=s.strip(), sentence=sent)]
    return []


def cross_border_consent_bypassed(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Personal information sent abroad on a privacy policy's general consent, the contract
    stating no separate consent is needed (``用户注册并勾选隐私政策即视为同意，无需另行取得单独同意``).

    Norm: a processor that provides personal information abroad must tell the person the
    foreign recipient's name, contact, purposes, methods and the categories of data, and how
    to exercise rights against it, and obtain separate consent (个人信息保护法第三十九条;
    第十四条: consent given specifically, 第二十九条 for sensitive information). Not flagged:
    separate consent obtained or to be obtained, a transfer of no personal information."""
    for sent in _split(clause.text):
        s = sent.replace("\n", "")
        if not re.search(r"出境|境外|跨境|向[^。；，]{0,8}(?:新加坡|美国|香港|欧盟|海外)", s):
            continue
        if re.search(r"(?:无需|无须|不需|不必|免于)[^。；，]{0,12}(?:另行)?(?:取得|征得|获得)?[^。；，]{0,8}单独(?:的)?(?:书面)?(?:同意|授权)", s) or (
                re.search(r"(?:注册|勾选|点击|同意)[^。；，]{0,12}(?:隐私政策|用户协议|服务协议)[^。；，]{0,6}(?:即)?视为(?:其)?(?:已)?同意", s)
                and not re.search(r"单独(?:的)?(?:书面)?(?:同意|授权)(?:后|方可)", s)):
            return [Hit(evidence=s.strip(), sentence=sent)]
    return []


_SENSITIVE_FIELDS = re.compile(r"心率|血氧|心电|血压|血糖|体温|睡眠|病历|病史|诊断|健康|体检|指纹|人脸|面部|虹膜|声纹|基因|生物识别|"
                               r"行踪|轨迹|定位|位置信息|宗教|银行账户|银行卡号|金融账户|身份证(?:号|件号)|未成年|儿童|不满十四周岁")


def sensitive_marked_ordinary(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A table row that lists sensitive personal information (health, biometric, location,
    financial account, a child's data) and marks it as not sensitive.

    Norm: information whose leak or misuse easily harms a person's dignity or safety is
    sensitive — biometrics, religion, specific identity, medical health, financial accounts,
    whereabouts, and any information of a child under fourteen (个人信息保护法第二十八条); it
    needs separate consent (第二十九条) and an impact assessment (第五十五条). A wrong label
    sends the consent, the assessment and the export route down the wrong path."""
    for head, rows in table_blocks(clause.text):
        col = next((i for i, h in enumerate(head) if "敏感" in h), None)
        if col is None:
            continue
        for cells, line in rows:
            if col < len(cells) and re.fullmatch(r"\s*(?:否|非敏感(?:个人信息)?|不属于|一般(?:个人信息)?|普通|无|×|N|No)\s*", cells[col], re.I) \
                    and _SENSITIVE_FIELDS.search("".join(c for i, c in enumerate(cells) if i != col)):
                return [Hit(evidence=line.strip(), sentence=line)]
    return []


def foreign_law_for_outbound_pi(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A contract for sending personal information abroad governed by a foreign law.

    Norm: the rules of 个人信息保护法 on export (第三十八条 to 第三十九条) and on a processor's duties
    are mandatory rules of PRC law that apply whatever law the parties choose (涉外民事关系法律适用法
    第四条); the standard contract for export is governed by PRC law and gives the persons the
    rights of third-party beneficiaries (个人信息出境标准合同办法, not in the statute store).
    Flagged when a contract about providing personal information abroad chooses a foreign
    law for itself."""
    if not _per_doc(ctx, "outbound_pi", lambda: bool(re.search(r"个人信息", ctx.text or "") and re.search(r"出境|跨境|境外接收方|向境外提供", ctx.text or ""))):
        return []
    for sent in _split(clause.text):
        s = sent.replace("\n", "")
        if re.search(r"适用(?!中华人民共和国|中国)[^。；，]{0,4}(?:新加坡|美国|英国|香港|香港特别行政区|欧盟|德国|日本|爱尔兰|荷兰|纽约州|加利福尼亚州|英格兰|境外|外国|[^。；，]{1,6}国)法律|"
                     r"(?:新加坡|美国|英国|香港|欧盟|德国|日本|纽约州|英格兰)法律(?:管辖|为准据法|为适用法律)", s):
            return [Hit(evidence=s.strip(), sentence=sent)]
    return []


_LF_SENSITIVE = r"(?:指纹|人脸|面部(?:识别|特征|图像|信息)|虹膜|声纹|掌纹|步态|基因|生物识别|行踪轨迹|实时定位|定位轨迹|位置轨迹|(?:个人|员工|劳动者|用户|乙方|本人|其|借款人|会员)(?:的)?(?:(?:(?!门店|车辆|设备|项目|现场|场地|店|仓库|网点|工地|货物)[^。；，的]){0,6}的)?(?:地理|实时|精确)?(?:位置|定位)信息|(?:实时|精确)(?:位置|定位)|手机定位|出行(?:记录|轨迹)|出行信息(?!撮合|服务|平台|中介)|行程(?:记录|轨迹)|通话(?:清单|记录|详单)|通信(?:记录|内容)|病历|病史|既往病|医疗健康信息|健康信息|健康数据|宗教信仰|特定身份|征信|银行流水|金融账户信息|不满十四周岁|未成年人(?:的)?(?:个人)?信息|儿童(?:的)?(?:个人)?信息|(?:宝宝|婴儿|婴幼儿|儿童|幼儿|未成年人?)(?:的)?(?:姓名|出生日期|生日|年龄|照片|身份证)|性取向|犯罪记录)"


# separate consent (个人信息保护法第二十九条): 单独同意 / 单独书面授权
_LF_SEPARATE_CONSENT = r"单独(?:的)?(?:书面)?同意|单独(?:书面)?授权"
# a definition sentence: 1.2 “甲方数据”：指… / 本协议所称个人信息，是指…
_LF_DEFINES = re.compile(r"\s*(?:[\d.]+\s*|[（(][一二三四五六七八九十\d]{1,3}[)）]\s*)?(?:[“\"「][^”\"」]{1,16}[”\"」]\s*[：:，,]?\s*(?:是)?指|本(?:协议|合同)(?:中)?所称[^。；，]{1,16}(?:，)?(?:是)?指)")


def data_sensitive(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Sensitive personal information processed with no separate consent
    (个人信息保护法第28–29条: specific purpose, necessity, strict protection, 单独同意).

    Shapes: ``甲方有权采集员工指纹和人脸信息用于考勤``, ``乙方同意公司查询其征信/
    体检报告`` bundled into the contract, ``平台可获取用户的实时定位``. Not flagged:
    processing on 单独同意, a prohibition.
    """
    if re.search(_LF_SEPARATE_CONSENT, clause.text):
        return []
    text = ctx.text or ""
    for sent in _split(clause.text):
        s = sent.replace("\n", "")
        # consent to sensitive data gathered by a posted notice or a general policy is no separate
        # consent (第二十九条): 通过在前台张贴《患者信息处理告知书》的方式，取得患者…的同意
        if re.search(r"(?:张贴|公示|公告|告示|告知书|隐私政策|默认勾选|一揽子|签署本(?:协议|合同)|签订本(?:协议|合同))[^。；]{0,40}(?:取得|获得|视为|作为)[^。；]{0,30}同意", s) \
                and re.search(r"个人信息|隐私|告知书|隐私政策|授权|(?:前述|上述|该等?|以上)(?:同意|信息|数据|资料)|(?:收集|采集|处理|使用|提供|共享)[^。；，]{0,8}(?:信息|数据|资料)", s) \
                and re.search(_LF_SENSITIVE, text) and not re.search(_LF_SEPARATE_CONSENT, text):
            # (personal data in the sentence: 平台信息服务费…公告后…视为同意 is a fee change, not consent to processing)
            return [Hit(evidence=s.strip(), sentence=sent)]
        m = re.search(_LF_SENSITIVE, s)
        if not m:
            continue
        if _LF_DEFINES.match(s):
            continue  # a definition names the data; it processes nothing
        if re.search(r"有权(?:依法)?(?:查阅|复制|更正|补充|删除|获取|调取)[^。；]{0,6}(?:其|本人|自己|自身)", s):
            continue  # the person's own right to see and copy its records (个人信息保护法第四十五条; 民法典第一千二百二十五条)
        if all(x.group(0) in ("银行流水", "征信") for x in re.finditer(_LF_SENSITIVE, s)) and re.search(
                r"财务报表|纳税申报|审计报告|资产负债|经营状况|企业征信|企业信用|生产经营|发票|单据|账簿|会计凭证|往来", s):
            continue  # a company's bank statements and credit record among its accounts: no natural person's data (第四条)
        if re.search(r"未成年|不满十四|未满十四|儿童|宝宝|婴|幼儿|孩子|子女", s) and re.search(r"监护人[^。；]{0,8}同意|专门的?[^。；]{0,10}规则", text):
            continue  # a child's information on the guardian's consent and under special rules (第三十一条)
        if "|" in s and re.search(r"(?:收集|采集|处理|获取|使用|提供|共享)[^。；]{0,12}(?:个人信息|数据|信息|字段)|(?:字段|清单|明细|信息项)", clause.text) \
                and re.search(r"个人信息|会员|用户|客户|数据|学员|患者", clause.text):
            return [Hit(evidence=s.strip(), sentence=sent)]  # a row of a table listing the data collected
        # the act is done to the sensitive data, not somewhere else in the sentence (…病历书写的故障…，提供替代方案)
        # (outside the data's own name: the 识别 of 人脸识别 is no act); each mention of sensitive data in turn
        verbs = re.compile(r"采集|收集|处理|使用|提供|共享|存储|获取|调取|查询|留存|录入|上传|识别|查阅|监控|追踪")
        v = None
        for m in re.finditer(_LF_SENSITIVE, s):
            after = m.end() + 2 if s.startswith("识别", m.end()) else m.end()  # 人脸识别 names the technology
            v = verbs.search(s, max(0, m.start() - 24), m.start()) or verbs.search(s, after, m.end() + 16)
            if v:
                break
        if not v:
            continue
        if _lf_negated(s, min(m.start(), v.start()), 14):
            continue
        # (a data subject made to hand its own data over: 业主应于入住后十五日内录入人脸信息)
        if not re.search(r"有权|可以|可|应(?:当)?(?:提供|提交|配合|同意)|须(?:提供|提交|配合)|同意|授权|将|进行"
                         # a party bound to gather it: 乙方应在出入口安装人脸抓拍设备，采集的人像数据应同步至营销系统
                         r"|(?:应|须|必须)(?:当)?[^。；，]{0,10}(?:安装|采集|收集|抓拍)"
                         rf"|(?:{_LF_SUBJECTS}|车主|劳动者|租户|承租人|住户)[^。；，]{{0,10}}(?:应|须|必须)(?:当)?[^。；，]{{0,12}}(?:录入|上传|采集|提供|提交)", s):
            continue
        return [Hit(evidence=s.strip(), sentence=sent)]
    return []


def data_blanket_consent(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Consent to personal-information processing that is general, deemed or irrevocable
    (个人信息保护法第14条: informed, voluntary, explicit; 第15条: the right to withdraw;
    第23条: giving it to another processor needs separate consent).

    Shapes: ``乙方同意甲方将其个人信息用于任何目的/提供给任何第三方``, ``该授权不可
    撤销``, ``视为员工已同意公司收集使用其全部个人信息``. Not flagged: consent to a
    stated purpose, a right to withdraw.
    """
    pi = (r"(?:个人信息|个人资料|个人数据|身份信息|肖像|生物识别|个人隐私|浏览记录|位置信息|行踪(?:轨迹|信息)|通讯录|消费记录|行为数据|人脸信息"
          r"|(?:用户|学员|会员|客户|患者|员工)(?:的)?(?:信息|资料|数据)|联系方式|手机号(?:码)?|设备信息|学习记录)")
    prev = ""
    for sent in _split(clause.text):
        s = sent.replace("\n", "")
        # consent by a box ticked in advance, or bundled into the privacy policy (第十四条: consent is a clear act of
        # the person; 第二十九条: sensitive information needs separate consent): 进入会员中心时默认勾选，与隐私政策一并同意
        if re.search(r"默认(?:已)?勾选|预先勾选|预勾选|默认(?:为)?(?:同意|授权)|(?:与|和|随|连同)[^。；，|]{0,10}(?:隐私政策|用户协议|服务协议|注册协议)[^。；，|]{0,4}一并(?:同意|勾选|授权)", s) \
                and re.search(r"个人信息|隐私|照片|面部|人脸|数据|信息", clause.text) and not re.search(r"不得|不(?:会|应)?(?:默认|预先)勾选|取消默认", s):
            return [Hit(evidence=s.strip(), sentence=sent, explanation=(
                "条款以默认勾选或与隐私政策一并同意的方式取得处理个人信息的同意；同意应当由个人在充分知情的前提下自愿、明确作出"
                "（个人信息保护法第十四条），默认勾选不是个人的明确表示，敏感个人信息还须取得单独同意（第二十九条）。"))]
        # consent deemed from use, a click or a registration for what the sentence before describes
        # (…向合作伙伴提供…用户信息。您使用本平台即视为同意前述提供行为)
        refers_back = re.search(pi, prev) and re.search(r"视为[^。；]{0,12}同意(?:前述|上述|前款|以上|该等|此类)", s)
        prev = s
        if not (re.search(pi, s) or refers_back) or re.search(r"有权撤回|可以撤回|可随时撤回|(?<!不)可撤回", s) \
                or re.search(r"未经[^。；，]{0,12}同意[，,]?[^。；]{0,8}不得", s):
            continue  # 未经甲方书面同意，不得向任何第三方披露: a prohibition, not a consent
        if re.search(r"(?:同意|授权|许可)[^。；]{0,30}(?:任何|所有|一切|全部)(?:的)?(?:第三方|目的|用途|合作(?:伙伴|方)|关联方|关联公司|场景)", s) \
                or re.search(r"(?:不可撤销|不得撤回|不能撤回|无权撤回|不可撤回|不得撤销)", s) \
                or re.search(r"视为(?:乙方|员工|用户|个人|本人|劳动者|您|学员|会员|客户|其监护人|监护人|家长)?(?:已)?(?:知悉并)?(?:同意|授权)[^。；]{0,20}(?:收集|使用|处理|提供|共享|披露)", s) \
                or re.search(r"(?:使用|登录|注册|勾选|点击|继续使用|访问)[^。；，]{0,12}(?:即|均|则)?视为[^。；，]{0,8}(?:已)?(?:知悉并)?同意", s):
            return [Hit(evidence=s.strip(), sentence=sent)]
    # the contract itself lets one party hand the other's personal information to third
    # parties for their marketing: a term of the contract is not the separate consent, given
    # after being told the recipient's name and purpose, that 第二十三条 requires
    contact = r"(?:个人信息|个人资料|身份信息|身份证(?:件)?(?:信息|号码|号)?|姓名|联系方式|联系电话|电话号码|手机号(?:码)?|住址|家庭住址|体检(?:信息|结果|数据)|健康信息)"
    for sent in _split(clause.text):
        s = sent.replace("\n", "")
        if not re.search(contact, s) or re.search(r"单独同意|另行(?:取得|征得)[^。；]{0,8}同意|不得(?:向|将)", s):
            continue
        give = re.search(rf"(?:有权|可以|可(?!能)|将|会)[^。；]{{0,12}}{contact}[^。；]{{0,16}}(?:提供|共享|披露|转交|转给|推送|分享)(?:给|予|至)?[^。；]{{0,16}}(?:合作|第三方|关联|商家|机构|伙伴|公司)"
                         rf"|(?:有权|可以|可(?!能))[^。；]{{0,6}}(?:向|与)[^。；]{{0,16}}(?:合作|第三方|关联|商家|机构|伙伴)[^。；]{{0,10}}(?:提供|共享|披露)[^。；]{{0,8}}{contact}", s)
        if give and re.search(r"营销|推广|推荐|广告|推送|优惠|商业|宣传|招揽|获客|销售|模型训练", s) and not _lf_negated(s, give.start(), 10):
            return [Hit(evidence=s.strip(), sentence=sent,
                        explanation="合同条款允许一方将对方的个人信息提供给第三方用于营销推广；向其他处理者提供个人信息须告知接收方名称、处理目的等并取得个人的单独同意，合同中的概括条款不能代替（个人信息保护法第二十三条、第十四条）。")]
    return []


DETECTORS.update({
    "cross_border_consent_bypassed": cross_border_consent_bypassed,
    "data_audit": data_audit,
    "data_blanket_consent": data_blanket_consent,
    "data_consent_forced": data_consent_forced,
    "data_cross_border": data_cross_border,
    "data_incident_notice": data_incident_notice,
    "data_kept_after_deletion": data_kept_after_deletion,
    "data_processor_scope": data_processor_scope,
    "data_retention": data_retention,
    "data_security_duty": data_security_duty,
    "data_sensitive": data_sensitive,
    "data_subprocessing": data_subprocessing,
    "foreign_law_for_outbound_pi": foreign_law_for_outbound_pi,
    "sensitive_marked_ordinary": sensitive_marked_ordinary,
})
