import type { Db } from '../../db/client';
import { refreshBoardFacts } from '../data-board/board-facts';

/** A procurement write in progress: its transaction and the tasks it has changed so far. */
export interface TaskWrite {
  tx: Db;
  /** Records that the write changed these tasks (their lines, invitations, quotes, award or status). */
  touch(...taskIds: number[]): void;
}

/**
 * The one way a procurement write opens its transaction. The calls that hand a write a task to
 * change (lockTask, recordDeadlineClose, a create's insert, a quote's save or decline) touch it, and the board
 * facts of every touched task are rewritten just before the commit, so no write can leave the data
 * board disagreeing with the tasks it sums (docs/data-board.md).
 */
export async function writeTasks<T>(db: Db, work: (write: TaskWrite) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const touched = new Set<number>();
    const result = await work({
      tx,
      touch: (...taskIds) => {
        for (const id of taskIds) touched.add(id);
      },
    });
    await refreshBoardFacts(tx, [...touched]);
    return result;
  });
}
