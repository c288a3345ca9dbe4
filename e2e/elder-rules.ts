import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/*
 * The rules of 长辈版 (docs/accessibility.md#elder-mode) as a page shows them, measured in CSS px:
 * main text at least 18 px, key figures (premium, cover, dates) larger than it, line height at
 * least 1.3, main tap targets at least 60 × 60 and every other at least 44 × 44. Contrast is axe's
 * part (every story), text that fits is e2e/text-fit.ts's.
 */

export const ELDER = { mainTextPx: 18, lineHeight: 1.3, mainTargetPx: 60, targetPx: 44 };

/** Text a page is read by: list rows, buttons, labels, fields, headings, paragraphs. */
const MAIN_TEXT =
  '.adm-list-item-content-main, .adm-button, .adm-form-item-label, input:not([type=hidden]):not([aria-label]), textarea, h1, h2, h3, p, button';
/** The targets a screen is used by: its main buttons, rows, tiles, tabs, cards. */
const MAIN_TARGET =
  '.adm-button-block, .adm-button-large, .adm-list-item-content, .app-tabbar__item, [data-main-target], .adm-selector-item';
const TARGET =
  'a[href], button, [role=button], [role=tab], [role=switch], [role=checkbox], [role=radio], [role=option], input:not([type=hidden]), textarea';

/** What breaks the rules on the page as it is now (nothing: an empty list). */
export async function elderRuleProblems(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ rules, mainText, mainTarget, target }) => {
      const problems: string[] = [];
      if (!document.documentElement.hasAttribute('data-elder')) return ['<html> has no data-elder: 长辈版 is off'];
      const shown = (el: Element) => {
        if (el.closest('[aria-hidden="true"], [inert]')) return false;
        const style = getComputedStyle(el);
        const rect = el.getBoundingClientRect();
        return style.visibility !== 'hidden' && style.display !== 'none' && rect.width > 1 && rect.height > 1;
      };
      const name = (el: Element) =>
        `${el.tagName.toLowerCase()}${el.classList[0] ? `.${el.classList[0]}` : ''} "${(el.textContent ?? '').trim().slice(0, 20)}"`;
      const px = (value: string) => parseFloat(value);

      let mainSize = 0;
      for (const el of document.querySelectorAll(mainText)) {
        if (!shown(el) || !(el.textContent ?? '').trim()) continue;
        const size = px(getComputedStyle(el).fontSize);
        mainSize = Math.max(mainSize, size);
        if (size < rules.mainTextPx - 0.05)
          problems.push(`main text ${size.toFixed(1)} px < ${rules.mainTextPx}: ${name(el)}`);
      }
      for (const el of document.querySelectorAll('[data-key-figure]')) {
        if (!shown(el)) continue;
        const size = px(getComputedStyle(el).fontSize);
        const around = px(getComputedStyle(el.parentElement ?? document.body).fontSize);
        if (size <= around || size < 22)
          problems.push(`key figure ${size.toFixed(1)} px not larger than its text: ${name(el)}`);
      }
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const seen = new Set<Element>();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (!el || seen.has(el) || !(node.textContent ?? '').trim() || !shown(el)) continue;
        seen.add(el);
        const style = getComputedStyle(el);
        const ratio = style.lineHeight === 'normal' ? 0 : px(style.lineHeight) / px(style.fontSize);
        if (ratio < rules.lineHeight - 0.01)
          problems.push(`line height ${style.lineHeight} at ${style.fontSize} (< ${rules.lineHeight}): ${name(el)}`);
      }
      const mainTargets = new Set(document.querySelectorAll(mainTarget));
      for (const el of document.querySelectorAll(target)) {
        // A field or a box inside a label or a row is used through it: the larger box counts.
        const box =
          el.closest('label, .adm-list-item-content, .adm-checkbox, .adm-radio, .adm-search-bar-input-box') ?? el;
        if (!shown(el) && !shown(box)) continue;
        const rect = (shown(box) ? box : el).getBoundingClientRect();
        const main = mainTargets.has(el) || [...mainTargets].some((m) => m === box || m.contains(el));
        const min = main ? rules.mainTargetPx : rules.targetPx;
        if (rect.width < min - 0.5 || rect.height < min - 0.5)
          problems.push(
            `${main ? 'main ' : ''}target ${Math.round(rect.width)} × ${Math.round(rect.height)} < ${min}: ${name(el)}`,
          );
      }
      if (mainSize === 0) problems.push('no main text on the page');
      return problems;
    },
    { rules: ELDER, mainText: MAIN_TEXT, mainTarget: MAIN_TARGET, target: TARGET },
  );
}

/** The page keeps to 长辈版's rules (measured until it does, while its data arrives). */
export async function expectElderRules(page: Page, where: string): Promise<void> {
  await expect.poll(() => elderRuleProblems(page), { message: `长辈版 rules on ${where}` }).toEqual([]);
}
