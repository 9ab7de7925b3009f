/**
 * The web app's own Vite config plus a plugin that records, per output chunk, the modules it
 * holds and what it imports, so the bench can add up what each route loads. Used only by
 * bench/lib/web.ts (`vite build --config`), writing to a temp dir, never to apps/web/dist.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { mergeConfig, type Plugin } from 'vite';
import appConfig from '../../apps/web/vite.config';

export interface ChunkStats {
  file: string;
  facade: string | null;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  modules: string[];
}

const chunkStats = (): Plugin => ({
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
    writeFileSync(process.env.BENCH_CHUNK_STATS!, JSON.stringify(chunks));
  },
});

export default mergeConfig(appConfig, {
  root: fileURLToPath(new URL('../../apps/web', import.meta.url)),
  plugins: [chunkStats()],
  build: { outDir: process.env.BENCH_WEB_OUT, emptyOutDir: true, reportCompressedSize: false },
});
