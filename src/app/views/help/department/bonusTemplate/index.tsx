import { Input, List, Tag, Toast } from 'antd-mobile';
import { Button } from '../../../../components/ui/button.tsx';
import { useState } from 'react';
import { beijingDay } from '#shared/beijing-time.ts';
import { formatRate, type BonusTemplate } from '#shared/finance.ts';
import { listBonusTemplates, saveBonusTemplate } from '../../../../api/finance.ts';
import { PRODUCT_TYPES } from '../../../../components/product/product-types.ts';
import { Hint } from '../../../../components/ui/hint.tsx';
import { SectionCard } from '../../../../components/ui/section-card.tsx';
import { useRemote } from '../../../../components/ui/use-remote.ts';
import { ViewPage } from '../../../../components/ui/view-page.tsx';
import { useT } from '../../../../i18n/index.ts';
import '../../../../lib/antd-react19.ts';

/** "12.5" (percent) → 1250 basis points; null unless 0–50 with at most two decimals. */
export function percentToBp(text: string): number | null {
  const m = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= 5000 ? bp : null;
}

/** The product types with their templates, newest version first. */
export function byType(list: BonusTemplate[]): { productTypeId: number; name: string; versions: BonusTemplate[] }[] {
  const groups = new Map<number, { productTypeId: number; name: string; versions: BonusTemplate[] }>();
  for (const t of list) {
    const g = groups.get(t.productTypeId) ?? { productTypeId: t.productTypeId, name: t.productTypeName, versions: [] };
    g.versions.push(t);
    groups.set(t.productTypeId, g);
  }
  for (const g of groups.values()) g.versions.sort((a, b) => b.version - a.version);
  return [...groups.values()];
}

/** 佣金模板: the commission rate per product type, versioned; saving a new rate adds a version for new orders. */
export default function BonusTemplateView() {
  const t = useT();
  const remote = useRemote(listBonusTemplates, []);
  const [editing, setEditing] = useState<number | null>(null);
  const [rate, setRate] = useState('');

  async function save(productTypeId: number) {
    const rateBp = percentToBp(rate);
    if (rateBp === null) {
      Toast.show({ content: t('template.rateInvalid') });
      return;
    }
    try {
      await saveBonusTemplate({ productTypeId, rateBp });
      Toast.show({ icon: 'success', content: t('template.saved') });
      setEditing(null);
      await remote.reload();
    } catch {
      // The client has shown the server's message.
    }
  }

  // Named by code in the reader's language; a type this build does not know keeps the server's name.
  const typeName = (v: BonusTemplate) => {
    const type = PRODUCT_TYPES.find((p) => p.code === v.productTypeCode);
    return type ? t(type.label) : v.productTypeName;
  };
  return (
    <ViewPage>
      {byType(remote.data?.list ?? []).map((g) => {
        const current = g.versions.find((v) => v.current);
        return (
          <SectionCard key={g.productTypeId} title={typeName(g.versions[0])} flush>
            <List>
              {g.versions.map((v) => (
                <List.Item
                  key={v.id}
                  description={t('template.versionLine', { version: v.version, from: beijingDay(v.effectiveFrom) })}
                  extra={
                    v.current ? (
                      <Tag color="success" fill="outline">
                        {t('template.current')}
                      </Tag>
                    ) : (
                      <Tag fill="outline">{t('template.old')}</Tag>
                    )
                  }
                >
                  {formatRate(v.rateBp)}
                </List.Item>
              ))}
              {editing === g.productTypeId ? (
                <List.Item
                  extra={
                    <Button size="small" color="primary" onClick={() => void save(g.productTypeId)}>
                      {t('template.save')}
                    </Button>
                  }
                >
                  <Input
                    value={rate}
                    onChange={setRate}
                    inputMode="decimal"
                    placeholder={t('template.ratePlaceholder')}
                    aria-label={t('template.ratePlaceholder')}
                  />
                </List.Item>
              ) : (
                <List.Item
                  onClick={() => {
                    setEditing(g.productTypeId);
                    setRate(current ? String(current.rateBp / 100) : '');
                  }}
                >
                  {t('template.edit')}
                </List.Item>
              )}
            </List>
          </SectionCard>
        );
      })}
      <SectionCard>
        <Hint>{t('template.hint')}</Hint>
      </SectionCard>
    </ViewPage>
  );
}
