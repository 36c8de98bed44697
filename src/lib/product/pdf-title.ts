/**
 * The title of a manual card, from the PDF's stored filename (spec storefront 2, "Tabs":
 * "a title derived from its stored filename"): the folder and the extension go, underscores
 * become spaces.
 * @example pdfTitle('Crown_85288-001_Service_Manual.pdf') // 'Crown 85288-001 Service Manual'
 */
export function pdfTitle(localFilename: string, fallback = 'Manual'): string {
  const name = localFilename.split(/[\\/]/).pop() ?? '';
  const title = name
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[_+]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return title || fallback;
}
