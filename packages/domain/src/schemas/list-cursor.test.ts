import { describe, expect, it } from 'vitest';
import { decodeListCursor, encodeListCursor } from './list-cursor.js';

describe('a list cursor', () => {
  it('reads back the position it was written from, to the microsecond', () => {
    const position = { at: '2026-01-02T03:04:05.123456Z', id: 'a1b2c3d4-0000-4000-8000-00000000000f' };
    const cursor = encodeListCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeListCursor(cursor)).toEqual(position);
  });

  it('is refused when it is not one it wrote', () => {
    const encode = (text: string) => Buffer.from(text).toString('base64url');
    for (const cursor of [
      '',
      'not a cursor',
      encode('2026-01-02T03:04:05.123Z a1b2c3d4-0000-4000-8000-00000000000f'),
      encode('2026-13-02T03:04:05.123456Z a1b2c3d4-0000-4000-8000-00000000000f'),
      encode('2026-02-30T03:04:05.123456Z a1b2c3d4-0000-4000-8000-00000000000f'),
      encode('2026-01-02T03:04:05.123456Z A1B2C3D4-0000-4000-8000-00000000000F'),
      encode('2026-01-02T03:04:05.123456Z a1b2c3d4-0000-4000-8000-00000000000f extra'),
      encode('2026-01-02T03:04:05.123456Z'),
      'A'.repeat(201),
    ]) {
      expect(decodeListCursor(cursor), cursor).toBeUndefined();
    }
  });
});
