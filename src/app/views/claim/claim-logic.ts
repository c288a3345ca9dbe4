import type { ClaimEvent, ClaimStatus, ClaimType } from '#shared/claims.ts';
import type { PolicyDetail } from '#shared/policies.ts';

/*
 * The claim screens' own rules, kept free of React for the unit tests. Limits mirror
 * src/shared/claims.ts (the tests check they agree); that module is not imported at run time
 * because it carries zod, which the H5's views do not load.
 */

/** CLAIM_FILES_PER_REQUEST: files one upload request may carry. */
export const FILES_PER_REQUEST = 9;
/** CLAIM_FILE_MAX_BYTES: per file, after compression. */
export const FILE_MAX_BYTES = 5 * 1024 * 1024;
/** CLAIM_FILES_MAX: per claim. */
export const FILES_MAX = 20;
export const ACCEPT = 'image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf';

/**
 * The claim type the report form starts on, from the policy's product type
 * (docs/decisions/claim-type-default.md): a 医疗险 claim is usually a hospital stay, a travel
 * claim a delay, an accident (or team accident) claim accident medical costs; anything else 其他.
 * The member can still pick another type.
 */
export function defaultClaimType(productTypeCode: string): ClaimType {
  switch (productTypeCode) {
    case 'medical':
      return 'hospital';
    case 'travel':
      return 'travel_delay';
    case 'accident':
    case 'team':
      return 'accident_medical';
    default:
      return 'other';
  }
}

/** Typed bank account without spaces and dashes (what the server stores). */
export const accountDigits = (text: string) => text.replace(/[\s-]+/g, '');

/** The account as shown once typed: last 4 digits only (maskBankAccount of src/shared/claims.ts). */
export function maskAccount(text: string): string {
  const digits = accountDigits(text);
  if (!digits) return '';
  return digits.length > 4 ? `**** ${digits.slice(-4)}` : '****';
}

export type StepState = 'finish' | 'process' | 'wait' | 'error';
export interface TimelineStep {
  status: ClaimStatus;
  state: StepState;
  at: string | null;
  note: string | null;
  actor: ClaimEvent['actor'] | null;
  text: string | null;
}

/** Where a claim usually goes from each status, when nothing goes wrong. */
const AHEAD: Record<ClaimStatus, ClaimStatus[]> = {
  reported: ['reviewing', 'closed', 'paid'],
  reviewing: ['closed', 'paid'],
  supplement: ['reviewing', 'closed', 'paid'],
  closed: ['paid'],
  rejected: [],
  paid: [],
};

/**
 * The timeline: every recorded step oldest first (by time, then as the server listed them), the
 * newest one as the current step (拒赔 as an error), then the usual steps still ahead, waiting.
 */
export function timelineSteps(events: ClaimEvent[], status: ClaimStatus): TimelineStep[] {
  const done = events
    .map((e, i) => ({ e, i }))
    .sort((a, b) => Date.parse(a.e.createdAt) - Date.parse(b.e.createdAt) || a.i - b.i)
    .map(({ e }): TimelineStep => ({
      status: e.status,
      state: 'finish',
      at: e.createdAt,
      note: e.note,
      actor: e.actor,
      text: e.statusText,
    }));
  const last = done.at(-1);
  if (last) last.state = last.status === 'rejected' ? 'error' : last.status === 'paid' ? 'finish' : 'process';
  const ahead = AHEAD[status].map((s): TimelineStep => ({
    status: s,
    state: 'wait',
    at: null,
    note: null,
    actor: null,
    text: null,
  }));
  return [...done, ...ahead];
}

/** A finished claim: the member may rate it (RATEABLE_CLAIM_STATUSES of src/shared/feedback.ts). */
export const RATEABLE: readonly ClaimStatus[] = ['closed', 'rejected', 'paid'];

/** What the client can tell before sending: a wrong type or an empty file (size is judged after compression). */
export function fileKind(file: File): 'image' | 'pdf' | null {
  const name = file.name.toLowerCase();
  if (file.type === 'image/jpeg' || file.type === 'image/png' || /\.(jpe?g|png)$/.test(name)) return 'image';
  if (file.type === 'application/pdf' || name.endsWith('.pdf')) return 'pdf';
  return null;
}

/**
 * Photos are compressed in the browser (browser-image-compression, loaded only when a photo is
 * picked) to at most 1 MB and 2048 px; PDFs go as they are. A failed or larger result keeps the original.
 */
export async function compressForUpload(file: File): Promise<File> {
  if (fileKind(file) !== 'image') return file;
  try {
    const { default: imageCompression } = await import('browser-image-compression');
    const out = await imageCompression(file, {
      maxSizeMB: 1,
      maxWidthOrHeight: 2048,
      useWebWorker: false,
      fileType: file.type || undefined,
    });
    if (out.size >= file.size) return file;
    return new File([out], file.name, { type: out.type || file.type, lastModified: file.lastModified });
  } catch {
    return file;
  }
}

/** Files in groups the upload call takes. */
export function inBatches<T>(items: T[], size = FILES_PER_REQUEST): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The most the claim may ask for: the limit of the cover that answers the chosen type, or the sum of
 * every cover when none names it (其他) or no type is chosen yet. The server holds the same limit.
 */
export function claimLimitOf(
  policy: Pick<PolicyDetail, 'claimLimitsFen' | 'totalSumInsuredFen'>,
  type: ClaimType | undefined,
): number {
  return (type && policy.claimLimitsFen[type]) ?? policy.totalSumInsuredFen;
}
