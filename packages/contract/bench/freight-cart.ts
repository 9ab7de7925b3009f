import { estimateFreight, type FreightItem, type FreightTemplate } from '../src/freight/estimate';

/**
 * The freight workload of docs/rules/quality-bars.md: a 100-item cart over 3 realistic templates, to 4 destinations in
 * turn. `setupFreightEstimate()` returns one estimate per call (for bench/config.ts `freight.setup`).
 */
export function setupFreightEstimate(): () => number {
  const provinces = ['110000', '120000', '310000', '320000', '330000', '440000', '510000', '500000'];
  const cities = ['440100', '440300', '320100', '330100', '510100', '420100'];
  const templates: FreightTemplate[] = [
    {
      id: 1,
      name: '顺丰标准-按重量',
      chargeMode: 'weight',
      status: 'enabled',
      chargeRows: [
        { regionCodes: ['440300', '440100'], isDefault: false, firstQty: 1000, firstFeeFen: 1200, additionalQty: 1000, additionalFeeFen: 200 },
        { regionCodes: provinces, isDefault: false, firstQty: 1000, firstFeeFen: 1500, additionalQty: 1000, additionalFeeFen: 500 },
        { regionCodes: [], isDefault: true, firstQty: 1000, firstFeeFen: 2300, additionalQty: 1000, additionalFeeFen: 1300 },
      ],
      freeRows: [{ regionCodes: ['440000'], qtyLimit: 3000, minAmountFen: 99_900_000, operator: 'and' }],
      noDeliveryCodes: ['540000', '650000'],
    },
    {
      id: 2,
      name: '德邦大件-按体积',
      chargeMode: 'volume',
      status: 'enabled',
      chargeRows: [
        { regionCodes: cities, isDefault: false, firstQty: 100_000, firstFeeFen: 3000, additionalQty: 50_000, additionalFeeFen: 800 },
        { regionCodes: [], isDefault: true, firstQty: 100_000, firstFeeFen: 5000, additionalQty: 50_000, additionalFeeFen: 1500 },
      ],
      freeRows: [],
      noDeliveryCodes: ['540000'],
    },
    {
      id: 3,
      name: '同城配送-按件数',
      chargeMode: 'piece',
      status: 'enabled',
      chargeRows: [
        { regionCodes: ['440305', '440304'], isDefault: false, firstQty: 1, firstFeeFen: 600, additionalQty: 1, additionalFeeFen: 200 },
        { regionCodes: [], isDefault: true, firstQty: 1, firstFeeFen: 1500, additionalQty: 1, additionalFeeFen: 500 },
      ],
      freeRows: [{ regionCodes: [], qtyLimit: 50, minAmountFen: 9_999_900, operator: 'or' }],
      noDeliveryCodes: [],
    },
  ];
  const byId = new Map(templates.map((t) => [t.id, t]));
  const cart: FreightItem[] = Array.from({ length: 100 }, (_, i) => ({
    templateId: (i % 3) + 1,
    quantity: 1 + (i % 7),
    weightG: 150 + i * 37,
    volumeCm3: 2_000 + i * 411,
    amountFen: 1_990 + i * 100,
  }));
  const destinations = ['440305', '440106', '320102', '610113'];
  let i = 0;
  return () => estimateFreight(destinations[i++ & 3], cart, byId).totalFen;
}
