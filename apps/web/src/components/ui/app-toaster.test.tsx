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

/** Where the toaster shows `message`: its list's vertical and horizontal side, and its top offsets. */
async function placeOf(message: string) {
  act(() => {
    toast.success(message);
  });
  const list = (await screen.findByText(message)).closest<HTMLElement>('[data-sonner-toaster]');
  return {
    y: list?.getAttribute('data-y-position') ?? null,
    x: list?.getAttribute('data-x-position') ?? null,
    top: list?.style.getPropertyValue('--offset-top') ?? null,
    phoneTop: list?.style.getPropertyValue('--mobile-offset-top') ?? null,
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

describe('on a phone the toaster keeps clear of the foot of the screen and of the header', () => {
  test('on a phone (390 px) with a dialog open (a sheet at the foot of the screen), toasts show at the top, under the header', async () => {
    stubScreenWidth(390);
    renderWithSheet(true);
    expect(await placeOf('Trader copied successfully')).toMatchObject({
      y: 'top',
      x: 'center',
      phoneTop: '72px',
    });
  });

  test('on a phone with no dialog open (a trade just placed, its Close at the foot), toasts show at the top too', async () => {
    stubScreenWidth(390);
    renderWithSheet(false);
    expect(await placeOf('Trade Placed Successfully')).toMatchObject({
      y: 'top',
      x: 'center',
      phoneTop: '72px',
    });
  });

  test('between sonner’s phone layout (600 px) and the app’s (640 px), the top offset keeps the header free too', async () => {
    stubScreenWidth(620);
    renderWithSheet(false);
    expect(await placeOf('Saved')).toMatchObject({ y: 'top', top: '72px' });
  });

  test('on a desktop (1440 px) a dialog is centred: toasts stay bottom right', async () => {
    stubScreenWidth(1440);
    renderWithSheet(true);
    expect(await placeOf('Saved')).toMatchObject({ y: 'bottom', x: 'right' });
  });
});
