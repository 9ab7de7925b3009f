import { ColumnHeightOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Dropdown, Popover, type TableProps, Tooltip } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { type ReactNode, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { chooseColumns, type Density, useTableSettings } from './table-settings';

/**
 * A list column. `hideBelow`: the column starts hidden while the table is narrower than this
 * many pixels (secondary data); it stays in 列设置 and in the row's expanded part.
 */
export interface ListColumn<T> extends ColumnType<T> {
  hideBelow?: number;
}
export type ListColumns<T> = ListColumn<T>[];

/** Columns nobody can turn off: the identifying first column, the status and the row actions. */
const LOCKED_KEYS = new Set(['status', 'actions']);
const SIZES: Record<Density, TableProps['size']> = { default: 'middle', compact: 'small' };

const columnKey = <T,>(column: ListColumn<T>, index: number) => String(column.key ?? column.dataIndex ?? index);

function cellOf<T>(column: ListColumn<T>, row: T, index: number): ReactNode {
  const path: unknown = column.dataIndex;
  const names: readonly PropertyKey[] = path === undefined ? [] : Array.isArray(path) ? path : [path as PropertyKey];
  const value = names.reduce<unknown>((object, name) => (object as Record<string, unknown> | undefined)?.[name as string], row);
  if (column.render) return column.render(value, row, index) as ReactNode;
  return value === null || value === undefined || value === '' ? '-' : String(value);
}

/** Width of the element, followed as it changes (sidebar, window). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(() => Math.max(0, window.innerWidth - 280));
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * The column choice of a list for the table's width and the user's settings: the columns to show,
 * the ones hidden (shown in the expanded row), the row size, and the 列设置 / 密度 buttons for the
 * toolbar. `ref` goes on the element whose width decides (the table's wrapper).
 */
export function useColumnSettings<T>(tableId: string, columns: ListColumns<T>) {
  const [settings, saveSettings] = useTableSettings(tableId);
  const [ref, width] = useWidth();
  const keyed = useMemo(
    () =>
      columns.map((column, index) => {
        const key = columnKey(column, index);
        return { column, key, locked: index === 0 || LOCKED_KEYS.has(key), shownByDefault: !(column.hideBelow && width < column.hideBelow) };
      }),
    [columns, width],
  );
  const isShown = ({ key, locked, shownByDefault }: (typeof keyed)[number]) =>
    locked || settings.shown.includes(key) || (!settings.hidden.includes(key) && shownByDefault);
  const visible = keyed.filter(isShown);
  const hidden = keyed.filter((entry) => !isShown(entry));

  const settingsPanel = (
    <div className="column-settings">
      <Checkbox.Group
        value={visible.map(({ key }) => key)}
        onChange={(checked) => saveSettings(chooseColumns(settings, keyed, checked as string[]))}
        options={keyed.map(({ column, key, locked }) => ({ label: String(column.title ?? key), value: key, disabled: locked }))}
        style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
      />
      <Button type="link" size="small" style={{ padding: 0, marginTop: 8 }} onClick={() => saveSettings({ ...settings, hidden: [], shown: [] })}>
        恢复默认
      </Button>
    </div>
  );

  const controls = (
    <>
      <Popover content={settingsPanel} title="列设置" trigger="click" placement="bottomRight">
        <Tooltip title="列设置">
          <Button icon={<SettingOutlined />} aria-label="列设置" />
        </Tooltip>
      </Popover>
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: [settings.density],
          items: [
            { key: 'default', label: '默认' },
            { key: 'compact', label: '紧凑' },
          ],
          onClick: ({ key }) => saveSettings({ ...settings, density: key as Density }),
        }}
      >
        <Tooltip title="密度">
          <Button icon={<ColumnHeightOutlined />} aria-label="密度" />
        </Tooltip>
      </Dropdown>
    </>
  );

  // Hidden columns stay reachable: their values show when a row is expanded.
  const expandable: TableProps<T>['expandable'] =
    hidden.length > 0
      ? {
          columnWidth: 40,
          expandedRowRender: (row, index) => (
            <dl className="row-details">
              {hidden.map(({ column, key }) => (
                <div key={key}>
                  <dt>{column.title as ReactNode}</dt>
                  <dd>{cellOf(column, row, index)}</dd>
                </div>
              ))}
            </dl>
          ),
        }
      : undefined;

  return { ref, columns: visible.map(({ column }) => column), size: SIZES[settings.density], controls, expandable };
}
