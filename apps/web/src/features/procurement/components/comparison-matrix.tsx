import { DICT, INVOICE_TYPE_LABELS, INVOICE_TYPE_SHORT_LABELS, TAXPAYER_TYPE_LABELS } from '@scm/contract';
import { Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useDict } from '@/shared/dict/use-dict';
import { Money } from '@/shared/ui/money';
import type { ComparedView } from '@/features/procurement/api/task';
import './procurement.css';

type Row = ComparedView['comparison']['rows'][number];
type Cell = Row['cells'][number];

interface MatrixRow {
  key: string;
  kind: 'line' | 'total';
  label: string;
  row?: Row;
  line?: ComparedView['task']['lines'][number];
}

function QuoteCell({ cell, awarded }: { cell: Cell | undefined; awarded: boolean }) {
  if (!cell) return <span className="muted">-</span>;
  if (cell.missing) return <Tag color="error">未报价</Tag>;
  return (
    <div className={`matrix-cell${awarded ? ' matrix-cell-awarded' : ''}`}>
      <div data-best-price={cell.lowestPrice || undefined}>
        ¥<Money fen={cell.unitPriceFen} />
        {awarded && (
          <Tag color="success" style={{ marginLeft: 4 }}>
            中标
          </Tag>
        )}
      </div>
      <div className="matrix-amounts">
        <span className="muted" data-amount-inclusive>
          含税 <Money fen={cell.amountFen} />
          {cell.belowMoq && `（按${cell.boughtQuantity}）`}
        </span>
        <span className={cell.lowestPrice ? 'matrix-real matrix-best' : 'matrix-real'} data-amount-real>
          实际 <Money fen={cell.realAmountFen} />
        </span>
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
 * Lines × suppliers: tax-inclusive unit price and amount beside the real cost after deductible input
 * VAT (docs/procurement.md), MOQ and lead time per cell; the lowest real cost and the earliest lead
 * time of each line highlighted (every tie too); per supplier goods, freight, 到货成本(含税) and
 * 实际到货成本 with the lowest real landed total highlighted; savings against target and the average.
 */
export function ComparisonMatrix({ view }: { view: ComparedView }) {
  const { comparison, task } = view;
  const units = useDict(DICT.unit);
  const competing = view.suppliers.filter((s) => comparison.suppliers.some((c) => c.supplierId === s.supplierId));
  const totals = new Map(comparison.suppliers.map((s) => [s.supplierId, s]));
  const awardBy = new Map(view.award?.lines.map((l) => [l.taskLineId, l.supplierId]) ?? []);

  const data: MatrixRow[] = [
    ...comparison.rows.map((row, i) => ({
      key: `l${row.lineId}`,
      kind: 'line' as const,
      label: task.lines[i].commodityName,
      row,
      line: task.lines[i],
    })),
    { key: 'goods', kind: 'total', label: '货值合计' },
    { key: 'freight', kind: 'total', label: '运费' },
    { key: 'landed', kind: 'total', label: '到货成本(含税)' },
    { key: 'realLanded', kind: 'total', label: '实际到货成本' },
    { key: 'saving', kind: 'total', label: '较目标价节省' },
  ];

  const columns: ColumnsType<MatrixRow> = [
    {
      title: '商品',
      key: 'commodity',
      fixed: 'left',
      width: 160,
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
      width: 84,
      align: 'right',
      render: (_, r) => (r.kind === 'line' ? <Money fen={r.row?.targetPriceFen} /> : null),
    },
    ...competing
      .map(({ quote: shown, ...s }) => ({ ...s, quote: shown && !shown.sealed ? shown : null }))
      .map((s) => ({
        title: (
          <Tooltip title={s.quote ? `${s.name}：${INVOICE_TYPE_LABELS[s.quote.invoiceType]} ${s.quote.taxRatePercent}%，单价与运费含税` : s.name}>
            <div className="matrix-supplier">{s.name}</div>
            {s.quote && (
              <div className="matrix-invoice" data-invoice={s.quote.invoiceType}>
                {INVOICE_TYPE_SHORT_LABELS[s.quote.invoiceType]} {s.quote.taxRatePercent}%
              </div>
            )}
          </Tooltip>
        ),
        key: `s${s.supplierId}`,
        width: 150,
        render: (_: unknown, r: MatrixRow) => {
          const total = totals.get(s.supplierId);
          if (r.kind === 'line') {
            return (
              <QuoteCell cell={r.row?.cells.find((c) => c.supplierId === s.supplierId)} awarded={awardBy.get(r.row?.lineId ?? 0) === s.supplierId} />
            );
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
          if (r.key === 'freight')
            return (
              <span>
                <Money fen={total.freightFen} />
                {total.realFreightFen !== total.freightFen && (
                  <span className="muted">
                    {' '}
                    （实际 <Money fen={total.realFreightFen} />）
                  </span>
                )}
              </span>
            );
          if (r.key === 'landed')
            return (
              <span data-landed-inclusive>
                <Money fen={total.landedTotalFen} />
              </span>
            );
          if (r.key === 'realLanded')
            return (
              <span className={total.lowestLanded ? 'matrix-best' : undefined} data-best-landed={total.lowestLanded || undefined} data-landed-real>
                <Money fen={total.realLandedTotalFen} />
              </span>
            );
          return <Money fen={total.savingVsTargetFen} />;
        },
      })),
    // Two figures per cell, fixed to the right edge: at 1280 px three suppliers fit without
    // scrolling, and with more suppliers the savings stay in view while the quotes scroll.
    {
      title: (
        <>
          <div>最低 / 平均</div>
          <div>实际成本</div>
        </>
      ),
      key: 'lowest',
      fixed: 'right',
      width: 128,
      align: 'right',
      render: (_, r) =>
        r.kind === 'line' ? (
          <div className="matrix-figures">
            <div>
              最低 <Money fen={r.row?.realLowestAmountFen} />
            </div>
            <div className="muted">
              平均 <Money fen={r.row?.realAverageAmountFen} />
            </div>
          </div>
        ) : null,
    },
    {
      title: (
        <Tooltip title="较目标：目标价含税，按最低实际成本的那家的含税金额比较；较均价：按实际成本">
          <div>
            <div>节省</div>
            <div>较目标 / 较均价</div>
          </div>
        </Tooltip>
      ),
      key: 'saving',
      fixed: 'right',
      width: 128,
      align: 'right',
      render: (_, r) => {
        const figures = (target: number | null | undefined, average: number | null | undefined) => (
          <div className="matrix-figures">
            <div data-saving-target>
              较目标 <Money fen={target} />
            </div>
            <div className="muted" data-saving-average>
              较均价 <Money fen={average} />
            </div>
          </div>
        );
        if (r.kind === 'line') return figures(r.row?.savingVsTargetFen, r.row?.realSavingVsAverageFen);
        return r.key === 'saving' ? figures(comparison.savingVsTargetFen, comparison.realSavingVsAverageFen) : null;
      },
    },
  ];

  return (
    <>
      <div className="matrix-taxpayer muted" data-taxpayer={comparison.taxpayer}>
        单价、金额与运费均为含税价；实际成本 = 含税金额 − 可抵扣进项税（本公司为{TAXPAYER_TYPE_LABELS[comparison.taxpayer]}
        {comparison.taxpayer === 'general' ? '，仅增值税专用发票可抵扣' : '，进项税不可抵扣'}）。最低价、推荐中标与节省按实际成本。
      </div>
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
    </>
  );
}
