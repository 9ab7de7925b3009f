import { fenToYuan } from '@scm/contract';
import { escapeHtml } from '@/shared/ui/escape-html';
import type { EChartsCoreOption } from './echarts';

/** Tooltips show amounts as "0,0.00" (docs/rules/money-and-formats.md, "Display"); axes show 万元 to stay short. */
export const yuan = (fen: number) => `¥${fenToYuan(Math.round(fen), true)}`;
export const percent = (rate: number | null | undefined) => (rate === null || rate === undefined ? '—' : `${(rate * 100).toFixed(2)}%`);
const wan = (fen: number) => `${(fen / 1_000_000).toLocaleString('zh-CN', { maximumFractionDigits: 1 })}万`;

/** Tooltip HTML, one line per text: every text is escaped, since names are whatever users typed. */
const tooltipLines = (...lines: unknown[]) => lines.map(escapeHtml).join('<br/>');

const PALETTE = ['#106898', '#2f9e8f', '#f2a93b', '#e8684a', '#6f5ef9', '#5b8ff9', '#9270ca', '#ff9d4d', '#269a99', '#ff99c3'];

interface AxisItem {
  axisValue: string;
  marker: string;
  seriesName: string;
  value: number | null;
}

export function monthlyAwardOption(rows: { month: string; amountFen: number; taskCount: number }[]): EChartsCoreOption {
  return {
    color: PALETTE,
    grid: { left: 64, right: 24, top: 24, bottom: 32 },
    tooltip: {
      trigger: 'axis',
      formatter: (items: AxisItem[]) => {
        const row = rows.find((r) => r.month === items[0]?.axisValue);
        return row ? tooltipLines(row.month, `定标货值 ${yuan(row.amountFen)}`, `定标任务 ${row.taskCount} 个`) : '';
      },
    },
    xAxis: { type: 'category', data: rows.map((r) => r.month), boundaryGap: false },
    yAxis: { type: 'value', axisLabel: { formatter: wan } },
    series: [{ name: '定标货值', type: 'line', areaStyle: { opacity: 0.12 }, data: rows.map((r) => r.amountFen) }],
  };
}

export function categoryPieOption(items: { name: string; amountFen: number }[]): EChartsCoreOption {
  return {
    color: PALETTE,
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: number; percent: number }) => tooltipLines(p.name, `${yuan(p.value)}（${p.percent.toFixed(2)}%）`),
    },
    legend: { type: 'scroll', orient: 'vertical', right: 8, top: 'middle' },
    series: [
      {
        name: '分类定标货值',
        type: 'pie',
        // Room on both sides for the outside labels of narrow slices at 1280–1440 px.
        radius: ['32%', '58%'],
        center: ['40%', '50%'],
        label: { formatter: '{b}\n{d}%', minMargin: 4, width: 72, overflow: 'break' },
        labelLayout: { hideOverlap: false },
        data: items.map((i) => ({ name: i.name, value: i.amountFen })),
      },
    ],
  };
}

export function topSuppliersOption(rows: { name: string; amountFen: number }[]): EChartsCoreOption {
  const ordered = [...rows].reverse();
  return {
    color: PALETTE,
    grid: { left: 140, right: 32, top: 12, bottom: 28 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (items: AxisItem[]) => tooltipLines(items[0].axisValue, yuan(items[0].value ?? 0)),
    },
    xAxis: { type: 'value', axisLabel: { formatter: wan } },
    yAxis: { type: 'category', data: ordered.map((r) => r.name), axisLabel: { width: 120, overflow: 'truncate' } },
    series: [{ name: '定标货值', type: 'bar', barMaxWidth: 18, data: ordered.map((r) => r.amountFen) }],
  };
}

export function planFunnelOption(stages: { label: string; count: number }[]): EChartsCoreOption {
  return {
    color: PALETTE,
    tooltip: { trigger: 'item', formatter: (p: { name: string; value: number }) => tooltipLines(p.name, `${p.value} 个计划`) },
    series: [
      {
        name: '计划状态',
        type: 'funnel',
        sort: 'none',
        left: '10%',
        width: '80%',
        minSize: '8%',
        label: { formatter: '{b}：{c}' },
        data: stages.map((s) => ({ name: s.label, value: s.count })),
      },
    ],
  };
}

export function responseRateOption(rows: { name: string; invited: number; quoted: number; rate: number }[]): EChartsCoreOption {
  return {
    color: ['#2f9e8f'],
    grid: { left: 48, right: 16, top: 16, bottom: 72 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (items: AxisItem[]) => {
        const row = rows.find((r) => r.name === items[0]?.axisValue);
        return row ? tooltipLines(row.name, `报价响应率 ${percent(row.rate)}`, `邀请 ${row.invited} 次，报价 ${row.quoted} 次`) : '';
      },
    },
    xAxis: { type: 'category', data: rows.map((r) => r.name), axisLabel: { rotate: 35, width: 90, overflow: 'truncate' } },
    yAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
    series: [{ name: '报价响应率', type: 'bar', barMaxWidth: 22, data: rows.map((r) => Number((r.rate * 100).toFixed(2))) }],
  };
}

export function savingsTrendOption(
  rows: { month: string; savingsVsAverage: number | null; savingsVsBudget: number | null; freightShare: number | null }[],
): EChartsCoreOption {
  const asPercent = (v: number | null) => (v === null ? null : Number((v * 100).toFixed(2)));
  return {
    color: PALETTE,
    grid: { left: 48, right: 24, top: 36, bottom: 32 },
    legend: { top: 0 },
    tooltip: {
      trigger: 'axis',
      formatter: (items: AxisItem[]) =>
        // The marker is ECharts' own coloured dot (HTML it built); everything else is escaped.
        [
          escapeHtml(items[0]?.axisValue),
          ...items.map(
            (i) =>
              `${i.marker}${escapeHtml(`${i.seriesName} ${i.value === null || i.value === undefined ? '—' : `${Number(i.value).toFixed(2)}%`}`)}`,
          ),
        ].join('<br/>'),
    },
    xAxis: { type: 'category', data: rows.map((r) => r.month) },
    yAxis: { type: 'value', axisLabel: { formatter: '{value}%' } },
    series: [
      { name: '较平均报价节约率', type: 'line', connectNulls: true, data: rows.map((r) => asPercent(r.savingsVsAverage)) },
      { name: '较预算节约率', type: 'line', connectNulls: true, data: rows.map((r) => asPercent(r.savingsVsBudget)) },
      { name: '运费占到货成本', type: 'line', connectNulls: true, lineStyle: { type: 'dashed' }, data: rows.map((r) => asPercent(r.freightShare)) },
    ],
  };
}
