import { describe, expect, it } from 'vitest';
import { endSentence } from './sentence';

describe('endSentence', () => {
  it.each([
    ['hasta las 14:45', 'hasta las 14:45.'],
    ['hasta las 2:45 a.m.', 'hasta las 2:45 a.m.'],
    ['until 2:45 AM', 'until 2:45 AM.'],
    ['until 2:45 a.m.', 'until 2:45 a.m.'],
    ['motivo: ¡sin agua!', 'motivo: ¡sin agua!'],
    ['reason: why?', 'reason: why?'],
    ['reason: well…', 'reason: well…'],
    ['motivo: sin agua  ', 'motivo: sin agua.'],
    ['', ''],
  ])('%j → %j', (text, want) => {
    expect(endSentence(text)).toBe(want);
  });
});
