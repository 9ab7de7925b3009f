import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A handler's answer that is a file rather than the JSON envelope (Excel export, templates). The
 * seed's HTTP client passes non-JSON answers through to the caller.
 */
export class FileReply {
  constructor(
    readonly fileName: string,
    readonly contentType: string,
    readonly body: Readable | Buffer,
  ) {}

  send(reply: FastifyReply) {
    const ascii = this.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    return reply
      .header('content-type', this.contentType)
      .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(this.fileName)}`)
      .header('cache-control', 'no-store')
      .send(this.body);
  }
}
