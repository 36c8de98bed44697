import { describe, expect, it } from 'vitest';
import {
  questionAddresses,
  parseQuestionRedirects,
  questionRedirect,
  questionRedirectLines,
  questionRedirectsJson,
} from './question-redirects.ts';

const ENTRIES = [
  ['Q10001', '/questions/Q10001/how-long-does-a-charge-last'],
  ['Q10007', '/questions/Q10007/fits-a-crown-pth50'],
] as const;
/** The map as the servers read it from the release. */
const MAP = parseQuestionRedirects(questionRedirectsJson(ENTRIES));

describe('questionRedirect', () => {
  it.each([
    // The demo's published address before its questions were reworded for their products.
    [
      '/questions/Q10001/will-this-fit-a-crown-pth50',
      '/questions/Q10001/how-long-does-a-charge-last',
    ],
    [
      '/questions/Q10001/will-this-fit-a-crown-pth50/',
      '/questions/Q10001/how-long-does-a-charge-last',
    ],
    ['/questions/Q10007/anything', '/questions/Q10007/fits-a-crown-pth50'],
    ['/questions/Q10007', '/questions/Q10007/fits-a-crown-pth50'],
    ['/questions/Q10007/', '/questions/Q10007/fits-a-crown-pth50'],
    // nginx's map compares the id ignoring case; the Node server does too.
    [
      '/questions/q10001/will-this-fit-a-crown-pth50',
      '/questions/Q10001/how-long-does-a-charge-last',
    ],
  ])('sends %s to the question, in one hop', (path, location) => {
    expect(questionRedirect(path, '', MAP)).toEqual({ status: 301, location });
  });

  it('keeps the parameters', () => {
    expect(questionRedirect('/questions/Q10001/old', '?utm_source=mail', MAP)).toEqual({
      status: 301,
      location: '/questions/Q10001/how-long-does-a-charge-last?utm_source=mail',
    });
  });

  it.each([
    '/questions/Q99999/will-this-fit-a-crown-pth50',
    '/questions/Q10001/a/b',
    '/questions/Q10001//',
    '/questions/',
    '/questions',
    '/questions/Topic/compatibility/1',
    '/questions/Topic',
    '/question/Q10001/x',
    '/x/questions/Q10001/x',
  ])('leaves %s alone (not found, or another page)', (path) => {
    expect(questionRedirect(path, '', MAP)).toBeUndefined();
  });
});

describe('questionRedirectsJson (the map writer)', () => {
  it('writes each id and its address, in id order, and reads back the same', () => {
    const text = questionRedirectsJson([...ENTRIES].reverse());
    expect(text).toBe(
      '{\n  "Q10001": "/questions/Q10001/how-long-does-a-charge-last",\n' +
        '  "Q10007": "/questions/Q10007/fits-a-crown-pth50"\n}\n',
    );
    expect([...parseQuestionRedirects(text)]).toEqual([
      ['q10001', '/questions/Q10001/how-long-does-a-charge-last'],
      ['q10007', '/questions/Q10007/fits-a-crown-pth50'],
    ]);
    expect(questionRedirectsJson([])).toBe('{}\n');
  });

  it.each([
    ['Q 1', '/questions/Q 1/x'],
    ['', '/questions//x'],
    ['Q1/..', '/questions/Q1/x'],
    ['Q1', '/questions/Q2/x'],
    ['Q1', '/questions/Q1'],
    ['Q1', '//evil.example/questions/Q1/x'],
    ['Q1', 'https://evil.example/questions/Q1/x'],
    ['Q1', '/questions/Q1/"x"'],
  ])('refuses id %j with path %j', (id, path) => {
    expect(() => questionRedirectsJson([[id, path]])).toThrow(/Question redirect/);
  });

  it('refuses two ids that differ only in case (one key to nginx)', () => {
    expect(() =>
      questionRedirectsJson([
        ['Q1', '/questions/Q1/a'],
        ['q1', '/questions/q1/b'],
      ]),
    ).toThrow(/differs only in case/);
  });

  it('refuses a file that is not a map of ids to addresses', () => {
    expect(() => parseQuestionRedirects('[]')).toThrow(/not an object/);
    expect(() => parseQuestionRedirects('{"Q1": 4}')).toThrow(/not its address/);
    expect(() => parseQuestionRedirects('{')).toThrow(SyntaxError);
  });
});

describe('questionAddresses', () => {
  it('gives each question its address, leaving out ids no server could match as they are', () => {
    const question = (id: number, displayableId: string) => ({ id, displayableId, handle: 'h' });
    expect(
      questionAddresses([
        question(3, 'q10001'),
        question(1, 'Q10001'),
        question(2, 'Q10002'),
        ...['', 'Q 1', 'Q/1', 'Q%201', 'Q"1', 'x'.repeat(65)].map((id, n) => question(10 + n, id)),
      ]),
    ).toEqual([
      // The first of two ids that differ only in case (nginx's map holds one).
      ['Q10001', '/questions/Q10001/h'],
      ['Q10002', '/questions/Q10002/h'],
    ]);
  });
});

describe('questionRedirectLines', () => {
  it('writes a rule-file line for the id alone and for any handle after it', () => {
    expect(questionRedirectLines(new Map([...MAP].slice(0, 1)))).toEqual([
      // The id as written, not as the map keys it.
      '/questions/Q10001 /questions/Q10001/how-long-does-a-charge-last 301',
      '/questions/Q10001/* /questions/Q10001/how-long-does-a-charge-last 301',
    ]);
  });
});
