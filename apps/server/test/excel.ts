import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { Endpoint } from '@scm/contract';
import type { ApiPath, TestApp } from './helpers';

/** Calls a file route (an export) and returns the raw response. */
export function download(t: TestApp, target: ApiPath | Endpoint, body: unknown, token: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api${typeof target === 'string' ? target : target.path}`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify(body),
  });
}

/** Every sheet of an .xlsx by name, as rows of cell values (header row first). */
export async function readWorkbook(buffer: Buffer): Promise<Map<string, unknown[][]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheets = new Map<string, unknown[][]>();
  for (const sheet of workbook.worksheets) {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    sheets.set(sheet.name, rows);
  }
  return sheets;
}

interface ZipEntry {
  name: string;
  /** Raw deflate data (method 8). */
  deflated: Buffer;
  /** What the zip directory says the entry inflates to. */
  declaredSize: number;
}

/** A zip file written byte by byte, so a test can make its directory tell the truth or lie. */
function writeZip(entries: ZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(entry.deflated.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(entry.deflated.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, name, entry.deflated);
    directory.push(central, name);
    offset += local.length + name.length + entry.deflated.length;
  }
  const size = directory.reduce((sum, b) => sum + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...directory, end]);
}

/**
 * A small .xlsx whose shared strings are `strings` texts of `megabytes` MB each: the deflate
 * stream repeats one compressed megabyte (full flush makes each copy stand alone), so a gigabyte
 * costs about a megabyte of file. With `lie`, the zip directory claims the entry is 1 KB.
 */
export async function zipBombXlsx(headers: string[], options: { strings: number; megabytes: number; lie?: boolean }): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Sheet1').addRow(headers);
  const normal = await JSZip.loadAsync(await workbook.xlsx.writeBuffer());
  const flush = { finishFlush: zlib.constants.Z_FULL_FLUSH };
  const megabyte = zlib.deflateRawSync(Buffer.alloc(1024 * 1024, 'a'), flush);
  const open = zlib.deflateRawSync(Buffer.from('<si><t>'), flush);
  const close = zlib.deflateRawSync(Buffer.from('</t></si>'), flush);
  const stream: Buffer[] = [
    zlib.deflateRawSync(
      Buffer.from(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${options.strings}" uniqueCount="${options.strings}">`,
      ),
      flush,
    ),
  ];
  for (let i = 0; i < options.strings; i++) stream.push(open, ...Array<Buffer>(options.megabytes).fill(megabyte), close);
  stream.push(zlib.deflateRawSync(Buffer.from('</sst>')));
  const inflated = options.strings * (options.megabytes * 1024 * 1024 + 16) + 200;
  const entries: ZipEntry[] = [];
  for (const [name, file] of Object.entries(normal.files)) {
    if (file.dir || name === 'xl/sharedStrings.xml') continue;
    const content = await file.async('nodebuffer');
    entries.push({ name, deflated: zlib.deflateRawSync(content), declaredSize: content.length });
  }
  entries.push({ name: 'xl/sharedStrings.xml', deflated: Buffer.concat(stream), declaredSize: options.lie ? 1024 : Math.min(inflated, 0xffffffff) });
  return writeZip(entries);
}
