import { formatCount } from '@/shared/ui/money';
import {
  amountInCapitals,
  DICT,
  fenToYuan,
  INVOICE_TYPE_LABELS,
  PURCHASE_ORDER_STATUS_LABELS,
  purchaseOrderApi,
  formatChineseDate,
} from '@scm/contract';
import { useSearchParams } from 'react-router';
import { useApiQuery } from '@/shared/http/hooks';
import { useDict } from '@/shared/dict/use-dict';
import { PrintFrame, PrintRoot, SignatureBoxes, useBuyerCompany } from '@/features/print/components/print-frame';
import { DeliveryAddressText } from '@/shared/ui/delivery-address';

/** Only an order the supplier has accepted and that still stands prints clean. */
const WATERMARKED = new Set(['pending', 'closed', 'rejected']);

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
  const settlement = useDict(DICT.settlementType);
  const company = useBuyerCompany();
  const buyer = company.data;
  const order = info.data;
  return (
    <PrintFrame
      title={order ? `采购订单_${order.code}` : '采购订单'}
      loading={(id > 0 && info.isLoading) || company.isLoading}
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
              <p>{buyer?.name || '-'}</p>
              <p>地址：{buyer?.address || '-'}</p>
              <p>
                采购员：{order.buyerName}　电话：{buyer?.phone || '-'}
              </p>
              <p className="small">
                统一社会信用代码：{buyer?.creditCode || '-'}
                <br />
                开户行：{buyer?.bankName || '-'}　账号：{buyer?.bankAccount || '-'}
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
                统一社会信用代码：{order.supplier.creditCode ?? '-'}
                <br />
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
                <th>结算方式</th>
                <td>{settlement.item(order.settlementType)?.label ?? order.settlementType}</td>
                <th>承诺到货</th>
                <td>{order.promisedDate ?? '-'}</td>
              </tr>
              <tr>
                <th>收货地址</th>
                <td colSpan={3}>
                  <DeliveryAddressText address={order.deliveryAddress} regionName={order.deliveryRegionName} />
                </td>
              </tr>
            </tbody>
          </table>
          <h2>订单条款</h2>
          <ol className="print-terms">
            <li>
              供应方应于{order.promisedDate ?? order.requiredBy ?? '约定日期'}
              前将货物送达上列收货地址，每批发货须在供应商门户登记发货通知（送货单号、预计到货日期），随货附送货单。
            </li>
            <li>货物以采购方仓库实收数量为准；超过订购数量10%的部分，采购方有权拒收。</li>
            <li>
              供应方按订单所列发票类型及税率开具发票；结算方式为「{settlement.item(order.settlementType)?.label ?? order.settlementType}
              」，货物验收、对账无误后付款。
            </li>
            <li>本订单经双方签字盖章后生效，传真件、扫描件与原件具有同等效力。</li>
          </ol>
          <SignatureBoxes className="two" roles={['采购方（签字盖章）', '供应方（签字盖章）']} />
        </>
      )}
    </PrintFrame>
  );
}
