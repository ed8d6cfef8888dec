import type { Channel } from '@vnoc/contracts';

/** One message to one person: an email, an SMS or a voice call. */
export type Message = { channel: Channel; to: string; subject?: string; body: string; code?: string };
export type Deliver = (message: Message) => Promise<void>;
