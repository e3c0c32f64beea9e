import { describe, expect, it } from 'vitest';
import { budgetWords, bytesText } from '../../src/panes/memory';

describe('memory pane words', () => {
  it('say that a GPU without tensor memory has none, not that the model gives no budget', () => {
    expect(budgetWords('tmem', null)).toBe("(this model's GPU has no tensor memory)");
    expect(budgetWords('smem', null)).toBe('the model gives no budget');
    expect(budgetWords('tmem', 262144)).toBe('of 256 KiB');
    expect(budgetWords('smem', 2147483647)).toBe('no budget (lifted)');
  });
  it('print bytes as the command line does: whole KiB or MiB, else bytes', () => {
    expect(bytesText(65568)).toBe('65568 B');  // the CLI's 'SMEM 65568 B', not 64.0 KiB
    expect(bytesText(65536)).toBe('64 KiB');
    expect(bytesText(4 << 20)).toBe('4 MiB');
    expect(bytesText(0)).toBe('0 B');
  });
});
