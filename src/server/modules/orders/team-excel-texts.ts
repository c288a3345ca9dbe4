import type { Language } from '#shared/constants.ts';
import type { FieldIssue } from '#shared/envelope.ts';
import { PL_ID_TYPES } from '../../lib/person-texts.ts';
import { ID_TYPE_LABELS, ID_TYPES, SEX_LABELS, TEAM_TEMPLATE_HEADERS, type IdType } from '#shared/orders.ts';

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
  sex: Record<keyof typeof SEX_LABELS, string>;
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

const fieldsOf = (headers: readonly [string, string, string, string, string]): TeamImportTexts['fields'] => ({
  name: headers[0],
  idType: headers[1],
  idNumber: headers[2],
  mobile: headers[3],
  occupationClass: headers[4],
});

/** A message of the error table as the sentence of a report cell. */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const zh: TeamSheetTexts = {
  sheet: '被保人名单',
  notesSheet: '填写说明',
  exampleMark: '示例',
  exampleName: '示例：张三',
  headers: TEAM_TEMPLATE_HEADERS,
  exportHeaders: ['出生日期', '性别', '年龄'],
  idTypes: ID_TYPE_LABELS,
  sex: SEX_LABELS,
  idTypeError: (types) => `请选择：${types}`,
  idNumberError: '证件号码应为 18 位',
  mobileError: '手机号应为 11 位',
  classError: (min, max) => `可承保 ${min}–${max} 类`,
  notes: (p) => [
    `${p.productName} 被保人名单填写说明`,
    `1. 请在“被保人名单”工作表中每行填写一位被保人，第 2 行为示例（姓名以“示例”开头的行不会导入），可直接覆盖或删除。`,
    `2. 证件类型可选：${p.types}；不填视为居民身份证。证件号码为 18 位，请保持文本格式。`,
    `3. 被保人年龄需在 ${p.ageMin}–${p.ageMax} 周岁之间（按起保日计算）；职业类别为 ${p.classMin}–${p.classMax} 类的数字。`,
    p.team
      ? `4. 每张保单被保人 ${p.team.min}–${p.team.max} 人；同一证件号码只能出现一次。`
      : '4. 同一证件号码只能出现一次。',
    '5. 导入时如有任何一行有误，将不导入任何数据，并列出每行的错误，修改后重新上传即可。',
  ],
  templateFile: (name) => `${name}-被保人名单模板.xlsx`,
  exportFile: (name) => `${name}-被保人名单.xlsx`,
  report: {
    fields: fieldsOf(TEAM_TEMPLATE_HEADERS),
    idTypeCell: `证件类型应为：${ID_TYPES.map((t) => ID_TYPE_LABELS[t]).join('、')}`,
    classMissing: '请填写职业类别',
    classFormat: '职业类别应为 1–6 的数字',
    numericIdNumber: '证件号码被 Excel 存成了数字，末位已丢失：请把该列设为文本格式后重新填写',
    duplicate: (row) => `与第 ${row} 行的证件号码重复`,
    alreadyListed: '该证件号码已在名单中',
    rowIssue: (issue) => issue.message,
    imported: (n) => `已导入 ${n} 人`,
    failed: (n) => `导入失败：共 ${n} 处错误，未导入任何数据`,
  },
};

const pl: TeamSheetTexts = {
  sheet: 'Lista ubezpieczonych',
  notesSheet: 'Instrukcja',
  exampleMark: 'Przykład',
  exampleName: 'Przykład: Jan Kowalski',
  headers: ['Imię i nazwisko', 'Rodzaj dokumentu', 'Numer dokumentu', 'Telefon', 'Klasa zawodowa'],
  exportHeaders: ['Data urodzenia', 'Płeć', 'Wiek'],
  idTypes: PL_ID_TYPES,
  sex: { male: 'M', female: 'K' },
  idTypeError: (types) => `Wybierz: ${types}`,
  idNumberError: 'Numer dokumentu ma 18 znaków',
  mobileError: 'Numer telefonu ma 11 cyfr',
  classError: (min, max) => `Ubezpieczamy klasy ${min}–${max}`,
  notes: (p) => [
    `${p.productName}: jak wypełnić listę ubezpieczonych`,
    '1. W arkuszu „Lista ubezpieczonych” wpisz jedną osobę w wierszu; wiersz 2 to przykład (wiersze z imieniem zaczynającym się od „Przykład” nie są importowane), możesz go nadpisać lub usunąć.',
    `2. Rodzaj dokumentu: ${p.types}; puste pole oznacza chiński dowód osobisty. Numer dokumentu ma 18 znaków, zostaw format tekstowy.`,
    `3. Wiek ubezpieczonego: ${p.ageMin}–${p.ageMax} lat (w dniu rozpoczęcia ochrony); klasa zawodowa to liczba ${p.classMin}–${p.classMax}.`,
    p.team
      ? `4. Na polisie ${p.team.min}–${p.team.max} osób; każdy numer dokumentu tylko raz.`
      : '4. Każdy numer dokumentu tylko raz.',
    '5. Jeśli choć jeden wiersz zawiera błąd, nic nie zostanie zaimportowane, a błędy zostaną wypisane dla każdego wiersza; popraw je i prześlij plik ponownie.',
  ],
  templateFile: (name) => `${name} - lista ubezpieczonych (szablon).xlsx`,
  exportFile: (name) => `${name} - lista ubezpieczonych.xlsx`,
  report: {
    fields: fieldsOf(['Imię i nazwisko', 'Rodzaj dokumentu', 'Numer dokumentu', 'Telefon', 'Klasa zawodowa']),
    idTypeCell: `Rodzaj dokumentu: ${ID_TYPES.map((t) => PL_ID_TYPES[t]).join(', ')}`,
    classMissing: 'Wpisz klasę zawodową',
    classFormat: 'Klasa zawodowa to liczba od 1 do 6',
    numericIdNumber:
      'Excel zapisał numer dokumentu jako liczbę i obciął ostatnie cyfry: ustaw tekstowy format kolumny i wpisz numer ponownie',
    duplicate: (row) => `Ten sam numer dokumentu co w wierszu ${row}`,
    alreadyListed: 'Ten numer dokumentu jest już na liście',
    rowIssue: (issue) => sentence(issue.message),
    imported: (n) => `Zaimportowano osoby: ${n}`,
    failed: (n) => `Import nieudany: błędy (${n}), nic nie zaimportowano`,
  },
};

export const TEAM_SHEET_TEXTS: Record<Language, TeamSheetTexts> = { 'zh-cn': zh, pl };

/** ID type names of either language → the code (an upload may be a Chinese or a Polish sheet). */
export const ID_TYPE_BY_NAME: ReadonlyMap<string, IdType> = new Map(
  Object.values(TEAM_SHEET_TEXTS).flatMap((texts) =>
    (Object.entries(texts.idTypes) as [IdType, string][]).map(([code, name]) => [name, code]),
  ),
);
