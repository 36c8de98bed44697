/**
 * Where to go after signing in: the `next` query parameter when it is a path on this site
 * (never another origin: "//evil.example" and "https:..." are refused), else the account home.
 */
export function nextPath(search: string, fallback = '/myaccount.asp'): string {
  const next = new URLSearchParams(search).get('next') ?? '';
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  // Control characters (a browser drops tabs and newlines, which could turn /\t/x into //x).
  if ([...next].some((ch) => ch.charCodeAt(0) < 0x20)) return fallback;
  return next;
}

/** The sign-in page for a signed-out visitor, coming back here afterwards (spec 2.4, 2.5, 6). */
export function loginRedirect(location: Pick<Location, 'pathname' | 'search'>): string {
  return `/login.asp?next=${encodeURIComponent(location.pathname + location.search)}`;
}
