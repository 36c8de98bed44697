import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY } from '../../../shared/contracts/cart.ts';
import { normalizePartNumber } from '../../../server/catalog/input.ts';
import { demoProduct, productContext } from '../../../server/seed/products.ts';
import {
  decodeOrderFile,
  MAX_LISTED_PROBLEMS,
  MAX_ORDER_LINES,
  MAX_PART_LENGTH,
  orderRowsCsv,
  parseOrderFile,
  parseOrderText,
  partKey,
} from './parse-lines.ts';

/** The lines as [part, quantity] pairs, for short expectations. */
const pairs = (text: string) =>
  parseOrderText(text).lines.map((line) => [line.part, line.quantity]);

/** The one line read from the text, with no problem. */
const one = (text: string) => {
  const { lines, problems } = parseOrderText(text);
  expect(problems).toEqual([]);
  expect(lines).toHaveLength(1);
  return lines[0]!;
};

const messages = (text: string) => parseOrderText(text).problems.map((p) => p.message);

describe('partKey', () => {
  it.each([
    ['crn-12345', 'crn12345'],
    ['CRN 12345', 'crn12345'],
    ['3-634-158/246', '3634158246'],
    ['CRN-85.288/001', 'crn85288001'],
    ['---', ''],
  ])('%s is %s', (part, key) => {
    expect(partKey(part)).toBe(key);
  });

  it('compares numbers the way the API does', () => {
    for (const part of ['AG661-5288', 'Kühler 12', ' 9-717-624 ', 'a.b/c-d e']) {
      expect(partKey(part)).toBe(normalizePartNumber(part));
    }
  });
});

describe('parseOrderText: the accepted forms (issue 32, item 1)', () => {
  it.each([
    ['PART qty', '48474-687 2'],
    ['PART,qty', '48474-687,2'],
    ['PART;qty', '48474-687;2'],
    ['PART<TAB>qty', '48474-687\t2'],
    ['qty x PART', '2 x 48474-687'],
    ['qtyx PART', '2x 48474-687'],
    ['qty X PART', '2 X 48474-687'],
    ['qty × PART', '2 × 48474-687'],
    ['PART:qty', '48474-687:2'],
    ['PART : qty', '48474-687 : 2'],
    ['PART x qty', '48474-687 x 2'],
    ['PART qty pcs', '48474-687 2 pcs'],
    ['PART qtyea', '48474-687 2ea'],
    ['PART qty.0 from a spreadsheet', '48474-687\t2.0'],
  ])('%s: %j', (_, text) => {
    expect(one(text)).toEqual({ part: '48474-687', quantity: 2, sourceLines: [1] });
  });

  it('reads a bare part as quantity 1', () => {
    expect(one('7-470-371/366')).toEqual({ part: '7-470-371/366', quantity: 1, sourceLines: [1] });
  });

  it('keeps the part as written, trimmed and with inner spaces collapsed', () => {
    expect(one('  Jungheinrich   51000873  ').part).toBe('Jungheinrich 51000873');
    expect(one(' 580013697 \t 4 ').part).toBe('580013697');
  });

  it('reads the last of several words as the quantity when it has at most 4 digits', () => {
    expect(one('1 2345 3')).toMatchObject({ part: '1 2345', quantity: 3 });
    expect(one('BT 120481 12')).toMatchObject({ part: 'BT 120481', quantity: 12 });
    expect(one('Part 123 9999')).toMatchObject({ part: 'Part 123', quantity: 9999 });
  });

  it('reads a last word of 5 digits or more as part of the number', () => {
    expect(one('CRN 12345')).toMatchObject({ part: 'CRN 12345', quantity: 1 });
    expect(one('Hyster 3876942')).toMatchObject({ part: 'Hyster 3876942', quantity: 1 });
  });

  it('reads an all-digit part number of 5 digits or more alone as a part', () => {
    expect(one('3876942')).toMatchObject({ part: '3876942', quantity: 1 });
  });

  it('keeps an x without a space after it in the part number', () => {
    expect(one('3x123-45')).toMatchObject({ part: '3x123-45', quantity: 1 });
  });

  it('reads "qty x PART" first when both sides are numbers, as the issue lists it', () => {
    expect(one('3 x 4567')).toMatchObject({ part: '4567', quantity: 3 });
  });

  it('splits PART:qty at the last colon', () => {
    expect(one('A:B:2')).toMatchObject({ part: 'A:B', quantity: 2 });
  });

  it('reads a line with a comma as PART,qty even with spaces around the cells', () => {
    expect(one('LR-29963 , 4')).toMatchObject({ part: 'LR-29963', quantity: 4 });
  });

  it('reads a cell of several words in a delimited row as one part', () => {
    expect(one('Crown 48474 687,2')).toMatchObject({ part: 'Crown 48474 687', quantity: 2 });
  });
});

describe('parseOrderText: repeated numbers add up', () => {
  it('adds the same part written the same way', () => {
    const { lines } = parseOrderText('LR-29963 2\n580013697 1\nLR-29963 3');
    expect(lines).toEqual([
      { part: 'LR-29963', quantity: 5, sourceLines: [1, 3] },
      { part: '580013697', quantity: 1, sourceLines: [2] },
    ]);
  });

  it('adds different spellings of one number, keeping the first spelling', () => {
    const { lines, problems } = parseOrderText(
      'crn-12345 2\nCRN 12345\n3 x Crn.12345\ncrn/12345:4',
    );
    expect(problems).toEqual([]);
    expect(lines).toEqual([{ part: 'crn-12345', quantity: 10, sourceLines: [1, 2, 3, 4] }]);
  });

  it('adds across forms: typed, pasted cells and a bare part', () => {
    expect(pairs('48474-687\t2\n48474-687,3\n48474-687')).toEqual([['48474-687', 6]]);
  });

  it(`refuses a line that would take a part past ${MAX_LINE_QUANTITY}`, () => {
    const { lines, problems } = parseOrderText('LR-29963 9000\nLR-29963 999\nLR-29963 2');
    expect(lines).toEqual([{ part: 'LR-29963', quantity: 9999, sourceLines: [1, 2] }]);
    expect(problems).toEqual([
      {
        line: 3,
        text: 'LR-29963 2',
        message:
          'Line 3: LR-29963 would come to 10,001 in all, more than 9,999; this line was not added.',
      },
    ]);
  });
});

describe('parseOrderText: problems', () => {
  it.each([
    ['48474-687: abc', 'the quantity "abc" is not a whole number.', '48474-687,abc'],
    ['48474-687:abc', 'the quantity "abc" is not a whole number.', '48474-687\tabc'],
    ['48474-687 2.5', 'the quantity "2.5" is not a whole number.', '48474-687;2.5'],
    ['48474-687 0', 'the quantity "0" is less than 1.', '48474-687,0'],
    ['48474-687 -2', 'the quantity "-2" is less than 1.', '48474-687,-2'],
    ['0 x 48474-687', 'the quantity "0" is less than 1.', '48474-687\t0'],
    ['48474-687:12000', 'the quantity "12000" is more than 9,999.', '48474-687,12000'],
  ])('%j: %s (and as cells)', (typed, message, cells) => {
    expect(messages(`LR-29963\n${typed}`)).toEqual([`Line 2: ${message}`]);
    expect(messages(`LR-29963\n${cells}`)).toEqual([`Line 2: ${message}`]);
  });

  it('reads a line that is only a short number as a quantity without a part', () => {
    expect(parseOrderText('LR-29963\n12\n-3\n2.5')).toEqual({
      lines: [{ part: 'LR-29963', quantity: 1, sourceLines: [1] }],
      problems: [
        {
          line: 2,
          text: '12',
          message: 'Line 2: "12" looks like a quantity without a part number.',
        },
        {
          line: 3,
          text: '-3',
          message: 'Line 3: "-3" looks like a quantity without a part number.',
        },
        {
          line: 4,
          text: '2.5',
          message: 'Line 4: "2.5" looks like a quantity without a part number.',
        },
      ],
    });
  });

  it('reports a part with no letters or digits, or a quantity alone in its row', () => {
    expect(messages('--- 2\n:3\n,5')).toEqual([
      'Line 1: no part number was found in "--- 2".',
      'Line 2: no part number was found in ":3".',
      'Line 3: "5" looks like a quantity without a part number.',
    ]);
  });

  it('skips a line without a letter or a digit, as a divider', () => {
    expect(parseOrderText('LR-29963 2\n-----\n;;\n,,,\n====\n580013697')).toEqual({
      lines: [
        { part: 'LR-29963', quantity: 2, sourceLines: [1] },
        { part: '580013697', quantity: 1, sourceLines: [6] },
      ],
      problems: [],
    });
  });

  it('reads a last word that is no number as part of the part number', () => {
    expect(one('12-345 rev B')).toMatchObject({ part: '12-345 rev B', quantity: 1 });
  });

  it(`reports a part number longer than ${MAX_PART_LENGTH} characters`, () => {
    const long = 'A'.repeat(MAX_PART_LENGTH + 1);
    expect(messages(`${long} 2`)).toEqual([
      'Line 1: the part number is longer than 100 characters.',
    ]);
    expect(one(`${'A'.repeat(MAX_PART_LENGTH)} 2`).quantity).toBe(2);
  });

  it('reports more than two columns without a header when the second is no quantity', () => {
    expect(parseOrderText('48474-687,Seal kit,2')).toEqual({
      lines: [],
      problems: [
        {
          line: 1,
          text: '48474-687,Seal kit,2',
          message:
            'Line 1: 3 columns, and the second is not a quantity; put a header row such as "part,quantity" above the rows.',
        },
      ],
    });
  });

  it('ignores columns after the quantity without a header', () => {
    expect(pairs('48474-687\t2\tSeal kit\t$12.00')).toEqual([['48474-687', 2]]);
  });

  it('numbers lines as the input has them, counting blank lines and CRLF once', () => {
    const { lines, problems } = parseOrderText(
      '\r\nLR-29963 2\r\n\r\n\r\nLR-29963 0\rBG-420-737\n',
    );
    expect(lines).toEqual([
      { part: 'LR-29963', quantity: 2, sourceLines: [2] },
      { part: 'BG-420-737', quantity: 1, sourceLines: [6] },
    ]);
    expect(problems.map((problem) => problem.line)).toEqual([5]);
  });

  it('gives the problem the line as written', () => {
    expect(parseOrderText('  LR-29963   0  ').problems).toEqual([
      {
        line: 1,
        text: '  LR-29963   0  ',
        message: 'Line 1: the quantity "0" is less than 1.',
      },
    ]);
  });

  it('reads the lines around a problem', () => {
    expect(pairs('LR-29963 2\nBG-420-737 0\n580013697 3')).toEqual([
      ['LR-29963', 2],
      ['580013697', 3],
    ]);
  });

  it('answers nothing for empty or blank text', () => {
    expect(parseOrderText('')).toEqual({ lines: [], problems: [] });
    expect(parseOrderText(' \n\t\n\r\n')).toEqual({ lines: [], problems: [] });
  });

  it(`lists ${MAX_LISTED_PROBLEMS} problems, then counts the rest in one`, () => {
    const text = Array.from({ length: 150 }, (_, i) => `P-${i} 0`).join('\n');
    const { problems } = parseOrderText(text);
    expect(problems).toHaveLength(MAX_LISTED_PROBLEMS + 1);
    expect(problems.at(-1)).toEqual({
      line: 101,
      text: 'P-100 0',
      message:
        'Line 101: 50 more lines from here on could not be read; fix the ones above and try again.',
    });
  });
});

describe(`parseOrderText: at most ${MAX_ORDER_LINES} parts`, () => {
  const parts = (n: number) => Array.from({ length: n }, (_, i) => `P-${i + 1} 1`);

  it(`takes ${MAX_ORDER_LINES} parts without a problem`, () => {
    const { lines, problems } = parseOrderText(parts(MAX_ORDER_LINES).join('\n'));
    expect(lines).toHaveLength(MAX_ORDER_LINES);
    expect(problems).toEqual([]);
  });

  it('says how many lines were left out, from the first one on', () => {
    const text = [...parts(MAX_ORDER_LINES + 3), 'P-1 4'].join('\n');
    const { lines, problems } = parseOrderText(text);
    expect(lines).toHaveLength(MAX_ORDER_LINES);
    expect(lines.at(-1)?.part).toBe('P-500');
    // A part already in the order still adds up.
    expect(lines[0]).toEqual({ part: 'P-1', quantity: 5, sourceLines: [1, 504] });
    expect(problems).toEqual([
      {
        line: 501,
        text: 'P-501 1',
        message:
          'Line 501: an order takes at most 500 parts, so 3 lines naming other parts were left out, from this line on.',
      },
    ]);
  });

  it('says it in the singular for one line', () => {
    expect(messages(parts(MAX_ORDER_LINES + 1).join('\n'))).toEqual([
      'Line 501: an order takes at most 500 parts, so 1 line naming another part was left out, from this line on.',
    ]);
  });
});

describe('parseOrderText: header rows', () => {
  it.each([
    'part,qty',
    'Part Number;Quantity',
    'sku\tquantity',
    'item, qty',
    'Part #,Qty.',
    'PART NO.;QTY',
    'Part Number Quantity',
    'sku qty',
    'part',
  ])('skips %j', (header) => {
    const separator = /[,;\t]/.exec(header)?.[0] ?? ' ';
    const { lines, problems } = parseOrderText(`${header}\nLR-29963${separator}2`);
    expect(problems).toEqual([]);
    expect(lines).toEqual([{ part: 'LR-29963', quantity: 2, sourceLines: [2] }]);
  });

  it('reads the columns a header names, the part column second and extra columns ignored', () => {
    const text = [
      'Description,Qty,Part Number,Unit price',
      'Steer wheel,2,AG661-5288,$41.00',
      '"Seal kit, viton",1,3-634-158/246,$12.50',
    ].join('\n');
    expect(parseOrderText(text)).toEqual({
      lines: [
        { part: 'AG661-5288', quantity: 2, sourceLines: [2] },
        { part: '3-634-158/246', quantity: 1, sourceLines: [3] },
      ],
      problems: [],
    });
  });

  it('prefers "part number" to "item" when a header names both', () => {
    expect(pairs('Item;Part Number;Quantity\nWheel;LR-29963;4')).toEqual([['LR-29963', 4]]);
  });

  it('reads quantity 1 when the header names no quantity column', () => {
    expect(pairs('SKU,Description\nLR-29963,Tire\n580013697,Roller')).toEqual([
      ['LR-29963', 1],
      ['580013697', 1],
    ]);
  });

  it('reads an empty quantity cell as 1 and skips rows of empty cells', () => {
    expect(parseOrderText('part,quantity,note\nLR-29963,,\n,,\n;;\n')).toEqual({
      lines: [{ part: 'LR-29963', quantity: 1, sourceLines: [2] }],
      problems: [],
    });
  });

  it('reports a row of the header layout without a part', () => {
    expect(messages('part,quantity,note\n,2,urgent')).toEqual([
      'Line 2: no part number was found in ",2,urgent".',
    ]);
  });

  it('reads a typed line among a file’s rows', () => {
    expect(pairs('part,quantity\nLR-29963,2\n3 x 580013697')).toEqual([
      ['LR-29963', 2],
      ['580013697', 3],
    ]);
  });

  it('skips the header of a second file pasted below the first', () => {
    const text = 'part,qty\nLR-29963,2\npart,qty\nLR-29963,1\n580013697,1';
    expect(parseOrderText(text)).toEqual({
      lines: [
        { part: 'LR-29963', quantity: 3, sourceLines: [2, 4] },
        { part: '580013697', quantity: 1, sourceLines: [5] },
      ],
      problems: [],
    });
  });

  it('takes a row of words below other rows as a header only when it names a quantity', () => {
    const text = 'LR-29963,2\nProduct,Seal kit\n580013697,3\nqty;sku\n4;BG-420-737';
    expect(parseOrderText(text)).toEqual({
      lines: [
        { part: 'LR-29963', quantity: 2, sourceLines: [1] },
        { part: '580013697', quantity: 3, sourceLines: [3] },
        { part: 'BG-420-737', quantity: 4, sourceLines: [5] },
      ],
      problems: [
        {
          line: 2,
          text: 'Product,Seal kit',
          message: 'Line 2: the quantity "Seal kit" is not a whole number.',
        },
      ],
    });
  });

  it('reads a first row with a number in it as data, not as a header', () => {
    expect(pairs('item,2\nsku 5')).toEqual([
      ['item', 2],
      ['sku', 5],
    ]);
  });

  it('skips the separator line Excel may write first', () => {
    expect(parseOrderText('sep=;\npart;quantity\nLR-29963;2')).toEqual({
      lines: [{ part: 'LR-29963', quantity: 2, sourceLines: [3] }],
      problems: [],
    });
  });
});

describe('parseOrderText: what files and spreadsheets bring', () => {
  it('drops a byte-order mark', () => {
    expect(pairs('\uFEFFpart,quantity\r\nLR-29963,2\r\n')).toEqual([['LR-29963', 2]]);
    expect(pairs('\uFEFFLR-29963 2')).toEqual([['LR-29963', 2]]);
  });

  it('reads CRLF, CR and LF line ends alike', () => {
    for (const end of ['\r\n', '\r', '\n']) {
      expect(pairs(['LR-29963,2', '580013697,1', ''].join(end))).toEqual([
        ['LR-29963', 2],
        ['580013697', 1],
      ]);
    }
  });

  it('reads ; as Excel writes it in some locales, with a ; header', () => {
    const text = 'Part Number;Quantity;Description\r\n48474-687;2;Brake adjuster kit\r\n';
    expect(pairs(text)).toEqual([['48474-687', 2]]);
  });

  it('reads a copy from a spreadsheet with a trailing empty column', () => {
    const text = '48474-687\t2\t\r\n580013697\t6\t\r\n';
    expect(parseOrderText(text).lines).toEqual([
      { part: '48474-687', quantity: 2, sourceLines: [1] },
      { part: '580013697', quantity: 6, sourceLines: [2] },
    ]);
  });

  it('reads a copy from a spreadsheet with an empty first column', () => {
    expect(pairs('\t48474-687\t2\n\t580013697\t6')).toEqual([
      ['48474-687', 2],
      ['580013697', 6],
    ]);
  });

  it('reads a copy of one spreadsheet column as bare parts', () => {
    expect(pairs('48474-687\t\n580013697\t')).toEqual([
      ['48474-687', 1],
      ['580013697', 1],
    ]);
  });

  it('reads quoted cells with commas, doubled quotes and spaces around', () => {
    const text = ['"12-345, rev B",2', '"6"" wheel ""B""",3', ' "LR-29963" , "4" '].join('\n');
    expect(parseOrderText(text)).toEqual({
      lines: [
        { part: '12-345, rev B', quantity: 2, sourceLines: [1] },
        { part: '6" wheel "B"', quantity: 3, sourceLines: [2] },
        { part: 'LR-29963', quantity: 4, sourceLines: [3] },
      ],
      problems: [],
    });
  });

  it('reads a quoted cell holding ; or , as one cell whatever the separator', () => {
    expect(pairs('"12-345; rev B",2\n"12-346, rev C";5\n"12-347, rev D"')).toEqual([
      ['12-345; rev B', 2],
      ['12-346, rev C', 5],
      ['12-347, rev D', 1],
    ]);
  });

  it('reads a quoted cell over several lines, and numbers the lines after it', () => {
    const text = 'part,quantity,note\n"LR-29963",2,"call first,\nthen ship"\n580013697,1,';
    expect(parseOrderText(text).lines).toEqual([
      { part: 'LR-29963', quantity: 2, sourceLines: [2] },
      { part: '580013697', quantity: 1, sourceLines: [4] },
    ]);
  });

  it('reads an unclosed quote as text, on its own line', () => {
    expect(pairs('"12-345,2\nLR-29963 3')).toEqual([
      ['"12-345', 2],
      ['LR-29963', 3],
    ]);
  });

  it('keeps a quote inside a typed part number', () => {
    expect(one('Wheel 6" x 2" 3')).toMatchObject({ part: 'Wheel 6" x 2"', quantity: 3 });
  });
});

describe('decodeOrderFile and parseOrderFile', () => {
  const bytes = (...chunks: (string | number[])[]) =>
    new Uint8Array(
      chunks.flatMap((chunk) =>
        typeof chunk === 'string' ? [...new TextEncoder().encode(chunk)] : chunk,
      ),
    );

  it('reads UTF-8 with and without a byte-order mark', () => {
    expect(decodeOrderFile(bytes([0xef, 0xbb, 0xbf], 'Kühler-1;2'))).toBe('Kühler-1;2');
    expect(decodeOrderFile(bytes('Kühler-1;2'))).toBe('Kühler-1;2');
  });

  it('falls back to Windows-1252 for what is not UTF-8', () => {
    // 'Kühler €' as an older Excel saves it: ü is 0xFC, € is 0x80.
    const file = bytes('part;quantity;note\r\nK', [0xfc], 'hler-1;2;', [0x80], '12\r\n');
    expect(decodeOrderFile(file)).toBe('part;quantity;note\r\nKühler-1;2;€12\r\n');
    expect(parseOrderFile(file).lines).toEqual([
      { part: 'Kühler-1', quantity: 2, sourceLines: [2] },
    ]);
  });

  it('reads UTF-16 with its mark, as Excel saves "Unicode text"', () => {
    const text = 'sku\tquantity\r\nLR-29963\t2\r\n';
    const le = [0xff, 0xfe, ...[...text].flatMap((c) => [c.charCodeAt(0), 0])];
    const be = [0xfe, 0xff, ...[...text].flatMap((c) => [0, c.charCodeAt(0)])];
    expect(decodeOrderFile(new Uint8Array(le))).toBe(text);
    expect(decodeOrderFile(new Uint8Array(be))).toBe(text);
  });

  it('takes an ArrayBuffer as File.arrayBuffer() gives it', () => {
    const file = bytes('LR-29963,2');
    expect(parseOrderFile(file.buffer).lines).toEqual([
      { part: 'LR-29963', quantity: 2, sourceLines: [1] },
    ]);
  });

  it('reads a Uint8Array that is a view into a larger buffer', () => {
    const whole = bytes('xxLR-29963,2yy');
    expect(decodeOrderFile(whole.subarray(2, 12))).toBe('LR-29963,2');
  });
});

describe('orderRowsCsv (issue 32, item 4)', () => {
  it('writes a header, RFC 4180 quoting and CRLF line ends', () => {
    const csv = orderRowsCsv([
      { part: 'LR-29963', quantity: 4 },
      { part: '12-345, rev B', quantity: 2, note: 'Not found' },
      { part: '6" wheel', quantity: 1, note: 'line 1\nline 2' },
    ]);
    expect(csv).toBe(
      'part,quantity,note\r\n' +
        'LR-29963,4,\r\n' +
        '"12-345, rev B",2,Not found\r\n' +
        '"6"" wheel",1,"line 1\nline 2"\r\n',
    );
  });

  it('writes the header alone for no rows', () => {
    expect(orderRowsCsv([])).toBe('part,quantity,note\r\n');
  });

  it.each(['=1+1', '+1', '-5', '@SUM(A1)', '\tx', '\rx'])(
    'puts a quote mark before %j, so a spreadsheet does not run it',
    (value) => {
      const [, row] = orderRowsCsv([{ part: 'LR-29963', quantity: 1, note: value }]).split('\r\n');
      expect(row).toMatch(/^LR-29963,1,"?'/);
    },
  );

  it('quotes cells with ; or spaces at the ends, for Excel in other locales', () => {
    expect(orderRowsCsv([{ part: ' a;b ', quantity: 1 }])).toBe(
      'part,quantity,note\r\n" a;b ",1,\r\n',
    );
  });

  it('reads back into the same lines, commas, quotes and guarded cells included', () => {
    const rows = [
      { part: 'LR-29963', quantity: 4 },
      { part: '12-345, rev B', quantity: 2, note: 'Not found, check the number' },
      { part: '6" wheel "B"', quantity: 3, note: 'said "6 inch"' },
      { part: '-ABC-1', quantity: 1, note: '=HYPERLINK("http://example.com")' },
      { part: '@x1', quantity: 5 },
      { part: '3-634-158/246', quantity: 9999, note: 'two\r\nlines' },
      { part: 'Crown 48474 687', quantity: 7 },
    ];
    const { lines, problems } = parseOrderText(orderRowsCsv(rows));
    expect(problems).toEqual([]);
    expect(lines.map(({ part, quantity }) => ({ part, quantity }))).toEqual(
      rows.map(({ part, quantity }) => ({ part, quantity })),
    );
  });

  it('reads back after a spreadsheet saves it with ; and without quotes it needs none of', () => {
    const resaved = "part;quantity;note\r\nLR-29963;4;\r\n'-ABC-1;1;\r\n";
    expect(pairs(resaved)).toEqual([
      ['LR-29963', 4],
      ['-ABC-1', 1],
    ]);
  });

  it('keeps a leading quote mark a person typed as part of the number', () => {
    // Only the mark orderRowsCsv adds (before = + - @ TAB CR) is taken off again.
    expect(one("'ABC-1,2").part).toBe("'ABC-1");
  });
});

describe('public/quick-order-sample.csv', () => {
  const sample = readFileSync(new URL('../../../public/quick-order-sample.csv', import.meta.url));

  it('reads as six lines with no problem', () => {
    const { lines, problems } = parseOrderFile(sample);
    expect(problems).toEqual([]);
    expect(lines).toHaveLength(6);
  });

  // The demo `npm start` seeds (SEED_PRODUCTS 2000, seed 1) and the e2e suite's 240 products.
  it.each([2000, 240])('names parts of the %i-product demo catalogue', (total) => {
    const ctx = productContext(1, total);
    const skus = new Set(
      Array.from({ length: total }, (_, i) => demoProduct(ctx, i)).flatMap((product) =>
        product.variants.map((variant) => variant.sku),
      ),
    );
    const missing = parseOrderFile(sample).lines.filter((line) => !skus.has(line.part));
    expect(missing).toEqual([]);
  });
});
