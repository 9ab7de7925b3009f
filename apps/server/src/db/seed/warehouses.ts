import { eq, inArray } from 'drizzle-orm';
import { createWarehouse } from '../../modules/warehouse/service';
import type { Db } from '../client';
import { seedHistory, warehouses } from '../schema';

const SYSTEM = { userId: null, userName: '系统', ip: '' };
const SEED_NAME = 'warehouses';

// biome-ignore format: a data table, one record per line
const BUILT_IN_WAREHOUSES = [
  { code: 'sh_jiading', name: '上海嘉定中心仓', regionCode: '310114', address: '上海市嘉定区马陆镇宝安公路2999号3号库', consignee: '王建军', phone: '021-59901234', receivingHours: '周一至周六 8:30–17:30' },
  { code: 'gz_baiyun', name: '广州白云中心仓', regionCode: '440111', address: '广州市白云区太和镇广从七路88号B栋', consignee: '李志华', phone: '020-87401234', receivingHours: '周一至周六 9:00–17:00' },
  { code: 'bj_daxing', name: '北京大兴仓', regionCode: '110115', address: '北京市大兴区黄村镇兴业街16号院2号库', consignee: '赵海涛', phone: '010-69281234', receivingHours: '周一至周五 9:00–16:30' },
  { code: 'cd_shuangliu', name: '成都双流仓', regionCode: '510116', address: '成都市双流区西航港大道中四段189号', consignee: '张丽', phone: '028-85761234', receivingHours: '周一至周六 9:00–17:00' },
  { code: 'wh_dongxihu', name: '武汉东西湖仓', regionCode: '420112', address: '武汉市东西湖区走马岭街道汇通大道36号', consignee: '陈刚', phone: '027-83891234', receivingHours: '周一至周六 8:30–17:00' },
];

/**
 * The receiving warehouses every database starts with (they were the `warehouse` dictionary's
 * built-in items), written once through the warehouse service: a database whose dictionary items
 * the migration turned into warehouses keeps those, and a warehouse deleted later stays deleted.
 */
export async function seedBuiltInWarehouses(tx: Db) {
  const [done] = await tx.select({ name: seedHistory.name }).from(seedHistory).where(eq(seedHistory.name, SEED_NAME));
  if (done) return;
  const existing = await tx
    .select({ code: warehouses.code, name: warehouses.name })
    .from(warehouses)
    .where(
      inArray(
        warehouses.code,
        BUILT_IN_WAREHOUSES.map((w) => w.code),
      ),
    );
  for (const warehouse of BUILT_IN_WAREHOUSES) {
    if (existing.some((w) => w.code === warehouse.code || w.name === warehouse.name)) continue;
    await createWarehouse({ db: tx, actor: SYSTEM }, { ...warehouse, status: 'enabled' });
  }
  await tx.insert(seedHistory).values({ name: SEED_NAME });
}
