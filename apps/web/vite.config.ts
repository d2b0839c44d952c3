import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compileHints } from './build/compile-hints.ts';
import { firstScreensChunk } from './build/first-screens-chunk.ts';
import { precompress } from './build/precompress.ts';

// The app shell and the two pages a customer lands on: one chunk, preloaded for a signed-in browser,
// with the price chart both pages show (loaded lazily elsewhere).
const firstScreens = firstScreensChunk(
  'first-screens',
  ['src/features/shell/app-shell.tsx', 'src/routes/dashboard-route.tsx', 'src/routes/trades-route.tsx'],
  ['src/components/market/price-chart.tsx'],
);

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    firstScreens.plugin,
    // The chart library: compiled off the main thread while it streams in (build/compile-hints.ts).
    compileHints({ modules: ['node_modules/lightweight-charts/'] }),
    precompress(),
  ],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the first page needs, in one script (docs/decisions/033).
            { name: 'initial', tags: ['$initial'] },
            { name: 'first-screens', test: firstScreens.test },
          ],
        },
      },
    },
  },
});
