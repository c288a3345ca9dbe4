import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PolicyStatus } from '#shared/orders.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  claims,
  members,
  orderPersons,
  orders,
  policies,
  policyInsureds,
  products,
  productTypes,
  productVersions,
  purchaseEvents,
} from '../../db/schema.ts';

/** Policy reads for their owner, and the surrender's writes. Drizzle queries only. */

export type PolicyRow = typeof policies.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type PersonRow = typeof orderPersons.$inferSelect;
export interface PolicyWithOrder {
  policy: PolicyRow;
  order: OrderRow;
}
/** An insured person of a policy with their voucher. */
export interface InsuredRow {
  id: number;
  voucherNo: string;
  sort: number;
  person: PersonRow;
}

/** `%`, `_` and `\` typed by a user match themselves. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The status a policy has at `now` (policyStatusOf in SQL; surrender wins). */
function statusCondition(status: PolicyStatus, now: Date): SQL | undefined {
  switch (status) {
    case 'surrendered':
      return isNotNull(policies.surrenderedAt);
    case 'pending':
      return and(isNull(policies.surrenderedAt), gt(policies.effectiveAt, now));
    case 'active':
      return and(isNull(policies.surrenderedAt), lte(policies.effectiveAt, now), gt(policies.expiresAt, now));
    case 'expired':
      return and(isNull(policies.surrenderedAt), lte(policies.expiresAt, now));
  }
}

export async function listPolicies(
  db: Db,
  memberId: number,
  q: { status?: PolicyStatus; keyword?: string; page: number; pageSize: number },
  now: Date,
) {
  const pattern = q.keyword ? likePattern(q.keyword) : undefined;
  const insuredNamed = pattern
    ? exists(
        db
          .select({ one: sql`1` })
          .from(policyInsureds)
          .innerJoin(orderPersons, eq(orderPersons.id, policyInsureds.orderPersonId))
          .where(and(eq(policyInsureds.policyId, policies.id), ilike(orderPersons.name, pattern))),
      )
    : undefined;
  const where = and(
    eq(policies.memberId, memberId),
    q.status ? statusCondition(q.status, now) : undefined,
    pattern ? or(ilike(policies.policyNo, pattern), ilike(policies.productName, pattern), insuredNamed) : undefined,
  );
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(policies).where(where),
    db
      .select({ policy: policies, order: orders })
      .from(policies)
      .innerJoin(orders, eq(orders.id, policies.orderId))
      .where(where)
      .orderBy(desc(policies.issuedAt), desc(policies.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
  ]);
  return { total: Number(total), rows };
}

export async function listUnpaidOrders(
  db: Db,
  memberId: number,
  q: { keyword?: string; page: number; pageSize: number },
) {
  const pattern = q.keyword ? likePattern(q.keyword) : undefined;
  const insuredNamed = pattern
    ? exists(
        db
          .select({ one: sql`1` })
          .from(orderPersons)
          .where(
            and(
              eq(orderPersons.orderId, orders.id),
              eq(orderPersons.role, 'insured'),
              ilike(orderPersons.name, pattern),
            ),
          ),
      )
    : undefined;
  const where = and(
    eq(orders.memberId, memberId),
    eq(orders.status, 'unpaid'),
    pattern ? or(ilike(orders.orderNo, pattern), ilike(orders.productName, pattern), insuredNamed) : undefined,
  );
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(orders).where(where),
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
  ]);
  return { total: Number(total), rows };
}

/** Applicants and the first `perOrder` insured persons of some orders, for list items. */
export async function previewPersons(db: Db, orderIds: number[], perOrder: number): Promise<PersonRow[]> {
  if (!orderIds.length) return [];
  return db
    .select()
    .from(orderPersons)
    .where(
      and(
        inArray(orderPersons.orderId, orderIds),
        or(eq(orderPersons.role, 'applicant'), sql`${orderPersons.sort} < ${perOrder}`),
      ),
    )
    .orderBy(asc(orderPersons.orderId), asc(orderPersons.role), asc(orderPersons.sort));
}

/** The member's policy with its order, or null for anyone else's (the answer never tells them apart). */
export async function findOwnPolicy(db: Db | Tx, memberId: number, id: number): Promise<PolicyWithOrder | null> {
  const [row] = await db
    .select({ policy: policies, order: orders })
    .from(policies)
    .innerJoin(orders, eq(orders.id, policies.orderId))
    .where(and(eq(policies.id, id), eq(policies.memberId, memberId)));
  return row ?? null;
}

/** Locks the member's policy row until the transaction ends: one surrender at a time. */
export async function lockOwnPolicy(tx: Tx, memberId: number, id: number): Promise<PolicyWithOrder | null> {
  const [row] = await tx
    .select({ policy: policies, order: orders })
    .from(policies)
    .innerJoin(orders, eq(orders.id, policies.orderId))
    .where(and(eq(policies.id, id), eq(policies.memberId, memberId)))
    .for('update', { of: policies });
  return row ?? null;
}

/** The type code of the product a policy was bought from (products are never deleted). */
export async function productTypeCodeOf(db: Db, productId: number): Promise<string> {
  const [row] = await db
    .select({ code: productTypes.code })
    .from(products)
    .innerJoin(productTypes, eq(productTypes.id, products.typeId))
    .where(eq(products.id, productId));
  return row?.code ?? '';
}

/** Whether a product version is renewable (its content's `renewable`; absent: not). */
export async function versionRenewable(db: Db, versionId: number): Promise<boolean> {
  const [row] = await db
    .select({ renewable: sql<boolean | null>`(${productVersions.content}->>'renewable')::boolean` })
    .from(productVersions)
    .where(eq(productVersions.id, versionId));
  return row?.renewable === true;
}

export async function applicantOf(db: Db, orderId: number): Promise<PersonRow | null> {
  const [row] = await db
    .select()
    .from(orderPersons)
    .where(and(eq(orderPersons.orderId, orderId), eq(orderPersons.role, 'applicant')));
  return row ?? null;
}

export async function insuredOf(db: Db, policyId: number): Promise<InsuredRow[]> {
  return db
    .select({
      id: policyInsureds.id,
      voucherNo: policyInsureds.voucherNo,
      sort: policyInsureds.sort,
      person: orderPersons,
    })
    .from(policyInsureds)
    .innerJoin(orderPersons, eq(orderPersons.id, policyInsureds.orderPersonId))
    .where(eq(policyInsureds.policyId, policyId))
    .orderBy(asc(policyInsureds.sort));
}

/** A voucher (one insured person) of the member's policies, with its policy and order. */
export async function findOwnVoucher(
  db: Db,
  memberId: number,
  voucherId: number,
): Promise<(PolicyWithOrder & { insured: InsuredRow }) | null> {
  const [row] = await db
    .select({
      policy: policies,
      order: orders,
      id: policyInsureds.id,
      voucherNo: policyInsureds.voucherNo,
      sort: policyInsureds.sort,
      person: orderPersons,
    })
    .from(policyInsureds)
    .innerJoin(policies, eq(policies.id, policyInsureds.policyId))
    .innerJoin(orders, eq(orders.id, policies.orderId))
    .innerJoin(orderPersons, eq(orderPersons.id, policyInsureds.orderPersonId))
    .where(and(eq(policyInsureds.id, voucherId), eq(policies.memberId, memberId)));
  if (!row) return null;
  const { policy, order, id, voucherNo, sort, person } = row;
  return { policy, order, insured: { id, voucherNo, sort, person } };
}

/** The purchase trail of an order, oldest first (docs/decisions/purchase-trail.md). */
export async function orderTrail(db: Db, orderId: number) {
  return db
    .select({
      type: purchaseEvents.type,
      versionId: purchaseEvents.versionId,
      document: purchaseEvents.document,
      detail: purchaseEvents.detail,
      createdAt: purchaseEvents.createdAt,
    })
    .from(purchaseEvents)
    .where(eq(purchaseEvents.orderId, orderId))
    .orderBy(asc(purchaseEvents.createdAt), asc(purchaseEvents.id));
}

/** Product versions by id: their number, publication and content (versions are never changed). */
export async function versionsById(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: productVersions.id,
      version: productVersions.version,
      publishedAt: productVersions.publishedAt,
      content: productVersions.content,
    })
    .from(productVersions)
    .where(inArray(productVersions.id, [...new Set(ids)]));
}

/** The sign-in consent the member row holds today (the latest one given). */
export async function memberConsent(db: Db, memberId: number) {
  const [row] = await db
    .select({ at: members.consentAt, terms: members.termsVersion, privacy: members.privacyVersion })
    .from(members)
    .where(eq(members.id, memberId));
  return row ?? null;
}

/** Claims that still stand on a policy (anything but 拒赔): a surrender would void them. */
export async function standingClaims(db: Db | Tx, policyId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(claims)
    .where(and(eq(claims.policyId, policyId), ne(claims.status, 'rejected')));
  return Number(row.n);
}

export async function markSurrendered(
  tx: Tx,
  p: {
    policyId: number;
    orderId: number;
    at: Date;
    reason: string;
    refund: { no: string; id: string; status: string; fen: number };
  },
): Promise<void> {
  await tx.update(policies).set({ surrenderedAt: p.at, surrenderReason: p.reason }).where(eq(policies.id, p.policyId));
  await tx
    .update(orders)
    .set({
      refundNo: p.refund.no,
      refundId: p.refund.id,
      refundStatus: p.refund.status,
      refundFen: p.refund.fen,
      // Money is back only when WeChat Pay says SUCCESS; a PROCESSING refund gets its time from refund-follow-up.ts.
      refundedAt: p.refund.status === 'SUCCESS' ? p.at : null,
      updatedAt: p.at,
    })
    .where(eq(orders.id, p.orderId));
}
