import {
  PublishConflict,
  type PublishControl,
  type PublishOverview,
  type PublishRecord,
  type PublishTrigger,
} from './types.ts';

/**
 * A publisher in memory, as the PublishControl contract describes it: one queued publish at
 * a time (a second request gets the same record), a rollback refused while one is queued or
 * running or when there is no earlier release. It records every call the service made.
 */
export class MemoryControl implements PublishControl {
  calls: { method: string; trigger?: PublishTrigger; actor?: string; id?: string }[] = [];
  records: PublishRecord[] = [];
  canRollBack = false;
  failOverview = false;
  #next = 1;

  request({ trigger, actor }: { trigger: PublishTrigger; actor: string }): PublishRecord {
    this.calls.push({ method: 'request', trigger, actor });
    const queued = this.records.find((record) => record.state === 'queued');
    if (queued) return queued;
    const record = this.#record('publish', trigger, actor);
    this.records.unshift(record);
    return record;
  }

  rollback({ trigger, actor }: { trigger: PublishTrigger; actor: string }): Promise<PublishRecord> {
    this.calls.push({ method: 'rollback', trigger, actor });
    if (this.records.some((record) => record.state === 'queued' || record.state === 'running')) {
      return Promise.reject(new PublishConflict('A publish is running; roll back after it.'));
    }
    if (!this.canRollBack) {
      return Promise.reject(new PublishConflict('There is no earlier release to roll back to.'));
    }
    const record: PublishRecord = {
      ...this.#record('rollback', trigger, actor),
      state: 'done',
      release: '20261124-090000-aaaa',
    };
    this.records.unshift(record);
    return Promise.resolve(record);
  }

  get(id: string): PublishRecord | undefined {
    this.calls.push({ method: 'get', id });
    return this.records.find((record) => record.id === id);
  }

  overview(): Promise<PublishOverview> {
    this.calls.push({ method: 'overview' });
    if (this.failOverview) return Promise.reject(new Error('disk on fire at /srv/secret/path'));
    return Promise.resolve({
      live: { id: '20261124-090000-aaaa', cursor: 41, publishedAt: '2026-11-24T09:00:00.000Z' },
      publishes: this.records,
      pending: {
        count: 1,
        more: false,
        changes: [
          {
            seq: 42,
            entity: 'product',
            id: 7,
            op: 'upsert',
            at: '2026-11-24T09:30:00.000Z',
            actor: 'admin',
          },
        ],
      },
      canRollBack: this.canRollBack,
      next: {
        state: 'ready',
        mode: 'warm',
        pages: {
          total: 52,
          products: 1,
          collections: 8,
          brands: 2,
          machines: 0,
          other: 1,
          everyPublish: 40,
        },
        seconds: 6,
      },
    });
  }

  #record(kind: PublishRecord['kind'], trigger: PublishTrigger, actor: string): PublishRecord {
    const suffix = (this.#next++).toString(16).padStart(4, '0');
    return {
      id: `20261124-100632-${suffix}`,
      kind,
      state: 'queued',
      trigger,
      actor,
      queuedAt: '2026-11-24T10:06:32.000Z',
      progress: { phase: 'queued', pagesDone: 0, pagesTotal: 0, secondsLeft: null },
    };
  }
}
