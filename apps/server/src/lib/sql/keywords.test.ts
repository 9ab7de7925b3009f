import { describe, expect, it } from 'vitest';
import { keywordWords } from './keywords';

describe('keywordWords', () => {
  it('splits on any whitespace and drops repeats', () => {
    expect(keywordWords(' 毛巾\u3000浴巾  毛巾 ')).toEqual(['毛巾', '浴巾']);
    expect(keywordWords(undefined)).toEqual([]);
    expect(keywordWords('   ')).toEqual([]);
  });

  it('drops a word written inside another non-ASCII word, which every match holds anyway', () => {
    expect(keywordWords('物架 架')).toEqual(['物架']);
    expect(keywordWords('架 置物架 物架')).toEqual(['置物架']);
    expect(keywordWords('abc 置abc')).toEqual(['置abc']);
  });

  it('keeps a word inside an ASCII word, which may match as the start of a code instead', () => {
    expect(keywordWords('JF0101 F01')).toEqual(['JF0101', 'F01']);
    // Written inside as typed only: ABC in 置abc is another word.
    expect(keywordWords('ABC 置abc')).toEqual(['ABC', '置abc']);
  });
});
