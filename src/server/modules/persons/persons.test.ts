import { describe, expect, it } from 'vitest';
import type { Person, PersonList, PersonSaved } from '#shared/persons.ts';
import { setupTestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { idNumber, wrongCheckDigit } from '../../test/id-number.ts';
import { signIn, type Caller } from '../../test/sign-in.ts';

const ctx = await setupTestApp();
const call = api(ctx);
const owner = await signIn(ctx, 'demo.member');
const stranger = await signIn(ctx, 'demo.partner');

const wang = idNumber('1985-06-15', 123);
const applicant = (over: Record<string, unknown> = {}) => ({
  kind: 'applicant',
  name: '王小明',
  idType: 'id_card',
  idNumber: wang,
  mobile: '13800138000',
  email: 'wang@example.com',
  consent: true,
  ...over,
});
const save = (who: Caller, body: unknown) => call<PersonSaved>('POST', 'persons', who, body);
const list = (who: Caller, kind: string) => call<PersonList>('GET', `persons?kind=${kind}`, who);

describe('POST /persons', () => {
  it('saves an applicant, deriving birth date and sex from the ID number, and answers it masked', async () => {
    const res = await save(owner, applicant({ idNumber: wang.toLowerCase() }));
    expect(res.status).toBe(200);
    expect(res.msg).toBe('已保存');
    expect(res.data.created).toBe(true);
    expect(res.data.person).toMatchObject({
      kind: 'applicant',
      name: '王小明',
      birthDate: '1985-06-15',
      sex: 'male',
      mobile: '138****8000',
      email: 'wang@example.com',
    });
    expect(res.data.person.idNumber).toBe(`${wang.slice(0, 4)}**********${wang.slice(14)}`);
  });

  it('updates the saved one when the same ID number comes again, instead of adding a second', async () => {
    const res = await save(owner, applicant({ name: '王晓明', mobile: '13900139000' }));
    expect(res.msg).toBe('已更新');
    expect(res.data.created).toBe(false);
    const { data } = await list(owner, 'applicant');
    expect(data.total).toBe(1);
    expect(data.list[0]).toMatchObject({ name: '王晓明', mobile: '139****9000' });
  });

  it('keeps applicants and insured apart, the insured with its relation', async () => {
    const child = idNumber('2015-03-02', 224);
    const res = await save(owner, {
      kind: 'insured',
      name: '王小红',
      idNumber: child,
      relation: 'child',
      consent: true,
    });
    expect(res.data.person).toMatchObject({
      kind: 'insured',
      relation: 'child',
      sex: 'female',
      birthDate: '2015-03-02',
      mobile: null,
    });
    expect((await list(owner, 'insured')).data.list.map((p) => p.name)).toEqual(['王小红']);
    expect((await list(owner, 'applicant')).data.list.map((p) => p.name)).toEqual(['王晓明']);
  });

  it('refuses a wrong check digit, a bad mobile, a missing relation and a missing or refused consent, naming the field', async () => {
    const bad = await save(owner, applicant({ idNumber: wrongCheckDigit(wang) }));
    expect(bad).toMatchObject({ status: 400, code: 'A0400' });
    expect(bad.msg).toContain('证件号码（证件号码校验位不正确，请核对）');
    const mobile = await save(owner, applicant({ mobile: '1380013800' }));
    expect(mobile.code).toBe('A0400');
    expect(mobile.msg).toContain('手机号（手机号格式不正确）');
    const noMobile = await save(owner, applicant({ mobile: '' }));
    expect(noMobile.msg).toContain('手机号（请填写投保人手机号）');
    const noRelation = await save(owner, {
      kind: 'insured',
      name: '王小红',
      idNumber: idNumber('2015-03-02', 224),
      consent: true,
    });
    expect(noRelation.msg).toContain('与投保人关系（请选择与投保人关系）');
    const { consent: _omit, ...withoutConsent } = applicant();
    const missing = await save(owner, withoutConsent);
    expect(missing).toMatchObject({ status: 400, code: 'A0410' });
    expect(missing.msg).toContain('同意授权');
    const refused = await save(owner, applicant({ consent: false }));
    expect(refused.code).toBe('A0400');
    expect(refused.msg).toContain('同意授权（请同意保存个人敏感信息）');
    expect((await list(owner, 'applicant')).data.total).toBe(1);
  });

  it('needs sign-in', async () => {
    expect((await save(null as unknown as Caller, applicant())).status).toBe(401);
    expect((await call('GET', 'persons?kind=applicant', null)).status).toBe(401);
  });
});

describe('GET /persons and /persons/{id}', () => {
  it('lists masked, gives the whole ID number only by id and only to the owner', async () => {
    const { data } = await list(owner, 'applicant');
    expect(data.max).toBe(50);
    expect(data.list[0].idNumber).not.toContain(wang.slice(4, 14));
    const whole = await call<Person>('GET', `persons/${data.list[0].id}`, owner);
    expect(whole.data).toMatchObject({ idNumber: wang, mobile: '13900139000', name: '王晓明' });
    const theirs = await call('GET', `persons/${data.list[0].id}`, stranger);
    expect(theirs).toMatchObject({ status: 404, code: 'A0404' });
    expect((await list(stranger, 'applicant')).data.total).toBe(0);
  });

  it('refuses an unknown kind as wrong, and no kind as missing', async () => {
    expect((await list(owner, 'friend')).code).toBe('A0400');
    expect((await call('GET', 'persons', owner)).code).toBe('A0410');
  });
});

describe('PUT and DELETE /persons/{id}', () => {
  it('edits, refuses an ID number that is saved as another person, and deletes', async () => {
    const other = idNumber('1990-01-01', 135);
    const second = (await save(owner, applicant({ name: '李四', idNumber: other }))).data.person.id;
    const edited = await call<PersonSaved>(
      'PUT',
      `persons/${second}`,
      owner,
      applicant({ name: '李小四', idNumber: other, mobile: '13700137000' }),
    );
    expect(edited.data.person).toMatchObject({ name: '李小四', mobile: '137****7000' });
    const clash = await call('PUT', `persons/${second}`, owner, applicant({ name: '李小四' }));
    expect(clash).toMatchObject({ status: 400, code: 'A0400', msg: '该证件号码已保存为另一位常用人' });
    expect((await call('DELETE', `persons/${second}`, owner)).status).toBe(200);
    expect((await call('GET', `persons/${second}`, owner)).status).toBe(404);
    expect((await list(owner, 'applicant')).data.total).toBe(1);
  });

  it('answers another member 404 on every route by id, and changes nothing', async () => {
    const mine = (await list(owner, 'applicant')).data.list[0];
    expect(await call('PUT', `persons/${mine.id}`, stranger, applicant({ name: '冒名' }))).toMatchObject({
      status: 404,
      code: 'A0404',
    });
    expect(await call('DELETE', `persons/${mine.id}`, stranger)).toMatchObject({ status: 404, code: 'A0404' });
    expect(await call('GET', `persons/${mine.id}`, stranger)).toMatchObject({ status: 404, code: 'A0404' });
    expect((await call<Person>('GET', `persons/${mine.id}`, owner)).data.name).toBe('王晓明');
    expect((await call('GET', 'persons/abc', owner)).code).toBe('A0400');
  });
});

describe('ID type, email and malformed requests', () => {
  it("keeps an insured person's email and ID type, and an edit changes mobile and email", async () => {
    const hk = idNumber('1992-04-05', 111, '810000');
    const res = await save(owner, {
      kind: 'insured',
      name: '陈大文',
      idType: 'hmt_residence',
      idNumber: hk,
      relation: 'spouse',
      mobile: '13600136000',
      email: 'chan@example.com',
      consent: true,
    });
    expect(res.status).toBe(200);
    expect(res.data.person).toMatchObject({
      idType: 'hmt_residence',
      email: 'chan@example.com',
      mobile: '136****6000',
    });
    const edited = await call<PersonSaved>('PUT', `persons/${res.data.person.id}`, owner, {
      kind: 'insured',
      name: '陈大文',
      idType: 'hmt_residence',
      idNumber: hk,
      relation: 'spouse',
      mobile: '13500135000',
      email: 'dawen@example.com',
      consent: true,
    });
    expect(edited.status).toBe(200);
    const whole = await call<Person>('GET', `persons/${res.data.person.id}`, owner);
    expect(whole.data).toMatchObject({
      mobile: '13500135000',
      email: 'dawen@example.com',
      idNumber: hk,
      idType: 'hmt_residence',
    });
  });

  it('refuses an ID number that does not fit its type, a bad email and an unknown type, in Chinese, changing nothing', async () => {
    const before = (await list(owner, 'applicant')).data;
    const wrongType = await save(
      owner,
      applicant({ idType: 'foreign_permanent', idNumber: idNumber('1970-01-01', 201) }),
    );
    expect(wrongType).toMatchObject({ status: 400, code: 'A0400' });
    expect(wrongType.msg).toContain('证件号码与证件类型（外国人永久居留身份证）不符');
    const email = await save(owner, applicant({ idNumber: idNumber('1970-01-01', 201), email: 'not-an-email' }));
    expect(email.msg).toContain('电子邮箱（邮箱格式不正确）');
    const type = await save(owner, applicant({ idNumber: idNumber('1970-01-01', 201), idType: 'passport' }));
    expect(type.msg).toContain('证件类型不正确');
    expect((await list(owner, 'applicant')).data.total).toBe(before.total);
  });

  it('answers malformed bodies 400 in Chinese, never 500', async () => {
    const mine = (await list(owner, 'applicant')).data.list[0];
    for (const body of [[], null, { kind: 'applicant', name: 42 }, { ...applicant(), mobile: 13800138000 }]) {
      const res = await call('PUT', `persons/${mine.id}`, owner, body);
      expect(res.status).toBe(400);
      expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await call<Person>('GET', `persons/${mine.id}`, owner)).data.name).toBe('王晓明');
  });
});

describe('limit', () => {
  it('keeps at most 50 per member and kind, yet still updates a saved one at the limit', async () => {
    const member = await signIn(ctx, 'demo.channel');
    const ids = Array.from({ length: 50 }, (_, i) => idNumber('1980-01-01', 100 + i * 2 + 1));
    for (const id of ids) expect((await save(member, applicant({ idNumber: id }))).status).toBe(200);
    const over = await save(member, applicant({ idNumber: idNumber('1980-01-02', 101) }));
    expect(over).toMatchObject({ status: 400, code: 'A0400', msg: '常用投保人最多保存 50 位，请先删除不用的' });
    expect((await save(member, applicant({ idNumber: ids[0], name: '张三' }))).data.created).toBe(false);
    expect(
      (
        await save(member, {
          kind: 'insured',
          name: '张小三',
          idNumber: idNumber('2010-01-02', 101),
          relation: 'child',
          consent: true,
        })
      ).status,
    ).toBe(200);
    expect((await list(member, 'applicant')).data.total).toBe(50);
  });
});
