import { creditCodeWithCheck } from '@scm/contract';
import { getCompanyInfo, updateCompanyInfo } from '../../modules/company-info/service';
import type { Db } from '../client';

const SYSTEM = { userId: null, userName: '系统', ip: '' };

/** 公司信息 of the demo company, through the same function as the page. */
export async function seedDemoCompany(tx: Db) {
  const current = await getCompanyInfo(tx);
  if (current.name) return;
  await updateCompanyInfo(
    { db: tx, actor: SYSTEM },
    {
      name: '上海优家供应链管理有限公司',
      creditCode: creditCodeWithCheck('91310114MA1GT5Y8X'),
      address: '上海市嘉定区安亭镇墨玉南路888号',
      phone: '021-59560000',
      bankName: '招商银行上海嘉定支行',
      bankAccount: '121912345610801',
      version: current.version,
    },
  );
}
