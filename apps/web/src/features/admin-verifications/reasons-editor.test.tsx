import { REASON_LABEL_MAX_LENGTH, VERIFICATION_MESSAGES } from '@candor/contracts/verifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { buildMe, callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { ReasonsEditor } from './reasons-editor.tsx';

function renderEditor() {
  return renderPages([{ path: '/r', component: ReasonsEditor }], '/r', {
    me: buildMe({ role: 'compliance' }),
  });
}

const REASONS = {
  items: [
    { code: 'expired', label: 'Expired', active: true },
    { code: 'old_rule', label: 'Old rule', active: false },
  ],
};

describe('ReasonsEditor', () => {
  test('renames, deactivates and adds reasons', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/verification-reasons': { status: 200, body: REASONS },
      'PUT /api/admin/verification-reasons/expired': ({ body }) => ({
        status: 200,
        body: { code: 'expired', ...(body as object) },
      }),
      'PUT /api/admin/verification-reasons/old_rule': ({ body }) => ({
        status: 200,
        body: { code: 'old_rule', ...(body as object) },
      }),
      'POST /api/admin/verification-reasons': ({ body }) => ({ status: 200, body: { ...(body as object) } }),
    });
    renderEditor();
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Reasons' });
    expect(within(list).getByText('(inactive)')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit Expired' }));
    const field = screen.getByLabelText('Label of expired');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Label is required')).toBeTruthy();
    await user.type(field, 'Document expired');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Reason saved');

    await user.click(screen.getByRole('button', { name: 'Activate Old rule' }));
    await user.type(screen.getByLabelText('New reason code'), 'Bad Code');
    await user.type(screen.getByLabelText('New reason label'), 'Blurry photo');
    await user.click(screen.getByRole('button', { name: 'Add reason' }));
    expect(screen.getByText('The code must be lower-case letters, digits and underscores')).toBeTruthy();
    await user.clear(screen.getByLabelText('New reason code'));
    await user.type(screen.getByLabelText('New reason code'), 'blurry_photo');
    await user.click(screen.getByRole('button', { name: 'Add reason' }));

    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/admin/verification-reasons')).toEqual([
        { code: 'blurry_photo', label: 'Blurry photo', active: true },
      ]),
    );
    expect(callsTo(fetchMock, 'PUT /api/admin/verification-reasons/expired')).toEqual([
      { label: 'Document expired', active: true },
    ]);
    expect(callsTo(fetchMock, 'PUT /api/admin/verification-reasons/old_rule')).toEqual([
      { label: 'Old rule', active: true },
    ]);
  });

  test('a pasted label longer than the limit is kept as pasted and said to be too long, not cut short', async () => {
    const fetchMock = mockApi({ 'GET /api/admin/verification-reasons': { status: 200, body: REASONS } });
    renderEditor();
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Reasons' });
    await user.type(screen.getByLabelText('New reason code'), 'blurry_photo');
    const label = screen.getByLabelText('New reason label') as HTMLInputElement;
    await user.click(label);
    await user.paste('L'.repeat(REASON_LABEL_MAX_LENGTH + 20));
    expect(label.value).toHaveLength(REASON_LABEL_MAX_LENGTH + 20);
    await user.click(screen.getByRole('button', { name: 'Add reason' }));
    expect(screen.getByText(VERIFICATION_MESSAGES.reasonLabelTooLong)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit Expired' }));
    const edited = screen.getByLabelText('Label of expired') as HTMLInputElement;
    await user.click(edited);
    await user.paste('L'.repeat(REASON_LABEL_MAX_LENGTH));
    expect(edited.value).toHaveLength('Expired'.length + REASON_LABEL_MAX_LENGTH);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText(VERIFICATION_MESSAGES.reasonLabelTooLong)).toHaveLength(2);
    expect(callsTo(fetchMock, 'POST /api/admin/verification-reasons')).toEqual([]);
    expect(callsTo(fetchMock, 'PUT /api/admin/verification-reasons/expired')).toEqual([]);
  });
});
