import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '#shared/catalogue.ts';
import type { Draft, TeamImportResult, TeamList, TeamRowDetail } from '#shared/orders.ts';
import { setupTestApp } from '../../test/helper.ts';
import { productByCode } from '../../test/buying.ts';
import { startDate, yearsBefore } from '../../test/dates.ts';
import { api, V1 } from '../../test/http.ts';
import { idNumber, wrongCheckDigit } from '../../test/id-number.ts';
import { signIn, type Caller } from '../../test/sign-in.ts';

const ctx = await setupTestApp({}, { listen: false });
const call = api(ctx);
const member = await signIn(ctx, 'demo.member');
const employer = await productByCode(ctx, 'TEAM-EMP');
const teamMedical = await productByCode(ctx, 'TEAM-MED');
const start = startDate();
const HEADERS = ['姓名', '证件类型', '证件号码', '手机号', '职业类别'];

async function teamDraft(product: ProductDetail = employer, who: Caller = member): Promise<Draft> {
  const created = await call<Draft>('POST', 'order/drafts', who, {
    productId: product.id,
    planCode: product.plans[0].code,
    termDays: 365,
    startDate: start,
  });
  expect(created.status).toBe(200);
  return created.data;
}

const adult = (age: number, seq: number) => idNumber(yearsBefore(start, age), seq);
const row = (name: string, id: string, occupationClass: number | string = 1, mobile = '', idType = '居民身份证') => [
  name,
  idType,
  id,
  mobile,
  occupationClass,
];

/** An .xlsx built here with exceljs: a header row and the given rows (ID numbers as text). */
async function workbook(rows: unknown[][], headers = HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('被保人名单');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** multipart/form-data with one file field, as a browser sends it. */
function multipart(
  file: Buffer,
  filename = 'list.xlsx',
  type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
) {
  const boundary = '----insure-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(draftId: number, file: Buffer, opts: { filename?: string; type?: string; who?: Caller } = {}) {
  const body = multipart(file, opts.filename, opts.type);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${V1}/order/drafts/${draftId}/team/import`,
    headers: { ...(opts.who ?? member).headers, ...body.headers },
    payload: body.payload,
  });
  const json = res.json();
  return {
    status: res.statusCode,
    code: json.code as string,
    msg: json.msg as string,
    data: json.data as TeamImportResult,
  };
}

const list = (draftId: number) => call<TeamList>('GET', `order/drafts/${draftId}/team`, member);

async function download(
  path: string,
): Promise<{ status: number; type: string; disposition: string; book: ExcelJS.Workbook }> {
  const res = await ctx.app.inject({ method: 'GET', url: `${V1}/${path}`, headers: member.headers });
  const book = new ExcelJS.Workbook();
  if (res.statusCode === 200) await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
  return {
    status: res.statusCode,
    type: String(res.headers['content-type']),
    disposition: String(res.headers['content-disposition']),
    book,
  };
}

describe('team list: single rows', () => {
  it('adds, lists masked with count and total premium, reads one in full, edits and deletes', async () => {
    const draft = await teamDraft();
    const id1 = adult(30, 11);
    const added = await call<TeamList>('POST', `order/drafts/${draft.id}/team/insured`, member, {
      name: '张三',
      idNumber: id1,
      mobile: '13600000001',
      occupationClass: 1,
    });
    expect(added.status, added.msg).toBe(200);
    await call('POST', `order/drafts/${draft.id}/team/insured`, member, {
      name: '李四',
      idType: 'id_card',
      idNumber: adult(45, 13),
      occupationClass: 5,
    });
    const { data } = await list(draft.id);
    expect(data.count).toBe(2);
    expect(data.teamSize).toEqual({ min: 3, max: 500 });
    expect(data.rows[0]).toMatchObject({
      name: '张三',
      idNumberMasked: `${id1.slice(0, 4)}**********${id1.slice(14)}`,
      mobileMasked: '136****0001',
      age: 30,
      sex: 'male',
    });
    expect(JSON.stringify(data)).not.toContain(id1);
    const rates = employer.premiums.rows as {
      planCode: string;
      minClass: number;
      maxClass: number;
      premiumFen: number;
    }[];
    const rateOf = (c: number) =>
      rates.find((r) => r.planCode === 'A' && r.minClass <= c && c <= r.maxClass)!.premiumFen;
    expect(data.rows.map((r) => r.premiumFen)).toEqual([rateOf(1), rateOf(5)]);
    expect(data).toMatchObject({ premiumFen: rateOf(1) + rateOf(5), premiumIssue: null });

    const one = await call<TeamRowDetail>('GET', `order/drafts/${draft.id}/team/insured/${data.rows[0].id}`, member);
    expect(one.data).toMatchObject({
      name: '张三',
      idNumber: id1,
      mobile: '13600000001',
      birthDate: yearsBefore(start, 30),
    });

    const edited = await call<TeamList>('PUT', `order/drafts/${draft.id}/team/insured/${data.rows[0].id}`, member, {
      name: '张三丰',
      idNumber: id1,
      occupationClass: 3,
    });
    expect(edited.data.rows[0]).toMatchObject({
      name: '张三丰',
      occupationClass: 3,
      premiumFen: rateOf(3),
      mobileMasked: '',
    });

    const deleted = await call<TeamList>('DELETE', `order/drafts/${draft.id}/team/insured/${data.rows[1].id}`, member);
    expect(deleted.data.count).toBe(1);
    expect(await call('DELETE', `order/drafts/${draft.id}/team/insured/${data.rows[1].id}`, member)).toMatchObject({
      status: 404,
    });
    const draftNow = await call<Draft>('GET', `order/drafts/${draft.id}`, member);
    expect(draftNow.data.teamCount).toBe(1);
  });

  it('refuses duplicates, bad ID numbers, ages and occupation classes outside the product', async () => {
    const draft = await teamDraft(teamMedical);
    const add = (body: unknown) => call('POST', `order/drafts/${draft.id}/team/insured`, member, body);
    const id = adult(30, 21);
    expect((await add({ name: '张三', idNumber: id, occupationClass: 1 })).status).toBe(200);
    expect(await add({ name: '张叁', idNumber: id.toLowerCase(), occupationClass: 2 })).toMatchObject({
      status: 400,
      msg: '该证件号码已在名单中',
    });
    expect(await add({ name: '王五', idNumber: wrongCheckDigit(adult(30, 23)), occupationClass: 1 })).toMatchObject({
      status: 400,
      msg: expect.stringContaining('校验位'),
    });
    expect(await add({ name: '王五', idNumber: adult(15, 23), occupationClass: 1 })).toMatchObject({
      status: 400,
      msg: expect.stringContaining('16–65'),
    });
    expect(await add({ name: '王五', idNumber: adult(66, 23), occupationClass: 1 })).toMatchObject({
      status: 400,
      msg: expect.stringContaining('16–65'),
    });
    expect(await add({ name: '王五', idNumber: adult(30, 23), occupationClass: 5 })).toMatchObject({
      status: 400,
      msg: expect.stringContaining('1–4 类'),
    });
    expect(await add({ name: '王五', idNumber: adult(30, 23), mobile: '123', occupationClass: 1 })).toMatchObject({
      status: 400,
      msg: '手机号格式不正确',
    });
    expect(await add({ idNumber: adult(30, 23), occupationClass: 1 })).toMatchObject({
      status: 400,
      msg: '请填写姓名',
    });
    // A Polish reader is told the same rules in Polish.
    const polish = { ...member, headers: { ...member.headers, 'accept-language': 'pl' } as Caller['headers'] };
    const addPl = (body: unknown) => call('POST', `order/drafts/${draft.id}/team/insured`, polish, body);
    expect((await addPl({ name: '王五', idNumber: adult(66, 23), occupationClass: 1 })).msg).toMatch(
      /wiek ubezpieczonego musi wynosić 16–65 lat \(w dniu rozpoczęcia ochrony \d{4}-\d{2}-\d{2}: 66 lat\)/,
    );
    expect((await addPl({ name: '王五', idNumber: adult(30, 23), occupationClass: 5 })).msg).toContain(
      'klasa zawodowa poza zakresem ochrony (ubezpieczamy klasy 1–4)',
    );
    expect(
      (await addPl({ name: '王五', idType: 'foreign_permanent', idNumber: adult(30, 23), occupationClass: 1 })).msg,
    ).toContain('numer dokumentu nie pasuje do rodzaju dokumentu (Karta stałego pobytu cudzoziemca)');
    expect((await list(draft.id)).data.count).toBe(1);
    // A row may keep its own number when edited, not take another's.
    const second = (await add({ name: '王五', idNumber: adult(30, 25), occupationClass: 2 })) as { data: TeamList };
    const [first, other] = second.data.rows;
    expect(
      (
        await call('PUT', `order/drafts/${draft.id}/team/insured/${first.id}`, member, {
          name: '张三',
          idNumber: id,
          occupationClass: 2,
        })
      ).status,
    ).toBe(200);
    expect(
      await call('PUT', `order/drafts/${draft.id}/team/insured/${other.id}`, member, {
        name: '王五',
        idNumber: id,
        occupationClass: 2,
      }),
    ).toMatchObject({ status: 400 });
  });

  it('has no team list for individual products', async () => {
    const accident = await productByCode(ctx, 'ACC-ZH');
    const draft = await call<Draft>('POST', 'order/drafts', member, { productId: accident.id });
    expect(await list(draft.data.id)).toMatchObject({ status: 400, code: 'A0400' });
  });
});

describe('team list: Excel', () => {
  it('the template has the headers, an example row and data validation', async () => {
    const draft = await teamDraft();
    const file = await download(`order/drafts/${draft.id}/team/template`);
    expect(file.status).toBe(200);
    expect(file.type).toContain('spreadsheetml');
    expect(file.disposition).toContain(`filename*=UTF-8''${encodeURIComponent('雇主责任险-被保人名单模板.xlsx')}`);
    const ws = file.book.getWorksheet('被保人名单')!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    expect(String(ws.getCell('A2').value)).toMatch(/^示例/);
    expect(ws.getCell('B3').dataValidation).toMatchObject({
      type: 'list',
      formulae: ['"居民身份证,港澳台居民居住证,外国人永久居留身份证"'],
    });
    expect(ws.getCell('E3').dataValidation).toMatchObject({ type: 'whole', formulae: [1, 6] });
    expect(file.book.getWorksheet('填写说明')).toBeDefined();
  });

  it('a Polish reader gets a Polish template, and a list with the Polish headers and ID type names imports', async () => {
    const draft = await teamDraft();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${V1}/order/drafts/${draft.id}/team/template`,
      headers: { ...member.headers, 'accept-language': 'pl' },
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const ws = book.getWorksheet('Lista ubezpieczonych')!;
    const headers = (ws.getRow(1).values as unknown[]).slice(1) as string[];
    expect(headers).toEqual(['Imię i nazwisko', 'Rodzaj dokumentu', 'Numer dokumentu', 'Telefon', 'Klasa zawodowa']);
    expect(String(ws.getCell('A2').value)).toMatch(/^Przykład/);
    expect(book.getWorksheet('Instrukcja')).toBeDefined();
    const texts = [
      ...headers,
      String(ws.getCell('B2').value),
      ...(book.getWorksheet('Instrukcja')!.getColumn(1).values as unknown[]).slice(2).map(String),
    ];
    expect(texts.join('').match(/\p{Script=Han}/gu) ?? []).toEqual([]);
    // The Polish template filled in, with the Polish name of the ID type, and an unmarked row.
    ws.getCell('A3').value = '李雷';
    ws.getCell('B3').value = 'Chiński dowód osobisty';
    ws.getCell('C3').value = adult(35, 41);
    ws.getCell('E3').value = 2;
    ws.getCell('A4').value = '韩梅梅';
    ws.getCell('C4').value = adult(28, 42);
    ws.getCell('E4').value = 1;
    const filled = Buffer.from(await book.xlsx.writeBuffer());
    const result = await upload(draft.id, filled);
    expect(result.status, result.msg).toBe(200);
    expect(result.data).toMatchObject({ imported: 2, count: 2, errors: [] });
  });

  it('the template imported as downloaded adds nobody (the example row is skipped)', async () => {
    const draft = await teamDraft();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${V1}/order/drafts/${draft.id}/team/template`,
      headers: member.headers,
    });
    expect(await upload(draft.id, res.rawPayload)).toMatchObject({
      status: 400,
      msg: expect.stringContaining('没有被保人数据'),
    });
  });

  it('imports a good file: every row, with classes written as 2 or 2类 and empty ID types', async () => {
    const draft = await teamDraft();
    const file = await workbook([
      row('张三', adult(25, 31), 1, '13600000001'),
      row('李四', adult(35, 33), '2类'),
      row('王五', adult(45, 35), 4, '', ''),
      [],
      row('赵六', adult(55, 37), 6, '13600000004'),
    ]);
    const result = await upload(draft.id, file);
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ imported: 4, count: 4, errors: [] });
    expect(result.msg).toBe('已导入 4 人');
    const { data } = await list(draft.id);
    expect(data.rows.map((r) => [r.name, r.occupationClass])).toEqual([
      ['张三', 1],
      ['李四', 2],
      ['王五', 4],
      ['赵六', 6],
    ]);
  });

  it('with bad rows imports nothing and reports each row and column in Chinese', async () => {
    const draft = await teamDraft();
    const kept = adult(40, 41);
    await call('POST', `order/drafts/${draft.id}/team/insured`, member, {
      name: '老员工',
      idNumber: kept,
      occupationClass: 1,
    });
    const dup = adult(30, 43);
    const file = await workbook([
      row('张三', adult(25, 45), 1),
      row('李四', wrongCheckDigit(adult(35, 47)), 2),
      row('王五', dup, 7),
      row('赵六', dup, 1),
      row('孙七', kept, 1),
      row('周八', adult(70, 49), 1),
      row('吴九', adult(30, 51), 1, '12345'),
      row('', adult(30, 53), 1),
      row('郑十', adult(30, 55), 1, '', '护照'),
    ]);
    const result = await upload(draft.id, file);
    expect(result.status).toBe(200);
    expect(result.msg).toContain('未导入任何数据');
    expect(result.data.imported).toBe(0);
    expect(result.data.count).toBe(1);
    const byRow = result.data.errors.map((e) => [e.row, e.field]);
    expect(byRow).toEqual([
      [3, '证件号码'],
      [4, '职业类别'],
      [5, '证件号码'],
      [6, '证件号码'],
      [7, '证件号码'],
      [8, '手机号'],
      [9, '姓名'],
      [10, '证件类型'],
    ]);
    const messages = Object.fromEntries(result.data.errors.map((e) => [e.row, e.message]));
    expect(messages[3]).toContain('校验位');
    expect(messages[4]).toBe('职业类别应为 1–6 的数字');
    expect(messages[5]).toBe('与第 4 行的证件号码重复');
    expect(messages[6]).toBe('该证件号码已在名单中');
    expect(messages[7]).toContain('16–65');
    expect((await list(draft.id)).data.count).toBe(1);
  });

  it('a Polish reader gets the report and the summary in Polish: every row, no Chinese but the names in the sheet', async () => {
    const draft = await teamDraft();
    const kept = adult(40, 71);
    await call('POST', `order/drafts/${draft.id}/team/insured`, member, {
      name: '老员工',
      idNumber: kept,
      occupationClass: 1,
    });
    const dup = adult(30, 73);
    const file = await workbook([
      row('张三', adult(25, 75), 1),
      row('李四', wrongCheckDigit(adult(35, 77)), 2),
      row('王五', dup, 7),
      row('赵六', dup, 1),
      row('孙七', kept, 1),
      row('周八', adult(70, 79), 1),
      row('吴九', adult(30, 81), 1, '12345'),
      row('', adult(30, 83), 1),
      row('郑十', adult(30, 85), 1, '', 'Paszport'),
      row('钱一', adult(30, 87), '', '', 'Chiński dowód osobisty'),
      row('孙二', adult(30, 91), 1, '', 'Karta pobytu mieszkańca HK/Makau/Tajwanu'),
    ]);
    const result = await upload(draft.id, file, {
      who: {
        ...member,
        headers: { ...member.headers, 'accept-language': 'pl-PL,pl;q=0.9,zh;q=0.5' } as Caller['headers'],
      },
    });
    expect(result.status).toBe(200);
    expect(result.msg).toBe(`Import nieudany: błędy (${result.data.errors.length}), nic nie zaimportowano`);
    expect(result.data).toMatchObject({ imported: 0, count: 1 });
    expect(result.data.errors.map((e) => [e.row, e.field])).toEqual([
      [3, 'Numer dokumentu'],
      [4, 'Klasa zawodowa'],
      [5, 'Numer dokumentu'],
      [6, 'Numer dokumentu'],
      [7, 'Numer dokumentu'],
      [8, 'Telefon'],
      [9, 'Imię i nazwisko'],
      [10, 'Rodzaj dokumentu'],
      [11, 'Klasa zawodowa'],
      [12, 'Numer dokumentu'],
    ]);
    const messages = Object.fromEntries(result.data.errors.map((e) => [e.row, e.message]));
    expect(messages[3]).toBe('Nieprawidłowa cyfra kontrolna numeru dokumentu, sprawdź go');
    expect(messages[4]).toBe('Klasa zawodowa to liczba od 1 do 6');
    expect(messages[5]).toBe('Ten sam numer dokumentu co w wierszu 4');
    expect(messages[6]).toBe('Ten numer dokumentu jest już na liście');
    expect(messages[7]).toMatch(
      /^Wiek ubezpieczonego musi wynosić 16–65 lat \(w dniu rozpoczęcia ochrony \d{4}-\d{2}-\d{2}: 70 lat\)$/,
    );
    expect(messages[8]).toBe('Nieprawidłowy numer telefonu');
    expect(messages[9]).toBe('Imię i nazwisko: 2–30 liter');
    expect(messages[10]).toContain('Chiński dowód osobisty');
    expect(messages[11]).toBe('Wpisz klasę zawodową');
    expect(messages[12]).toBe(
      'Numer dokumentu nie pasuje do rodzaju dokumentu (Karta pobytu mieszkańca HK/Makau/Tajwanu)',
    );
    expect(JSON.stringify(result.data.errors).match(/\p{Script=Han}/gu) ?? []).toEqual([]);
    expect((await list(draft.id)).data.count).toBe(1);
    // A good file in Polish says how many were imported, in Polish.
    const good = await upload(draft.id, await workbook([row('张三', adult(25, 89), 1)]), {
      who: { ...member, headers: { ...member.headers, 'accept-language': 'pl' } as Caller['headers'] },
    });
    expect(good).toMatchObject({
      status: 200,
      msg: 'Zaimportowano osoby: 1',
      data: { imported: 1, count: 2, errors: [] },
    });
  });

  it('refuses an ID number Excel stored as a number, even one whose digits still pass the check', async () => {
    const draft = await teamDraft();
    const id = adult(30, 61);
    let seq = 62;
    let digitsOnly = adult(30, seq);
    while (digitsOnly.endsWith('X')) digitsOnly = adult(30, ++seq);
    const file = await workbook([
      ['张三', '居民身份证', Number(id.slice(0, 17) + '0'), '', 1],
      ['李四', '居民身份证', Number(digitsOnly), '', 1],
    ]);
    const result = await upload(draft.id, file);
    expect(result.data.errors).toEqual([
      { row: 2, field: '证件号码', message: expect.stringContaining('文本格式') },
      { row: 3, field: '证件号码', message: expect.stringContaining('文本格式') },
    ]);
    expect((await list(draft.id)).data.count).toBe(0);
  });

  it('refuses other file types by their content, not their name', async () => {
    const draft = await teamDraft();
    const csv = Buffer.from('姓名,证件类型,证件号码\n张三,居民身份证,110105199003071234\n');
    expect(await upload(draft.id, csv, { filename: 'list.xlsx' })).toMatchObject({ status: 415, code: 'A0415' });
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600)]);
    expect(await upload(draft.id, xls, { filename: 'list.xls', type: 'application/vnd.ms-excel' })).toMatchObject({
      status: 415,
    });
    // A zip, but not a workbook; and a truncated workbook.
    const good = await workbook([row('张三', adult(25, 71), 1)]);
    expect(await upload(draft.id, good.subarray(0, good.length - 200))).toMatchObject({ status: 400, code: 'A0400' });
    expect(await upload(draft.id, await workbook([row('张三', adult(25, 71), 1)], ['名字', '号码']))).toMatchObject({
      status: 400,
      msg: expect.stringContaining('表头不正确'),
    });
    expect((await list(draft.id)).data.count).toBe(0);
    const none = await ctx.app.inject({
      method: 'POST',
      url: `${V1}/order/drafts/${draft.id}/team/import`,
      headers: member.headers,
      payload: {},
    });
    expect(none.statusCode).toBe(400);
  });

  it('refuses files over 2 MiB', async () => {
    const draft = await teamDraft();
    const big = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    expect(await upload(draft.id, big)).toMatchObject({ status: 413, code: 'A0413' });
  });

  it('refuses a list longer than the product allows, importing nothing', async () => {
    const draft = await teamDraft(teamMedical);
    const rows = Array.from({ length: 301 }, (_, i) =>
      row(`员工${String.fromCharCode(0x4e00 + (i % 500))}`, idNumber(yearsBefore(start, 20 + (i % 40)), 100 + i), 1),
    );
    const result = await upload(draft.id, await workbook(rows));
    expect(result).toMatchObject({ status: 400, code: 'A0420', msg: expect.stringContaining('最多 300 人') });
    expect((await list(draft.id)).data.count).toBe(0);
    // 300 fit; then the list is full for single rows too.
    expect((await upload(draft.id, await workbook(rows.slice(0, 300)))).data.imported).toBe(300);
    expect(
      await call('POST', `order/drafts/${draft.id}/team/insured`, member, {
        name: '多一人',
        idNumber: adult(30, 999),
        occupationClass: 1,
      }),
    ).toMatchObject({ status: 400, code: 'A0420', msg: '团体人数已达上限 300 人' });
  });

  it('exports the list with ID numbers in full for its owner, ready to import again', async () => {
    const draft = await teamDraft();
    const ids = [adult(25, 81), adult(35, 83), adult(45, 85)];
    await upload(draft.id, await workbook(ids.map((id, i) => row(`员工${'甲乙丙'[i]}`, id, i + 1, '1360000000' + i))));
    const file = await download(`order/drafts/${draft.id}/team/export`);
    expect(file.status).toBe(200);
    const ws = file.book.getWorksheet('被保人名单')!;
    expect((ws.getRow(1).values as unknown[]).slice(1, 6)).toEqual(HEADERS);
    expect([2, 3, 4].map((r) => ws.getCell(`C${r}`).value)).toEqual(ids);
    expect(ws.getCell('F2').value).toBe(yearsBefore(start, 25));

    const again = await teamDraft();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${V1}/order/drafts/${draft.id}/team/export`,
      headers: member.headers,
    });
    expect((await upload(again.id, res.rawPayload)).data).toEqual({ imported: 3, count: 3, errors: [] });
  });

  it("prices the list only once plan, term and start date are known, saying why in the reader's language", async () => {
    const created = await call<Draft>('POST', 'order/drafts', member, { productId: employer.id });
    const polish = { ...member, headers: { ...member.headers, 'accept-language': 'pl' } as Caller['headers'] };
    const added = await call<TeamList>('POST', `order/drafts/${created.data.id}/team/insured`, polish, {
      name: '张三',
      idNumber: adult(30, 91),
      occupationClass: 1,
    });
    const inPolish = 'Najpierw wybierz wariant ubezpieczenia, okres ochrony i datę rozpoczęcia ochrony';
    expect(added.data).toMatchObject({ premiumFen: null, premiumIssue: inPolish, count: 1 });
    expect((await list(created.data.id)).data).toMatchObject({
      premiumFen: null,
      premiumIssue: '请先选择投保方案、保障期限和起保日期',
      count: 1,
    });
    const read = await call<TeamList>('GET', `order/drafts/${created.data.id}/team`, polish);
    expect(read.data.premiumIssue).toBe(inPolish);
  });
});
