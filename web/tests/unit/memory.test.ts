import { describe, expect, it } from 'vitest';
import { budgetWords } from '../../src/panes/memory';

describe('memory pane words', () => {
  it('say that a GPU without tensor memory has none, not that the model gives no budget', () => {
    expect(budgetWords('tmem', null)).toBe("(this model's GPU has no tensor memory)");
    expect(budgetWords('smem', null)).toBe('the model gives no budget');
    expect(budgetWords('tmem', 262144)).toBe('of 256 KiB');
    expect(budgetWords('smem', 2147483647)).toBe('no budget (lifted)');
  });
});
