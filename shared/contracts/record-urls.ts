import { z } from 'zod';
import { CATALOGUE_URL_RULE, isCatalogueUrl, MAX_CATALOGUE_URL } from '../catalogue-url.ts';
import { VIDEO_METAFIELD_KEY, videoIds } from '../video.ts';

/**
 * The URLs of catalogue records on their way into the build ("allow http(s)
 * and same-origin paths, and drop or report the rest"). What happens to a bad one depends on
 * what it is:
 * - an item of a list (a picture, a 3D model, a manual, an image placement, a menu entry, a
 *   video id): the item is dropped, with a warning naming the field;
 * - a record's one optional picture (imageUrl, a model's poster): it becomes null (or ''),
 *   with a warning;
 * - what the record is for (a top-level menu entry's link, a review's link): the schema
 *   refuses it, and the loader skips the record with its id and the field, as for any
 *   invalid record.
 * The schemas also hold every URL to the rule (`catalogueUrl`), so nothing a cleaner missed
 * reaches a page.
 */

/** A URL field of a loader schema: http(s) or a path on this site. */
export const catalogueUrl = z
  .string()
  .max(MAX_CATALOGUE_URL)
  .refine(isCatalogueUrl, { message: CATALOGUE_URL_RULE });

/** A record with its bad URLs taken out, and what was taken out, as "field: what happened". */
export interface CleanedRecord {
  record: unknown;
  warnings: string[];
}

type Json = Record<string, unknown>;

const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The refused value, short and quoted, so a warning shows what was there. */
const shown = (value: unknown) => JSON.stringify(String(value).slice(0, 80));

/** Sets `record[key]` to `empty` when it holds a bad URL (null and `empty` are left alone). */
function optionalUrl(
  record: Json,
  key: string,
  empty: null | '',
  warnings: string[],
  where = key,
): void {
  const value = record[key];
  if (value === null || value === undefined || value === empty || isCatalogueUrl(value)) return;
  warnings.push(
    `${where}: ${CATALOGUE_URL_RULE}; ${empty === null ? 'left out' : 'emptied'} (was ${shown(value)})`,
  );
  record[key] = empty;
}

/** `record[key]` without the items `bad` names (an index and a field), each with a warning. */
function dropItems(
  record: Json,
  key: string,
  bad: (item: unknown) => { field: string; value: unknown; rule: string } | undefined,
  warnings: string[],
): void {
  const list = record[key];
  if (!Array.isArray(list)) return;
  record[key] = list.filter((item, index) => {
    const problem = bad(item);
    if (problem) {
      warnings.push(
        `${key}.${index}.${problem.field}: ${problem.rule}; dropped (was ${shown(problem.value)})`,
      );
    }
    return problem === undefined;
  });
}

/**
 * Cleans a copy of a JSON object with `clean`, which drops what is bad from it and says so in
 * `warnings`; anything else comes back as it came, for its schema to refuse.
 */
function cleanCopy(raw: unknown, clean: (record: Json, warnings: string[]) => void): CleanedRecord {
  if (!isJson(raw)) return { record: raw, warnings: [] };
  const record: Json = { ...raw };
  const warnings: string[] = [];
  clean(record, warnings);
  return { record, warnings };
}

/** The item's `field` when it is there but not a catalogue URL. */
const badUrlAt = (field: string) => (item: unknown) =>
  isJson(item) && !isCatalogueUrl(item[field])
    ? { field, value: item[field], rule: CATALOGUE_URL_RULE }
    : undefined;

/**
 * A product from the API with its bad URLs dropped: pictures, 3D models and manuals whose
 * URL is bad leave their lists; a bad main picture or model poster is left out; a video
 * metafield that is not a video id (a URL, say) is dropped.
 */
export function cleanProductUrls(raw: unknown): CleanedRecord {
  return cleanCopy(raw, (record, warnings) => {
    optionalUrl(record, 'imageUrl', null, warnings);
    dropItems(record, 'Images', badUrlAt('url'), warnings);
    dropItems(record, 'Model3Ds', badUrlAt('url'), warnings);
    if (Array.isArray(record['Model3Ds'])) {
      record['Model3Ds'] = record['Model3Ds'].map((model: unknown, index) => {
        if (!isJson(model)) return model;
        const copy = { ...model };
        optionalUrl(copy, 'posterUrl', '', warnings, `Model3Ds.${index}.posterUrl`);
        return copy;
      });
    }
    dropItems(record, 'PDFs', badUrlAt('url'), warnings);
    dropItems(
      record,
      'Metafields',
      (field) =>
        isJson(field) &&
        field['metafieldKey'] === VIDEO_METAFIELD_KEY &&
        (typeof field['metafieldValue'] !== 'string' ||
          videoIds([{ metafieldKey: VIDEO_METAFIELD_KEY, metafieldValue: field['metafieldValue'] }])
            .length === 0)
          ? { field: 'metafieldValue', value: field['metafieldValue'], rule: 'must be a video id' }
          : undefined,
      warnings,
    );
  });
}

/** A collection with a bad picture left out and image placements with a bad path dropped. */
export function cleanCollectionUrls(raw: unknown): CleanedRecord {
  return cleanCopy(raw, (record, warnings) => {
    optionalUrl(record, 'imageUrl', null, warnings);
    const images = record['images'];
    if (isJson(images)) {
      record['images'] = Object.fromEntries(
        Object.entries(images).filter(([name, placement]) => {
          const path = isJson(placement) ? placement['imagePath'] : placement;
          if (isCatalogueUrl(path)) return true;
          warnings.push(
            `images.${name}.imagePath: ${CATALOGUE_URL_RULE}; dropped (was ${shown(path)})`,
          );
          return false;
        }),
      );
    }
  });
}

/** An article with a bad picture left out. */
export function cleanArticleUrls(raw: unknown): CleanedRecord {
  return cleanCopy(raw, (record, warnings) => {
    optionalUrl(record, 'imageUrl', null, warnings);
  });
}

/**
 * A navigation node: below it, entries whose link is bad are dropped with what hangs under
 * them (a menu must not link anywhere but http(s) or this site); bad pictures are left out.
 * The node's own link is its schema's to refuse.
 */
export function cleanNavUrls(raw: unknown, where = ''): CleanedRecord {
  return cleanCopy(raw, (record, warnings) => {
    optionalUrl(record, 'imageUrl', null, warnings, `${where}imageUrl`);
    const children = record['children'];
    if (Array.isArray(children)) {
      const kept: unknown[] = [];
      children.forEach((child: unknown, index) => {
        const at = `${where}children.${index}.`;
        if (isJson(child) && !isCatalogueUrl(child['url'])) {
          warnings.push(`${at}url: ${CATALOGUE_URL_RULE}; dropped (was ${shown(child['url'])})`);
          return;
        }
        const cleaned = cleanNavUrls(child, at);
        warnings.push(...cleaned.warnings);
        kept.push(cleaned.record);
      });
      record['children'] = kept;
    }
  });
}

/**
 * Which cleaner a list collection's schema has, so that readApiList applies it before the
 * schema reads a record (shared/contracts/catalogue-records.ts registers them).
 */
export const urlCleaners = z.registry<{ clean: (raw: unknown) => CleanedRecord }>();
