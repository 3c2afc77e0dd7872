// The SMS stand-in (SMS=standin): keeps what would have been sent, for tests and for a tester to read.
import { randomBytes } from 'node:crypto';
import type { SmsMessage, SmsSender } from './port.ts';

export function createSmsStandin(): SmsSender & { sent: (SmsMessage & { messageId: string })[] } {
  const sent: (SmsMessage & { messageId: string })[] = [];
  return {
    sent,
    async send(message) {
      const messageId = `sms-standin-${randomBytes(8).toString('hex')}`;
      sent.push({ ...message, messageId });
      return { messageId };
    },
  };
}
