import ExcelJS from 'exceljs';
import type { TestApp } from './helpers';

/** Calls a file route (an export) and returns the raw response. */
export function download(t: TestApp, path: string, body: unknown, token: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api${path}`,
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
