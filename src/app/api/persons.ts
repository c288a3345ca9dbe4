import type { Person, PersonInput, PersonKind, PersonList, PersonSaved } from '#shared/persons.ts';
import { unwrap } from './client.ts';
import { issuesClient, withIssues } from './field-issues.ts';

/*
 * Saved persons (常用投保人 / 常用被保人, src/shared/persons.ts). Lists come masked; `getPerson`
 * gives the owner's whole record, to fill the buy-now form. Refusals come back as IssuesError.
 */

const PERSONS = 'app-api/v1/persons';

export function listPersons(kind: PersonKind): Promise<PersonList> {
  return unwrap<PersonList>(issuesClient.get(PERSONS, { searchParams: { kind } }));
}

export function getPerson(id: number): Promise<Person> {
  return unwrap<Person>(issuesClient.get(`${PERSONS}/${id}`));
}

/** Creates, or updates the saved one with the same ID number. */
export function savePerson(input: PersonInput): Promise<PersonSaved> {
  return withIssues((context) => unwrap<PersonSaved>(issuesClient.post(PERSONS, { json: input, context })));
}

/** Edits one of the member's saved persons (its kind stays). */
export function updatePerson(id: number, input: PersonInput): Promise<PersonSaved> {
  return withIssues((context) => unwrap<PersonSaved>(issuesClient.put(`${PERSONS}/${id}`, { json: input, context })));
}

export async function deletePerson(id: number): Promise<void> {
  await unwrap<null>(issuesClient.delete(`${PERSONS}/${id}`));
}
