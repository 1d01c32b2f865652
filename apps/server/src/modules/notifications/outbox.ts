// The transactional outbox: messages are written with the event that causes them, in its transaction.
import type { Db, Tx } from '../../db/client.js';
import { outboxMessages } from '../../db/schema/index.js';
import type { Transports } from './transports.js';

export type Channel = 'email' | 'sms';

export interface NewMessage {
  channel: Channel;
  recipient: string;
  subject: string;
  body: string;
}

export interface Outbox {
  /** Whether a channel has no transport, so its messages stay in the demo outbox. */
  isDemo(channel: Channel): boolean;
  enqueue(executor: Db | Tx, message: NewMessage): Promise<void>;
}

export function createOutbox(transports: Transports, onEnqueued: () => void = () => {}): Outbox {
  const isDemo = (channel: Channel) => !transports[channel];
  return {
    isDemo,
    async enqueue(executor, message) {
      await executor.insert(outboxMessages).values({ ...message, status: isDemo(message.channel) ? 'demo' : 'pending' });
      onEnqueued();
    },
  };
}
