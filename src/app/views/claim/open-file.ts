import { ImageViewer } from 'antd-mobile';
import type { ClaimFile } from '#shared/claims.ts';
import { claimFileBlob } from '../../api/claims.ts';
import '../../lib/antd-react19.ts';

/** A stored material needs the Bearer header: fetched as a blob, photos shown in the viewer, PDFs in a new tab. */
export async function openFile(file: ClaimFile): Promise<void> {
  const url = URL.createObjectURL(await claimFileBlob(file.url));
  if (file.mime === 'application/pdf') window.open(url, '_blank', 'noopener');
  else ImageViewer.show({ image: url, afterClose: () => URL.revokeObjectURL(url) });
}
