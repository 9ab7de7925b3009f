import { formatDateTimeSeconds } from '@scm/contract';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { FileReply, XLSX_TYPE } from './file-reply';

export interface ExcelColumn {
  header: string;
  width?: number;
  /** A date column: its cells are formatted as dates, so Excel offers its date input. */
  date?: boolean;
  /** A moment column (`dateTimeCell`): date and time, sortable and filterable as such. */
  dateTime?: boolean;
  /** An amount column: numeric cells in yuan (`moneyCell`) shown as ¥1,234.00, so SUM works. */
  money?: boolean;
  /** A quantity or count column: numeric cells shown with thousands separators. */
  count?: boolean;
}

const DATE_FORMAT = 'yyyy-mm-dd';
const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm';
export const MONEY_FORMAT = '"¥"#,##0.00;-"¥"#,##0.00';
export const COUNT_FORMAT = '#,##0';

/** The number format of a column, if it has one. */
export const columnNumFmt = (c: ExcelColumn) => (c.money ? MONEY_FORMAT : c.count ? COUNT_FORMAT : c.date ? DATE_FORMAT : undefined);

/** A calendar day `YYYY-MM-DD` as a date cell (midnight UTC: a spreadsheet date has no zone); blank for none. */
export const dateCell = (day: string | null | undefined): Date | null => (day ? new Date(`${day}T00:00:00Z`) : null);
/** A moment as a date-time cell showing its Asia/Shanghai wall clock (the export's readers are there). */
export const dateTimeCell = (at: Date | string | null | undefined): Date | null =>
  at == null ? null : new Date(new Date(at).getTime() + 8 * 3600_000);

/** Fen as a numeric yuan cell (two decimals exactly: fen are integers); blank for no amount. */
export const moneyCell = (fen: number | bigint | null | undefined): number | null => (fen == null ? null : Number(fen) / 100);

export type CellValue = string | number | Date | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * What XML 1.0 does not allow in a document (C0 controls other than tab / LF / CR, U+FFFE, U+FFFF,
 * lone surrogates): one such character makes strict readers reject the whole file.
 */
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/** Text with every character XML 1.0 does not allow removed. */
export const xmlSafe = (text: string) => text.replace(NOT_XML, '');

/**
 * Every cell of every export goes through here (docs/rules/imports.md, "Exports"): text loses what
 * XML 1.0 does not allow, and text that a spreadsheet could run as a formula (= + - @, and tab / CR
 * which some programs strip first) gets a leading apostrophe, so it stays text (OWASP CSV injection).
 */
export function escapeCell(value: CellValue): CellValue {
  if (typeof value !== 'string') return value;
  const text = xmlSafe(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * A sheet name Excel accepts: XML-safe, none of : \ / ? * [ ], no apostrophe at either end (so
 * never the formula escape), at most 31 UTF-16 units, never empty.
 */
export function escapeSheetName(name: string): string {
  const cleaned = xmlSafe(name)
    .replace(/[:\\/?*[\]]/g, ' ')
    .replace(/^'+|'+$/g, '')
    .trim();
  let fitted = '';
  for (const char of cleaned) {
    if (fitted.length + char.length > 31) break;
    fitted += char;
  }
  fitted = fitted.trim();
  // Excel reserves "History"; ExcelJS refuses it.
  return fitted === 'History' ? 'History 1' : fitted || 'Sheet1';
}

/**
 * Escapes, in place, every cell and sheet name of a workbook built in memory cell by cell: whatever
 * a builder wrote, and however it lays its sheets out, what is sent has been through `escapeCell`.
 */
function escapeWorkbook(workbook: ExcelJS.Workbook) {
  for (const sheet of workbook.worksheets) {
    sheet.name = escapeSheetName(sheet.name);
    sheet.eachRow({ includeEmpty: false }, (row) => {
      row.eachCell({ includeEmpty: false }, (cell) => {
        if (typeof cell.value === 'string') cell.value = escapeCell(cell.value) as string;
        else if (cell.type === ExcelJS.ValueType.Formula) cell.value = escapeCell(`=${cell.formula}`) as string;
      });
    });
  }
}

/** The reply of a workbook built in memory, every cell and sheet name escaped first. */
export async function workbookReply(fileName: string, workbook: ExcelJS.Workbook): Promise<FileReply> {
  escapeWorkbook(workbook);
  return new FileReply(fileName, XLSX_TYPE, Buffer.from(await workbook.xlsx.writeBuffer()));
}

/** The reverse of `escapeCell`, so an exported file imports back unchanged. */
export function unescapeCell(value: string): string {
  return value.length > 1 && value[0] === "'" && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** A time as Shanghai wall-clock text, "2026-05-01 09:30:00", for export cells. */
export const shanghaiTime = (at: Date | string) => formatDateTimeSeconds(at);

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
    const started = workbook.addWorksheet(escapeSheetName(name), { views: [{ state: 'frozen', ySplit: 1 }] });
    started.columns = sheetColumns.map((c) => {
      const numFmt = columnNumFmt(c);
      return { header: escapeCell(c.header) as string, width: c.width ?? 14, ...(numFmt && !c.date && !c.dateTime ? { style: { numFmt } } : {}) };
    });
    started.getRow(1).font = { bold: true };
    started.getRow(1).commit();
    return started;
  };
  let sheet = startSheet(sheetName, columns);
  let current = columns;
  return {
    addRow: (values) => {
      const row = sheet.addRow(values.map(escapeCell));
      // Date cells carry their format themselves: a column style would also dress the header.
      current.forEach((c, i) => {
        if ((c.date || c.dateTime) && values[i] instanceof Date) row.getCell(i + 1).numFmt = c.dateTime ? DATE_TIME_FORMAT : DATE_FORMAT;
      });
      row.commit();
    },
    nextSheet: (name, sheetColumns) => {
      sheet.commit();
      sheet = startSheet(name, sheetColumns);
      current = sheetColumns;
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
  const sheet = workbook.addWorksheet(escapeSheetName(sheetName));
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 14, style: c.date ? { numFmt: DATE_FORMAT } : {} }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  return workbookReply(fileName, workbook);
}
