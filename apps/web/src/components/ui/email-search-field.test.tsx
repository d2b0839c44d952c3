import { SEARCH_MAX_LENGTH } from '@candor/contracts/search';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { EmailSearchField } from './email-search-field.tsx';

afterEach(cleanup);

describe('EmailSearchField', () => {
  test('shows the search in force and says nothing until the text changes', async () => {
    const onSearch = vi.fn();
    render(<EmailSearchField search="ada" onSearch={onSearch} />);
    expect((screen.getByLabelText('Search by email') as HTMLInputElement).value).toBe('ada');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(onSearch).not.toHaveBeenCalled();
  });

  test('sends the trimmed text once, when typing pauses', async () => {
    const onSearch = vi.fn();
    render(<EmailSearchField search="" onSearch={onSearch} />);
    await userEvent.setup().type(screen.getByLabelText('Search by email'), '  ADA@ ');
    expect(onSearch).not.toHaveBeenCalled();
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(onSearch).toHaveBeenCalledWith('ADA@');
  });

  test('spaces alone do not change the search', async () => {
    const onSearch = vi.fn();
    render(<EmailSearchField search="ada" onSearch={onSearch} />);
    await userEvent.setup().type(screen.getByLabelText('Search by email'), '   ');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(onSearch).not.toHaveBeenCalled();
  });

  test('takes no more than the server searches by: a longer paste is cut at 254 characters', async () => {
    const onSearch = vi.fn();
    render(<EmailSearchField search="" onSearch={onSearch} />);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Search by email'));
    await user.paste('a'.repeat(SEARCH_MAX_LENGTH + 46));
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(onSearch).toHaveBeenCalledWith('a'.repeat(SEARCH_MAX_LENGTH));
  });

  test('clearing the box clears the search', async () => {
    const onSearch = vi.fn();
    render(<EmailSearchField search="ada" onSearch={onSearch} />);
    await userEvent.setup().clear(screen.getByLabelText('Search by email'));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith(''));
  });
});
