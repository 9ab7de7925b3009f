import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, at the highest levels
 * (once, at build time), so the server sends them as they are by Accept-Encoding (docs/web-guide.md
 * "Loading"). Files under 1 KB gain nothing and stay uncompressed only.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const path = join(dir, name);
          if (statSync(path).isDirectory()) walk(path);
          else if (COMPRESSIBLE.test(name) && statSync(path).size >= 1024) {
            const source = readFileSync(path);
            writeFileSync(`${path}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
            writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
          }
        }
      };
      walk(outDir);
    },
  };
}

/**
 * Moves the build's stylesheet links from <head> to the end of <body>, after the inline skeleton in
 * #root: a stylesheet in <head> holds back every paint until it has arrived, one after the skeleton
 * holds back only what follows it. The entry script still waits for it before it runs, so the app
 * never renders unstyled (docs/web-guide.md "Loading").
 */
function stylesAfterSkeleton(): Plugin {
  return {
    name: 'styles-after-skeleton',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g) ?? [];
        const withoutLinks = links.reduce((page, link) => page.replace(link, ''), html);
        return withoutLinks.replace('</body>', `${links.map((link) => `  ${link.trim()}\n`).join('')}  </body>`);
      },
    },
  };
}

/** `@/…` is `src/…`, for every import that leaves its own folder (docs/web-guide.md). */
export const sourceAlias = [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }];

export default defineConfig({
  plugins: [react(), stylesAfterSkeleton(), precompress()],
  resolve: { alias: sourceAlias },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)|stylis|@emotion)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
