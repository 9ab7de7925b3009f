import { DICT, type MaintainView } from '@scm/contract';
import { Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useDict } from '../../../shared/dict/use-dict';
import { Money } from '../../../shared/ui/money';
import './procurement.css';

type Row = MaintainView['comparison']['rows'][number];
type Cell = Row['cells'][number];

interface MatrixRow {
  key: string;
  kind: 'line' | 'total';
  label: string;
  row?: Row;
  line?: MaintainView['task']['lines'][number];
}

function QuoteCell({ cell, awarded }: { cell: Cell | undefined; awarded: boolean }) {
  if (!cell) return <span className="muted">-</span>;
  if (cell.missing) return <Tag color="error">未报价</Tag>;
  return (
    <div className={`matrix-cell${awarded ? ' matrix-cell-awarded' : ''}`}>
      <div className={cell.lowestPrice ? 'matrix-best' : undefined} data-best-price={cell.lowestPrice || undefined}>
        ¥<Money fen={cell.unitPriceFen} />
        {awarded && (
          <Tag color="success" style={{ marginLeft: 4 }}>
            中标
          </Tag>
        )}
      </div>
      <div className="muted">
        金额 <Money fen={cell.amountFen} />
        {cell.belowMoq && `（按${cell.boughtQuantity}）`}
      </div>
      {cell.belowMoq && (
        <Tooltip title={`需求数量低于起订量 ${cell.moq}：须按起订量采购，不参与最低价比较，定标时须填写理由`}>
          <Tag color="warning" className="matrix-moq-tag" data-below-moq>
            不满足起订量
          </Tag>
        </Tooltip>
      )}
      <div>
        {cell.moq != null && <span className={cell.belowMoq ? 'matrix-warn' : 'muted'}>起订 {cell.moq}</span>}
        {cell.leadTimeDays != null && (
          <span className={cell.earliestLead ? 'matrix-fast' : 'muted'} data-best-lead={cell.earliestLead || undefined} style={{ marginLeft: 8 }}>
            交期 {cell.leadTimeDays}天
          </span>
        )}
      </div>
    </div>
  );
}

/**
 * Lines × suppliers: unit price, amount, MOQ and lead time per cell; the lowest price and the
 * earliest lead time of each line highlighted (every tie too); per supplier goods, freight and landed
 * totals with the lowest landed total highlighted; savings against target and the average quote.
 */
export function ComparisonMatrix({ view }: { view: MaintainView }) {
  const { comparison, task } = view;
  const units = useDict(DICT.unit);
  const competing = view.suppliers.filter((s) => comparison.suppliers.some((c) => c.supplierId === s.supplierId));
  const totals = new Map(comparison.suppliers.map((s) => [s.supplierId, s]));
  const awardBy = new Map(view.award?.lines.map((l) => [l.taskLineId, l.supplierId]) ?? []);

  const data: MatrixRow[] = [
    ...comparison.rows.map((row, i) => ({ key: `l${row.lineId}`, kind: 'line' as const, label: task.lines[i].commodityName, row, line: task.lines[i] })),
    { key: 'goods', kind: 'total', label: '货值合计' },
    { key: 'freight', kind: 'total', label: '运费' },
    { key: 'landed', kind: 'total', label: '到货成本' },
    { key: 'saving', kind: 'total', label: '较目标价节省' },
  ];

  const columns: ColumnsType<MatrixRow> = [
    {
      title: '商品',
      key: 'commodity',
      fixed: 'left',
      width: 180,
      render: (_, r) =>
        r.kind === 'line' && r.line ? (
          <div>
            <div>{r.line.commodityName}</div>
            <div className="muted">
              {r.line.skuCode} · {r.line.quantity}
              {units.label(r.line.unit)}
            </div>
          </div>
        ) : (
          <strong>{r.label}</strong>
        ),
    },
    {
      title: '目标单价',
      key: 'target',
      fixed: 'left',
      width: 90,
      align: 'right',
      render: (_, r) => (r.kind === 'line' ? <Money fen={r.row?.targetPriceFen} /> : null),
    },
    ...competing.map((s) => ({
      title: (
        <Tooltip title={s.name}>
          <div className="matrix-supplier">{s.name}</div>
        </Tooltip>
      ),
      key: `s${s.supplierId}`,
      // With the fixed columns below, three suppliers fit 1440 px without scrolling; more scroll.
      width: 155,
      render: (_: unknown, r: MatrixRow) => {
        const total = totals.get(s.supplierId);
        if (r.kind === 'line') {
          return <QuoteCell cell={r.row?.cells.find((c) => c.supplierId === s.supplierId)} awarded={awardBy.get(r.row?.lineId ?? 0) === s.supplierId} />;
        }
        if (!total) return null;
        if (r.key === 'goods')
          return (
            <span>
              <Money fen={total.goodsTotalFen} />
              {total.missingLines > 0 && (
                <Tag color="warning" style={{ marginLeft: 4 }}>
                  缺{total.missingLines}行
                </Tag>
              )}
              {!total.eligible && (
                <Tag color="error" style={{ marginLeft: 4 }}>
                  不可定标
                </Tag>
              )}
            </span>
          );
        if (r.key === 'freight') return <Money fen={total.freightFen} />;
        if (r.key === 'landed')
          return (
            <span className={total.lowestLanded ? 'matrix-best' : undefined} data-best-landed={total.lowestLanded || undefined}>
              <Money fen={total.landedTotalFen} />
            </span>
          );
        return <Money fen={total.savingVsTargetFen} />;
      },
    })),
    {
      title: '最低单价',
      key: 'lowest',
      width: 90,
      align: 'right',
      render: (_, r) => (r.kind === 'line' ? <Money fen={r.row?.lowestUnitPriceFen} /> : null),
    },
    {
      title: '平均报价金额',
      key: 'average',
      width: 110,
      align: 'right',
      render: (_, r) => (r.kind === 'line' ? <Money fen={r.row?.averageAmountFen} /> : null),
    },
    {
      title: '较目标节省',
      key: 'savingTarget',
      width: 100,
      align: 'right',
      render: (_, r) =>
        r.kind === 'line' ? <Money fen={r.row?.savingVsTargetFen} /> : r.key === 'saving' ? <Money fen={comparison.savingVsTargetFen} /> : null,
    },
    {
      title: '较均价节省',
      key: 'savingAverage',
      width: 100,
      align: 'right',
      render: (_, r) =>
        r.kind === 'line' ? <Money fen={r.row?.savingVsAverageFen} /> : r.key === 'saving' ? <Money fen={comparison.savingVsAverageFen} /> : null,
    },
  ];

  return (
    <Table<MatrixRow>
      className="comparison-matrix"
      size="small"
      bordered
      pagination={false}
      columns={columns}
      dataSource={data}
      rowClassName={(r) => (r.kind === 'total' ? 'matrix-total-row' : '')}
      scroll={{ x: 'max-content', y: 560 }}
      locale={{ emptyText: '暂无报价' }}
    />
  );
}
