// The HTML part of the order confirmation e-mail (confirmation.ts builds the plain-text part from the same values).
import { Fragment } from 'react';
import { EmailDocument } from '../../lib/email-html.tsx';

export interface ConfirmationContent {
  name: string;
  orderNumber: string;
  lines: readonly { label: string; amount: string }[];
  /** Label and value; the last one (Total) is bold. */
  totals: readonly (readonly [string, string])[];
  payment: string;
  address: readonly string[];
  deliveryEstimate: string;
  /** 'Delivered by Thu, 28 Nov' when the order has a promised day (docs/delivery.md); else the estimate shows. */
  deliveredBy: string | null;
  ordersUrl: string;
  supportEmail: string;
}

const table = { width: '100%', borderCollapse: 'collapse' } as const;
const caption = { textAlign: 'left', fontWeight: 'bold' } as const;

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <tr>
      <td style={{ padding: '4px 12px 4px 0' }}>{strong ? <strong>{label}</strong> : label}</td>
      <td style={{ padding: '4px 0', textAlign: 'right' }}>{strong ? <strong>{value}</strong> : value}</td>
    </tr>
  );
}

export function ConfirmationEmail(c: ConfirmationContent) {
  return (
    <EmailDocument title="Order confirmed">
      <h1 style={{ fontSize: 20 }}>{`Your order ${c.orderNumber} is confirmed`}</h1>
      <p>{`Hi ${c.name}, thank you for shopping with Rangrez!`}</p>
      <table style={table}>
        <caption style={caption}>Items</caption>
        <tbody>
          {c.lines.map((l, i) => (
            <Row key={i} label={l.label} value={l.amount} />
          ))}
        </tbody>
      </table>
      <hr />
      <table style={table}>
        <caption style={caption}>Summary</caption>
        <tbody>
          {c.totals.map(([label, value], i) => (
            <Row key={label} label={label} value={value} strong={i === c.totals.length - 1} />
          ))}
        </tbody>
      </table>
      <p>{c.payment}</p>
      <h2 style={{ fontSize: 16 }}>Delivery address</h2>
      <p>
        {c.address.map((line, i) => (
          <Fragment key={i}>
            {i > 0 && <br />}
            {line}
          </Fragment>
        ))}
      </p>
      {c.deliveredBy ? (
        <p>
          <strong>{c.deliveredBy}</strong>.
        </p>
      ) : (
        <p>
          Estimated delivery: <strong>{c.deliveryEstimate}</strong>.
        </p>
      )}
      <p>
        <a href={c.ordersUrl}>View your orders</a>
      </p>
      <p>
        Questions? Write to <a href={`mailto:${c.supportEmail}`}>{c.supportEmail}</a>.
      </p>
    </EmailDocument>
  );
}
