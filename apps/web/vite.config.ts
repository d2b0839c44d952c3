import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compileHints } from './build/compile-hints.ts';
import { firstScreensChunk } from './build/first-screens-chunk.ts';
import { precompress } from './build/precompress.ts';

// The app shell and the two pages a customer lands on: one chunk, preloaded for a signed-in browser.
const firstScreens = firstScreensChunk('first-screens', [
  'src/features/shell/app-shell.tsx',
  'src/routes/dashboard-route.tsx',
  'src/routes/trades-route.tsx',
]);

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    firstScreens.plugin,
    // The scripts the first screens run while loading, compiled off the main thread (decision 036).
    compileHints({
      chunks: ['first-screens'],
      modules: ['/src/components/market/price-chart.tsx', '/node_modules/lightweight-charts/'],
    }),
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
