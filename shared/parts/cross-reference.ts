/**
 * Other makers' numbers for a product (issue 32, item 7): the number printed on the old part,
 * often the machine maker's, that a buyer orders by. Shared by the API (input, storage, the
 * quick order's resolution), the build (the product page's list) and the browser.
 */

/**
 * How a product stands to the number:
 * - `replaces`: this product replaces it (a shopper ordering it gets this product, checked);
 * - `interchangeable`: this product and it fit the same places;
 * - `superseded-by`: this product is replaced by it, usually another of the store's parts.
 */
export const CROSS_REFERENCE_RELATIONS = ['replaces', 'interchangeable', 'superseded-by'] as const;
export type CrossReferenceRelation = (typeof CROSS_REFERENCE_RELATIONS)[number];

export interface CrossReference {
  /** The maker whose number it is: 'Crown', 'Raymond'. */
  brand: string;
  /** The number as that maker prints it: '12345', '1-2345'. */
  number: string;
  relation: CrossReferenceRelation;
}

/** The product page's words before each relation's numbers ('Replaces: Crown 12345'). */
export const RELATION_LABELS: Readonly<Record<CrossReferenceRelation, string>> = {
  replaces: 'Replaces',
  interchangeable: 'Interchangeable with',
  'superseded-by': 'Superseded by',
};

/** Most cross-references one product carries. */
export const MAX_CROSS_REFERENCES = 50;

/**
 * Whether a shopper who types the number is looking for this product: a number it replaces
 * or is interchangeable with finds it; the number that supersedes it is another product's.
 */
export const findsProduct = (relation: CrossReferenceRelation): relation is FindingRelation =>
  relation !== 'superseded-by';
export type FindingRelation = Exclude<CrossReferenceRelation, 'superseded-by'>;

/**
 * A part number as the store compares it: lowercase letters and digits only, so that the
 * spellings a parts counter accepts (case, spaces, hyphens, dots, slashes) are one number.
 * @example partKey('CRN-85.288/001') // 'crn85288001'
 */
export const partKey = (value: string): string => value.toLowerCase().replace(/[^a-z0-9]/g, '');
