import { useEffect, useSyncExternalStore } from 'react';
import { feedback, type Toasts as ToastApi } from '@/shared/ui/feedback';
import styles from './toasts.module.css';

type Kind = 'success' | 'error' | 'info' | 'warning';
interface Toast {
  id: number;
  kind: Kind;
  text: string;
}

/** How long a toast stays: an error a little longer, to be read. */
const SHOWN_MS: Record<Kind, number> = { success: 3000, info: 3000, warning: 4500, error: 4500 };

let shown: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const changed = (next: Toast[]) => {
  shown = next;
  for (const listener of listeners) listener();
};

function show(kind: Kind, text: string) {
  const toast = { id: nextId++, kind, text };
  changed([...shown.filter((t) => t.text !== text), toast].slice(-3));
  setTimeout(() => changed(shown.filter((t) => t !== toast)), SHOWN_MS[kind]);
}

/** The portal's toasts, the same calls as antd's message: what the HTTP client and the write hooks show. */
export const toasts: ToastApi = {
  success: (text) => show('success', text),
  error: (text) => show('error', text),
  info: (text) => show('info', text),
  warning: (text) => show('warning', text),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Where the portal's toasts appear, at the top of the screen, announced politely (an error at
 * once). Mounting it makes them the realm's toasts (`feedback.message`).
 */
export function ToastHost() {
  const list = useSyncExternalStore(subscribe, () => shown);
  useEffect(() => {
    feedback.message = toasts;
    return () => {
      if (feedback.message === toasts) feedback.message = null;
    };
  }, []);
  return (
    <div className={styles.host}>
      <div role="status" aria-live="polite" className={styles.stack}>
        {list
          .filter((t) => t.kind !== 'error')
          .map((t) => (
            <div key={t.id} className={`${styles.toast} ${styles[t.kind]}`}>
              {t.text}
            </div>
          ))}
      </div>
      <div role="alert" className={styles.stack}>
        {list
          .filter((t) => t.kind === 'error')
          .map((t) => (
            <div key={t.id} className={`${styles.toast} ${styles.error}`}>
              {t.text}
            </div>
          ))}
      </div>
    </div>
  );
}
