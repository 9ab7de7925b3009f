import { useSyncExternalStore } from 'react';

/**
 * A screen rendered into its document at build time (login.html, apps/web/vite.config.ts) is shown
 * before any script runs, and the app then renders its own in its place (docs/web-guide.md
 * "Loading"). What was typed into the first one is carried over to the second: its fields' values by
 * name, and which field had the focus.
 */
interface Carried {
  values: Map<string, string>;
  focusedId: string | null;
  selection: [number, number] | null;
}

let carried: Carried | null = null;

/** Notes what was typed into the markup in `root` (inputs with a name) and which input had the focus. */
export function noteTypedInto(root: HTMLElement): void {
  const inputs = [...root.querySelectorAll<HTMLInputElement>('input[name]')];
  const focused = inputs.find((input) => input === document.activeElement) ?? null;
  carried = {
    values: new Map(inputs.filter((input) => input.value !== '').map((input) => [input.name, input.value])),
    focusedId: focused?.id || null,
    selection: focused && focused.selectionStart !== null ? [focused.selectionStart, focused.selectionEnd ?? focused.selectionStart] : null,
  };
}

/** What was typed into the field named `name` before the app rendered, for its `defaultValue`. */
export function typedBefore(name: string): string | undefined {
  return carried?.values.get(name);
}

/**
 * Once the app's screen is in place: gives the focus back to the field that had it, with its caret,
 * and forgets what was typed, so that a later visit of the screen (after a logout) starts empty.
 */
export function finishCarryOver(): void {
  const noted = carried;
  carried = null;
  const input = noted?.focusedId ? document.getElementById(noted.focusedId) : null;
  if (!(input instanceof HTMLInputElement)) return;
  input.focus();
  if (noted?.selection) input.setSelectionRange(...noted.selection);
}

const never = () => () => {};

/**
 * False only while the screen is rendered at build time (React's server snapshot), true in the
 * browser: a control that needs the script, such as a submit button, is inert in that markup.
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
