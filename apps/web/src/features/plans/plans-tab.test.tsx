import { DECIMAL_AMOUNT_MESSAGE } from '@candor/contracts/money';
import type { Plan } from '@candor/contracts/plans';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { buildMe, callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { PlansTab } from './plans-tab.tsx';

const SILVER: Plan = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'signal',
  name: 'Silver',
  description: 'Computed ratings of 25 instruments.',
  price: '2000.00',
  durationDays: 30,
  onSale: true,
  rank: 30,
  features: { kind: 'signal', instrumentCount: 25, intervals: ['1h', '4h'], alerts: true },
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const LEVEL_1: Plan = {
  id: '00000000-0000-4000-8000-000000000002',
  kind: 'loan',
  name: 'Level 1',
  description: '',
  price: null,
  durationDays: 25,
  onSale: true,
  rank: 10,
  features: {
    kind: 'loan',
    amount: '2000000.00',
    annualInterestPercent: '12.17',
    minimumPortfolio: '350000.00',
  },
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const RETURN_PROMISE_MESSAGE =
  'Plan texts describe what a plan does and cannot promise a return ("guaranteed").';

function render(put: Parameters<typeof mockApi>[0][string], post?: Parameters<typeof mockApi>[0][string]) {
  const fetchMock = mockApi({
    'GET /api/admin/plans': { status: 200, body: { items: [SILVER, LEVEL_1] } },
    [`PUT /api/admin/plans/${SILVER.id}`]: put,
    ...(post ? { 'POST /api/admin/plans': post } : {}),
  });
  renderPages([{ path: '/all-user', component: PlansTab }], '/all-user', { me: buildMe({ role: 'admin' }) });
  return fetchMock;
}

describe('PlansTab', () => {
  test('lists every plan by kind with its features summarised', async () => {
    render({ status: 200, body: SILVER });
    const signal = await screen.findByRole('region', { name: 'Signal plans' });
    expect(signal.textContent).toContain('$2,000.00');
    expect(signal.textContent).toContain('Ratings of 25 instruments · Intervals: 1 hour, 4 hours');
    const loans = screen.getByRole('region', { name: 'Trading loan plans' });
    expect(loans.textContent).toContain('Loan of $2,000,000.00');
  });

  test('an edit sends the whole plan; the server’s return-promise refusal shows under the description', async () => {
    const fetchMock = render({
      status: 422,
      body: {
        code: 'RETURN_PROMISE',
        message: 'Plan texts describe what a plan does and cannot promise a return ("x % a day").',
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Silver' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Silver' });
    fireEvent.change(within(dialog).getByLabelText('Description'), {
      target: { value: 'Make 20 percent a day' },
    });
    fireEvent.click(within(dialog).getByLabelText('1 day'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Plan texts describe what a plan does and cannot promise a return ("x % a day").',
    );
    expect(within(dialog).getByLabelText('Description').getAttribute('aria-describedby')).toBe(
      within(dialog).getByRole('alert').id,
    );
    expect(callsTo(fetchMock, `PUT /api/admin/plans/${SILVER.id}`)).toEqual([
      {
        ...Object.fromEntries(Object.entries(SILVER).filter(([key]) => key !== 'id' && key !== 'updatedAt')),
        description: 'Make 20 percent a day',
        features: { kind: 'signal', instrumentCount: 25, intervals: ['1h', '4h', '1d'], alerts: true },
      },
    ]);
  });

  test('the server’s refusal of a description goes once the description changes, and on the next submit', async () => {
    const fetchMock = render({
      status: 422,
      body: { code: 'RETURN_PROMISE', message: RETURN_PROMISE_MESSAGE },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Silver' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Silver' });
    const description = within(dialog).getByLabelText('Description');
    const save = within(dialog).getByRole('button', { name: 'Save plan' });
    fireEvent.change(description, { target: { value: 'Guaranteed ratings of 25 instruments.' } });
    fireEvent.click(save);
    expect(await within(dialog).findByText(RETURN_PROMISE_MESSAGE)).toBeTruthy();
    expect(description.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(description, { target: { value: 'Ratings of 25 instruments.' } });
    await waitFor(() => expect(within(dialog).queryByText(RETURN_PROMISE_MESSAGE)).toBeNull());
    expect(description.getAttribute('aria-invalid')).toBeNull();

    // Refused again, then submitted with another field wrong: the old refusal does not stay.
    fireEvent.change(description, { target: { value: 'Guaranteed ratings of 25 instruments.' } });
    fireEvent.click(save);
    expect(await within(dialog).findByText(RETURN_PROMISE_MESSAGE)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '' } });
    fireEvent.click(save);
    expect(await within(dialog).findByText('Enter a name')).toBeTruthy();
    expect(within(dialog).queryByText(RETURN_PROMISE_MESSAGE)).toBeNull();
    expect(callsTo(fetchMock, `PUT /api/admin/plans/${SILVER.id}`)).toHaveLength(2);
  });

  test('on Add plan, a refusal of the whole plan goes on the next submit, even one the form stops', async () => {
    render({ status: 200, body: SILVER }, { status: 409, body: { code: 'CONFLICT', message: 'Try again' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Add plan' });
    const name = within(dialog).getByLabelText('Name');
    fireEvent.change(name, { target: { value: 'Platinum' } });
    fireEvent.change(within(dialog).getByLabelText('Price (USD)'), { target: { value: '3500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add plan' }));
    expect(await within(dialog).findByText('Try again')).toBeTruthy();

    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add plan' }));
    expect(await within(dialog).findByText('Enter a name')).toBeTruthy();
    expect(within(dialog).queryByText('Try again')).toBeNull();
  });

  test('a price typed in whole dollars is sent with its cents; one that is not a number says how to write it', async () => {
    const fetchMock = render({ status: 200, body: { ...SILVER, price: '1000.00' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Silver' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Silver' });
    const price = within(dialog).getByLabelText('Price (USD)');
    fireEvent.change(price, { target: { value: '10 dollars' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    expect(await within(dialog).findByText(DECIMAL_AMOUNT_MESSAGE)).toBeTruthy();
    expect(callsTo(fetchMock, `PUT /api/admin/plans/${SILVER.id}`)).toEqual([]);

    fireEvent.change(price, { target: { value: '1000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    expect(await screen.findByText('Silver is saved')).toBeTruthy();
    expect(callsTo(fetchMock, `PUT /api/admin/plans/${SILVER.id}`)).toEqual([
      expect.objectContaining({ price: '1000.00' }),
    ]);
  });

  test('a price above $1,000,000,000.00 is refused under the field and not sent; the largest one is', async () => {
    const fetchMock = render({ status: 200, body: { ...SILVER, price: '1000000000.00' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Silver' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Silver' });
    const price = within(dialog).getByLabelText('Price (USD)');
    fireEvent.change(price, { target: { value: '999999999999999999' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    expect(await within(dialog).findByText('The price can be at most $1,000,000,000.00')).toBeTruthy();
    expect(callsTo(fetchMock, `PUT /api/admin/plans/${SILVER.id}`)).toEqual([]);

    fireEvent.change(price, { target: { value: '1000000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    expect(await screen.findByText('Silver is saved')).toBeTruthy();
    expect(callsTo(fetchMock, `PUT /api/admin/plans/${SILVER.id}`)).toEqual([
      expect.objectContaining({ price: '1000000000.00' }),
    ]);
  });

  test('an empty or fractional rank, a long name and a long description are told in plain words, and nothing is sent', async () => {
    const fetchMock = render({ status: 200, body: SILVER });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Silver' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Silver' });
    const rank = within(dialog).getByLabelText('Rank');
    fireEvent.change(rank, { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'x'.repeat(61) } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'x'.repeat(5000) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    expect(await within(dialog).findByText('Enter the rank as a whole number')).toBeTruthy();
    expect(within(dialog).getByText('The name can be at most 60 characters')).toBeTruthy();
    expect(within(dialog).getByText('The description can be at most 500 characters')).toBeTruthy();

    fireEvent.change(rank, { target: { value: '10.5' } });
    expect(await within(dialog).findByText('Enter the rank as a whole number')).toBeTruthy();
    fireEvent.change(rank, { target: { value: '1001' } });
    expect(await within(dialog).findByText('The rank must be between 0 and 1000')).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/Invalid input|Too big|expected/);
    expect(callsTo(fetchMock, `PUT /api/admin/plans/${SILVER.id}`)).toEqual([]);
  });

  test('the Add plan form tells a fractional duration and an empty rank in plain words', async () => {
    render({ status: 200, body: SILVER });
    fireEvent.click(await screen.findByRole('button', { name: 'Add plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Add plan' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Platinum' } });
    fireEvent.change(within(dialog).getByLabelText('Price (USD)'), { target: { value: '3500' } });
    fireEvent.change(within(dialog).getByLabelText('Duration (days)'), { target: { value: '1.5' } });
    fireEvent.change(within(dialog).getByLabelText('Rank'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('Number of instruments'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add plan' }));
    expect(await within(dialog).findByText('Enter the number of days as a whole number')).toBeTruthy();
    expect(within(dialog).getByText('Enter the rank as a whole number')).toBeTruthy();
    expect(within(dialog).getByText('The number of instruments must be between 1 and 1000')).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/Invalid input|Too (big|small)|expected/);
  });

  test('one Save plan tells every field’s problem: an empty name, a negative price and an empty rank', async () => {
    const fetchMock = render({ status: 200, body: SILVER });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Silver' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Silver' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('Price (USD)'), { target: { value: '-5' } });
    fireEvent.change(within(dialog).getByLabelText('Rank'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    expect(await within(dialog).findByText('Enter a name')).toBeTruthy();
    expect(within(dialog).getByText('Enter a price above zero')).toBeTruthy();
    expect(within(dialog).getByText('Enter the rank as a whole number')).toBeTruthy();
    expect(callsTo(fetchMock, `PUT /api/admin/plans/${SILVER.id}`)).toEqual([]);
  });

  test('one Add plan of a loan tells a missing term with an empty name, a negative amount and a fractional rank', async () => {
    render({ status: 200, body: SILVER });
    fireEvent.click(await screen.findByRole('button', { name: 'Add plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Add plan' });
    fireEvent.change(within(dialog).getByLabelText('Kind'), { target: { value: 'loan' } });
    fireEvent.change(within(dialog).getByLabelText('Term (days)'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('Amount (USD)'), { target: { value: '-500' } });
    fireEvent.change(within(dialog).getByLabelText('Rank'), { target: { value: '1.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add plan' }));
    expect(await within(dialog).findByText('Enter a name')).toBeTruthy();
    expect(within(dialog).getByText('A loan plan needs a term in days')).toBeTruthy();
    expect(within(dialog).getByText('The amount must be greater than zero')).toBeTruthy();
    expect(within(dialog).getByText('Enter the rank as a whole number')).toBeTruthy();
  });

  test('a new loan plan’s amount, interest and portfolio start empty and are asked for; nothing is sent until they are given', async () => {
    const fetchMock = render({ status: 200, body: SILVER }, { status: 200, body: LEVEL_1 });
    fireEvent.click(await screen.findByRole('button', { name: 'Add plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Add plan' });
    fireEvent.change(within(dialog).getByLabelText('Kind'), { target: { value: 'loan' } });
    const amount = within(dialog).getByLabelText('Amount (USD)');
    const interest = within(dialog).getByLabelText('Annual interest (%)');
    const portfolio = within(dialog).getByLabelText('Minimum portfolio (USD)');
    expect([amount, interest, portfolio].map((field) => (field as HTMLInputElement).value)).toEqual([
      '',
      '',
      '',
    ]);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Level 3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add plan' }));
    expect(await within(dialog).findAllByText(DECIMAL_AMOUNT_MESSAGE)).toHaveLength(2);
    expect(
      within(dialog).getByText('Enter a percentage with at most two decimals, such as 12.17'),
    ).toBeTruthy();
    for (const field of [amount, interest, portfolio])
      expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, 'POST /api/admin/plans')).toEqual([]);

    // The term emptied to be typed again stays open (a loan has no "No end date" to undo it).
    const term = within(dialog).getByLabelText('Term (days)');
    fireEvent.change(term, { target: { value: '' } });
    expect(term).toHaveProperty('disabled', false);
    fireEvent.change(term, { target: { value: '25' } });

    fireEvent.change(amount, { target: { value: '2000000' } });
    fireEvent.change(interest, { target: { value: '12.17' } });
    fireEvent.change(portfolio, { target: { value: '350000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add plan' }));
    expect(await screen.findByText('Level 1 is added')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/plans')).toEqual([
      expect.objectContaining({
        kind: 'loan',
        name: 'Level 3',
        price: null,
        durationDays: 25,
        features: {
          kind: 'loan',
          amount: '2000000.00',
          annualInterestPercent: '12.17',
          minimumPortfolio: '350000.00',
        },
      }),
    ]);
  });

  test('a loan plan has no price field and the kind cannot change on edit', async () => {
    render({ status: 200, body: SILVER });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Level 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Level 1' });
    expect(within(dialog).queryByLabelText('Price (USD)')).toBeNull();
    expect(within(dialog).getByLabelText('Term (days)')).toBeTruthy();
    expect(within(dialog).getByLabelText('Annual interest (%)')).toBeTruthy();
    expect(within(dialog).getByLabelText('Kind')).toHaveProperty('disabled', true);
  });

  test('a loan plan lending a negative amount or asking for a negative portfolio is refused under its fields', async () => {
    const fetchMock = render({ status: 200, body: SILVER });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Level 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Level 1' });
    fireEvent.change(within(dialog).getByLabelText('Amount (USD)'), { target: { value: '-500.00' } });
    fireEvent.change(within(dialog).getByLabelText('Minimum portfolio (USD)'), {
      target: { value: '-1.00' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    expect(await within(dialog).findByText('The amount must be greater than zero')).toBeTruthy();
    expect(within(dialog).getByText('Minimum portfolio cannot be negative')).toBeTruthy();
    expect(callsTo(fetchMock, `PUT /api/admin/plans/${LEVEL_1.id}`)).toEqual([]);
  });
});
