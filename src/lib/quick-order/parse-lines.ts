import { partKey } from '../../../shared/parts/cross-reference.ts';
import {
  MAX_ORDER_QUANTITY,
  MAX_PART_LENGTH,
  MAX_RESOLVE_LINES,
} from '../../../shared/parts/order-limits.ts';

/**
 * The quick-order pad's line reader (issue 32, item 1): what a buyer pastes, drops as a CSV or
 * TSV file or types becomes order lines and problems, each traced to its line of the input.
 * Hand-written for the browser: csv-parse's browser build is 14 KB of gzipped JavaScript, this
 * module 2.3 KB.
 *
 * The issue lists the forms (`PART qty`, `PART,qty`, `PART<TAB>qty`, `qty x PART`, `PART:qty`,
 * a bare `PART`); how they are told apart is chosen here:
 * - A line holding a TAB is split at TABs, else one holding `;` at `;`, else one holding `,` at
 *   `,` (quotes as RFC 4180 has them). The first cell is the part and the second the quantity;
 *   later cells are ignored when the second is a quantity, a problem otherwise. A header row
 *   naming the columns ('Part Number;Qty', 'sku,description,quantity') sets them for the rows
 *   below it. A row of one cell is read as a typed line.
 * - A typed line is tried as `3 x PART`, `PART:3`, `PART 3` (also `PART x 3`, `PART 3 pcs`),
 *   then as a bare `PART` (quantity 1); so `3 x 4567` is 3 of part 4567. After a space, the last
 *   word is the quantity when it is a number of at most 4 digits, as quantities stop at 9,999:
 *   `1 2345 3` is 3 of part `1 2345`, `CRN 12345` is one part. A line that is only such a
 *   number is a quantity without a part: a problem.
 * - `2.0` and `2 pcs` read as 2. The same part twice (by partKey) adds up into one line.
 */

export { partKey };

/** Most parts one order takes: POST /api/quick-order/resolve takes as many lines per call. */
export const MAX_ORDER_LINES = MAX_RESOLVE_LINES;
export { MAX_PART_LENGTH };
/** Most problems listed one by one; the rest are counted in one last problem. */
export const MAX_LISTED_PROBLEMS = 100;

export interface OrderLine {
  /** As the buyer first wrote it: trimmed, inner spaces collapsed. */
  part: string;
  quantity: number;
  /** 1-based numbers of the input lines that fed it. */
  sourceLines: number[];
}

export interface LineProblem {
  /** 1-based number of the input line. */
  line: number;
  /** The line as written (a quoted cell may span lines). */
  text: string;
  /** For the buyer: 'Line 7: the quantity "abc" is not a whole number.' */
  message: string;
}

export interface ParsedOrder {
  lines: OrderLine[];
  problems: LineProblem[];
}

/** A row of the review table, as "Download these rows" writes it. */
export interface OrderRow {
  part: string;
  quantity: number;
  note?: string;
}

type Delimiter = '\t' | ';' | ',';
/** Where a header row puts the part and the quantity (null: no quantity column, so 1). */
interface Layout {
  delimiter: Delimiter;
  part: number;
  quantity: number | null;
}
/** What one line says: a part and its quantity as written, a problem, or null to skip it. */
type Reading = { part: string; quantity: string } | { problem: string } | null;

/** Header names, most specific first: 'Part #' and 'Part No.' read as 'part' and 'partno'. */
const PART_HEADINGS = [
  'partnumber',
  'partno',
  'partnum',
  'part',
  'sku',
  'mpn',
  'itemnumber',
  'itemno',
  'itemcode',
  'item',
  'productcode',
  'productnumber',
  'product',
  'number',
];
const QUANTITY_HEADINGS = ['quantity', 'qty', 'orderqty', 'qtyordered', 'amount', 'count'];
const heading = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

const NUMBER = String.raw`[-+]?\d+(?:\.\d+)?`;
/** A number among words: at most 4 digits before any decimals, as quantities stop at 9,999. */
const SHORT_NUMBER = String.raw`[-+]?\d{1,4}(?:\.\d+)?`;
const UNIT = String.raw`(?:\s*(?:pcs?|ea|each)\.?)?`;
const QUANTITY = new RegExp(`^(${NUMBER})${UNIT}$`, 'i');
// The x needs a space after it: "3x123" may be a part number, "3x 123" and "3 x 123" are not.
const TIMES_PART = new RegExp(
  String.raw`^(?<quantity>${SHORT_NUMBER})\s*[x×]\s+(?<part>\S.*)$`,
  'i',
);
const PART_COLON = /^(?<part>.*?)\s*:\s*(?<quantity>[^:]*[^:\s])$/;
const PART_TAIL = new RegExp(
  String.raw`^(?<part>.*?\S)\s+(?:[x×]\s*)?(?<quantity>${SHORT_NUMBER}${UNIT})$`,
  'i',
);
const LONE_NUMBER = new RegExp(`^${SHORT_NUMBER}$`);
/** A line without a letter or a digit ('-----', ';;') is a divider, skipped like a blank. */
const WORDLIKE = /[\p{L}\p{N}]/u;
/** Excel's line naming the separator. */
const SEPARATOR_HINT = /^\s*sep=.\s*$/i;
/** A leading ' that orderRowsCsv put before a cell a spreadsheet would run as a formula. */
const FORMULA_GUARD = /^'(?=[=+\-@\t\r])/;

const count = new Intl.NumberFormat('en-US');
const plural = (n: number, one: string, many: string) =>
  `${count.format(n)} ${n === 1 ? one : many}`;

/** The separator of a line: TAB, else `;`, else `,` outside quoted text, else none. */
function delimiterOf(line: string): Delimiter | null {
  if (line.includes('\t')) return '\t';
  const unquoted = line.replace(/"[^"]*"/g, '');
  if (unquoted.includes(';')) return ';';
  // A line opening with a quote is a quoted cell, even alone: '"12-345, rev B"'.
  return unquoted.includes(',') || /^\s*"/.test(line) ? ',' : null;
}

/**
 * The cells of the record starting at lines[at], and how many lines it takes (a quoted cell
 * may hold line breaks). A quote opens a cell only at its start; an unclosed one is text.
 */
function splitRecord(lines: string[], at: number, delimiter: Delimiter) {
  const cells: string[] = [];
  let text = '';
  let quoted = false;
  let inQuotes = false;
  for (let row = at; row < lines.length; row += 1) {
    const line = lines[row] ?? '';
    for (let i = 0; i < line.length; i += 1) {
      const char = line[i];
      if (inQuotes) {
        if (char !== '"') text += char;
        else if (line[i + 1] !== '"') inQuotes = false;
        else {
          text += '"';
          i += 1;
        }
      } else if (char === delimiter) {
        cells.push(text);
        text = '';
        quoted = false;
      } else if (char === '"' && !quoted && text.trim() === '') {
        inQuotes = quoted = true;
        text = '';
      } else text += char;
    }
    if (!inQuotes) {
      cells.push(text);
      return { cells, used: row - at + 1 };
    }
    text += '\n';
  }
  return { cells: (lines[at] ?? '').split(delimiter), used: 1 };
}

/**
 * The columns a header row names, or null when the row is not a header. Below other rows, a
 * header must name a quantity column too, so a row of words never drops the quantities.
 */
function headerLayout(cells: string[], delimiter: Delimiter, first: boolean): Layout | null {
  if (cells.some((cell) => /\d/.test(cell))) return null;
  const names = cells.map(heading);
  const name = PART_HEADINGS.find((candidate) => names.includes(candidate));
  if (name === undefined) return null;
  const part = names.indexOf(name);
  const quantity = names.findIndex((n, i) => i !== part && QUANTITY_HEADINGS.includes(n));
  if (quantity < 0 && !first) return null;
  return { delimiter, part, quantity: quantity < 0 ? null : quantity };
}

/** A typed header such as 'Part Number Quantity' or 'sku qty'. */
function isHeaderWords(words: string): boolean {
  if (/\d/.test(words)) return false;
  const name = heading(words);
  return PART_HEADINGS.some(
    (part) => name === part || QUANTITY_HEADINGS.some((quantity) => name === part + quantity),
  );
}

/** A line without separators: `3 x PART`, `PART:3`, `PART 3`, or a bare `PART`. */
function readWords(text: string): Reading {
  const words = text.replace(/\s+/g, ' ').trim();
  if (!WORDLIKE.test(words) || isHeaderWords(words)) return null;
  const match = (TIMES_PART.exec(words) ?? PART_COLON.exec(words) ?? PART_TAIL.exec(words))?.groups;
  if (match) return { part: match['part'] ?? '', quantity: match['quantity'] ?? '' };
  if (LONE_NUMBER.test(words)) {
    return { problem: `"${words}" looks like a quantity without a part number.` };
  }
  return { part: words, quantity: '' };
}

/** A row of cells: one cell is a typed line; else the header's columns, or part then quantity. */
function readCells(cells: string[], layout: Layout | null): Reading {
  const texts = cells.map((cell) => cell.replace(FORMULA_GUARD, '').trim());
  if (!texts.some((text) => WORDLIKE.test(text))) return null;
  const first = texts.findIndex((text) => text !== '');
  if (cells.length === 1) return readWords(texts[0] ?? '');
  if (layout) {
    const quantity = layout.quantity === null ? '' : (texts[layout.quantity] ?? '');
    return { part: texts[layout.part] ?? '', quantity };
  }
  // A spreadsheet copy may bring empty columns on either side.
  const used = texts.slice(first, texts.findLastIndex((text) => text !== '') + 1);
  const [part = '', quantity = ''] = used;
  if (used.length === 1) return readWords(part);
  if (used.length > 2 && !QUANTITY.test(quantity)) {
    return {
      problem: `${used.length} columns, and the second is not a quantity; put a header row such as "part,quantity" above the rows.`,
    };
  }
  return { part, quantity };
}

/** A quantity as written ('' is 1), or why it cannot be one. */
function readQuantity(written: string): number | string {
  if (written === '') return 1;
  const value = Number(QUANTITY.exec(written)?.[1]);
  if (!Number.isInteger(value)) return `the quantity "${written}" is not a whole number.`;
  if (value < 1) return `the quantity "${written}" is less than 1.`;
  if (value > MAX_ORDER_QUANTITY) {
    return `the quantity "${written}" is more than ${count.format(MAX_ORDER_QUANTITY)}.`;
  }
  return value;
}

/** The order so far: lines by partKey, and the lines left out past MAX_ORDER_LINES. */
interface Tally {
  byKey: Map<string, OrderLine>;
  leftOut: { count: number; line: number; text: string };
}

/** Adds what one line says to the tally; answers the problem to report, if any. */
function addReading(tally: Tally, line: number, source: string, reading: Reading): string | null {
  if (reading === null) return null;
  if ('problem' in reading) return reading.problem;
  const part = reading.part.replace(/\s+/g, ' ').trim();
  const key = partKey(part);
  if (key === '') return `no part number was found in "${source.trim()}".`;
  if (part.length > MAX_PART_LENGTH) {
    return `the part number is longer than ${MAX_PART_LENGTH} characters.`;
  }
  const quantity = readQuantity(reading.quantity);
  if (typeof quantity === 'string') return quantity;
  const known = tally.byKey.get(key);
  if (known) {
    const total = known.quantity + quantity;
    if (total > MAX_ORDER_QUANTITY) {
      return `${known.part} would come to ${count.format(total)} in all, more than ${count.format(MAX_ORDER_QUANTITY)}; this line was not added.`;
    }
    known.quantity = total;
    known.sourceLines.push(line);
  } else if (tally.byKey.size < MAX_ORDER_LINES) {
    tally.byKey.set(key, { part, quantity, sourceLines: [line] });
  } else if (tally.leftOut.count++ === 0) {
    Object.assign(tally.leftOut, { line, text: source });
  }
  return null;
}

/**
 * Reads pasted or typed text, or a decoded file, into order lines and problems. Blank lines and
 * header rows are skipped; problems come in line order.
 * @example parseOrderText('48474-687 2\n3 x LR-29963\n7-470-371/366')
 *   // lines: 48474-687 ×2, LR-29963 ×3, 7-470-371/366 ×1
 */
export function parseOrderText(text: string): ParsedOrder {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const tally: Tally = { byKey: new Map(), leftOut: { count: 0, line: 0, text: '' } };
  const problems: LineProblem[] = [];
  const unlisted = { count: 0, line: 0, text: '' };
  const report = (line: number, text: string, message: string) => {
    if (problems.length < MAX_LISTED_PROBLEMS) {
      problems.push({ line, text, message: `Line ${line}: ${message}` });
    } else if (unlisted.count++ === 0) Object.assign(unlisted, { line, text });
  };

  // The first line with words: a header there may name a part column alone.
  const firstLine =
    1 + lines.findIndex((line) => WORDLIKE.test(line) && !SEPARATOR_HINT.test(line));
  let layout: Layout | null = null;
  for (let at = 0; at < lines.length;) {
    const line = lines[at] ?? '';
    const number = at + 1;
    const delimiter = layout?.delimiter ?? delimiterOf(line);
    let source = line;
    let reading: Reading = null;
    if (line.trim() === '' || SEPARATOR_HINT.test(line)) at += 1;
    else if (delimiter === null) {
      reading = readWords(line);
      at += 1;
    } else {
      const { cells, used } = splitRecord(lines, at, delimiter);
      source = lines.slice(at, at + used).join('\n');
      at += used;
      const header = headerLayout(cells, delimiter, number === firstLine);
      if (header) layout = header;
      else reading = readCells(cells, layout);
    }
    const message = addReading(tally, number, source, reading);
    if (message !== null) report(number, source, message);
  }

  const { leftOut } = tally;
  if (leftOut.count > 0) {
    const lost = plural(
      leftOut.count,
      'line naming another part was',
      'lines naming other parts were',
    );
    problems.push({
      line: leftOut.line,
      text: leftOut.text,
      message: `Line ${leftOut.line}: an order takes at most ${MAX_ORDER_LINES} parts, so ${lost} left out, from this line on.`,
    });
  }
  if (unlisted.count > 0) {
    const more = plural(unlisted.count, 'more line', 'more lines');
    problems.push({
      line: unlisted.line,
      text: unlisted.text,
      message: `Line ${unlisted.line}: ${more} from here on could not be read; fix the ones above and try again.`,
    });
  }
  problems.sort((a, b) => a.line - b.line);
  return { lines: [...tally.byKey.values()], problems };
}

/**
 * A dropped file's text: UTF-8 (with or without a byte-order mark), UTF-16 with its mark (Excel's
 * "Unicode text"), else Windows-1252, which older Excel versions save.
 */
export function decodeOrderFile(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  if (view[0] === 0xff && view[1] === 0xfe) return new TextDecoder('utf-16le').decode(view);
  if (view[0] === 0xfe && view[1] === 0xff) return new TextDecoder('utf-16be').decode(view);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(view);
  } catch {
    return new TextDecoder('windows-1252').decode(view);
  }
}

/** Reads a dropped CSV or TSV file (decodeOrderFile, then parseOrderText). */
export function parseOrderFile(bytes: ArrayBuffer | Uint8Array): ParsedOrder {
  return parseOrderText(decodeOrderFile(bytes));
}

/**
 * One CSV cell: quoted when it holds a quote, a separator or a line break (RFC 4180); a leading
 * = + - @ TAB or CR gets a ' first, so a spreadsheet shows it rather than runs it as a formula
 * (parseOrderText drops that ' again).
 */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\t\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The review table's rows as a CSV that uploads again after fixing (issue 32, item 4): header
 * `part,quantity,note`, CRLF line ends.
 * @example orderRowsCsv([{ part: 'LR-29963', quantity: 4 }]) // 'part,quantity,note\r\nLR-29963,4,\r\n'
 */
export function orderRowsCsv(rows: readonly OrderRow[]): string {
  const records = rows.map((row) => [row.part, String(row.quantity), row.note ?? '']);
  return [['part', 'quantity', 'note'], ...records]
    .map((cells) => cells.map(csvCell).join(',') + '\r\n')
    .join('');
}
