import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  body: unknown;
  token?: string;
  connections: number;
  durationS: number;
  /** Sent as Accept-Encoding: the answers then come compressed and only their HTTP status is checked. */
  acceptEncoding?: string;
}

export interface LoadResult {
  reqPerS: number;
  p50: number;
  p99: number;
  requests: number;
  /** Connection errors, time-outs, non-2xx answers and envelopes whose code is not 200. */
  errors: number;
}

/** One autocannon run (bounded by its duration; every request times out after 10 s). */
export async function load(options: LoadOptions): Promise<LoadResult> {
  let badEnvelopes = 0;
  const result = await autocannon({
    url: options.url,
    method: 'POST',
    connections: options.connections,
    duration: options.durationS,
    timeout: 10,
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.acceptEncoding ? { 'accept-encoding': options.acceptEncoding } : {}),
    },
    body: JSON.stringify(options.body),
    requests: [
      {
        onResponse: (_status: number, body: string) => {
          if (!options.acceptEncoding && !body.startsWith('{"code":200')) badEnvelopes++;
        },
      },
    ],
  });
  return {
    reqPerS: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    // autocannon's errors include its time-outs; a non-2xx answer also fails the envelope check.
    errors: result.errors + badEnvelopes + (options.acceptEncoding ? result.non2xx : 0),
  };
}

export interface MixedOptions {
  baseUrl: string;
  /** Each connection cycles through these in order; paths as the contract has them (without `/api`). */
  requests: { path: string; body: unknown }[];
  token?: string;
  connections: number;
  durationS: number;
}

/** Several endpoints at once, as a page full of users would call them. */
export async function loadMixed(options: MixedOptions): Promise<LoadResult> {
  let badEnvelopes = 0;
  const onResponse = (_status: number, body: string) => {
    if (!body.startsWith('{"code":200')) badEnvelopes++;
  };
  const result = await autocannon({
    url: options.baseUrl,
    connections: options.connections,
    duration: options.durationS,
    timeout: 10,
    requests: options.requests.map((r) => ({
      method: 'POST' as const,
      path: `/api${r.path}`,
      headers: {
        'content-type': 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: JSON.stringify(r.body),
      onResponse,
    })),
  });
  return {
    reqPerS: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + badEnvelopes,
  };
}
