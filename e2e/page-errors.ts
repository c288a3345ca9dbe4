import type { BrowserContext, Page } from '@playwright/test';

/*
 * Every page of a story is watched for errors nobody handled: an uncaught exception (`pageerror`,
 * which in Chromium also reports unhandled promise rejections) and the console's "Uncaught (in
 * promise)". A story that meets one fails at its end (kit.ts), unless it is named here with why.
 */

/** Page errors a story may meet without failing, each with its reason. Empty: none is allowed today. */
const ALLOWED_PAGE_ERRORS: readonly { pattern: RegExp; reason: string }[] = [];

/** Watches the context's pages, the open ones and those it opens later, adding what they throw to `seen`. */
export function watchPageErrors(context: BrowserContext, seen: string[]): void {
  const watch = (page: Page) => {
    page.on('pageerror', (error) => seen.push(`${page.url()} pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Uncaught \(in promise\)/.test(message.text())) {
        seen.push(`${page.url()} console: ${message.text()}`);
      }
    });
  };
  for (const page of context.pages()) watch(page);
  context.on('page', watch);
}

/** What was seen and is not allowed. */
export function unexpectedPageErrors(seen: readonly string[]): string[] {
  return seen.filter((line) => !ALLOWED_PAGE_ERRORS.some(({ pattern }) => pattern.test(line)));
}
