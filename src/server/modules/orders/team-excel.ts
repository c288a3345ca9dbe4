import type ExcelJS from 'exceljs';
import type { ProductContent } from '#shared/catalogue.ts';
import { ageOn, birthDateFromId, idCheckDigit, sexFromId } from '#shared/identity.ts';
import { DEFAULT_LANGUAGE, type Language } from '#shared/constants.ts';
import { ID_TYPES, type IdType } from '#shared/orders.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TeamMemberRow } from './draft-repository.ts';
import { TEAM_SHEET_TEXTS, type TeamSheetTexts } from './team-excel-texts.ts';
import { phrase } from '../../lib/texts/render.ts';

/**
 * The team list as Excel (.xlsx, exceljs): the template to fill in, reading a filled one, and the
 * export of the current list, in the reader's language (team-excel-texts.ts). Columns are found by
 * their headers, Chinese or Polish, so an export can be imported again and extra columns are ignored.
 */

const SHEETS = Object.values(TEAM_SHEET_TEXTS);
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

function columns(
  ws: ExcelJS.Worksheet,
  headers: TeamSheetTexts['headers'],
  extra: Partial<ExcelJS.Column>[] = [],
): void {
  ws.columns = [
    { header: headers[0], key: 'name', width: 16 },
    { header: headers[1], key: 'idType', width: 24 },
    // Text cells: an 18-digit number would lose its last digits as an Excel number.
    { header: headers[2], key: 'idNumber', width: 24, style: { numFmt: '@' } },
    { header: headers[3], key: 'mobile', width: 16, style: { numFmt: '@' } },
    { header: headers[4], key: 'occupationClass', width: 10 },
    ...extra,
  ];
  headerStyle(ws.getRow(1));
}

/** ExcelJS is loaded on the first team list, not at start. */
const loadExcel = async (): Promise<typeof ExcelJS> => (await import('exceljs')).default;
const workbook = async () =>
  Object.assign(new (await loadExcel()).Workbook(), { creator: 'insure-h5', created: new Date() });
const toBuffer = async (wb: ExcelJS.Workbook) => Buffer.from(await wb.xlsx.writeBuffer());

/** The template: headers, one marked example row, drop-downs and ranges, and a sheet of instructions. */
export async function teamTemplate(
  productName: string,
  content: ProductContent,
  language: Language = DEFAULT_LANGUAGE,
): Promise<Buffer> {
  const texts = TEAM_SHEET_TEXTS[language];
  const { occupationClasses: classes, teamSize, insuredAge } = content.limits;
  const wb = await workbook();
  const ws = wb.addWorksheet(texts.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  columns(ws, texts.headers);
  const example = ws.addRow({
    name: texts.exampleName,
    idType: texts.idTypes.id_card,
    idNumber: EXAMPLE_ID,
    mobile: '13800000000',
    occupationClass: classes.min,
  });
  example.font = { italic: true, color: { argb: 'FF999999' } };
  const last = Math.min((teamSize?.max ?? VALIDATED_ROWS) + 2, VALIDATED_ROWS + 2);
  const types = ID_TYPES.map((t) => texts.idTypes[t]);
  const [, typeTitle, idTitle, mobileTitle, classTitle] = texts.headers;
  for (let r = 2; r <= last; r += 1) {
    ws.getCell(`B${r}`).dataValidation = {
      type: 'list',
      allowBlank: true,
      formulae: [`"${types.join(',')}"`],
      showErrorMessage: true,
      errorTitle: typeTitle,
      error: texts.idTypeError(types.join(', ')),
    };
    ws.getCell(`C${r}`).dataValidation = {
      type: 'textLength',
      operator: 'equal',
      allowBlank: true,
      formulae: [18],
      showErrorMessage: true,
      errorTitle: idTitle,
      error: texts.idNumberError,
    };
    ws.getCell(`D${r}`).dataValidation = {
      type: 'textLength',
      operator: 'equal',
      allowBlank: true,
      formulae: [11],
      showErrorMessage: true,
      errorTitle: mobileTitle,
      error: texts.mobileError,
    };
    ws.getCell(`E${r}`).dataValidation = {
      type: 'whole',
      operator: 'between',
      allowBlank: true,
      formulae: [classes.min, classes.max],
      showErrorMessage: true,
      errorTitle: classTitle,
      error: texts.classError(classes.min, classes.max),
    };
  }
  const notes = wb.addWorksheet(texts.notesSheet);
  notes.getColumn(1).width = 100;
  texts
    .notes({
      productName,
      types: types.join(language === 'pl' ? ', ' : '、'),
      ageMin: insuredAge.min,
      ageMax: insuredAge.max,
      classMin: classes.min,
      classMax: classes.max,
      ...(teamSize ? { team: teamSize } : {}),
    })
    .forEach((line, i) => {
      const row = notes.addRow([line]);
      if (i === 0) row.font = { bold: true, size: 13 };
    });
  return toBuffer(wb);
}

/** The current list with ID numbers in full: it is the owner's own data, downloaded by them. */
export async function teamExport(
  rows: TeamMemberRow[],
  ageOnDate: string,
  language: Language = DEFAULT_LANGUAGE,
): Promise<Buffer> {
  const texts = TEAM_SHEET_TEXTS[language];
  const wb = await workbook();
  const ws = wb.addWorksheet(texts.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  columns(ws, texts.headers, [
    { header: texts.exportHeaders[0], key: 'birthDate', width: 12 },
    { header: texts.exportHeaders[1], key: 'sex', width: 6 },
    { header: texts.exportHeaders[2], key: 'age', width: 6 },
  ]);
  for (const r of rows) {
    const birthDate = birthDateFromId(r.idNumber);
    ws.addRow({
      name: r.name,
      idType: texts.idTypes[r.idType as IdType] ?? r.idType,
      idNumber: r.idNumber,
      mobile: r.mobile,
      occupationClass: r.occupationClass,
      birthDate,
      sex: texts.sex[sexFromId(r.idNumber)],
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
  if ('richText' in value)
    return value.richText
      .map((t) => t.text)
      .join('')
      .trim();
  if ('formula' in value || 'sharedFormula' in value)
    return cellText((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('text' in value && typeof value.text === 'string') return value.text.trim();
  return '';
}

const unreadable = () => new AppError('A0400', 'orders.teamFileUnreadable');

/** The filled rows of an uploaded list (empty and example rows skipped), or a file-level refusal. */
export async function readTeamSheet(buffer: Buffer): Promise<SheetRow[]> {
  const wb = new (await loadExcel()).Workbook();
  try {
    await wb.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  } catch {
    throw unreadable();
  }
  const ws = SHEETS.map((t) => wb.getWorksheet(t.sheet)).find(Boolean) ?? wb.worksheets[0];
  if (!ws) throw unreadable();
  const column = new Map<string, number>();
  ws.getRow(1).eachCell((cell, col) => column.set(cellText(cell.value).toLowerCase(), col));
  // Each column by its Chinese or its Polish header.
  const found = KEYS.map((_key, i) =>
    SHEETS.map((t) => column.get(t.headers[i].toLowerCase())).find((c) => c !== undefined),
  );
  const missing = KEYS.flatMap((_key, i) =>
    found[i] === undefined ? [SHEETS.map((t) => t.headers[i]).join('/')] : [],
  );
  if (missing.length) throw new AppError('A0400', phrase('orders.teamHeaders', { columns: missing }));
  const marks = SHEETS.map((t) => t.exampleMark);
  const rows: SheetRow[] = [];
  ws.eachRow({ includeEmpty: false }, (row, n) => {
    if (n === 1) return;
    const values = Object.fromEntries(KEYS.map((key, i) => [key, cellText(row.getCell(found[i]!).value)])) as Record<
      TeamColumn,
      string
    >;
    if (KEYS.every((k) => values[k] === '') || marks.some((mark) => values.name.startsWith(mark))) return;
    const idCell = row.getCell(found[2]!).value;
    rows.push({ row: n, values, numericId: typeof idCell === 'number' && values.idNumber.length > 15 });
  });
  return rows;
}
