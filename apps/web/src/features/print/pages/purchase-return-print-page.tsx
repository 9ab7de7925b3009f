import {
  amountInCapitals,
  fenToYuan,
  formatChineseDate,
  INVOICE_TYPE_LABELS,
  PURCHASE_RETURN_STATUS_LABELS,
  purchaseOrderApi,
  purchaseReturnApi,
  RETURN_REASON_LABELS,
} from '@scm/contract';
import { useSearchParams } from 'react-router';
import { useDict } from '@/shared/dict/use-dict';
import { useApiQuery } from '@/shared/http/hooks';
import { formatCount } from '@/shared/ui/money';
import { PrintFrame, PrintRoot, SignatureBoxes, useBuyerCompany } from '@/features/print/components/print-frame';

/** A return the supplier has not accepted yet, or one cancelled, prints its status across the page. */
const WATERMARKED = new Set(['pending', 'disputed', 'cancelled']);

export default function PurchaseReturnPrintPage() {
  return (
    <PrintRoot>
      <PurchaseReturnPrint />
    </PrintRoot>
  );
}

function PurchaseReturnPrint() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const info = useApiQuery(purchaseReturnApi.info, { id }, { enabled: id > 0 });
  const ret = info.data;
  const order = useApiQuery(purchaseOrderApi.info, { id: ret?.orderId ?? 0 }, { enabled: !!ret });
  const units = useDict('unit');
  const company = useBuyerCompany();
  const supplier = order.data?.supplier;
  return (
    <PrintFrame
      title={ret ? `采购退货单_${ret.code}` : '采购退货单'}
      loading={(id > 0 && (info.isLoading || (!!ret && order.isLoading))) || company.isLoading}
      error={!id || info.isError || !ret ? '退货单不存在或无权查看' : null}
      watermark={ret && WATERMARKED.has(ret.status) ? PURCHASE_RETURN_STATUS_LABELS[ret.status] : null}
    >
      {ret && (
        <>
          <h1>采购退货单</h1>
          <div className="print-sub">
            <span>退货单号：{ret.code}</span>
            <span>开单日期：{formatChineseDate(ret.createdAt)}</span>
            <span>采购订单：{ret.orderCode}</span>
          </div>
          <div className="print-parties">
            <section>
              <h2>退货方（采购方）</h2>
              <p>{company.data?.name || '-'}</p>
              <p>地址：{company.data?.address || '-'}</p>
              <p>
                采购员：{ret.buyerName}　电话：{company.data?.phone || '-'}
              </p>
            </section>
            <section>
              <h2>收货方（供应方）</h2>
              <p>{ret.supplierName}</p>
              <p>
                联系人：{supplier?.contactPerson ?? '-'}　电话：{supplier?.phone ?? '-'}
              </p>
              <p>地址：{supplier?.address ?? '-'}</p>
            </section>
          </div>
          <table>
            <tbody>
              <tr>
                <th style={{ width: '14%' }}>退货原因</th>
                <td>{RETURN_REASON_LABELS[ret.reasonType]}</td>
                <th style={{ width: '14%' }}>处理方式</th>
                <td style={{ width: '30%' }}>{ret.replacement ? '补发（供应方重新发货）' : '不补发（按实收结算）'}</td>
              </tr>
              <tr>
                <th>发票</th>
                <td>
                  {INVOICE_TYPE_LABELS[ret.invoiceType as keyof typeof INVOICE_TYPE_LABELS] ?? ret.invoiceType}，税率 {ret.taxRatePercent}%
                </td>
                <th>退货日期</th>
                <td>{ret.shippedOn ?? '　　　　年　　月　　日'}</td>
              </tr>
              {ret.remark && (
                <tr>
                  <th>备注</th>
                  <td colSpan={3}>{ret.remark}</td>
                </tr>
              )}
            </tbody>
          </table>
          <table>
            <thead>
              <tr>
                <th style={{ width: '6%' }}>序号</th>
                <th style={{ width: '16%' }}>SKU</th>
                <th>商品名称</th>
                <th style={{ width: '7%' }}>单位</th>
                <th style={{ width: '9%' }}>数量</th>
                <th style={{ width: '13%' }}>含税单价(元)</th>
                <th style={{ width: '15%' }}>含税金额(元)</th>
                <th style={{ width: '16%' }}>说明</th>
              </tr>
            </thead>
            <tbody>
              {ret.lines.map((line, i) => (
                <tr key={line.id}>
                  <td className="center">{i + 1}</td>
                  <td>{line.skuCode}</td>
                  <td>{line.commodityName}</td>
                  <td className="center">{units.item(line.unit)?.label ?? line.unit}</td>
                  <td className="num">{formatCount(line.quantity)}</td>
                  <td className="num">{fenToYuan(line.unitPriceFen, true)}</td>
                  <td className="num">{fenToYuan(line.amountFen, true)}</td>
                  <td className="small">{line.reason ?? ''}</td>
                </tr>
              ))}
              <tr>
                <td colSpan={2} className="strong">
                  退货金额
                </td>
                <td colSpan={4} className="strong">
                  人民币（大写）{amountInCapitals(ret.amountFen)}
                </td>
                <td className="num strong">¥{fenToYuan(ret.amountFen, true)}</td>
                <td />
              </tr>
            </tbody>
          </table>
          <h2>说明</h2>
          <ol className="print-terms">
            <li>退货数量以双方签字确认的本单为准，货物离库日期即退货日期。</li>
            <li>退货金额按原采购订单含税单价计算，在当期对账中冲减应付款。</li>
            <li>选择补发的，供应方应按原订单条款重新发货；不补发的，该商品按实收数量结算。</li>
          </ol>
          <SignatureBoxes className="two" roles={['退货方（签字盖章）', '供应方（签字确认）']} />
        </>
      )}
    </PrintFrame>
  );
}
