// The transactional outbox: messages are written with the event that causes them, in its transaction.
import type { Executor } from '../../db/transaction.js';
import { outboxMessages } from '../../db/schema/index.js';
import type { Transports } from './transports.js';

export type Channel = 'email' | 'sms';

export interface NewMessage {
  channel: Channel;
  recipient: string;
  subject: string;
  body: string;
}

export type OutboxStatus = 'pending' | 'demo';

export interface Outbox {
  /** Whether a channel has no transport, so its messages stay in the demo outbox. */
  isDemo(channel: Channel): boolean;
  /** The status a new message of this channel is written with. */
  statusOf(channel: Channel): OutboxStatus;
  enqueue(executor: Executor, message: NewMessage): Promise<void>;
  /** Asks the dispatcher to send soon; for messages written by a statement of their own. */
  messagesWritten(statuses: OutboxStatus[]): void;
}

export function createOutbox(transports: Transports, onEnqueued: () => void = () => {}): Outbox {
  const isDemo = (channel: Channel) => !transports[channel];
  const statusOf = (channel: Channel): OutboxStatus => (isDemo(channel) ? 'demo' : 'pending');
  // Demo messages are never sent, so they wake nobody.
  const messagesWritten = (statuses: OutboxStatus[]) => {
    if (statuses.includes('pending')) onEnqueued();
  };
  return {
    isDemo,
    statusOf,
    messagesWritten,
    async enqueue(executor, message) {
      const status = statusOf(message.channel);
      await executor.insert(outboxMessages).values({ ...message, status });
      messagesWritten([status]);
    },
  };
}
