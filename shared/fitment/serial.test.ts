import { describe, expect, it } from 'vitest';
import { eachCase } from '../each-case.testing.ts';
import { compactSerial, parseSerial, serialPlace, type SerialFormat } from './serial.ts';

describe('compactSerial', () => {
  eachCase('%s is compared as %s', compactSerial, [
    [' sz-123.456 ', 'SZ123456'],
    ['a875b12345c', 'A875B12345C'],
    ['102/15/12345', '1021512345'],
    ['ＳＺ１２３', 'SZ123'],
    ['', ''],
  ]);
});

describe('parseSerial', () => {
  eachCase('%s reads as %o', (typed: string) => parseSerial(typed), [
    ['SZ123456', { text: 'SZ123456', prefix: 'SZ', number: 123456 }],
    ['sz 123456', { text: 'SZ123456', prefix: 'SZ', number: 123456 }],
    ['A875B12345C', { text: 'A875B12345C', prefix: 'A875B', number: 12345 }],
    ['12345', { text: '12345', prefix: '', number: 12345 }],
    ['0012', { text: '0012', prefix: '', number: 12 }],
  ]);

  eachCase('refuses %s', (typed: string) => parseSerial(typed), [
    ['', null],
    ['   ', null],
    ['SZ', null],
    ['SZ12ABC', null],
    ['1234567890123', null],
    ['X'.repeat(31) + '12', null],
    ['<script>1</script>', null],
  ]);

  it('reads through a brand format of its own', () => {
    // Toyota's plates: the model's digits, then a five-digit number.
    const toyota: SerialFormat = {
      pattern: /^(?<prefix>\d{2})(?<number>\d{5})$/,
      example: '6012345',
    };
    expect(parseSerial('60-12345', toyota)).toEqual({
      text: '6012345',
      prefix: '60',
      number: 12345,
    });
    expect(parseSerial('SZ123456', toyota)).toBeNull();
  });
});

describe('serialPlace', () => {
  const serial = (text: string) => {
    const read = parseSerial(text);
    if (read === null) throw new Error(`not a serial: ${text}`);
    return read;
  };
  it.each([
    ['SZ123456', 'SZ123456', null, 'in'],
    ['SZ123455', 'SZ123456', null, 'out'],
    ['SZ200000', null, 'SZ200000', 'in'],
    ['SZ200001', null, 'SZ200000', 'out'],
    ['SZ150000', 'SZ100000', 'SZ200000', 'in'],
    ['SZ150000', null, null, 'in'],
    ['TA150000', 'SZ100000', null, 'unknown'],
    ['SZ150000', 'SZ100000', 'TA200000', 'unknown'],
    ['A875B12345C', 'A875B10000A', 'A875B20000D', 'in'],
  ] as const)('%s against %s to %s is %s', (typed, from, to, place) => {
    expect(serialPlace(serial(typed), from && serial(from), to && serial(to))).toBe(place);
  });
});
