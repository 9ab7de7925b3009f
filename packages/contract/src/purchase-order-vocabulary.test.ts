import { describe, expect, it } from 'vitest';
import { freeReceiptRoom, shippableRoom, suggestedShipQuantity } from './purchase-order-vocabulary';

// 100 ordered: 110 may arrive without a reason; 30 received, one notice of 50 on its way and one
// delivered notice of 30 that is already among the received.
const order = {
  lines: [
    { id: 1, quantity: 100, receivedQuantity: 30 },
    { id: 2, quantity: 7, receivedQuantity: 7 },
  ],
  shipments: [
    { status: 'in_transit', lines: [{ orderLineId: 1, quantity: 50 }] },
    { status: 'delivered', lines: [{ orderLineId: 1, quantity: 30 }] },
    { status: 'cancelled', lines: [{ orderLineId: 1, quantity: 90 }] },
  ],
};

describe('what a line may still ship', () => {
  it('is ordered + 10 % − received − in transit; delivered and cancelled notices do not count again', () => {
    expect(freeReceiptRoom(100, 30)).toBe(80);
    expect(shippableRoom(order, 1)).toBe(30);
    expect(shippableRoom(order, 2)).toBe(0);
    expect(shippableRoom(order, 99)).toBe(0);
  });

  it('suggests what is still owed, never more than the room and never below zero', () => {
    expect(suggestedShipQuantity(order, 1)).toBe(30);
    expect(suggestedShipQuantity({ ...order, shipments: [] }, 1)).toBe(70);
    expect(suggestedShipQuantity(order, 2)).toBe(0);
    expect(suggestedShipQuantity({ lines: [{ id: 3, quantity: 5, receivedQuantity: 9 }], shipments: [] }, 3)).toBe(0);
  });
});
