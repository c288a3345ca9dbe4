import { DEFAULT_LANGUAGE, type Language } from '#shared/constants.ts';
import { formatYuan } from '#shared/money.ts';
import { isTextKey } from '../../lib/texts/catalogue.ts';
import { renderPhrase, renderText, type TextValue } from '../../lib/texts/render.ts';
import type { LocalizedText } from '../catalogue/localize.ts';

/**
 * Internal messages as templates (docs/decisions/server-texts-by-key.md): a message is stored as a
 * template with its parameters and rendered when read, in the reader's language, from the keys
 * `message.<template>.title` and `.body` of the text catalogues. The rendered Chinese is stored as
 * well (title, body), for rows of unknown templates and for anything reading the table directly.
 * Amounts are fen (`…Fen`, written as ¥ in the argument without the suffix), dates Beijing dates or
 * minutes already formatted, names of things a text per language (LocalizedText), flags booleans
 * (an ICU select on `true`).
 */

export type MessageParam = string | number | boolean | null | LocalizedText;
export type MessageParams = Record<string, MessageParam>;

export interface RenderedMessage {
  title: string;
  body: string;
}

const MESSAGE_TEMPLATES = [
  'order.submitted',
  'order.paid',
  'policy.surrendered',
  'policy.cancelledBeforeStart',
  'cooling_off_ending',
  'renewal_due',
  'added_renewal_due',
  'added_premium_due',
  'refund.succeeded',
  'refund.failed',
  'claim.reported',
  'claim.resubmitted',
  'claim.reviewing',
  'claim.supplement',
  'claim.closed',
  'claim.rejected',
  'claim.paid',
] as const;

export type MessageTemplate = (typeof MESSAGE_TEMPLATES)[number];

export function isMessageTemplate(key: string | null): key is MessageTemplate {
  return (MESSAGE_TEMPLATES as readonly (string | null)[]).includes(key);
}

/** A staff note as a sentence of its own, ending with a full stop (empty without a note). */
function noteOf(note: string): TextValue {
  if (!note) return '';
  const ended = /[。！？.!?]$/.test(note);
  return (language: Language) =>
    renderText(language, 'message.note', { note: ended ? note : note + renderText(language, 'message.fullStop') });
}

function valueOf(value: MessageParam): TextValue {
  if (value === null) return '';
  if (typeof value === 'object') return value[DEFAULT_LANGUAGE] ? (value as Record<Language, string>) : '';
  return String(value);
}

/** Every argument of the templates' messages: a row stored without one reads it as empty. */
const ARGUMENTS = [
  'orderNo', 'product', 'plan', 'premium', 'deadline', 'policyNo', 'startDate', 'endDate', 'endDay', 'refund',
  'until', 'days', 'claimNo', 'claimType', 'insured', 'incidentDate', 'accountTail', 'paid', 'bank', 'insurer',
  'dueDate',
] as const; // prettier-ignore

/** The stored parameters as the arguments of the template's messages. */
function argumentsOf(params: MessageParams): Record<string, TextValue> {
  const values: Record<string, TextValue> = Object.fromEntries(ARGUMENTS.map((name) => [name, '']));
  for (const [name, value] of Object.entries(params)) {
    if (name.endsWith('Fen')) values[name.slice(0, -3)] = formatYuan(Number(value ?? 0));
    else values[name] = valueOf(value);
  }
  const claimType = `claimType.${String(params.claimType)}`;
  if (params.claimType !== undefined) values.claimType = isTextKey(claimType) ? claimType : String(params.claimType);
  values.note = noteOf(typeof params.note === 'string' ? params.note.trim() : '');
  values.active = params.active === true ? 'true' : 'false';
  return values;
}

export function renderMessage(template: MessageTemplate, params: MessageParams, language: Language): RenderedMessage {
  const values = argumentsOf(params);
  return {
    title: renderPhrase(language, { key: `message.${template}.title`, values }),
    body: renderPhrase(language, { key: `message.${template}.body`, values }),
  };
}
