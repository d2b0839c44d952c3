import {
  type OwnSubmission,
  VERIFICATION_MESSAGES,
  type VerificationStatus,
} from '@candor/contracts/verifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { formatDay } from '../../lib/format-date.ts';
import { fakeUploads } from '../../test/fake-upload.ts';
import { buildMe, callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { IdentityPage } from './identity-page.tsx';

const FRONT_ID = '11111111-1111-4111-8111-111111111111';
const BACK_ID = '22222222-2222-4222-8222-222222222222';

function status(overrides: Partial<VerificationStatus> = {}): VerificationStatus {
  return { status: 'unverified', canSubmit: true, verifiedUntil: null, submissions: [], ...overrides };
}

function submission(overrides: Partial<OwnSubmission> = {}): OwnSubmission {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    documentType: 'id_card',
    documentNumber: 'AB123456',
    documentExpiry: '2031-05-01',
    status: 'pending',
    decisionReason: null,
    reasonCode: null,
    note: null,
    resubmitSide: null,
    frontImageUrl: null,
    backImageUrl: null,
    frontFileId: null,
    backFileId: null,
    submittedAt: '2026-11-20T10:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

function renderPage() {
  return renderPages([{ path: '/identity', component: IdentityPage }], '/identity', { me: buildMe() });
}

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

describe('IdentityPage', () => {
  test('submitting without both sides says so (seed §5), and nothing is sent', async () => {
    const fetchMock = mockApi({ 'GET /api/verifications/me': { status: 200, body: status() } });
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Document number'), 'AB123456');
    await user.type(screen.getByLabelText('Expiry date'), '2031-05-01');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(
      await screen.findByText('Please upload both Front and Back ID images before submitting.'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/verifications')).toEqual([]);
  });

  test('the missing-images message stays until both sides are in, then goes; a corrected field loses its message', async () => {
    fakeUploads((_form, index) => ({
      status: 201,
      body: {
        fileId: index === 0 ? FRONT_ID : BACK_ID,
        url: `/api/files/${index}`,
        contentType: 'image/png',
      },
    }));
    mockApi({ 'GET /api/verifications/me': { status: 200, body: status() } });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Submit for review' }));
    const missing = 'Please upload both Front and Back ID images before submitting.';
    expect(await screen.findByText(missing)).toBeTruthy();
    expect(screen.getByText('Document number is required')).toBeTruthy();

    await user.upload(screen.getByLabelText('Front of the document'), png('front.png'));
    await waitFor(() => expect(screen.getAllByText('Uploaded')).toHaveLength(1));
    expect(screen.getByText(missing)).toBeTruthy();
    await user.upload(screen.getByLabelText('Back of the document'), png('back.png'));
    await waitFor(() => expect(screen.getAllByText('Uploaded')).toHaveLength(2));
    expect(screen.queryByText(missing)).toBeNull();

    await user.type(screen.getByLabelText('Document number'), 'A');
    expect(screen.queryByText('Document number is required')).toBeNull();
  });

  test('an expired document is refused under its Expiry date field, and nothing is sent', async () => {
    const fetchMock = mockApi({ 'GET /api/verifications/me': { status: 200, body: status() } });
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Document number'), 'AB123456');
    await user.type(screen.getByLabelText('Expiry date'), '2020-01-01');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    const field = screen.getByLabelText('Expiry date');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('This document has expired. Please use a valid document.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/verifications')).toEqual([]);
  });

  test('a document expiring today is sent; one expiring more than 20 years ahead is refused under its field', async () => {
    fakeUploads(() => ({
      status: 201,
      body: { fileId: FRONT_ID, url: '/api/files/0', contentType: 'image/png' },
    }));
    const fetchMock = mockApi({
      'GET /api/verifications/me': { status: 200, body: status() },
      'POST /api/verifications': {
        status: 201,
        body: status({ status: 'pending', canSubmit: false, submissions: [submission()] }),
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Passport' }));
    await user.upload(screen.getByLabelText('Front of the document'), png('front.png'));
    await waitFor(() => expect(screen.getAllByText('Uploaded')).toHaveLength(1));
    await user.type(screen.getByLabelText('Document number'), 'P1234567');
    const today = new Date().toISOString().slice(0, 10);
    const typo = `${Number(today.slice(0, 4)) + 21}${today.slice(4)}`;
    await user.type(screen.getByLabelText('Expiry date'), typo);
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    const field = screen.getByLabelText('Expiry date');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(VERIFICATION_MESSAGES.documentExpiryTooFar)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/verifications')).toEqual([]);

    await user.clear(field);
    await user.type(field, today);
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/verifications')).toEqual([
        {
          documentType: 'passport',
          documentNumber: 'P1234567',
          documentExpiry: today,
          frontFileId: FRONT_ID,
        },
      ]),
    );
  });

  test("the server's expiry refusal (its clock decides) stands under the field too", async () => {
    fakeUploads((_form, index) => ({
      status: 201,
      body: {
        fileId: index === 0 ? FRONT_ID : BACK_ID,
        url: `/api/files/${index}`,
        contentType: 'image/png',
      },
    }));
    mockApi({
      'GET /api/verifications/me': { status: 200, body: status() },
      'POST /api/verifications': {
        status: 422,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'This document has expired. Please use a valid document.',
        },
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Front of the document'), png('front.png'));
    await user.upload(screen.getByLabelText('Back of the document'), png('back.png'));
    await waitFor(() => expect(screen.getAllByText('Uploaded')).toHaveLength(2));
    await user.type(screen.getByLabelText('Document number'), 'AB123456');
    await user.type(screen.getByLabelText('Expiry date'), '2031-05-01');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    const field = screen.getByLabelText('Expiry date');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('This document has expired. Please use a valid document.')).toBeTruthy();
  });

  test('a passport asks for its front only', async () => {
    mockApi({ 'GET /api/verifications/me': { status: 200, body: status() } });
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Back of the document')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Passport' }));
    expect(screen.queryByLabelText('Back of the document')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Please upload the Front ID image before submitting.')).toBeTruthy();
    expect(screen.getByText('Document number is required')).toBeTruthy();
  });

  test('both sides upload with previews and progress, then the submission shows Pending review', async () => {
    const uploads = fakeUploads((_form, index) => ({
      status: 201,
      body: {
        fileId: index === 0 ? FRONT_ID : BACK_ID,
        url: `/api/files/${index}`,
        contentType: 'image/png',
      },
    }));
    const fetchMock = mockApi({
      'GET /api/verifications/me': { status: 200, body: status() },
      'POST /api/verifications': {
        status: 201,
        body: status({ status: 'pending', canSubmit: false, submissions: [submission()] }),
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Front of the document'), png('front.png'));
    expect(await screen.findByRole('progressbar', { name: 'Uploading Front of the document' })).toBeTruthy();
    expect(screen.getByAltText('Preview: Front of the document')).toBeTruthy();
    expect(await screen.findByText('Upload Successful')).toBeTruthy();
    await user.upload(screen.getByLabelText('Back of the document'), png('back.png'));
    await waitFor(() => expect(screen.getAllByText('Uploaded')).toHaveLength(2));
    // Each side's toast names its side, so two uploads do not read as one toast shown twice.
    const toasts = screen.getAllByText('Upload Successful').map((title) => title.closest('li')?.textContent);
    expect(toasts).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Front of the document'),
        expect.stringContaining('Back of the document'),
      ]),
    );
    expect(uploads.map(({ url, form }) => [url, (form.get('file') as File).name])).toEqual([
      ['/api/verifications/images', 'front.png'],
      ['/api/verifications/images', 'back.png'],
    ]);

    await user.type(screen.getByLabelText('Document number'), 'AB123456');
    await user.type(screen.getByLabelText('Expiry date'), '2031-05-01');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));

    const panel = await screen.findByRole('region', { name: 'Verification status' });
    await waitFor(() => expect(within(panel).getByRole('heading').textContent).toBe('Pending review'));
    expect(callsTo(fetchMock, 'POST /api/verifications')).toEqual([
      {
        documentType: 'id_card',
        documentNumber: 'AB123456',
        documentExpiry: '2031-05-01',
        frontFileId: FRONT_ID,
        backFileId: BACK_ID,
      },
    ]);
    expect(screen.queryByRole('form', { name: 'Identity document' })).toBeNull();
  });

  test('an empty image file (0 bytes) is said to be empty under its field, and is not uploaded', async () => {
    const uploads = fakeUploads(() => ({ status: 200, body: { fileId: FRONT_ID, url: '/api/files/front' } }));
    mockApi({ 'GET /api/verifications/me': { status: 200, body: status() } });
    renderPage();
    const field = await screen.findByLabelText('Front of the document');
    await userEvent.upload(field, new File([], 'front.png', { type: 'image/png' }));
    expect(await screen.findByText('The file is empty. Please choose another file.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(uploads).toHaveLength(0);
    expect(screen.queryByAltText('Preview: Front of the document')).toBeNull();
  });

  test('a refused upload says Upload Failed with the reason', async () => {
    fakeUploads(() => ({
      status: 415,
      body: { code: 'UNSUPPORTED_FILE_TYPE', message: 'Please choose a PNG, JPEG or WebP image.' },
    }));
    mockApi({ 'GET /api/verifications/me': { status: 200, body: status() } });
    renderPage();
    await userEvent.upload(await screen.findByLabelText('Front of the document'), png('front.png'));
    expect(await screen.findByText('Upload Failed')).toBeTruthy();
    expect(await screen.findAllByText('Please choose a PNG, JPEG or WebP image.')).not.toHaveLength(0);
    // The refused file (named .png, not an image) is not previewed: no broken picture stays behind.
    expect(screen.queryByAltText('Preview: Front of the document')).toBeNull();
    expect(screen.getAllByText('No image chosen')).toHaveLength(2);
  });

  test('a declined submission shows the reason and the note, and Submit again opens the form', async () => {
    mockApi({
      'GET /api/verifications/me': {
        status: 200,
        body: status({
          status: 'declined',
          submissions: [
            submission({
              status: 'declined',
              decisionReason: 'Expired',
              reasonCode: 'expired',
              note: 'Use a card that is still valid.',
            }),
          ],
        }),
      },
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Declined: Expired' })).toBeTruthy();
    expect(screen.getByText('Use a card that is still valid.')).toBeTruthy();
    // Settings can make a verified identity a condition of withdrawing: no payment unlocks it.
    expect(screen.getByText('No payment is ever needed to withdraw.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Identity document' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Submit again' }));
    expect(screen.getByRole('form', { name: 'Identity document' })).toBeTruthy();
  });

  test('a request to resubmit one side names that side and keeps the other', async () => {
    const fetchMock = mockApi({
      'GET /api/verifications/me': {
        status: 200,
        body: status({
          status: 'unverified',
          resubmitSide: 'back',
          submissions: [
            submission({
              status: 'resubmit_requested',
              decisionReason: 'Unreadable',
              resubmitSide: 'back',
              frontFileId: FRONT_ID,
              frontImageUrl: '/api/files/front',
            }),
          ],
        }),
      },
      'POST /api/verifications': {
        status: 201,
        body: status({ status: 'pending', canSubmit: false, submissions: [submission()] }),
      },
    });
    fakeUploads(() => ({
      status: 201,
      body: { fileId: BACK_ID, url: '/api/files/back2', contentType: 'image/png' },
    }));
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Please upload the Back image again: Unreadable' }),
    ).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe('Asked again: Unreadable');
    // The front is kept from the last submission: only the back is uploaded again.
    expect(screen.getByAltText('Kept: Front of the document').getAttribute('src')).toBe('/api/files/front');
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Back of the document'), png('back.png'));
    await screen.findByText('Uploaded');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    await screen.findByRole('heading', { name: 'Pending review' });
    expect(callsTo(fetchMock, 'POST /api/verifications')).toEqual([
      {
        documentType: 'id_card',
        documentNumber: 'AB123456',
        documentExpiry: '2031-05-01',
        frontFileId: FRONT_ID,
        backFileId: BACK_ID,
      },
    ]);
  });

  test('a verified customer reads Verified and sees no form', async () => {
    mockApi({
      'GET /api/verifications/me': {
        status: 200,
        body: status({
          status: 'verified',
          canSubmit: false,
          verifiedUntil: '2031-05-01',
          submissions: [submission({ status: 'approved' })],
        }),
      },
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Verified' })).toBeTruthy();
    expect(
      screen.getByText(
        `Your identity is verified until your document expires on ${formatDay('2031-05-01')}.`,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull();
  });

  test("the reviewer's note on an approval is shown, as the Approve dialog tells the reviewer", async () => {
    mockApi({
      'GET /api/verifications/me': {
        status: 200,
        body: status({
          status: 'verified',
          canSubmit: false,
          verifiedUntil: '2031-05-01',
          submissions: [submission({ status: 'approved', note: 'Welcome aboard' })],
        }),
      },
    });
    renderPage();
    const panel = await screen.findByRole('region', { name: 'Verification status' });
    expect(panel.textContent).toContain('Note from our reviewer: Welcome aboard');
  });

  test('a staff account is told it is not verified here, and is offered no form', async () => {
    const fetchMock = mockApi({});
    renderPages([{ path: '/identity', component: IdentityPage }], '/identity', {
      me: buildMe({ role: 'compliance' }),
    });
    expect(
      await screen.findByText(
        'Staff accounts are not verified here: identity verification is for customer accounts.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Submit/ })).toBeNull();
    expect(callsTo(fetchMock, 'GET /api/verifications/me')).toHaveLength(0);
  });
});
