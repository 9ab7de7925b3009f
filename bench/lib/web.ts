import type { Row } from './report';

export interface WebBuild {
  dist: string;
}

export async function buildWeb(rows: Row[], _log: (line: string) => void): Promise<WebBuild | null> {
  rows.push({ section: 'Web', name: 'vite build', value: '尚无 Web 应用', bar: '', ok: null });
  return null;
}

export async function webTimings(_rows: Row[], _baseUrl: string, _loads: number, _log: (line: string) => void) {}
