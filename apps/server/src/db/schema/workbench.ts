import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { backUsers } from './access';

/** How often each user opened each page: the workbench shortcuts are this user's most opened pages. */
export const pageVisits = pgTable(
  'page_visits',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => backUsers.id, { onDelete: 'cascade' }),
    pageKey: text('page_key').notNull(),
    count: integer('count').notNull().default(0),
    lastVisitedAt: timestamp('last_visited_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.pageKey] })],
);
