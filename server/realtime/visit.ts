/** What a store:visit carries (spec: account-and-shell 7, realtime). */
export interface StoreVisit {
  path: string;
  coordinates?: { latitude: number; longitude: number };
}

/** Longest path a visit may report; a real one is far shorter. */
export const MAX_PATH = 1024;

/**
 * A path of this site as a browser's location.pathname gives it: from the root, not `//`
 * (another host's address), printable ASCII without the characters the URL standard
 * percent-encodes in a path (space, `"`, `#`, `<`, `>`, `?`, backtick, braces) and without a
 * backslash (a browser reads it as `/`). No control character, nothing beyond ASCII.
 */
const SITE_PATH = /^\/(?!\/)[!$-;=@-[\]-_a-z|~]*$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const inRange = (value: unknown, limit: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

/** Whether `path` is one a page of this site can have (see SITE_PATH); no `.` or `..` segment. */
export function isSitePath(path: unknown): path is string {
  return (
    typeof path === 'string' &&
    path.length <= MAX_PATH &&
    SITE_PATH.test(path) &&
    !path.split('/').some((segment) => segment === '.' || segment === '..')
  );
}

/** A valid store:visit payload, or undefined (bad payloads are ignored, never thrown on). */
export function parseVisit(payload: unknown): StoreVisit | undefined {
  if (!isRecord(payload)) return undefined;
  const { path, coordinates } = payload;
  if (!isSitePath(path)) return undefined;
  if (coordinates === undefined || coordinates === null) return { path };
  if (!isRecord(coordinates)) return undefined;
  const { latitude, longitude } = coordinates;
  if (!inRange(latitude, 90) || !inRange(longitude, 180)) return undefined;
  return { path, coordinates: { latitude, longitude } };
}
