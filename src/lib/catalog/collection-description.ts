/** spec storefront 9: "Description collapse height 800 px". */
export const DESCRIPTION_COLLAPSE_HEIGHT = 800;

/** A description collapses only when it is taller than the collapse height. */
export const shouldCollapse = (height: number, limit = DESCRIPTION_COLLAPSE_HEIGHT): boolean =>
  height > limit;

/** The toggle's text: 'Read More' while collapsed, 'Read Less' while expanded. */
export const readToggleLabel = (expanded: boolean): string =>
  expanded ? 'Read Less' : 'Read More';
