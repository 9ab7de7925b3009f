export interface Answer {
  status: number;
  code: number;
  message: string;
  // biome-ignore lint/suspicious/noExplicitAny: callers read whatever the endpoint answered
  data: any;
  /** Milliseconds from sending to the full answer. */
  ms: number;
}

export interface Api {
  baseUrl: string;
  call(path: string, body?: unknown, token?: string | null, timeoutMs?: number): Promise<Answer>;
}

/** A JSON client for `POST /api{path}`; a network failure or time-out answers status 0 instead of throwing. */
export function apiClient(baseUrl: string): Api {
  return {
    baseUrl,
    async call(path, body = {}, token, timeoutMs = 10_000) {
      const started = performance.now();
      try {
        const response = await fetch(`${baseUrl}/api${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await response.text();
        let json: { code?: number; message?: string; data?: unknown } = {};
        try {
          json = JSON.parse(text);
        } catch {
          json = { message: text.slice(0, 200) };
        }
        return {
          status: response.status,
          code: json.code ?? response.status,
          message: json.message ?? '',
          data: json.data,
          ms: performance.now() - started,
        };
      } catch (error) {
        return { status: 0, code: 0, message: String((error as Error).message ?? error), data: null, ms: performance.now() - started };
      }
    },
  };
}
