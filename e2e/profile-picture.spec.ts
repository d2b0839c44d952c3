import { makePng } from './fixtures/png.ts';
import { expect, test } from './fixtures/test.ts';
import { toast } from './fixtures/ui.ts';

test('a client uploads a profile picture and sees it in the header', async ({ page, signedInClient }) => {
  await page.goto('/profile-pic');
  await expect(page.getByRole('heading', { name: 'Profile picture' })).toBeVisible();
  const avatar = page.getByRole('button', { name: 'Profile menu' }).locator('img');
  await expect(avatar).toHaveCount(0);

  await page.getByLabel('Choose a picture').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: makePng(64, 64, [30, 120, 200]),
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(toast(page, 'Upload Successful')).toBeVisible();

  await expect(avatar).toBeVisible();
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const src = await avatar.getAttribute('src');
  expect(src).toBeTruthy();
  const picture = await page.request.get(src ?? '');
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toMatch(/^image\//);

  // It stays after a reload: the account now points to the stored file.
  await page.reload();
  await expect(avatar).toHaveAttribute('src', src ?? '');
  await expect(page.getByRole('main').getByRole('img', { name: signedInClient.fullname })).toHaveAttribute(
    'src',
    src ?? '',
  );
});
