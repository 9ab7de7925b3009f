import { DELIVERY_PLACE_PENDING, earlyOpeningLine, fenToYuan, INVOICE_TYPE_SHORT_LABELS, procurementTaskApi, formatDateTime } from '@scm/contract';
import { useSearchParams } from 'react-router';
import { useApiQuery } from '@/shared/http/hooks';
import { PrintFrame, PrintRoot, SignatureBoxes, useBuyerCompany } from '@/features/print/components/print-frame';

const yuan = (fen: number | null | undefined) => (fen == null ? '-' : fenToYuan(fen, true));

/**
 * 比价审批单: the task (with the warehouse the goods go to, or the region and 交货地点以采购方通知为准
 * when it names none, as the orders say), the comparison with 含税 and 实际成本 side by side, the
 * award and its reasons, signatures.
 */
export default function ComparisonPrintPage() {
  return (
    <PrintRoot>
      <ComparisonPrint />
    </PrintRoot>
  );
}

function ComparisonPrint() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const query = useApiQuery(procurementTaskApi.compare, { id }, { enabled: id > 0 });
  const view = query.data;
  const company = useBuyerCompany();
  const comparison = view?.comparison ?? null;
  const quoted = view?.suppliers.filter((s) => s.quote) ?? [];
  const totalOf = (supplierId: number) => comparison?.suppliers.find((s) => s.supplierId === supplierId);
  const nameOf = new Map(view?.suppliers.map((s) => [s.supplierId, s.name]) ?? []);
  const sealed = quoted.some((s) => s.quote?.sealed);
  return (
    <PrintFrame
      title={view ? `比价审批单_${view.task.code}` : '比价审批单'}
      loading={(id > 0 && query.isLoading) || company.isLoading}
      error={!id || query.isError || !view ? '采购任务不存在或无权查看' : sealed ? '报价密封中，开标后才能打印比价审批单' : null}
      watermark={view && !view.award ? '未定标' : view?.task.status === 'award_pending' ? '待审批' : null}
    >
      {view && comparison && (
        <>
          <h1>比价审批单</h1>
          <div className="print-sub">
            <span>{company.data?.name || '-'}</span>
            <span>
              任务：{view.task.code} {view.task.name}
            </span>
            <span>采购员：{view.task.buyerName}</span>
          </div>
          <table>
            <tbody>
              <tr>
                <th style={{ width: '14%' }}>收货仓库</th>
                <td>{view.task.warehouseName ?? DELIVERY_PLACE_PENDING}</td>
                <th style={{ width: '14%' }}>交货地区</th>
                <td>{view.task.deliveryRegionName}</td>
              </tr>
              <tr>
                <th>需求日期</th>
                <td>{view.task.requiredBy ?? '-'}</td>
                <th>报价截止</th>
                <td>{formatDateTime(view.task.quoteDeadline)}</td>
              </tr>
              <tr>
                <th>邀请 / 报价</th>
                <td colSpan={3}>
                  {view.task.invitedCount} 家 / {view.task.quotedCount} 家
                </td>
              </tr>
              {view.award?.approvedBy && (
                <tr>
                  <th>定标审批</th>
                  <td colSpan={3}>
                    定标 {view.award.awardedBy ?? '-'} {formatDateTime(view.award.awardedAt)}；审批 {view.award.approvedBy}{' '}
                    {formatDateTime(view.award.approvedAt ?? view.award.awardedAt)}
                  </td>
                </tr>
              )}
              {earlyOpeningLine(view.task) && (
                <tr>
                  <th>开标</th>
                  <td colSpan={3}>{earlyOpeningLine(view.task)}</td>
                </tr>
              )}
            </tbody>
          </table>
          <h2>比价明细（单价 / 含税金额 / 实际成本，单位：元）</h2>
          <table>
            <thead>
              <tr>
                <th style={{ width: '18%' }}>商品</th>
                <th style={{ width: '7%' }}>数量</th>
                {quoted.map((s) => (
                  <th key={s.supplierId}>
                    {s.name}
                    <div className="small">
                      {s.quote && !s.quote.sealed ? `${INVOICE_TYPE_SHORT_LABELS[s.quote.invoiceType]} ${s.quote.taxRatePercent}%` : ''}
                    </div>
                  </th>
                ))}
                <th style={{ width: '16%' }}>中标</th>
              </tr>
            </thead>
            <tbody>
              {comparison.rows.map((row, i) => {
                const line = view.task.lines[i];
                const won = view.award?.lines.find((l) => l.taskLineId === row.lineId);
                return (
                  <tr key={row.lineId}>
                    <td>
                      {line?.commodityName}
                      <div className="small">{line?.skuCode}</div>
                    </td>
                    <td className="num">{row.quantity}</td>
                    {quoted.map((s) => {
                      const cell = row.cells.find((c) => c.supplierId === s.supplierId);
                      const best = cell?.supplierId === row.recommendedSupplierId;
                      return (
                        <td key={s.supplierId} className={`num ${best ? 'best' : ''}`}>
                          {cell?.missing || !cell ? (
                            '未报价'
                          ) : (
                            <>
                              {yuan(cell.unitPriceFen)}
                              <div>{yuan(cell.amountFen)}</div>
                              <div className="small">实 {yuan(cell.realAmountFen)}</div>
                            </>
                          )}
                        </td>
                      );
                    })}
                    <td>
                      {won ? (
                        <>
                          {nameOf.get(won.supplierId)}
                          <div className="small">
                            {won.boughtQuantity} × {yuan(won.unitPriceFen)}
                            {won.reason ? `；理由：${won.reason}` : ''}
                          </div>
                        </>
                      ) : (
                        '-'
                      )}
                    </td>
                  </tr>
                );
              })}
              <tr>
                <td colSpan={2}>运费</td>
                {quoted.map((s) => (
                  <td key={s.supplierId} className="num">
                    {yuan(totalOf(s.supplierId)?.freightFen)}
                  </td>
                ))}
                <td />
              </tr>
              <tr>
                <td colSpan={2}>到货成本(含税)</td>
                {quoted.map((s) => (
                  <td key={s.supplierId} className="num">
                    {yuan(totalOf(s.supplierId)?.landedTotalFen)}
                  </td>
                ))}
                <td />
              </tr>
              <tr>
                <td colSpan={2} className="strong">
                  实际到货成本
                </td>
                {quoted.map((s) => {
                  const total = totalOf(s.supplierId);
                  return (
                    <td key={s.supplierId} className={`num strong ${total?.lowestLanded ? 'best' : ''}`}>
                      {yuan(total?.realLandedTotalFen)}
                    </td>
                  );
                })}
                <td />
              </tr>
            </tbody>
          </table>
          <p className="small">
            下划线为该行实际成本最低的报价；实际成本 = 含税金额 − 可抵扣进项税（{comparison.taxpayer === 'general' ? '一般纳税人' : '小规模纳税人'}
            ）。
          </p>
          {view.award && (
            <table>
              <tbody>
                <tr>
                  <th style={{ width: '16%' }}>定标货值</th>
                  <td className="num">{yuan(view.award.goodsFen)}</td>
                  <th style={{ width: '16%' }}>运费</th>
                  <td className="num">{yuan(view.award.freightFen)}</td>
                </tr>
                <tr>
                  <th>到货成本(含税)</th>
                  <td className="num">{yuan(view.award.totalFen)}</td>
                  <th>实际到货成本</th>
                  <td className="num strong">{yuan(view.award.realTotalFen)}</td>
                </tr>
                <tr>
                  <th>定标人</th>
                  <td>{view.award.awardedBy ?? '-'}</td>
                  <th>定标时间</th>
                  <td>{formatDateTime(view.award.awardedAt)}</td>
                </tr>
              </tbody>
            </table>
          )}
          <SignatureBoxes roles={['采购员', '采购经理', '财务', '总经理']} />
        </>
      )}
    </PrintFrame>
  );
}
