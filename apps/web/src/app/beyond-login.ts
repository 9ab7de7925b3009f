import { setChineseZodMessages } from '@scm/contract';
// As a file, not as styles of this module: it is linked first in the document, before the app's own styles.
import antdStylesheet from 'antd/dist/antd.css?url';

/**
 * What every screen but the login needs before it renders (loaded beside its chunk by
 * app/router.tsx, docs/web-guide.md "Loading"): antd's whole stylesheet, of which index.html links
 * only the login screen's part (`firstScreenStyles` in apps/web/vite.config.ts), and zod's Chinese
 * messages for the forms that check with the contract's schemas.
 */
setChineseZodMessages();

function linkWholeStylesheet(): Promise<void> {
  const part = document.querySelector<HTMLLinkElement>('link[data-first-screen]');
  if (!part) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const whole = document.createElement('link');
    whole.rel = 'stylesheet';
    whole.href = antdStylesheet;
    whole.onload = () => {
      // The whole stylesheet holds the part: left in place the part would come after the rest of
      // antd and win where antd's own order decides.
      part.remove();
      resolve();
    };
    whole.onerror = () => {
      whole.remove();
      reject(new Error(`Loading stylesheet failed: ${antdStylesheet}`));
    };
    // First in the document, before the app's own styles (linked after the part in index.html, written
    // into <head> in login.html), so those still win at equal specificity.
    document.head.prepend(whole);
  });
}

let ready: Promise<void> | undefined;

/** Settles when the whole stylesheet applies; after a failed load the next call tries again. */
export function beyondLoginReady(): Promise<void> {
  ready ??= linkWholeStylesheet().catch((error: unknown) => {
    ready = undefined;
    throw error;
  });
  return ready;
}
