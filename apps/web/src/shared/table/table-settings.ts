import { useCallback, useState } from 'react';
import { session } from '@/shared/session/session';

export type Density = 'default' | 'compact';

/**
 * What a user chose for one list: columns they turned off or on against the default (the default
 * depends on the table's width), and the row density. Only choices are stored, so a column the
 * user never touched keeps following the width.
 */
export interface TableSettings {
  hidden: string[];
  shown: string[];
  density: Density;
}

const EMPTY: TableSettings = { hidden: [], shown: [], density: 'default' };

/** localStorage key: per signed-in user and per list, so a shared browser keeps each user's own. */
const tableSettingsKey = (userId: number | undefined, tableId: string) => `tableSettings:${userId ?? 0}:${tableId}`;

function read(key: string): TableSettings {
  try {
    const parsed = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<TableSettings> | null;
    if (!parsed || typeof parsed !== 'object') return EMPTY;
    const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
    return {
      hidden: strings(parsed.hidden),
      shown: strings(parsed.shown),
      density: parsed.density === 'compact' ? 'compact' : 'default',
    };
  } catch {
    return EMPTY;
  }
}

/** The remembered settings of the list `tableId` for the signed-in user, restored on reload. */
export function useTableSettings(tableId: string) {
  const key = tableSettingsKey(session.getUserInfo()?.id, tableId);
  const [settings, setSettings] = useState<TableSettings>(() => read(key));
  const save = useCallback(
    (next: TableSettings) => {
      setSettings(next);
      if (next.hidden.length === 0 && next.shown.length === 0 && next.density === 'default') localStorage.removeItem(key);
      else localStorage.setItem(key, JSON.stringify(next));
    },
    [key],
  );
  return [settings, save] as const;
}

/**
 * The settings after the user ticked `checked` in 列设置: each column whose state changed becomes
 * an explicit choice; a choice equal to the column's default is dropped.
 */
export function chooseColumns(settings: TableSettings, columns: { key: string; shownByDefault: boolean }[], checked: string[]): TableSettings {
  const hidden = new Set(settings.hidden);
  const shown = new Set(settings.shown);
  for (const { key, shownByDefault } of columns) {
    hidden.delete(key);
    shown.delete(key);
    const on = checked.includes(key);
    if (on && !shownByDefault) shown.add(key);
    if (!on && shownByDefault) hidden.add(key);
  }
  return { ...settings, hidden: [...hidden], shown: [...shown] };
}
