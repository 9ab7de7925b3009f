import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { KpiCard } from './kpi-card';

afterEach(cleanup);

const percent = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(2)}%`);

it('says what a negative saving means, and says nothing of a positive one', () => {
  const card = (current: number) => (
    <KpiCard title="较预算节约率" kind="rate" current={current} previous={0.01} loading={false} format={percent} negativeNote="为负：定标超出预算" />
  );
  const { rerender } = render(card(-0.032));
  expect(screen.getByText('-3.20%')).toBeTruthy();
  expect(screen.getByText('为负：定标超出预算')).toBeTruthy();
  rerender(card(0.05));
  expect(screen.queryByText('为负：定标超出预算')).toBeNull();
});
