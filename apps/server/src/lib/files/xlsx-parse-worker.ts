// Runs inside a worker thread with its own heap and time cap (see parseInWorker in xlsx-import.ts):
// a file that inflates beyond what its zip directory declared kills this thread, not the server.
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { checkText } from '../http/body-guard';
import { unescapeCell } from './excel';

export interface ParseJob {
  file: Uint8Array;
  /** Every header the import knows; other columns are not read. */
  headers: string[];
  /** Headers the first row must hold. */
  required: string[];
  maxRows: number;
  maxCellChars: number;
  /** Total characters of all kept cells: many cells referring to one long shared string stay bounded. */
  maxTotalChars: number;
}

export interface ParsedRow {
  rowNumber: number;
  cells: Record<string, string>;
  /** Headers whose cell was longer than maxCellChars (its text is cut). */
  cut: string[];
  /** Cells refused by text hygiene (a noncharacter, a control character…): header and reason. */
  refused: { header: string; message: string }[];
}

export type ParseOutcome = { rows: ParsedRow[] } | { refusal: string };

class Refusal extends Error {}

function cellText(value: ExcelJS.CellValue): string {
  if (value == null) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return value.result == null ? '' : cellText(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value);
}

/**
 * Reads the first sheet row by row. Row 1 must hold the required headers. Blank rows are not
 * returned but count toward the row limit: the highest row number in the file is what is counted.
 */
async function parse(job: ParseJob): Promise<ParsedRow[]> {
  const file = Buffer.from(job.file.buffer, job.file.byteOffset, job.file.byteLength);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(file), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    // Styles tell date cells from numbers; without them a date arrives as its serial number.
    styles: 'cache',
    worksheets: 'emit',
  });
  const known = new Set(job.headers);
  const rows: ParsedRow[] = [];
  let columns: (string | null)[] | null = null;
  let seen = 0;
  let totalChars = 0;
  for await (const sheet of reader) {
    for await (const row of sheet) {
      seen = Math.max(seen + 1, Number.isFinite(row.number) ? row.number : 0);
      if (seen > job.maxRows + 1) throw new Refusal(`数据不能超过${job.maxRows}行（空行也计入），请拆分后再导入`);
      const values = (row.values as ExcelJS.CellValue[]).slice(1).map((v) => cellText(v));
      if (!columns) {
        columns = values.map((v) => {
          const header = v.trim().replace(/\*$/, '');
          return known.has(header) ? header : null;
        });
        const missing = job.required.filter((h) => !columns?.includes(h));
        if (missing.length > 0) throw new Refusal(`模板表头不正确，缺少列：${missing.join('、')}`);
        continue;
      }
      const cells: Record<string, string> = {};
      const cut: string[] = [];
      const refused: { header: string; message: string }[] = [];
      columns.forEach((header, index) => {
        if (!header || cells[header] !== undefined) return;
        let text = (values[index] ?? '').slice(0, job.maxCellChars * 2).trim();
        if (text.length > job.maxCellChars) {
          text = text.slice(0, job.maxCellChars);
          cut.push(header);
        }
        const checked = checkText(unescapeCell(text));
        if ('error' in checked) refused.push({ header, message: checked.error });
        // A refused cell keeps its text: the row is bad either way, and the report shows what was there.
        cells[header] = 'error' in checked ? text : checked.text;
        totalChars += text.length;
      });
      if (Object.values(cells).every((v) => v === '')) continue;
      if (totalChars > job.maxTotalChars) throw new Refusal('文件内容过多，请拆分后再导入');
      rows.push({ rowNumber: seen, cells, cut, refused });
    }
    break;
  }
  if (!columns) throw new Refusal('文件中没有数据');
  return rows;
}

async function run(): Promise<ParseOutcome> {
  try {
    return { rows: await parse(workerData as ParseJob) };
  } catch (error) {
    if (error instanceof Refusal) return { refusal: error.message };
    return { refusal: '无法读取文件，请上传 .xlsx 格式的Excel文件' };
  }
}

parentPort?.postMessage(await run());
