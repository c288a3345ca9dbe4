import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/*
 * Large text and 长辈版 in the stories (docs/accessibility.md#large-text): the text a page shows fits
 * it. `largeText` makes the browser draw text at a percentage of its size as WeChat's font setting
 * and a phone's font size do (text-size-adjust on <html>: text grows, the layout's rem base does
 * not); `textProblems` lists what does not fit.
 */

/** Text at `percent` % of its size on every page the context opens, as WeChat's largest font setting would. */
export async function largeText(page: Page, percent = 200): Promise<void> {
  // A constructed style sheet: in place before <html> exists, and not an inline style the CSP refuses.
  await page.addInitScript((value) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(`html { -webkit-text-size-adjust: ${value} !important; text-size-adjust: ${value} !important; }`);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }, `${percent}%`);
}

export interface TextProblem {
  kind: 'sideways scroll' | 'clipped' | 'cut short' | 'overlap';
  text: string;
  detail: string;
}

/**
 * What does not fit on the page as it is: the page scrolls sideways; text cut off by a box that
 * hides its overflow (up to the nearest box that scrolls, like the banners); text ended with an
 * ellipsis or clamped; two texts drawn over each other (fixed bars over the scrolled page aside).
 */
export async function textProblems(page: Page): Promise<TextProblem[]> {
  return page.evaluate(() => {
    const problems: { kind: string; text: string; detail: string }[] = [];
    const root = document.scrollingElement!;
    if (root.scrollWidth > window.innerWidth + 1)
      problems.push({
        kind: 'sideways scroll',
        text: '',
        detail: `page ${root.scrollWidth} px wide on a ${window.innerWidth} px screen`,
      });

    const visible = (el: Element) => {
      // Hidden, or inside a transparent box (antd-mobile's pickers keep transparent copies for screen readers).
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      const rect = el.getBoundingClientRect();
      // Text kept for screen readers only (a 1 px clipped box) is not on the screen.
      return rect.width > 1 && rect.height > 1;
    };
    const overlaid = (el: Element) => {
      for (let a: Element | null = el; a; a = a.parentElement) {
        const position = getComputedStyle(a).position;
        if (position === 'fixed' || position === 'sticky') return a;
      }
      return null;
    };
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.classList[0] ? `.${el.classList[0]}` : ''}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''}`;

    interface Run {
      el: Element;
      text: string;
      rects: DOMRect[];
      layer: Element | null;
    }
    const runs: Run[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const el = node.parentElement;
      if (!text || !el || !visible(el) || el.closest('[aria-hidden="true"], script, style, noscript')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
      if (rects.length === 0) continue;
      runs.push({ el, text: text.slice(0, 40), rects, layer: overlaid(el) });

      // Clipped: a box between the text and the nearest scrolling box hides what sticks out.
      for (let box: Element | null = el; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        const overflows = [style.overflowX, style.overflowY];
        if (overflows.some((o) => o === 'auto' || o === 'scroll')) break;
        if (!overflows.some((o) => o === 'hidden' || o === 'clip')) continue;
        const clip = box.getBoundingClientRect();
        const outside = rects.some(
          (r) =>
            r.left < clip.left - 1 || r.right > clip.right + 1 || r.top < clip.top - 1 || r.bottom > clip.bottom + 1,
        );
        if (outside) {
          problems.push({ kind: 'clipped', text, detail: `${describe(el)} inside ${describe(box)}` });
          break;
        }
      }
      // Cut short: an ellipsis or a line clamp hides the end of the text.
      const style = getComputedStyle(el);
      const clamped = style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '';
      if (
        (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1) ||
        (clamped && el.scrollHeight > el.clientHeight + 1)
      )
        problems.push({ kind: 'cut short', text, detail: describe(el) });
    }

    // Overlap: two texts of one layer (the page, or one fixed bar) drawn over each other.
    const hit = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2 &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2;
    for (let i = 0; i < runs.length; i += 1)
      for (let j = i + 1; j < runs.length; j += 1) {
        const a = runs[i];
        const b = runs[j];
        if (a.layer !== b.layer || a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) continue;
        if (a.rects.some((ra) => b.rects.some((rb) => hit(ra, rb))))
          problems.push({
            kind: 'overlap',
            text: `${a.text} / ${b.text}`,
            detail: `${describe(a.el)} / ${describe(b.el)}`,
          });
      }
    return problems as {
      kind: 'sideways scroll' | 'clipped' | 'cut short' | 'overlap';
      text: string;
      detail: string;
    }[];
  });
}

/** The page's text fits it: nothing clipped, cut short or drawn over other text, no sideways scroll. */
export async function expectTextFits(page: Page, where: string): Promise<void> {
  // Until it holds: a page still laying out its data is measured again.
  await expect
    .poll(async () => (await textProblems(page)).map((p) => `${p.kind}: "${p.text}" (${p.detail})`), {
      message: `text fits the screen on ${where}`,
    })
    .toEqual([]);
}
