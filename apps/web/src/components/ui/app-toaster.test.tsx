import { act, cleanup, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AppToaster } from './app-toaster.tsx';
import { Dialog } from './dialog.tsx';

/** A screen `width` px wide: answers min- and max-width queries as a browser of that width would. */
function stubScreenWidth(width: number): void {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return {
      matches,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      onchange: null,
      dispatchEvent: () => false,
    };
  });
}

afterEach(() => {
  cleanup();
  toast.dismiss();
  vi.unstubAllGlobals();
});

/** Where the toaster shows `message`: its list's vertical and horizontal side. */
async function placeOf(message: string): Promise<{ y: string | null; x: string | null }> {
  act(() => {
    toast.success(message);
  });
  const list = (await screen.findByText(message)).closest('[data-sonner-toaster]');
  return {
    y: list?.getAttribute('data-y-position') ?? null,
    x: list?.getAttribute('data-x-position') ?? null,
  };
}

function renderWithSheet(open: boolean) {
  return render(
    <>
      {open ? (
        <Dialog title="Copy Ada" busy={false} onCancel={() => {}}>
          <button type="button">Copy</button>
        </Dialog>
      ) : null}
      <AppToaster />
    </>,
  );
}

describe('the toaster keeps clear of a bottom sheet on a phone', () => {
  test('on a phone (390 px) with a dialog open (a sheet at the foot of the screen), toasts show at the top', async () => {
    stubScreenWidth(390);
    renderWithSheet(true);
    expect(await placeOf('Trader copied successfully')).toEqual({ y: 'top', x: 'center' });
  });

  test('on a phone with no dialog open, toasts stay at the foot of the screen', async () => {
    stubScreenWidth(390);
    renderWithSheet(false);
    expect((await placeOf('Saved')).y).toBe('bottom');
  });

  test('on a desktop (1440 px) a dialog is centred: toasts stay bottom right', async () => {
    stubScreenWidth(1440);
    renderWithSheet(true);
    expect(await placeOf('Saved')).toEqual({ y: 'bottom', x: 'right' });
  });

  test('when the sheet closes, toasts go back to the foot of the screen', async () => {
    stubScreenWidth(390);
    const view = renderWithSheet(true);
    view.rerender(<AppToaster />);
    expect((await placeOf('Done')).y).toBe('bottom');
  });
});
