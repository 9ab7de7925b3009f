import { PlainField } from '@/shared/form/plain-field';
import { TextArea } from '@/shared/ui/plain-controls';
import type { useCheckedText } from './form-errors';

/** A labelled text area bound to a `useCheckedText` field: a reason, a remark, a question. */
export function CheckedTextArea({
  id,
  label,
  field,
  rows,
  maxLength,
  placeholder,
}: {
  id: string;
  label: string;
  field: ReturnType<typeof useCheckedText>;
  rows: number;
  maxLength: number;
  placeholder?: string;
}) {
  return (
    <PlainField id={id} label={label} error={field.error}>
      {(state) => (
        <TextArea
          {...state}
          rows={rows}
          maxLength={maxLength}
          value={field.value}
          onChange={(event) => field.change(event.target.value)}
          placeholder={placeholder}
        />
      )}
    </PlainField>
  );
}
