import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { buildMe, callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { ProfilePicturePage } from './profile-picture-page.tsx';

function renderPage() {
  return renderPages([{ path: '/profile-pic', component: ProfilePicturePage }], '/profile-pic', {
    me: buildMe(),
  });
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const png = (name = 'me.png') => new File([new Uint8Array(PNG_SIGNATURE)], name, { type: 'image/png' });

// jsdom decodes no images: the browser's decoder stands in, refusing a file named "broken…".
beforeEach(() => {
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async (file: File) => {
      if (file.name.startsWith('broken')) throw new DOMException('The source image could not be decoded.');
      return { close: () => undefined };
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProfilePicturePage', () => {
  test('uploading without a file asks for one', async () => {
    const fetchMock = mockApi({});
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Please select a file first')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/account/profile-picture')).toEqual([]);
  });

  test('a file that is not an image is refused before upload', async () => {
    mockApi({});
    renderPage();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      await screen.findByLabelText('Choose a picture'),
      new File(['%PDF'], 'id.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('Please choose a PNG, JPEG or WebP image.')).toBeTruthy();
  });

  test('a successful upload sends the file, confirms and reloads the session for the header', async () => {
    const fetchMock = mockApi({
      'POST /api/account/profile-picture': { status: 200, body: { profileImageUrl: '/api/files/f1' } },
      'GET /api/session': { status: 200, body: { user: buildMe({ profileImageUrl: '/api/files/f1' }) } },
    });
    const { queryClient } = renderPage();
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Choose a picture'), png());
    expect(await screen.findByAltText('Preview of your new avatar')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('Upload Successful')).toBeTruthy();
    const [form] = callsTo(fetchMock, 'POST /api/account/profile-picture');
    expect(form instanceof FormData && (form.get('file') as File).name).toBe('me.png');
    await waitFor(() =>
      expect(
        queryClient.getQueryData<{ user: { profileImageUrl: string } }>(['session'])?.user.profileImageUrl,
      ).toBe('/api/files/f1'),
    );
  });

  test('pressing Upload twice before the page answers sends the picture once and says so once', async () => {
    const fetchMock = mockApi({
      'POST /api/account/profile-picture': { status: 200, body: { profileImageUrl: '/api/files/f1' } },
      'GET /api/session': { status: 200, body: { user: buildMe({ profileImageUrl: '/api/files/f1' }) } },
    });
    renderPage();
    await userEvent.setup().upload(await screen.findByLabelText('Choose a picture'), png());
    await screen.findByAltText('Preview of your new avatar');
    const button = screen.getByRole('button', { name: 'Upload' });

    // A double click: both clicks land before the button shows it is busy.
    fireEvent.click(button);
    fireEvent.click(button);

    expect(await screen.findByText('Upload Successful')).toBeTruthy();
    await screen.findByText('Current picture');
    expect(callsTo(fetchMock, 'POST /api/account/profile-picture')).toHaveLength(1);
    expect(screen.getAllByText('Upload Successful')).toHaveLength(1);
  });

  test('a refused upload says so with the reason', async () => {
    mockApi({
      'POST /api/account/profile-picture': {
        status: 413,
        body: { code: 'FILE_TOO_LARGE', message: 'The file is larger than 5 MB.' },
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Choose a picture'), png());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Upload Failed')).toBeTruthy();
    expect(screen.getByText('The file is larger than 5 MB.')).toBeTruthy();
  });

  test.each([
    ['a renamed text file', new File(['just some notes'], 'notes.png', { type: 'image/png' })],
    [
      'an SVG named .png',
      new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'me.png', { type: 'image/png' }),
    ],
  ])("%s shows no preview and the server's refusal beside the field, and is not sent", async (_, file) => {
    const fetchMock = mockApi({});
    renderPage();
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Choose a picture');
    await user.upload(input, file);
    expect(await screen.findByText('Please choose a PNG, JPEG or WebP image.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByAltText('Preview of your new avatar')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(callsTo(fetchMock, 'POST /api/account/profile-picture')).toEqual([]);
  });

  test('a PNG the browser cannot decode shows no preview and says the image could not be read', async () => {
    mockApi({});
    renderPage();
    await userEvent.setup().upload(await screen.findByLabelText('Choose a picture'), png('broken.png'));
    expect(await screen.findByText('The image could not be read. Please choose another file.')).toBeTruthy();
    expect(screen.queryByAltText('Preview of your new avatar')).toBeNull();
  });
});
