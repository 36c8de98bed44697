import { RegExpParser, visitRegExpAST } from '@eslint-community/regexpp';
import type { Node, Quantifier } from '@eslint-community/regexpp/ast';

/**
 * The most quantifiers of a varying count ('*', '+', '?', '{1,12}') a serial format may hold.
 * Each lets the engine try another split of the serial; with at most four over a serial of at
 * most 32 characters (shared/fitment/serial.ts MAX_SERIAL_LENGTH) a failed match tries some
 * tens of thousands of splits at each position, where ten would try millions. The demo's
 * formats hold three at most, the common shape four (DEFAULT_SERIAL_FORMAT).
 */
export const MAX_VARYING_QUANTIFIERS = 4;

/** Whether a quantifier lets the count vary (`{6}` does not). */
const varies = (node: Quantifier) => node.max > node.min;

/** Whether `node` holds, at any depth, a quantifier whose count varies or a choice ('a|b'). */
function branches(node: Node): boolean {
  let found = false;
  visitRegExpAST(node, {
    onQuantifierEnter: (inner) => {
      if (varies(inner)) found = true;
    },
    onGroupEnter: (group) => {
      if (group.alternatives.length > 1) found = true;
    },
    onCapturingGroupEnter: (group) => {
      if (group.alternatives.length > 1) found = true;
    },
  });
  return found;
}

/**
 * Why a brand's serial pattern could take too long to run, or null when it cannot: the
 * pattern runs in the API on every serial a shopper types and in every product page's fit
 * check, so a merchandiser's slip ('(A+)+' fails on 'AAAA…B' in about 2ⁿ steps) would hang
 * both. Refused: a repetition of anything that itself varies or chooses (the cause of
 * exponential backtracking), back-references (which no serial needs), and more than
 * MAX_VARYING_QUANTIFIERS varying counts in all. A character class does what a choice of
 * single characters does ('[A-Z0-9]+', not '(?:[A-Z]|\d)+'). The source must already compile.
 */
export function serialPatternRisk(source: string): string | null {
  const pattern = new RegExpParser({ ecmaVersion: 2025 }).parsePattern(source);
  let risk: string | null = null;
  let varying = 0;
  visitRegExpAST(pattern, {
    onQuantifierEnter: (node) => {
      if (varies(node)) varying += 1;
      if (node.max > 1 && branches(node.element)) {
        risk ??= `repeats '${node.element.raw}', which itself repeats or chooses`;
      }
    },
    onBackreferenceEnter: (node) => {
      risk ??= `refers back to a group ('${node.raw}')`;
    },
  });
  if (risk === null && varying > MAX_VARYING_QUANTIFIERS) {
    risk = `has ${String(varying)} repetitions of varying count, more than ${String(MAX_VARYING_QUANTIFIERS)}`;
  }
  return risk;
}
