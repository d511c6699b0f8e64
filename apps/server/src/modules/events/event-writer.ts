import type { Db } from '../../db/client';
import { ensurePartitions, insertEvents, isMissingPartition, type EventBatch } from './events.repository';

/** Statements in flight at once; requests arriving meanwhile wait and go together in the next one. */
const WRITERS = 2;
/** Most events in one statement. */
const MAX_EVENTS = 5000;

interface Waiting {
  batch: EventBatch;
  done: (error?: unknown) => void;
}

/**
 * Group commit for the ingest: while a write is in flight, the batches of other requests gather and are
 * written by the next statement together, so many small beacons cost one commit instead of one each. Each
 * request still gets its answer only after the statement holding its events has committed; nothing waits on
 * a timer, so a lone beacon is written at once.
 */
export class EventWriter {
  private readonly waiting: Waiting[] = [];
  private active = 0;

  constructor(private readonly db: Db) {}

  write(batch: EventBatch): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ batch, done: (error) => (error ? reject(error) : resolve()) });
      if (this.active < WRITERS) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.active++;
    try {
      while (this.waiting.length) {
        const group: Waiting[] = [];
        let events = 0;
        while (
          this.waiting.length &&
          (group.length === 0 || events + this.waiting[0]!.batch.events.length <= MAX_EVENTS)
        ) {
          const next = this.waiting.shift()!;
          events += next.batch.events.length;
          group.push(next);
        }
        await this.writeGroup(group);
      }
    } finally {
      this.active--;
    }
  }

  private async writeGroup(group: Waiting[]): Promise<void> {
    try {
      await this.insert(group.map((w) => w.batch));
      for (const w of group) w.done();
    } catch (error) {
      if (group.length === 1) {
        group[0]!.done(error);
        return;
      }
      // One request's failure must not fail the others: each is tried again on its own.
      for (const w of group) {
        try {
          await this.insert([w.batch]);
          w.done();
        } catch (own) {
          w.done(own);
        }
      }
    }
  }

  private async insert(batches: EventBatch[]): Promise<void> {
    try {
      await insertEvents(this.db, batches);
    } catch (error) {
      // The partition job has not run yet (first start, clock jump): make today's and retry once.
      if (!isMissingPartition(error)) throw error;
      await ensurePartitions(this.db, new Date(), 1);
      await insertEvents(this.db, batches);
    }
  }
}

const writers = new WeakMap<Db, EventWriter>();

/** One writer per database (an app, or each test's app). */
export function writerFor(db: Db): EventWriter {
  let writer = writers.get(db);
  if (!writer) {
    writer = new EventWriter(db);
    writers.set(db, writer);
  }
  return writer;
}
