import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import type { FieldState } from '@/shared/form/plain-field';
import styles from './plain-controls.module.css';

/**
 * The portal's sign-in and activation screens are built from these, not from antd: they are a
 * supplier's first screen on a phone, and antd's inputs, buttons and alerts with their style engine
 * were most of its script (docs/web-guide.md, "Portal"). They look like antd's large controls, so
 * the screens match the signed-in pages.
 */
type TextInputProps = FieldState & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'size' | 'className'>;

export function TextInput({ status, ...rest }: TextInputProps) {
  return <input type="text" {...rest} className={`${styles.input} ${status === 'error' ? styles.invalid : ''}`} />;
}

/** A password field with a button that shows or hides what was typed. */
export function PasswordInput({ status, ...rest }: Omit<TextInputProps, 'type'>) {
  const [shown, setShown] = useState(false);
  return (
    <span className={`${styles.affixed} ${status === 'error' ? styles.invalid : ''}`}>
      <input {...rest} type={shown ? 'text' : 'password'} className={styles.bare} />
      <button type="button" className={styles.reveal} aria-label="显示密码" aria-pressed={shown} onClick={() => setShown(!shown)}>
        <EyeIcon crossed={!shown} />
      </button>
    </span>
  );
}

/** The form's one primary action, the card's width; while `loading`, busy and not clickable again. */
export function SubmitButton({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={styles.submit} disabled={loading} aria-busy={loading}>
      {loading && <span className={styles.spinner} aria-hidden />}
      {children}
    </button>
  );
}

/** A notice above the form: a refusal is announced as an alert, a confirmation as a status. */
export function Notice({ type, title, detail }: { type: 'success' | 'error'; title: string; detail?: string }) {
  return (
    <div role={type === 'error' ? 'alert' : 'status'} className={`${styles.notice} ${type === 'error' ? styles.noticeError : styles.noticeSuccess}`}>
      <span className={styles.noticeIcon} aria-hidden>
        {type === 'error' ? '!' : '✓'}
      </span>
      <div>
        <div>{title}</div>
        {detail && <div className={styles.noticeDetail}>{detail}</div>}
      </div>
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 20 20 4" />}
    </svg>
  );
}
