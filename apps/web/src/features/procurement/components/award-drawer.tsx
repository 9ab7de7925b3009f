import { fenToYuan } from '@scm/contract';
import { Alert, App, Button, Descriptions, Drawer, Input, Select, Space, Table, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '@/shared/http/api';
import { Money } from '@/shared/ui/money';
import './procurement.css';
import { type ComparedView, useAwardTask } from '@/features/procurement/api/task';

interface Choice {
  supplierId?: number;
  reason?: string;
}

/**
 * 定标: per line a supplier, pre-selected at the lowest landed cost among the quotes that meet their
 * MOQ; a reason when the choice is not the lowest or fails its MOQ (then the MOQ is bought).
 */
export function AwardDrawer({ view, open, onClose }: { view: ComparedView; open: boolean; onClose: () => void }) {
  const { comparison, task } = view;
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { modal } = App.useApp();
  const award = useAwardTask({
    onError: (error) => {
      // Field errors are shown on their rows and in the toast, since a row may be scrolled away.
      if (error instanceof ApiError) setErrors(Object.fromEntries(error.fieldErrors.map((e) => [e.field, e.message])));
      return false;
    },
  });
  const names = new Map(view.suppliers.map((s) => [s.supplierId, s.name]));
  const eligible = new Set(comparison.suppliers.filter((s) => s.eligible).map((s) => s.supplierId));

  useEffect(() => {
    if (!open) return;
    setErrors({});
    setChoices(Object.fromEntries(comparison.rows.map((r) => [r.lineId, { supplierId: r.recommendedSupplierId ?? undefined }])));
  }, [open, comparison.rows]);

  const rows = comparison.rows.map((row, i) => ({ row, line: task.lines[i], index: i }));
  type Row = (typeof rows)[number]['row'];
  const chosenCell = (row: Row) => row.cells.find((c) => c.supplierId === choices[row.lineId]?.supplierId);
  const totals = useMemo(
    () =>
      rows.reduce(
        (sum, { row }) => {
          const cell = row.cells.find((c) => c.supplierId === choices[row.lineId]?.supplierId);
          return {
            goods: sum.goods + (cell?.amountFen ?? 0),
            freight: sum.freight + (cell?.freightShareFen ?? 0),
            real: sum.real + (cell?.realLandedFen ?? 0),
          };
        },
        { goods: 0, freight: 0, real: 0 },
      ),
    [rows, choices],
  );
  const lowest = (row: Row) => row.cells.find((c) => c.supplierId === row.recommendedSupplierId)?.realLandedFen ?? null;
  /** Why the chosen supplier needs a reason, if it does (the server asks the same). */
  const reasonNeeded = (row: Row): string | null => {
    const cell = chosenCell(row);
    if (cell?.realLandedFen == null) return null;
    if (cell.belowMoq) return '不满足起订量';
    return cell.realLandedFen !== lowest(row) ? '非最低' : null;
  };

  /** A second look before the award is written: what is bought from whom, and what it costs. */
  const confirmAward = () => {
    const picked = rows.filter(({ row }) => choices[row.lineId]?.supplierId);
    // An award the server will refuse (a reason missing) goes straight to its answer, shown on the rows.
    if (picked.some(({ row }) => reasonNeeded(row) && !choices[row.lineId].reason?.trim())) {
      submit();
      return;
    }
    const bySupplier = new Map<number, { lines: number; real: number }>();
    for (const { row } of picked) {
      const cell = chosenCell(row);
      const id = choices[row.lineId].supplierId as number;
      const sum = bySupplier.get(id) ?? { lines: 0, real: 0 };
      bySupplier.set(id, { lines: sum.lines + 1, real: sum.real + (cell?.realLandedFen ?? 0) });
    }
    const reasoned = picked.filter(({ row }) => reasonNeeded(row)).length;
    const yuan = (fen: number) => `¥${fenToYuan(fen, true)}`;
    modal.confirm({
      title: `确认定标 ${task.code}？`,
      width: 560,
      okText: '确认定标',
      cancelText: '再看看',
      content: (
        <div className="award-summary">
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="定标行数">
              {picked.length} / {rows.length}
            </Descriptions.Item>
            <Descriptions.Item label="非最低或不满足起订量">{reasoned} 行（已填理由）</Descriptions.Item>
            <Descriptions.Item label="定标货值">{yuan(totals.goods)}</Descriptions.Item>
            <Descriptions.Item label="运费">{yuan(totals.freight)}</Descriptions.Item>
            <Descriptions.Item label="到货成本(含税)">{yuan(totals.goods + totals.freight)}</Descriptions.Item>
            <Descriptions.Item label="实际到货成本">{yuan(totals.real)}</Descriptions.Item>
          </Descriptions>
          <Table
            size="small"
            style={{ marginTop: 12 }}
            pagination={false}
            rowKey="supplierId"
            dataSource={[...bySupplier].map(([supplierId, sum]) => ({ supplierId, ...sum }))}
            columns={[
              { title: '中标供应商', key: 'name', render: (_, r) => names.get(r.supplierId) },
              { title: '行数', dataIndex: 'lines', align: 'right' },
              { title: '实际到货成本', key: 'real', align: 'right', render: (_, r) => yuan(r.real) },
            ]}
          />
          <p className="muted" style={{ marginTop: 8 }}>
            定标后数量回写到来源计划，各报价单的中标状态随之确定，不能撤回。
          </p>
        </div>
      ),
      onOk: submit,
    });
  };

  const submit = () => {
    setErrors({});
    award.mutate(
      {
        id: task.id,
        version: task.version,
        lines: rows
          .filter(({ row }) => choices[row.lineId]?.supplierId)
          .map(({ row }) => ({
            taskLineId: row.lineId,
            supplierId: choices[row.lineId].supplierId as number,
            reason: choices[row.lineId].reason || null,
          })),
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Drawer
      open={open}
      // Wide enough for names on one line and full amounts; never past the window at 1280 px.
      size="min(1100px, calc(100vw - 96px))"
      title={`定标 ${task.code}`}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" onClick={confirmAward} loading={award.isPending}>
            确认定标
          </Button>
        </Space>
      }
    >
      {/* The totals sit in the body, not the header, so a narrow window wraps them instead of overlapping the title. */}
      <p className="award-totals">
        定标货值{' '}
        <strong>
          ¥<Money fen={totals.goods} />
        </strong>{' '}
        · 运费{' '}
        <strong>
          ¥<Money fen={totals.freight} />
        </strong>{' '}
        · 到货成本{' '}
        <strong>
          ¥<Money fen={totals.goods + totals.freight} />
        </strong>{' '}
        · 实际到货成本{' '}
        <strong>
          ¥<Money fen={totals.real} />
        </strong>
      </p>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message="默认选中每行实际到货成本（定标货值 + 按金额分摊的运费，扣除可抵扣进项税）最低、且满足起订量的供应商；改选其他供应商或选择不满足起订量的报价（按起订量采购）时须填写定标理由。已过期或未报价的报价不能中标。"
      />
      <Table
        size="small"
        className="award-table"
        rowKey={(r) => r.row.lineId}
        pagination={false}
        dataSource={rows}
        columns={[
          {
            title: '商品',
            key: 'commodity',
            width: 190,
            render: (_, r) => (
              <div className="cell-stack" style={{ width: 174 }}>
                <div className="cell-stack-text" title={r.line.commodityName}>
                  {r.line.commodityName}
                </div>
                <div className="cell-stack-secondary">{r.line.skuCode}</div>
              </div>
            ),
          },
          { title: '需求数量', key: 'quantity', width: 84, align: 'right', render: (_, r) => r.line.quantity },
          {
            title: '采购数量',
            key: 'bought',
            width: 84,
            align: 'right',
            render: (_, r) => {
              const cell = chosenCell(r.row);
              return cell ? <span className={cell.belowMoq ? 'matrix-warn' : undefined}>{cell.boughtQuantity}</span> : '-';
            },
          },
          {
            // The reason is typed under the choice it explains, so the row needs no column for it.
            title: '中标供应商 / 定标理由',
            key: 'supplier',
            width: 290,
            render: (_, r) => {
              const needed = reasonNeeded(r.row);
              const error = errors[`lines.${r.index}.reason`];
              return (
                <div className="award-choice">
                  <Select
                    style={{ width: '100%' }}
                    aria-label={`中标供应商-${r.line.skuCode}`}
                    value={choices[r.row.lineId]?.supplierId}
                    status={errors[`lines.${r.index}.supplier_id`] ? 'error' : undefined}
                    placeholder="无有效报价"
                    popupMatchSelectWidth={false}
                    labelRender={({ value }) => names.get(Number(value)) ?? ''}
                    onChange={(supplierId: number) => setChoices((c) => ({ ...c, [r.row.lineId]: { ...c[r.row.lineId], supplierId } }))}
                    options={r.row.cells
                      .filter((c) => !c.missing && eligible.has(c.supplierId))
                      .map((c) => ({
                        value: c.supplierId,
                        label: `${names.get(c.supplierId)}  实际 ¥${fenToYuan(c.realLandedFen ?? 0, true)}${
                          c.belowMoq ? `（不满足起订量，须采购${c.boughtQuantity}）` : c.supplierId === r.row.recommendedSupplierId ? '（最低）' : ''
                        }`,
                      }))}
                  />
                  {needed && (
                    <>
                      <Input
                        placeholder={needed === '不满足起订量' ? '不满足起订量，请填写理由' : '请填写选择非最低价的理由'}
                        aria-label={`定标理由-${r.line.skuCode}`}
                        status={error ? 'error' : undefined}
                        value={choices[r.row.lineId]?.reason}
                        maxLength={200}
                        onChange={(e) => setChoices((c) => ({ ...c, [r.row.lineId]: { ...c[r.row.lineId], reason: e.target.value } }))}
                      />
                      {error && <div className="ant-form-item-explain-error">{error}</div>}
                    </>
                  )}
                </div>
              );
            },
          },
          {
            title: '定标货值',
            key: 'goods',
            width: 124,
            align: 'right',
            render: (_, r) => <Money fen={chosenCell(r.row)?.amountFen} prefix="¥" />,
          },
          {
            title: '到货成本(含税)',
            key: 'landed',
            width: 128,
            align: 'right',
            render: (_, r) => <Money fen={chosenCell(r.row)?.landedFen} prefix="¥" />,
          },
          {
            title: '实际到货成本',
            key: 'realLanded',
            width: 136,
            align: 'right',
            render: (_, r) => {
              const cell = chosenCell(r.row);
              const flag = reasonNeeded(r.row);
              const lowestChosen = cell !== undefined && cell.supplierId === r.row.recommendedSupplierId;
              return (
                <div className="cell-stack award-real">
                  <Money fen={cell?.realLandedFen} prefix="¥" />
                  {flag && <Tag color="warning">{flag}</Tag>}
                  {!flag && lowestChosen && <Tag color="success">最低</Tag>}
                </div>
              );
            },
          },
        ]}
      />
    </Drawer>
  );
}
