import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';

/**
 * The admin console: a static single-page app served by the API server at /app
 * (src/routes/console.ts). No inline scripts or styles, so the server's CSP needs no 'unsafe-inline'.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: '/app/',
  plugins: [preact()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The CSP forbids inline code: never inline assets as data: scripts.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    target: 'es2022',
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
