/**
 * lightweight-charts draws on a canvas, which jsdom lacks. Tests replace it with this module:
 * `vi.mock('lightweight-charts', () => import('../../test/fake-lightweight-charts.ts'))`.
 * Each series remembers its data and updates, to check what the chart was given.
 */
type Bar = { time: number; open: number; high: number; low: number; close: number };

export type FakeSeries = { data: Bar[]; updates: Bar[]; options: unknown[] };

export const fakeSeries: FakeSeries[] = [];

export const ColorType = { Solid: 'solid' } as const;
export const CrosshairMode = { Normal: 0 } as const;
export const CandlestickSeries = {};

export function createChart() {
  return {
    addSeries: () => {
      const state: FakeSeries = { data: [], updates: [], options: [] };
      fakeSeries.push(state);
      return {
        setData: (bars: Bar[]) => {
          state.data = [...bars];
        },
        update: (bar: Bar) => {
          state.updates.push(bar);
          if (state.data.at(-1)?.time === bar.time) state.data[state.data.length - 1] = bar;
          else state.data.push(bar);
        },
        data: () => state.data,
        applyOptions: (options: unknown) => {
          state.options.push(options);
        },
      };
    },
    timeScale: () => ({
      width: () => 800,
      fitContent: () => undefined,
      setVisibleLogicalRange: () => undefined,
    }),
    applyOptions: () => undefined,
    subscribeCrosshairMove: () => undefined,
    unsubscribeCrosshairMove: () => undefined,
    remove: () => undefined,
  };
}
