import type { IdType, Relation } from '#shared/orders.ts';
import type { Person, PersonInput, PersonKind } from '#shared/persons.ts';

/** The ID types a saved person may have: the three the buy form (src/shared/orders.ts) accepts. */
export const SAVED_ID_TYPES = ['id_card', 'hmt_residence', 'foreign_permanent'] as const satisfies readonly IdType[];

/** antd-mobile's Selector and Picker give arrays; the form may also hold a plain string. */
export type RelationValue = Relation | Relation[] | undefined;
export type IdTypeValue = IdType | IdType[] | undefined;

export interface PersonFormValues {
  name: string;
  idType?: IdTypeValue;
  idNumber: string;
  mobile?: string;
  email?: string;
  relation?: RelationValue;
  consent?: boolean;
}

/** The one value of a single-choice Selector/Picker, whether it came as an array or not. */
export function single<T extends string>(value: T | T[] | undefined | null): T | undefined {
  if (Array.isArray(value)) return value[0];
  return value ?? undefined;
}

/** What `POST /persons` and `PUT /persons/{id}` get: strings only, empty optional fields as ''. */
export function toPersonInput(kind: PersonKind, values: PersonFormValues): PersonInput {
  return {
    kind,
    name: (values.name ?? '').trim(),
    idType: single(values.idType) ?? 'id_card',
    idNumber: values.idNumber ?? '',
    mobile: (values.mobile ?? '').trim(),
    email: (values.email ?? '').trim(),
    relation: kind === 'insured' ? single(values.relation) : undefined,
    consent: values.consent === true,
  };
}

/** The edit form's starting values from the owner's whole record (Selectors want arrays). */
export function toFormValues(person: Person): PersonFormValues {
  return {
    name: person.name,
    idType: [person.idType],
    idNumber: person.idNumber,
    mobile: person.mobile ?? '',
    email: person.email ?? '',
    relation: person.relation ? [person.relation] : undefined,
    consent: false,
  };
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The buy form's email rule: optional, at most 100 characters, one @ and a dot after it. */
export function isValidEmail(value: string): boolean {
  const v = value.trim();
  return v.length <= 100 && EMAIL_PATTERN.test(v);
}
