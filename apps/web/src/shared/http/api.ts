import type { Endpoint, EndpointAt, EndpointBody, EndpointData, FieldError } from '@scm/contract';
import { post, request } from './client';

/** A body code other than 200. The 401 modal and HTTP-error toasts have already been shown. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(message);
  }
  /** True when the user has already been told (401 modal, HTTP error toast). */
  get alreadyShown() {
    return this.code === 401 || this.code === 0;
  }
}

/** Calls a contract endpoint (or one named by its path, `endpointAt`) and returns its data, or throws ApiError. */
export async function callApi<E extends Endpoint>(
  endpoint: E | EndpointAt<E>,
  body: EndpointBody<E>,
  headers: Record<string, string> = {},
): Promise<EndpointData<E>> {
  return callPath<EndpointData<E>>(endpoint.path, emptiedAsNull(endpoint, body), headers);
}

type Shape = Record<string, { safeParse(value: unknown): { success: boolean } }>;

/**
 * An update form's emptied field goes out as null, "clear it": a field left out of an update means
 * "unchanged" to the server (docs/rules/codes-and-api.md, "Updates"), and JSON drops undefined.
 */
function emptiedAsNull<E extends Endpoint>(endpoint: E | EndpointAt<E>, body: EndpointBody<E>): EndpointBody<E> {
  if (!endpoint.path.endsWith('/update') || !('body' in endpoint) || body === null || typeof body !== 'object') return body;
  const shape = (endpoint.body as unknown as { shape?: Shape }).shape;
  if (!shape) return body;
  const sent: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const [key, value] of Object.entries(sent)) {
    if (value === undefined && shape[key]?.safeParse(null).success) sent[key] = null;
  }
  return sent as EndpointBody<E>;
}

/**
 * `callApi` by path, for a first screen that must not load the contract's schemas (the portal's
 * sign-in): the caller names the endpoint's data type, `EndpointData<typeof …>`, as a type only.
 */
export async function callPath<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const envelope = await post<T>(path, body, headers);
  if (!envelope) throw new ApiError(0, '请求失败');
  if (envelope.code !== 200) {
    const data = envelope.data as { fieldErrors?: FieldError[] } | null;
    throw new ApiError(envelope.code, envelope.message, data?.fieldErrors ?? []);
  }
  return envelope.data;
}

/** Downloads a file answer (Excel export) under `fileName`; a JSON answer is an error envelope. */
export async function downloadFile(path: string, body: unknown, fileName: string): Promise<void> {
  const blob = await request<Blob>(path, body, { responseType: 'blob', timeoutMs: 120_000 });
  if (!blob) throw new ApiError(0, '下载失败');
  if (blob.type.includes('application/json')) {
    const envelope = JSON.parse(await blob.text()) as { code: number; message: string };
    throw new ApiError(envelope.code, envelope.message);
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A refusal's errors on the form's own fields (by the server's field name); empty for any other failure. */
export function fieldErrorsOn<K extends string>(error: unknown, names: readonly K[]): Partial<Record<K, string>> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    error.fieldErrors.filter((e) => (names as readonly string[]).includes(e.field)).map((e) => [e.field, e.message]),
  ) as Partial<Record<K, string>>;
}
