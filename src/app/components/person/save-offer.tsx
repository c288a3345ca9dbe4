import { Checkbox, List, Toast } from 'antd-mobile';
import { Button } from '../ui/button.tsx';
import { useEffect, useState } from 'react';
import { maskIdNumber } from '#shared/identity.ts';
import { listPersons, savePerson } from '../../api/persons.ts';
import { Hint } from '../ui/hint.tsx';
import { SectionCard } from '../ui/section-card.tsx';
import { useT } from '../../i18n/index.ts';
import { forgetPurchasePersons, notSavedYet, purchasePersons, toSaveInput, type OfferedPerson } from './save-offer.ts';
import '../../lib/antd-react19.ts';

/**
 * 保存为常用投保人/被保人 on the paid result: the purchase's persons not saved yet, saved only after
 * the member ticks the same consent as the add form; one call of `POST /persons` each (the server
 * de-duplicates by ID number).
 */
export function SavePersonsOffer({ orderId }: { orderId: number }) {
  const t = useT();
  const [offer, setOffer] = useState<OfferedPerson[]>([]);
  const [consent, setConsent] = useState(false);
  const [missingConsent, setMissingConsent] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const persons = purchasePersons(orderId);
    if (persons.length === 0) return;
    let live = true;
    Promise.all([listPersons('applicant'), listPersons('insured')]).then(
      ([a, i]) => {
        if (!live) return;
        const left = notSavedYet(persons, [...a.list, ...i.list]);
        if (left.length === 0) forgetPurchasePersons();
        setOffer(left);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [orderId]);

  if (offer.length === 0) return null;

  const save = async () => {
    if (!consent) {
      setMissingConsent(true);
      return;
    }
    setSaving(true);
    try {
      for (const p of offer) await savePerson(toSaveInput(p));
      forgetPurchasePersons();
      setOffer([]);
      Toast.show({ content: t('savedPersons.offerDone') });
    } catch {
      Toast.show({ content: t('savedPersons.offerFailed') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <SectionCard title={t('savedPersons.offerTitle')} aria-label={t('savedPersons.offerTitle')} flush>
      <List>
        {offer.map((p) => (
          <List.Item key={`${p.kind}-${p.idNumber}`} description={maskIdNumber(p.idNumber)}>
            {t(p.kind === 'applicant' ? 'savedPersons.offerApplicant' : 'savedPersons.offerInsured', { name: p.name })}
          </List.Item>
        ))}
      </List>
      <div style={{ padding: '8px 12px' }}>
        <Checkbox
          checked={consent}
          onChange={(v) => {
            setConsent(v);
            setMissingConsent(false);
          }}
        >
          {t('persons.consent')}
        </Checkbox>
        {missingConsent && <Hint>{t('persons.consentRequired')}</Hint>}
      </div>
      <Hint>{t('savedPersons.offerHint')}</Hint>
      <div style={{ padding: '0 12px 12px' }}>
        <Button block color="primary" fill="outline" loading={saving} onClick={() => void save()}>
          {t('savedPersons.offerSave')}
        </Button>
      </div>
    </SectionCard>
  );
}
