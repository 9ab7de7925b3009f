let loaded: Promise<void> | undefined;

/**
 * Resolves once every stylesheet the document links has loaded (or failed). The entry script is
 * `async` so that it does not hold back DOMContentLoaded, and an async script, unlike a deferred one,
 * does not wait for the stylesheets before it runs: the app waits here instead, so it never renders
 * unstyled (docs/web-guide.md "Loading").
 */
export function stylesheetsLoaded(): Promise<void> {
  loaded ??= documentStylesheetsLoaded();
  return loaded;
}

/** The links present once the document is parsed: those of index.html, before any script adds one. */
async function documentStylesheetsLoaded(): Promise<void> {
  if (document.readyState === 'loading') {
    await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
  }
  const pending = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((link) => !link.sheet);
  await Promise.all(
    pending.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  );
}
