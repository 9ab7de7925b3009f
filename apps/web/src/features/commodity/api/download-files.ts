import { commodityApi, type EndpointBody } from '@scm/contract';
import dayjs from 'dayjs';
import { downloadFile } from '@/shared/http/api';


export const exportCommodities = (filter: EndpointBody<typeof commodityApi.export>) =>
  downloadFile(commodityApi.export.path, filter, `商品列表_${dayjs().format('YYYYMMDDHHmmss')}.xlsx`);
