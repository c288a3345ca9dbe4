import type { FastifyInstance, FastifyReply } from 'fastify';
import { zipSync, type Zippable } from 'fflate';
import { beijingCompactDate, beijingMinute, beijingToday } from '#shared/beijing-time.ts';
import { EXTENSIONS } from '../claims/file-type.ts';
import { nextDueDate } from './due-dates.ts';
import { listAdded } from './repository.ts';

/**
 * Everything a member added to 保单托管, for them to take away (docs/decisions/policy-wallet.md): a
 * zip of `policies.json` (every field as entered, ID numbers whole: it is the owner's own record)
 * and `documents/`, each file named after its policy and file ids. fflate writes the zip in
 * memory: at most 50 policies × 10 files × 5 MiB is bounded, and documents are already compressed
 * (JPEG, PNG, PDF), so they are stored, not deflated again.
 */
export async function exportAdded(app: FastifyInstance, reply: FastifyReply, memberId: number) {
  const records = await listAdded(app.db, memberId);
  const today = beijingToday();
  const files: Zippable = {};
  const policies = [];
  for (const { policy, insured, files: docs } of records) {
    const documents: string[] = [];
    for (const doc of docs) {
      const object = await app.providers.storage.get(doc.storageKey);
      if (!object) continue;
      const name = `documents/${policy.id}-${doc.id}${EXTENSIONS[doc.mime]}`;
      files[name] = [object.bytes, { level: 0 }];
      documents.push(name);
    }
    policies.push({
      insurer: policy.insurer,
      productName: policy.productName,
      category: policy.category,
      policyNo: policy.policyNo,
      insured: insured.map((i) => ({ name: i.name, idType: i.idType, idNumber: i.idNumber, relation: i.relation })),
      covers: policy.covers,
      startDate: policy.startDate,
      endDate: policy.endDate,
      premiumFen: policy.premiumFen,
      paymentFrequency: policy.paymentFrequency,
      nextDueDate: nextDueDate(policy.firstDueDate, policy.paymentFrequency, policy.endDate, today),
      documents,
      addedAt: beijingMinute(policy.createdAt),
      updatedAt: beijingMinute(policy.updatedAt),
    });
  }
  const json = JSON.stringify({ exportedAt: beijingMinute(new Date()), policies }, null, 2);
  files['policies.json'] = new TextEncoder().encode(json);
  const zip = zipSync(files);
  return reply
    .header('Content-Type', 'application/zip')
    .header('Content-Disposition', `attachment; filename="added-policies-${beijingCompactDate(new Date())}.zip"`)
    .header('Cache-Control', 'private, no-store')
    .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
}
