import type { FullConfig } from '@playwright/test';
import { describeTarget, probeTarget, publishTarget } from './target.ts';
import { LANGUAGE } from './texts.ts';

/** Asks the server under test once what it offers (target.ts); the stories skip what it lacks. */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('playwright.config.ts names no baseURL');
  const target = await probeTarget(baseURL, !process.env.E2E_BASE_URL);
  publishTarget(target);
  console.log(`${describeTarget(target)}\n  language     ${LANGUAGE}`);
}
