import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.plugin.js';
import { shellChunk } from './shell-chunk.plugin.js';

const here = (p: string): string => fileURLToPath(new URL(p, import.meta.url));

/** System fonts with Chinese faces; replaces Lato, which semantic-ui pulls from Google (slow or blocked in China). */
const FONT_STACK =
  "-apple-system,BlinkMacSystemFont,'Segoe UI','PingFang SC','Hiragino Sans GB','Microsoft YaHei','Noto Sans CJK SC','WenQuanYi Micro Hei',";

/**
 * Strips the remote font import out of semantic-ui-css, swaps Lato for the local stack, and drops two invalid
 * rules (popup's `:after .header`, which lightningcss refuses to minify, and label's `:ActiveHover` typo).
 */
function semanticLocalFonts(): Plugin {
  return {
    name: 'schoolflow:semantic-local-fonts',
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes('semantic-ui-css') || !id.endsWith('.css')) return null;
      return {
        code: code
          .replace(/@import url\(https:\/\/fonts\.googleapis\.com[^)]*\);?/g, '')
          .replace(/Lato,/g, FONT_STACK)
          .replace(/\[data-tooltip\]\[data-inverted\]:after \.header\s*\{[^}]*\}/g, '')
          .replace(/[^{}]*:ActiveHover[^{}]*\{[^}]*\}/g, ''),
        map: null,
      };
    },
  };
}

export default defineConfig({
  root: here('.'),
  base: '/',
  plugins: [shellChunk(), semanticLocalFonts(), react(), precompress(here('../../dist/web'))],
  resolve: {
    alias: [
      { find: /^@schoolflow\/contracts$/, replacement: here('../../libs/contracts/src/index.ts') },
      // a language's messages, loaded on their own (src/i18n/i18n.ts)
      { find: /^@schoolflow\/contracts\/locales\/(.*)\.js$/, replacement: `${here('../../libs/contracts/src/locales/')}$1.ts` },
      { find: /^@schoolflow\/workflows$/, replacement: here('../../workflows/index.ts') },
    ],
  },
  build: {
    outDir: here('../../dist/web'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    // gzip-sizing every chunk for the build's report costs CPU on every build (npm test builds once); bench:sign-in
    // measures what the browser downloads
    reportCompressedSize: false,
    rolldownOptions: {
      // zod's builders have no side effects: an unused schema (the shared contracts define many) is dropped instead
      // of carrying zod onto pages that validate nothing, the sign-in page first (docs/adr/0033-sign-in-page-weight.md)
      treeshake: { manualPureFunctions: ['z'] },
      experimental: { chunkOptimization: false },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/server': { target: 'http://localhost:3000', changeOrigin: true, ws: true },
    },
  },
});
