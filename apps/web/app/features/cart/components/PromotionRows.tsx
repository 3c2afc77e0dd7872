// The summary rows of the promotions applied, for the cart, the drawer and checkout alike. Apart from the other
// cart parts so that checkout's first load takes only these few lines.
import { formatINR } from '@rangrez/contract/rules/money';

/** What the summary needs of the promotions: the server cart's fields, or the preview's for a guest. */
export interface SummaryPromotions {
  promotions?: readonly { id: string; title: string; saved: number }[];
  promotionDiscount?: number;
}

/** One summary row per promotion applied: its title and what it saves. */
export function PromotionRows({ summary }: { summary: SummaryPromotions | null | undefined }) {
  return (
    <>
      {(summary?.promotions ?? []).map((promotion) => (
        <div key={promotion.id} className="flex justify-between gap-4 text-green-700">
          <dt>{promotion.title}</dt>
          <dd>{`-${formatINR(promotion.saved)}`}</dd>
        </div>
      ))}
    </>
  );
}
