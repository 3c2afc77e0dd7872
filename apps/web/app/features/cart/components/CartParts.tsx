// Pieces the drawer and the cart page share: a line's picture, name, price, colour and size, its problem, the
// totals (docs/product/rules.md#order-summary-totals) and the Checkout button.
import { CART_MESSAGES } from '@rangrez/contract/rules/cart-messages';
import { colourByCode } from '@rangrez/contract/rules/colours';
import { formatINR } from '@rangrez/contract/rules/money';
import type { CartTotalsJson } from '@rangrez/contract/schemas';
import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { Picture } from '../../../components/Picture';
import { useCodFee } from '../../../lib/cod-fee';
import { loginHref } from '../../../lib/return-to';
import { saveCheckoutSummary } from '../checkout-handoff';
import { type CartView, type CartViewLine, cartCheckoutSummary } from '../cart-view';
import { PromotionRows, type SummaryPromotions } from './PromotionRows';

function productPath(id: string): string {
  return `/product/${encodeURIComponent(id)}`;
}

/** "Oversized Tee (M, Black)": tells apart two lines of one product in button labels. */
export function lineLabel(line: CartViewLine): string {
  return `${line.product.name} (${line.size}, ${colourByCode(line.color).name})`;
}

export function LinePicture({ line, onNavigate }: { line: CartViewLine; onNavigate?: () => void }) {
  return (
    <Link
      to={productPath(line.product._id)}
      onClick={onNavigate}
      className="block h-24 w-20 shrink-0 overflow-hidden rounded-lg bg-neutral-100"
    >
      <Picture
        src={line.product.image}
        alt={line.product.name}
        // Product pictures come in the product ladder's widths only.
        ladder="product"
        sizes="80px"
        width={80}
        height={96}
        className="h-full w-full object-cover"
      />
    </Link>
  );
}

/** The line holds all its colour and size have: '+' cannot add more, and the line says so. */
export const atStockLimit = (line: CartViewLine) =>
  line.product.stock > 0 && line.quantity >= line.product.stock;

/** The id of a line's 'Only N left' note, which the quantity controls point to. */
export const stockNoteId = (line: CartViewLine) =>
  `stock-note-${line.key.productId}-${line.key.size}-${line.key.color}`.replace(/[^A-Za-z0-9_-]/g, '_');

export function LineDetails({ line }: { line: CartViewLine }) {
  const colour = colourByCode(line.color);
  return (
    <>
      <p className="font-semibold leading-snug">{line.product.name}</p>
      <p className="text-sm">
        <span className="font-bold">{formatINR(line.product.price)}</span>
        {line.status === 'price_changed' && line.previousPrice !== undefined ? (
          <s className="ml-2 text-xs text-neutral-500">
            <span className="sr-only">was </span>
            {formatINR(line.previousPrice)}
          </s>
        ) : null}
      </p>
      <p className="flex items-center gap-2 text-xs text-neutral-600">
        <span
          className="inline-block h-3.5 w-3.5 rounded-full ring-1 ring-black/20"
          style={{ backgroundColor: colour.hex }}
          aria-hidden="true"
        />
        <span>{colour.name}</span>
        <span aria-hidden="true">·</span>
        <span>{`Size: ${line.size}`}</span>
      </p>
      {!line.note && atStockLimit(line) ? (
        <p id={stockNoteId(line)} className="mt-1 text-xs font-semibold text-amber-800">
          {`Only ${line.product.stock} left`}
        </p>
      ) : null}
      {line.note ? (
        <p
          data-line-status={line.status}
          className={`mt-1 text-xs font-semibold ${line.status === 'price_changed' ? 'text-amber-800' : 'text-red-700'}`}
        >
          {line.note}
        </p>
      ) : null}
    </>
  );
}

/** The summary; the promotions' rows follow the subtotal and their discount comes off the total (the server's). */
export function CartTotals({
  totals,
  promotions,
}: {
  totals: CartTotalsJson;
  promotions?: SummaryPromotions | null;
}) {
  const rows: [string, string][] = [
    ['Original Price', formatINR(totals.originalPrice)],
    ['Discount', `-${formatINR(totals.discount)} (${totals.discountPercent}%)`],
    ['Subtotal', formatINR(totals.subtotal)],
  ];
  const codFee = useCodFee();
  const after: [string, string][] = [['Shipping', formatINR(totals.shipping)]];
  if (totals.tax > 0) after.push(['Tax', formatINR(totals.tax)]);
  const row = ([label, value]: [string, string]) => (
    <div key={label} className="flex justify-between gap-4">
      <dt className="text-neutral-600">{label}</dt>
      <dd className={label === 'Discount' ? 'font-semibold text-green-700' : ''}>{value}</dd>
    </div>
  );
  return (
    <div className="text-sm">
      <dl className="space-y-1">
        {rows.map(row)}
        <PromotionRows summary={promotions} />
        {after.map(row)}
        <div className="flex justify-between gap-4 border-t border-black/10 pt-2 text-base font-extrabold">
          <dt>Total</dt>
          <dd>{formatINR(totals.total - (promotions?.promotionDiscount ?? 0))}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-neutral-500">{`Cash on Delivery adds ${formatINR(codFee)} at checkout.`}</p>
    </div>
  );
}

/**
 * 'Cart Empty' (disabled) or 'Checkout'. Waits while a line cannot be bought, saying why. A guest signs
 * in first and comes back to /place-order; the anonymous cart is merged on the way.
 */
export function CheckoutButton({ view, onNavigate }: { view: CartView; onNavigate?: () => void }) {
  const navigate = useNavigate();
  const reasonId = useId();
  const hasLines = view.lines.length > 0;
  const blocked = view.blocking.length > 0;
  function checkout() {
    if (!hasLines || blocked) return;
    saveCheckoutSummary(cartCheckoutSummary(view.lines));
    onNavigate?.();
    void navigate(view.guest ? loginHref('/place-order') : '/place-order');
  }
  return (
    <div>
      {hasLines && blocked ? (
        <div
          id={reasonId}
          role="note"
          className="mb-3 rounded-lg border border-red-200 bg-red-50 p-3 text-xs text-red-800"
        >
          <p className="font-semibold">Remove or change these items to check out:</p>
          <ul className="mt-1 list-disc pl-4">
            {view.blocking.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <button
        type="button"
        onClick={checkout}
        disabled={!hasLines || blocked}
        aria-describedby={hasLines && blocked ? reasonId : undefined}
        className="h-12 w-full rounded-full bg-ink text-sm font-black uppercase tracking-wide text-white hover:bg-black/80 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {hasLines ? CART_MESSAGES.checkout : CART_MESSAGES.checkoutEmpty}
      </button>
    </div>
  );
}
