import { useState } from 'react';

/**
 * A box where a message is written and sent (a chat message, a ticket's reply): its text, whether it is over
 * `max` characters, the failure of the last send (kept as the failure, so a language switch re-words it) and
 * `send`, which sends the trimmed text unless it is empty, too long or a send is under way, empties the box when
 * it went and keeps it when refused.
 */
export function useComposer(onSend: (text: string) => Promise<unknown>, sending: boolean, max: number) {
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const trimmed = text.trim();
  const tooLong = text.length > max;
  const send = async () => {
    if (!trimmed || tooLong || sending) return;
    setFailure(null);
    try {
      await onSend(trimmed);
      setText('');
    } catch (error) {
      setFailure(error);
    }
  };
  return { text, setText, trimmed, tooLong, failure, send };
}
