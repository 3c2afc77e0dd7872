// Outgoing e-mail as the outbox's sender sees it. Implementations in mailer.ts: SMTP when
// SMTP_URL is set, otherwise .eml files under DATA_DIR/mail that any mail program opens.

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** `<...@host>`; the mailer makes one up when left out. The outbox derives it from the message's dedupe key. */
  messageId?: string;
  /** Extra headers, e.g. the newsletter's List-Unsubscribe (RFC 8058); both mailers write them as given. */
  headers?: Record<string, string>;
}

export interface SentMail {
  messageId: string;
  /** The file written by the file mailer; absent for SMTP. */
  file?: string;
}

export interface Mailer {
  /** 'smtp' or 'file': shown in logs and the health page, never a reason to branch. */
  readonly kind: 'smtp' | 'file';
  send(message: MailMessage): Promise<SentMail>;
}
