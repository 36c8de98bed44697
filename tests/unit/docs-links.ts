import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The README stays a page a newcomer reads in a few minutes, and the docs it points at stay
 * where it says they are (STYLE.md, "Comments and docs": reference material lives in docs/;
 * "Avoid": docs that drift from the tree). These are the rules a unit test holds the
 * repository to (docs-links.test.ts).
 */

/** README.md's budget in bytes: a screen or two, the reference material in docs/. */
export const README_MAX_BYTES = 12_000;

/** One link of a Markdown file: its target as written and the line it is on (1-based). */
export interface MarkdownLink {
  target: string;
  line: number;
}

/** Inline links `[text](target "title")` and images; reference definitions `[id]: target`. */
const INLINE_LINK = /!?\[(?:[^\]\\]|\\.)*\]\(\s*(?:<([^>]*)>|([^)\s]+))(?:\s+"[^"]*")?\s*\)/g;
const REFERENCE_DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/;
const FENCE = /^\s{0,3}(```|~~~)/;

/**
 * The links of a Markdown text, outside fenced code blocks and code spans (a path in
 * backticks is prose, not a link).
 * @example markdownLinks('See [the API](docs/api.md#cart).') // [{ target: 'docs/api.md#cart', line: 1 }]
 */
export function markdownLinks(text: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  let fence: string | undefined;
  text.split('\n').forEach((raw, index) => {
    const opener = FENCE.exec(raw)?.[1];
    if (opener !== undefined && (fence === undefined || opener === fence)) {
      fence = fence === undefined ? opener : undefined;
      return;
    }
    if (fence !== undefined) return;
    const line = raw.replace(/`[^`]*`/g, '``');
    const definition = REFERENCE_DEFINITION.exec(line)?.[1];
    if (definition !== undefined) links.push({ target: definition, line: index + 1 });
    for (const match of line.matchAll(INLINE_LINK)) {
      links.push({ target: match[1] ?? match[2] ?? '', line: index + 1 });
    }
  });
  return links;
}

/** A link that leaves the repository (a scheme such as https: or mailto:, or `//host`). */
const isExternal = (target: string): boolean =>
  /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

/**
 * GitHub's anchor for a heading, as github-slugger makes it: lower case, punctuation and
 * symbols dropped, each space a hyphen.
 * @example headingSlug("Routes we added (the spec does not show their calls)") // 'routes-we-added-the-spec-does-not-show-their-calls'
 */
export const headingSlug = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');

/** The anchors of a Markdown text's headings (outside code blocks), duplicates numbered. */
export function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | undefined;
  for (const raw of text.split('\n')) {
    const opener = FENCE.exec(raw)?.[1];
    if (opener !== undefined && (fence === undefined || opener === fence)) {
      fence = fence === undefined ? opener : undefined;
      continue;
    }
    const heading =
      fence === undefined ? /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(raw)?.[1] : undefined;
    if (heading === undefined) continue;
    const slug = headingSlug(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Reads a repository file's text, or undefined when it is not a file. */
export type ReadText = (path: string) => string | undefined;

/**
 * The relative links of one Markdown file that point at nothing: a file or folder that does
 * not exist, or a `#anchor` that no heading of the Markdown file it names makes. Paths are
 * relative to the linking file; a leading `/` is the repository root, as GitHub reads it.
 * Links to other sites are not checked.
 */
export function brokenLinks(
  root: string,
  file: string,
  text: string,
  exists: (path: string) => boolean,
  readText: ReadText,
): string[] {
  const problems: string[] = [];
  for (const { target, line } of markdownLinks(text)) {
    if (isExternal(target)) continue;
    const [pathPart = '', anchor] = target.split('#', 2);
    const path = decodeURI(pathPart.split('?')[0] ?? '');
    const absolute =
      path === ''
        ? join(root, file)
        : path.startsWith('/')
          ? join(root, path)
          : resolve(root, dirname(file), path);
    const shown = `${file}:${line}: ${target}`;
    if (!exists(absolute)) {
      problems.push(`${shown} (no ${relative(root, absolute) || '.'})`);
      continue;
    }
    if (anchor === undefined || anchor === '' || !absolute.endsWith('.md')) continue;
    const linked = readText(absolute);
    if (linked !== undefined && !headingAnchors(linked).has(anchor)) {
      problems.push(`${shown} (no heading #${anchor} in ${relative(root, absolute)})`);
    }
  }
  return problems;
}

/** README.md's size and the relative links of README.md and docs/*.md, checked on disk. */
export function repositoryDocsProblems(root: string): string[] {
  const problems: string[] = [];
  const readme = readFileSync(join(root, 'README.md'));
  if (readme.byteLength > README_MAX_BYTES) {
    problems.push(
      `README.md is ${readme.byteLength} bytes, over its ${README_MAX_BYTES}: move reference material to docs/`,
    );
  }
  const readText: ReadText = (path) =>
    existsSync(path) && statSync(path).isFile() ? readFileSync(path, 'utf8') : undefined;
  const files = [
    'README.md',
    ...readdirSync(join(root, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .sort()
      .map((name) => `docs/${name}`),
  ];
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    problems.push(...brokenLinks(root, file, text, existsSync, readText));
  }
  return problems;
}
