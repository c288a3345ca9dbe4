import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '#shared/catalogue.ts';
import { idCheckDigit } from '#shared/identity.ts';
import type { Draft } from '#shared/orders.ts';
import { fieldErrors, fromServerDraft, stepOfIssue, toPatch } from './draft.ts';

const TODAY = '2026-05-10';
const id = (first17: string) => first17 + idCheckDigit(first17);
const ADULT = id('11010519850101123'); // born 1985-01-01
const CHILD = id('11010520150601124');

const product = (patch: Partial<ProductDetail> = {}): ProductDetail =>
  ({
    id: 1,
    team: false,
    plans: [
      { code: 'basic', name: '基础版', coverages: [] },
      { code: 'standard', name: '标准版', coverages: [] },
    ],
    terms: [
      { days: 365, label: '1年' },
      { days: 30, label: '30天' },
    ],
    limits: {
      insuredAge: { min: 0, max: 65 },
      applicantMinAge: 18,
      occupationClasses: { min: 1, max: 3 },
      regions: { sold: ['中国大陆'], excluded: [] },
      startOffsetDays: { min: 1, max: 30 },
    },
    documents: [],
    ...patch,
  }) as unknown as ProductDetail;

const draft = (patch: Partial<Draft> = {}): Draft => ({
  id: 3,
  productId: 1,
  productName: '综合意外险',
  team: false,
  versionId: 1,
  onSale: true,
  planCode: 'standard',
  termDays: 30,
  startDate: '2026-05-20',
  region: null,
  applicant: { name: '张三', idType: 'id_card', idNumber: ADULT, mobile: '13800000001' },
  insured: { relation: 'child', name: '张小', idType: 'id_card', idNumber: CHILD },
  holder: null,
  step: 'confirm',
  recommendId: null,
  teamCount: 0,
  progress: { required: ['clause'], opened: [], confirmed: [], health: 'passed', consent: false, ready: false },
  createdAt: '2026-05-09T01:00:00.000Z',
  updatedAt: '2026-05-09T01:00:00.000Z',
  ...patch,
});

describe('resuming a saved draft', () => {
  it('restores plan, term, start date, applicant and insured, at the saved step', () => {
    const { state, step } = fromServerDraft(product(), draft(), TODAY);
    expect(state).toMatchObject({ planCode: 'standard', termDays: 30, startDate: '2026-05-20', region: null });
    expect(state.applicant).toEqual({ name: '张三', idNumber: ADULT, mobile: '13800000001' });
    expect(state.insured).toEqual({ name: '张小', idNumber: CHILD, mobile: '', relation: 'child' });
    expect(step).toBe(4);
  });

  it('"本人" takes the applicant, and a passed start date moves to the earliest allowed', () => {
    const { state } = fromServerDraft(
      product(),
      draft({ insured: { relation: 'self' }, startDate: '2026-05-01' }),
      TODAY,
    );
    expect(state.insured).toEqual({ name: '张三', idNumber: ADULT, mobile: '13800000001', relation: 'self' });
    expect(state.startDate).toBe('2026-05-11');
  });

  it('never resumes past the first incomplete step', () => {
    expect(
      fromServerDraft(product(), draft({ applicant: { name: '张三', idNumber: '110105198501011230' } }), TODAY).step,
    ).toBe(1);
    expect(fromServerDraft(product(), draft({ insured: null }), TODAY).step).toBe(2);
    expect(
      fromServerDraft(product(), draft({ progress: { ...draft().progress, health: 'pending' } }), TODAY).step,
    ).toBe(3);
    expect(fromServerDraft(product(), draft({ step: 'applicant' }), TODAY).step).toBe(1);
    expect(fromServerDraft(product(), draft({ step: null }), TODAY).step).toBe(0);
  });

  it('falls back to offered choices when the product changed', () => {
    const { state } = fromServerDraft(product(), draft({ planCode: 'gone', termDays: 7 }), TODAY);
    expect(state).toMatchObject({ planCode: 'basic', termDays: 365 });
  });

  it('team drafts resume at the list until holder and team size are complete', () => {
    const team = product({ team: true, limits: { ...product().limits, teamSize: { min: 3, max: 10 } } });
    const holder = {
      company: '示例科技有限公司',
      creditCode: '91310000MA1FL0XX09',
      contact: '李四',
      contactMobile: '13800000002',
    };
    const base = draft({ team: true, applicant: null, insured: null, holder, teamCount: 3, step: 'confirm' });
    expect(fromServerDraft(team, base, TODAY).step).toBe(4);
    expect(fromServerDraft(team, { ...base, teamCount: 2 }, TODAY).step).toBe(1);
    expect(fromServerDraft(team, { ...base, holder: { ...holder, creditCode: 'bad' } }, TODAY).step).toBe(1);
    expect(fromServerDraft(team, { ...base, step: 'insured' }, TODAY).step).toBe(1);
    expect(fromServerDraft(team, base, TODAY).state.holder).toEqual(holder);
  });

  it('products sold in listed provinces resume at the plan until a province is chosen', () => {
    const regional = product({
      limits: { ...product().limits, regions: { sold: ['北京市', '上海市'], excluded: [] } },
    });
    expect(fromServerDraft(regional, draft(), TODAY).step).toBe(0);
    const { state, step } = fromServerDraft(regional, draft({ region: '上海市' }), TODAY);
    expect(state.region).toBe('上海市');
    expect(step).toBe(4);
  });
});

describe('saving the flow as a draft', () => {
  it('sends "本人" as the relation only, and persons with their ID type', () => {
    const applicant = { name: '张三', idNumber: ADULT, mobile: '13800000001' };
    expect(toPatch({ applicant, insured: { ...applicant, relation: 'self' } }, 2)).toEqual({
      step: 'insured',
      applicant: { name: '张三', idType: 'id_card', idNumber: ADULT, mobile: '13800000001' },
      insured: { relation: 'self' },
    });
    expect(
      toPatch({ planCode: 'basic', termDays: 30, startDate: '2026-05-20', region: null, applicant: null }, 0),
    ).toEqual({ step: 'plan', planCode: 'basic', termDays: 30, startDate: '2026-05-20', region: undefined });
  });
});

describe('refusals naming fields', () => {
  it('take the buyer to the step of the first field', () => {
    expect(stepOfIssue('startDate', false)).toBe(0);
    expect(stepOfIssue('applicant.idNumber', false)).toBe(1);
    expect(stepOfIssue('insured.relation', false)).toBe(2);
    expect(stepOfIssue('insured.0.birthDate', true)).toBe(1);
    expect(stepOfIssue('holder.creditCode', true)).toBe(1);
    expect(stepOfIssue('health', false)).toBe(3);
    expect(stepOfIssue('documents.clause', false)).toBeNull();
    expect(stepOfIssue('consent', false)).toBeNull();
  });

  it('become form errors under their prefix', () => {
    const issues = [
      { field: 'applicant.idNumber', message: '证件号码校验位不正确，请核对' },
      { field: 'applicant.mobile', message: '手机号格式不正确' },
      { field: 'insured.name', message: '请填写姓名' },
    ];
    expect(fieldErrors(issues, 'applicant')).toEqual([
      { name: 'idNumber', errors: ['证件号码校验位不正确，请核对'] },
      { name: 'mobile', errors: ['手机号格式不正确'] },
    ]);
    expect(fieldErrors([{ field: 'idNumber', message: '该证件号码已在名单中' }], null)).toEqual([
      { name: 'idNumber', errors: ['该证件号码已在名单中'] },
    ]);
  });
});
