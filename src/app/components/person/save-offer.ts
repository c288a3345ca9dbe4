import { maskIdNumber } from '#shared/identity.ts';
import type { Relation } from '#shared/orders.ts';
import type { Person, PersonInput, PersonKind } from '#shared/persons.ts';
import { sessionStore } from '../../lib/web-storage.ts';

/**
 * After a purchase, the H5 offers to keep its applicant and insured person as saved persons. The
 * order answers only masked ID numbers, so the buy flow leaves the persons it submitted here, in
 * sessionStorage under one key for one order, until the paid result's offer is answered (or the tab
 * closes). Nothing is saved without the member ticking the consent.
 */

const KEY = 'insure.saveOffer';

export interface OfferedPerson {
  kind: PersonKind;
  name: string;
  idNumber: string;
  mobile: string;
  relation?: Relation;
}

interface Stash {
  orderId: number;
  persons: OfferedPerson[];
}

interface FlowPerson {
  name: string;
  idNumber: string;
  mobile: string;
  relation?: Relation;
}

/** The persons of an individual purchase: its applicant, and its insured person (本人 = the applicant). */
export function offeredPersons(applicant: FlowPerson | null, insured: FlowPerson | null): OfferedPerson[] {
  const out: OfferedPerson[] = [];
  if (applicant)
    out.push({ kind: 'applicant', name: applicant.name, idNumber: applicant.idNumber, mobile: applicant.mobile });
  if (insured) {
    const self = insured.relation === 'self' || !insured.relation;
    const who = self && applicant ? applicant : insured;
    out.push({
      kind: 'insured',
      name: who.name,
      idNumber: who.idNumber,
      mobile: who.mobile ?? '',
      relation: insured.relation ?? 'self',
    });
  }
  return out;
}

export function rememberPurchasePersons(orderId: number, persons: OfferedPerson[]): void {
  // Storage full or blocked: no offer.
  if (persons.length > 0) sessionStore.setJson(KEY, { orderId, persons } satisfies Stash);
}

/** The persons submitted with this order, if this tab still holds them. */
export function purchasePersons(orderId: number): OfferedPerson[] {
  const stash = sessionStore.getJson(KEY) as Stash | null;
  return stash && stash.orderId === orderId && Array.isArray(stash.persons) ? stash.persons : [];
}

export function forgetPurchasePersons(): void {
  sessionStore.removeItem(KEY);
}

/** Those not saved yet: a saved one of the same kind shows the same name and masked ID number. */
export function notSavedYet(persons: OfferedPerson[], saved: Person[]): OfferedPerson[] {
  return persons.filter(
    (p) => !saved.some((s) => s.kind === p.kind && s.name === p.name && s.idNumber === maskIdNumber(p.idNumber)),
  );
}

/** What `POST /persons` gets for an offered person, with the consent the member ticked. */
export function toSaveInput(p: OfferedPerson): PersonInput {
  return {
    kind: p.kind,
    name: p.name,
    idType: 'id_card',
    idNumber: p.idNumber,
    mobile: p.mobile,
    relation: p.kind === 'insured' ? (p.relation ?? 'self') : undefined,
    consent: true,
  };
}
