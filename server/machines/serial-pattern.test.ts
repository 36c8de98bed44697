import { describe, expect, it } from 'vitest';
import { DEFAULT_SERIAL_FORMAT } from '../../shared/fitment/serial.ts';
import { BRANDS } from '../seed/brands.ts';
import { serialFormatOf } from '../seed/machines.ts';
import { MAX_VARYING_QUANTIFIERS, serialPatternRisk } from './serial-pattern.ts';
import { serialFormatSchema } from './write.ts';

// A brand's serial pattern runs on every serial a shopper types, in the API and on product
// pages: one that backtracks exponentially is refused when written (issue 31, 'Bad input').

describe('serialPatternRisk', () => {
  it('passes the formats the store ships', () => {
    expect(serialPatternRisk(DEFAULT_SERIAL_FORMAT.pattern.source)).toBeNull();
    for (const { name } of BRANDS) {
      expect(serialPatternRisk(serialFormatOf(name).pattern), name).toBeNull();
    }
  });

  it('refuses a repetition of a repetition or of a choice', () => {
    expect(serialPatternRisk('^(A+)+$')).toBe("repeats '(A+)', which itself repeats or chooses");
    expect(serialPatternRisk('^(?<number>(?:\\d|\\d\\d)*)$')).toMatch(/repeats .* chooses/);
    expect(serialPatternRisk('^(?:[A-Z]\\d?){2,4}(?<number>\\d+)$')).toMatch(/repeats/);
    // Twice is a repetition too; a fixed count inside one is not a risk, nor an optional part.
    expect(serialPatternRisk('^(?:A+){2}$')).toMatch(/repeats/);
    expect(serialPatternRisk('^(?:[A-Z]{2}\\d)+(?<number>\\d{4})$')).toBeNull();
    expect(serialPatternRisk('^(?:[A-Z]+-)?(?<number>\\d+)$')).toBeNull();
  });

  it('refuses back-references and too many varying counts', () => {
    expect(serialPatternRisk('^(?<p>[A-Z])\\k<p>(?<number>\\d+)$')).toMatch(/refers back/);
    const many = `^${'[A-Z]?'.repeat(MAX_VARYING_QUANTIFIERS)}(?<number>\\d+)$`;
    expect(serialPatternRisk(many)).toMatch(/5 repetitions of varying count, more than 4/);
    expect(serialPatternRisk(`^${'[A-Z]?'.repeat(3)}(?<number>\\d+)$`)).toBeNull();
  });

  it('is what the merchandiser API answers', () => {
    const reply = serialFormatSchema.safeParse({ pattern: '^(?<number>(\\d+)+)$', example: '12' });
    expect(reply.success).toBe(false);
    expect(reply.error?.issues.map((issue) => issue.message)).toEqual([
      "could take too long to run: it repeats '(\\d+)', which itself repeats or chooses",
    ]);
  });
});
