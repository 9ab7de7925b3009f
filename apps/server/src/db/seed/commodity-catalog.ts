/**
 * A home-goods category tree with the words its commodities are named from. The demo seed takes a
 * slice of it; the scale generator (scripts/seed-scale.ts) builds a million commodities from all of it.
 */
export interface LeafSpec {
  name: string;
  code: string;
  /** Product nouns of this leaf, e.g. 浴巾. */
  items: string[];
  brands: string[];
  specs: string[];
  /** A value of the built-in `unit` dictionary (seed/dictionary.ts). */
  unit: string;
  /** Reference price range in fen. */
  price: [number, number];
  /** Weight range in grams. */
  weight: [number, number];
}
export interface CategorySpec {
  name: string;
  code: string;
  children: (CategorySpec | LeafSpec)[];
}

const leaf = (
  name: string,
  code: string,
  items: string,
  brands: string,
  specs: string,
  unit: string,
  price: [number, number],
  weight: [number, number],
): LeafSpec => ({ name, code, items: items.split(' '), brands: brands.split(' '), specs: specs.split(' '), unit, price, weight });

const textileBrands = '洁丽雅 金号 孚日 三利 富安娜 罗莱 水星 梦洁 博洋 南极人';
const kitchenBrands = '苏泊尔 爱仕达 双立人 美的 九阳 炊大皇 康宁 乐扣乐扣 特百惠 张小泉';
const cleanBrands = '蓝月亮 立白 威露士 滴露 超能 妙洁 美丽雅 茶花 心相印 维达';
const storageBrands = '茶花 禧天龙 爱丽思 百草园 太力 收纳博士 京东京造 网易严选 名创优品 宜家';
const furnitureBrands = '林氏木业 全友 顾家 源氏木语 双虎 曲美 宜家 京东京造 网易严选 索菲亚';
const lampBrands = '欧普 雷士 飞利浦 公牛 小米 松下 三雄极光 佛山照明 TCL 西门子';
const bathBrands = '九牧 箭牌 恒洁 科勒 潜水艇 卫欲 四季沐歌 法恩莎 惠达 东鹏';
const decorBrands = '尚美 物生物 北欧艺术 本来设计 摩登主妇 佳佰 光明 景德镇 初心 和畅';

// biome-ignore format: a data table, one record per line
export const COMMODITY_CATALOG: CategorySpec[] = [
  {
    name: '家纺布艺', code: 'JF', children: [
      { name: '毛巾浴巾', code: 'JF01', children: [
        leaf('毛巾', 'JF0101', '毛巾 洗脸巾 方巾 运动毛巾 儿童毛巾', textileBrands, '34×76cm 35×75cm 33×72cm 25×50cm', 'strip', [990, 4990], [80, 160]),
        leaf('浴巾', 'JF0102', '浴巾 浴袍 浴裙 沙滩巾', textileBrands, '70×140cm 80×160cm 90×180cm', 'strip', [2990, 12900], [300, 700]),
        leaf('地巾', 'JF0103', '地巾 浴室地垫 吸水脚垫', textileBrands, '40×60cm 50×80cm 45×70cm', 'piece', [1990, 6990], [200, 500]),
      ] },
      { name: '床上用品', code: 'JF02', children: [
        leaf('四件套', 'JF0201', '四件套 三件套 床单被套组合', textileBrands, '1.5m床 1.8m床 2.0m床', 'set', [19900, 89900], [1800, 3500]),
        leaf('被子', 'JF0202', '蚕丝被 羽绒被 纤维被 夏凉被 棉花被', textileBrands, '150×200cm 200×230cm 220×240cm', 'piece', [19900, 129900], [1500, 4000]),
        leaf('枕头', 'JF0203', '乳胶枕 记忆棉枕 羽绒枕 荞麦枕 决明子枕', textileBrands, '48×74cm 40×60cm 45×70cm', 'each', [3990, 29900], [600, 1500]),
        leaf('床垫', 'JF0204', '床褥 床垫保护罩 乳胶床垫 凉席', textileBrands, '1.5×2.0m 1.8×2.0m 1.2×2.0m', 'sheet', [9900, 199900], [1500, 15000]),
      ] },
      { name: '窗帘布艺', code: 'JF03', children: [
        leaf('窗帘', 'JF0301', '遮光窗帘 纱帘 百叶帘 卷帘', textileBrands, '1.5×2.7m 2.0×2.7m 3.0×2.7m', 'piece', [4990, 39900], [800, 3000]),
        leaf('沙发垫', 'JF0302', '沙发垫 沙发巾 沙发套', textileBrands, '70×70cm 70×150cm 90×210cm', 'piece', [2990, 19900], [300, 1200]),
        leaf('抱枕靠垫', 'JF0303', '抱枕 靠垫 腰枕 坐垫', decorBrands, '45×45cm 50×50cm 30×50cm', 'each', [1990, 9900], [300, 800]),
      ] },
    ],
  },
  {
    name: '厨房用品', code: 'CF', children: [
      { name: '锅具', code: 'CF01', children: [
        leaf('炒锅', 'CF0101', '炒锅 不粘炒锅 铁锅 麦饭石炒锅', kitchenBrands, '28cm 30cm 32cm 34cm', 'each', [9900, 59900], [1500, 3000]),
        leaf('汤锅', 'CF0102', '汤锅 奶锅 蒸锅 砂锅 高压锅', kitchenBrands, '18cm 20cm 24cm 26cm', 'each', [6900, 49900], [1000, 4000]),
        leaf('煎锅', 'CF0103', '煎锅 平底锅 烤盘 玉子烧锅', kitchenBrands, '20cm 24cm 26cm 28cm', 'each', [4990, 29900], [600, 1500]),
      ] },
      { name: '刀剪砧板', code: 'CF02', children: [
        leaf('菜刀', 'CF0201', '菜刀 切片刀 斩骨刀 刀具套装 水果刀', kitchenBrands, '单把 三件套 五件套 七件套', 'handle', [2990, 59900], [200, 2000]),
        leaf('砧板', 'CF0202', '砧板 菜板 竹砧板 抗菌砧板', kitchenBrands, '30×20cm 36×24cm 40×28cm', 'piece', [1990, 19900], [500, 2500]),
      ] },
      { name: '餐具', code: 'CF03', children: [
        leaf('碗盘', 'CF0301', '饭碗 汤碗 餐盘 鱼盘 碗碟套装', decorBrands, '4.5英寸 6英寸 8英寸 10英寸 28头套装', 'set', [990, 39900], [200, 5000]),
        leaf('杯具', 'CF0302', '马克杯 玻璃杯 保温杯 茶杯 咖啡杯', kitchenBrands, '300ml 350ml 450ml 500ml', 'each', [990, 19900], [150, 500]),
        leaf('筷勺', 'CF0303', '筷子 勺子 餐具套装 叉子', kitchenBrands, '10双装 5双装 4件套 6件套', 'set', [990, 9900], [100, 500]),
      ] },
      { name: '厨房收纳', code: 'CF04', children: [
        leaf('保鲜盒', 'CF0401', '保鲜盒 玻璃饭盒 密封罐 便当盒', kitchenBrands, '350ml 640ml 1000ml 三件套', 'each', [990, 12900], [200, 1200]),
        leaf('置物架', 'CF0402', '调料架 碗碟架 刀架 厨房置物架', storageBrands, '单层 双层 三层', 'each', [2990, 19900], [800, 4000]),
      ] },
    ],
  },
  {
    name: '清洁用品', code: 'QJ', children: [
      { name: '洗衣用品', code: 'QJ01', children: [
        leaf('洗衣液', 'QJ0101', '洗衣液 洗衣凝珠 内衣洗衣液 婴儿洗衣液', cleanBrands, '1kg 2kg 3kg 500g', 'bottle', [1990, 8990], [600, 3200]),
        leaf('柔顺剂', 'QJ0102', '柔顺剂 留香珠 衣物消毒液', cleanBrands, '1L 2.5L 500ml', 'bottle', [1990, 6990], [600, 2800]),
      ] },
      { name: '家居清洁', code: 'QJ02', children: [
        leaf('清洁剂', 'QJ0201', '洗洁精 厨房清洁剂 地板清洁剂 玻璃清洁剂 洁厕灵', cleanBrands, '500g 1kg 1.5kg 2kg', 'bottle', [990, 4990], [500, 2200]),
        leaf('清洁工具', 'QJ0202', '拖把 扫把 刮水器 清洁刷 百洁布', cleanBrands, '单只装 三件套 五片装', 'handle', [990, 12900], [200, 2000]),
        leaf('垃圾袋', 'QJ0203', '垃圾袋 抽绳垃圾袋 可降解垃圾袋', cleanBrands, '45×50cm 50×60cm 100只 150只', 'pack', [590, 2990], [200, 900]),
      ] },
      { name: '纸品湿巾', code: 'QJ03', children: [
        leaf('抽纸', 'QJ0301', '抽纸 软抽 面巾纸', cleanBrands, '3层100抽 3层120抽 4层90抽', 'pack', [1990, 5990], [1200, 3000]),
        leaf('卷纸', 'QJ0302', '卷纸 无芯卷纸 厨房用纸', cleanBrands, '10卷 12卷 27卷', 'pack', [1990, 6990], [1200, 3500]),
        leaf('湿巾', 'QJ0303', '湿巾 婴儿湿巾 消毒湿巾 湿厕纸', cleanBrands, '80抽 10包 40抽×6包', 'pack', [590, 3990], [200, 1500]),
      ] },
    ],
  },
  {
    name: '收纳整理', code: 'SN', children: [
      { name: '收纳箱盒', code: 'SN01', children: [
        leaf('收纳箱', 'SN0101', '收纳箱 整理箱 储物箱 折叠收纳箱', storageBrands, '35L 50L 80L 120L', 'each', [2990, 12900], [800, 3500]),
        leaf('收纳盒', 'SN0102', '收纳盒 抽屉收纳盒 桌面收纳盒 化妆品收纳盒', storageBrands, '小号 中号 大号 三件套', 'each', [990, 5990], [150, 800]),
      ] },
      { name: '衣物收纳', code: 'SN02', children: [
        leaf('衣架', 'SN0201', '衣架 防滑衣架 裤架 晾衣架', storageBrands, '10只装 20只装 30只装', 'pack', [990, 5990], [300, 1500]),
        leaf('真空压缩袋', 'SN0202', '真空压缩袋 防尘袋 被子收纳袋', storageBrands, '8件套 11件套 中号5只', 'set', [1990, 7990], [500, 2000]),
      ] },
      { name: '鞋架衣帽架', code: 'SN03', children: [
        leaf('鞋架', 'SN0301', '鞋架 鞋柜 鞋盒', storageBrands, '四层 五层 六层 八层', 'each', [3990, 29900], [1500, 8000]),
        leaf('衣帽架', 'SN0302', '衣帽架 落地衣架 挂衣架', storageBrands, '单杆 双杆 多功能', 'each', [4990, 19900], [2000, 6000]),
      ] },
    ],
  },
  {
    name: '家具', code: 'JJ', children: [
      { name: '客厅家具', code: 'JJ01', children: [
        leaf('沙发', 'JJ0101', '布艺沙发 皮沙发 懒人沙发 沙发床', furnitureBrands, '单人位 双人位 三人位 转角', 'set', [99900, 999900], [20000, 90000]),
        leaf('茶几', 'JJ0102', '茶几 边几 电视柜', furnitureBrands, '1.2m 1.4m 1.6m 1.8m', 'sheet', [29900, 299900], [10000, 50000]),
      ] },
      { name: '卧室家具', code: 'JJ02', children: [
        leaf('床', 'JJ0201', '实木床 布艺床 铁艺床 儿童床', furnitureBrands, '1.5×2.0m 1.8×2.0m 1.2×2.0m', 'sheet', [99900, 599900], [40000, 120000]),
        leaf('衣柜', 'JJ0202', '衣柜 斗柜 床头柜', furnitureBrands, '两门 三门 四门 单抽', 'each', [29900, 499900], [15000, 150000]),
      ] },
      { name: '书房家具', code: 'JJ03', children: [
        leaf('书桌', 'JJ0301', '书桌 电脑桌 升降桌', furnitureBrands, '1.0m 1.2m 1.4m', 'sheet', [19900, 199900], [12000, 40000]),
        leaf('椅子', 'JJ0302', '办公椅 人体工学椅 餐椅 凳子', furnitureBrands, '标准款 升级款 带脚踏', 'handle', [9900, 199900], [4000, 20000]),
        leaf('书架', 'JJ0303', '书架 置物架 书柜', furnitureBrands, '三层 四层 五层', 'each', [9900, 99900], [6000, 30000]),
      ] },
    ],
  },
  {
    name: '灯具照明', code: 'DJ', children: [
      { name: '室内灯具', code: 'DJ01', children: [
        leaf('吸顶灯', 'DJ0101', '吸顶灯 客厅灯 卧室灯', lampBrands, '24W 36W 48W 72W', 'each', [9900, 99900], [1000, 5000]),
        leaf('台灯', 'DJ0102', '护眼台灯 床头灯 LED台灯', lampBrands, '5W 8W 12W 充电款', 'each', [4990, 39900], [500, 2000]),
        leaf('落地灯', 'DJ0103', '落地灯 氛围灯 阅读落地灯', lampBrands, '1.6m 1.8m 遥控款', 'each', [9900, 59900], [2000, 6000]),
      ] },
      { name: '光源电工', code: 'DJ02', children: [
        leaf('灯泡', 'DJ0201', 'LED灯泡 球泡灯 灯管 筒灯', lampBrands, '5W 9W 12W 18W', 'each', [590, 4990], [50, 300]),
        leaf('插座', 'DJ0202', '插线板 插座 转换器 USB插座', lampBrands, '3位1.8m 5位3m 6位5m', 'each', [1990, 12900], [200, 800]),
      ] },
    ],
  },
  {
    name: '卫浴用品', code: 'WY', children: [
      { name: '卫浴五金', code: 'WY01', children: [
        leaf('花洒', 'WY0101', '花洒套装 手持花洒 增压花洒', bathBrands, '三档 五档 恒温款', 'set', [9900, 199900], [800, 5000]),
        leaf('龙头', 'WY0102', '面盆龙头 厨房龙头 洗衣机龙头', bathBrands, '冷热款 单冷款 抽拉款', 'each', [4990, 99900], [500, 2000]),
        leaf('置物架', 'WY0103', '浴室置物架 毛巾架 马桶置物架', bathBrands, '单层 双层 三层 免打孔', 'each', [2990, 29900], [500, 3000]),
      ] },
      { name: '洗浴用品', code: 'WY02', children: [
        leaf('浴室用品', 'WY0201', '浴帘 防滑垫 马桶垫 漱口杯', bathBrands, '180×200cm 40×70cm 四件套', 'piece', [990, 9900], [200, 1500]),
        leaf('洗漱用品', 'WY0202', '牙刷 牙膏 沐浴露 洗发水', cleanBrands, '4支装 120g 750ml 1L', 'piece', [990, 6990], [100, 1200]),
      ] },
    ],
  },
  {
    name: '家居装饰', code: 'ZS', children: [
      { name: '装饰摆件', code: 'ZS01', children: [
        leaf('花瓶花艺', 'ZS0101', '花瓶 仿真花 干花 花盆', decorBrands, '小号 中号 大号 套装', 'each', [1990, 29900], [300, 3000]),
        leaf('摆件', 'ZS0102', '陶瓷摆件 香薰 蜡烛 相框', decorBrands, '单个 两件套 6寸 7寸', 'each', [1990, 19900], [200, 2000]),
      ] },
      { name: '墙饰地毯', code: 'ZS02', children: [
        leaf('装饰画', 'ZS0201', '装饰画 挂画 壁画 挂钟', decorBrands, '40×60cm 50×70cm 60×90cm', 'piece', [4990, 49900], [1000, 5000]),
        leaf('地毯', 'ZS0202', '地毯 客厅地毯 卧室地毯 门垫', decorBrands, '1.2×1.6m 1.6×2.3m 2.0×3.0m', 'piece', [4990, 99900], [1500, 12000]),
      ] },
    ],
  },
];

export const isLeaf = (spec: CategorySpec | LeafSpec): spec is LeafSpec => 'items' in spec;

/** Descriptive words that vary names within a leaf. */
const NAME_ADJECTIVES = [
  '加厚',
  '经典',
  '简约',
  '北欧风',
  '日式',
  '轻奢',
  '家用',
  '升级款',
  '抗菌',
  '环保',
  '新款',
  '大容量',
  '便携',
  '多功能',
  '高端',
  '基础款',
];
const COLOURS = ['白色', '米色', '灰色', '蓝色', '粉色', '黑色', '原木色', '咖啡色', '绿色', '黄色'];

/** A valid EAN-13 from a 12-digit body (China's GS1 prefixes start 690–699). */
function ean13(body12: string): string {
  const sum = [...body12].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body12}${(10 - (sum % 10)) % 10}`;
}

/** A cheap deterministic hash (the same n always gives the same commodity). */
function mix(n: number): number {
  let x = (n ^ 0x9e3779b9) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}
const pick = <T>(list: readonly T[], n: number): T => list[n % list.length];
const between = ([min, max]: [number, number], n: number) => min + (n % (max - min + 1));

/** The n-th commodity of a leaf: SKU `<leaf code>-<n>`, a brand, a name, a spec and plausible measures. */
export function sampleCommodity(leaf: LeafSpec, n: number) {
  const h = mix(n);
  const brand = pick(leaf.brands, h);
  const item = pick(leaf.items, h >>> 4);
  const adjective = pick(NAME_ADJECTIVES, h >>> 8);
  const colour = pick(COLOURS, h >>> 12);
  const spec = `${pick(leaf.specs, h >>> 16)} ${colour}`;
  const weightG = between(leaf.weight, h >>> 3);
  // Round prices to x.90 yuan, as shops price them.
  const referencePriceFen = Math.max(90, Math.round(between(leaf.price, h >>> 5) / 100) * 100 - 10);
  return {
    skuCode: `${leaf.code}-${String(n).padStart(7, '0')}`,
    name: `${brand} ${adjective}${item}`,
    brand,
    spec,
    unit: leaf.unit,
    barcode: h % 5 === 0 ? null : ean13(`69${String(h % 10_000_000_000).padStart(10, '0')}`),
    weightG,
    volumeCm3: Math.round(weightG * (2 + (h % 7))),
    referencePriceFen,
  };
}
