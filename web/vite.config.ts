// Builds the static site into web/dist/: index.html (playground), embed.html (iframe view),
// tilesched-playground.js (the custom element, at a stable name for documentation pages) and
// wasm/ (the scheduler module, copied from web/public/wasm/ which the set-up script fills), and
// beside every text file and the module their .gz and .br (scripts/precompress.mjs).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
// @ts-expect-error: a plain ES module of the build scripts, without types
import { precompress } from './scripts/precompress.mjs';

const web = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: web,
  base: './',
  publicDir: 'public',
  server: { host: '127.0.0.1', fs: { allow: [repo] } },
  preview: { host: '127.0.0.1' },
  worker: { format: 'es' },
  plugins: [{
    name: 'tilesched-precompress',
    apply: 'build',
    closeBundle: () => void precompress(`${web}dist`),
  }],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      input: {
        index: `${web}index.html`,
        embed: `${web}embed.html`,
        element: `${web}src/element/tilesched-playground.ts`,
      },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'element' ? 'tilesched-playground.js' : 'assets/[name]-[hash].js'),
      },
    },
  },
  test: {
    root: repo,
    include: ['web/tests/unit/**/*.test.ts'],
    environment: 'node',
  },
});
