import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { orders, policies } from '../db/schema.ts';
import type { TestContext } from './helper.ts';

/** Helpers of the policy tests: moving a policy into the past, reading its PDFs. */

const DAY_MS = 86_400_000;

/**
 * Moves a policy (and its order) `days` into the past: cover window, issue and payment time. What
 * a policy bought that many days ago looks like, without waiting.
 */
export async function backdate(
  ctx: TestContext,
  policyId: number,
  days: number,
  opts: { issue?: boolean; cover?: boolean } = { issue: true, cover: true },
): Promise<void> {
  const db = ctx.database.db;
  const [p] = await db.select().from(policies).where(eq(policies.id, policyId));
  const shift = (d: Date) => new Date(d.getTime() - days * DAY_MS);
  const shiftDay = (s: string) => new Date(Date.parse(`${s}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
  await db
    .update(policies)
    .set({
      ...(opts.issue ? { issuedAt: shift(p.issuedAt) } : {}),
      ...(opts.cover
        ? {
            startDate: shiftDay(p.startDate),
            endDate: shiftDay(p.endDate),
            effectiveAt: shift(p.effectiveAt),
            expiresAt: shift(p.expiresAt),
          }
        : {}),
    })
    .where(eq(policies.id, policyId));
  if (opts.cover) {
    const [o] = await db.select().from(orders).where(eq(orders.id, p.orderId));
    await db
      .update(orders)
      .set({ startDate: shiftDay(o.startDate), endDate: shiftDay(o.endDate) })
      .where(eq(orders.id, p.orderId));
  }
}

/** The text of a PDF, as poppler's pdftotext reads it (so the font really is embedded and mapped). */
export async function pdfText(bytes: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'policy-pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    await writeFile(file, bytes);
    const { stdout } = await promisify(execFile)('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], {
      encoding: 'utf8',
    });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
