import { Button, Form } from 'antd-mobile';
import { useState } from 'react';
import type { Limits } from '#shared/catalogue.ts';
import { Hint } from '../../../components/ui/hint.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useT } from '../../../i18n/index.ts';
import type { TeamHolder, TeamInsurant } from '../draft.ts';
import { OtherInfo } from '../team-insurants/other-info.tsx';
import { TeamInsurants } from '../team-insurants/index.tsx';

interface TeamProps {
  limits: Limits;
  holder: TeamHolder | null;
  rows: TeamInsurant[];
  onNext: (holder: TeamHolder, rows: TeamInsurant[]) => void;
}

/** Steps 2–3 of a team product: the employer as policyholder, then the insured staff list. */
export function Team({ limits, holder, rows: initialRows, onNext }: TeamProps) {
  const t = useT();
  const [form] = Form.useForm<TeamHolder>();
  const [rows, setRows] = useState(initialRows);
  const size = limits.teamSize ?? { min: 1, max: 1000 };
  const sizeOk = rows.length >= size.min && rows.length <= size.max;

  return (
    <>
      <SectionCard title={t('team.holder')} flush>
        <Form form={form} layout="horizontal" initialValues={holder ?? undefined} onFinish={(h) => { if (sizeOk) onNext(h, rows); }}>
          <OtherInfo />
        </Form>
      </SectionCard>
      <SectionCard title={t('team.list')} flush>
        <TeamInsurants rows={rows} classes={limits.occupationClasses} size={size} onChange={setRows} />
        <Hint>{t('team.listHint', { min: limits.insuredAge.min, max: limits.insuredAge.max })}</Hint>
      </SectionCard>
      <Button block color="primary" size="large" disabled={!sizeOk} onClick={() => form.submit()}>{t('insure.next')}</Button>
    </>
  );
}
