// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { crc32, zipFiles } from './zip';

describe('the zip writer', () => {
  it('zips files in a layout unzip tools read (signatures, sizes, CRC-32)', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    const data = new TextEncoder().encode('a,b\r\n1,2\r\n');
    const zip = zipFiles([
      { name: 'Orders.csv', data },
      { name: 'Revenue.csv', data },
    ]);
    const view = new DataView(zip.buffer);
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    expect(view.getUint32(14, true)).toBe(crc32(data));
    const end = zip.length - 22;
    expect(view.getUint32(end, true)).toBe(0x06054b50);
    expect(view.getUint16(end + 10, true)).toBe(2);
    const centralAt = view.getUint32(end + 16, true);
    expect(view.getUint32(centralAt, true)).toBe(0x02014b50);
    expect(new TextDecoder().decode(zip.slice(30, 40))).toBe('Orders.csv');
  });
});
