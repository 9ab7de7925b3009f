import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type { FieldError } from '@scm/contract';
import ExcelJS from 'exceljs';
import { AppError, badRequest } from './errors';
import { FileReply, XLSX_TYPE } from './file-reply';

export interface ExcelColumn {
  header: string;
  width?: number;
}

type CellValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell that a spreadsheet could run as a formula (= + - @, and tab / CR which some
 * programs strip first) gets a leading apostrophe, so it stays text (OWASP CSV injection).
 */
export function escapeCell(value: CellValue): CellValue {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** The reverse of `escapeCell`, so an exported file imports back unchanged. */
function unescapeCell(value: string): string {
  return value.length > 1 && value[0] === "'" && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** A time as Shanghai wall-clock text, "2026-05-01 09:30:00", for export cells. */
export const shanghaiTime = (at: Date | string) => new Date(new Date(at).getTime() + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);

/** "数据字典_20260501093000.xlsx": the export's name stamped with the Shanghai time it was made. */
export const exportFileName = (base: string, now: Date) => `${base}_${shanghaiTime(now).replace(/\D/g, '')}.xlsx`;

/**
 * Reads an export's rows in id order a batch at a time (keyset paging: no deep OFFSET) and hands
 * each non-empty batch on, so memory holds one batch whatever the filter matches.
 */
export async function forEachBatch<T extends { id: number }>(
  read: (afterId: number, size: number) => Promise<T[]>,
  size: number,
  each: (rows: T[]) => Promise<void>,
): Promise<void> {
  for (let afterId = 0; ; ) {
    const rows = await read(afterId, size);
    if (rows.length > 0) await each(rows);
    if (rows.length < size) return;
    afterId = rows[rows.length - 1].id;
  }
}

export interface XlsxStreamWriter {
  /** Appends one row to the current sheet; escapes formula-like text. */
  addRow(values: CellValue[]): void;
  /** Closes the current sheet and starts another; later rows go there. */
  nextSheet(sheetName: string, columns: ExcelColumn[]): void;
  /** Resolves once the client has taken what was written so far (call between batches). */
  drained(): Promise<void>;
  finish(): Promise<void>;
  fail(error: unknown): void;
  reply: FileReply;
}

/**
 * A streamed .xlsx sent as the response while rows are still being produced: memory stays at about
 * one batch however many rows are written. Sheets are written one after the other.
 */
export function createXlsxStream(fileName: string, sheetName: string, columns: ExcelColumn[]): XlsxStreamWriter {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const startSheet = (name: string, sheetColumns: ExcelColumn[]) => {
    const started = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    started.columns = sheetColumns.map((c) => ({ header: c.header, width: c.width ?? 14 }));
    started.getRow(1).font = { bold: true };
    started.getRow(1).commit();
    return started;
  };
  let sheet = startSheet(sheetName, columns);
  return {
    addRow: (values) => sheet.addRow(values.map(escapeCell)).commit(),
    nextSheet: (name, sheetColumns) => {
      sheet.commit();
      sheet = startSheet(name, sheetColumns);
    },
    drained: async () => {
      if (out.writableNeedDrain) await once(out, 'drain');
    },
    finish: async () => {
      sheet.commit();
      await workbook.commit();
    },
    fail: (error) => out.destroy(error instanceof Error ? error : new Error(String(error))),
    reply: new FileReply(fileName, XLSX_TYPE, out),
  };
}

/** A small workbook built in memory (import templates). */
export async function xlsxFile(fileName: string, sheetName: string, columns: ExcelColumn[], rows: CellValue[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 14 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row.map(escapeCell));
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return new FileReply(fileName, XLSX_TYPE, buffer);
}

export interface ImportLimits {
  maxBytes: number;
  maxRows: number;
}

export interface SheetRow {
  /** The spreadsheet's own row number (the header is row 1), as the user sees it. */
  rowNumber: number;
  /** Cell texts by header name, trimmed; empty cells are ''. */
  cells: Record<string, string>;
}

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

function cellText(value: ExcelJS.CellValue): string {
  if (value == null) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return value.result == null ? '' : cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

/**
 * Reads the first sheet of an .xlsx upload row by row (streaming, so the row limit is enforced
 * while reading). Row 1 must hold the expected headers; blank rows are skipped.
 */
export async function readXlsxRows(buffer: Buffer, headers: readonly string[], limits: ImportLimits): Promise<SheetRow[]> {
  if (buffer.length > limits.maxBytes) throw tooLarge(limits.maxBytes);
  const rows: SheetRow[] = [];
  let columnHeaders: string[] | null = null;
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(buffer), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      worksheets: 'emit',
    });
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = (row.values as ExcelJS.CellValue[]).slice(1).map((v) => unescapeCell(cellText(v).trim()));
        if (!columnHeaders) {
          columnHeaders = values.map((v) => v.replace(/\*$/, ''));
          const missing = headers.filter((h) => !columnHeaders?.includes(h));
          if (missing.length > 0) throw badRequest(`模板表头不正确，缺少列：${missing.join('、')}`);
          continue;
        }
        if (values.every((v) => v === '')) continue;
        if (rows.length >= limits.maxRows) throw badRequest(`数据不能超过${limits.maxRows}行，请拆分后再导入`);
        const cells: Record<string, string> = {};
        columnHeaders.forEach((header, index) => {
          if (header) cells[header] = values[index] ?? '';
        });
        rows.push({ rowNumber: row.number, cells });
      }
      break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest('无法读取文件，请上传 .xlsx 格式的Excel文件');
  }
  if (!columnHeaders) throw badRequest('文件中没有数据');
  return rows;
}

/** Collects per-row problems of an import: the report shows row number, column and reason. */
export class RowErrors {
  readonly list: { row: number; column: string; message: string }[] = [];
  private readonly badRows = new Set<number>();

  add(row: number, column: string, message: string) {
    this.list.push({ row, column, message });
    this.badRows.add(row);
  }

  addAll(row: number, errors: FieldError[], columnOf: (field: string) => string) {
    for (const e of errors) this.add(row, columnOf(e.field), e.message);
  }

  has(row: number) {
    return this.badRows.has(row);
  }

  get size() {
    return this.badRows.size;
  }
}
