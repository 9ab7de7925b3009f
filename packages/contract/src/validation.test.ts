import { describe, expect, it } from 'vitest';
import { nameKey } from './validation';

const codePoints = function* () {
  for (let cp = 0; cp <= 0x10ffff; cp += 1) if (cp < 0xd800 || cp > 0xdfff) yield cp;
};
const IGNORABLE = [...codePoints()].filter((cp) => /\p{Default_Ignorable_Code_Point}/u.test(String.fromCodePoint(cp)));

describe('nameKey: the key unique names compare on', () => {
  it('drops every default-ignorable code point, wherever it stands', () => {
    // Unicode 15/16 lists about 4,170 of them (the tag block alone is 4,096).
    expect(IGNORABLE.length).toBeGreaterThan(4000);
    const wrong = IGNORABLE.filter((cp) => {
      const c = String.fromCodePoint(cp);
      return nameKey(`${c}超级${c}管理员${c}`) !== '超级管理员';
    });
    expect(wrong.map((cp) => cp.toString(16))).toEqual([]);
  });

  it('folds no-break and other spaces to one space, applies NFKC and trims', () => {
    expect(nameKey('义乌\u00a0优品')).toBe(nameKey('义乌 优品'));
    expect(nameKey('义乌\u3000\u2003 优品')).toBe('义乌 优品');
    expect(nameKey('ＡＢＣ家居')).toBe('ABC家居');
    expect(nameKey('Cafe\u0301')).toBe(nameKey('Caf\u00e9'));
    expect(nameKey(' \u00ad\u3164\ufe0f ')).toBe('');
  });
});
