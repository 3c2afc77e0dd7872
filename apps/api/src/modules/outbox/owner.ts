// The owner's new-order e-mail (docs/admin.md#orders): one per confirmed order ('each', the default), one digest
// per hour that had orders ('hourly'), or none ('off'), as the store setting `newOrderEmail` says. It goes to every
// active owner, or to the store's contact e-mail while there is none.
import type { Executor } from '../../lib/db.ts';
import { enqueueEmail } from './enqueue.ts';
import { activeOwnerEmails, ordersConfirmedBetween } from './repository.ts';

export interface OwnerSettings {
  newOrderEmail: string;
  /** The store's contact e-mail. */
  email: string;
}

export interface OwnerNoticeOptions {
  /** The settings in force, read in the caller's transaction. */
  settings: (executor: Executor) => Promise<OwnerSettings>;
}

/** One message to all owners at once (the dedupe key is per order or per hour, not per reader). */
async function ownerRecipients(executor: Executor, settings: OwnerSettings): Promise<string> {
  const owners = await activeOwnerEmails(executor);
  return owners.length > 0 ? owners.join(', ') : settings.email;
}

const HOUR_MS = 3600_000;
/** '2026-11-26T04': the UTC hour holding `at`. */
const hourOf = (at: Date) => at.toISOString().slice(0, 13);

export function createOwnerNotices(options: OwnerNoticeOptions) {
  return {
    /** In the confirming transaction of a new order. */
    async orderConfirmed(tx: Executor, orderId: string, now: Date): Promise<void> {
      const settings = await options.settings(tx);
      if (settings.newOrderEmail !== 'each') return;
      await enqueueEmail(tx, { kind: 'owner-new-order', orderId }, await ownerRecipients(tx, settings), now);
    },

    /**
     * The outbox.owner-digest job: a digest for each of the last two full hours that had orders, while the setting
     * is 'hourly'. Two, so a tick missed around the hour is made up; the dedupe key keeps each hour to one.
     */
    async enqueueDigests(db: Executor, now: Date): Promise<number> {
      const settings = await options.settings(db);
      if (settings.newOrderEmail !== 'hourly') return 0;
      const thisHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
      let added = 0;
      for (const start of [thisHour - 2 * HOUR_MS, thisHour - HOUR_MS]) {
        const from = new Date(start);
        if ((await ordersConfirmedBetween(db, from, new Date(start + HOUR_MS))).length === 0) continue;
        const message = { kind: 'owner-digest', hour: hourOf(from) } as const;
        if (await enqueueEmail(db, message, await ownerRecipients(db, settings), now)) added += 1;
      }
      return added;
    },
  };
}

export type OwnerNotices = ReturnType<typeof createOwnerNotices>;
