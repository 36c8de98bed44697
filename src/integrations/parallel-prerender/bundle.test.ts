import { describe, expect, it } from 'vitest';
import { bodyBytes } from './bundle.ts';

const stream = (chunks: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
const text = (buffer: ArrayBuffer) => new TextDecoder().decode(buffer);

describe('bodyBytes', () => {
  it('reads a body made from a string, as arrayBuffer() does', async () => {
    const body = JSON.stringify([{ url: '/products/caster/', price: 19.5, title: 'Ø 80 mm' }]);
    const expected = await new Response(body).arrayBuffer();
    const read = await bodyBytes(new Response(body).body!);
    expect(Buffer.from(read).equals(Buffer.from(expected))).toBe(true);
  });

  it('joins a streamed page in order, into a buffer of its own', async () => {
    const encoder = new TextEncoder();
    const shared = new Uint8Array(64);
    shared.set(encoder.encode('<main>'), 8);
    const read = await bodyBytes(
      stream([
        encoder.encode('<!doctype html>'),
        shared.subarray(8, 14),
        encoder.encode('</main>'),
      ]),
    );
    expect(text(read)).toBe('<!doctype html><main></main>');
    expect(read.byteLength).toBe(28);
  });

  it('keeps a view of a larger buffer to its own bytes', async () => {
    const shared = new TextEncoder().encode('xx{"a":1}yy');
    const read = await bodyBytes(stream([shared.subarray(2, 9)]));
    expect(text(read)).toBe('{"a":1}');
    expect(read.byteLength).toBe(7);
  });

  it('reads an empty body as no bytes', async () => {
    expect((await bodyBytes(stream([]))).byteLength).toBe(0);
  });
});
