/** What the bench's Vite build records of each output chunk (bench/lib/vite-bench.config.ts). */
export interface ChunkStats {
  file: string;
  facade: string | null;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  modules: string[];
}

/** Where one document's build (its Vite mode: the back office's `production`, `portal`) writes its chunks. */
export const chunkStatsFile = (base: string, mode: string) => base.replace(/\.json$/, `-${mode}.json`);
