// Every id reads back exactly as it was added, packed (lowercase UUIDs) or not.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IdColumn } from './id-column';

describe('IdColumn', () => {
  it('gives back every id as added, across pages, UUIDs packed or not', () => {
    const column = new IdColumn();
    const ids: string[] = [
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '80000000-7fff-8000-ffff-00000000000f',
      // not lowercase UUIDs: kept as they are
      'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
      '9fbe2ee1-94d1-4f8f-8f17-42e984e097dg',
      '9fbe2ee1x94d1-4f8f-8f17-42e984e097dc',
      '9fbe2ee1-94d1-4f8f-8f17-42e984e097dc0',
      'ev-r-12',
      '',
      'é'.repeat(36),
    ];
    for (let i = 0; i < 40_000; i++) ids.push(i % 7 ? randomUUID() : `short-${i}`);
    for (const id of ids) column.add(id);
    expect(column.size).toBe(ids.length);
    for (let row = 0; row < ids.length; row++) expect(column.get(row)).toBe(ids[row]);
  });

  it('reads back ids that are not UUIDs first met after thousands of packed ones', () => {
    const column = new IdColumn();
    const ids: string[] = [];
    for (let i = 0; i < 30_000; i++) ids.push(i < 20_000 || i % 5 ? randomUUID() : `late-${i}`);
    for (const id of ids) column.add(id);
    expect(column.size).toBe(ids.length);
    for (let row = 0; row < ids.length; row++) expect(column.get(row)).toBe(ids[row]);
  });
});
