// The order page's actions (docs/admin.md#orders), each behind a dialog that asks first: cancel, refund (all, an
// amount, or chosen lines; a reason; to the online payment, by hand with a UPI or bank reference, or as store
// credit), send to the partner again, the answer to a cancel-at-partner task, a COD order's confirmation after a
// phone call, the address until the hand-over and an internal note. Shown by what the order allows now and the member's role; the server checks both again.
import type { AdminOrderDetail } from '@rangrez/contract/schemas/admin-orders-desk';
import { formatINR } from '@rangrez/contract/rules/money';
import { stripPhoneInput, stripPincodeInput } from '@rangrez/contract/rules/phone';
import { roleCan } from '@rangrez/contract/rules/staff-roles';
import { useState } from 'react';
import type { AdminApi } from '../api';
import { useAdminSession } from '../session';
import { ActionDialog } from './ActionDialog';
import { CheckboxField, SelectField, TextAreaField, TextField } from './ui';

type Run = (action: (api: AdminApi) => Promise<{ message?: string }>, done?: string) => Promise<void>;

function CancelDialog({ order, run }: { order: AdminOrderDetail; run: Run }) {
  const [reason, setReason] = useState('');
  return (
    <ActionDialog
      label="Cancel order"
      title={`Cancel ${order.orderNumber}?`}
      confirmLabel="Cancel the order"
      onConfirm={() => run((api) => api.cancelOrder(order.orderNumber, { reason }))}
    >
      <TextAreaField
        id="cancel-reason"
        label="Reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </ActionDialog>
  );
}

const paise = (rupees: number) => Math.round(rupees * 100);

function RefundLines({
  order,
  chosen,
  toggle,
}: {
  order: AdminOrderDetail;
  chosen: Set<string>;
  toggle: (id: string) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-semibold">Or choose lines</legend>
      {order.items.map((item) => (
        <CheckboxField
          key={item._id}
          id={`refund-line-${item._id}`}
          label={`${item.productName} (${item.color}, ${item.size}) × ${item.quantity}: ${formatINR(item.price * item.quantity)}`}
          checked={chosen.has(item._id)}
          onChange={() => toggle(item._id)}
        />
      ))}
    </fieldset>
  );
}

function RefundDialog({ order, run }: { order: AdminOrderDetail; run: Run }) {
  const online = order.payment?.providerPaymentId ? 'provider' : 'manual';
  const [amount, setAmount] = useState(String(order.totals.refundable));
  const [reason, setReason] = useState('');
  const [method, setMethod] = useState<'provider' | 'manual' | 'store_credit'>(online);
  const [reference, setReference] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  function toggle(id: string) {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
    // The lines decide the amount: their prices times their quantities, never more than can be refunded.
    const sum = order.items
      .filter((i) => next.has(i._id))
      .reduce((s, i) => s + paise(i.price * i.quantity), 0);
    if (next.size > 0) setAmount(String(Math.min(sum, paise(order.totals.refundable)) / 100));
  }
  return (
    <ActionDialog
      label="Refund"
      title={`Refund ${order.orderNumber}`}
      confirmLabel="Refund"
      onConfirm={() =>
        run(async (api) => {
          const { refund } = await api.refundOrder(order.orderNumber, {
            amount: Number(amount),
            reason,
            method,
            ...(method === 'manual' ? { reference } : {}),
          });
          return {
            message: `Refund of ${formatINR(refund.amount)} ${refund.status === 'pending' ? 'sent to the payment provider' : 'recorded'}`,
          };
        })
      }
    >
      <p className="text-sm text-neutral-700">
        Up to {formatINR(order.totals.refundable)} can still be refunded.
      </p>
      <TextField
        id="refund-amount"
        label="Amount (₹)"
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      {order.items.length > 1 ? <RefundLines order={order} chosen={chosen} toggle={toggle} /> : null}
      <TextAreaField
        id="refund-reason"
        label="Reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <SelectField
        id="refund-method"
        label="How"
        value={method}
        onChange={(e) => setMethod(e.target.value as typeof method)}
      >
        {online === 'provider' ? <option value="provider">Back to the online payment</option> : null}
        <option value="manual">Paid by hand (UPI or bank transfer)</option>
        <option value="store_credit">Store credit</option>
      </SelectField>
      {method === 'manual' ? (
        <TextField
          id="refund-reference"
          label="UPI or bank reference"
          value={reference}
          onChange={(e) => setReference(e.target.value)}
        />
      ) : null}
    </ActionDialog>
  );
}

const ADDRESS_FIELDS = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['email', 'E-mail'],
  ['phone', 'Phone'],
  ['doorNo', 'Door no.'],
  ['address', 'Street'],
  ['city', 'City'],
  ['state', 'State'],
  ['pincode', 'PIN code'],
] as const;

/** The phone and PIN code keep their digits as at checkout (rules/phone.ts), so a pasted number arrives whole. */
function stripAddressInput(key: (typeof ADDRESS_FIELDS)[number][0], raw: string): string {
  if (key === 'phone') return stripPhoneInput(raw);
  return key === 'pincode' ? stripPincodeInput(raw) : raw;
}

function AddressDialog({ order, run }: { order: AdminOrderDetail; run: Run }) {
  const { editable: _editable, ...start } = order.address;
  const [address, setAddress] = useState(start);
  return (
    <ActionDialog
      label="Edit address"
      title="Delivery address"
      confirmLabel="Save address"
      onConfirm={() => run((api) => api.editAddress(order.orderNumber, address))}
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {ADDRESS_FIELDS.map(([key, label]) => (
          <TextField
            key={key}
            id={`address-${key}`}
            label={label}
            value={address[key]}
            onChange={(e) => setAddress({ ...address, [key]: stripAddressInput(key, e.target.value) })}
          />
        ))}
      </div>
    </ActionDialog>
  );
}

function PartnerDialogs({ order, run }: { order: AdminOrderDetail; run: Run }) {
  const id = order.orderNumber;
  return (
    <>
      {order.actions.resend ? (
        <ActionDialog
          label="Send to the partner again"
          title={`Send ${id} to the print partner again?`}
          confirmLabel="Send again"
          onConfirm={() => run((api) => api.resend(id))}
        />
      ) : null}
      {order.actions.confirmCancellation ? (
        <>
          <ActionDialog
            label="Cancelled at the partner"
            title={`Was ${id} cancelled in the print partner’s dashboard?`}
            confirmLabel="Yes, it is cancelled there"
            onConfirm={() => run((api) => api.confirmCancellation(id))}
          />
          <ActionDialog
            label="Too late to cancel"
            title={`Could ${id} no longer be cancelled at the partner?`}
            confirmLabel="Yes, it stays with the partner"
            onConfirm={() => run((api) => api.cancellationTooLate(id))}
          />
        </>
      ) : null}
    </>
  );
}

/** A COD order waiting for the shopper's word: ops confirm it after a phone call, or cancel it, noting what was said. */
function CodDialog({
  order,
  run,
  action,
}: {
  order: AdminOrderDetail;
  run: Run;
  action: 'confirm' | 'cancel';
}) {
  const [note, setNote] = useState('');
  const id = order.orderNumber;
  return (
    <ActionDialog
      label={action === 'confirm' ? 'Confirm COD after a call' : 'Cancel unconfirmed COD'}
      title={
        action === 'confirm' ? `Did the shopper confirm ${id} on the phone?` : `Cancel ${id} unconfirmed?`
      }
      confirmLabel={action === 'confirm' ? 'Confirm and send to print' : 'Cancel the order'}
      onConfirm={() => run((api) => api.codConfirmation(id, { action, note }))}
    >
      <TextAreaField
        id={`cod-${action}-note`}
        label="What was said (kept in the audit log)"
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
    </ActionDialog>
  );
}

function NoteDialog({ order, run }: { order: AdminOrderDetail; run: Run }) {
  const [body, setBody] = useState('');
  return (
    <ActionDialog
      label="Add note"
      title="Internal note"
      confirmLabel="Add note"
      onConfirm={() => run((api) => api.addNote(order.orderNumber, body)).then(() => setBody(''))}
    >
      <TextAreaField
        id="note-body"
        label="Note (staff only)"
        value={body}
        onChange={(e) => setBody(e.target.value)}
      />
    </ActionDialog>
  );
}

export function OrderActions({ order, run }: { order: AdminOrderDetail; run: Run }) {
  const { staff } = useAdminSession();
  const write = roleCan(staff.role, 'orders:write');
  const refunds = roleCan(staff.role, 'refunds:write');
  if (!write && !refunds) return null;
  return (
    <section aria-label="Actions" className="flex flex-wrap gap-2">
      {write && order.actions.cancel && !order.actions.confirmCancellation ? (
        <CancelDialog order={order} run={run} />
      ) : null}
      {refunds && order.actions.refund ? <RefundDialog order={order} run={run} /> : null}
      {write && order.codConfirmation?.state === 'pending' ? (
        <>
          <CodDialog order={order} run={run} action="confirm" />
          <CodDialog order={order} run={run} action="cancel" />
        </>
      ) : null}
      {write ? <PartnerDialogs order={order} run={run} /> : null}
      {write && order.actions.editAddress ? <AddressDialog order={order} run={run} /> : null}
      {write ? <NoteDialog order={order} run={run} /> : null}
    </section>
  );
}
