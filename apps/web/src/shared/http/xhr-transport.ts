import type { Transport } from './client';

/**
 * A transport on XMLHttpRequest, for uploads that show their progress: fetch reports none for a
 * request body. `onProgress` gets whole percents, 0 while the size is unknown.
 */
export function xhrWithUploadProgress(onProgress: (percent: number) => void): Transport {
  return ({ url, headers, body, timeoutMs, responseType }) =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', url);
      for (const [name, value] of headers) xhr.setRequestHeader(name, value);
      xhr.timeout = timeoutMs;
      xhr.responseType = responseType;
      xhr.upload.onprogress = (event) => onProgress(event.lengthComputable && event.total ? Math.round((event.loaded / event.total) * 100) : 0);
      xhr.onload = () => resolve({ status: xhr.status, contentType: xhr.getResponseHeader('Content-Type') ?? '', body: xhr.response });
      xhr.onerror = () => reject(new TypeError('Network Error'));
      xhr.onabort = () => reject(new DOMException('Request aborted', 'AbortError'));
      xhr.ontimeout = () => reject(new DOMException(`timeout of ${timeoutMs}ms exceeded`, 'TimeoutError'));
      xhr.send(body ?? null);
    });
}
