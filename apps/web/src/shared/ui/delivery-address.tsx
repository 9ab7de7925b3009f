import { DELIVERY_PLACE_PENDING, type DeliveryAddress } from '@scm/contract';

/**
 * Where an order is delivered, in full (docs/rules/orders.md, "Delivery address"): the warehouse,
 * its address, consignee, phone and receiving hours; without a warehouse, the region and the note
 * that the buyer names the place. Plain markup: the portal and the printed papers use it too.
 */
export function DeliveryAddressText({ address, regionName }: { address: DeliveryAddress | null; regionName: string }) {
  if (!address) {
    return (
      <span className="delivery-address">
        {regionName}（{DELIVERY_PLACE_PENDING}）
      </span>
    );
  }
  return (
    <span className="delivery-address">
      <span>
        {address.warehouseName}：{address.regionName.replaceAll(' / ', '')}
        {address.address}
      </span>
      <br />
      <span>
        收货人 {address.consignee}　电话 {address.phone}
        {address.receivingHours ? `　收货时间 ${address.receivingHours}` : ''}
      </span>
    </span>
  );
}
