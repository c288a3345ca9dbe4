import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bonusTemplates, productTypes } from '../db/schema.ts';

/** Demo commission rates per product type, in basis points (1500 = 15 %), version 1 of each template. */
export const DEMO_BONUS_RATES_BP: Record<string, number> = { accident: 1500, medical: 1000, travel: 2000, team: 500 };

/** Version 1 of the demo bonus templates, in force since 2020 (so every demo order is covered). */
export async function seedBonusTemplates(db: Db): Promise<void> {
  for (const [code, rateBp] of Object.entries(DEMO_BONUS_RATES_BP)) {
    const [type] = await db
      .select({ id: productTypes.id, name: productTypes.name })
      .from(productTypes)
      .where(eq(productTypes.code, code));
    if (!type) continue;
    await db
      .insert(bonusTemplates)
      .values({
        productTypeId: type.id,
        version: 1,
        rateBp,
        name: `${type.name}标准佣金`,
        effectiveFrom: new Date('2020-01-01T00:00:00+08:00'),
      })
      .onConflictDoNothing();
  }
}
