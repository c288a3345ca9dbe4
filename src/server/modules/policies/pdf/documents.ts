import { maskIdNumber, maskMobile } from '#shared/identity.ts';
import { ID_TYPE_LABELS, POLICY_STATUS_LABELS, RELATION_LABELS, SEX_LABELS, policyStatusOf, type IdType, type Relation } from '#shared/orders.ts';
import { beijingDay, beijingDeadline } from '#shared/beijing-time.ts';
import { coolingOffUntil } from '../../catalogue/cooling-off.ts';
import type { InsuredRow, PersonRow, PolicyWithOrder } from '../repository.ts';
import { createPdf, cornerQr, fields, footers, paragraph, section, table, title, type Pdf } from '../../../pdf/layout.ts';
import { formatYuan } from '#shared/money.ts';

/**
 * The e-policy (电子保险单) and the insurance voucher (保险凭证) of one insured person, as PDFs.
 * Every ID number keeps only its first 4 and last 4 characters and every mobile 3 + 4
 * (docs/decisions.md#insurance-rules): a PDF is forwarded, printed and stored far from the member's account.
 * The QR code opens the policy query of the H5 with the policy number.
 */

export interface PolicyDocumentInput extends PolicyWithOrder {
  applicant: PersonRow | null;
  insured: InsuredRow[];
  /** `${origin}/#/policy/index?policyNo=…` */
  queryUrl: string;
  now: Date;
}

const idText = (p: PersonRow) => `${ID_TYPE_LABELS[p.idType as IdType] ?? p.idType} ${maskIdNumber(p.idNumber)}`;
const period = (start: string, end: string) => `${start} 00:00 至 ${end} 24:00（北京时间）`;

async function qrPng(url: string): Promise<Buffer> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 240 });
}

function statusText({ policy }: PolicyWithOrder, now: Date): string {
  const status = policyStatusOf(policy, now.getTime());
  return status === 'surrendered' && policy.surrenderedAt
    ? `${POLICY_STATUS_LABELS.surrendered}（${beijingDay(policy.surrenderedAt)} 犹豫期内退保）`
    : POLICY_STATUS_LABELS[status];
}

function coverageTable(doc: Pdf, { order }: PolicyWithOrder): void {
  const { coverages } = order.snapshot.plan;
  table(doc, [
    { header: '保障项目', width: 0.26 },
    { header: '保险金额', width: 0.2, align: 'right' },
    { header: '保障说明', width: 0.54 },
  ], coverages.map((c) => [c.name, formatYuan(c.sumInsuredFen), c.description]));
}

function holderFields(doc: Pdf, { order }: PolicyWithOrder, applicant: PersonRow | null): void {
  if (order.team && order.holder) {
    section(doc, '投保单位');
    fields(doc, [
      ['单位名称', order.holder.company],
      ['信用代码', order.holder.creditCode],
      ['联系人', order.holder.contact],
      ['联系电话', maskMobile(order.holder.contactMobile)],
    ]);
  } else if (applicant) {
    section(doc, '投保人');
    fields(doc, [
      ['姓名', applicant.name],
      ['证件', idText(applicant)],
      ['手机号', maskMobile(applicant.mobile)],
      ['电子邮箱', applicant.email ?? ''],
    ]);
  }
}

function notes(doc: Pdf, { order }: PolicyWithOrder, issuedAt: Date): void {
  const { coolingOffDays, waitingDays } = order.snapshot;
  const until = coolingOffUntil(issuedAt, coolingOffDays);
  const lines = [
    until
      ? `1. 本保单犹豫期为 ${coolingOffDays} 日，至 ${beijingDeadline(until)} 止。犹豫期内可在“保单查询”中申请退保，保险费全额原路退还。`
      : '1. 本产品无犹豫期。',
    waitingDays > 0
      ? `2. 等待期 ${waitingDays} 日：保险期间开始后 ${waitingDays} 日内因疾病发生的保险事故不承担保险责任，意外伤害不受此限。`
      : '2. 本产品无等待期。',
    '3. 本电子保单与纸质保单具有同等法律效力。保险责任、责任免除等以保险条款为准。',
    '4. 出险后请及时报案：在线“理赔”或拨打客服热线。扫描右上角二维码可查询保单真伪与状态。',
  ];
  section(doc, '特别约定与提示');
  for (const line of lines) paragraph(doc, line);
}

export async function policyPdf(input: PolicyDocumentInput): Promise<Buffer> {
  const { policy, order, applicant, insured, now } = input;
  const { doc, finish } = await createPdf({ title: `${policy.productName} 电子保险单 ${policy.policyNo}`, author: policy.insurer, subject: '电子保险单' });
  cornerQr(doc, await qrPng(input.queryUrl), '扫码查询保单');
  title(doc, '电子保险单', `${policy.insurer} · ${policy.productName}`);
  doc.y = Math.max(doc.y, 140);

  section(doc, '保单信息');
  fields(doc, [
    ['保单号', policy.policyNo],
    ['订单号', order.orderNo],
    ['产品名称', policy.productName],
    ['保障方案', policy.planName],
    ['承保公司', policy.insurer],
    ['保险期限', order.snapshot.term.label],
    ['保险期间', period(policy.startDate, policy.endDate)],
    ['被保人数', `${policy.insuredCount} 人`],
    ['保险费', `${formatYuan(policy.premiumFen)}（人民币）`],
    ['签发日期', beijingDay(policy.issuedAt)],
    ['保单状态', statusText(input, now)],
    ...(order.snapshot.region ? [['销售地区', order.snapshot.region] as [string, string]] : []),
  ]);

  holderFields(doc, input, applicant);

  section(doc, `被保险人（共 ${insured.length} 人）`);
  if (order.team) {
    table(doc, [
      { header: '序号', width: 0.07, align: 'center' },
      { header: '姓名', width: 0.14 },
      { header: '证件号码', width: 0.27 },
      { header: '性别', width: 0.07, align: 'center' },
      { header: '年龄', width: 0.07, align: 'center' },
      { header: '职业类别', width: 0.1, align: 'center' },
      { header: '凭证号', width: 0.28 },
    ], insured.map((r, i) => [String(i + 1), r.person.name, maskIdNumber(r.person.idNumber), SEX_LABELS[r.person.sex], String(r.person.age), r.person.occupationClass ? `${r.person.occupationClass} 类` : '', r.voucherNo]));
  } else {
    for (const r of insured) {
      fields(doc, [
        ['姓名', r.person.name],
        ['证件', idText(r.person)],
        ['与投保人', r.person.relation ? RELATION_LABELS[r.person.relation as Relation] : ''],
        ['性别/年龄', `${SEX_LABELS[r.person.sex]} / ${r.person.age} 岁`],
        ['凭证号', r.voucherNo],
        ['受益人', '法定'],
      ]);
    }
  }

  section(doc, `保障责任（${policy.planName}）`);
  coverageTable(doc, input);
  notes(doc, input, policy.issuedAt);
  footers(doc, `保单号 ${policy.policyNo}`);
  return finish();
}

export interface VoucherDocumentInput extends PolicyWithOrder {
  applicant: PersonRow | null;
  insured: InsuredRow;
  queryUrl: string;
  now: Date;
}

/** 保险凭证: the proof of cover of one insured person (team policies give one to each employee). */
export async function voucherPdf(input: VoucherDocumentInput): Promise<Buffer> {
  const { policy, order, insured, now } = input;
  const { doc, finish } = await createPdf({ title: `${policy.productName} 保险凭证 ${insured.voucherNo}`, author: policy.insurer, subject: '保险凭证' });
  cornerQr(doc, await qrPng(input.queryUrl), '扫码查询保单');
  title(doc, '保险凭证', `${policy.insurer} · ${policy.productName}`);
  doc.y = Math.max(doc.y, 140);

  section(doc, '凭证信息');
  fields(doc, [
    ['凭证号', insured.voucherNo],
    ['保单号', policy.policyNo],
    ['产品名称', policy.productName],
    ['保障方案', policy.planName],
    ['承保公司', policy.insurer],
    ['保险期间', period(policy.startDate, policy.endDate)],
    [order.team ? '投保单位' : '投保人', (order.team ? order.holder?.company : input.applicant?.name) ?? ''],
    ['保单状态', statusText(input, now)],
  ]);

  section(doc, '被保险人');
  const p = insured.person;
  fields(doc, [
    ['姓名', p.name],
    ['证件', idText(p)],
    ['性别', SEX_LABELS[p.sex]],
    ['年龄', `${p.age} 岁`],
    ...(p.occupationClass ? [['职业类别', `${p.occupationClass} 类`] as [string, string]] : []),
    ...(p.premiumFen !== null ? [['保险费', formatYuan(p.premiumFen)] as [string, string]] : []),
  ]);

  section(doc, `保障责任（${policy.planName}）`);
  coverageTable(doc, input);
  section(doc, '说明');
  paragraph(doc, order.team
    ? `本凭证为团体保单 ${policy.policyNo} 项下被保险人的保险证明，保险责任以团体保单及保险条款为准。`
    : `本凭证为保单 ${policy.policyNo} 项下被保险人的保险证明，保险责任以保单及保险条款为准。`);
  paragraph(doc, '出险后请及时报案：在线“理赔”或拨打客服热线。扫描右上角二维码可查询保单真伪与状态。');
  footers(doc, `凭证号 ${insured.voucherNo}`);
  return finish();
}
