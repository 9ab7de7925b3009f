import { describe, expect, it } from 'vitest';
import { escapeHtml } from '@/shared/ui/escape-html';
import { categoryPieOption, monthlyAwardOption, planFunnelOption, responseRateOption, savingsTrendOption, topSuppliersOption } from './chart-options';

const HOSTILE = ['<img src=x onerror="window.__xss=1">', '<meta http-equiv="refresh" content="0;url=about:blank">义乌优品', `"'&<>`];

type Formatter = (arg: unknown) => string;
const tooltipOf = (option: unknown) => (option as { tooltip: { formatter: Formatter } }).tooltip.formatter;

/** What a browser makes of the tooltip HTML: the text a user reads, and whether any element was created. */
function render(html: string) {
  const box = document.createElement('div');
  box.innerHTML = html;
  return { text: box.textContent ?? '', elements: [...box.querySelectorAll('*')].map((e) => e.tagName.toLowerCase()) };
}

describe('chart tooltips with hostile names', () => {
  it.each(HOSTILE)('show %s as text and create no element but line breaks', (name) => {
    const axis = (value: number) => [{ axisValue: name, marker: '', seriesName: '定标金额', value }];
    const tooltips = [
      tooltipOf(categoryPieOption([{ name, amountFen: 12345 }]))({ name, value: 12345, percent: 100 }),
      tooltipOf(topSuppliersOption([{ name, amountFen: 12345 }]))(axis(12345)),
      tooltipOf(planFunnelOption([{ label: name, count: 3 }]))({ name, value: 3 }),
      tooltipOf(responseRateOption([{ name, invited: 4, quoted: 2, rate: 0.5 }]))(axis(50)),
      tooltipOf(monthlyAwardOption([{ month: name, amountFen: 100, taskCount: 1 }]))(axis(100)),
      tooltipOf(savingsTrendOption([{ month: name, savingsVsAverage: 0.1, savingsVsBudget: null, freightShare: null }]))(axis(10)),
    ];
    for (const html of tooltips) {
      const shown = render(html);
      expect(shown.elements.filter((tag) => tag !== 'br')).toEqual([]);
      expect(shown.text.startsWith(name)).toBe(true);
    }
  });

  it('escapes the five HTML meta-characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(escapeHtml(null)).toBe('');
  });
});
