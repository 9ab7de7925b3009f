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
  const region = address.regionName.replaceAll(' / ', '');
  // A street address usually starts with its province or city already; the region is not said twice.
  const place = address.address.startsWith(region.slice(0, 2)) ? address.address : `${region}${address.address}`;
  return (
    <span className="delivery-address">
      <span>
        {address.warehouseName}：{place}
      </span>
      <br />
      <span>
        收货人 {address.consignee}　电话 {address.phone}
        {address.receivingHours ? `　收货时间 ${address.receivingHours}` : ''}
      </span>
    </span>
  );
}
