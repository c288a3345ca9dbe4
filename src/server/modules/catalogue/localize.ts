import type { Language } from '#shared/constants.ts';
import type { ProductContent, ProductListItem, ProductLocale, ProductLocales } from '#shared/catalogue.ts';

/**
 * The catalogue in the reader's language (docs/decisions/catalogue-translations.md): a version's
 * translation overlays its Chinese texts field by field; whatever is not translated stays Chinese.
 * Chinese (the default language) is the content itself.
 */

export function localeOf(locales: ProductLocales | null | undefined, language: Language): ProductLocale | undefined {
  return language === 'pl' ? locales?.pl : undefined;
}

/** A non-empty translation, else the Chinese text. */
const pick = (translated: string | undefined, chinese: string) => (translated ? translated : chinese);

/** Tags and highlights are translated as whole lists (their number may differ between languages). */
const pickList = (translated: string[] | undefined, chinese: string[]) => (translated?.length ? translated : chinese);

export function localizeItem<T extends Pick<ProductListItem, 'name' | 'tagline' | 'insurer' | 'tags'>>(
  item: T,
  locale: ProductLocale | undefined,
): T {
  if (!locale) return item;
  return {
    ...item,
    name: pick(locale.name, item.name),
    tagline: pick(locale.tagline, item.tagline),
    insurer: pick(locale.insurer, item.insurer),
    tags: pickList(locale.tags, item.tags),
  };
}

export function localizeContent(content: ProductContent, locale: ProductLocale | undefined): ProductContent {
  if (!locale) return content;
  return {
    ...content,
    plans: content.plans.map((plan) => {
      const p = locale.plans?.[plan.code];
      return {
        ...plan,
        name: pick(p?.name, plan.name),
        coverages: plan.coverages.map((c, i) => ({
          ...c,
          name: pick(p?.coverages?.[i]?.name, c.name),
          description: pick(p?.coverages?.[i]?.description, c.description),
        })),
      };
    }),
    terms: content.terms.map((term) => ({ ...term, label: termLabelSold(term, locale) })),
    highlights: pickList(locale.highlights, content.highlights),
    documents: content.documents.map((d) => {
      const doc = locale.documents?.[d.kind];
      return {
        ...d,
        title: pick(doc?.title, d.title),
        content: pick(doc?.content, d.content),
        ...(d.questions
          ? { questions: d.questions.map((q) => ({ ...q, text: pick(doc?.questions?.[q.id], q.text) })) }
          : {}),
      };
    }),
  };
}

/**
 * An order's, policy's or draft's product and plan names, and its insurer where it names one, in
 * the version's translation, where it has them (what was sold is recorded in Chinese).
 */
export function nameSold<T extends { productName: string; planName: string | null; insurer?: string }>(
  item: T,
  locale: ProductLocale | undefined,
  planCode: string | null,
): T {
  if (!locale) return item;
  return {
    ...item,
    productName: pick(locale.name, item.productName),
    planName: (planCode && locale.plans?.[planCode]?.name) || item.planName,
    ...(item.insurer === undefined ? {} : { insurer: pick(locale.insurer, item.insurer) }),
  };
}

/** A term's label (1年) in the version's translation, where it has one. */
export function termLabelSold(term: { days: number; label: string }, locale: ProductLocale | undefined): string {
  return pick(locale?.terms?.[String(term.days)], term.label);
}

/** A text in every language it is known in; Chinese always. */
export type LocalizedText = { 'zh-cn': string } & Partial<Record<Language, string>>;

/** A Chinese text with its translation when there is one. */
export function localizedText(chinese: string, polish: string | null | undefined): LocalizedText {
  return polish ? { 'zh-cn': chinese, pl: polish } : { 'zh-cn': chinese };
}
