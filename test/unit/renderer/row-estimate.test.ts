import { afterEach, describe, expect, it } from 'vitest';
import {
  FeedRowEstimates,
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

  it("keeps the estimate a feed's row was first laid out with while what is learned moves on", () => {
    const estimates = new FeedRowEstimates();
    const plain = row(true, false, null);
    const first = estimates.estimate(7, plain);
    // Rows drawn since are taller: a row laid out again (the feed's messages changed) keeps its
    // place, so the rows below it, and the view, do not move.
    for (let i = 0; i < 20; i++) learnRowHeight(plain, first + 80, false);
    expect(estimates.estimate(7, plain)).toBe(first);
    // A row seen for the first time gets what was learned.
    expect(estimates.estimate(8, plain)).toBeGreaterThan(first + 60);
    // A row whose parts changed (the message before it deleted: it now opens a conversation) is
    // estimated afresh.
    const header = row(true, true, null);
    expect(estimates.estimate(7, header)).toBe(estimateRowHeight(header));
    expect(estimates.byId.size).toBe(2);
  });
});
