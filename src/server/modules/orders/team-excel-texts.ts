import type { Language } from '#shared/constants.ts';
import type { FieldIssue } from '#shared/envelope.ts';
import { ID_TYPES, type IdType } from '#shared/orders.ts';
import type { Sex } from '#shared/identity.ts';
import { renderPhrase, renderText, type PlainTextKey } from '../../lib/texts/render.ts';

/** The import report (per-row errors) and its summary, in the reader's language. */
export interface TeamImportTexts {
  /** Column names, by row field key (as the template's headers). */
  fields: Record<'name' | 'idType' | 'idNumber' | 'mobile' | 'occupationClass', string>;
  idTypeCell: string;
  classMissing: string;
  classFormat: string;
  numericIdNumber: string;
  duplicate: (row: number) => string;
  alreadyListed: string;
  /**
   * A problem the shared row check found, already written in the reader's language from the text
   * catalogues (docs/decisions/server-texts-by-key.md), as the sentence of a report cell.
   */
  rowIssue: (issue: FieldIssue) => string;
  imported: (n: number) => string;
  failed: (n: number) => string;
}

/**
 * The team list's spreadsheet texts per language (docs/decisions/team-list-spreadsheet-language.md): a Polish
 * reader downloads a Polish template and export, and an upload is read with the Chinese or the
 * Polish headers, sheet name, example mark and ID type names, whichever it carries. The import
 * report answers in the reader's language.
 */
export interface TeamSheetTexts {
  sheet: string;
  notesSheet: string;
  /** Rows whose name starts with it are examples, never imported. */
  exampleMark: string;
  /** The example row's name, starting with the mark. */
  exampleName: string;
  headers: readonly [string, string, string, string, string];
  exportHeaders: readonly [string, string, string];
  idTypes: Record<IdType, string>;
  sex: Record<Sex, string>;
  idTypeError: (types: string) => string;
  idNumberError: string;
  mobileError: string;
  classError: (min: number, max: number) => string;
  notes: (p: {
    productName: string;
    types: string;
    ageMin: number;
    ageMax: number;
    classMin: number;
    classMax: number;
    team?: { min: number; max: number };
  }) => string[];
  templateFile: (productName: string) => string;
  exportFile: (productName: string) => string;
  report: TeamImportTexts;
}

/** A message of the catalogue as the sentence of a report cell. */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** ID type names (also the template's drop-down list, so without commas: Excel's list separator). */
const idTypeNames = (language: Language) =>
  Object.fromEntries(ID_TYPES.map((t) => [t, renderPhrase(language, `idType.${t}` as PlainTextKey)])) as Record<
    IdType,
    string
  >;

/** The sheet's words in `language`, from the text catalogue (docs/decisions/server-texts-by-key.md). */
function sheetTexts(language: Language): TeamSheetTexts {
  const say = (key: PlainTextKey) => renderPhrase(language, key);
  const headers = [
    say('teamSheet.header.name'),
    say('teamSheet.header.idType'),
    say('teamSheet.header.idNumber'),
    say('teamSheet.header.mobile'),
    say('teamSheet.header.occupationClass'),
  ] as const;
  const idTypes = idTypeNames(language);
  return {
    sheet: say('teamSheet.sheet'),
    notesSheet: say('teamSheet.notesSheet'),
    exampleMark: say('teamSheet.exampleMark'),
    exampleName: say('teamSheet.exampleName'),
    headers,
    exportHeaders: [say('teamSheet.header.birthDate'), say('teamSheet.header.sex'), say('teamSheet.header.age')],
    idTypes,
    sex: { male: say('teamSheet.sex.male'), female: say('teamSheet.sex.female') },
    idTypeError: (types) => renderText(language, 'teamSheet.idTypeError', { types }),
    idNumberError: say('teamSheet.idNumberError'),
    mobileError: say('teamSheet.mobileError'),
    classError: (min, max) => renderText(language, 'teamSheet.classError', { min, max }),
    notes: (p) => [
      renderText(language, 'teamSheet.notesTitle', { productName: p.productName }),
      say('teamSheet.notesRows'),
      renderText(language, 'teamSheet.notesIdTypes', { types: p.types }),
      renderText(language, 'teamSheet.notesAges', {
        ageMin: p.ageMin,
        ageMax: p.ageMax,
        classMin: p.classMin,
        classMax: p.classMax,
      }),
      p.team ? renderText(language, 'teamSheet.notesTeamSize', p.team) : say('teamSheet.notesOnce'),
      say('teamSheet.notesAllOrNothing'),
    ],
    templateFile: (productName) => renderText(language, 'teamSheet.templateFile', { productName }),
    exportFile: (productName) => renderText(language, 'teamSheet.exportFile', { productName }),
    report: {
      fields: {
        name: headers[0],
        idType: headers[1],
        idNumber: headers[2],
        mobile: headers[3],
        occupationClass: headers[4],
      },
      idTypeCell: renderText(language, 'teamSheet.idTypeCell', { types: ID_TYPES.map((t) => idTypes[t]) }),
      classMissing: say('teamSheet.classMissing'),
      classFormat: say('teamSheet.classFormat'),
      numericIdNumber: say('teamSheet.numericIdNumber'),
      duplicate: (row) => renderText(language, 'teamSheet.duplicate', { row }),
      alreadyListed: sentence(say('orders.idInList')),
      rowIssue: (issue) => sentence(issue.message),
      imported: (count) => renderText(language, 'teamSheet.imported', { count }),
      failed: (count) => renderText(language, 'teamSheet.failed', { count }),
    },
  };
}

export const TEAM_SHEET_TEXTS: Record<Language, TeamSheetTexts> = {
  'zh-cn': sheetTexts('zh-cn'),
  pl: sheetTexts('pl'),
};

/** ID type names of either language → the code (an upload may be a Chinese or a Polish sheet). */
export const ID_TYPE_BY_NAME: ReadonlyMap<string, IdType> = new Map(
  Object.values(TEAM_SHEET_TEXTS).flatMap((texts) =>
    (Object.entries(texts.idTypes) as [IdType, string][]).map(([code, name]) => [name, code]),
  ),
);
