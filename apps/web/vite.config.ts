import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import postcss from 'postcss';
import { build, defineConfig, type Plugin, type Rolldown } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

/** Whether the other document's build, into the same folder, has encoded this file as it is. */
const encodedAlready = (path: string) =>
  ['br', 'gz'].some((extension) => existsSync(`${path}.${extension}`) && statSync(`${path}.${extension}`).mtimeMs >= statSync(path).mtimeMs);

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
          else if (COMPRESSIBLE.test(name) && !encodedAlready(path)) {
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

/** A document's stylesheet links, each with its line's indentation and end. */
const stylesheetLinks = (html: string) => html.match(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g) ?? [];

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
        const links = stylesheetLinks(html);
        const withoutLinks = links.reduce((page, link) => page.replace(link, ''), html);
        return withoutLinks.replace('</body>', `${links.map((link) => `  ${link.trim()}\n`).join('')}  </body>`);
      },
    },
  };
}

/**
 * Marks the entry script `async`: a deferred module script, and everything it imports, holds back
 * DOMContentLoaded until it has run; an async one does not, and still starts at once with its
 * modulepreloads. Since an async script does not wait for the stylesheets, the entry waits for them
 * itself before it renders (shared/boot/stylesheets-loaded.ts; docs/web-guide.md "Loading").
 */
function asyncEntry(): Plugin {
  return {
    name: 'async-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/<script type="module" crossorigin src=/g, '<script type="module" async crossorigin src='),
    },
  };
}

/**
 * The antd class families the back office's login renders: only its toasts and their icons (its form
 * is drawn with the plain controls). The supplier portal (portal.html) uses no antd
 * (docs/web-guide.md "Portal").
 */
interface FirstScreen {
  families: string[];
}
const LOGIN_SCREEN: FirstScreen = { families: ['ant-message', 'anticon'] };
const onFirstScreen = (name: string, screen: FirstScreen) => screen.families.some((family) => name === family || name.startsWith(`${family}-`));

/** antd's prebuilt stylesheet without the rules that name a class of a component the screen does not render. */
function firstScreenCss(full: string, screen: FirstScreen): string {
  const root = postcss.parse(full);
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as postcss.AtRule).name)) return;
    const antClasses = [...rule.selector.matchAll(/\.(ant[\w-]*)/g)].map((m) => m[1]);
    if (!antClasses.every((name) => onFirstScreen(name, screen))) rule.remove();
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes?.length === 0) atRule.remove();
  });
  return root.toString();
}

/** The document an HTML path is (`/index.html` → index, `/portal.html` → portal). */
const documentName = (path: string) => path.replace(/^.*\//, '').replace(/\.html$/, '');

/**
 * Links the part of antd's stylesheet the back office's login uses from its document, in place of
 * the whole: about a sixth of the megabyte. The whole is fetched, parsed and matched after the form
 * is up, and replaces the part before any other screen renders (`app/beyond-login.ts`;
 * docs/web-guide.md "Loading"). The portal's document links none.
 */
function firstScreenStyles(): Plugin {
  let href = '/antd-first-screen.css';
  const source = () => firstScreenCss(readFileSync(createRequire(import.meta.url).resolve('antd/dist/antd.css'), 'utf8'), LOGIN_SCREEN);
  let command: 'build' | 'serve' = 'build';
  return {
    name: 'first-screen-styles',
    configResolved(config) {
      command = config.command;
    },
    configureServer(server) {
      server.middlewares.use(href, (_request, response) => {
        response.setHeader('content-type', 'text/css');
        response.end(source());
      });
    },
    buildStart() {
      if (command !== 'build') return;
      const css = source();
      const fileName = `assets/antd-index-${createHash('sha256').update(css).digest('base64url').slice(0, 8)}.css`;
      this.emitFile({ type: 'asset', fileName, source: css });
      href = `/${fileName}`;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (documentName(context.path) !== 'index') return html;
        const link = `<link rel="stylesheet" href="${href}" data-first-screen>`;
        // Before the entry's own stylesheet, as antd's came before the app's styles in it.
        const at = html.indexOf('<link rel="stylesheet"');
        return at >= 0 ? `${html.slice(0, at)}${link}\n    ${html.slice(at)}` : html.replace('</head>', `    ${link}\n  </head>`);
      },
    },
  };
}

/**
 * The supplier portal is a document of its own (portal.html): the dev server answers every
 * /portal/… address with it, as the API server does in production (apps/server/src/app.ts).
 */
function portalDocument(): Plugin {
  return {
    name: 'portal-document',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (/^\/portal(\/|\?|$)/.test(request.url ?? '')) request.url = '/portal.html';
        next();
      });
    },
  };
}

/** `@/…` is `src/…`, for every import that leaves its own folder (docs/web-guide.md). */
export const sourceAlias = [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }];

/**
 * Builds `entry` for Node beside the app (same aliases, CSS module names and asset addresses as the
 * browser's build) and answers what its export `render` returns.
 */
async function renderAtBuildTime(entry: string, render: string): Promise<string> {
  const root = fileURLToPath(new URL('.', import.meta.url));
  const outDir = join(root, 'node_modules/.prerender');
  await build({
    configFile: false,
    root,
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: sourceAlias },
    ssr: { noExternal: true },
    build: { ssr: entry, outDir, emptyOutDir: true, rolldownOptions: { output: { entryFileNames: 'entry.mjs' } } },
  });
  const module = await import(`${pathToFileURL(join(outDir, 'entry.mjs')).href}?at=${Date.now()}`);
  return module[render]();
}

/**
 * The back office's document with `markup` in #root in place of the skeleton. The app's own
 * stylesheet (a few KB) is written into <head>, so the form paints styled with the document and
 * waits for no request. antd's first-screen part, needed only by the toasts, stands before it with
 * `media="print"`: fetched without holding back the paint or the parser, and applied by app/start.tsx.
 */
function withScreen(index: string, markup: string, stylesheet: (href: string) => string): string {
  const links = stylesheetLinks(index);
  const inHead = links
    .map((link) =>
      link.includes('data-first-screen')
        ? `    ${link.trim().replace('<link ', '<link media="print" ')}\n`
        : `    <style>${stylesheet(/href="([^"]+)"/.exec(link)![1])}</style>\n`,
    )
    .join('');
  const withScreen = links
    .reduce((page, link) => page.replace(link, ''), index)
    .replace(/[ \t]*<!--[\s\S]*?-->\n(?=[ \t]*<style data-skeleton>)/, '')
    .replace(/[ \t]*<style data-skeleton>[\s\S]*?<\/style>\n/, '')
    .replace(/<div id="root">.*$/m, () => `<div id="root" data-prerendered>${markup}</div>`);
  if (!withScreen.includes('data-prerendered') || withScreen.includes('data-skeleton')) {
    throw new Error('index.html no longer has the skeleton the login document replaces');
  }
  return withScreen.replace(/[ \t]*<\/head>/, () => `${inHead}  </head>`);
}

/** A chunk and every chunk it imports statically. */
function withImports(bundle: Rolldown.OutputBundle, from: string, into = new Set<string>()): Set<string> {
  const chunk = bundle[from];
  if (into.has(from) || chunk?.type !== 'chunk') return into;
  into.add(from);
  for (const imported of chunk.imports) withImports(bundle, imported, into);
  return into;
}

/** The chunks app/start.tsx needs beyond the entry's own, and the stylesheets it brings. */
function appStartFiles(bundle: Rolldown.OutputBundle): { chunks: string[]; stylesheets: string[] } {
  const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
  const start = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith('/src/app/start.tsx')));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!start || !entry) throw new Error('app/start.tsx or the entry is not in the bundle');
  const entryChunks = withImports(bundle, entry.fileName);
  return {
    chunks: [...withImports(bundle, start.fileName)].filter((name) => !entryChunks.has(name)),
    stylesheets: [...(start.viteMetadata?.importedCss ?? [])],
  };
}

const modulePreload = (name: string) => `    <link rel="modulepreload" crossorigin href="/${name}">\n`;

/**
 * The entry (main.tsx) imports the app (app/start.tsx) dynamically, so that on login.html the form
 * paints before the app's modules are evaluated. index.html preloads the start's chunks, so that they
 * are on their way meanwhile, and links its styles: as it would if the entry imported the start
 * statically (docs/web-guide.md "Loading"). login.html leaves the preloads out (`prerenderedLogin`).
 */
function preloadAppStart(): Plugin {
  return {
    name: 'preload-app-start',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('preload-app-start: index.html is not in the bundle');
      const html = String(index.source);
      const { chunks, stylesheets } = appStartFiles(bundle);
      const preloads = chunks.map(modulePreload).join('');
      // The start's own styles are the document's: linked after the skeleton, as `stylesAfterSkeleton` places the others.
      const links = stylesheets.map((name) => `    <link rel="stylesheet" crossorigin href="/${name}">\n`).join('');
      index.source = html.replace(/[ \t]*<\/head>/, (head) => `${preloads}${head}`).replace(/[ \t]*<\/body>/, (body) => `${links}${body}`);
    },
  };
}

/**
 * Writes login.html: the back office's document with the login screen rendered into it at build time
 * (app/prerender-login.tsx). The server answers the login addresses with it (apps/server/src/app.ts),
 * so the form paints, styled, with the document, before any other request has been answered; main.tsx
 * then renders the app's in its place, carrying over what was typed. index.html, for every other
 * address, keeps the skeleton (docs/web-guide.md "Loading").
 */
function prerenderedLogin(): Plugin {
  return {
    name: 'prerendered-login',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('prerendered-login: index.html is not in the bundle');
      const markup = await renderAtBuildTime('src/app/prerender-login.tsx', 'renderLoginScreen');
      const stylesheet = (href: string) => {
        const file = bundle[href.replace(/^\//, '')];
        if (file?.type !== 'asset') throw new Error(`prerendered-login: ${href} is not in the bundle`);
        return String(file.source);
      };
      // Preloaded, the start's chunks arrived and were compiled while the form waited for its first
      // frame (measured on the phone profile, the field was ready about a tenth later): they are fetched
      // once the form has painted.
      const { chunks } = appStartFiles(bundle);
      const html = chunks.reduce((page, name) => page.replace(modulePreload(name), ''), String(index.source));
      this.emitFile({ type: 'asset', fileName: 'login.html', source: withScreen(html, markup, stylesheet) });
    },
  };
}

/**
 * Two documents, built one after the other into one folder (`npm run build`): the back office's
 * (index.html, the default mode) and the supplier portal's (portal.html, `--mode portal`). Built
 * apart, each document's first screen is one chunk of what it alone uses: in one build, the
 * modules both reach through antd's index would form a shared chunk holding either one's parts.
 */
export default defineConfig(({ mode }) => {
  const document = mode === 'portal' ? 'portal' : 'index';
  return {
    plugins: [
      react(),
      portalDocument(),
      document === 'index' && firstScreenStyles(),
      stylesAfterSkeleton(),
      document === 'index' && asyncEntry(),
      document === 'index' && preloadAppStart(),
      document === 'index' && prerenderedLogin(),
      precompress(),
    ],
    resolve: { alias: sourceAlias },
    server: {
      port: 5173,
      proxy: { '/api': 'http://127.0.0.1:3000' },
    },
    build: {
      target: 'es2022',
      chunkSizeWarningLimit: 1500,
      modulePreload: { polyfill: false },
      // The portal's build adds its document to the back office's.
      emptyOutDir: document === 'index',
      rolldownOptions: {
        input: fileURLToPath(new URL(`./${document}.html`, import.meta.url)),
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'framework',
                test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)|stylis|@emotion)[\\/]/,
                priority: 2,
              },
              // Everything else the app's start imports statically (the router, the login page) in one chunk:
              // left to the automatic split it came as some twenty files, which over HTTP/1.1's six
              // connections per host cost a round trip per six before the form could work. Vite's preload
              // helper, which the entry imports to load the start, stands apart: in that chunk it would
              // have the entry evaluate the whole first screen before the form paints. The shell and what
              // it imports statically form one chunk as well: once antd's button and input left the
              // first screen, the automatic split cut them into eight small files of their own.
              ...(document === 'index'
                ? [
                    { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 3 },
                    { name: 'first-screen', test: /[\\/]src[\\/]app[\\/]start\.tsx$/, priority: 1 },
                    { name: 'shell', test: /[\\/]src[\\/]app[\\/]shell[\\/]shell-layout\.tsx$/, priority: 0 },
                  ]
                : []),
              // The portal's own and shared modules that two or more of its pages use, in one chunk: split
              // automatically they came as a dozen files of 0.2–8 KB, and on a phone (150 ms round trip)
              // the quote form waited for two waves of six requests. One wave now; measured on the phone
              // profile, the form is usable about a fifth sooner (docs/decisions.md, "Loading").
              ...(document === 'portal' ? [{ name: 'portal-kit', test: /[\\/]src[\\/](portal|shared)[\\/]/, minShareCount: 2, priority: 0 }] : []),
            ],
          },
        },
      },
    },
  };
});
