import { describe, expect, it } from 'vitest';
import { chooseColumns, type TableSettings } from './table-settings';

const none: TableSettings = { hidden: [], shown: [], density: 'default' };
const columns = [
  { key: 'code', shownByDefault: true },
  { key: 'owner', shownByDefault: true },
  { key: 'warehouse', shownByDefault: false },
];

describe('chooseColumns', () => {
  it('records only the columns whose state the user changed against the default', () => {
    const next = chooseColumns(none, columns, ['code', 'warehouse']);
    expect(next.hidden).toEqual(['owner']);
    expect(next.shown).toEqual(['warehouse']);
  });

  it('drops a choice that returns a column to its default, so it follows the width again', () => {
    const chosen = chooseColumns(none, columns, ['code', 'warehouse']);
    const back = chooseColumns(chosen, columns, ['code', 'owner']);
    expect(back.hidden).toEqual([]);
    expect(back.shown).toEqual([]);
  });

  it('keeps the density', () => {
    expect(chooseColumns({ ...none, density: 'compact' }, columns, ['code']).density).toBe('compact');
  });
});
