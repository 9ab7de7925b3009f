import {
  ENABLED_STATUS_LABELS,
  type EnabledStatus,
  type Endpoint,
  ENABLEMENT_TRANSITIONS,
  type EnablementAction,
  enablementActionAllowed,
} from '@scm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useState } from 'react';
import { callApi } from '@/shared/http/api';
import { type Callable, usePermission } from '@/shared/permission/can';

interface BatchStatusOptions {
  /** The single-record calls; each button shows to the users its route lets in. */
  endpoints: { enable: Endpoint & Callable; disable: Endpoint & Callable };
  /** The reads to refresh afterwards. */
  stale: Endpoint[];
  /** How a record is counted: "已启用 3 个模板". */
  noun: string;
}

/**
 * 批量启用 / 批量停用 for a list whose records only switch on and off: the table's row selection
 * and the toolbar buttons. After a confirmation the rows ENABLEMENT_TRANSITIONS lets take the action
 * (the server refuses the others) are sent one after the other to the single-record endpoint with
 * their own version (each its own transaction and audit row); one message says how many succeeded
 * and the first reason of those that did not.
 */
export function useBatchStatus<T extends { id: number; version: number; status: EnabledStatus }>({ endpoints, stale, noun }: BatchStatusOptions) {
  const { message, modal } = App.useApp();
  const canEnable = usePermission(endpoints.enable);
  const canDisable = usePermission(endpoints.disable);
  const allowed = canEnable || canDisable;
  const client = useQueryClient();
  const [selected, setSelected] = useState<T[]>([]);

  const run = (action: EnablementAction) => {
    const rows = selected.filter((row) => enablementActionAllowed(action, row.status));
    const verb = ENABLED_STATUS_LABELS[ENABLEMENT_TRANSITIONS[action].to];
    if (rows.length === 0) {
      message.info(`所选${noun}均已${verb}`);
      return;
    }
    modal.confirm({
      title: `批量${verb} ${rows.length} 个${noun}？`,
      onOk: async () => {
        const endpoint = endpoints[action];
        const failures: string[] = [];
        for (const row of rows) {
          await callApi(endpoint, { id: row.id, version: row.version }).catch((error: Error) => failures.push(error.message));
        }
        for (const read of stale) client.invalidateQueries({ queryKey: [read.path] });
        if (failures.length === 0) message.success(`已${verb} ${rows.length} 个${noun}`);
        else message.warning(`${rows.length - failures.length} 个成功，${failures.length} 个失败：${failures[0]}`);
        setSelected([]);
      },
    });
  };

  const rowSelection = {
    selectedRowKeys: selected.map((row) => row.id),
    onChange: (_keys: unknown, rows: T[]) => setSelected(rows),
    getCheckboxProps: () => ({ disabled: !allowed }),
  };
  const controls =
    selected.length > 0 && allowed ? (
      <>
        <span className="muted">已选 {selected.length} 项</span>
        {canEnable && <Button onClick={() => run('enable')}>批量启用</Button>}
        {canDisable && <Button onClick={() => run('disable')}>批量停用</Button>}
      </>
    ) : null;
  return { rowSelection, controls };
}
