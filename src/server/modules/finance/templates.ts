import type { BonusTemplate } from '#shared/finance.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { insertTemplateVersion, lockProductType, templateRows } from './repository.ts';

/** Bonus templates: the commission rate per product type, versioned. */

export async function listTemplates(db: Db, now = new Date()): Promise<BonusTemplate[]> {
  const rows = await templateRows(db);
  const current = new Map<number, number>();
  for (const { t } of rows) {
    if (t.effectiveFrom <= now && !current.has(t.productTypeId)) current.set(t.productTypeId, t.id);
  }
  return rows.map(({ t, typeCode, typeName }) => ({
    id: t.id,
    productTypeId: t.productTypeId,
    productTypeCode: typeCode,
    productTypeName: typeName,
    version: t.version,
    rateBp: t.rateBp,
    name: t.name,
    effectiveFrom: t.effectiveFrom.toISOString(),
    current: current.get(t.productTypeId) === t.id,
    createdAt: t.createdAt.toISOString(),
  }));
}

/**
 * Editing a template inserts version n+1 effective now; older versions stay (commission already
 * earned keeps the rate it was computed with). The product type's row is locked so two edits get
 * consecutive versions.
 */
export async function createTemplateVersion(
  db: Db,
  createdBy: number,
  input: { productTypeId: number; rateBp: number; name: string },
): Promise<BonusTemplate> {
  return db.transaction(async (tx) => {
    const type = await lockProductType(tx, input.productTypeId);
    if (!type) throw new AppError('A0404', 'finance.productTypeNotFound');
    const t = await insertTemplateVersion(tx, { ...input, productTypeId: type.id }, createdBy);
    return {
      id: t.id,
      productTypeId: t.productTypeId,
      productTypeCode: type.code,
      productTypeName: type.name,
      version: t.version,
      rateBp: t.rateBp,
      name: t.name,
      effectiveFrom: t.effectiveFrom.toISOString(),
      current: true,
      createdAt: t.createdAt.toISOString(),
    };
  });
}
