import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { feedback } from '@/shared/ui/feedback';

/**
 * Forms holding unsaved edits, each with what discarding them means (docs/web-guide.md, "Unsaved
 * edits"). A form is here only while it is dirty and shown: a kept tab's hidden page has run its
 * effects' cleanups, and it was left through the same question.
 */
const dirtyForms = new Map<string, () => void>();

export const DISCARD_QUESTION = '放弃未保存的修改？';

function ask(): Promise<boolean> {
  return new Promise((resolve) => {
    if (!feedback.modal) return resolve(window.confirm(DISCARD_QUESTION));
    feedback.modal.confirm({
      title: DISCARD_QUESTION,
      content: '离开后，已填写但未保存的内容将丢失。',
      okText: '放弃修改',
      okButtonProps: { danger: true },
      cancelText: '继续编辑',
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

/**
 * Resolves true when nothing is unsaved, or when the user chose to discard it (every dirty form is
 * then discarded); false when they chose to keep editing.
 */
export async function confirmLeave(): Promise<boolean> {
  if (dirtyForms.size === 0) return true;
  if (!(await ask())) return false;
  const discards = [...dirtyForms.values()];
  dirtyForms.clear();
  for (const discard of discards) discard();
  return true;
}

/**
 * Runs `leave` at once when nothing is unsaved, else after the user chose to discard: for moves
 * that change the tabs before navigating (sidebar, jump, closing the active tab, logout), so a
 * "继续编辑" leaves the tabs as they were.
 */
export function whenLeaving(leave: () => void): void {
  if (dirtyForms.size === 0) leave();
  else confirmLeave().then((ok) => ok && leave());
}

/**
 * Registers a form's unsaved edits while `dirty` (`discard` forgets them when the user leaves anyway): leaving the page (sidebar, tabs, 返回列表, a
 * link) asks first, and so does reloading or closing the browser tab. `release()` forgets them at
 * once, for a save that navigates in the same breath.
 */
export function useUnsavedChanges(dirty: boolean, { discard = () => {} }: { discard?: () => void } = {}) {
  const id = useId();
  const latestDiscard = useRef(discard);
  latestDiscard.current = discard;
  useEffect(() => {
    if (!dirty) return;
    dirtyForms.set(id, () => latestDiscard.current());
    return () => {
      dirtyForms.delete(id);
    };
  }, [dirty, id]);
  return { release: useCallback(() => dirtyForms.delete(id), [id]) };
}

/**
 * The guard of a form in a drawer or dialog: `touch` as the Form's `onValuesChange` (a user's edit,
 * not a value set by code), `close(onClose)` for the close button, Esc and the mask (asks when the
 * user typed something), `release()` before closing after a save.
 */
export function useFormGuard(open: boolean) {
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    if (!open) setDirty(false);
  }, [open]);
  const { release } = useUnsavedChanges(open && dirty, { discard: () => setDirty(false) });
  return {
    dirty,
    touch: useCallback(() => setDirty(true), []),
    release: useCallback(() => {
      release();
      setDirty(false);
    }, [release]),
    close: (onClose: () => void) => {
      if (!dirty) {
        onClose();
        return;
      }
      ask().then((discard) => {
        if (!discard) return;
        release();
        setDirty(false);
        onClose();
      });
    },
  };
}

/**
 * Mounted once by the shell: holds every in-app navigation while a form is dirty and asks
 * "放弃未保存的修改？", and has the browser ask before a reload or closing the window.
 */
export function useLeaveGuard() {
  // The way to /login is never held: logout asks before it starts, and an expired session has no
  // way to save anyway (the re-login modal leads there).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyForms.size > 0 &&
      nextLocation.pathname !== '/login' &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    confirmLeave().then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker]);
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (dirtyForms.size === 0) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}
