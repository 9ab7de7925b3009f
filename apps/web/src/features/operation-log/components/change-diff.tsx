import { auditFieldLabel, auditStatusColor, auditValueText } from '@scm/contract';
import { Empty, Table, Tag } from 'antd';
import type { ReactNode } from 'react';
import './change-diff.css';

type Snapshot = Record<string, unknown>;

const asObject = (value: unknown): Snapshot | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Snapshot) : undefined;
const isRow = (value: unknown) => asObject(value) !== undefined;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields to show: on an edit, the ones the write set that differ from before (a snapshot
 * holding only removals, like a role's removed codes, still shows); on a create or a delete, all.
 */
function changedFields(before: Snapshot | undefined, after: Snapshot | undefined): string[] {
  if (!before || !after) return Object.keys(after ?? before ?? {});
  const shared = Object.keys(before).some((field) => field in after);
  const set = Object.keys(after).filter((field) => !same(before[field], after[field]));
  return shared ? set : [...set, ...Object.keys(before)];
}

/** Lines (arrays of records) as a small table whose columns carry the fields' labels. */
function LinesTable({ module, rows }: { module: string; rows: Snapshot[] }) {
  const fields = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return (
    <Table
      size="small"
      pagination={false}
      className="diff-lines"
      rowKey={(_, index) => String(index)}
      dataSource={rows}
      columns={fields.map((field) => ({
        title: auditFieldLabel(module, field),
        dataIndex: field,
        render: (value: unknown) => auditValueText(module, field, value),
      }))}
    />
  );
}

/** One value: a status as its coloured tag, lines as a table, a map (supplier → outcome) as pairs, the rest as text. */
function Value({ module, field, value }: { module: string; field: string; value: unknown }): ReactNode {
  if (Array.isArray(value) && value.length > 0 && value.every(isRow)) return <LinesTable module={module} rows={value as Snapshot[]} />;
  const map = asObject(value);
  if (map) {
    return Object.entries(map)
      .map(([key, item]) => `${key}：${auditValueText(module, field, item)}`)
      .join('；');
  }
  const text = auditValueText(module, field, value);
  const color = field === 'status' && typeof value === 'string' ? auditStatusColor(module, value) : undefined;
  return color ? <Tag color={color}>{text}</Tag> : text;
}

/**
 * The before/after of one audit row as `字段: 旧值 → 新值`, labelled from the module's vocabulary
 * (docs/rules/vocabulary.md). Values are rendered as text, never as HTML.
 */
export function ChangeDiff({ module, before, after }: { module: string; before: unknown; after: unknown }) {
  const from = asObject(before);
  const to = asObject(after);
  const fields = changedFields(from, to);
  if (fields.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该操作没有记录字段变化" />;
  return (
    <dl className="change-diff">
      {fields.map((field) => {
        const old = from && field in from ? <Value module={module} field={field} value={from[field]} /> : null;
        const now = to && field in to ? <Value module={module} field={field} value={to[field]} /> : null;
        return (
          <div key={field} className="change-diff-row" data-field={field}>
            <dt>{auditFieldLabel(module, field)}:</dt>
            <dd>
              {old}
              {old !== null && now !== null && <span className="change-diff-arrow"> → </span>}
              {now}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
