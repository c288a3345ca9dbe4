import { Form } from 'antd-mobile';
import { Button } from '../../../components/ui/button.tsx';
import { useState } from 'react';
import type { Limits } from '#shared/catalogue.ts';
import type { FieldIssue } from '#shared/envelope.ts';
import type { TeamList } from '#shared/orders.ts';
import { Hint } from '../../../components/ui/hint.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useT } from '../../../i18n/index.ts';
import type { TeamHolder } from '../draft.ts';
import { StepActions, type Busy } from '../step-actions.tsx';
import { OtherInfo } from '../team-insurants/other-info.tsx';
import { TeamInsurants } from '../team-insurants/index.tsx';
import { useIssues } from '../use-issues.ts';
import styles from '../insure.module.css';

interface TeamProps {
  draftId: number;
  productName: string;
  limits: Limits;
  holder: TeamHolder | null;
  issues: FieldIssue[];
  busy: Busy;
  onNext: (holder: TeamHolder) => void;
  onSave: (holder: TeamHolder) => void;
}

/** Steps 2–3 of a team product: the employer as policyholder, then the insured staff list. */
export function Team({ draftId, productName, limits, holder, issues, busy, onNext, onSave }: TeamProps) {
  const t = useT();
  const [form] = Form.useForm<TeamHolder>();
  useIssues(form, issues, 'holder');
  const [list, setList] = useState<TeamList | null>(null);
  const size = list?.teamSize ?? limits.teamSize ?? { min: 1, max: 1 };
  const sizeOk = list !== null && list.count >= size.min && list.count <= size.max;
  const listIssue = issues.find((i) => i.field === 'team' || i.field.startsWith('insured'));

  return (
    <>
      <SectionCard title={t('team.holder')} flush>
        <Form
          form={form}
          layout="horizontal"
          initialValues={holder ?? undefined}
          onFinish={(h) => {
            if (sizeOk) onNext(h);
          }}
        >
          <OtherInfo />
        </Form>
      </SectionCard>
      <SectionCard title={t('team.list')} flush>
        <TeamInsurants
          draftId={draftId}
          productName={productName}
          classes={limits.occupationClasses}
          onList={setList}
        />
        {listIssue && (
          <p className={styles.warnText} role="alert">
            {listIssue.message}
          </p>
        )}
        <Hint>{t('team.listHint', { min: limits.insuredAge.min, max: limits.insuredAge.max })}</Hint>
      </SectionCard>
      <StepActions busy={busy} onSave={() => onSave(form.getFieldsValue())}>
        <Button
          block
          color="primary"
          size="large"
          loading={busy === 'next'}
          disabled={!sizeOk || busy === 'save'}
          onClick={() => form.submit()}
        >
          {t('insure.next')}
        </Button>
      </StepActions>
    </>
  );
}
