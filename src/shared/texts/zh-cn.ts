/**
 * The texts both the H5 and the server show, in simplified Chinese: ICU MessageFormat messages by key
 * (docs/decisions/server-texts-by-key.md). Plain data; the Polish catalogue (pl.ts) has the same keys
 * and the same arguments.
 */
import { ERROR_TEXTS_ZH_CN } from './errors.zh-cn.ts';

export const SHARED_TEXTS_ZH_CN = {
  ...ERROR_TEXTS_ZH_CN,

  // Validation: any field
  'field.required': '必填',
  'field.invalid': '格式不正确',
  'field.controlCharacters': '不能包含控制字符',
  'field.lineBreaks': '不能包含换行、制表符或控制字符',
  'field.dateFormat': '日期格式应为 YYYY-MM-DD',
  'field.monthRequired': '请选择月份',
  'field.monthFormat': '月份格式应为 YYYY-MM',
  'field.statusInvalid': '状态不正确',
  'field.keywordText': '关键词应为文字',
  'field.keywordMax50': '关键词最多 50 字',
  'field.keywordMax30': '关键词最多 30 个字',
  'field.pageNumber': '页码应为正整数',
  'field.pageTooLarge': '页码过大',
  'field.pageSizeNumber': '每页条数应为正整数',
  'field.pageSizeMax': '每页最多 50 条',
  'field.pageSizeRange': '每页条数应为 1–50',
  'field.amountFen': '金额应为整数（分）',
  'field.nameFormat': '姓名应为 2–30 个汉字或字母',
  'field.nameRequired': '请填写姓名',
  'field.mobileFormat': '手机号格式不正确',
  'field.emailFormat': '邮箱格式不正确',
  'field.emailRequired': '请填写接收邮箱',
  'field.emailTooLong': '邮箱过长',
  'field.idTypeInvalid': '证件类型不正确',
  'field.idNumberRequired': '请填写证件号码',
  'field.idNumberFormat': '证件号码应为 18 位，最后一位可为 X',
  'field.idNumberBirth': '证件号码中的出生日期无效',
  'field.idNumberCheckDigit': '证件号码校验位不正确，请核对',
  'field.idNumberTypeMismatch': '证件号码与证件类型（{idType}）不符',
  'field.relationInvalid': '与投保人关系不正确',
  'field.occupationNumber': '职业类别应为 1–6 的数字',
  'field.occupationRange': '职业类别为 1–6 类',
  'field.remarkMax100': '备注最多 100 字',

  // Validation: numbers of records
  'id.policy': '保单编号应为正整数',
  'id.insured': '被保人编号应为正整数',
  'id.department': '部门编号应为正整数',
  'id.member': '成员编号应为正整数',
  'id.company': '企业编号应为正整数',
  'id.draft': '投保单编号应为正整数',
  'id.order': '订单编号应为正整数',
  'id.claim': '理赔案件编号应为正整数',
  'id.file': '文件编号应为正整数',
  'id.partner': '合作伙伴编号应为正整数',
  'id.person': '常用人编号应为正整数',
  'id.invoice': '发票编号应为正整数',
  'id.voucher': '凭证编号应为正整数',
  'id.withdrawal': '提现申请编号应为正整数',
  'id.product': '产品编号应为正整数',
  'id.message': '编号应为正整数',
  'id.recommender': '推荐码应为正整数',
  'id.referrer': '推荐人编号应为数字',

  // Validation: claims
  'claim.amountPositive': '索赔金额应大于 0',
  'claim.amountTooLarge': '索赔金额过大',
  'claim.typeRequired': '请选择理赔类型',
  'claim.descriptionMin': '请用至少 5 个字描述出险经过',
  'claim.descriptionMax': '出险经过最多 500 字',
  'claim.payeeName': '收款人姓名应为 2–30 个汉字或字母',
  'claim.bankRequired': '请填写开户银行',
  'claim.bankMax': '开户银行最多 40 字',
  'claim.accountFormat': '银行账号应为 10–30 位数字',
  'claim.socialInsurance': '社保结算情况应为 yes、no 或 unknown',
  'claim.deskFilter': '状态应为 open、reported、reviewing、supplement、closed、rejected、paid 之一',

  // Validation: companies
  'company.departmentRequired': '请填写部门名称',
  'company.departmentMax': '部门名称最多 30 个字',
  'company.inviteInvalid': '邀请码无效',
  'company.shareRange': '比例应为 0–100',
  'company.shareDecimals': '比例最多两位小数',
  'company.shareSum': '各部门比例之和不能超过 100%',
  'company.departmentRepeated': '部门重复',
  'company.membersRequired': '请选择成员',
  'company.membersMax': '一次最多选择 200 人',
  'company.memberAction': '操作应为 enable、disable 或 leave',

  // Validation: ratings
  'feedback.rating': '评分应为 1–5 的整数',
  'feedback.kind': '评价类型应为 claim 或 service',
  'feedback.commentMax': '评价内容最多 {maximum} 字',
  'feedback.claimRequired': '请指明要评价的理赔案件',
  'feedback.serviceWithClaim': '服务评价不应指明理赔案件',

  // Validation: finance
  'finance.withdrawalAmount': '提现金额应为整数（分）',
  'finance.withdrawalMin': '单笔提现不少于 {minimum, number, ::scale/0.01 group-off} 元',
  'finance.withdrawalMax': '单笔提现不超过 {maximum, number, ::scale/0.01 group-off} 元',
  'finance.reviewAction': '审核操作应为 approve 或 reject',
  'finance.rejectReason': '驳回提现需填写原因',
  'finance.productTypeRequired': '请选择险种',
  'finance.rateInteger': '佣金比例应为整数（基点）',
  'finance.rateNegative': '佣金比例不能为负',
  'finance.rateMax': '佣金比例不超过 {maximum, number, ::scale/0.01 group-off}%',
  'finance.templateNameMax': '模板名称最多 30 字',

  // Validation: invoices
  'invoice.taxNoLength': '纳税人识别号应为 18 位统一社会信用代码',
  'invoice.taxNoFormat': '纳税人识别号格式不正确',
  'invoice.taxNoCheckDigit': '纳税人识别号校验位不正确',
  'invoice.ordersRequired': '请选择要开票的订单',
  'invoice.ordersMax': '一次最多为 {maximum} 个订单开票',
  'invoice.ordersRepeated': '订单不能重复选择',
  'invoice.titleKind': '抬头类型应为个人或单位',
  'invoice.titleRequired': '请填写发票抬头',
  'invoice.titleMin': '发票抬头至少 2 个字',
  'invoice.titleMax': '发票抬头最多 100 个字',
  'invoice.taxNoRequired': '单位抬头请填写纳税人识别号',
  'invoice.taxNoForbidden': '个人抬头无需填写纳税人识别号',

  // Validation: notifications
  'notification.kindInvalid': '通知类型不正确',
  'notification.kindRepeated': '通知类型不能重复',

  // Validation: buying
  'order.holderCompanyRequired': '请填写投保单位名称',
  'order.creditCodeFormat': '统一社会信用代码格式不正确',
  'order.creditCodeCheck': '统一社会信用代码校验位不正确，请核对',
  'order.healthBlocked': '您的健康告知中有“是”的回答，本产品暂不能在线投保。如需投保，请联系客服进行人工核保。',

  // Validation: partners
  'partner.nameText': '姓名应为文字',
  'partner.nameMax': '姓名最多 30 个字',
  'partner.remarkText': '备注应为文字',
  'partner.remarkMax': '备注最多 200 个字',
  'partner.status': '状态应为 active 或 disabled',
  'partner.nothingChanged': '请至少修改一项',

  // Validation: saved persons
  'person.kind': '类型应为 applicant 或 insured',
  'person.consent': '请同意保存个人敏感信息',
  'person.applicantMobile': '请填写投保人手机号',
  'person.relationRequired': '请选择与投保人关系',

  // Validation: policies
  'policy.surrenderReasonRequired': '请填写退保原因',
  'policy.surrenderReasonMax': '退保原因最多 200 字',

  // Validation: promotion visits
  'promo.pathText': '页面路径应为文本',
  'promo.pathTooLong': '页面路径过长',
  'promo.pathFormat': '页面路径格式不正确',
  'promo.visitorText': '访客标识应为文本',
  'promo.visitorFormat': '访客标识格式不正确',

  // Validation: the member and the profile
  'profile.birthdayTooEarly': '出生日期不能早于 1900-01-01',
  'profile.birthdayFuture': '出生日期不能晚于今天',
  'profile.nameMax': '姓名最多 50 个字符',
  'profile.emailMax': '邮箱最多 254 个字符',
  'profile.regionMax': '地区最多 100 个字符',
  'profile.addressMax': '地址最多 200 个字符',
  'profile.nicknameRequired': '昵称不能为空',
  'profile.nicknameMax': '昵称最多 {maximum} 个字符',
  'profile.nicknameControl': '昵称不能包含控制字符',
  'profile.avatarMax': '头像地址最多 {maximum} 个字符',
  'profile.avatarFormat': '头像须为 http(s) 图片地址或已上传的图片',
  'profile.nothingGiven': '请提供昵称、头像或长辈版设置',
  'profile.elderModeBoolean': '长辈版设置须为 true 或 false',
  'profile.smsCodeFormat': '验证码为 6 位数字',
  'profile.passwordTooLong': '密码过长',

  // Validation: the family cover check-up
  'checkup.category': '保障类别应为 accident、medical、travel 或 team',

  // Names of codes
  'idType.id_card': '居民身份证',
  'idType.hmt_residence': '港澳台居民居住证',
  'idType.foreign_permanent': '外国人永久居留身份证',
  'claimStatus.reported': '已报案',
  'claimStatus.reviewing': '审核中',
  'claimStatus.supplement': '补充材料',
  'claimStatus.closed': '已结案',
  'claimStatus.rejected': '拒赔',
  'claimStatus.paid': '已赔付',
  'documentKind.clause': '保险条款',
  'documentKind.notice': '投保须知',
  'documentKind.exclusions': '责任免除',
  'documentKind.health': '健康告知',
  'personKind.applicant': '常用投保人',
  'personKind.insured': '常用被保人',

  // Claims: the materials a claim needs, and the pre-check's reasons (the H5 shows them too)
  'claim.doc.form': '理赔申请书（被保人或受益人签字）',
  'claim.doc.identity': '被保人身份证正反面',
  'claim.doc.accidentProof': '意外事故证明，如交通事故认定书、单位或派出所出具的证明',
  'claim.doc.medicalRecord': '门急诊病历、检查报告',
  'claim.doc.invoice': '医疗费用发票及费用明细清单',
  'claim.doc.discharge': '住院病历、出院小结',
  'claim.doc.diagnosis': '医院出具的诊断证明书',
  'claim.doc.deathProof': '身故：死亡证明、户籍注销证明',
  'claim.doc.disabilityProof': '伤残：具备资质的机构出具的伤残鉴定报告',
  'claim.doc.beneficiary': '受益人身份证明及与被保人的关系证明',
  'claim.doc.ticket': '登机牌或电子客票行程单',
  'claim.doc.delayProof': '航空公司或机场出具的延误证明（注明延误时间和原因）',
  'claim.doc.passport': '境外行程：护照及出入境记录',
  'claim.doc.bank': '收款人本人的银行卡账户信息',
  'claim.doc.lossProof': '事故或损失证明',
  'claim.doc.expenseProof': '相关费用凭证',
  'claim.precheck.reason.covered': '属于“{coverage}”的保险责任，保险金额 {limit}，免赔额 {deductible}。',
  'claim.precheck.reason.over_limit': '金额超过“{coverage}”的保险金额，最多赔付 {limit}。',
  'claim.precheck.reason.surrendered': '保单已于 {date} 退保，保障已终止，不能报案。',
  'claim.precheck.reason.not_in_force_yet': '出险日期早于保险期间（{start} 至 {end}），保单当时尚未生效。',
  'claim.precheck.reason.lapsed': '出险日期晚于保险期间（{start} 至 {end}），保单当时已经到期。',
  'claim.precheck.reason.type_not_covered': '所选方案“{plan}”不承担“{type}”的保险责任。',
  'claim.precheck.reason.waiting_period':
    '出险日期在 {days} 天等待期内（至 {waitingEnds}），疾病引起的费用不予赔付；如因意外受伤就医，请选择“意外医疗”。',
  'claim.precheck.reason.under_deductible': '金额未超过免赔额 {deductible}，预计不能获得赔付。',
  'claim.precheck.reason.assessment_required':
    '身故、伤残按保险金额及鉴定的伤残等级给付，由理赔人员审核确定，最高 {limit}。',
  'claim.precheck.reason.manual_review': '“其他”类型由理赔人员根据材料判断是否属于保险责任。',
} as const;

export type SharedTextKey = keyof typeof SHARED_TEXTS_ZH_CN;
