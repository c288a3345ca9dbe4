import { maskIdNumber, maskMobile } from '#shared/identity.ts';
import type { Person } from '#shared/persons.ts';
import type { SavedPersonRow } from './repository.ts';

/** The owner's whole record (fills the buy-now form). */
export function wholePerson(row: SavedPersonRow): Person {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    idType: row.idType,
    idNumber: row.idNumber,
    birthDate: row.birthDate,
    sex: row.sex,
    mobile: row.mobile,
    email: row.email,
    relation: row.relation,
    consentAt: row.consentAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What lists and save answers show: ID number and mobile masked (docs/decisions/insurance-rules.md). */
export function maskedPerson(row: SavedPersonRow): Person {
  const whole = wholePerson(row);
  return { ...whole, idNumber: maskIdNumber(row.idNumber), mobile: row.mobile ? maskMobile(row.mobile) : null };
}
