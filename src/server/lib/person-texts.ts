import type { Language } from '#shared/constants.ts';
import { ID_TYPE_LABELS, RELATION_LABELS, SEX_LABELS, type IdType, type Relation } from '#shared/orders.ts';

/**
 * Names of a person's ID type, relation to the applicant and sex in the reader's language, shared by
 * every server-made document (e-policy, voucher, purchase record): one translation, not one per PDF.
 * Unknown codes are shown as they are stored.
 */
export interface PersonTexts {
  idType: (type: string) => string;
  relation: (relation: string | null) => string;
  sex: (sex: string) => string;
}

/** Also the team template's drop-down list, so without commas (Excel's list separator). */
export const PL_ID_TYPES: Record<IdType, string> = {
  id_card: 'Chiński dowód osobisty',
  hmt_residence: 'Karta pobytu mieszkańca HK/Makau/Tajwanu',
  foreign_permanent: 'Karta stałego pobytu cudzoziemca',
};
const PL_RELATIONS: Record<Relation, string> = {
  self: 'Ja',
  spouse: 'Małżonek',
  child: 'Dziecko',
  parent: 'Rodzic',
  other: 'Inna',
};
const PL_SEXES: Record<keyof typeof SEX_LABELS, string> = { male: 'Mężczyzna', female: 'Kobieta' };

const lookup = (names: Record<string, string>) => (code: string) => names[code] ?? code;

export const PERSON_TEXTS: Record<Language, PersonTexts> = {
  'zh-cn': {
    idType: lookup(ID_TYPE_LABELS),
    relation: (relation) => (relation ? lookup(RELATION_LABELS)(relation) : ''),
    sex: lookup(SEX_LABELS),
  },
  pl: {
    idType: lookup(PL_ID_TYPES),
    relation: (relation) => (relation ? lookup(PL_RELATIONS)(relation) : ''),
    sex: lookup(PL_SEXES),
  },
};
