import type { FastifyInstance } from 'fastify';
import type { Language } from '#shared/constants.ts';
import { ageOn, birthDateFromId, maskIdNumber, maskMobile, normalizeIdNumber, sexFromId } from '#shared/identity.ts';
import {
  type IdType,
  type TeamImportError,
  type TeamImportResult,
  type TeamList,
  type TeamRowDetail,
} from '#shared/orders.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { beijingToday } from '#shared/beijing-time.ts';
import { quotePremium } from '../catalogue/quote.ts';
import {
  deleteTeamRow,
  findOpenDraft,
  findTeamRow,
  insertTeamRows,
  lockOpenDraft,
  teamRows,
  touchDraft,
  updateTeamRow,
  type DraftRow,
  type NewTeamMember,
  type TeamMemberRow,
} from './draft-repository.ts';
import { draftProduct, requireOnSale, type DraftProduct } from './draft-product.ts';
import { draftNotFound } from './params.ts';
import type { SheetRow } from './team-excel.ts';
import { ageDate, checkTeamRow } from './team-rows.ts';
import { ID_TYPE_BY_NAME, TEAM_SHEET_TEXTS, type TeamImportTexts } from './team-excel-texts.ts';
import { phrase, renderPhrase, type Phrase } from '../../lib/texts/render.ts';
import type { IssueText } from '../../lib/texts/issues.ts';
import { renderIssue } from '../../lib/texts/issues.ts';

/**
 * The insured list of a team draft, kept on the server: list with count and total premium,
 * single-row add / edit / delete, and the all-or-nothing import. Changes lock the draft row, so
 * size limits and duplicate checks hold with concurrent requests (and against submission).
 */

const MAX_IMPORT_ERRORS = 500;

function teamSizeOf(product: DraftProduct): { min: number; max: number } {
  return product.content.limits.teamSize ?? { min: 1, max: 1 };
}

/** Premium per row and in total at the draft's plan, term and start date (size limits aside). */
function priceTeam(
  product: DraftProduct,
  draft: DraftRow,
  rows: TeamMemberRow[],
): { perRow: (number | null)[]; premiumFen: number | null; issue: Phrase | null } {
  const none = rows.map(() => null);
  if (!rows.length) return { perRow: [], premiumFen: 0, issue: null };
  if (!draft.planCode || !draft.termDays || !draft.startDate)
    return { perRow: none, premiumFen: null, issue: 'orders.teamUnpriced' };
  const { limits } = product.content;
  try {
    const quote = quotePremium(
      {
        id: product.id,
        versionId: product.versionId,
        team: true,
        content: { ...product.content, limits: { ...limits, teamSize: { min: 1, max: rows.length } } },
      },
      {
        planCode: draft.planCode,
        termDays: draft.termDays,
        startDate: draft.startDate,
        region: draft.region ?? undefined,
        insured: rows.map((r) => ({ birthDate: birthDateFromId(r.idNumber), occupationClass: r.occupationClass })),
      },
      beijingToday(),
    );
    return { perRow: quote.perPerson.map((p) => p.premiumFen), premiumFen: quote.premiumFen, issue: null };
  } catch (error) {
    if (error instanceof AppError && error.code === 'A0420')
      return { perRow: none, premiumFen: null, issue: error.text };
    throw error;
  }
}

/** The list as the reader sees it: why it cannot be priced yet is written in the reader's language. */
export async function teamListOf(
  db: Db,
  product: DraftProduct,
  draft: DraftRow,
  language: Language,
): Promise<TeamList> {
  const rows = await teamRows(db, draft.id);
  const priced = priceTeam(product, draft, rows);
  const on = ageDate(draft, product.content);
  return {
    rows: rows.map((r, i) => ({
      id: r.id,
      name: r.name,
      idType: r.idType as IdType,
      idNumberMasked: maskIdNumber(r.idNumber),
      mobileMasked: maskMobile(r.mobile),
      occupationClass: r.occupationClass,
      sex: sexFromId(r.idNumber),
      age: ageOn(birthDateFromId(r.idNumber), on),
      premiumFen: priced.perRow[i],
    })),
    count: rows.length,
    teamSize: teamSizeOf(product),
    premiumFen: priced.premiumFen,
    premiumIssue: priced.issue && renderPhrase(language, priced.issue),
  };
}

/** The member's open team draft and its product, for reading. */
export async function readableTeamDraft(
  db: Db,
  memberId: number,
  draftId: number,
): Promise<{ draft: DraftRow; product: DraftProduct }> {
  const draft = await findOpenDraft(db, memberId, draftId);
  if (!draft) throw draftNotFound();
  const product = await draftProduct(db, draft);
  if (!product.team) throw new AppError('A0400', 'orders.notTeamProduct');
  return { draft, product };
}

export function rowDetail(row: TeamMemberRow): TeamRowDetail {
  return {
    id: row.id,
    name: row.name,
    idType: row.idType as IdType,
    idNumber: row.idNumber,
    mobile: row.mobile,
    occupationClass: row.occupationClass,
    birthDate: birthDateFromId(row.idNumber),
    sex: sexFromId(row.idNumber),
  };
}

interface TeamScope {
  tx: Tx;
  draft: DraftRow;
  product: DraftProduct;
  rows: TeamMemberRow[];
}

/** Runs a list change with the draft locked; answers the list as it is afterwards. */
async function changeTeam(
  app: FastifyInstance,
  memberId: number,
  draftId: number,
  language: Language,
  change: (scope: TeamScope) => Promise<void>,
): Promise<TeamList> {
  return app.db.transaction(async (tx) => {
    const draft = await lockOpenDraft(tx, memberId, draftId);
    if (!draft) throw draftNotFound();
    const product = await draftProduct(tx, draft);
    if (!product.team) throw new AppError('A0400', 'orders.notTeamProduct');
    requireOnSale(product);
    await change({ tx, draft, product, rows: await teamRows(tx, draft.id) });
    await touchDraft(tx, draft.id);
    return teamListOf(tx, product, draft, language);
  });
}

function refuseRow(issues: IssueText[]): never {
  throw new AppError('A0400', issues[0].message, issues);
}

function checked(scope: TeamScope, input: unknown, exceptRowId?: number): NewTeamMember {
  const result = checkTeamRow(input, scope.product.content, ageDate(scope.draft, scope.product.content));
  if ('issues' in result) refuseRow(result.issues);
  if (scope.rows.some((r) => r.idNumber === result.row.idNumber && r.id !== exceptRowId)) {
    refuseRow([{ field: 'idNumber', message: 'orders.idInList' }]);
  }
  return result.row;
}

export function addTeamRow(
  app: FastifyInstance,
  memberId: number,
  draftId: number,
  input: unknown,
  language: Language,
): Promise<TeamList> {
  return changeTeam(app, memberId, draftId, language, async (scope) => {
    const { max } = teamSizeOf(scope.product);
    if (scope.rows.length >= max)
      throw new AppError('A0420', phrase('orders.teamFull', { max }), [
        { field: 'team', message: phrase('orders.teamFull', { max }) },
      ]);
    await insertTeamRows(scope.tx, scope.draft.id, [checked(scope, input)]);
  });
}

export function editTeamRow(
  app: FastifyInstance,
  memberId: number,
  draftId: number,
  rowId: number,
  input: unknown,
  language: Language,
): Promise<TeamList> {
  return changeTeam(app, memberId, draftId, language, async (scope) => {
    if (!scope.rows.some((r) => r.id === rowId)) throw new AppError('A0404', 'orders.insuredNotFound');
    await updateTeamRow(scope.tx, scope.draft.id, rowId, checked(scope, input, rowId));
  });
}

export function removeTeamRow(
  app: FastifyInstance,
  memberId: number,
  draftId: number,
  rowId: number,
  language: Language,
): Promise<TeamList> {
  return changeTeam(app, memberId, draftId, language, async (scope) => {
    if (!(await deleteTeamRow(scope.tx, scope.draft.id, rowId))) throw new AppError('A0404', 'orders.insuredNotFound');
  });
}

export async function teamRowOf(db: Db, memberId: number, draftId: number, rowId: number): Promise<TeamMemberRow> {
  const { draft } = await readableTeamDraft(db, memberId, draftId);
  const row = await findTeamRow(db, draft.id, rowId);
  if (!row) throw new AppError('A0404', 'orders.insuredNotFound');
  return row;
}

// Chinese or Polish names, as the two templates write them (team-excel-texts.ts).
const ID_TYPE_BY_LABEL = ID_TYPE_BY_NAME;

/** A sheet row as row input, or the problems of its type and class cells. */
function sheetInput(
  row: SheetRow,
  texts: TeamImportTexts,
): { input: Record<string, unknown>; errors: TeamImportError[] } {
  const errors: TeamImportError[] = [];
  const { values } = row;
  const idType = values.idType === '' ? 'id_card' : ID_TYPE_BY_LABEL.get(values.idType);
  if (!idType) errors.push({ row: row.row, field: texts.fields.idType, message: texts.idTypeCell });
  const cls = /^([1-6])\s*类?$/.exec(values.occupationClass);
  if (!cls)
    errors.push({
      row: row.row,
      field: texts.fields.occupationClass,
      message: values.occupationClass === '' ? texts.classMissing : texts.classFormat,
    });
  // Excel keeps 15 significant digits of a number: the rest of an ID stored as one is lost, even
  // when what is left happens to pass the check digit.
  if (row.numericId) errors.push({ row: row.row, field: texts.fields.idNumber, message: texts.numericIdNumber });
  return {
    input: {
      name: values.name,
      idType: idType ?? 'id_card',
      idNumber: values.idNumber,
      mobile: values.mobile,
      occupationClass: cls ? Number(cls[1]) : 1,
    },
    errors,
  };
}

function checkSheet(
  scope: TeamScope,
  sheet: SheetRow[],
  language: Language,
): { rows: NewTeamMember[]; errors: TeamImportError[] } {
  const texts = TEAM_SHEET_TEXTS[language].report;
  const on = ageDate(scope.draft, scope.product.content);
  const existing = new Set(scope.rows.map((r) => r.idNumber));
  const seen = new Map<string, number>();
  const rows: NewTeamMember[] = [];
  const errors: TeamImportError[] = [];
  for (const line of sheet) {
    const { input, errors: cellErrors } = sheetInput(line, texts);
    const result = checkTeamRow(input, scope.product.content, on);
    const issues =
      'issues' in result
        ? result.issues.filter(
            (i) =>
              !(
                cellErrors.length &&
                (i.field === 'occupationClass' || i.field === 'idType' || (i.field === 'idNumber' && line.numericId))
              ),
          )
        : [];
    errors.push(
      ...cellErrors,
      ...issues.map((i) => ({
        row: line.row,
        field: texts.fields[i.field as keyof TeamImportTexts['fields']] ?? i.field,
        message: texts.rowIssue(renderIssue(language, i)),
      })),
    );
    const id = normalizeIdNumber(line.values.idNumber);
    if (id && seen.has(id))
      errors.push({ row: line.row, field: texts.fields.idNumber, message: texts.duplicate(seen.get(id)!) });
    else if (id && existing.has(id))
      errors.push({ row: line.row, field: texts.fields.idNumber, message: texts.alreadyListed });
    if (id && !seen.has(id)) seen.set(id, line.row);
    if ('row' in result && !cellErrors.length) rows.push(result.row);
  }
  return { rows, errors };
}

/** All or nothing: any error leaves the list as it was and reports every row's problems, in the reader's language. */
export async function importTeamRows(
  app: FastifyInstance,
  memberId: number,
  draftId: number,
  sheet: SheetRow[],
  language: Language,
): Promise<TeamImportResult> {
  let result: TeamImportResult = { imported: 0, count: 0, errors: [] };
  await changeTeam(app, memberId, draftId, language, async (scope) => {
    const { max } = teamSizeOf(scope.product);
    if (!sheet.length) throw new AppError('A0400', 'orders.teamFileEmpty');
    if (scope.rows.length + sheet.length > max) {
      const message = phrase('orders.teamFileTooMany', { max, existing: scope.rows.length, importing: sheet.length });
      throw new AppError('A0420', message, [{ field: 'file', message }]);
    }
    const { rows, errors } = checkSheet(scope, sheet, language);
    if (errors.length) {
      result = {
        imported: 0,
        count: scope.rows.length,
        errors: errors.sort((a, b) => a.row - b.row).slice(0, MAX_IMPORT_ERRORS),
      };
      return;
    }
    await insertTeamRows(scope.tx, scope.draft.id, rows);
    result = { imported: rows.length, count: scope.rows.length + rows.length, errors: [] };
  });
  return result;
}
