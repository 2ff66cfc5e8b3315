import { afterEach, describe, expect, it } from 'vitest';
import {
  estimateRowHeight,
  forgetLearnedRowHeights,
  learnRowHeight,
} from '../../../renderer/src/features/messages/row-estimate';

const row = (showSender: boolean, recipientHeader: boolean, daySeparator: string | null) => ({
  showSender,
  recipientHeader,
  daySeparator,
});

describe('row height estimates', () => {
  afterEach(() => forgetLearnedRowHeights());

  it('tells row kinds apart before anything is measured: a header row is taller than a plain one', () => {
    const plain = estimateRowHeight(row(false, false, null));
    const sender = estimateRowHeight(row(true, false, null));
    const header = estimateRowHeight(row(true, true, null));
    const day = estimateRowHeight(row(true, true, 'Today'));
    expect(plain).toBeLessThan(sender);
    expect(sender).toBeLessThan(header);
    expect(header).toBeLessThan(day);
    expect(estimateRowHeight(undefined)).toBeGreaterThan(0);
  });

  it('learns each kind from the rows measured, leaving the other kinds alone', () => {
    const otherBefore = estimateRowHeight(row(false, false, null));
    for (let i = 0; i < 40; i++) learnRowHeight(row(true, true, null), 150, false);
    expect(estimateRowHeight(row(true, true, null))).toBeGreaterThanOrEqual(149);
    expect(estimateRowHeight(row(false, false, null))).toBe(otherBefore);
    // One odd row moves the estimate only part of the way.
    learnRowHeight(row(true, true, null), 50, false);
    const after = estimateRowHeight(row(true, true, null));
    expect(after).toBeLessThan(150);
    expect(after).toBeGreaterThan(100);
  });

  it('does not learn from light rows (drawn mid-fling) or from rows with no height', () => {
    const before = estimateRowHeight(row(true, false, null));
    learnRowHeight(row(true, false, null), 20, true);
    learnRowHeight(row(true, false, null), 0, false);
    expect(estimateRowHeight(row(true, false, null))).toBe(before);
  });
});
