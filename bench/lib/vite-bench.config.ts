/**
 * The web app's own Vite config plus a plugin that records, per output chunk, the modules it
 * holds and what it imports, so the bench can add up what each route loads. Used only by
 * bench/lib/web.ts (`vite build --config`), writing to a temp dir, never to apps/web/dist.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig, type Plugin } from 'vite';
import appConfig from '../../apps/web/vite.config';
import { type ChunkStats, chunkStatsFile } from './chunk-stats';

const chunkStats = (mode: string): Plugin => ({
  name: 'bench-chunk-stats',
  generateBundle(_options, bundle) {
    const chunks: ChunkStats[] = [];
    for (const item of Object.values(bundle)) {
      if (item.type !== 'chunk') continue;
      chunks.push({
        file: item.fileName,
        facade: item.facadeModuleId,
        isEntry: item.isEntry,
        imports: item.imports,
        dynamicImports: item.dynamicImports,
        modules: item.moduleIds,
      });
    }
    writeFileSync(chunkStatsFile(process.env.BENCH_CHUNK_STATS!, mode), JSON.stringify(chunks));
  },
});

export default defineConfig((env) =>
  mergeConfig(appConfig(env), {
    root: fileURLToPath(new URL('../../apps/web', import.meta.url)),
    plugins: [chunkStats(env.mode)],
    build: { outDir: process.env.BENCH_WEB_OUT, reportCompressedSize: false },
  }),
);
