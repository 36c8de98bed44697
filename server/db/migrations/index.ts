import type { Migration } from '../database.ts';
import { initial } from './0001-initial.ts';
import { collectionMenuSize } from './0002-collection-menu-size.ts';
import { changeActor } from './0003-change-actor.ts';
import { sortTitle } from './0004-sort-title.ts';
import { catalogIndexes } from './0005-catalog-indexes.ts';
import { orderLines } from './0006-order-lines.ts';
import { contentIndexes } from './0007-content-indexes.ts';
import { quoteRequests } from './0008-quote-requests.ts';
import { accounts } from './0009-accounts.ts';
import { mailQueue } from './0010-mail-queue.ts';
import { searchTitleText } from './0011-search-title-text.ts';
import { contactMessages } from './0012-contact-messages.ts';
import { machines } from './0013-machines.ts';
import { customerFleets } from './0014-customer-fleets.ts';
import { partNumbers } from './0015-part-numbers.ts';
import { partLists } from './0016-part-lists.ts';
import { contentChanges } from './0017-content-changes.ts';

export type { Migration };

/** Every migration, oldest first; versions count up from 1 without a gap. */
export const migrations: readonly Migration[] = [
  initial,
  collectionMenuSize,
  changeActor,
  sortTitle,
  catalogIndexes,
  orderLines,
  contentIndexes,
  quoteRequests,
  accounts,
  mailQueue,
  searchTitleText,
  contactMessages,
  machines,
  customerFleets,
  partNumbers,
  partLists,
  contentChanges,
];

/** The schema version this code makes: the last migration's. */
export const LATEST_VERSION = migrations.length;
