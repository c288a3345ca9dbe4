import type { FastifyRequest } from 'fastify';
import {
  GRANT_REQUIRED_FIELDS,
  GRANT_STAND_IN_FIELDS,
  isGrantType,
  TokenRequestSchema,
  type GrantType,
  type TokenField,
  type TokenRequest,
} from '#shared/auth.ts';
import { AppError } from '../../lib/app-error.ts';
import { fieldsSummary, zodIssueTexts } from '../../lib/texts/issues.ts';
import { phrase } from '../../lib/texts/render.ts';

const FORM_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded'];

export interface ParsedTokenRequest {
  grant: GrantType;
  fields: TokenRequest;
}

function missing(fields: string[]): never {
  throw new AppError(
    'A0410',
    fieldsSummary('A0410', fields),
    fields.map((field) => ({ field, message: 'field.required' })),
  );
}

/**
 * The token call's form: multipart or urlencoded only (415 otherwise), every field a single
 * string (400), then grant_type (A0410 / A0241) and the fields that grant needs (A0410 naming them).
 */
export function parseTokenRequest(request: FastifyRequest): ParsedTokenRequest {
  const body = request.body;
  const contentType = String(request.headers['content-type'] ?? '').toLowerCase();
  if (body === undefined || body === null) {
    if (contentType && !FORM_TYPES.some((t) => contentType.startsWith(t))) throw new AppError('A0415');
    missing(['grant_type']);
  }
  if (!FORM_TYPES.some((t) => contentType.startsWith(t)))
    throw new AppError('A0415', phrase('request.useFormEncoding', { message: 'error.A0415' }));
  const parsed = TokenRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issues = zodIssueTexts(parsed.error.issues).map((i) => ({ ...i, field: i.field || 'body' }));
    throw new AppError(
      'A0400',
      fieldsSummary(
        'A0400',
        issues.map((i) => i.field),
      ),
      issues,
    );
  }
  const fields = parsed.data;
  if (!fields.grant_type) missing(['grant_type']);
  if (!isGrantType(fields.grant_type)) throw new AppError('A0241');
  const given = (name: TokenField) =>
    fields[name] !== undefined && (name === 'password' || fields[name]!.trim() !== '');
  const standIns = GRANT_STAND_IN_FIELDS[fields.grant_type] ?? {};
  const absent = GRANT_REQUIRED_FIELDS[fields.grant_type].filter((name) => {
    const standIn = standIns[name];
    return !given(name) && !(standIn && given(standIn));
  });
  if (absent.length) missing(absent);
  return { grant: fields.grant_type, fields };
}
