import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ProductContent } from '#shared/catalogue.ts';
import type { CheckupCategory } from '#shared/checkup.ts';
import type { Db } from '../../db/client.ts';
import {
  addedPolicies,
  addedPolicyInsureds,
  orderPersons,
  orders,
  policies,
  policyInsureds,
  products,
  productTypes,
  productVersions,
  savedPersons,
} from '../../db/schema.ts';

/** The check-up's queries; every one scoped to the member (docs/decisions/family-cover-check-up.md). */

export type SavedPersonRow = typeof savedPersons.$inferSelect;

/** The member's 常用被保人 (oldest first, the order they were added) and their newest 常用投保人. */
export async function checkupPersons(
  db: Db,
  memberId: number,
): Promise<{ insured: SavedPersonRow[]; applicant: SavedPersonRow | null }> {
  const [insured, [applicant]] = await Promise.all([
    db
      .select()
      .from(savedPersons)
      .where(and(eq(savedPersons.memberId, memberId), eq(savedPersons.kind, 'insured')))
      .orderBy(asc(savedPersons.createdAt), asc(savedPersons.id)),
    db
      .select()
      .from(savedPersons)
      .where(and(eq(savedPersons.memberId, memberId), eq(savedPersons.kind, 'applicant')))
      .orderBy(desc(savedPersons.updatedAt), desc(savedPersons.id))
      .limit(1),
  ]);
  return { insured, applicant: applicant ?? null };
}

export interface CoverRow {
  idNumber: string;
  policyId: number;
  policyNo: string;
  productId: number;
  productName: string;
  planName: string;
  planCode: string;
  versionId: number;
  startDate: string;
  endDate: string;
  typeCode: string;
  content: Pick<ProductContent, 'plans' | 'premiums'>;
}

/**
 * The member's own policies that cover one of `idNumbers` at `now` or from a later start (not
 * ended, not surrendered), one row per policy and person.
 */
export async function coversHeld(db: Db, memberId: number, idNumbers: string[], now: Date): Promise<CoverRow[]> {
  if (!idNumbers.length) return [];
  return db
    .select({
      idNumber: orderPersons.idNumber,
      policyId: policies.id,
      policyNo: policies.policyNo,
      productId: policies.productId,
      productName: policies.productName,
      planName: policies.planName,
      planCode: orders.planCode,
      versionId: policies.versionId,
      startDate: policies.startDate,
      endDate: policies.endDate,
      typeCode: productTypes.code,
      content: sql<
        Pick<ProductContent, 'plans' | 'premiums'>
      >`jsonb_build_object('plans', ${productVersions.content}->'plans', 'premiums', ${productVersions.content}->'premiums')`,
    })
    .from(policies)
    .innerJoin(orders, eq(orders.id, policies.orderId))
    .innerJoin(policyInsureds, eq(policyInsureds.policyId, policies.id))
    .innerJoin(orderPersons, eq(orderPersons.id, policyInsureds.orderPersonId))
    .innerJoin(products, eq(products.id, policies.productId))
    .innerJoin(productTypes, eq(productTypes.id, products.typeId))
    .innerJoin(productVersions, eq(productVersions.id, policies.versionId))
    .where(
      and(
        eq(policies.memberId, memberId),
        isNull(policies.surrenderedAt),
        gt(policies.expiresAt, now),
        inArray(orderPersons.idNumber, idNumbers),
      ),
    )
    .orderBy(asc(policies.endDate), asc(policies.id));
}

export interface OnSaleProduct {
  id: number;
  name: string;
  team: boolean;
  typeCode: string;
  versionId: number;
  content: ProductContent;
}

/** Every on-sale product with its current version, in catalogue order (type, then product sort). */
export async function onSaleProducts(db: Db): Promise<OnSaleProduct[]> {
  return db
    .select({
      id: products.id,
      name: products.name,
      team: products.team,
      typeCode: productTypes.code,
      versionId: productVersions.id,
      content: productVersions.content,
    })
    .from(products)
    .innerJoin(productTypes, eq(productTypes.id, products.typeId))
    .innerJoin(productVersions, eq(productVersions.id, products.currentVersionId))
    .where(and(eq(products.status, 'on_sale'), isNotNull(products.currentVersionId)))
    .orderBy(asc(productTypes.sort), asc(products.sort), asc(products.id));
}

export interface AddedCoverRow {
  idNumber: string;
  policyId: number;
  policyNo: string;
  insurer: string;
  productName: string;
  category: CheckupCategory;
  startDate: string;
  endDate: string;
}

/** The member's added policies (保单托管) covering one of `idNumbers` today or from a later start. */
export async function addedCoversHeld(
  db: Db,
  memberId: number,
  idNumbers: string[],
  today: string,
): Promise<AddedCoverRow[]> {
  if (!idNumbers.length) return [];
  return db
    .select({
      idNumber: addedPolicyInsureds.idNumber,
      policyId: addedPolicies.id,
      policyNo: addedPolicies.policyNo,
      insurer: addedPolicies.insurer,
      productName: addedPolicies.productName,
      category: addedPolicies.category,
      startDate: addedPolicies.startDate,
      endDate: addedPolicies.endDate,
    })
    .from(addedPolicies)
    .innerJoin(addedPolicyInsureds, eq(addedPolicyInsureds.addedPolicyId, addedPolicies.id))
    .where(
      and(
        eq(addedPolicies.memberId, memberId),
        gte(addedPolicies.endDate, today),
        inArray(addedPolicyInsureds.idNumber, idNumbers),
      ),
    )
    .orderBy(asc(addedPolicies.endDate), asc(addedPolicies.id));
}
