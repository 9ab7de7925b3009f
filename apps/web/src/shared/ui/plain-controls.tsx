import {
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import type { FieldState } from '@/shared/form/plain-field';
import styles from './plain-controls.module.css';

/**
 * The portal and both sign-in screens are built from these, not from antd: a supplier opens the
 * portal on a phone, and antd's form, inputs, buttons, dialogs and tags with their style engine were
 * most of its script; the back office's login is rendered into its document at build time, and
 * loads none of antd before its form works (docs/web-guide.md, "Portal" and "Loading"). They are drawn like antd's controls in the back
 * office's theme.
 */
type TextInputProps = FieldState &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'size' | 'className'> & {
    /** Added to the control's own class, for a screen's size. */
    className?: string;
  };

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

export function TextInput({ status, className, ...rest }: TextInputProps) {
  return <input type="text" {...rest} className={classes(styles.input, status === 'error' && styles.invalid, className)} />;
}

/** A password field with a button that shows or hides what was typed. */
export function PasswordInput({ status, className, ...rest }: Omit<TextInputProps, 'type'>) {
  const [shown, setShown] = useState(false);
  return (
    <span className={classes(styles.affixed, status === 'error' && styles.invalid, className)}>
      <input {...rest} type={shown ? 'text' : 'password'} className={styles.bare} />
      <button type="button" className={styles.reveal} aria-label="显示密码" aria-pressed={shown} onClick={() => setShown(!shown)}>
        <EyeIcon crossed={!shown} />
      </button>
    </span>
  );
}

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> & {
  variant?: 'default' | 'primary' | 'danger' | 'link' | 'text';
  size?: 'middle' | 'large';
  block?: boolean;
  /** Busy and not clickable again, with a spinner. */
  loading?: boolean;
  icon?: ReactNode;
};

/** A button in antd's manner; `type` is "button" unless said otherwise, so it never submits by accident. */
export function Button({ variant = 'default', size = 'middle', block, loading, icon, type = 'button', disabled, children, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={classes(styles.button, styles[variant], size === 'large' && styles.large, block && styles.block)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading ? <span className={styles.spinner} aria-hidden /> : icon}
      {children}
    </button>
  );
}

/**
 * The form's one primary action, the card's width; while `loading`, busy and not clickable again.
 * `ready` is false in a screen rendered at build time, before its script runs (`useInBrowser`).
 */
export function SubmitButton({ loading, ready = true, children }: { loading: boolean; ready?: boolean; children: ReactNode }) {
  // Not ready: drawn as it will be, but a plain button (with two text fields and no submit button,
  // Enter does not submit a form either) and announced as disabled.
  return (
    <Button type={ready ? 'submit' : 'button'} aria-disabled={!ready || undefined} variant="primary" size="large" block loading={loading}>
      {children}
    </Button>
  );
}

const NOTICE_ICONS = { success: '✓', info: 'i', warning: '!', error: '!' };

/** A notice: a refusal or a warning is announced as an alert, information and a confirmation as a status. */
export function Notice({ type, title, detail }: { type: 'success' | 'info' | 'warning' | 'error'; title: ReactNode; detail?: ReactNode }) {
  return (
    <div role={type === 'error' || type === 'warning' ? 'alert' : 'status'} className={`${styles.notice} ${styles[`notice-${type}`]}`}>
      <span className={styles.noticeIcon} aria-hidden>
        {NOTICE_ICONS[type]}
      </span>
      <div>
        <div>{title}</div>
        {detail && <div className={styles.noticeDetail}>{detail}</div>}
      </div>
    </div>
  );
}

/** A multi-line text field, with the count of characters typed when it has a `maxLength`. */
export function TextArea({
  status,
  value,
  maxLength,
  ...rest
}: FieldState & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className' | 'value'> & { value: string }) {
  return (
    <span className={styles.textareaWrap}>
      <textarea
        {...rest}
        value={value}
        maxLength={maxLength}
        className={`${styles.input} ${styles.textarea} ${status === 'error' ? styles.invalid : ''}`}
      />
      {maxLength != null && (
        <span className={styles.count} aria-hidden>
          {[...value].length} / {maxLength}
        </span>
      )}
    </span>
  );
}

/**
 * One choice of a few, as a row of buttons (antd's button-style radio group): real radio inputs in a
 * fieldset named by its legend, so a screen reader and the keyboard treat them as one.
 */
export function ChoiceButtons<V extends string | number>({
  legend,
  name,
  value,
  options,
  onChange,
  disabled,
  solid,
  extra,
}: {
  legend: string;
  name: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  disabled?: boolean;
  /** The chosen button filled with the primary colour, not only outlined. */
  solid?: boolean;
  extra?: ReactNode;
}) {
  return (
    <fieldset className={styles.choices} disabled={disabled}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={`${styles.choiceRow} ${solid ? styles.solid : ''}`}>
        {options.map((option) => (
          <label key={String(option.value)} className={styles.choice}>
            <input type="radio" name={name} value={String(option.value)} checked={option.value === value} onChange={() => onChange(option.value)} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {extra && <div className={styles.extra}>{extra}</div>}
    </fieldset>
  );
}

const DRAWN_TAG_COLORS = new Set([
  'success',
  'warning',
  'error',
  'processing',
  'blue',
  'cyan',
  'volcano',
  'purple',
  'green',
  'gold',
  'orange',
  'red',
]);

/** A status or a mark as a small coloured tag, in the colours of antd's (contract colour names). */
export function Tag({ color = 'default', children }: { color?: string; children: ReactNode }) {
  return <span className={`${styles.tag} ${styles[`tag-${DRAWN_TAG_COLORS.has(color) ? color : 'default'}`]}`}>{children}</span>;
}

/** Labelled facts of a record (antd's Descriptions): a definition list of `Fact`s, in columns on a wide screen. */
export function Facts({ columns = 3, children }: { columns?: 1 | 2 | 3; children: ReactNode }) {
  return <dl className={`${styles.facts} ${styles[`facts-${columns}`]}`}>{children}</dl>;
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * A modal dialog: the browser's own <dialog>, which keeps the focus inside, closes on Esc and is
 * named by its title. `footer` holds its buttons; closing by Esc or the ✕ calls `onClose`.
 */
export function Dialog({
  title,
  open,
  onClose,
  footer,
  children,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  footer: ReactNode;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <>
          <div className={styles.dialogHead}>
            <h2 id={titleId} className={styles.dialogTitle}>
              {title}
            </h2>
            <button type="button" className={styles.close} aria-label="关闭" onClick={onClose}>
              ×
            </button>
          </div>
          <div className={styles.dialogBody}>{children}</div>
          <div className={styles.dialogFoot}>{footer}</div>
        </>
      )}
    </dialog>
  );
}

/** In place of a page that has nothing to show, with an optional way back. */
export function EmptyNotice({ title, action }: { title: string; action?: ReactNode }) {
  return (
    <div className={styles.empty}>
      <div className={styles.emptyTitle}>{title}</div>
      {action}
    </div>
  );
}

/** The few icons the portal shows, as inline SVG (stroke icons, 1em, the text's colour). */
const ICON_PATHS = {
  bell: 'M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8M10.3 20a1.9 1.9 0 0 0 3.4 0',
  logout: 'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9',
  right: 'M9 18l6-6-6-6',
  calculator:
    'M6 2h12a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zM8 6h8M8 11h.01M12 11h.01M16 11h.01M8 15h.01M12 15h.01M16 15h.01M8 19h.01M12 19h.01M16 19h.01',
};
export function Icon({ name }: { name: keyof typeof ICON_PATHS }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d={ICON_PATHS[name]} />
    </svg>
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
