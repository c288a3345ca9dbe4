import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useT } from '../../i18n/index.ts';
import styles from './claim.module.css';

/**
 * The signed-in member's claims. Claims are reported against a policy in force, so "我要报案"
 * starts from the policies that are 保障中.
 */
export function MyClaims() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <SectionCard title={t('claim.mine.title')} flush>
      <EmptyState title={t('claim.mine.empty')} description={t('claim.mine.emptyHint')}>
        <Button color="primary" size="small" onClick={() => navigate('/policy/index?status=active')}>
          {t('claim.mine.report')}
        </Button>
      </EmptyState>
    </SectionCard>
  );
}

/** Visitors see the guide; signing in adds their own claims. */
export function ClaimSignIn() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <SectionCard>
      <div className={styles.signIn}>
        <span>{t('claim.visitor.text')}</span>
        <Button color="primary" size="small" onClick={() => navigate(`/login?redirect=${encodeURIComponent('/claim/index')}`)}>
          {t('common.signIn')}
        </Button>
      </div>
    </SectionCard>
  );
}
