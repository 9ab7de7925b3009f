import { commodityApi, type EndpointBody, type Envelope, IDEMPOTENCY_HEADER, type ImportResult } from '@scm/contract';
import { ApiError } from '../../../shared/http/api';
import { http } from '../../../shared/http/client';

export type ImportBody = EndpointBody<typeof commodityApi.import>;

/**
 * The import call, outside the shared hooks because it needs a long timeout and upload progress
 * (a 10 MB file takes a while on a slow line).
 */
export async function importCommodities(body: ImportBody, idempotencyKey: string, onProgress: (percent: number) => void): Promise<ImportResult> {
  const response = await http.post<Envelope<ImportResult> | null>(commodityApi.import.path, body, {
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    timeout: 300_000,
    onUploadProgress: (event) => onProgress(event.total ? Math.round((event.loaded / event.total) * 100) : 0),
  });
  const envelope = response.data;
  if (!envelope) throw new ApiError(0, '导入失败');
  if (envelope.code !== 200) throw new ApiError(envelope.code, envelope.message);
  return envelope.data;
}
