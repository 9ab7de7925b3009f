import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

const CHUNK_LOAD_TIMEOUT_MS = 120000;

type PageModule = { default: ComponentType };

/** A lazily loaded page that can be fetched ahead of its first render (hover, idle time). */
export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Starts loading the chunk (once); resolves when it is there, never rejects. */
  preload(): Promise<void>;
  /** Whether the chunk is there, so that rendering the page cannot suspend. */
  isLoaded(): boolean;
};

/**
 * React.lazy whose chunk load fails with a ChunkLoadError after 120 s or on a failed fetch (docs/rules/shell-and-session.md, "Error catalogue").
 * A chunk already loaded by `preload` renders in the same pass: lazy gets a thenable that resolves
 * synchronously, so React never suspends on it and never shows (and then holds, for its fallback
 * throttle) the Suspense fallback (docs/web-guide.md "Loading").
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loaded: PageModule | undefined;
  let pending: Promise<PageModule> | undefined;
  const start = () => {
    pending ??= new Promise<PageModule>((resolve, reject) => {
      const fail = (cause: unknown) => {
        pending = undefined; // a later render or hover tries again
        const error = new Error(`Loading chunk failed: ${cause instanceof Error ? cause.message : String(cause)}`);
        error.name = 'ChunkLoadError';
        reject(error);
      };
      const timer = setTimeout(() => fail('timeout'), CHUNK_LOAD_TIMEOUT_MS);
      load().then(
        (module) => {
          clearTimeout(timer);
          loaded = module;
          resolve(module);
        },
        (cause) => {
          clearTimeout(timer);
          fail(cause);
        },
      );
    });
    return pending;
  };
  const component = lazy(() => {
    const ready = loaded;
    // biome-ignore lint/suspicious/noThenProperty: a thenable that settles synchronously is the point
    if (ready) return { then: (onLoaded: (module: PageModule) => void) => onLoaded(ready) } as unknown as Promise<PageModule>;
    return start();
  });
  return Object.assign(component, {
    isLoaded: () => loaded !== undefined,
    preload: () =>
      start().then(
        () => {},
        () => {},
      ),
  });
}
