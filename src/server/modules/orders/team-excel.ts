import type ExcelJS from 'exceljs';
import type { ProductContent } from '#shared/catalogue.ts';
import { ageOn, birthDateFromId, idCheckDigit, sexFromId } from '#shared/identity.ts';
import { ID_TYPES, ID_TYPE_LABELS, SEX_LABELS, TEAM_TEMPLATE_HEADERS, type IdType } from '#shared/orders.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TeamMemberRow } from './draft-repository.ts';

/**
 * The team list as Excel (.xlsx, exceljs): the template to fill in, reading a filled one, and the
 * export of the current list. Columns are found by their headers (TEAM_TEMPLATE_HEADERS), so an
 * export can be imported again and extra columns are ignored.
 */

const SHEET = '被保人名单';
const EXAMPLE_MARK = '示例';
/** Validation is attached to this many rows at most (Excel stores one rule per range). */
const VALIDATED_ROWS = 1000;
const KEYS = ['name', 'idType', 'idNumber', 'mobile', 'occupationClass'] as const;
export type TeamColumn = (typeof KEYS)[number];

const first17 = '11010519900307123';
const EXAMPLE_ID = first17 + idCheckDigit(first17);

function headerStyle(row: ExcelJS.Row): void {
  row.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  row.alignment = { vertical: 'middle', horizontal: 'center' };
  row.height = 20;
  row.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1677FF' } };
  });
}

function columns(ws: ExcelJS.Worksheet, extra: Partial<ExcelJS.Column>[] = []): void {
  ws.columns = [
    { header: TEAM_TEMPLATE_HEADERS[0], key: 'name', width: 16 },
    { header: TEAM_TEMPLATE_HEADERS[1], key: 'idType', width: 24 },
    // Text cells: an 18-digit number would lose its last digits as an Excel number.
    { header: TEAM_TEMPLATE_HEADERS[2], key: 'idNumber', width: 24, style: { numFmt: '@' } },
    { header: TEAM_TEMPLATE_HEADERS[3], key: 'mobile', width: 16, style: { numFmt: '@' } },
    { header: TEAM_TEMPLATE_HEADERS[4], key: 'occupationClass', width: 10 },
    ...extra,
  ];
  headerStyle(ws.getRow(1));
}

/** ExcelJS is loaded on the first team list, not at start. */
const loadExcel = async (): Promise<typeof ExcelJS> => (await import('exceljs')).default;
const workbook = async () => Object.assign(new (await loadExcel()).Workbook(), { creator: 'insure-h5', created: new Date() });
const toBuffer = async (wb: ExcelJS.Workbook) => Buffer.from(await wb.xlsx.writeBuffer());

/** The template: headers, one marked example row, drop-downs and ranges, and a sheet of instructions. */
export async function teamTemplate(productName: string, content: ProductContent): Promise<Buffer> {
  const { occupationClasses: classes, teamSize, insuredAge } = content.limits;
  const wb = await workbook();
  const ws = wb.addWorksheet(SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  columns(ws);
  const example = ws.addRow({ name: `${EXAMPLE_MARK}：张三`, idType: ID_TYPE_LABELS.id_card, idNumber: EXAMPLE_ID, mobile: '13800000000', occupationClass: classes.min });
  example.font = { italic: true, color: { argb: 'FF999999' } };
  const last = Math.min((teamSize?.max ?? VALIDATED_ROWS) + 2, VALIDATED_ROWS + 2);
  const types = ID_TYPES.map((t) => ID_TYPE_LABELS[t]).join(',');
  for (let r = 2; r <= last; r += 1) {
    ws.getCell(`B${r}`).dataValidation = {
      type: 'list', allowBlank: true, formulae: [`"${types}"`], showErrorMessage: true, errorTitle: '证件类型', error: `请选择：${types}`,
    };
    ws.getCell(`C${r}`).dataValidation = {
      type: 'textLength', operator: 'equal', allowBlank: true, formulae: [18], showErrorMessage: true, errorTitle: '证件号码', error: '证件号码应为 18 位',
    };
    ws.getCell(`D${r}`).dataValidation = {
      type: 'textLength', operator: 'equal', allowBlank: true, formulae: [11], showErrorMessage: true, errorTitle: '手机号', error: '手机号应为 11 位',
    };
    ws.getCell(`E${r}`).dataValidation = {
      type: 'whole', operator: 'between', allowBlank: true, formulae: [classes.min, classes.max], showErrorMessage: true,
      errorTitle: '职业类别', error: `可承保 ${classes.min}–${classes.max} 类`,
    };
  }
  const notes = wb.addWorksheet('填写说明');
  notes.getColumn(1).width = 100;
  [
    `${productName} 被保人名单填写说明`,
    `1. 请在“${SHEET}”工作表中每行填写一位被保人，第 2 行为示例（姓名以“${EXAMPLE_MARK}”开头的行不会导入），可直接覆盖或删除。`,
    `2. 证件类型可选：${ID_TYPES.map((t) => ID_TYPE_LABELS[t]).join('、')}；不填视为居民身份证。证件号码为 18 位，请保持文本格式。`,
    `3. 被保人年龄需在 ${insuredAge.min}–${insuredAge.max} 周岁之间（按起保日计算）；职业类别为 ${classes.min}–${classes.max} 类的数字。`,
    teamSize ? `4. 每张保单被保人 ${teamSize.min}–${teamSize.max} 人；同一证件号码只能出现一次。` : '4. 同一证件号码只能出现一次。',
    '5. 导入时如有任何一行有误，将不导入任何数据，并列出每行的错误，修改后重新上传即可。',
  ].forEach((line, i) => {
    const row = notes.addRow([line]);
    if (i === 0) row.font = { bold: true, size: 13 };
  });
  return toBuffer(wb);
}

/** The current list with ID numbers in full: it is the owner's own data, downloaded by them. */
export async function teamExport(rows: TeamMemberRow[], ageOnDate: string): Promise<Buffer> {
  const wb = await workbook();
  const ws = wb.addWorksheet(SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  columns(ws, [
    { header: '出生日期', key: 'birthDate', width: 12 },
    { header: '性别', key: 'sex', width: 6 },
    { header: '年龄', key: 'age', width: 6 },
  ]);
  for (const r of rows) {
    const birthDate = birthDateFromId(r.idNumber);
    ws.addRow({
      name: r.name,
      idType: ID_TYPE_LABELS[r.idType as IdType] ?? r.idType,
      idNumber: r.idNumber,
      mobile: r.mobile,
      occupationClass: r.occupationClass,
      birthDate,
      sex: SEX_LABELS[sexFromId(r.idNumber)],
      age: ageOn(birthDate, ageOnDate),
    });
  }
  return toBuffer(wb);
}

export interface SheetRow {
  /** Excel row number. */
  row: number;
  values: Record<TeamColumn, string>;
  /** The ID number cell held a number (digits beyond 15 are lost that way). */
  numericId: boolean;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((t) => t.text).join('').trim();
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('text' in value && typeof value.text === 'string') return value.text.trim();
  return '';
}

const unreadable = () => new AppError('A0400', '无法读取该 Excel 文件，请下载模板填写后上传 .xlsx 文件');

/** The filled rows of an uploaded list (empty and example rows skipped), or a file-level refusal. */
export async function readTeamSheet(buffer: Buffer): Promise<SheetRow[]> {
  const wb = new (await loadExcel()).Workbook();
  try {
    await wb.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  } catch {
    throw unreadable();
  }
  const ws = wb.getWorksheet(SHEET) ?? wb.worksheets[0];
  if (!ws) throw unreadable();
  const column = new Map<string, number>();
  ws.getRow(1).eachCell((cell, col) => column.set(cellText(cell.value), col));
  const missing = TEAM_TEMPLATE_HEADERS.filter((h) => !column.has(h));
  if (missing.length) throw new AppError('A0400', `表头不正确，缺少：${missing.join('、')}。请下载模板填写`);
  const rows: SheetRow[] = [];
  ws.eachRow({ includeEmpty: false }, (row, n) => {
    if (n === 1) return;
    const values = Object.fromEntries(KEYS.map((key, i) => [key, cellText(row.getCell(column.get(TEAM_TEMPLATE_HEADERS[i])!).value)])) as Record<TeamColumn, string>;
    if (KEYS.every((k) => values[k] === '') || values.name.startsWith(EXAMPLE_MARK)) return;
    const idCell = row.getCell(column.get(TEAM_TEMPLATE_HEADERS[2])!).value;
    rows.push({ row: n, values, numericId: typeof idCell === 'number' && values.idNumber.length > 15 });
  });
  return rows;
}
