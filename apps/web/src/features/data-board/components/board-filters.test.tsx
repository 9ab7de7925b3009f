import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { BoardFilters, type BoardFilterValues } from './board-filters';

afterEach(cleanup);

/** The range's two inputs, start then end. */
const rangeInputs = (container: HTMLElement) => [...container.querySelectorAll<HTMLInputElement>('.ant-picker-range input')];

// antd's picker mounts slowly in jsdom on a busy machine.
it('keeps dates typed into the range while the page around it renders again', { timeout: 30_000 }, () => {
  const values: BoardFilterValues = { dateFrom: '2026-10-01', dateTo: '2026-10-31', categoryId: 0 };
  const filters = (shown: BoardFilterValues) => <BoardFilters values={shown} categories={[]} onSearch={vi.fn()} onReset={vi.fn()} />;
  const { rerender, container } = render(filters(values));
  const [start] = rangeInputs(container);
  expect(start.value).toBe('2026-10-01');

  fireEvent.mouseDown(start);
  fireEvent.focus(start);
  fireEvent.change(start, { target: { value: '2026-09-15' } });
  expect(start.value).toBe('2026-09-15');
  // The page renders again with the same filter (a chart's answer arrived): the typed date stays.
  rerender(filters({ ...values }));
  expect(rangeInputs(container)[0].value).toBe('2026-09-15');
});

it('shows a new filter from the address bar', () => {
  const filters = (shown: BoardFilterValues) => <BoardFilters values={shown} categories={[]} onSearch={vi.fn()} onReset={vi.fn()} />;
  const { rerender, container } = render(filters({ dateFrom: '2026-10-01', dateTo: '2026-10-31', categoryId: 0 }));
  rerender(filters({ dateFrom: '2026-08-01', dateTo: '2026-08-31', categoryId: 0 }));
  expect(rangeInputs(container).map((input) => input.value)).toEqual(['2026-08-01', '2026-08-31']);
});
