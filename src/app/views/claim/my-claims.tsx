import { List, Tag } from 'antd-mobile';
import { Button } from '../../components/ui/button.tsx';
import { useLocation, useNavigate } from 'react-router-dom';
import { listClaims } from '../../api/claims.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { formatYuan } from '#shared/money.ts';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useRemote } from '../../components/ui/use-remote.ts';
import { useT } from '../../i18n/index.ts';
import { STATUS_COLORS } from './status-colors.ts';
import styles from './claim.module.css';
import { CLAIM_STATUS_KEYS, CLAIM_TYPE_KEYS, codeName } from '../../i18n/enum-names.ts';

/**
 * The signed-in member's claims with their status; each opens its detail (`?claimId=`).
 * "我要报案" lets the member choose one of their policies (`?report=1`).
 */
export function MyClaims() {
  const t = useT();
  const navigate = useNavigate();
  const claims = useRemote(() => listClaims(), []);
  const list = claims.data?.list ?? [];
  const report = (
    <Button color="primary" size="small" onClick={() => navigate('/claim/index?report=1')}>
      {t('claim.mine.report')}
    </Button>
  );
  return (
    <SectionCard title={t('claim.mine.title')} extra={list.length > 0 ? report : undefined} flush>
      {claims.data && list.length === 0 ? (
        <EmptyState title={t('claim.mine.empty')} description={t('claim.mine.emptyHint')}>
          {report}
        </EmptyState>
      ) : (
        <List>
          {list.map((c) => (
            <List.Item
              key={c.id}
              onClick={() => navigate(`/claim/index?claimId=${c.id}`)}
              description={`${c.claimNo} · ${c.insuredName} · ${codeName(t, CLAIM_TYPE_KEYS, c.type, c.typeText)} · ${formatYuan(c.amountFen)}`}
              extra={
                <Tag color={STATUS_COLORS[c.status]}>{codeName(t, CLAIM_STATUS_KEYS, c.status, c.statusText)}</Tag>
              }
            >
              <span className={styles.claimTitle}>{c.productName}</span>
            </List.Item>
          ))}
        </List>
      )}
    </SectionCard>
  );
}

/** Visitors see the guide; signing in adds their own claims (and comes back to this address). */
export function ClaimSignIn() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <SectionCard>
      <div className={styles.signIn}>
        <span>{t('claim.visitor.text')}</span>
        <Button
          color="primary"
          size="small"
          onClick={() => navigate(`/login?redirect=${encodeURIComponent(`/claim/index${location.search}`)}`)}
        >
          {t('common.signIn')}
        </Button>
      </div>
    </SectionCard>
  );
}
