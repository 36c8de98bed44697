import { describe, expect, it } from 'vitest';
import { shellKey, type ShellInputs } from './shell-key.ts';

const inputs = (): ShellInputs => ({
  searchCategories: [
    { id: 1, title: 'Pallet Jack Parts' },
    { id: 4, title: 'Forklift Parts' },
  ],
});

describe('shellKey', () => {
  it('is the same for the same shell, and a short hex digest', () => {
    expect(shellKey(inputs())).toBe(shellKey(inputs()));
    expect(shellKey(inputs())).toMatch(/^[0-9a-f]{24}$/);
  });

  it("changes with the search box's categories: renamed, added or reordered", () => {
    const base = shellKey(inputs());
    const renamed = inputs();
    renamed.searchCategories = [
      { id: 1, title: 'Pallet Jack Spares' },
      { id: 4, title: 'Forklift Parts' },
    ];
    expect(shellKey(renamed)).not.toBe(base);
    const added = inputs();
    added.searchCategories = [...added.searchCategories, { id: 9, title: 'Scissor Lift Parts' }];
    expect(shellKey(added)).not.toBe(base);
    const reordered = inputs();
    reordered.searchCategories = [...reordered.searchCategories].reverse();
    expect(shellKey(reordered)).not.toBe(base);
  });

  it('reads only the id and title of a category, as the search box does', () => {
    const extra = inputs();
    extra.searchCategories = extra.searchCategories.map((c) => ({ ...c, productCount: 9 }));
    expect(shellKey(extra)).toBe(shellKey(inputs()));
  });
});
