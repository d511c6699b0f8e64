import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeBytes, utf8SequenceLength } from './decode';

describe('decodeBytes', () => {
  // Node's own windows-1252 decoder falls back to ISO-8859-1, so the expectation is spelled out.
  it.each([
    [0x41, 'A'],
    [0x80, '€'],
    [0x81, '\u0081'],
    [0x8a, 'Š'],
    [0x92, '’'],
    [0x96, '–'],
    [0x9f, 'Ÿ'],
    [0xa0, '\u00a0'],
    [0xe9, 'é'],
    [0xff, 'ÿ'],
  ])('decodes Latin-1 byte %i as Windows-1252 %j', (byte, text) => {
    expect(decodeBytes(Uint8Array.of(0x78, byte), 0, 2, 'latin1')).toBe(`x${text}`);
  });

  it('decodes long Latin-1 values past the ASCII shortcut', () => {
    const bytes = Uint8Array.from({ length: 100 }, (_, i) => (i % 2 ? 0xe9 : 0x61));
    expect(decodeBytes(bytes, 0, 100, 'latin1')).toBe('aé'.repeat(50));
  });

  it('decodes UTF-8 like TextDecoder, replacing invalid bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => {
        expect(decodeBytes(bytes, 0, bytes.length, 'utf-8')).toBe(new TextDecoder().decode(bytes));
      }),
    );
  });
});

describe('utf8SequenceLength', () => {
  it.each([
    [[0xc3, 0xa9], 2],
    [[0xe2, 0x82, 0xac], 3],
    [[0xf0, 0x9f, 0x98, 0x80], 4],
    [[0xc0, 0xaf], 0],
    [[0xe0, 0x80, 0xaf], 0],
    [[0xed, 0xa0, 0x80], 0],
    [[0xf4, 0x90, 0x80, 0x80], 0],
    [[0xe2, 0x82], 0],
    [[0x80], 0],
  ])('measures %j as %i (0 when invalid)', (bytes, length) => {
    expect(utf8SequenceLength(Uint8Array.from(bytes), 0, bytes.length)).toBe(length);
  });
});
