import { formatCount } from '@/shared/ui/money';
import { amountInCapitals, fenToYuan, INVOICE_TYPE_LABELS, PURCHASE_ORDER_STATUS_LABELS, purchaseOrderApi, formatChineseDate } from '@scm/contract';
import { useSearchParams } from 'react-router';
import { useApiQuery } from '@/shared/http/hooks';
import { useDict } from '@/shared/dict/use-dict';
import { BUYER_COMPANY, PrintFrame, PrintRoot, SignatureBoxes } from '@/features/print/components/print-frame';

/** Only an order the supplier has accepted and that still stands prints clean. */
const WATERMARKED = new Set(['pending', 'closed']);

export default function PurchaseOrderPrintPage() {
  return (
    <PrintRoot>
      <PurchaseOrderPrint />
    </PrintRoot>
  );
}

function PurchaseOrderPrint() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const info = useApiQuery(purchaseOrderApi.info, { id }, { enabled: id > 0 });
  const units = useDict('unit');
  const order = info.data;
  return (
    <PrintFrame
      title={order ? `采购订单_${order.code}` : '采购订单'}
      loading={id > 0 && info.isLoading}
      error={!id || info.isError || !order ? '采购订单不存在或无权查看' : null}
      watermark={order && WATERMARKED.has(order.status) ? PURCHASE_ORDER_STATUS_LABELS[order.status] : null}
    >
      {order && (
        <>
          <h1>采购订单</h1>
          <div className="print-sub">
            <span>订单编号：{order.code}</span>
            <span>下单日期：{formatChineseDate(order.createdAt)}</span>
            <span>采购任务：{order.taskCode}</span>
          </div>
          <div className="print-parties">
            <section>
              <h2>采购方</h2>
              <p>{BUYER_COMPANY.name}</p>
              <p>地址：{BUYER_COMPANY.address}</p>
              <p>
                采购员：{order.buyerName}　电话：{BUYER_COMPANY.phone}
              </p>
            </section>
            <section>
              <h2>供应方</h2>
              <p>{order.supplier.name}</p>
              <p>
                联系人：{order.supplier.contactPerson ?? '-'}　电话：{order.supplier.phone ?? '-'}
              </p>
              <p>地址：{order.supplier.address ?? '-'}</p>
              <p className="small">
                开户行：{order.supplier.bankName ?? '-'}　账号：{order.supplier.bankAccount ?? '-'}
              </p>
            </section>
          </div>
          <table>
            <thead>
              <tr>
                <th style={{ width: '6%' }}>序号</th>
                <th style={{ width: '16%' }}>SKU</th>
                <th>商品名称 / 规格</th>
                <th style={{ width: '7%' }}>单位</th>
                <th style={{ width: '10%' }}>数量</th>
                <th style={{ width: '14%' }}>含税单价(元)</th>
                <th style={{ width: '16%' }}>含税金额(元)</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line, i) => (
                <tr key={line.id}>
                  <td className="center">{i + 1}</td>
                  <td>{line.skuCode}</td>
                  <td>
                    {line.commodityName}
                    {line.spec && <span className="small">（{line.spec}）</span>}
                  </td>
                  <td className="center">{units.item(line.unit)?.label ?? line.unit}</td>
                  <td className="num">{formatCount(line.quantity)}</td>
                  <td className="num">{fenToYuan(line.unitPriceFen, true)}</td>
                  <td className="num">{fenToYuan(line.amountFen, true)}</td>
                </tr>
              ))}
              <tr>
                <td colSpan={6} className="num">
                  货值合计
                </td>
                <td className="num">{fenToYuan(order.goodsFen, true)}</td>
              </tr>
              <tr>
                <td colSpan={6} className="num">
                  运费
                </td>
                <td className="num">{fenToYuan(order.freightFen, true)}</td>
              </tr>
              <tr>
                <td colSpan={2} className="strong">
                  订单总额
                </td>
                <td colSpan={4} className="strong">
                  人民币（大写）{amountInCapitals(order.totalFen)}
                </td>
                <td className="num strong">¥{fenToYuan(order.totalFen, true)}</td>
              </tr>
            </tbody>
          </table>
          <table>
            <tbody>
              <tr>
                <th style={{ width: '14%' }}>发票</th>
                <td>
                  {INVOICE_TYPE_LABELS[order.invoiceType]}，税率 {order.taxRatePercent}%（以上价格均含税）
                </td>
                <th style={{ width: '14%' }}>需求日期</th>
                <td style={{ width: '22%' }}>{order.requiredBy ?? '-'}</td>
              </tr>
              <tr>
                <th>交货地区</th>
                <td colSpan={3}>{order.deliveryRegionName}</td>
              </tr>
            </tbody>
          </table>
          <h2>订单条款</h2>
          <ol className="print-terms">
            <li>供应方应于需求日期前将货物送达交货地区指定仓库，分批送货须事先告知采购方。</li>
            <li>货物以采购方仓库实收数量为准；超过订购数量10%的部分，采购方有权拒收。</li>
            <li>供应方按订单所列发票类型及税率开具发票，货物验收后按双方约定的结算方式付款。</li>
            <li>本订单经双方签字盖章后生效，传真件、扫描件与原件具有同等效力。</li>
          </ol>
          <SignatureBoxes className="two" roles={['采购方（签字盖章）', '供应方（签字盖章）']} />
        </>
      )}
    </PrintFrame>
  );
}
