import { DownOutlined } from '@ant-design/icons';
import type { Endpoint } from '@scm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { ApiError } from '@/shared/http/api';
import { type Callable, holds } from '@/shared/permission/can';
import { useSession } from '@/shared/session/use-session';

/** One state change applied to each selected row through the row's own endpoint. */
export interface BatchAction<T> {
  key: string;
  /** The verb, e.g. "提交"; the menu reads "批量提交". */
  label: string;
  /** The single-record endpoint `run` calls; the item is offered only to the users its route lets in. */
  call: Callable;
  /** Whether the row's state allows it; other rows are reported as failed without a call. */
  allowed: (row: T) => boolean;
  /** Calls the single-record endpoint with the row's id and version. */
  run: (row: T) => Promise<unknown>;
  danger?: boolean;
  /** Asked before a destructive batch, e.g. "作废后不能恢复". */
  confirm?: string;
}

interface BatchActionsProps<T> {
  selected: T[];
  actions: BatchAction<T>[];
  /** How a row is named in the summary, e.g. its code. */
  describe: (row: T) => string;
  /** The list reads to refresh afterwards. */
  invalidates: Endpoint[];
  /** Called when a batch has run (clear the selection). */
  onDone: () => void;
}

interface Failure {
  name: string;
  reason: string;
}

/**
 * 批量操作 for a list's selected rows: the rows are sent one after the other to the single-record
 * endpoint with each row's version (each its own transaction and audit row), then one summary says
 * how many succeeded and why each of the others failed.
 */
export function BatchActions<T>({ selected, actions, describe, invalidates, onDone }: BatchActionsProps<T>) {
  const { modal } = App.useApp();
  const { codes } = useSession();
  const client = useQueryClient();
  const [running, setRunning] = useState(false);
  const offered = actions.filter((action) => holds(codes, action.call));
  if (offered.length === 0) return null;

  const execute = async (action: BatchAction<T>) => {
    setRunning(true);
    const failures: Failure[] = [];
    let succeeded = 0;
    for (const row of selected) {
      if (!action.allowed(row)) {
        failures.push({ name: describe(row), reason: `当前状态不能${action.label}` });
        continue;
      }
      try {
        await action.run(row);
        succeeded += 1;
      } catch (error) {
        failures.push({ name: describe(row), reason: error instanceof ApiError ? error.message : '请求失败' });
      }
    }
    setRunning(false);
    for (const endpoint of invalidates) client.invalidateQueries({ queryKey: [endpoint.path] });
    onDone();
    const title = `批量${action.label}：${succeeded} 成功，${failures.length} 失败`;
    const content =
      failures.length === 0 ? null : (
        <ul className="batch-summary">
          {failures.map((failure) => (
            <li key={failure.name}>
              {failure.name}：{failure.reason}
            </li>
          ))}
        </ul>
      );
    if (failures.length === 0) modal.success({ title, okText: '知道了' });
    else modal.warning({ title, content, okText: '知道了', width: 480 });
  };

  const start = (action: BatchAction<T>) => {
    if (!action.confirm) {
      execute(action);
      return;
    }
    modal.confirm({
      title: `${action.label}选中的 ${selected.length} 条数据？`,
      content: action.confirm,
      okText: action.label,
      okButtonProps: { danger: action.danger },
      onOk: () => execute(action),
    });
  };

  return (
    <Dropdown
      disabled={selected.length === 0 || running}
      trigger={['click']}
      menu={{
        items: offered.map((action) => ({ key: action.key, label: `批量${action.label}`, danger: action.danger })),
        onClick: ({ key }) => {
          const action = offered.find((a) => a.key === key);
          if (action) start(action);
        },
      }}
    >
      <Button loading={running}>
        批量操作{selected.length > 0 ? `（${selected.length}）` : ''} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
