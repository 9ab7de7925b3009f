import type { Db } from '../../db/client';
import { getCompanyInfo } from '../company-info/service';

/**
 * The company's unified social credit code (公司信息), the buyer every invoice must name; null
 * while it is not recorded, which leaves the buyer check out (docs/rules/statements.md).
 */
export async function companyTaxId(db: Db): Promise<string | null> {
  return (await getCompanyInfo(db)).creditCode || null;
}
