import type pg from 'pg';
import { openDatabase } from '../src/db/client';
import { refreshBoardFacts } from '../src/modules/data-board/board-facts';

/**
 * The data board's facts for everything the earlier steps wrote, built as the award and quote
 * transactions would have kept them (one statement per fact table, inside the database).
 */
export function boardScaleSteps() {
  return [
    {
      name: 'data board facts',
      run: async (pool: pg.Pool) => {
        const url = (pool.options as { connectionString?: string }).connectionString;
        const database = openDatabase({ url, dataDir: 'memory://' });
        try {
          await database.db.transaction((tx) => refreshBoardFacts(tx));
        } finally {
          await database.close();
        }
        await pool.query('analyze board_award_lines; analyze board_task_facts');
        const { rows } = await pool.query<{ lines: string; tasks: string }>(
          'select (select count(*) from board_award_lines)::text as lines, (select count(*) from board_task_facts)::text as tasks',
        );
        return `${Number(rows[0].lines).toLocaleString('en-US')} award lines, ${Number(rows[0].tasks).toLocaleString('en-US')} tasks`;
      },
    },
  ];
}
