import { expect, test } from './fixtures.ts';

/*
 * The API reference page (docs/decisions/api-document.md) renders the OpenAPI document in the
 * browser under its own Content-Security-Policy, with no violation. Served outside production only,
 * like the development routes.
 */
test(
  'a developer opens the API reference page and finds the catalogue call',
  { tag: ['@dev-routes'] },
  async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/prod-api/docs/');
    await expect(page.getByRole('heading', { name: /insure-h5 API/ })).toBeVisible();
    // The tags are closed until opened (the page would draw every operation at once otherwise).
    await page
      .getByRole('button', { name: 'catalogue', exact: true })
      .or(page.getByRole('link', { name: 'catalogue', exact: true }))
      .first()
      .click();
    await expect(page.getByText('/prod-api/app-api/v1/prodType/listTypeProds').first()).toBeVisible();
    expect(violations).toEqual([]);
  },
);
