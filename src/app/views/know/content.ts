import type { MessageKey } from '../../i18n/index.ts';

export interface KnowItem {
  q: MessageKey;
  a: MessageKey;
}

export interface KnowSection {
  key: 'purchase' | 'payment' | 'policy' | 'claims' | 'invoice';
  title: MessageKey;
  items: KnowItem[];
}

function items(section: KnowSection['key'], count: number): KnowItem[] {
  return Array.from({ length: count }, (_, i) => ({
    q: `know.${section}.q${i + 1}` as MessageKey,
    a: `know.${section}.a${i + 1}` as MessageKey,
  }));
}

/** The service guide: questions customers ask at each stage, answered in the dictionaries. */
export const KNOW_SECTIONS: KnowSection[] = [
  { key: 'purchase', title: 'know.section.purchase', items: items('purchase', 4) },
  { key: 'payment', title: 'know.section.payment', items: items('payment', 4) },
  { key: 'policy', title: 'know.section.policy', items: items('policy', 4) },
  { key: 'claims', title: 'know.section.claims', items: items('claims', 4) },
  { key: 'invoice', title: 'know.section.invoice', items: items('invoice', 3) },
];

/**
 * Sections with only the items whose question or answer contains every word of the query
 * (case-insensitive, in the reader's language); sections left empty are dropped.
 */
export function searchKnow(sections: KnowSection[], query: string, text: (key: MessageKey) => string): KnowSection[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return sections;
  return sections
    .map((s) => ({
      ...s,
      items: s.items.filter((item) => {
        const haystack = `${text(s.title)} ${text(item.q)} ${text(item.a)}`.toLowerCase();
        return words.every((w) => haystack.includes(w));
      }),
    }))
    .filter((s) => s.items.length > 0);
}
