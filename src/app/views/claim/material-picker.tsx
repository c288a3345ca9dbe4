import { ImageUploader, Selector, Toast, type ImageUploadItem } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import type { ClaimFileKind } from '#shared/claims.ts';
import { uploadClaimFiles } from '../../api/claims.ts';
import { useT } from '../../i18n/index.ts';
import { CLAIM_FILE_KIND_KEYS } from '../../i18n/enum-names.ts';
import { ACCEPT, compressForUpload, FILE_MAX_BYTES, fileKind, inBatches } from './claim-logic.ts';
import styles from './claim.module.css';
import '../../lib/antd-react19.ts';

/** A picked material: the (compressed) file and the kind the member filed it as, kept until the upload call. */
type PickedExtra = { file: File; kind: ClaimFileKind };
export type PickedItem = ImageUploadItem & { extra: PickedExtra };

const KINDS = Object.keys(CLAIM_FILE_KIND_KEYS) as ClaimFileKind[];

/** Uploads the picked materials to the claim, each kind in its own requests (the server files one kind per request). */
export async function uploadMaterials(claimId: number, items: readonly PickedItem[]): Promise<void> {
  for (const kind of KINDS) {
    const files = items.filter((i) => i.extra.kind === kind).map((i) => i.extra.file);
    for (const batch of inBatches(files)) await uploadClaimFiles(claimId, batch, kind);
  }
}

const PDF_THUMB = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80"><rect width="80" height="80" fill="#f5f6f8"/><path d="M24 14h24l12 12v40H24z" fill="#fff" stroke="#c9cdd4" stroke-width="2"/><text x="42" y="54" font-size="14" text-anchor="middle" fill="#e0463d" font-family="sans-serif">PDF</text></svg>',
)}`;

/**
 * Photos (compressed in the browser) and PDFs of the claim's documents, jpg/png/pdf only, each filed
 * as the kind chosen above the picker when it was added (身份证明, 费用发票… as the claims guide asks).
 * Nothing is sent here: the caller uploads them after the claim exists (the server's order).
 */
export function MaterialPicker({
  value,
  onChange,
  maxCount,
  onBusy,
}: {
  value: PickedItem[];
  onChange: (items: PickedItem[]) => void;
  maxCount: number;
  /** True while picked files are still being compressed (nothing to send yet). */
  onBusy?: (busy: boolean) => void;
}) {
  const t = useT();
  const [kind, setKind] = useState<ClaimFileKind>('identity');
  const box = useRef<HTMLDivElement>(null);
  // antd-mobile draws each picked file as an image without a text and its delete mark as a bare
  // span: named here after the file, the mark made a button a screen reader and a keyboard can use.
  useEffect(() => {
    const cells =
      box.current?.querySelectorAll('.adm-image-uploader-cell:not(.adm-image-uploader-upload-button)') ?? [];
    cells.forEach((cell, i) => {
      const name = value[i]?.extra.file.name ?? '';
      cell.querySelector('img')?.setAttribute('alt', name);
      const remove = cell.querySelector<HTMLElement>('.adm-image-uploader-cell-delete');
      if (!remove) return;
      remove.setAttribute('role', 'button');
      remove.setAttribute('aria-label', t('claim.file.remove', { name }));
      remove.tabIndex = 0;
      remove.onkeydown = (e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          remove.click();
        }
      };
    });
  });
  const upload = async (picked: File): Promise<PickedItem> => {
    const type = fileKind(picked);
    if (!type) {
      Toast.show({ content: t('claim.file.type') });
      throw new Error('type');
    }
    const file = await compressForUpload(picked);
    if (file.size > FILE_MAX_BYTES) {
      Toast.show({ content: t('claim.file.size') });
      throw new Error('size');
    }
    if (file.size === 0) {
      Toast.show({ content: t('claim.file.empty') });
      throw new Error('empty');
    }
    return { url: type === 'pdf' ? PDF_THUMB : URL.createObjectURL(file), extra: { file, kind } };
  };
  return (
    <div ref={box}>
      <div className={styles.kindLabel} id="material-kind">
        {t('claim.file.kindLabel')}
      </div>
      <Selector
        aria-labelledby="material-kind"
        columns={3}
        value={[kind]}
        onChange={(chosen) => chosen[0] && setKind(chosen[0])}
        options={KINDS.map((k) => ({ value: k, label: t(CLAIM_FILE_KIND_KEYS[k]) }))}
      />
      <ImageUploader
        value={value}
        onChange={(items) => onChange(items as PickedItem[])}
        upload={upload}
        accept={ACCEPT}
        multiple
        maxCount={maxCount}
        showUpload={value.length < maxCount}
        onUploadQueueChange={(tasks) => onBusy?.(tasks.some((task) => task.status === 'pending'))}
        onCountExceed={(n) => Toast.show({ content: t('claim.file.countExceed', { max: maxCount, n }) })}
        renderItem={(node, item) => (
          <div className={styles.pickedItem}>
            {node}
            <span className={styles.pickedKind}>{t(CLAIM_FILE_KIND_KEYS[(item.extra as PickedExtra).kind])}</span>
          </div>
        )}
      />
    </div>
  );
}
