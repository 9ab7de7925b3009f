import { EMAIL_PATTERN, messages } from '@scm/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import styles from './plain-field.module.css';

/**
 * The sign-in screens' forms are plain markup around antd's inputs, checked on submit by the page:
 * antd's Form brings its field store and validator, a sixth of a first screen, for two fields
 * (docs/web-guide.md "Loading").
 */
export interface SignInValues {
  email: string;
  password: string;
}
export type PlainErrors<T> = Partial<Record<keyof T, string>>;

/** The checks before a sign-in request, the back office's and the portal's (docs/rules/shell-and-session.md, "Login"). */
export function signInErrors({ email, password }: SignInValues): PlainErrors<SignInValues> {
  const errors: PlainErrors<SignInValues> = {};
  if (!email) errors.email = messages.emailRequired;
  else if (!EMAIL_PATTERN.test(email)) errors.email = messages.emailInvalid;
  if (!password) errors.password = messages.passwordRequired;
  return errors;
}

/**
 * A plain form's errors, and `submitted`, which reads the submitted form's text fields by name and
 * answers them when `check` finds nothing, else null with the errors shown.
 */
export function usePlainForm<K extends string>(names: readonly K[], check: (values: Record<K, string>) => PlainErrors<Record<K, string>>) {
  const [errors, setErrors] = useState<PlainErrors<Record<K, string>>>({});
  const submitted = (event: FormEvent<HTMLFormElement>): Record<K, string> | null => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = Object.fromEntries(names.map((name) => [name, String(data.get(name) ?? '')])) as Record<K, string>;
    const found = check(values);
    setErrors(found);
    return Object.keys(found).length === 0 ? values : null;
  };
  return { errors, setErrors, submitted };
}

/** What a control needs to show its error and name it to assistive technology. */
export interface FieldState {
  id: string;
  status?: 'error';
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * One field of a plain form: an optional label, the control, and its error under it (announced
 * when it appears, in the gap below the field, as under antd's form items).
 */
export function PlainField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label?: string;
  error?: string;
  children: (state: FieldState) => ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div className={error ? styles.fieldWithError : styles.field}>
      {label && (
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
      )}
      {children(error ? { id, status: 'error', 'aria-invalid': true, 'aria-describedby': errorId } : { id })}
      {error && (
        <div id={errorId} role="alert" className={styles.error}>
          {error}
        </div>
      )}
    </div>
  );
}
