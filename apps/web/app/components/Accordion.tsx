// Policy pages (docs/product/screens.md#policy-pages): accordions, one section open at a time. Buttons carry
// aria-expanded and aria-controls; the panels are in the server HTML (hidden, not absent) so all of it is indexable.
import { type ReactNode, useId, useState } from 'react';
import { ChevronDownIcon } from './icons';

export interface AccordionItem {
  id: string;
  title: string;
  content: ReactNode;
}

export function Accordion({
  items,
  initiallyOpen = null,
}: {
  items: AccordionItem[];
  initiallyOpen?: string | null;
}) {
  const [open, setOpen] = useState<string | null>(initiallyOpen);
  const base = useId();
  return (
    <div className="divide-y divide-black/10 rounded-xl bg-white ring-1 ring-black/5">
      {items.map((item) => {
        const expanded = open === item.id;
        const buttonId = `${base}-${item.id}-button`;
        const panelId = `${base}-${item.id}-panel`;
        return (
          <section key={item.id}>
            <h2>
              <button
                id={buttonId}
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : item.id)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-lg font-bold hover:bg-black/[0.02]"
              >
                {item.title}
                <ChevronDownIcon
                  className={`h-5 w-5 shrink-0 transition-transform ${expanded ? 'rotate-180' : ''}`}
                />
              </button>
            </h2>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!expanded}
              className="space-y-3 px-5 pb-5 leading-relaxed text-neutral-700"
            >
              {item.content}
            </div>
          </section>
        );
      })}
    </div>
  );
}
