import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import postcss from 'postcss';
import { defineConfig, type Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, at the highest levels
 * (once, at build time), so the server sends them as they are by Accept-Encoding (docs/web-guide.md
 * "Loading"). Small files too: a chunk of a few hundred bytes still shrinks by a third. An encoding
 * that would not be smaller than the file is not written, and the server sends the file itself.
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
          else if (COMPRESSIBLE.test(name)) {
            const source = readFileSync(path);
            const encoded = {
              br: brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
              gz: gzipSync(source, { level: 9 }),
            };
            for (const [extension, bytes] of Object.entries(encoded)) {
              if (bytes.length < source.length) writeFileSync(`${path}.${extension}`, bytes);
            }
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

/**
 * The antd class families the login screen renders: its form, inputs and button, the toasts, the
 * click wave and the icons; of the grid only the bare column (the form item's, without a span).
 * `ant-input-number` shares a prefix and is not among them.
 */
const FIRST_SCREEN_FAMILIES = ['ant-btn', 'ant-row', 'ant-form', 'ant-input', 'ant-message', 'ant-wave', 'ant-show-help', 'anticon'];
const FIRST_SCREEN_CLASSES = ['ant-col'];
const NOT_FIRST_SCREEN = ['ant-input-number'];
const inFamily = (name: string, families: string[]) => families.some((family) => name === family || name.startsWith(`${family}-`));
const onFirstScreen = (name: string) =>
  FIRST_SCREEN_CLASSES.includes(name) || (inFamily(name, FIRST_SCREEN_FAMILIES) && !inFamily(name, NOT_FIRST_SCREEN));

/** antd's prebuilt stylesheet without the rules that name a class of a component the login screen does not render. */
function firstScreenCss(full: string): string {
  const root = postcss.parse(full);
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as postcss.AtRule).name)) return;
    const antClasses = [...rule.selector.matchAll(/\.(ant[\w-]*)/g)].map((m) => m[1]);
    if (!antClasses.every(onFirstScreen)) rule.remove();
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes?.length === 0) atRule.remove();
  });
  return root.toString();
}

/**
 * Links the part of antd's stylesheet the login screen uses (about a sixth of its megabyte) from
 * index.html, in place of the whole: the whole one is fetched, parsed and matched after the form
 * is up, and replaces this part before any other screen renders (`app/beyond-login.ts`,
 * docs/web-guide.md "Loading").
 */
function firstScreenStyles(): Plugin {
  let command: 'build' | 'serve' = 'build';
  let href = '';
  const source = () => firstScreenCss(readFileSync(createRequire(import.meta.url).resolve('antd/dist/antd.css'), 'utf8'));
  return {
    name: 'first-screen-styles',
    configResolved(config) {
      command = config.command;
      if (command === 'serve') href = '/antd-first-screen.css';
    },
    configureServer(server) {
      server.middlewares.use('/antd-first-screen.css', (_request, response) => {
        response.setHeader('content-type', 'text/css');
        response.end(source());
      });
    },
    buildStart() {
      if (command !== 'build') return;
      const css = source();
      const fileName = `assets/antd-first-screen-${createHash('sha256').update(css).digest('base64url').slice(0, 8)}.css`;
      this.emitFile({ type: 'asset', fileName, source: css });
      href = `/${fileName}`;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const link = `<link rel="stylesheet" href="${href}" data-first-screen>`;
        // Before the entry's own stylesheet, as antd's came before the app's styles in it.
        const at = html.indexOf('<link rel="stylesheet"');
        return at >= 0 ? `${html.slice(0, at)}${link}\n    ${html.slice(at)}` : html.replace('</head>', `    ${link}\n  </head>`);
      },
    },
  };
}

/** `@/…` is `src/…`, for every import that leaves its own folder (docs/web-guide.md). */
export const sourceAlias = [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }];

export default defineConfig({
  plugins: [react(), firstScreenStyles(), stylesAfterSkeleton(), precompress()],
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
              priority: 2,
            },
            // Everything else the entry imports statically (the login page, its antd parts) in one
            // chunk: left to the automatic split it came as some twenty files, which over HTTP/1.1's
            // six connections per host cost a round trip per six before the form could render.
            { name: 'first-screen', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
