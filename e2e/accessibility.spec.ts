import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { creditCustomer, openAdminPage } from './fixtures/admin.ts';
import { expectOk } from './fixtures/api.ts';
import { CUSTOMER_ROUTES, PUBLIC_ROUTES, STAFF_ROUTES } from './fixtures/app-routes.ts';
import { readE2eEnv } from './fixtures/env.ts';
import { makePng } from './fixtures/png.ts';
import { expect, test } from './fixtures/test.ts';
import { toast } from './fixtures/ui.ts';
import { buildUser } from './fixtures/users.ts';

/**
 * axe-core (WCAG 2.0/2.1 A and AA, and best practices) on every route of the router, for a visitor,
 * a customer with records and the administrator, on a phone (390 px) and a desktop (1440 px).
 * A serious or critical violation fails the test, listed with its rule, element and page.
 * One test per width (and per half of the customer's routes): each stays well inside its budget
 * when the two-core machine also runs the other journeys, and they run side by side.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const WIDTHS = [390, 1440] as const;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

test.describe.configure({ mode: 'parallel' });

/** Waits until the page has drawn its data (no spinner, no "Loading…" text), at most a few seconds. */
async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        !document.querySelector('[aria-label="Loading"], [aria-label="Loading chart"]') &&
        // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees, not hidden nodes
        !/\bLoading\b/.test(document.body.innerText),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/**
 * Opens each URL at the width, runs axe, and returns one line per serious or critical violation, and
 * one for a page wider than the window.
 */
async function audit(page: Page, width: number, urls: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  await page.setViewportSize({ width, height: 900 });
  for (const url of urls) {
    await page.goto(url);
    await settle(page);
    // WCAG 2.1's reflow (1.4.10): nothing makes the page scroll sideways, whatever its width.
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    if (pageWidth > width) found.push(`${width}px ${url} scrolls sideways: ${pageWidth} px wide`);
    const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    for (const violation of violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      for (const node of violation.nodes) {
        // color-contrast says which colours and ratio; the other rules say enough with the element.
        const contrast = node.any.find((check) => check.id === 'color-contrast')?.data as
          | { fgColor: string; bgColor: string; contrastRatio: number }
          | undefined;
        const detail = contrast
          ? ` ${contrast.fgColor} on ${contrast.bgColor} = ${contrast.contrastRatio}`
          : '';
        found.push(
          `${width}px ${url} ${violation.id} (${violation.impact}): ${node.target.join(' ')}${detail}`,
        );
      }
    }
  }
  return found;
}

const fill = (path: string, ids: Record<string, string>) =>
  path.replace(/\$(\w+)/g, (_, name: string) => ids[name] ?? UNKNOWN_ID);

for (const width of WIDTHS) {
  test(`pages open without signing in have no serious accessibility violation at ${width} px`, async ({
    page,
  }) => {
    expect(await audit(page, width, PUBLIC_ROUTES)).toEqual([]);
  });
}

/**
 * A toast is part of the page while it shows: the toaster's colours are the app's (styles.css), so
 * a success toast (sign-up's "Account created. Please log in.") is audited at both widths, and its
 * place is checked: at the foot of a wide screen, under the header on a phone (at the foot it
 * covered what the thumb goes to next), over no heading, tab or header control either way.
 */
for (const width of WIDTHS) {
  test(`a toast has no serious accessibility violation at ${width} px`, async ({ page }) => {
    const user = buildUser();
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/signup');
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Full name').fill(user.fullname);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm password').fill(user.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    const shown = toast(page, 'Account created. Please log in.');
    await expect(shown).toBeVisible();
    const header = await page.locator('header').first().boundingBox();
    if (!header) throw new Error('the page has no header');
    if (width < 640) {
      // On a phone it comes to rest just under the header (it slides in from above)...
      await expect
        .poll(async () => (await shown.boundingBox())?.y ?? Number.NEGATIVE_INFINITY)
        .toBeGreaterThanOrEqual(header.y + header.height);
      const rest = await shown.boundingBox();
      expect(rest?.y).toBeLessThanOrEqual(header.y + header.height + 16);
    } else {
      // ...on a wide screen at the foot (it slides in from below the bottom edge)...
      await expect
        .poll(async () => {
          const box = await shown.boundingBox();
          return box ? box.y + box.height : Number.POSITIVE_INFINITY;
        })
        .toBeLessThanOrEqual(900);
      const foot = await shown.boundingBox();
      expect((foot?.y ?? 0) + (foot?.height ?? 0)).toBeGreaterThanOrEqual(900 - 48);
    }
    const rest = await shown.boundingBox();
    if (!rest) throw new Error('the toast has no box');
    // ...over no heading, tab or control of the header.
    const covered: string[] = [];
    for (const element of await page.locator('h1, h2, [role="tab"], header a, header button').all()) {
      const box = await element.boundingBox();
      if (!box) continue;
      const overlaps =
        box.x < rest.x + rest.width &&
        rest.x < box.x + box.width &&
        box.y < rest.y + rest.height &&
        rest.y < box.y + box.height;
      if (overlaps) covered.push((await element.textContent()) ?? '');
    }
    expect(covered).toEqual([]);
    const { violations } = await new AxeBuilder({ page })
      .include('[data-sonner-toaster]')
      .withTags(TAGS)
      .analyze();
    const serious = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
    expect(serious).toEqual([]);
  });
}

/**
 * Gives the customer records so the lists are not empty: money (an administrator's credit), a
 * deposit waiting for approval and an open trade. Returns the deposit's id.
 */
async function giveRecords(page: Page, adminPage: Page, customerId: string): Promise<string> {
  const headers = { origin: readE2eEnv().baseURL };
  await creditCustomer(adminPage, customerId, '500');
  const quote = await page.request.post('/api/deposit-quotes', {
    headers,
    data: { amount: '100', coin: 'usdt' },
  });
  await expectOk(quote, 'quote a deposit');
  const proof = await page.request.post('/api/deposits/proofs', {
    headers,
    multipart: { file: { name: 'proof.png', mimeType: 'image/png', buffer: makePng(40, 40, [20, 160, 90]) } },
  });
  await expectOk(proof, 'upload a proof of payment');
  const { id: quoteId } = (await quote.json()) as { id: string };
  const { fileId } = (await proof.json()) as { fileId: string };
  const deposit = await page.request.post('/api/deposits', {
    headers,
    data: { quoteId, proofFileId: fileId },
  });
  await expectOk(deposit, 'submit a deposit');
  const opened = await page.request.post('/api/trades', {
    headers,
    data: { symbol: 'EURUSD', direction: 'buy', amount: '100', lotSize: '1' },
  });
  await expectOk(opened, 'open a trade');
  return ((await deposit.json()) as { id: string }).id;
}

/**
 * A test with a customer who has records (giveRecords) and an administrator's page, both open
 * while `body` runs; two minutes each (a test audits at most a dozen pages at one width).
 */
function testWithRecords(
  title: string,
  body: (pages: { page: Page; adminPage: Page; customerId: string; depositId: string }) => Promise<void>,
): void {
  test(title, async ({ page, browser, signedInClient }) => {
    test.setTimeout(120_000);
    const admin = await openAdminPage(browser);
    try {
      const depositId = await giveRecords(page, admin.page, signedInClient.id);
      await body({ page, adminPage: admin.page, customerId: signedInClient.id, depositId });
    } finally {
      await admin.close();
    }
  });
}

const HALF = Math.ceil(CUSTOMER_ROUTES.length / 2);
const CUSTOMER_HALVES = [CUSTOMER_ROUTES.slice(0, HALF), CUSTOMER_ROUTES.slice(HALF)];

for (const width of WIDTHS) {
  for (const [index, routes] of CUSTOMER_HALVES.entries()) {
    testWithRecords(
      `customer pages (part ${index + 1} of 2) have no serious accessibility violation at ${width} px`,
      async ({ page }) => {
        const urls = routes.map((path) => fill(path, {}));
        expect(await audit(page, width, urls)).toEqual([]);
      },
    );
  }
  testWithRecords(
    `staff pages have no serious accessibility violation at ${width} px`,
    async ({ adminPage, customerId, depositId }) => {
      const urls = STAFF_ROUTES.map((path) => {
        if (path.startsWith('/deposit/')) return fill(path, { id: depositId });
        if (path.startsWith('/user/')) return fill(path, { id: customerId });
        return fill(path, { uid: customerId });
      });
      expect(await audit(adminPage, width, urls)).toEqual([]);
    },
  );
}
