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

test('on a phone (390 px), a text file named .png shows no preview and the refusal beside the field', async ({
  page,
  signedInClient: _client,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/profile-pic');
  const field = page.getByLabel('Choose a picture');
  await field.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just notes') });
  await expect(page.getByText('Please choose a PNG, JPEG or WebP image.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByAltText('Preview of your new avatar')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/hcu-profile-refusal-390.png' });

  // An SVG named .png: the browser does not decode it as a PNG either.
  await field.setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>',
    ),
  });
  await expect(page.getByText('Please choose a PNG, JPEG or WebP image.')).toBeVisible();
  await expect(page.getByAltText('Preview of your new avatar')).toHaveCount(0);

  // A real picture is previewed.
  await field.setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: makePng(64, 64, [30, 120, 200]),
  });
  await expect(page.getByAltText('Preview of your new avatar')).toBeVisible();
  await expect(page.getByText('Please choose a PNG, JPEG or WebP image.')).toHaveCount(0);
});
