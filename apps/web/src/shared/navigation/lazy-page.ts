import { type ComponentType, lazy } from 'react';

export const CHUNK_LOAD_TIMEOUT_MS = 120000;

/** React.lazy whose chunk load fails with a ChunkLoadError after 120 s or on a failed fetch (seed §8). */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType }>((resolve, reject) => {
        const fail = (cause: unknown) => {
          const error = new Error(`Loading chunk failed: ${cause instanceof Error ? cause.message : String(cause)}`);
          error.name = 'ChunkLoadError';
          reject(error);
        };
        const timer = setTimeout(() => fail('timeout'), CHUNK_LOAD_TIMEOUT_MS);
        load().then(
          (module) => {
            clearTimeout(timer);
            resolve(module);
          },
          (cause) => {
            clearTimeout(timer);
            fail(cause);
          },
        );
      }),
  );
}
