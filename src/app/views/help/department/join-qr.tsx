import { Button } from '../../../components/ui/button.tsx';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { formatBeijing } from '#shared/beijing-time.ts';
import type { Department, Invitation, ScanState } from '#shared/company.ts';
import { createInvitation, isScan } from '../../../api/company.ts';
import { Hint } from '../../../components/ui/hint.tsx';
import { useT } from '../../../i18n/index.ts';
import { SingleSelector } from '../../../components/ui/single-selector.tsx';

/** How often the company page asks whether the join QR was scanned. */
export const SCAN_POLL_MS = 2000;

/** The whole address the QR carries: the H5 join landing on this site. */
export function absoluteJoinUrl(path: string, origin: string = window.location.origin): string {
  return new URL(path, origin).toString();
}

/**
 * The department's join QR: created on demand (single use, expires after 10 minutes), drawn with
 * `qrcode` in the browser, and polled through `isScan/{id}` until it is scanned or expires.
 */
export function JoinQr({
  departments,
  defaultId,
  onJoined,
}: {
  departments: Department[];
  defaultId?: number;
  onJoined: () => void;
}) {
  const t = useT();
  const [departmentId, setDepartmentId] = useState<number | undefined>(defaultId ?? departments[0]?.id);
  const [invitation, setInvitation] = useState<Invitation>();
  const [picture, setPicture] = useState('');
  const [state, setState] = useState<ScanState>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (departmentId === undefined && departments[0]) setDepartmentId(departments[0].id);
  }, [departments, departmentId]);

  useEffect(() => {
    if (!invitation) return undefined;
    let stopped = false;
    const timer = window.setInterval(async () => {
      try {
        const next = await isScan(invitation.id);
        if (stopped) return;
        setState(next);
        if (next.scanned || next.expired) {
          window.clearInterval(timer);
          if (next.scanned) onJoined();
        }
      } catch {
        window.clearInterval(timer);
      }
    }, SCAN_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [invitation, onJoined]);

  const create = async () => {
    if (departmentId === undefined) return;
    setBusy(true);
    try {
      const inv = await createInvitation(departmentId);
      setPicture(await QRCode.toDataURL(absoluteJoinUrl(inv.joinUrl), { margin: 1, width: 240 }));
      setState(undefined);
      setInvitation(inv);
    } finally {
      setBusy(false);
    }
  };

  if (departments.length === 0) return <Hint>{t('company.qrNeedsDepartment')}</Hint>;
  const url = invitation ? absoluteJoinUrl(invitation.joinUrl) : '';
  return (
    <div>
      <SingleSelector
        columns={3}
        value={departmentId === undefined ? [] : [departmentId]}
        options={departments.map((d) => ({ label: d.name, value: d.id }))}
        onChange={(v) => {
          if (v[0] !== undefined) {
            setDepartmentId(v[0]);
            setInvitation(undefined);
          }
        }}
      />
      <Button
        block
        color="primary"
        fill="outline"
        loading={busy}
        onClick={() => void create()}
        style={{ marginTop: 12 }}
      >
        {t(invitation ? 'company.qrRenew' : 'company.qrCreate')}
      </Button>
      {invitation && (
        <div data-testid="join-qr" data-join-url={url} style={{ textAlign: 'center', marginTop: 12 }}>
          {picture && <img src={picture} alt={t('company.qrAlt')} width={240} height={240} />}
          <Hint>{t('company.qrExpires', { time: formatBeijing(invitation.expiresAt, 'HH:mm:ss') })}</Hint>
          <p role="status" data-testid="scan-state">
            {state?.scanned
              ? t('company.qrScanned', { name: state.memberName ?? '' })
              : state?.expired
                ? t('company.qrExpired')
                : t('company.qrWaiting')}
          </p>
        </div>
      )}
    </div>
  );
}
