import { PRODUCT_ERROR_MESSAGES } from '@rangrez/contract/rules/product-messages';
import { formatINR } from '@rangrez/contract/rules/money';
import { savePercent } from '@rangrez/contract/rules/pricing';

/**
 * Price, crossed-out MRP and the save percent (docs/product/rules.md#mrp-and-discount). The MRP comes from the API,
 * by the product's rule; a product without one (MRP = price) shows its price alone.
 */
export function Price({
  price,
  mrp,
  size = 'sm',
  taxNote = false,
}: {
  price: number;
  mrp: number;
  size?: 'sm' | 'lg';
  taxNote?: boolean;
}) {
  const percent = savePercent(price, mrp);
  return (
    <div>
      <p className={`flex flex-wrap items-baseline gap-x-2 ${size === 'lg' ? 'text-2xl' : 'text-sm'}`}>
        <span className="font-extrabold">{formatINR(price)}</span>
        {mrp > price ? (
          <s className={`text-neutral-500 ${size === 'lg' ? 'text-base' : 'text-xs'}`}>
            <span className="sr-only">MRP </span>
            {formatINR(mrp)}
          </s>
        ) : null}
        {percent > 0 ? (
          <span
            className={`font-bold text-green-700 ${size === 'lg' ? 'text-base' : 'text-xs'}`}
          >{`Save ${percent}%`}</span>
        ) : null}
      </p>
      {taxNote ? (
        <p className="mt-1 text-xs text-neutral-500">{PRODUCT_ERROR_MESSAGES.inclusiveOfTaxes}</p>
      ) : null}
    </div>
  );
}
