import { eq, sql } from 'drizzle-orm';
import {
  ANNUAL_TERM_DAYS,
  DOCUMENT_KIND_TITLES,
  type CoverKey,
  type CoverageClaimRules,
  type HealthQuestion,
  type Limits,
  type Plan,
  type PremiumTable,
  type ProductContent,
  type ProductDocument,
  type Term,
} from '#shared/catalogue.ts';
import { publishVersion } from '../modules/catalogue/publish.ts';
import type { Db } from '../db/client.ts';
import { products, productTypes, productVersions } from '../db/schema.ts';
import { DEMO_PRODUCTS_PL } from './catalogue-pl.ts';

/*
 * The demo catalogue of the embedded default: four types, six products on sale and one off sale.
 * Insurers, prices and texts are invented for the demo (no insurer's copyrighted wording).
 */

const WAN = 10_000 * 100; // 1 万元 in fen
const YUAN = 100;
const INSURER_PC = '演示财产保险股份有限公司';
const INSURER_HEALTH = '演示健康保险股份有限公司';
const HOTLINE = '400-000-0000';
const MAINLAND = { sold: ['中国大陆'], excluded: ['香港特别行政区', '澳门特别行政区', '台湾地区'] };
const YEAR: Term = { days: ANNUAL_TERM_DAYS, label: '1年' };

const TYPES = [
  { code: 'accident', name: '意外险', sort: 1, icon: 'accident' },
  { code: 'medical', name: '医疗险', sort: 2, icon: 'medical' },
  { code: 'travel', name: '旅行险', sort: 3, icon: 'travel' },
  { code: 'team', name: '团体险', sort: 4, icon: 'team' },
];

// ---------------------------------------------------------------- premium tables

/** prices[plan][band][term], in fen: one row per plan × age band × term. */
function ageTable(terms: number[], bands: [number, number][], prices: Record<string, number[][]>): PremiumTable {
  const rows = Object.entries(prices).flatMap(([planCode, byBand]) =>
    bands.flatMap(([minAge, maxAge], b) =>
      terms.map((termDays, t) => ({ planCode, minAge, maxAge, termDays, premiumFen: byBand[b][t] })),
    ),
  );
  return { basis: 'age', rows };
}

/** prices[plan][classBand], per head per year, in fen. */
function occupationTable(bands: [number, number][], prices: Record<string, number[]>): PremiumTable {
  const rows = Object.entries(prices).flatMap(([planCode, byBand]) =>
    bands.map(([minClass, maxClass], b) => ({
      planCode,
      minClass,
      maxClass,
      termDays: ANNUAL_TERM_DAYS,
      premiumFen: byBand[b],
    })),
  );
  return { basis: 'occupation', rows };
}

// ---------------------------------------------------------------- documents

const paragraphs = (...lines: string[]) => lines.join('\n\n');

function limitsText(l: Limits): string[] {
  const lines = [
    `被保险人投保年龄为 ${l.insuredAge.min}–${l.insuredAge.max} 周岁（以起保日计算周岁）；投保人须年满 ${l.applicantMinAge} 周岁且具有完全民事行为能力。`,
    `本产品承保职业类别为 ${l.occupationClasses.min}–${l.occupationClasses.max} 类，超出范围的职业不予承保；被保险人职业变更的，应及时通知保险人。`,
    `销售区域：${l.regions.sold.join('、')}${l.regions.excluded.length ? `（不含${l.regions.excluded.join('、')}）` : ''}。`,
  ];
  if (l.teamSize)
    lines.push(
      `本产品为团体保险，每张保单被保险人人数为 ${l.teamSize.min}–${l.teamSize.max} 人，投保单位须为依法设立的企业、机关或社会团体。`,
    );
  return lines;
}

/**
 * 保险责任 plan by plan: the same coverage differs between plans (sum, deductible, days), so one
 * merged list would describe the top plan's cover to every buyer.
 */
function liabilities(plans: Plan[]): string[] {
  const lines = (p: Plan) => p.coverages.map((c, i) => `（${i + 1}）${c.name}：${c.description}`);
  return plans.length === 1 ? lines(plans[0]) : plans.flatMap((p) => [`【${p.name}】`, ...lines(p)]);
}

function clause(name: string, plans: Plan[], extra: string[]): ProductDocument {
  return {
    kind: 'clause',
    title: `${name}条款`,
    content: paragraphs(
      `第一条 合同构成　本保险合同由保险条款、投保单、保险单或其他保险凭证以及与本合同有关的投保文件、声明、批注、附贴批单及其他书面协议构成。`,
      `第二条 投保范围　符合本合同约定投保条件的自然人可作为被保险人；对被保险人具有保险利益的人可作为投保人。`,
      `第三条 保险责任　在保险期间内，保险人按照保险单载明的保障方案承担下列保险责任：`,
      ...liabilities(plans),
      ...extra,
      `第四条 保险金额　各项保险金额由投保人在投保时选择并在保险单中载明，保险人累计给付的保险金以保险单载明的保险金额为限。`,
      `第五条 保险期间　保险期间由投保人与保险人约定，以保险单载明的起讫时间为准，自起保日零时起至终止日二十四时止。`,
      `第六条 保险金申请　保险事故发生后，被保险人或受益人应于知道保险事故发生之日起 48 小时内通知保险人，并提供保险金给付申请书、身份证明、相关医疗证明及费用票据等材料。`,
      `第七条 争议处理　因履行本合同发生的争议，由当事人协商解决；协商不成的，提交保险单载明的仲裁机构仲裁，未约定仲裁的，依法向人民法院起诉。`,
    ),
  };
}

function notice(limits: Limits, coolingOffDays: number, extra: string[]): ProductDocument {
  const cooling =
    coolingOffDays > 0
      ? `本产品设有 ${coolingOffDays} 日犹豫期，自您签收电子保单之日起计算。犹豫期内解除合同的，保险人全额退还已交保险费；犹豫期后解除合同的，保险人退还未满期净保险费，您可能因此遭受一定损失。`
      : '本产品为短期保险，不设犹豫期。保险责任开始前可申请全额退保；保险责任开始后解除合同的，保险人按约定退还未满期净保险费，您可能因此遭受一定损失。';
  return {
    kind: 'notice',
    title: '投保须知',
    content: paragraphs(
      '请您在投保前仔细阅读保险条款，特别是责任免除、免赔额、等待期及保险金申请等条款，充分理解后再进行投保。',
      ...limitsText(limits),
      ...extra,
      cooling,
      '投保人应如实填写投保信息，本产品的保险费以系统根据保障方案、保障期限、被保险人年龄及人数计算的结果为准。',
      '保险合同以电子保单形式出具，电子保单与纸质保单具有同等法律效力。您可在“保单查询”中查看和下载电子保单。',
      `如有疑问，请拨打客服电话 ${HOTLINE}（工作日 9:00–18:00）。`,
    ),
  };
}

const EXCLUSIONS_COMMON = [
  '（一）投保人对被保险人的故意杀害、故意伤害；',
  '（二）被保险人故意自伤、故意犯罪或者抗拒依法采取的刑事强制措施；',
  '（三）被保险人主动吸食或注射毒品；',
  '（四）被保险人酒后驾驶、无合法有效驾驶证驾驶，或驾驶无有效行驶证的机动车；',
  '（五）战争、军事冲突、暴乱或武装叛乱；',
  '（六）核爆炸、核辐射或核污染。',
];

function exclusions(extra: string[]): ProductDocument {
  return {
    kind: 'exclusions',
    title: '责任免除',
    content: paragraphs(
      '因下列原因造成被保险人身故、伤残或发生医疗费用的，保险人不承担给付保险金责任：',
      ...EXCLUSIONS_COMMON,
      ...extra,
      '发生上述情形之一的，本合同对该被保险人的保险责任终止；投保人已交足保险费的，保险人退还该被保险人未满期净保险费。',
    ),
  };
}

function health(questions: string[]): ProductDocument {
  return {
    kind: 'health',
    title: DOCUMENT_KIND_TITLES.health,
    content: paragraphs(
      '请您如实告知被保险人的健康状况。根据《中华人民共和国保险法》第十六条，投保人故意或者因重大过失未履行如实告知义务，足以影响保险人决定是否同意承保或者提高保险费率的，保险人有权解除合同，并对合同解除前发生的保险事故不承担赔偿或者给付保险金的责任。',
      '以下问题如有任意一项为“是”，本产品暂不支持在线投保。',
    ),
    questions: questions.map((text, i) => ({ id: `q${i + 1}`, text }) satisfies HealthQuestion),
  };
}

// ---------------------------------------------------------------- coverages

/**
 * A coverage with its claim rules (docs/decisions/claim-pre-check.md): the claim types it answers,
 * the deductible and the payout ratio with / without social insurance settling first, as the
 * description states them.
 */
const cov = (
  name: string,
  sumInsuredFen: number,
  icon: Plan['coverages'][number]['icon'],
  description: string,
  rules: CoverageClaimRules,
) => ({ name, sumInsuredFen, icon, description, ...rules });
const ratio = (withSocialInsurance: number, withoutSocialInsurance: number) => ({
  payoutPercent: { withSocialInsurance, withoutSocialInsurance },
});
const DEATH: CoverageClaimRules = { claimTypes: ['death_disability'] };
const OTHER: CoverageClaimRules = { claimTypes: ['other'] };
/** Paid together with an accident-medical claim (a day's allowance per day in hospital). */
const ALONG_ACCIDENT_MEDICAL: CoverageClaimRules = { claimTypes: ['accident_medical'] };
const SERVICE: CoverageClaimRules = { claimTypes: [] };

// ---------------------------------------------------------------- the products

interface SeedProduct {
  code: string;
  type: string;
  insurer: string;
  name: string;
  tagline: string;
  cover: CoverKey;
  tags: string[];
  status: 'on_sale' | 'off_sale';
  sort: number;
  content: ProductContent;
}

function accident(): SeedProduct {
  const plans: Plan[] = [
    {
      code: 'basic',
      name: '基础版',
      coverages: [
        cov(
          '意外身故、伤残',
          50 * WAN,
          'death',
          '被保险人因意外伤害身故或伤残的，按保险金额及伤残等级比例给付。',
          DEATH,
        ),
        cov(
          '意外医疗',
          2 * WAN,
          'accident-medical',
          '因意外伤害发生的合理且必要的医疗费用，0 免赔，100% 赔付（社保范围内）。',
          { claimTypes: ['accident_medical'], deductibleFen: 0, ...ratio(100, 60) },
        ),
        cov(
          '意外住院津贴',
          100 * YUAN,
          'allowance',
          '因意外伤害住院，每日给付津贴，单次最长 90 日。',
          ALONG_ACCIDENT_MEDICAL,
        ),
      ],
    },
    {
      code: 'standard',
      name: '标准版',
      coverages: [
        cov(
          '意外身故、伤残',
          100 * WAN,
          'death',
          '被保险人因意外伤害身故或伤残的，按保险金额及伤残等级比例给付。',
          DEATH,
        ),
        cov(
          '意外医疗',
          5 * WAN,
          'accident-medical',
          '因意外伤害发生的合理且必要的医疗费用，0 免赔，社保范围内 100% 赔付、范围外 80% 赔付。',
          { claimTypes: ['accident_medical'], deductibleFen: 0, ...ratio(100, 80) },
        ),
        cov(
          '意外住院津贴',
          150 * YUAN,
          'allowance',
          '因意外伤害住院，每日给付津贴，单次最长 90 日。',
          ALONG_ACCIDENT_MEDICAL,
        ),
      ],
    },
    {
      code: 'premium',
      name: '尊享版',
      coverages: [
        cov(
          '意外身故、伤残',
          200 * WAN,
          'death',
          '被保险人因意外伤害身故或伤残的，按保险金额及伤残等级比例给付。',
          DEATH,
        ),
        cov(
          '意外医疗',
          10 * WAN,
          'accident-medical',
          '因意外伤害发生的合理且必要的医疗费用，0 免赔，不限社保 100% 赔付。',
          { claimTypes: ['accident_medical'], deductibleFen: 0, ...ratio(100, 100) },
        ),
        cov(
          '意外住院津贴',
          200 * YUAN,
          'allowance',
          '因意外伤害住院，每日给付津贴，单次最长 180 日。',
          ALONG_ACCIDENT_MEDICAL,
        ),
        cov(
          '猝死',
          50 * WAN,
          'sudden-death',
          '被保险人在保险期间内突发疾病并于 24 小时内身故的，给付猝死保险金。',
          DEATH,
        ),
      ],
    },
  ];
  const limits: Limits = {
    insuredAge: { min: 18, max: 60 },
    applicantMinAge: 18,
    occupationClasses: { min: 1, max: 4 },
    regions: MAINLAND,
    startOffsetDays: { min: 1, max: 30 },
  };
  return {
    code: 'ACC-ZH',
    type: 'accident',
    insurer: INSURER_PC,
    name: '综合意外险',
    tagline: '意外医疗 0 免赔，出行通勤一年安心',
    cover: 'sky',
    tags: ['0免赔', '含猝死可选', '1-4类职业'],
    status: 'on_sale',
    sort: 1,
    content: {
      plans,
      terms: [YEAR],
      limits,
      coolingOffDays: 0,
      renewable: true,
      waitingDays: 0,
      premiums: ageTable(
        [ANNUAL_TERM_DAYS],
        [
          [18, 40],
          [41, 50],
          [51, 60],
        ],
        {
          basic: [[6900], [8900], [12900]],
          standard: [[12900], [15900], [21900]],
          premium: [[25900], [31900], [42900]],
        },
      ),
      highlights: ['意外医疗 0 免赔', '住院津贴按日给付', '尊享版含猝死保障'],
      documents: [
        clause('综合意外伤害保险', plans, [
          '意外伤害指以外来的、突发的、非本意的和非疾病的客观事件为直接且主要原因致使身体受到的伤害。',
        ]),
        notice(limits, 0, ['本产品等待期为 0 天，保险责任自起保日零时开始。']),
        exclusions([
          '（七）被保险人从事潜水、跳伞、攀岩、探险、摔跤、武术比赛、特技表演、赛马、赛车等高风险运动；',
          '（八）被保险人因疾病导致的伤害，但尊享版猝死责任除外。',
        ]),
      ],
    },
  };
}

function childAccident(): SeedProduct {
  const plans: Plan[] = [
    {
      code: 'basic',
      name: '基础版',
      coverages: [
        cov('意外身故、伤残', 10 * WAN, 'death', '未成年人身故保险金以国务院保险监督管理机构规定的限额为限。', DEATH),
        cov('意外医疗', 2 * WAN, 'accident-medical', '因意外伤害发生的合理且必要的医疗费用，0 免赔。', {
          claimTypes: ['accident_medical'],
          deductibleFen: 0,
          ...ratio(100, 80),
        }),
      ],
    },
  ];
  const limits: Limits = {
    insuredAge: { min: 0, max: 17 },
    applicantMinAge: 18,
    occupationClasses: { min: 1, max: 2 },
    regions: MAINLAND,
    startOffsetDays: { min: 1, max: 30 },
  };
  return {
    code: 'ACC-CHILD',
    type: 'accident',
    insurer: INSURER_PC,
    name: '少儿综合意外险',
    tagline: '校园内外意外保障（已停售）',
    cover: 'coral',
    tags: ['少儿专属'],
    status: 'off_sale',
    sort: 2,
    content: {
      plans,
      terms: [YEAR],
      limits,
      coolingOffDays: 0,
      renewable: true,
      waitingDays: 0,
      premiums: ageTable([ANNUAL_TERM_DAYS], [[0, 17]], { basic: [[4900]] }),
      highlights: ['校园内外全天候保障'],
      documents: [
        clause('少儿综合意外伤害保险', plans, []),
        notice(limits, 0, ['投保人须为被保险人的父母或法定监护人。']),
        exclusions([]),
      ],
    },
  };
}

function millionMedical(): SeedProduct {
  // Costs after a 1 万元 deductible; 100 % when social insurance settled first, 60 % when it did not.
  const medicalRules = (claimTypes: CoverageClaimRules['claimTypes'], deductibleFen: number): CoverageClaimRules => ({
    claimTypes,
    deductibleFen,
    ...ratio(100, 60),
  });
  const general = (fen: number) =>
    cov(
      '一般医疗保险金',
      fen,
      'hospital',
      '因意外或疾病住院治疗、特殊门诊、门诊手术及住院前后 30 日门急诊的医疗费用，年免赔额 1 万元，经社保结算后 100% 赔付，未经社保结算 60% 赔付。',
      medicalRules(['hospital', 'accident_medical'], WAN),
    );
  const critical = (fen: number) =>
    cov(
      '重大疾病医疗保险金',
      fen,
      'critical-illness',
      '确诊合同约定的重大疾病后发生的医疗费用，0 免赔额，不与一般医疗共用免赔。',
      medicalRules(['hospital'], 0),
    );
  const plans: Plan[] = [
    { code: 'standard', name: '标准版', coverages: [general(300 * WAN), critical(600 * WAN)] },
    {
      code: 'plus',
      name: '升级版',
      coverages: [
        general(300 * WAN),
        critical(600 * WAN),
        cov(
          '质子重离子医疗保险金',
          600 * WAN,
          'hospital',
          '在指定医疗机构接受质子、重离子放射治疗的费用，0 免赔额。',
          medicalRules(['hospital'], 0),
        ),
        cov(
          '院外特定药品费用',
          600 * WAN,
          'drug',
          '确诊恶性肿瘤等重大疾病后在指定药店购买清单内特定药品的费用，0 免赔额。',
          medicalRules(['hospital'], 0),
        ),
      ],
    },
  ];
  const limits: Limits = {
    insuredAge: { min: 0, max: 65 },
    insuredMinDays: 28,
    applicantMinAge: 18,
    occupationClasses: { min: 1, max: 6 },
    regions: MAINLAND,
    startOffsetDays: { min: 1, max: 30 },
  };
  const prices = (p: number[]) => p.map((v) => [v]);
  return {
    code: 'MED-BW',
    type: 'medical',
    insurer: INSURER_HEALTH,
    name: '百万医疗险',
    tagline: '一般医疗 300 万，重疾医疗 600 万',
    cover: 'forest',
    tags: ['重疾0免赔', '外购药可选', '家庭共享免赔'],
    status: 'on_sale',
    sort: 1,
    content: {
      plans,
      terms: [YEAR],
      limits,
      coolingOffDays: 15,
      renewable: true,
      waitingDays: 30,
      premiums: ageTable(
        [ANNUAL_TERM_DAYS],
        [
          [0, 17],
          [18, 40],
          [41, 50],
          [51, 60],
          [61, 65],
        ],
        {
          standard: prices([30800, 21800, 46800, 86800, 158800]),
          plus: prices([39800, 29800, 62800, 115800, 208800]),
        },
      ),
      highlights: ['住院医疗费用最高 600 万', '重大疾病 0 免赔额', '升级版含质子重离子与院外特药'],
      documents: [
        clause('个人住院医疗保险', plans, [
          '被保险人首次投保或非连续投保的，自合同生效日起 30 日为等待期（因意外伤害就医的无等待期），等待期内发生的疾病医疗费用保险人不承担给付责任。',
        ]),
        notice(limits, 15, [
          '本产品等待期为 30 天，意外伤害无等待期。',
          '出生满 28 天的婴儿方可作为被保险人投保。',
          '本产品为费用补偿型医疗保险，已从其他途径获得的补偿将在理赔时扣除。',
        ]),
        exclusions([
          '（七）投保前已患有的疾病或已存在的症状（既往症）；',
          '（八）等待期内发生的疾病及其并发症；',
          '（九）美容、整形、矫形、牙科治疗、视力矫正及各类健康体检；',
          '（十）不孕不育治疗、人工受孕、妊娠及分娩。',
        ]),
        health([
          '被保险人过去两年内是否曾住院治疗，或被医生建议住院、手术而未进行？',
          '被保险人是否患有或曾患有恶性肿瘤、白血病、淋巴瘤或尚未确定性质的肿瘤、结节、息肉？',
          '被保险人是否患有或曾患有高血压（Ⅱ级及以上）、冠心病、心肌梗死、脑梗死、脑出血等心脑血管疾病？',
          '被保险人是否患有或曾患有糖尿病、慢性肝炎、肝硬化、慢性肾病或肾功能不全？',
          '被保险人是否患有或曾患有精神疾病、癫痫、先天性疾病或遗传性疾病？',
          '被保险人过去一年内是否有体检、检查结果异常，并被医生建议复查或进一步检查？',
        ]),
      ],
    },
  };
}

function domesticTravel(): SeedProduct {
  const plan = (code: string, name: string, k: number, delay: boolean): Plan => ({
    code,
    name,
    coverages: [
      cov(
        '意外身故、伤残',
        10 * WAN * k,
        'death',
        '旅行期间因意外伤害身故或伤残的，按保险金额及伤残等级比例给付。',
        DEATH,
      ),
      cov('意外医疗', 1 * WAN * k, 'accident-medical', '旅行期间因意外伤害发生的医疗费用，100 元免赔额后 100% 赔付。', {
        claimTypes: ['accident_medical'],
        deductibleFen: 100 * YUAN,
        ...ratio(100, 100),
      }),
      cov(
        '随身财产损失',
        1000 * YUAN * k,
        'baggage',
        '旅行期间随身携带的行李物品因盗抢、意外事故遭受的损失，单件以 500 元为限。',
        OTHER,
      ),
      ...(delay
        ? [
            cov(
              '交通工具延误',
              300 * YUAN,
              'delay',
              '所乘航班、列车延误连续 4 小时以上的，每满 4 小时给付 100 元，以保险金额为限。',
              { claimTypes: ['travel_delay'] },
            ),
          ]
        : []),
      cov('紧急救援', 0, 'rescue', '7×24 小时电话援助、就医安排与紧急转运服务，由合作救援机构提供。', SERVICE),
    ],
  });
  const plans = [plan('economy', '经济型', 1, false), plan('comfort', '舒适型', 3, true)];
  const terms: Term[] = [3, 7, 15, 30].map((days) => ({ days, label: `${days}天` }));
  const limits: Limits = {
    insuredAge: { min: 0, max: 80 },
    applicantMinAge: 18,
    occupationClasses: { min: 1, max: 4 },
    regions: MAINLAND,
    startOffsetDays: { min: 1, max: 90 },
  };
  return {
    code: 'TRV-DOM',
    type: 'travel',
    insurer: INSURER_PC,
    name: '境内旅行险',
    tagline: '自驾跟团都能保，3 元起',
    cover: 'sunrise',
    tags: ['按天投保', '含航班延误'],
    status: 'on_sale',
    sort: 1,
    content: {
      plans,
      terms,
      limits,
      coolingOffDays: 0,
      renewable: false,
      waitingDays: 0,
      premiums: ageTable(
        terms.map((t) => t.days),
        [
          [0, 17],
          [18, 65],
          [66, 80],
        ],
        {
          economy: [
            [300, 500, 900, 1500],
            [400, 700, 1200, 2000],
            [800, 1400, 2400, 4000],
          ],
          comfort: [
            [600, 1000, 1800, 3000],
            [800, 1400, 2400, 4000],
            [1600, 2800, 4800, 8000],
          ],
        },
      ),
      highlights: ['3/7/15/30 天灵活选择', '舒适型含交通工具延误', '全程紧急救援'],
      documents: [
        clause('境内旅行意外伤害保险', plans, [
          '本合同所称旅行，指被保险人离开其日常居住地，在中国大陆境内以游览、探亲、商务为目的的出行。',
        ]),
        notice(limits, 0, ['保险期间须覆盖完整行程；行程延长的，请在保险期间届满前另行投保。']),
        exclusions([
          '（七）被保险人参加高空、潜水、漂流、滑雪等高风险运动，但舒适型对景区内有安全措施的漂流予以承保；',
          '（八）随身财产中的现金、有价证券、首饰及电子产品的自然损耗。',
        ]),
      ],
    },
  };
}

function overseasTravel(): SeedProduct {
  const plans: Plan[] = [
    {
      code: 'schengen',
      name: '申根标准版',
      coverages: [
        cov(
          '意外身故、伤残',
          30 * WAN,
          'death',
          '境外旅行期间因意外伤害身故或伤残的，按保险金额及伤残等级比例给付。',
          DEATH,
        ),
        cov(
          '境外医疗',
          30 * WAN,
          'hospital',
          '境外因意外或突发急性病发生的医疗费用，0 免赔额，满足申根签证 3 万欧元保额要求。',
          { claimTypes: ['accident_medical', 'hospital'], deductibleFen: 0, ...ratio(100, 100) },
        ),
        cov('紧急医疗运送和送返', 50 * WAN, 'rescue', '经救援机构安排的紧急医疗转运、送返及遗体送返费用。', OTHER),
      ],
    },
    {
      code: 'global',
      name: '全球尊享版',
      coverages: [
        cov(
          '意外身故、伤残',
          50 * WAN,
          'death',
          '境外旅行期间因意外伤害身故或伤残的，按保险金额及伤残等级比例给付。',
          DEATH,
        ),
        cov('境外医疗', 100 * WAN, 'hospital', '境外因意外或突发急性病发生的医疗费用，0 免赔额，合作医院可直付。', {
          claimTypes: ['accident_medical', 'hospital'],
          deductibleFen: 0,
          ...ratio(100, 100),
        }),
        cov('紧急医疗运送和送返', 100 * WAN, 'rescue', '经救援机构安排的紧急医疗转运、送返及遗体送返费用。', OTHER),
        cov('旅行延误', 1000 * YUAN, 'delay', '公共交通工具延误连续 5 小时以上的，每满 5 小时给付 300 元。', {
          claimTypes: ['travel_delay'],
        }),
        cov(
          '个人责任',
          20 * WAN,
          'liability',
          '境外旅行期间因过失致第三者人身伤亡或财产损失依法应承担的赔偿责任。',
          OTHER,
        ),
      ],
    },
  ];
  const terms: Term[] = [7, 15, 30, 90].map((days) => ({ days, label: `${days}天` }));
  const limits: Limits = {
    insuredAge: { min: 0, max: 75 },
    applicantMinAge: 18,
    occupationClasses: { min: 1, max: 4 },
    regions: MAINLAND,
    startOffsetDays: { min: 1, max: 90 },
  };
  return {
    code: 'TRV-INT',
    type: 'travel',
    insurer: INSURER_PC,
    name: '境外旅行险',
    tagline: '申根签证可用，全球紧急救援',
    cover: 'ocean',
    tags: ['申根签证', '全球救援'],
    status: 'on_sale',
    sort: 2,
    content: {
      plans,
      terms,
      limits,
      coolingOffDays: 0,
      renewable: false,
      waitingDays: 0,
      premiums: ageTable(
        terms.map((t) => t.days),
        [
          [0, 17],
          [18, 60],
          [61, 75],
        ],
        {
          schengen: [
            [4000, 6500, 9800, 22000],
            [5000, 8000, 12000, 28000],
            [10000, 16000, 24000, 56000],
          ],
          global: [
            [8000, 13000, 19600, 44000],
            [10000, 16000, 24000, 56000],
            [20000, 32000, 48000, 112000],
          ],
        },
      ),
      highlights: ['满足申根签证保额要求', '境外医疗 0 免赔', '全球 7×24 小时救援'],
      documents: [
        clause('境外旅行意外伤害及医疗保险', plans, ['本合同所称境外，指中华人民共和国大陆地区以外的国家和地区。']),
        notice(limits, 0, [
          '被保险人须在出境前投保，保险期间须覆盖完整境外行程；办理签证的，请以使领馆要求的保额和期限为准。',
        ]),
        exclusions([
          '（七）被保险人前往战争、内乱或政府发布旅行警告的国家或地区；',
          '（八）既往症及其并发症所致的医疗费用；',
          '（九）被保险人以就医为目的的出境旅行。',
        ]),
      ],
    },
  };
}

function employerLiability(): SeedProduct {
  const plan = (code: string, name: string, death: number): Plan => ({
    code,
    name,
    coverages: [
      cov(
        '死亡、伤残赔偿',
        death,
        'death',
        '雇员因工作遭受意外或患职业病导致死亡、伤残，依法应由投保单位承担的经济赔偿责任。',
        DEATH,
      ),
      cov('医疗费用', 5 * WAN, 'accident-medical', '雇员因工伤发生的合理且必要的医疗费用，100 元免赔额后 100% 赔付。', {
        claimTypes: ['accident_medical'],
        deductibleFen: 100 * YUAN,
        ...ratio(100, 100),
      }),
      cov(
        '误工费用',
        2 * WAN,
        'allowance',
        '雇员因工伤暂时丧失工作能力期间的误工费用，免赔 3 日，最长 180 日。',
        ALONG_ACCIDENT_MEDICAL,
      ),
      cov('法律费用', 2 * WAN, 'legal', '因雇员索赔引起的诉讼、仲裁费用及律师费用。', OTHER),
    ],
  });
  const plans = [plan('A', '方案一（每人 50 万）', 50 * WAN), plan('B', '方案二（每人 80 万）', 80 * WAN)];
  const limits: Limits = {
    insuredAge: { min: 16, max: 65 },
    applicantMinAge: 18,
    occupationClasses: { min: 1, max: 6 },
    regions: MAINLAND,
    startOffsetDays: { min: 1, max: 30 },
    teamSize: { min: 3, max: 500 },
  };
  return {
    code: 'TEAM-EMP',
    type: 'team',
    insurer: INSURER_PC,
    name: '雇主责任险',
    tagline: '3 人起投，1-6 类职业均可保',
    cover: 'violet',
    tags: ['3人起投', '按职业计费', '支持名单导入'],
    status: 'on_sale',
    sort: 1,
    content: {
      plans,
      terms: [YEAR],
      limits,
      coolingOffDays: 0,
      renewable: false,
      waitingDays: 0,
      premiums: occupationTable(
        [
          [1, 2],
          [3, 4],
          [5, 6],
        ],
        { A: [12000, 26000, 52000], B: [18000, 39000, 78000] },
      ),
      highlights: ['转嫁企业用工风险', '按职业类别计费', '支持 Excel 名单批量导入'],
      documents: [
        clause('雇主责任保险', plans, ['本合同所称雇员，指与投保单位存在劳动关系，并在保险单所附名单内列明的人员。']),
        notice(limits, 0, [
          '投保单位应按实际职业类别申报被保险人，职业类别申报不实的，保险人按实际职业类别对应的费率比例赔付。',
          '保险期间内可按月申请增减人员，保险费按日计算。',
        ]),
        exclusions([
          '（七）雇员在非工作时间、非工作场所因私人事务遭受的伤害；',
          '（八）投保单位未依法取得相关资质而从事的生产经营活动所致损失；',
          '（九）直接或间接因雇员违反安全操作规程造成的伤害。',
        ]),
      ],
    },
  };
}

function teamMedical(): SeedProduct {
  const plan = (code: string, name: string, k: number): Plan => ({
    code,
    name,
    coverages: [
      cov('门急诊医疗', 1 * WAN * k, 'outpatient', '门急诊医疗费用，每次免赔 100 元，社保范围内 80% 赔付。', {
        claimTypes: ['accident_medical', 'other'],
        deductibleFen: 100 * YUAN,
        ...ratio(80, 50),
      }),
      cov('住院医疗', 10 * WAN * k, 'hospital', '住院医疗费用，社保范围内 90% 赔付。', {
        claimTypes: ['hospital'],
        deductibleFen: 0,
        ...ratio(90, 60),
      }),
      cov('重大疾病保险金', 5 * WAN * k, 'critical-illness', '确诊合同约定的重大疾病，一次性给付。', {
        claimTypes: ['hospital'],
      }),
    ],
  });
  const plans = [plan('basic', '基础版', 1), plan('plus', '升级版', 2)];
  const limits: Limits = {
    insuredAge: { min: 16, max: 65 },
    applicantMinAge: 18,
    occupationClasses: { min: 1, max: 4 },
    regions: { sold: ['北京市', '上海市', '广东省', '江苏省', '浙江省'], excluded: [] },
    startOffsetDays: { min: 1, max: 30 },
    teamSize: { min: 5, max: 300 },
  };
  return {
    code: 'TEAM-MED',
    type: 'team',
    insurer: INSURER_HEALTH,
    name: '团体医疗险',
    tagline: '员工门急诊与住院补充医疗，5 人起投',
    cover: 'coral',
    tags: ['5人起投', '门急诊+住院', '员工福利'],
    status: 'on_sale',
    sort: 2,
    content: {
      plans,
      terms: [YEAR],
      limits,
      coolingOffDays: 0,
      renewable: false,
      waitingDays: 30,
      premiums: occupationTable(
        [
          [1, 2],
          [3, 4],
        ],
        { basic: [68000, 76000], plus: [128000, 142000] },
      ),
      highlights: ['社保补充，门急诊住院都能报', '5 人起投，最多 300 人', '员工福利首选'],
      documents: [
        clause('团体补充医疗保险', plans, ['被保险人须为投保单位在职员工且已参加当地基本医疗保险。']),
        notice(limits, 0, [
          '本产品仅在列明地区销售，以投保单位注册地为准。',
          '首次投保等待期为 30 天，续保及意外伤害无等待期。',
        ]),
        exclusions([
          '（七）投保前已患有的疾病或已存在的症状；',
          '（八）美容、整形、牙科治疗、视力矫正及各类健康体检；',
          '（九）非指定医疗机构发生的医疗费用。',
        ]),
        health([
          '被保险人中是否有人目前正在住院治疗，或正在休病假？',
          '被保险人中是否有人患有或曾患有恶性肿瘤、尿毒症、器官移植等重大疾病？',
        ]),
      ],
    },
  };
}

/** With their Polish texts (catalogue-pl.ts). */
export const DEMO_PRODUCTS: readonly SeedProduct[] = [
  accident(),
  childAccident(),
  millionMedical(),
  domesticTravel(),
  overseasTravel(),
  employerLiability(),
  teamMedical(),
].map((p) => ({ ...p, content: { ...p.content, locales: { pl: DEMO_PRODUCTS_PL[p.code] } } }));

/**
 * Writes the demo catalogue into an empty catalogue; publishes version 1 of each product. A demo
 * catalogue seeded before the Polish texts (or the Polish health notice), the renewable flag or the
 * claim rules (pre-check) existed gets them as a new version of each product (same plans and prices), so an existing demo database
 * speaks Polish, reminds of renewals and pre-checks claims too.
 */
export async function seedCatalogue(db: Db): Promise<void> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(productTypes);
  if (count > 0) {
    await upgradeDemoCatalogue(db);
    return;
  }
  const types = await db.insert(productTypes).values(TYPES).returning({ id: productTypes.id, code: productTypes.code });
  const typeId = new Map(types.map((t) => [t.code, t.id]));
  for (const p of DEMO_PRODUCTS) {
    const [row] = await db
      .insert(products)
      .values({
        code: p.code,
        typeId: typeId.get(p.type)!,
        insurer: p.insurer,
        name: p.name,
        tagline: p.tagline,
        cover: p.cover,
        tags: p.tags,
        status: p.status,
        team: p.content.premiums.basis === 'occupation',
        sort: p.sort,
      })
      .returning({ id: products.id });
    await publishVersion(db, row.id, p.content);
  }
}

async function upgradeDemoCatalogue(db: Db): Promise<void> {
  const current = await db
    .select({ id: products.id, code: products.code, content: productVersions.content })
    .from(products)
    .innerJoin(productVersions, eq(productVersions.id, products.currentVersionId));
  for (const row of current) {
    const demo = DEMO_PRODUCTS.find((p) => p.code === row.code)?.content;
    if (!demo) continue;
    const missing = {
      ...(demo.locales && !row.content.locales ? { locales: demo.locales } : {}),
      ...(demo.renewable !== undefined && row.content.renewable === undefined ? { renewable: demo.renewable } : {}),
      ...withClaimRules(row.content, demo),
      ...withPolishHealthNotice(row.content, demo),
    };
    if (Object.keys(missing).length) await publishVersion(db, row.id, { ...row.content, ...missing });
  }
}

/** The demo's Polish health notice in a Polish translation stored before the notice was translated. */
function withPolishHealthNotice(stored: ProductContent, demo: ProductContent): Partial<ProductContent> {
  const notice = demo.locales?.pl?.documents?.health?.content;
  const pl = stored.locales?.pl;
  if (!notice || !pl || pl.documents?.health?.content) return {};
  const health = { ...pl.documents?.health, content: notice };
  return { locales: { ...stored.locales, pl: { ...pl, documents: { ...pl.documents, health } } } };
}

/** The demo's claim rules (claimTypes, deductible, payout ratio) on coverages stored without them. */
function withClaimRules(stored: ProductContent, demo: ProductContent): Partial<ProductContent> {
  const hasRules = (c: ProductContent) =>
    c.plans.some((plan) => plan.coverages.some((cov) => cov.claimTypes !== undefined));
  if (hasRules(stored) || !hasRules(demo)) return {};
  const plans = stored.plans.map((plan) => {
    const demoPlan = demo.plans.find((d) => d.code === plan.code);
    return {
      ...plan,
      coverages: plan.coverages.map((cov, i) => {
        const rules = demoPlan?.coverages[i];
        if (!rules || rules.name !== cov.name) return cov;
        return {
          ...cov,
          claimTypes: rules.claimTypes,
          deductibleFen: rules.deductibleFen,
          payoutPercent: rules.payoutPercent,
        };
      }),
    };
  });
  return { plans };
}
