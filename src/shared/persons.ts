import { z } from 'zod';
import { text } from './text.ts';
import { MOBILE_PATTERN } from './constants.ts';
import { normalizeIdNumber } from './identity.ts';
import { ID_TYPES, idDocumentProblem, NAME_PATTERN, RELATIONS } from './orders.ts';

/**
 * Saved persons (常用投保人 / 常用被保人): a member keeps the people they buy for, so the buy-now
 * form can be filled from them. De-duplicated by ID number per member and kind. Lists mask the ID
 * number and mobile; only `GET /persons/{id}` gives the owner the whole record. Every path is under
 * `/prod-api/app-api/v1`.
 */

export const PERSON_KINDS = ['applicant', 'insured'] as const;
export type PersonKind = (typeof PERSON_KINDS)[number];

/** Per member and kind: enough for a family, small enough that a list never needs paging. */
export const PERSONS_MAX_PER_KIND = 50;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** The request of `POST /persons` and `PUT /persons/{id}`. */
export const PersonInputSchema = z
  .object({
    kind: z.enum(PERSON_KINDS, 'person.kind'),
    name: text().trim().regex(NAME_PATTERN, 'field.nameFormat'),
    idType: z.enum(ID_TYPES, 'field.idTypeInvalid').default('id_card'),
    idNumber: text().transform(normalizeIdNumber),
    mobile: z.preprocess(blankToUndefined, text().trim().regex(MOBILE_PATTERN, 'field.mobileFormat').optional()),
    email: z.preprocess(blankToUndefined, text().trim().max(100).regex(EMAIL_PATTERN, 'field.emailFormat').optional()),
    relation: z.preprocess(blankToUndefined, z.enum(RELATIONS, 'field.relationInvalid').optional()),
    /** The member agrees that the ID number and contact details are kept (个人敏感信息). */
    consent: z.boolean('person.consent').refine((v) => v, 'person.consent'),
  })
  .superRefine((p, ctx) => {
    const problem = idDocumentProblem(p.idType, p.idNumber);
    if (problem) ctx.addIssue({ code: 'custom', path: ['idNumber'], ...problem });
    if (p.kind === 'applicant' && !p.mobile)
      ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'person.applicantMobile' });
    if (p.kind === 'insured' && !p.relation)
      ctx.addIssue({ code: 'custom', path: ['relation'], message: 'person.relationRequired' });
  });
export type PersonInput = z.input<typeof PersonInputSchema>;
export type PersonValues = z.output<typeof PersonInputSchema>;

export const PersonListQuerySchema = z.object({ kind: z.enum(PERSON_KINDS, 'person.kind') });

/** One saved person; in lists `idNumber` and `mobile` are masked. */
export const PersonSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PERSON_KINDS),
  name: text(),
  idType: z.enum(ID_TYPES),
  idNumber: text(),
  birthDate: text(),
  sex: z.enum(['male', 'female']),
  mobile: text().nullable(),
  email: text().nullable(),
  relation: z.enum(RELATIONS).nullable(),
  consentAt: text(),
  updatedAt: text(),
});
export type Person = z.infer<typeof PersonSchema>;

export const PersonListSchema = z.object({
  list: z.array(PersonSchema),
  total: z.number().int(),
  max: z.number().int(),
});
export type PersonList = z.infer<typeof PersonListSchema>;

export const PersonSavedSchema = z.object({ person: PersonSchema, created: z.boolean() });
export type PersonSaved = z.infer<typeof PersonSavedSchema>;
