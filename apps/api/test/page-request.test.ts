import { describe, expect, it } from 'vitest';
import { type PageRequest, pageFor } from '../src/sql/page-request.ts';

describe('pageFor', () => {
  it("asks the search for the query's order and page, and answers the presented rows with the figures", async () => {
    const asked: PageRequest<'name'>[] = [];
    const page = await pageFor(
      { sorting: 'name-desc' as const, page: 2, pageSize: 10 },
      async (request: PageRequest<'name'>) => {
        asked.push(request);
        return { rows: [{ n: 1 }, { n: 2 }], total: 22 };
      },
      (row) => row.n * 10,
    );
    expect(asked).toEqual([{ sort: { field: 'name', desc: true }, page: 2, pageSize: 10 }]);
    expect(page).toEqual({ content: [10, 20], page: 2, pageSize: 10, totalElements: 22, totalPages: 3 });
  });

  it('reads an ascending order', async () => {
    let asked: PageRequest<'lastSeen'> | undefined;
    await pageFor(
      { sorting: 'lastSeen-asc' as const, page: 0, pageSize: 50 },
      async (request: PageRequest<'lastSeen'>) => {
        asked = request;
        return { rows: [], total: 0 };
      },
      (row: never) => row,
    );
    expect(asked?.sort).toEqual({ field: 'lastSeen', desc: false });
  });
});
