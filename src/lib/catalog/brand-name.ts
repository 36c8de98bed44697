/**
 * The brand a /brands/:brand route names (spec account-and-shell 2.6): a name ending in
 * .html loses that suffix and has its dashes turned into spaces; any other name is used as
 * it is (after URL decoding).
 * @example brandFromRoute('Blue-Giant.html') // 'Blue Giant'
 * @example brandFromRoute('Prime-Mover') // 'Prime-Mover'
 */
export function brandFromRoute(segment: string): string {
  let name = segment;
  try {
    name = decodeURIComponent(segment);
  } catch {
    // A malformed escape stays as written rather than failing the page.
  }
  if (/\.html$/i.test(name)) name = name.slice(0, -'.html'.length).replace(/-/g, ' ');
  return name.trim();
}

/** The path of a brand's page (spec account-and-shell 2.6: /brands/{name}). */
export const brandPath = (name: string): string => `/brands/${encodeURIComponent(name)}`;
