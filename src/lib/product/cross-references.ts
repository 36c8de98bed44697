import {
  CROSS_REFERENCE_RELATIONS,
  RELATION_LABELS,
  type CrossReference,
} from '../../../shared/parts/cross-reference.ts';

/** One line of the product page's other makers' numbers: 'Replaces: Crown 12345, …'. */
export interface CrossReferenceLine {
  label: string;
  numbers: { text: string; href?: string }[];
}

/**
 * A product's other makers' numbers as its page lists them (issue 32, item 7), one line per
 * relation in CROSS_REFERENCE_RELATIONS' order, each number with its maker. The number that
 * supersedes the product links to the search, which finds the part it names (a link to that
 * part's page would go stale with its handle, which this page's key does not cover).
 * @example crossReferenceLines([{ brand: 'Crown', number: '12345', relation: 'replaces' }])
 * // [{ label: 'Replaces', numbers: [{ text: 'Crown 12345' }] }]
 */
export function crossReferenceLines(references: readonly CrossReference[]): CrossReferenceLine[] {
  return CROSS_REFERENCE_RELATIONS.map((relation) => ({
    label: RELATION_LABELS[relation],
    numbers: references
      .filter((reference) => reference.relation === relation)
      .map(({ brand, number }) => ({
        text: `${brand} ${number}`,
        ...(relation === 'superseded-by'
          ? { href: `/search.php?q=${encodeURIComponent(number)}` }
          : {}),
      })),
  })).filter((line) => line.numbers.length > 0);
}
