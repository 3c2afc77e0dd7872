// The shape every outbox e-mail but the order confirmation shares: a heading, a greeting, paragraphs, an optional
// table of label and value, and an optional link, as plain text and as HTML built from the same values.
import { EmailDocument, renderEmailHtml } from '../../lib/email-html.tsx';

export interface Letter {
  subject: string;
  /** The HTML's heading. */
  title: string;
  /** "Hi Meera," (left out for messages to the store's own staff). */
  greeting?: string;
  paragraphs: readonly string[];
  rows?: readonly (readonly [string, string])[];
  link?: { label: string; url: string };
  supportEmail?: string;
  /** The newsletter's one-click unsubscribe page, shown at the foot of every newsletter e-mail. */
  unsubscribeUrl?: string;
}

export interface Rendered {
  subject: string;
  text: string;
  html: string;
  /** Headers of this kind of message (the newsletter's unsubscribe headers). */
  headers?: Record<string, string>;
}

function LetterEmail({ letter }: { letter: Letter }) {
  const { title, greeting, paragraphs, rows, link, supportEmail, unsubscribeUrl } = letter;
  return (
    <EmailDocument title={title}>
      <h1 style={{ fontSize: 20 }}>{title}</h1>
      {greeting ? <p>{greeting}</p> : null}
      {paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
      {rows && rows.length > 0 ? (
        <table style={{ width: '100%', borderCollapse: 'collapse' }}>
          <tbody>
            {rows.map(([label, value], i) => (
              <tr key={i}>
                <td style={{ padding: '4px 12px 4px 0' }}>{label}</td>
                <td style={{ padding: '4px 0', textAlign: 'right' }}>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {link ? (
        <p>
          <a href={link.url}>{link.label}</a>
        </p>
      ) : null}
      {supportEmail ? (
        <p>
          Questions? Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      ) : null}
      {unsubscribeUrl ? (
        <p style={{ fontSize: 12, color: '#666' }}>
          You get this e-mail because you subscribed to the Rangrez newsletter.{' '}
          <a href={unsubscribeUrl}>Unsubscribe</a>
        </p>
      ) : null}
    </EmailDocument>
  );
}

function letterText(letter: Letter): string {
  const { greeting, paragraphs, rows, link, supportEmail } = letter;
  const blocks: string[] = [];
  if (greeting) blocks.push(greeting);
  blocks.push(...paragraphs);
  if (rows && rows.length > 0) blocks.push(rows.map(([label, value]) => `${label}: ${value}`).join('\n'));
  if (link) blocks.push(`${link.label}: ${link.url}`);
  if (supportEmail) blocks.push(`Questions? Write to ${supportEmail}.`);
  blocks.push('Rangrez');
  if (letter.unsubscribeUrl) blocks.push(`Unsubscribe: ${letter.unsubscribeUrl}`);
  return blocks.join('\n\n');
}

export function renderLetter(letter: Letter): Rendered {
  return {
    subject: letter.subject,
    text: letterText(letter),
    html: renderEmailHtml(<LetterEmail letter={letter} />),
  };
}
