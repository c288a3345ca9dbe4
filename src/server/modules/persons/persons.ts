import { PERSONS_MAX_PER_KIND, type PersonSaved, type PersonValues } from '#shared/persons.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { maskedPerson } from './present.ts';
import { countPersons, findByIdNumber, findPerson, updatePerson, upsertPerson } from './repository.ts';
import { phrase } from '../../lib/texts/render.ts';

export const personNotFound = () => new AppError('A0404', 'persons.notFound');

const limitReached = (values: PersonValues) =>
  new AppError('A0400', phrase('persons.limit', { kind: `personKind.${values.kind}`, max: PERSONS_MAX_PER_KIND }), [
    { field: 'kind', message: 'persons.limitField' },
  ]);

/** Saves a new person or, when the ID number is already saved for this kind, updates that one. */
export async function savePerson(db: Db, memberId: number, values: PersonValues): Promise<PersonSaved> {
  const existing = await findByIdNumber(db, memberId, values.kind, values.idNumber);
  if (!existing && (await countPersons(db, memberId, values.kind)) >= PERSONS_MAX_PER_KIND) throw limitReached(values);
  const row = await upsertPerson(db, memberId, values);
  return { person: maskedPerson(row), created: !existing };
}

/** Edits one of the member's records; its kind stays, and its new ID number must not be another saved one's. */
export async function editPerson(db: Db, memberId: number, id: number, values: PersonValues): Promise<PersonSaved> {
  const current = await findPerson(db, memberId, id);
  if (!current) throw personNotFound();
  if (values.kind !== current.kind)
    throw new AppError('A0400', 'persons.kindFixed', [{ field: 'kind', message: 'persons.kindFixedField' }]);
  if (await findByIdNumber(db, memberId, values.kind, values.idNumber, id)) {
    throw new AppError('A0400', 'persons.idSavedAsOther', [{ field: 'idNumber', message: 'persons.idSavedField' }]);
  }
  const row = await updatePerson(db, memberId, id, values);
  if (!row) throw personNotFound();
  return { person: maskedPerson(row), created: false };
}
