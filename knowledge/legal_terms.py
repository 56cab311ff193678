"""Legal vocabulary for statute retrieval: a jieba dictionary and lay -> legal synonyms.

Written from legal knowledge (the terms of the 民法典, 劳动合同法, 民事诉讼法 and the
everyday words people use for them), not from any evaluation set: STARD measures the
retrieval, it never supplies words here.

* :data:`LEGAL_TERMS` — terms jieba's default dictionary splits or mis-splits
  (``违约金`` is a word, ``用人单位`` must not become ``用人`` + ``单位`` only, ``格式条款``
  ...). Added to the private BM25 tokenizer with a high frequency so they stay whole;
  the search-mode tokenizer still emits their in-word parts (``违约金`` -> ``违约``).
* :data:`LAY_TO_LEGAL` — words of lay questions and contracts -> the statute's words
  (房东 -> 出租人, 老板 -> 用人单位). A query is expanded by appending the legal terms of
  the lay words it contains (:func:`expand_query`); documents are never expanded.
"""

from __future__ import annotations

import hashlib
import re

__all__ = ["LAY_TO_LEGAL", "LEGAL_TERMS", "expand_query", "vocabulary_sha256"]

LEGAL_TERMS: tuple[str, ...] = tuple(dict.fromkeys("""
民事法律行为 意思表示 法定代表人 非法人组织 完全民事行为能力人 限制民事行为能力人 无民事行为能力人 监护人 被监护人
诉讼时效 除斥期间 代理人 被代理人 表见代理 无权代理 委托代理 法定代理 善意相对人 善意第三人
要约 要约邀请 承诺 格式条款 免责条款 缔约过失 预约合同 合同成立 合同生效 无效合同 可撤销 撤销权 解除权
同时履行抗辩权 先履行抗辩权 不安抗辩权 代位权 债权人 债务人 债权转让 债务转移 债务加入 抵销 提存 免除
违约责任 违约金 定金 定金罚则 订金 预付款 损失赔偿 可得利益 继续履行 采取补救措施 减价 不可抗力 情势变更
迟延履行 预期违约 根本违约 减损 双倍返还 定作人 承揽人 发包人 承包人 分包 转包 工程价款 优先受偿权 竣工验收
出卖人 买受人 标的物 检验期限 质量异议 所有权保留 分期付款 试用买卖 风险负担 孳息
出租人 承租人 转租 次承租人 租金 押金 优先购买权 优先承租权 买卖不破租赁 租赁期限 不定期租赁
出借人 借款人 借款合同 民间借贷 利息 利率 逾期利息 复利 高利放贷 借据 欠条 收据
保证人 保证合同 一般保证 连带责任保证 保证期间 抵押权 抵押人 抵押权人 质权 质押 留置权 担保物权 反担保
委托人 受托人 行纪人 中介人 居间 物业服务人 业主 业主委员会 业主大会 物业服务费 建筑物区分所有权 共有部分
合伙人 合伙企业 有限合伙人 普通合伙人 股东 有限责任公司 股份有限公司 董事会 监事会 股东会 实际控制人 出资
用人单位 劳动者 劳动合同 劳务派遣 用工单位 派遣单位 试用期 服务期 竞业限制 经济补偿 经济补偿金 赔偿金
劳动报酬 加班费 最低工资 工作时间 休息休假 带薪年休假 社会保险 工伤 工伤保险 职业病 无固定期限劳动合同
固定期限劳动合同 以完成一定工作任务为期限 解除劳动合同 终止劳动合同 劳动争议 劳动仲裁 劳动争议仲裁委员会
规章制度 集体合同 非全日制用工 双倍工资 违法解除 医疗期 孕期 产期 哺乳期 三期
商业秘密 保密义务 知识产权 著作权 专利权 商标专用权 注册商标 侵权责任 过错责任 无过错责任 精神损害赔偿
人身损害 财产损失 医疗费 误工费 护理费 残疾赔偿金 死亡赔偿金 丧葬费 被扶养人生活费 机动车交通事故责任
产品责任 生产者 销售者 消费者 经营者 惩罚性赔偿 三倍赔偿 欺诈 胁迫 重大误解 显失公平 乘人之危
夫妻共同财产 夫妻共同债务 个人财产 离婚协议 抚养费 抚养权 探望权 赡养费 扶养 彩礼 婚前财产 家庭暴力
法定继承 遗嘱继承 遗嘱 遗赠 遗产 继承人 第一顺序继承人 代位继承 遗产管理人 遗赠扶养协议
不动产登记 预告登记 所有权 用益物权 宅基地使用权 土地承包经营权 土地经营权 建设用地使用权 居住权 地役权 相邻关系
仲裁协议 仲裁条款 仲裁机构 仲裁委员会 仲裁裁决 一裁终局 撤销仲裁裁决 管辖 协议管辖 专属管辖 级别管辖 地域管辖
原告 被告 起诉 上诉 再审 举证责任 证据 财产保全 先予执行 强制执行 申请执行 执行异议 支付令 公证
个人信息 个人信息处理者 敏感个人信息 单独同意 数据处理者 数据出境 网络运营者
行政许可 行政处罚 行政复议 行政诉讼 政府信息公开 国家赔偿
""".split()))
"""Legal terms kept whole by the BM25 tokenizer."""

LAY_TO_LEGAL: dict[str, str] = {
    # tenancy
    "房东": "出租人", "租客": "承租人", "房客": "承租人", "租户": "承租人", "二房东": "转租 出租人",
    "租房": "租赁合同 承租人", "押金": "押金 担保", "退租": "解除 租赁合同", "涨房租": "租金", "房租": "租金",
    # employment
    "老板": "用人单位", "公司老板": "用人单位", "雇主": "用人单位", "东家": "用人单位",
    "员工": "劳动者", "职工": "劳动者", "工人": "劳动者", "打工": "劳动者 劳动合同", "雇员": "劳动者",
    "辞退": "解除劳动合同 用人单位", "开除": "解除劳动合同 用人单位", "炒鱿鱼": "解除劳动合同", "裁员": "裁减人员",
    "辞职": "劳动者 解除劳动合同 提前三十日", "离职": "解除劳动合同 终止", "跳槽": "竞业限制 解除劳动合同",
    "工资": "劳动报酬 工资", "薪水": "劳动报酬 工资", "薪资": "劳动报酬 工资", "欠薪": "拖欠劳动报酬", "拖欠工资": "拖欠劳动报酬",
    "补偿金": "经济补偿", "遣散费": "经济补偿", "n+1": "经济补偿 代通知金", "加班": "加班 延长工作时间 加班费",
    "五险一金": "社会保险 住房公积金", "社保": "社会保险", "年假": "带薪年休假", "产假": "产假 女职工 生育",
    "怀孕": "孕期 女职工", "工伤": "工伤 工伤保险", "没签合同": "未订立书面劳动合同 二倍工资",
    "派遣": "劳务派遣", "外包": "劳务派遣 承揽",
    # money, loans, debts
    "借钱": "借款 出借人 借款人", "借给": "借款 出借人", "欠钱": "债务 借款 偿还", "欠款": "债务 偿还",
    "还钱": "返还借款 偿还", "不还钱": "逾期 返还借款 违约", "讨债": "债权 偿还", "要债": "债权 偿还",
    "老赖": "被执行人 失信", "高利贷": "民间借贷 利率 利息", "利滚利": "复利 利息", "担保人": "保证人",
    "作保": "保证", "打欠条": "借据 欠条", "借条": "借据 借款合同",
    # sales and consumers
    "买东西": "买卖合同 买受人", "卖家": "出卖人 经营者", "买家": "买受人 消费者", "商家": "经营者 销售者",
    "退货": "退货 解除合同 质量", "假货": "欺诈 假冒 惩罚性赔偿", "网购": "网络交易 电子商务 消费者",
    "定金不退": "定金罚则 定金", "订金": "定金 预付款", "毁约": "违约 解除合同", "违约了": "违约责任",
    "赔钱": "赔偿损失", "索赔": "赔偿损失 请求", "罚款": "违约金 罚款",
    # family and succession
    "老公": "配偶 夫妻", "老婆": "配偶 夫妻", "丈夫": "配偶 夫妻", "妻子": "配偶 夫妻", "结婚": "结婚 婚姻",
    "离婚": "离婚 夫妻", "孩子": "子女", "小孩": "子女 未成年人", "儿子": "子女", "女儿": "子女",
    "父母": "父母 赡养", "爸爸": "父母", "妈妈": "父母", "爷爷": "祖父母", "奶奶": "祖父母",
    "分家产": "分割 共有财产 遗产", "遗产": "遗产 继承", "房产证": "不动产权属证书 不动产登记",
    "过户": "转移登记 不动产登记", "彩礼": "彩礼 婚约财产",
    # property and neighbours
    "房子": "房屋", "买房": "商品房买卖 房屋", "卖房": "房屋买卖 出卖人", "宅基地": "宅基地使用权",
    "物业": "物业服务人 物业服务", "物业费": "物业费 物业服务费", "邻居": "相邻关系 相邻",
    "承包地": "土地承包经营权 承包地", "拆迁": "征收 补偿",
    # torts
    "车祸": "机动车交通事故 侵权责任", "撞人": "机动车交通事故 侵权", "撞了": "交通事故 侵权",
    "被打": "人身损害 侵权", "打伤": "人身损害 侵权 伤害", "被狗咬": "饲养动物 损害",
    "医疗事故": "医疗损害责任 医疗机构", "看病": "医疗机构 诊疗",
    # disputes and procedure
    "打官司": "诉讼 起诉", "告他": "起诉", "上法院": "起诉 人民法院", "律师费": "律师费 合理开支",
    "法院判了": "判决 执行", "不执行": "强制执行 申请执行",
    # companies and IP
    "合伙做生意": "合伙 合伙人", "入股": "出资 股东", "公司倒闭": "破产 清算",
    "盗版": "侵犯著作权", "抄袭": "侵犯著作权", "商标被抢注": "商标 恶意注册",
    # crime (lay words of the criminal law's terms)
    "偷": "盗窃", "偷东西": "盗窃", "骗": "诈骗", "骗钱": "诈骗", "抢": "抢劫", "打架": "故意伤害 寻衅滋事",
    "酒驾": "醉酒驾驶 危险驾驶", "坐牢": "有期徒刑 刑罚", "判刑": "刑罚",
}
"""Lay word -> space-separated legal terms appended to a query that contains it."""

_LAY_RE = re.compile("|".join(sorted(map(re.escape, LAY_TO_LEGAL), key=len, reverse=True)), re.IGNORECASE)


def expand_query(query: str) -> str:
    """Append the legal terms for the lay words in ``query``.

    Args:
        query: a question or clause.

    Returns:
        ``query`` followed by the distinct legal terms of its lay words (longest lay
        word first at each position, no overlaps); ``query`` unchanged when none occur.
    """
    extra = dict.fromkeys(LAY_TO_LEGAL[m.group(0).lower()] for m in _LAY_RE.finditer(query or ""))
    return f"{query} {' '.join(extra)}" if extra else query


def vocabulary_sha256() -> str:
    """sha256 over the dictionary and synonyms (recorded in the index manifest)."""
    body = "\n".join(LEGAL_TERMS) + "\0" + "\n".join(f"{k}\t{v}" for k, v in sorted(LAY_TO_LEGAL.items()))
    return hashlib.sha256(body.encode("utf-8")).hexdigest()[:16]
