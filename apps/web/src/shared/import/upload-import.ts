import { type Envelope, IDEMPOTENCY_HEADER, type ImportResult } from '@scm/contract';
import { ApiError } from '@/shared/http/api';
import { request } from '@/shared/http/client';
import { xhrWithUploadProgress } from '@/shared/http/xhr-transport';

/** What every Excel import endpoint takes besides its own fields (a plan's id and version). */
export interface ImportUpload {
  fileName: string;
  fileBase64: string;
  checkOnly: boolean;
  onlyValid: boolean;
}

/**
 * Posts an upload to an import endpoint, outside the shared hooks because it needs a long timeout
 * and upload progress (a 10 MB file takes a while on a slow line). A writing import carries an
 * Idempotency-Key, so a retry after a lost answer does not import twice; a check carries none (it
 * writes nothing, and must not answer a later import with its own result).
 */
export async function uploadImport(
  path: string,
  body: ImportUpload & Record<string, unknown>,
  onProgress: (percent: number) => void,
  idempotencyKey?: string,
): Promise<ImportResult> {
  const envelope = await request<Envelope<ImportResult>>(path, body, {
    headers: idempotencyKey ? { [IDEMPOTENCY_HEADER]: idempotencyKey } : undefined,
    timeoutMs: 300_000,
    transport: xhrWithUploadProgress(onProgress),
  });
  if (!envelope) throw new ApiError(0, '导入失败');
  if (envelope.code !== 200) throw new ApiError(envelope.code, envelope.message);
  return envelope.data;
}

export const readBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
