import type { ColumnDef } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import { cellStyle, defaultVisibility } from './column-meta.ts';

describe('defaultVisibility', () => {
  it('hides only the columns marked hiddenByDefault, by id or accessor key', () => {
    const columns: ColumnDef<{ a: string; b: string }>[] = [
      { id: 'shown', header: 'Shown' },
      { id: 'extra', header: 'Extra', meta: { hiddenByDefault: true } },
      { accessorKey: 'b', header: 'B', meta: { hiddenByDefault: true } },
    ];
    expect(defaultVisibility(columns)).toEqual({ extra: false, b: false });
  });
});

describe('cellStyle', () => {
  it('keeps a cell on one line unless its column wraps within a width', () => {
    expect(cellStyle(undefined)).toEqual({ whiteSpace: 'nowrap' });
    expect(cellStyle({ wrapAt: 320 })).toMatchObject({ whiteSpace: 'normal', maxWidth: 320 });
  });
});
