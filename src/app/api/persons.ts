import type { Person, PersonInput, PersonKind, PersonList, PersonSaved } from '#shared/persons.ts';
import * as paths from '#shared/api-paths.ts';
import { unwrap } from './client.ts';
import { issuesClient, withIssues } from './field-issues.ts';

/*
 * Saved persons (常用投保人 / 常用被保人, src/shared/persons.ts). Lists come masked; `getPerson`
 * gives the owner's whole record, to fill the buy-now form. Refusals come back as IssuesError.
 */

export function listPersons(kind: PersonKind): Promise<PersonList> {
  return unwrap<PersonList>(issuesClient.get(paths.persons.list(), { searchParams: { kind } }));
}

export function getPerson(id: number): Promise<Person> {
  return unwrap<Person>(issuesClient.get(paths.persons.detail({ id })));
}

/** Creates, or updates the saved one with the same ID number. */
export function savePerson(input: PersonInput): Promise<PersonSaved> {
  return withIssues((context) =>
    unwrap<PersonSaved>(issuesClient.post(paths.persons.list(), { json: input, context })),
  );
}

/** Edits one of the member's saved persons (its kind stays). */
export function updatePerson(id: number, input: PersonInput): Promise<PersonSaved> {
  return withIssues((context) =>
    unwrap<PersonSaved>(issuesClient.put(paths.persons.detail({ id }), { json: input, context })),
  );
}

export async function deletePerson(id: number): Promise<void> {
  await unwrap<null>(issuesClient.delete(paths.persons.detail({ id })));
}
