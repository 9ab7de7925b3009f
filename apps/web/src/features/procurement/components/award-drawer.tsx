import type { MaintainView } from '@scm/contract';
import { Alert, Button, Drawer, Input, Select, Space, Table, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../../shared/http/api';
import { Money } from '../../../shared/ui/money';
import { useAwardTask } from '../api/procurement-tasks';

interface Choice {
  supplierId?: number;
  reason?: string;
}

/** 定标: per line a supplier, pre-selected at the lowest landed cost; a reason when the choice is not the lowest. */
export function AwardDrawer({ view, open, onClose }: { view: MaintainView; open: boolean; onClose: () => void }) {
  const { comparison, task } = view;
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const award = useAwardTask((error) => {
    // Field errors are shown on their rows and in the toast, since a row may be scrolled away.
    if (error instanceof ApiError) setErrors(Object.fromEntries(error.fieldErrors.map((e) => [e.field, e.message])));
    return false;
  });
  const names = new Map(view.suppliers.map((s) => [s.supplierId, s.name]));
  const eligible = new Set(comparison.suppliers.filter((s) => s.eligible).map((s) => s.supplierId));

  useEffect(() => {
    if (!open) return;
    setErrors({});
    setChoices(Object.fromEntries(comparison.rows.map((r) => [r.lineId, { supplierId: r.recommendedSupplierId ?? undefined }])));
  }, [open, comparison.rows]);

  const rows = comparison.rows.map((row, i) => ({ row, line: task.lines[i], index: i }));
  const total = useMemo(
    () =>
      rows.reduce((sum, { row }) => {
        const cell = row.cells.find((c) => c.supplierId === choices[row.lineId]?.supplierId);
        return sum + (cell?.landedFen ?? 0);
      }, 0),
    [rows, choices],
  );
  const landedOf = (row: (typeof rows)[number]['row'], supplierId?: number) => row.cells.find((c) => c.supplierId === supplierId)?.landedFen ?? null;
  const lowest = (row: (typeof rows)[number]['row']) => landedOf(row, row.recommendedSupplierId ?? undefined);

  const submit = () => {
    setErrors({});
    award.mutate(
      {
        id: task.id,
        version: task.version,
        lines: rows
          .filter(({ row }) => choices[row.lineId]?.supplierId)
          .map(({ row }) => ({ taskLineId: row.lineId, supplierId: choices[row.lineId].supplierId as number, reason: choices[row.lineId].reason || null })),
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Drawer
      open={open}
      width={980}
      title={`定标 ${task.code}`}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <span>
            定标总额（含分摊运费）：<strong>¥<Money fen={total} /></strong>
          </span>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" onClick={submit} loading={award.isPending}>
            确认定标
          </Button>
        </Space>
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message="默认选中每行到货成本（货款 + 按金额分摊的运费）最低的供应商；改选其他供应商时须填写定标理由。已过期或未报价的报价不能中标。"
      />
      <Table
        size="small"
        rowKey={(r) => r.row.lineId}
        pagination={false}
        dataSource={rows}
        columns={[
          { title: '商品', key: 'commodity', render: (_, r) => `${r.line.skuCode} ${r.line.commodityName}` },
          { title: '数量', key: 'quantity', align: 'right', render: (_, r) => r.line.quantity },
          {
            title: '中标供应商',
            key: 'supplier',
            width: 320,
            render: (_, r) => (
              <Select
                style={{ width: 300 }}
                aria-label={`中标供应商-${r.line.skuCode}`}
                value={choices[r.row.lineId]?.supplierId}
                status={errors[`lines.${r.index}.supplier_id`] ? 'error' : undefined}
                placeholder="无有效报价"
                onChange={(supplierId: number) => setChoices((c) => ({ ...c, [r.row.lineId]: { ...c[r.row.lineId], supplierId } }))}
                options={r.row.cells
                  .filter((c) => !c.missing && eligible.has(c.supplierId))
                  .map((c) => ({
                    value: c.supplierId,
                    label: `${names.get(c.supplierId)}  ¥${((c.landedFen ?? 0) / 100).toFixed(2)}${c.supplierId === r.row.recommendedSupplierId ? '（最低）' : ''}`,
                  }))}
              />
            ),
          },
          {
            title: '到货成本',
            key: 'landed',
            align: 'right',
            render: (_, r) => {
              const landed = landedOf(r.row, choices[r.row.lineId]?.supplierId);
              const notLowest = landed != null && landed !== lowest(r.row);
              return (
                <span>
                  <Money fen={landed} /> {notLowest && <Tag color="warning">非最低</Tag>}
                </span>
              );
            },
          },
          {
            title: '定标理由',
            key: 'reason',
            width: 240,
            render: (_, r) => {
              const landed = landedOf(r.row, choices[r.row.lineId]?.supplierId);
              const needed = landed != null && landed !== lowest(r.row);
              const error = errors[`lines.${r.index}.reason`];
              return needed ? (
                <div>
                  <Input
                    placeholder="请填写选择非最低价的理由"
                    aria-label={`定标理由-${r.line.skuCode}`}
                    status={error ? 'error' : undefined}
                    value={choices[r.row.lineId]?.reason}
                    maxLength={200}
                    onChange={(e) => setChoices((c) => ({ ...c, [r.row.lineId]: { ...c[r.row.lineId], reason: e.target.value } }))}
                  />
                  {error && <div className="ant-form-item-explain-error">{error}</div>}
                </div>
              ) : (
                <span className="muted">-</span>
              );
            },
          },
        ]}
      />
    </Drawer>
  );
}
