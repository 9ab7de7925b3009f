import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { type FieldError, IMPORT_MAX_BYTES, type ImportError } from '@scm/contract';
import { badRequest } from '../http/errors';
import { createXlsxStream, type ExcelColumn } from './excel';
import type { ParsedRow, ParseJob, ParseOutcome } from './xlsx-parse-worker';

/** The rules of docs/rules/imports.md. */
const IMPORT_LIMITS = {
  maxInflatedBytes: 100 * 1024 * 1024,
  maxCellChars: 1000,
  maxTotalChars: 30_000_000,
  workerHeapMb: 256,
  workerTimeMs: 30_000,
  /** Parse workers running at once; further uploads wait their turn. */
  concurrentWorkers: 2,
  /** Uploads waiting for a worker; beyond that the upload is refused at once. */
  maxWaiting: 16,
  /** Errors listed in the JSON answer; the downloadable report holds every bad row. */
  maxListedErrors: 1000,
};

export type SheetRow = ParsedRow;

/** The request body limit of an upload route: base64 makes 10 MB about 13.4 MB; a little more lets oversize files get the clear message. */
export const IMPORT_BODY_LIMIT = Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 64 * 1024;

/** Decodes a base64 upload, refusing anything over the size limit before parsing it. */
export function decodeUpload(base64: string, maxBytes: number): Buffer {
  const payload = base64.replace(/^data:[^,]*,/, '');
  if (Math.floor((payload.length * 3) / 4) - 2 > maxBytes) throw tooLarge(maxBytes);
  const buffer = Buffer.from(payload, 'base64');
  if (buffer.length > maxBytes) throw tooLarge(maxBytes);
  if (buffer.length === 0) throw badRequest('文件为空');
  return buffer;
}

const tooLarge = (maxBytes: number) => badRequest(`文件不能超过${Math.round(maxBytes / 1024 / 1024)}MB`);

interface ZipDirectory {
  files: { uncompressedSize: number }[];
}
// The zip reader exceljs itself reads uploads with (same version): listing the central directory inflates nothing.
const unzipper = createRequire(import.meta.url)('unzipper') as {
  Open: { buffer(file: Buffer): Promise<ZipDirectory> };
};

/** Refuses a file whose entries add up to more than the inflated-size limit, before any parsing. */
async function checkInflatedSize(file: Buffer) {
  const directory = await unzipper.Open.buffer(file).catch(() => {
    throw badRequest('无法读取文件，请上传 .xlsx 格式的Excel文件');
  });
  const inflated = directory.files.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  const limitMb = Math.round(IMPORT_LIMITS.maxInflatedBytes / 1024 / 1024);
  if (inflated > IMPORT_LIMITS.maxInflatedBytes) throw badRequest(`文件解压后超过${limitMb}MB，请删除多余内容或拆分后再导入`);
}

let running = 0;
const waiting: (() => void)[] = [];

async function takeSlot() {
  if (running < IMPORT_LIMITS.concurrentWorkers) {
    running++;
    return;
  }
  if (waiting.length >= IMPORT_LIMITS.maxWaiting) throw badRequest('当前导入的文件较多，请稍后再试');
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function releaseSlot() {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

// Workers load TypeScript sources the way the server does (tsx, also under `npm start` and vitest).
const WORKER_BOOT = `
const { workerData } = require('node:worker_threads');
import(workerData.tsx).then(({ register }) => { register(); return import(workerData.entry); });
`;
const workerUrls = { tsx: import.meta.resolve('tsx/esm/api'), entry: new URL('./xlsx-parse-worker.ts', import.meta.url).href };

/**
 * Why a parse worker gave no outcome: the file took more memory or time than it may (the file's
 * doing), or the thread itself failed, at start or otherwise (the server's).
 */
type WorkerFailure = { failed: 'limits' } | { failed: 'thread'; error: unknown };

/** Parses in a worker thread with its own heap and time cap. */
function parseInWorker(job: ParseJob): Promise<ParseOutcome | WorkerFailure> {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_BOOT, {
      eval: true,
      workerData: { ...job, ...workerUrls },
      transferList: [job.file.buffer as ArrayBuffer],
      resourceLimits: { maxOldGenerationSizeMb: IMPORT_LIMITS.workerHeapMb, maxYoungGenerationSizeMb: 32 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    // Answered once the thread and its heap are gone, so a freed slot means freed memory.
    const settle = (outcome: ParseOutcome | WorkerFailure) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.terminate().then(
        () => resolve(outcome),
        () => resolve(outcome),
      );
    };
    const timer = setTimeout(() => settle({ failed: 'limits' }), IMPORT_LIMITS.workerTimeMs);
    worker.once('message', (outcome: ParseOutcome) => settle(outcome));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { failed: 'limits' } : { failed: 'thread', error }),
    );
    worker.once('exit', (code) => settle({ failed: 'thread', error: new Error(`parse worker exited with code ${code} before answering`) }));
  });
}

/**
 * Reads the first sheet of an .xlsx upload in a capped worker thread (docs/rules/imports.md):
 * its inflated size is checked from the zip directory first, blank rows count toward `maxRows`,
 * and cells longer than the cell limit come back cut (their headers listed in `cut`). A file past
 * the worker's memory or time gets 400 文件无法解析. A thread that fails for its own reasons is
 * started once more; failing again, the upload is answered as a server error, logged with the cause.
 */
export async function readXlsxRows(
  buffer: Buffer,
  columns: readonly { header: string; optionalHeader?: true }[],
  limits: { maxBytes: number; maxRows: number },
): Promise<SheetRow[]> {
  if (buffer.length > limits.maxBytes) throw tooLarge(limits.maxBytes);
  await checkInflatedSize(buffer);
  // Each attempt hands the worker a copy of its own: the file's memory moves to the thread.
  const job = (): ParseJob => ({
    file: new Uint8Array(buffer),
    headers: columns.map((c) => c.header),
    required: columns.filter((c) => !c.optionalHeader).map((c) => c.header),
    maxRows: limits.maxRows,
    maxCellChars: IMPORT_LIMITS.maxCellChars,
    maxTotalChars: IMPORT_LIMITS.maxTotalChars,
  });
  await takeSlot();
  let outcome: ParseOutcome | WorkerFailure;
  try {
    outcome = await parseInWorker(job());
    if ('failed' in outcome && outcome.failed === 'thread') outcome = await parseInWorker(job());
  } finally {
    releaseSlot();
  }
  if ('failed' in outcome) {
    if (outcome.failed === 'limits') throw badRequest('文件无法解析');
    throw new Error('the parse worker failed twice', { cause: outcome.error });
  }
  if ('refusal' in outcome) throw badRequest(outcome.refusal);
  return outcome.rows;
}

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DATE_TEXT = /^(\d{4})\s*(?:[-/.]|年)\s*(\d{1,2})\s*(?:[-/.]|月)\s*(\d{1,2})\s*日?$/;

/**
 * A date column's cell as `YYYY-MM-DD`: a real date cell (already read as such), an Excel serial
 * number (days since 1899-12-30, as the 1900 date system counts them), or text like 2026-03-01,
 * 2026/3/1 or 2026年3月1日. Text of another shape is null; whether the day exists (2026-02-30) is
 * left to the shared schema, so the form and the import say the same.
 */
export function excelDate(text: string): string | null {
  if (/^\d{1,7}(\.\d+)?$/.test(text)) {
    const serial = Math.floor(Number(text));
    return serial >= 1 && serial <= 2958465 ? new Date(EXCEL_EPOCH_MS + serial * 86_400_000).toISOString().slice(0, 10) : null;
  }
  const match = DATE_TEXT.exec(text);
  return match ? `${match[1]}-${match[2].padStart(2, '0')}-${match[3].padStart(2, '0')}` : null;
}

/** Collects per-row problems of an import: the report shows row number, column and reason. */
export class RowErrors {
  readonly list: ImportError[] = [];
  private readonly badRows = new Set<number>();

  add(row: number, column: string, message: string) {
    this.list.push({ row, column, message });
    this.badRows.add(row);
  }

  addAll(row: number, errors: FieldError[], columnOf: (field: string) => string) {
    for (const e of errors) this.add(row, columnOf(e.field), e.message);
  }

  /**
   * Cells longer than the cell limit (the text was cut when read) and cells text hygiene refuses
   * (docs/access-management.md) are errors of their own.
   */
  addCut(sheetRow: SheetRow) {
    for (const header of sheetRow.cut) this.add(sheetRow.rowNumber, header, `内容不能超过${IMPORT_LIMITS.maxCellChars}个字符`);
    for (const { header, message } of sheetRow.refused) this.add(sheetRow.rowNumber, header, message);
  }

  has(row: number) {
    return this.badRows.has(row);
  }

  get size() {
    return this.badRows.size;
  }

  sorted() {
    return [...this.list].sort((a, b) => a.row - b.row);
  }
}

/** The JSON answer of a check or an import: the error list is capped, `errorCount` is the full count. */
export function importAnswer(sheetRows: SheetRow[], validRows: number, imported: number, errors: RowErrors) {
  const list = errors.sorted();
  return {
    totalRows: sheetRows.length,
    validRows,
    imported,
    errorCount: list.length,
    errors: list.slice(0, IMPORT_LIMITS.maxListedErrors),
  };
}

/**
 * The downloadable error report: one line per bad row with 行号 / 列 / 原因 and then the row's own
 * cells under the template's headers, so the user can fix the rows where they see them.
 */
export function importErrorReport(
  fileName: string,
  templateColumns: readonly { header: string }[],
  checked: { sheetRows: SheetRow[]; errors: RowErrors },
) {
  const { sheetRows, errors } = checked;
  const headers = templateColumns.map((c) => c.header);
  const byRow = new Map<number, ImportError[]>();
  for (const e of errors.sorted()) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e]);
  const cellsOf = new Map(sheetRows.map((r) => [r.rowNumber, r.cells]));
  const columns: ExcelColumn[] = [
    { header: '行号', width: 8 },
    { header: '列', width: 18 },
    { header: '原因', width: 40 },
    ...headers.map((header) => ({ header })),
  ];
  const writer = createXlsxStream(fileName, '错误行', columns);
  const produce = async () => {
    for (const [row, rowErrors] of byRow) {
      writer.addRow([
        row,
        [...new Set(rowErrors.map((e) => e.column))].join('、'),
        rowErrors.map((e) => e.message).join('；'),
        ...headers.map((header) => cellsOf.get(row)?.[header] ?? ''),
      ]);
      await writer.drained();
    }
    await writer.finish();
  };
  produce().catch((error) => writer.fail(error));
  return writer.reply;
}
