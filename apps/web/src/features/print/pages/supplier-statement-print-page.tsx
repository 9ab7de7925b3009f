import {
  amountInCapitals,
  fenToYuan,
  formatChineseDate,
  formatDateTimeSeconds,
  INVOICE_TYPE_LABELS,
  MOVEMENT_KIND_LABELS,
  STATEMENT_STATUS_LABELS,
  supplierStatementApi,
} from '@scm/contract';
import { useSearchParams } from 'react-router';
import { useApiQuery } from '@/shared/http/hooks';
import { formatCount } from '@/shared/ui/money';
import { PrintFrame, PrintRoot, SignatureBoxes, useBuyerCompany } from '@/features/print/components/print-frame';

/** Only a statement the supplier confirmed prints clean; the rest carry their status across the page. */
const WATERMARKED = new Set(['draft', 'sent', 'disputed', 'cancelled']);

export default function SupplierStatementPrintPage() {
  return (
    <PrintRoot>
      <SupplierStatementPrint />
    </PrintRoot>
  );
}

function SupplierStatementPrint() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const info = useApiQuery(supplierStatementApi.info, { id }, { enabled: id > 0 });
  const company = useBuyerCompany();
  const s = info.data;
  let row = 0;
  return (
    <PrintFrame
      title={s ? `对账单_${s.code}` : '对账单'}
      loading={id > 0 && info.isLoading}
      error={!id || info.isError || !s ? '对账单不存在或无权查看' : null}
      watermark={s && WATERMARKED.has(s.status) ? STATEMENT_STATUS_LABELS[s.status] : null}
    >
      {s && (
        <>
          <h1>供应商对账单</h1>
          <div className="print-sub">
            <span>对账单号：{s.code}</span>
            <span>
              对账期间：{s.periodFrom} 至 {s.periodTo}
            </span>
            <span>版本：第{s.revision}版</span>
          </div>
          <div className="print-parties">
            <section>
              <h2>采购方</h2>
              <p>{company.data?.name || '-'}</p>
              <p>地址：{company.data?.address || '-'}</p>
              <p>
                经办人：{s.createdByName}　电话：{company.data?.phone || '-'}
              </p>
            </section>
            <section>
              <h2>供应方</h2>
              <p>{s.supplierName}</p>
              <p>统一社会信用代码：{s.supplierCreditCode ?? '-'}</p>
            </section>
          </div>
          <table>
            <thead>
              <tr>
                <th style={{ width: '5%' }}>序号</th>
                <th style={{ width: '15%' }}>订单编号</th>
                <th style={{ width: '7%' }}>类型</th>
                <th style={{ width: '11%' }}>日期</th>
                <th>商品</th>
                <th style={{ width: '8%' }}>数量</th>
                <th style={{ width: '11%' }}>含税单价(元)</th>
                <th style={{ width: '13%' }}>含税金额(元)</th>
                <th style={{ width: '10%' }}>发票</th>
              </tr>
            </thead>
            <tbody>
              {s.movements.map((m) => (
                <tr key={m.id}>
                  <td className="center">{++row}</td>
                  <td>{m.orderCode}</td>
                  <td className="center">{MOVEMENT_KIND_LABELS[m.kind]}</td>
                  <td>{m.date}</td>
                  <td>{m.commodityName ? `${m.skuCode ?? ''} ${m.commodityName}` : '运费'}</td>
                  <td className="num">{m.quantity === null ? '' : formatCount(m.quantity)}</td>
                  <td className="num">{m.unitPriceFen === null ? '' : fenToYuan(m.unitPriceFen, true)}</td>
                  <td className="num">{fenToYuan(m.amountFen, true)}</td>
                  <td className="center small">
                    {m.invoiceType === 'special' ? '专票' : m.invoiceType === 'ordinary' ? '普票' : '不开票'} {m.taxRatePercent}%
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <table>
            <thead>
              <tr>
                <th>发票类型 / 税率</th>
                <th style={{ width: '20%' }}>含税金额(元)</th>
                <th style={{ width: '20%' }}>不含税金额(元)</th>
                <th style={{ width: '18%' }}>税额(元)</th>
              </tr>
            </thead>
            <tbody>
              {s.groups.map((g) => (
                <tr key={`${g.invoiceType}:${g.taxRatePercent}`}>
                  <td>
                    {INVOICE_TYPE_LABELS[g.invoiceType]} {g.taxRatePercent}%
                  </td>
                  <td className="num">{fenToYuan(g.amountInclTaxFen, true)}</td>
                  <td className="num">{fenToYuan(g.amountExclTaxFen, true)}</td>
                  <td className="num">{fenToYuan(g.taxFen, true)}</td>
                </tr>
              ))}
              <tr>
                <td>
                  货款 ¥{fenToYuan(s.goodsFen, true)}　运费 ¥{fenToYuan(s.freightFen, true)}　退货 ¥{fenToYuan(s.returnsFen, true)}
                </td>
                <td colSpan={3} className="strong">
                  对账总额 人民币（大写）{amountInCapitals(s.totalFen)}　¥{fenToYuan(s.totalFen, true)}
                </td>
              </tr>
            </tbody>
          </table>
          <table>
            <tbody>
              <tr>
                <th style={{ width: '18%' }}>供应方确认回执</th>
                <td>
                  {s.confirmedAt && s.receiptSha256 ? (
                    <>
                      确认时间 {formatDateTimeSeconds(s.confirmedAt)}
                      <br />
                      <span className="small">SHA-256：{s.receiptSha256}</span>
                    </>
                  ) : (
                    '尚未确认'
                  )}
                </td>
              </tr>
              {s.paidOn && s.paidAmountFen !== null && (
                <tr>
                  <th>付款</th>
                  <td>
                    {formatChineseDate(`${s.paidOn}T00:00:00+08:00`)} 付款 ¥{fenToYuan(s.paidAmountFen, true)}，流水号 {s.paymentRef}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
          <p className="small">确认回执为对账单规范内容（JSON，键按字典序排列，金额以分为单位）的 SHA-256 摘要，双方可据此复算核对。</p>
          <SignatureBoxes className="two" roles={['采购方（签字盖章）', '供应方（签字盖章）']} />
        </>
      )}
    </PrintFrame>
  );
}
