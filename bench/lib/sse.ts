import { request } from 'node:http';

/**
 * A light Server-Sent Events client over node:http (a thousand of them fit in one bench process):
 * it calls `onEvent` with each event's id and parsed data, and answers once the stream is open.
 */
export interface SseStream {
  close(): void;
}

export function openStream(
  url: string,
  headers: Record<string, string>,
  // biome-ignore lint/suspicious/noExplicitAny: the stream carries whatever the server sent
  onEvent: (event: { id: string | null; data: any }) => void,
): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { accept: 'text/event-stream', ...headers }, agent: false }, (res) => {
      if (!res.headers['content-type']?.startsWith('text/event-stream')) {
        res.resume();
        return reject(new Error(`not a stream: ${res.statusCode} ${res.headers['content-type']}`));
      }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const frame = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          cut = buffer.indexOf('\n\n');
          let id: string | null = null;
          let data: string | null = null;
          for (const line of frame.split('\n')) {
            if (line.startsWith('id:')) id = line.slice(3).trim();
            else if (line.startsWith('data:')) data = line.slice(5).trim();
          }
          if (data !== null) onEvent({ id, data: JSON.parse(data) });
        }
      });
      res.on('error', () => {});
      resolve({ close: () => req.destroy() });
    });
    req.on('error', reject);
    req.end();
  });
}
