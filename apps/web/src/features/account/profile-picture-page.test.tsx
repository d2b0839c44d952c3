import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { buildMe, callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { ProfilePicturePage } from './profile-picture-page.tsx';

function renderPage() {
  return renderPages([{ path: '/profile-pic', component: ProfilePicturePage }], '/profile-pic', {
    me: buildMe(),
  });
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });

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
});
