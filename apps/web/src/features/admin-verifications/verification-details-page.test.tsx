import type { AdminVerificationDetail, VerificationReason } from '@candor/contracts/verifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { AUDIT_LOG_HINT } from '../../components/ui/reason-dialog.tsx';
import { formatDay } from '../../lib/format-date.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import {
  buildMe,
  callsTo,
  idempotencyKeys,
  mockApi,
  pageReply,
  renderPages,
} from '../../test/render-page.tsx';
import { VerificationDetailsPage } from './verification-details-page.tsx';

const SUBMISSION_ID = '44444444-4444-4444-8444-444444444444';

function detail(overrides: Partial<AdminVerificationDetail> = {}): AdminVerificationDetail {
  return {
    userId: 'user-1',
    email: 'ada@example.com',
    fullname: 'Ada Lovelace',
    identityStatus: 'pending',
    submissionId: SUBMISSION_ID,
    submissionStatus: 'pending',
    documentType: 'id_card',
    documentNumber: 'AB123456',
    documentExpiry: '2031-05-01',
    submittedAt: '2026-11-20T10:00:00.000Z',
    waitingSeconds: 7200,
    frontImageUrl: '/api/admin/verification-images/f1?sig=a',
    backImageUrl: '/api/admin/verification-images/b1?sig=a',
    imageLinksExpireAt: '2026-11-20T12:01:00.000Z',
    claim: { by: { id: 'me', name: 'Cleo Compliance' }, until: '2026-11-20T12:15:00.000Z', mine: true },
    decision: null,
    earlierSubmissions: [
      {
        id: '55555555-5555-4555-8555-555555555555',
        documentType: 'id_card',
        documentNumber: 'AB123456',
        documentExpiry: '2025-01-01',
        status: 'declined',
        reasonCode: 'expired',
        reasonLabel: 'Expired',
        approvalReason: null,
        note: 'Out of date',
        resubmitSide: null,
        decidedBy: { id: 'r2', name: 'Rex Reviewer' },
        submittedAt: '2026-10-01T10:00:00.000Z',
        decidedAt: '2026-10-02T10:00:00.000Z',
        imagesErased: false,
      },
    ],
    duplicates: [{ userId: 'user-9', email: 'other@example.com' }],
    ...overrides,
  };
}

const REASONS: VerificationReason[] = [
  { code: 'unreadable', label: 'Unreadable', active: true },
  { code: 'expired', label: 'Expired', active: true },
  { code: 'old_rule', label: 'Old rule', active: false },
];

function renderPage(role: 'compliance' | 'support' | 'accountant' | 'admin' = 'compliance') {
  return renderPages(
    [
      { path: '/admin/verifications/$uid', component: VerificationDetailsPage },
      { path: '/user/$id', component: () => <p>User page</p> },
      { path: '/all-user', component: () => <p>Manage</p> },
    ],
    '/admin/verifications/user-1',
    { me: buildMe({ role }) },
  );
}

describe('VerificationDetailsPage', () => {
  test('shows the document, both sides with zoom and rotate, earlier submissions, duplicates and the claim', async () => {
    mockApi({
      'GET /api/admin/verifications/user-1': { status: 200, body: detail() },
      'GET /api/admin/verification-reasons': { status: 200, body: { items: REASONS } },
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: /Ada Lovelace/, level: 1 })).toBeTruthy();
    expect(screen.getByText('AB123456')).toBeTruthy();
    expect(screen.getByText('ID card')).toBeTruthy();
    expect(screen.getByText(formatDay('2031-05-01')).getAttribute('datetime')).toBe('2031-05-01');
    expect(screen.getByText(/You are reviewing this until/)).toBeTruthy();
    const front = screen.getByRole('img', { name: 'Front' });
    expect(front.getAttribute('src')).toBe('/api/admin/verification-images/f1?sig=a');
    expect(screen.getByRole('img', { name: 'Back' })).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Zoom in Front' }));
    await user.click(screen.getByRole('button', { name: 'Rotate Front' }));
    expect(front.style.transform).toBe('rotate(90deg)');
    expect(front.style.width).toBe('150%');
    expect(screen.getByText('150%')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Back' }).style.transform).toBe('rotate(0deg)');
    expect(screen.getByRole('img', { name: 'Back' }).style.width).toBe('');

    expect(screen.getByText(/Reason: Expired · Note: Out of date · by Rex Reviewer/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'other@example.com' }).getAttribute('href')).toBe('/user/user-9');
  });

  test("an approval's reason (staff only) is in the decision history: the decision and earlier submissions", async () => {
    const [declined] = detail().earlierSubmissions;
    if (!declined) throw new Error('the detail has an earlier submission');
    const approved = {
      ...declined,
      status: 'approved',
      reasonCode: null,
      reasonLabel: null,
      note: 'Welcome aboard',
      decidedBy: { id: 'r3', name: 'Cleo Compliance' },
    } as const;
    mockApi({
      'GET /api/admin/verifications/user-1': {
        status: 200,
        body: detail({
          submissionStatus: 'approved',
          identityStatus: 'verified',
          claim: null,
          decision: { ...approved, id: SUBMISSION_ID, approvalReason: 'Face and MRZ match the passport' },
          earlierSubmissions: [{ ...approved, approvalReason: 'Checked by video call' }],
        }),
      },
      'GET /api/admin/verification-reasons': { status: 200, body: { items: REASONS } },
    });
    renderPage('admin');
    const row = await screen.findByText('Approval reason (staff only)');
    expect(row.parentElement?.textContent).toContain('Face and MRZ match the passport');
    expect(
      screen.getByText(
        /Approval reason \(staff only\): Checked by video call · Note: Welcome aboard · by Cleo Compliance/,
      ),
    ).toBeTruthy();
  });

  test('Decline asks for a reason from the active list and a note, then sends the decision once', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/verifications/user-1': { status: 200, body: detail() },
      'GET /api/admin/verification-reasons': { status: 200, body: { items: REASONS } },
      'POST /api/admin/verifications/user-1/decision': {
        status: 200,
        body: {
          identityStatus: 'declined',
          decision: { ...detail().earlierSubmissions[0], id: SUBMISSION_ID },
        },
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline' });
    const select = within(dialog).getByLabelText('Reason');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a reason', 'Unreadable', 'Expired']);
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose a reason');
    expect(callsTo(fetchMock, 'POST /api/admin/verifications/user-1/decision')).toEqual([]);

    await user.selectOptions(select, 'expired');
    await user.type(
      within(dialog).getByLabelText('Note to the customer (optional)'),
      'Please use a valid card',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Verification declined')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/verifications/user-1/decision')).toEqual([
      {
        submissionId: SUBMISSION_ID,
        decision: 'decline',
        reasonCode: 'expired',
        note: 'Please use a valid card',
      },
    ]);
    expect(idempotencyKeys(fetchMock, '/api/admin/verifications/user-1/decision')[0]).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test('a pasted note over 500 characters is kept whole and refused, not cut short', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/verifications/user-1': { status: 200, body: detail() },
      'GET /api/admin/verification-reasons': { status: 200, body: { items: REASONS } },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline' });
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'expired');
    const note = within(dialog).getByLabelText('Note to the customer (optional)') as HTMLTextAreaElement;
    note.focus();
    await user.paste('x'.repeat(600));
    expect(note.value).toHaveLength(600);
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(within(dialog).getByText('The note can be at most 500 characters')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/verifications/user-1/decision')).toEqual([]);
  });

  test('a note of only invisible characters (zero-width spaces, direction marks) is sent as no note', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/verifications/user-1': { status: 200, body: detail() },
      'GET /api/admin/verification-reasons': { status: 200, body: { items: REASONS } },
      'POST /api/admin/verifications/user-1/decision': {
        status: 200,
        body: {
          identityStatus: 'declined',
          decision: { ...detail().earlierSubmissions[0], id: SUBMISSION_ID },
        },
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline' });
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'expired');
    within(dialog).getByLabelText('Note to the customer (optional)').focus();
    await user.paste(' \u200b\u2060\u202e ');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/admin/verifications/user-1/decision')).toEqual([
        { submissionId: SUBMISSION_ID, decision: 'decline', reasonCode: 'expired' },
      ]),
    );
  });

  test("Approve asks why (a reason for the audit log, not one of the list's) and sends it with the decision", async () => {
    const fetchMock = mockApi({
      'GET /api/admin/verifications/user-1': { status: 200, body: detail() },
      'GET /api/admin/verification-reasons': { status: 200, body: { items: REASONS } },
      'POST /api/admin/verifications/user-1/decision': {
        status: 200,
        body: {
          identityStatus: 'verified',
          decision: { ...detail().earlierSubmissions[0], id: SUBMISSION_ID },
        },
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve' });
    // The list's reasons are why a submission is refused: an approval picks none of them.
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    expect(within(dialog).queryByText('Unreadable')).toBeNull();
    const reason = within(dialog).getByLabelText('Reason');
    expect(document.getElementById(reason.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      AUDIT_LOG_HINT,
    );
    const note = within(dialog).getByLabelText('Note to the customer (optional)');
    expect(document.getElementById(note.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Shown to the customer on their Identity verification page.',
    );
    expect(within(dialog).queryByText(/with the reason/)).toBeNull();
    // Nothing is sent without a reason (decision 061).
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Reason is required')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/verifications/user-1/decision')).toEqual([]);
    await user.type(reason, ' Photo matches the holder; document number checked ');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/admin/verifications/user-1/decision')).toEqual([
        {
          submissionId: SUBMISSION_ID,
          decision: 'approve',
          reason: 'Photo matches the holder; document number checked',
        },
      ]),
    );
  });

  test('a decision refreshes the Users tab, which shows and filters by verification', async () => {
    mockApi({
      'GET /api/admin/verifications/user-1': { status: 200, body: detail() },
      'GET /api/admin/verification-reasons': { status: 200, body: { items: REASONS } },
      'POST /api/admin/verifications/user-1/decision': {
        status: 200,
        body: {
          identityStatus: 'verified',
          decision: { ...detail().earlierSubmissions[0], id: SUBMISSION_ID },
        },
      },
    });
    const { queryClient } = renderPage();
    queryClient.setQueryData(queryKeys.adminUsers.page({ page: 1 }), pageReply([]));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Document checked against the photo');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Verification approved')).toBeTruthy();
    await waitFor(() =>
      expect(queryClient.getQueryState(queryKeys.adminUsers.page({ page: 1 }))?.isInvalidated).toBe(true),
    );
  });

  test('Ask to resubmit one side needs the side', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/verifications/user-1': { status: 200, body: detail() },
      'GET /api/admin/verification-reasons': { status: 200, body: { items: REASONS } },
      'POST /api/admin/verifications/user-1/decision': {
        status: 409,
        body: { code: 'ALREADY_DECIDED', message: 'This submission was already decided' },
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ask to resubmit one side' }));
    const dialog = screen.getByRole('dialog', { name: 'Ask to resubmit one side' });
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'unreadable');
    await user.click(within(dialog).getByRole('button', { name: 'Ask to resubmit' }));
    expect(within(dialog).getByText('Choose the side to upload again')).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'Back' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ask to resubmit' }));
    // The server's refusal is told, and the dialog stays for another try.
    expect(await screen.findByText('This submission was already decided')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/verifications/user-1/decision')).toEqual([
      { submissionId: SUBMISSION_ID, decision: 'resubmit', reasonCode: 'unreadable', side: 'back' },
    ]);
  });

  test('while another reviewer holds the claim the decisions wait', async () => {
    mockApi({
      'GET /api/admin/verifications/user-1': {
        status: 200,
        body: detail({
          claim: { by: { id: 'r2', name: 'Rex Reviewer' }, until: '2026-11-20T12:15:00.000Z', mine: false },
        }),
      },
      'GET /api/admin/verification-reasons': { status: 200, body: { items: REASONS } },
    });
    renderPage();
    expect((await screen.findByRole('button', { name: 'Approve' })).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Decline' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Another reviewer is working on this verification.')).toBeTruthy();
    expect(screen.getByText(/Rex Reviewer is reviewing this until/)).toBeTruthy();
  });

  test('a passport shows its front only', async () => {
    mockApi({
      'GET /api/admin/verifications/user-1': {
        status: 200,
        body: detail({ documentType: 'passport', backImageUrl: null }),
      },
      'GET /api/admin/verification-reasons': { status: 200, body: { items: REASONS } },
    });
    renderPage('admin');
    expect(await screen.findByRole('img', { name: 'Front' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Back' })).toBeNull();
  });

  test.each([
    ['support', 'Support'],
    ['accountant', 'Accountant'],
  ] as const)(
    '%s, without verifications.read, is told its role cannot review verifications; nothing is asked of the server',
    async (role, label) => {
      const fetchMock = mockApi({});
      renderPage(role);
      expect(
        await screen.findByText(`Your role (${label}) cannot review identity verifications.`),
      ).toBeTruthy();
      expect(screen.getByText('Only Owner, Admin or Compliance can: ask one of them.')).toBeTruthy();
      expect(screen.queryByText('The verification could not be loaded.')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
      expect(callsTo(fetchMock, 'GET /api/admin/verifications/user-1')).toEqual([]);
    },
  );

  test('a broken image link asks the server for fresh links once', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/verifications/user-1': { status: 200, body: detail() },
      'GET /api/admin/verification-reasons': { status: 200, body: { items: REASONS } },
    });
    renderPage();
    const front = await screen.findByRole('img', { name: 'Front' });
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET /api/admin/verification-reasons').length).toBeGreaterThan(0),
    );
    const before = callsTo(fetchMock, 'GET /api/admin/verifications/user-1').length;
    front.dispatchEvent(new Event('error'));
    screen.getByRole('img', { name: 'Back' }).dispatchEvent(new Event('error'));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET /api/admin/verifications/user-1')).toHaveLength(before + 1),
    );
    // The same links broken again do not ask again (no loop); the button does.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(fetchMock, 'GET /api/admin/verifications/user-1')).toHaveLength(before + 1);
    await userEvent.click(screen.getByRole('button', { name: 'Reload images' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET /api/admin/verifications/user-1')).toHaveLength(before + 2),
    );
  });
});
