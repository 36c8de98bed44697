import { TAG_SEGMENT_PATTERN, type LegacyRule } from '../src/lib/routing/legacy-routes.ts';
import { storeConfig } from '../shared/store-config.ts';

/** Values and legacy routes as nginx syntax, for the generated configuration (nginx-config.ts). */

/** A string as an nginx quoted string. */
export const quote = (value: string): string => {
  if (/["\\$\n]/.test(value)) throw new Error(`Cannot write ${value} into nginx configuration.`);
  return `"${value}"`;
};

/** A literal path as a regular expression (for rewrite and location ~). */
const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Must stay the SAFE_SEGMENT of legacy-routes.ts.
const SEGMENT = '([A-Za-z0-9_-]{1,200})';

/** One legacy rule as an nginx rewrite. */
export function nginxRule(rule: LegacyRule): string {
  const segments = rule.from.split('/');
  const hasParam = segments.some((segment) => segment.startsWith(':'));
  const names: string[] = [];
  const pattern = segments
    .map((segment) => {
      if (!segment.startsWith(':')) return literal(segment);
      names.push(segment.slice(1));
      return SEGMENT;
    })
    .join('/');
  let target = rule.to;
  names.forEach((name, index) => (target = target.replace(`:${name}`, `$${String(index + 1)}`)));
  // A 200 rule serves the target's page: its index.html, found by the static location.
  if (rule.status === 200) target = `${target.replace(/\/$/, '')}/index.html`;
  const regex = `^${pattern}${hasParam ? '/?' : ''}$`;
  return `rewrite "${regex}" ${target} ${rule.status === 301 ? 'permanent' : 'last'};`;
}

/**
 * A collection's tagFilter route parameter (spec storefront 2; collectionTagRedirect of
 * legacy-routes.ts): one 301 to the collection with `?t=`. nginx escapes the captured value
 * in the new query and appends the request's own parameters after it.
 */
export function collectionTagRule(
  collectionBase: string = storeConfig.theme.paths.collectionBase,
): string {
  const regex = `^${literal(collectionBase)}/${SEGMENT}/(${TAG_SEGMENT_PATTERN})/?$`;
  return `rewrite "${regex}" ${collectionBase}/$1?t=$2 permanent;`;
}
