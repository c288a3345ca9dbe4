import type { Page } from '@playwright/test';
import { expect, hashUrl, residentId, signInBrowser, test } from './fixtures.ts';
import {
  choosePlan,
  confirmAndSubmit,
  fillApplicant,
  insureSelf,
  passHealth,
  payInCashier,
  startBuying,
} from './buy-steps.ts';
import { consentAsNewWeChatUser } from './sign-in-steps.ts';
import { catalogueProduct, t, tPattern } from './texts.ts';

/*
 * The Content-Security-Policy (docs/decisions/security-headers.md) breaks nothing on the main
 * journeys: every `securitypolicyviolation` event of every page and frame, and every console
 * report of one, is collected while a member walks home → product → buying steps → cashier →
 * policy, and while a visitor signs in on WeChat's consent page. A probe at the end proves the
 * collector hears violations at all.
 */

interface Violation {
  directive: string;
  blocked: string;
  page: string;
}

async function collectViolations(page: Page): Promise<Violation[]> {
  const violations: Violation[] = [];
  await page.exposeFunction('reportCspViolation', (v: Violation) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportCspViolation: (v: unknown) => void }).reportCspViolation;
      report({ directive: e.effectiveDirective, blocked: e.blockedURI, page: location.href });
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text()))
      violations.push({ directive: 'console', blocked: message.text(), page: page.url() });
  });
  return violations;
}

/** An http: image is outside img-src: the collector must hear it, or its silence proves nothing. */
async function expectProbeHeard(page: Page, violations: Violation[]): Promise<void> {
  const before = violations.length;
  await page.evaluate(() => {
    const img = document.createElement('img');
    img.alt = '';
    img.id = 'csp-probe';
    img.src = 'http://csp-probe.invalid/probe.png';
    document.body.appendChild(img);
  });
  await expect.poll(() => violations.slice(before).some((v) => v.blocked.includes('csp-probe'))).toBe(true);
  violations.splice(before);
  // The probe is the story's, not the page's: gone before the page is checked with axe.
  await page.evaluate(() => document.getElementById('csp-probe')?.remove());
}

test.describe('the Content-Security-Policy', () => {
  test(
    'a member buys from home to policy with no CSP violation',
    { tag: ['@writes', '@demo-data', '@wechat-sim'] },
    async ({ page, context, baseURL }) => {
      const violations = await collectViolations(page);
      await signInBrowser(context, baseURL!, 'demo.member');
      const product = await catalogueProduct(context.request, '综合意外险');

      await page.goto(hashUrl('/index'));
      await expect(page.getByRole('heading', { name: t('home.hot.title') })).toBeVisible();
      await page.getByText(product.name).first().click();
      await expect(page.getByRole('heading', { name: product.name })).toBeVisible();

      await startBuying(page);
      await choosePlan(page);
      const applicant = { name: '周安心', idNumber: residentId('19880521', 31), mobile: '13912340021' };
      await fillApplicant(page, applicant);
      await insureSelf(page, applicant);
      await passHealth(page);
      await confirmAndSubmit(page);
      const policyNo = await payInCashier(page);

      // 查看保单 → the policy list → this policy → its PDF (a download outside WeChat; the in-WeChat
      // viewer's frame is walked by policy.spec.ts).
      await page.getByRole('button', { name: t('pay.viewPolicy') }).click();
      await page.getByRole('button', { name: tPattern('policy.policyNo', { no: policyNo }) }).click();
      await expect(page.getByTestId('policy-no')).toHaveText(policyNo);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: t('policy.downloadPolicy') }).click();
      expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

      expect(violations).toEqual([]);
      await expectProbeHeard(page, violations);
    },
  );

  test.describe('inside WeChat', { tag: ['@writes', '@wechat-sim', '@in-wechat'] }, () => {
    test.use({ wechat: true });

    test("a visitor signs in on WeChat's consent page with no CSP violation", async ({ page }, testInfo) => {
      const violations = await collectViolations(page);
      await page.goto('/?channel=demo#/help/person');
      await expect(page).toHaveURL(/\/wx-sim\/connect\/oauth2\/authorize\?/);
      // WeChat's consent page (the simulator's), in Chinese whatever the H5's language.
      const nickname = `csp-${testInfo.project.name}-${Date.now()}`;
      await page.getByLabel('模拟的微信用户（昵称）').fill(nickname);
      await page.getByRole('button', { name: '允许' }).click();
      await consentAsNewWeChatUser(page);
      // Back on 我的, signed in as the WeChat user.
      await expect(page).toHaveURL(/#\/help\/person/);
      await expect(page.getByRole('button', { name: new RegExp(nickname) })).toBeVisible();

      expect(violations).toEqual([]);
      await expectProbeHeard(page, violations);
    });
  });
});
