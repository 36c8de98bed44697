/**
 * Why a vendor name cannot be a brand page's address, or undefined when it can. A brand's page
 * is /brands/{name} (spec account-and-shell 2.6), a folder named after the vendor in the build:
 * a name may hold a slash ('Hyster/Yale', one folder in another), but a '.' or '..' part, an
 * empty part, a backslash or a control character names no folder of its own, and the next
 * publish failed on 'Hyster/Yale/..' after a full build (issue 28). So the merchandiser API
 * refuses such a name when it is written.
 * @example vendorNameProblem('Hyster/Yale') // undefined
 * @example vendorNameProblem('Hyster/Yale/..') // 'a vendor name cannot have a "." or ".." part ...'
 */
export function vendorNameProblem(name: string): string | undefined {
  if (name === '') return undefined;
  // eslint-disable-next-line no-control-regex -- the point is to find control characters
  if (/[\u0000-\u001f\u007f\\]/.test(name)) {
    return 'a vendor name cannot have a backslash or a control character (it is the address of the brand page)';
  }
  const parts = name.split('/');
  if (parts.some((part) => part.trim() === '')) {
    return 'a vendor name cannot start or end with "/" or have "//" or a blank part (it is the address of the brand page)';
  }
  if (parts.some((part) => part.trim() === '.' || part.trim() === '..')) {
    return 'a vendor name cannot have a "." or ".." part (it is the address of the brand page)';
  }
  return undefined;
}
