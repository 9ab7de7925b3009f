import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { finishCarryOver, noteTypedInto, typedBefore, useInBrowser } from './prerendered-form';

afterEach(() => {
  document.body.innerHTML = '';
});

/** The markup a document rendered at build time holds, as the person left it before the script ran. */
function typedMarkup() {
  document.body.innerHTML =
    '<div id="root"><input id="login-email" name="email" value=""><input id="login-password" name="password" type="password"></div>';
  const root = document.getElementById('root')!;
  const [email, password] = root.querySelectorAll('input');
  email.value = 'buyer@jiaju.com';
  password.value = 'secret';
  password.focus();
  password.setSelectionRange(2, 4);
  return root;
}

describe('what is typed before the app renders', () => {
  it('is carried over by field name, with the focus and the caret, and then forgotten', () => {
    const root = typedMarkup();
    noteTypedInto(root);
    expect(typedBefore('email')).toBe('buyer@jiaju.com');
    expect(typedBefore('password')).toBe('secret');

    // The app renders its own screen in the markup's place.
    root.innerHTML = '<input id="login-email" name="email"><input id="login-password" name="password" type="password" value="secret">';
    finishCarryOver();
    const focused = document.activeElement as HTMLInputElement;
    expect(focused.id).toBe('login-password');
    expect([focused.selectionStart, focused.selectionEnd]).toEqual([2, 4]);
    // A later visit of the screen (after a logout) starts empty.
    expect(typedBefore('email')).toBeUndefined();
    expect(typedBefore('password')).toBeUndefined();
  });

  it('leaves empty fields and the focus alone when nothing was typed', () => {
    document.body.innerHTML = '<div id="root"><input id="a" name="email"></div>';
    noteTypedInto(document.getElementById('root')!);
    expect(typedBefore('email')).toBeUndefined();
    finishCarryOver();
    expect(document.activeElement).toBe(document.body);
  });
});

describe('useInBrowser', () => {
  it('is false in the markup rendered at build time', () => {
    function Probe() {
      return <span>{useInBrowser() ? 'browser' : 'build'}</span>;
    }
    expect(renderToString(<Probe />)).toBe('<span>build</span>');
  });
});
