import type { Language } from '#shared/constants.ts';
import { isTextKey } from './texts/catalogue.ts';
import { renderPhrase, type PlainTextKey } from './texts/render.ts';

/**
 * Names of a person's ID type, relation to the applicant and sex in the reader's language, shared by
 * every server-made document (e-policy, voucher, purchase record): keys `idType.*`, `relation.*` and
 * `sex.*` of the text catalogue (docs/decisions/server-texts-by-key.md). Unknown codes are shown as
 * they are stored.
 */
export interface PersonTexts {
  idType: (type: string) => string;
  relation: (relation: string | null) => string;
  sex: (sex: string) => string;
}

/** The name of a code in `language` (`idType.id_card`), or the code itself when the catalogue has none. */
function nameOf(language: Language, key: string, code: string): string {
  return isTextKey(key) ? renderPhrase(language, key as PlainTextKey) : code;
}

export function personTexts(language: Language): PersonTexts {
  return {
    idType: (type) => nameOf(language, `idType.${type}`, type),
    relation: (relation) => (relation ? nameOf(language, `relation.${relation}`, relation) : ''),
    sex: (sex) => nameOf(language, `sex.${sex}`, sex),
  };
}
